"""The RISC-V SoC around mccp_top (docs/soc.md): rv32 programs compiled with the `ziglang`
package (mccp.soc.toolchain) run on a Verilator model of rtl/soc/mccp_soc (mccp.soc.sim)."""
