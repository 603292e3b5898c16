"""Generate the fabric's register package, register block, the C header of libmccp and
docs/registers.md from regs.yml.

`mccp regs gen` writes them; `mccp regs check` (and tests/fabric/test_regs.py)
fails if any differs from what regs.yml generates.
"""

from __future__ import annotations

from pathlib import Path

from mccp import generated, paths
from mccp.regmap import RegMap, Register, load

SV_PKG = paths.RTL / "fabric" / "mccp_regs_pkg.sv"
SV_REGS = paths.RTL / "fabric" / "mccp_regs.sv"
REG_DOC = paths.DOCS / "registers.md"
C_HEADER = paths.ROOT / "sw" / "libmccp" / "mccp_regs.h"
HEADER = "generated from src/mccp/regmap/regs.yml by `mccp regs gen`; do not edit"
# What the ID register reads (mccp_top's id_value_i, the VALUE field's doc in regs.yml);
# libmccp's mccp_init checks it (tests/soc/test_libmccp_host.py compares it with the device API's).
ID_VALUE = 0x4D434350


def sv_name(name: str) -> str:
    """Upper-case identifier from a YAML name ("cbc-mac" -> "CBC_MAC")."""
    return name.upper().replace("-", "_")


def code_bits(codes: list[int]) -> int:
    return max(1, max(codes).bit_length())


def render_pkg(rm: RegMap) -> str:
    ab, db = rm.addr_bits, rm.data_bits
    lines = [
        f"// {HEADER}.",
        "// Register addresses and field positions of the MCCP host interface, mode / op",
        "// codes, fabric status codes (the core's 0..6 are in mccp_isa_pkg), packed",
        "// table entries, and the byte offsets of the stream packet headers.",
        "// `int`, not `int unsigned`: Icarus 11 rejects the latter in a localparam.",
        "// Not every user needs every constant: UNUSEDPARAM is off for this package.",
        "/* verilator lint_off UNUSEDPARAM */",
        "package mccp_regs_pkg;",
        "",
        f"  localparam int RegAddrBits = {ab};",
        f"  localparam int RegDataBits = {db};",
        "",
        "  // Register byte addresses; arrays: element i at ADDR_<REG> + i * <REG>_STRIDE.",
    ]
    for r in rm.registers.values():
        lines.append(f"  localparam logic [{ab - 1}:0] ADDR_{r.name} = {ab}'h{r.addr:03x};")
        if r.is_array:
            lines.append(f"  localparam int {r.name}_COUNT = {r.count};")
            lines.append(f"  localparam int {r.name}_STRIDE = {r.stride};")
    lines += ["", "  // Fields: <REG>_<FIELD>_LSB / _WIDTH; reset values of the stored registers."]
    for r in rm.registers.values():
        for f in r.fields.values():
            lines.append(f"  localparam int {r.name}_{f.name}_LSB = {f.lsb};")
            lines.append(f"  localparam int {r.name}_{f.name}_WIDTH = {f.width};")
        if r.access & {"rw", "w1c"}:
            lines.append(f"  localparam logic [{db - 1}:0] {r.name}_RESET = {db}'h{r.reset:08x};")
    mb = rm.field("CHAN_CFG0", "MODE").width            # every kind's mode codes share the field
    ob = code_bits([o["code"] for o in rm.ops])
    lines += ["", "  // Mode codes (function index = mode * 2 + op[0])."]
    lines += [f"  localparam logic [{mb - 1}:0] MODE_{sv_name(m['name'])} = {mb}'d{m['code']};" for m in rm.modes]
    lines += [f"  localparam int ModeBits = {mb};", f"  localparam int NumFuncs = {2 * (1 << mb)};", "",
              "  // Packet op codes (input header byte OP)."]
    lines += [f"  localparam logic [{ob - 1}:0] PKT_OP_{sv_name(o['name'])} = {ob}'d{o['code']};" for o in rm.ops]
    lines += [f"  localparam int PktOpBits = {ob};", "", "  // Slot kinds (CORE_CAPS.KIND, CHAN_CFG0.KIND)."]
    kb = rm.field("CHAN_CFG0", "KIND").width
    lines += [f"  localparam logic [{kb - 1}:0] KIND_{sv_name(k['name'])} = {kb}'d{k['code']};" for k in rm.kinds]
    lines += [f"  localparam int KindBits = {kb};", "", "  // Functions of an ecc channel (its MODE)."]
    lines += [f"  localparam logic [{mb - 1}:0] MODE_{sv_name(m['name'])} = {mb}'d{m['code']};" for m in rm.ec_modes]
    lines += ["", "  // Functions of an rng channel (its MODE)."]
    lines += [f"  localparam logic [{mb - 1}:0] MODE_{sv_name(m['name'])} = {mb}'d{m['code']};" for m in rm.rng_modes]
    lines += ["", "  // Functions of an arx channel (its MODE)."]
    lines += [f"  localparam logic [{mb - 1}:0] MODE_{sv_name(m['name'])} = {mb}'d{m['code']};" for m in rm.arx_modes]
    for flag, name, what in (("mac", "ArxMacModes", "takes the ops mac / verify"),
                             ("keyless", "ArxKeylessModes", "reads no key slot")):
        bits = sum(1 << m["code"] for m in rm.arx_modes if m.get(flag))
        lines.append(f"  localparam logic [{(1 << mb) - 1}:0] {name} = {1 << mb}'b{bits:0{1 << mb}b};  // bit m: arx mode m {what}")
    lb = rm.field("KEY_CMD", "LEN").width
    lines += ["", "  // Key sizes of the key store (KEY_CMD.LEN, CHAN_CFG0.KEY_LEN) and their bytes."]
    lines += [f"  localparam logic [{lb - 1}:0] KEY_SIZE_{sv_name(k['name'])} = {lb}'d{k['code']};  // {k['bytes']} bytes"
              for k in rm.key_sizes]
    lines += [f"  localparam int KeySizeBits = {lb};", "  // bytes a key of each size holds (0: no such size)",
              f"  function automatic logic [5:0] key_size_bytes(input logic [{lb - 1}:0] size);",
              "    unique case (size)"]
    lines += [f"      KEY_SIZE_{sv_name(k['name'])}: key_size_bytes = 6'd{k['bytes']};" for k in rm.key_sizes]
    lines += ["      default: key_size_bytes = 6'd0;", "    endcase", "  endfunction"]
    lines += ["", "  // States of the randomness unit (RNG_STATUS.STATE)."]
    lines += [f"  localparam logic [2:0] RNG_STATE_{sv_name(m['name'])} = 3'd{m['code']};" for m in rm.rng_states]
    lines += ["", "  // Functions of the custom-instruction coprocessor port (funct3)."]
    lines += [f"  localparam logic [2:0] COP_{sv_name(m['name'])} = 3'd{m['code']};" for m in rm.cop_functions]
    lines += ["", "  // Fabric status codes (output header byte STATUS)."]
    for s in rm.fabric_status:
        lines.append(f"  localparam logic [7:0] STATUS_{s['name']} = 8'd{s['code']};  // {s['doc']}")
    for st in rm.structs.values():
        up = st.name.upper()
        lines += ["", f"  // {st.doc}: packed register fields, msb first ({st.name}_t of mccp_fabric_pkg",
                  "  // follows this layout)."]
        lines.append(f"  localparam int {up}_BITS = {st.bits};")
        for f in st.fields:
            lines.append(f"  localparam int {up}_{f.name}_LSB = {f.lsb};")
            lines.append(f"  localparam int {up}_{f.name}_WIDTH = {f.width};")
    for kind, h in rm.headers.items():
        k = kind.upper()
        lines += ["", f"  // Stream header '{kind}' (word 0, byte 0 = bits [127:120]): byte offset, size,",
                  "  // and bit positions in the 128-bit word."]
        lines.append(f"  localparam logic [7:0] HDR_{k}_MAGIC = 8'h{h.magic:02x};")
        for f in h.fields.values():
            msb = 127 - 8 * f.byte
            lsb = 128 - 8 * (f.byte + f.bytes)
            lines.append(f"  localparam int HDR_{k}_{f.name}_BYTE = {f.byte};")
            lines.append(f"  localparam int HDR_{k}_{f.name}_BYTES = {f.bytes};")
            lines.append(f"  localparam int HDR_{k}_{f.name}_MSB = {msb};")
            lines.append(f"  localparam int HDR_{k}_{f.name}_LSB = {lsb};")
    lines += ["", "endpackage", "/* verilator lint_on UNUSEDPARAM */", ""]
    return "\n".join(lines)


# ---- docs/registers.md ---------------------------------------------------------

ACCESS_DOC = {
    "rw": ("read/write, stored in the register block", "output `<reg>_<field>_o`"),
    "ro": ("read only: a fabric input", "input `<reg>_<field>_i`"),
    "wo": ("write only: reads return 0; a write pulses a strobe with the data",
           "outputs `<reg>_<field>_o`, `<reg>_we_o` (arrays: + `<reg>_idx_o`)"),
    "w1c": ("sticky bits set by the fabric; writing 1 clears", "input `<reg>_<field>_set_i`, output `<reg>_<field>_o`"),
    "ext": ("read value from the fabric; a write is a strobe with the data, the fabric may refuse it (SLVERR)",
            "input `<reg>_<field>_i`, outputs `<reg>_<field>_o`, `<reg>_we_o`, input `<reg>_wr_err_i`"),
}


def _reg_access(r: Register) -> str:
    return "/".join(sorted(r.access))


def _md(text: str) -> str:
    return text.replace("|", "\\|")


def _bits(msb: int, lsb: int) -> str:
    return f"[{msb}]" if msb == lsb else f"[{msb}:{lsb}]"


def render_md(rm: RegMap) -> str:
    out = [f"<!-- {HEADER} -->", "# MCCP host registers", "",
           f"AXI4-Lite slave, {rm.data_bits}-bit data, {rm.addr_bits}-bit byte addresses; block "
           "`mccp_regs` (`rtl/fabric/mccp_regs.sv`, generated), constants in `mccp_regs_pkg`, Python "
           "`mccp.regmap`, C `sw/libmccp/mccp_regs.h` (`MCCP_<REG>` byte offsets, `MCCP_<REG>_<FIELD>_MASK`, "
           "codes, header offsets). Fabric architecture: [fabric.md](fabric.md).", "",
           "- Unmapped addresses answer `SLVERR` (`2'b10`); a read returns 0, a write has no effect.",
           "- `rw` and `w1c` registers honour the byte strobes (`WSTRB`); a write to a `wo` or `ext` "
           "register counts as a full 32-bit write whatever its strobes, as long as one is set (a write "
           "with no strobe has no effect and answers `OKAY`).",
           "- An `ext` write the fabric refuses (`<reg>_wr_err_i` high in the cycle of `<reg>_we_o`) answers "
           "`SLVERR` (e.g. firmware writes to an enabled core); the strobe still pulses, the fabric must "
           "not act on a write it refuses.",
           "- Writes to `ro` registers are ignored and answer `OKAY`; reads of `wo` registers return 0.",
           "- Timing: one transaction in flight per direction; AW and W in any order. A write takes effect "
           "in the cycle after both are held (the `we_o` strobe, with the data valid in that cycle only), "
           "B follows a cycle later (3 cycles per write back to back). A read registers its address when "
           "AR is accepted and samples the `ro`/`ext` inputs in the next cycle; R follows a cycle after "
           "that (3 cycles per read). So an `ext` input may come from a register behind its select (in "
           "`mccp_top`, the channel table's readback behind `CHAN_SEL`) and still be current for a read "
           "ordered after the write that selects it.",
           "- Bits outside the fields read 0 and ignore writes.",
           "- `irq_o` of the register block = `|(IRQ_STATUS & IRQ_ENABLE)` (registered).", "",
           "## Access kinds", "", "| access | host | hardware ports of `mccp_regs` |", "| --- | --- | --- |"]
    out += [f"| `{k}` | {h} | {p} |" for k, (h, p) in ACCESS_DOC.items()]
    out += ["", "## Register map", "", "| address | register | access | reset | description |",
            "| --- | --- | --- | --- | --- |"]
    for r in rm.registers.values():
        addr = f"0x{r.addr:03X}"
        name = f"`{r.name}`"
        if r.is_array:
            addr += f"..0x{r.addresses()[-1]:03X}"
            name = f"`{r.name}[0..{r.count - 1}]`"
        reset = f"0x{r.reset:08X}" if r.access & {"rw", "w1c"} else "—"
        out.append(f"| {addr} | {name} | {_reg_access(r)} | {reset} | {_md(r.doc)} |")
    out += ["", "## Fields", ""]
    for r in rm.registers.values():
        stride = f", {r.count} × stride {r.stride}" if r.is_array else ""
        out += [f"### `{r.name}` (0x{r.addr:03X}{stride})", "", _md(r.doc), "",
                "| bits | field | access | reset | description |", "| --- | --- | --- | --- | --- |"]
        for f in sorted(r.fields.values(), key=lambda f: -f.lsb):
            reset = f"0x{f.reset:X}" if f.sw in ("rw", "w1c") else "—"
            out.append(f"| {_bits(f.msb, f.lsb)} | `{f.name}` | {f.sw} | {reset} | {_md(f.doc)} |")
        out.append("")
    for st in rm.structs.values():
        out += [f"## Packed `{st.name}_t` ({st.bits} bits)", "",
                f"{st.doc}; `mccp_fabric_pkg::{st.name}_t` follows this layout, positions as "
                f"`mccp_regs_pkg::{st.name.upper()}_<FIELD>_LSB`/`_WIDTH`.", "",
                "| bits | field |", "| --- | --- |"]
        out += [f"| {_bits(f.msb, f.lsb)} | `{f.name.lower()}` |" for f in st.fields]
        out.append("")
    out += ["## Codes", "", "Modes (function index = mode × 2 + op[0]):", "", "| code | mode |", "| --- | --- |"]
    out += [f"| {m['code']} | `{m['name']}` |" for m in rm.modes]
    out += ["", "Slot kinds (`CORE_CAPS.KIND`, `CHAN_CFG0.KIND`):", "", "| code | kind | what |", "| --- | --- | --- |"]
    out += [f"| {k['code']} | `{k['name']}` | {k['doc']} |" for k in rm.kinds]
    out += ["", "Functions of an `ecc` channel (its `MODE`; op 0 only):", "", "| code | function | what |",
            "| --- | --- | --- |"]
    out += [f"| {m['code']} | `{m['name']}` | {m['doc']} |" for m in rm.ec_modes]
    out += ["", "Functions of an `rng` channel (its `MODE`; op 0 only):", "", "| code | function | what |",
            "| --- | --- | --- |"]
    out += [f"| {m['code']} | `{m['name']}` | {m['doc']} |" for m in rm.rng_modes]
    out += ["", "Functions of an `arx` channel (its `MODE`; function index = mode × 2 + op[0]):", "",
            "| code | function | what |", "| --- | --- | --- |"]
    out += [f"| {m['code']} | `{m['name']}` | {m['doc']} |" for m in rm.arx_modes]
    out += ["", "Key sizes (`KEY_CMD.LEN`, `CHAN_CFG0.KEY_LEN`):", "", "| code | size | bytes | what |",
            "| --- | --- | --- | --- |"]
    out += [f"| {k['code']} | `{k['name']}` | {k['bytes']} | {k['doc']} |" for k in rm.key_sizes]
    out += ["", "States of the randomness unit (`RNG_STATUS.STATE`):", "", "| code | state | what |",
            "| --- | --- | --- |"]
    out += [f"| {m['code']} | `{m['name']}` | {m['doc']} |" for m in rm.rng_states]
    out += ["", "Functions of the custom-instruction coprocessor port (`mccp_top` with `CopEnable`; RISC-V "
            "custom-0 R type, the function in funct3; [soc.md](soc.md)):", "", "| funct3 | function | what |",
            "| --- | --- | --- |"]
    out += [f"| {m['code']} | `{m['name']}` | {m['doc']} |" for m in rm.cop_functions]
    out += ["", "Packet ops:", "", "| code | op |", "| --- | --- |"]
    out += [f"| {o['code']} | `{o['name']}` |" for o in rm.ops]
    out += ["", "Status (output header byte 1; 0..6 from the core, [isa.md](isa.md)):", "",
            "| code | status | from | meaning |", "| --- | --- | --- | --- |"]
    out += [f"| {s['code']} | `{s['name']}` | core | {s['doc']} |" for s in rm.core_status]
    out += [f"| {s['code']} | `{s['name']}` | fabric | {s['doc']} |" for s in rm.fabric_status]
    for kind, h in rm.headers.items():
        out += ["", f"## Header `{kind}` (magic 0x{h.magic:02X})", "",
                "Word 0 of every packet; byte 0 = bits [127:120]; multi-byte fields big endian.", "",
                "| bytes | bits | field |", "| --- | --- | --- |"]
        for f in h.fields.values():
            b = str(f.byte) if f.bytes == 1 else f"{f.byte}..{f.byte + f.bytes - 1}"
            out.append(f"| {b} | [{127 - 8 * f.byte}:{128 - 8 * (f.byte + f.bytes)}] | `{f.name.lower()}` |")
    return "\n".join(out) + "\n"


# ---- rtl/fabric/mccp_regs.sv ----------------------------------------------------

def _port(r: Register, f, suffix: str) -> str:
    return f"{r.name.lower()}_{f.name.lower()}_{suffix}"


def _vec(width: int) -> str:
    return f"[{width - 1}:0] " if width > 1 else ""


def _array_match(r: Register, ab: int) -> tuple[int, int, int]:
    """(high-bit count, match value, index bits) of an array register's address decode."""
    ib = (r.count - 1).bit_length()
    if r.stride != 4 or r.count != 1 << ib or r.addr % (4 * r.count):
        raise ValueError(f"{r.name}: arrays need stride 4, a power-of-two count and an aligned base")
    return ab - 2 - ib, r.addr >> (2 + ib), ib


def regs_ports(rm: RegMap) -> list[tuple[str, str, int]]:
    """Fabric-side ports of mccp_regs: (direction, name, width), in order."""
    ports = []
    for r in rm.registers.values():
        for f in r.fields.values():
            if f.sw in ("rw", "wo"):
                ports.append(("output", _port(r, f, "o"), f.width))
            elif f.sw == "ro":
                ports.append(("input", _port(r, f, "i"), f.width))
            elif f.sw == "w1c":
                ports.append(("input", _port(r, f, "set_i"), f.width))
                ports.append(("output", _port(r, f, "o"), f.width))
            else:  # ext
                ports.append(("input", _port(r, f, "i"), f.width))
                ports.append(("output", _port(r, f, "o"), f.width))
        if r.access & {"wo", "ext"}:
            ports.append(("output", f"{r.name.lower()}_we_o", 1))
        if r.is_array:
            ports.append(("output", f"{r.name.lower()}_idx_o", _array_match(r, rm.addr_bits)[2]))
        if "ext" in r.access:
            ports.append(("input", f"{r.name.lower()}_wr_err_i", 1))
    if _has_irq(rm):
        ports.append(("output", "irq_o", 1))
    return ports


def _has_irq(rm: RegMap) -> bool:
    return "IRQ_STATUS" in rm.registers and "IRQ_ENABLE" in rm.registers


def render_regs(rm: RegMap) -> str:
    ab, db = rm.addr_bits, rm.data_bits
    wab = ab - 2                              # word address bits
    irq = _has_irq(rm)
    L = [
        f"// {HEADER}.",
        "//",
        "// mccp_regs: AXI4-Lite slave holding the MCCP host registers (docs/registers.md).",
        "// - One transaction in flight per direction: AW and W are buffered separately (any",
        "//   order, same cycle allowed); the write takes effect in the cycle after both are",
        "//   held and no B response is pending, B follows in the next cycle.  A read is",
        "//   decoded in the cycle AR is accepted (ro/ext inputs sampled then), R follows.",
        "// - Address bits [1:0] are ignored; unmapped words answer SLVERR (reads 0, no effect).",
        "// - rw and w1c registers apply WSTRB per byte; wo/ext registers take any write with",
        "//   at least one strobe as a full write; a write without strobes changes nothing.",
        "// - wo/ext write data (<reg>_<field>_o) is valid in the cycle of <reg>_we_o only",
        "//   (the W buffer is cleared once used, so no key word stays in this block).",
        "//   <reg>_wr_err_i, sampled in that cycle, turns the response into SLVERR.",
        "// - Array registers: one <reg>_we_o with the element index <reg>_idx_o.",
    ]
    if irq:
        L.append("// - irq_o = |(IRQ_STATUS & IRQ_ENABLE), registered.  w1c: a set wins over a clear.")
    L += [
        "module mccp_regs (",
        "  input  logic        clk_i,",
        "  input  logic        rst_ni,",
        "  // AXI4-Lite slave",
        "  input  logic        s_axil_awvalid_i,",
        "  output logic        s_axil_awready_o,",
        f"  input  logic [{ab - 1}:0] s_axil_awaddr_i,",
        "  input  logic        s_axil_wvalid_i,",
        "  output logic        s_axil_wready_o,",
        f"  input  logic [{db - 1}:0] s_axil_wdata_i,",
        f"  input  logic [{db // 8 - 1}:0]  s_axil_wstrb_i,",
        "  output logic        s_axil_bvalid_o,",
        "  input  logic        s_axil_bready_i,",
        "  output logic [1:0]  s_axil_bresp_o,",
        "  input  logic        s_axil_arvalid_i,",
        "  output logic        s_axil_arready_o,",
        f"  input  logic [{ab - 1}:0] s_axil_araddr_i,",
        "  output logic        s_axil_rvalid_o,",
        "  input  logic        s_axil_rready_i,",
        f"  output logic [{db - 1}:0] s_axil_rdata_o,",
        "  output logic [1:0]  s_axil_rresp_o,",
        "  // fabric side (docs/registers.md, \"Access kinds\")",
    ]
    ports = regs_ports(rm)
    for i, (d, n, w) in enumerate(ports):
        sep = "," if i < len(ports) - 1 else ""
        L.append(f"  {d:<6} logic {_vec(w):<8}{n}{sep}")
    L += [
        ");",
        "",
        "  localparam logic [1:0] RespOkay   = 2'b00;",
        "  localparam logic [1:0] RespSlvErr = 2'b10;",
        "",
        "  // ---- write channel ----",
        "  logic        aw_full_q, w_full_q, b_valid_q;",
        f"  logic {_vec(wab):<7}aw_addr_q;   // word address",
        f"  logic {_vec(db):<7}w_data_q;",
        f"  logic {_vec(db // 8):<7}w_strb_q;",
        "  logic [1:0]  b_resp_q;",
        "  logic        wr_go, wr_any, wr_hit, wr_err;",
        f"  logic {_vec(db):<7}wr_mask;     // WSTRB as a bit mask",
        "",
        "  assign s_axil_awready_o = !aw_full_q;",
        "  assign s_axil_wready_o  = !w_full_q;",
        "  assign s_axil_bvalid_o  = b_valid_q;",
        "  assign s_axil_bresp_o   = b_resp_q;",
        "  assign wr_go  = aw_full_q && w_full_q && !b_valid_q;",
        "  assign wr_any = |w_strb_q;",
    ]
    L.append("  assign wr_mask = {" + ", ".join(f"{{8{{w_strb_q[{i}]}}}}" for i in reversed(range(db // 8))) + "};")
    L += [
        "",
        "  always_ff @(posedge clk_i or negedge rst_ni) begin",
        "    if (!rst_ni) begin",
        "      aw_full_q <= 1'b0;",
        "      w_full_q  <= 1'b0;",
        "      b_valid_q <= 1'b0;",
        "      aw_addr_q <= '0;",
        "      w_data_q  <= '0;",
        "      w_strb_q  <= '0;",
        "      b_resp_q  <= RespOkay;",
        "    end else begin",
        "      if (s_axil_awvalid_i && !aw_full_q) begin",
        "        aw_full_q <= 1'b1;",
        f"        aw_addr_q <= s_axil_awaddr_i[{ab - 1}:2];",
        "      end",
        "      if (s_axil_wvalid_i && !w_full_q) begin",
        "        w_full_q <= 1'b1;",
        "        w_data_q <= s_axil_wdata_i;",
        "        w_strb_q <= s_axil_wstrb_i;",
        "      end",
        "      if (wr_go) begin",
        "        aw_full_q <= 1'b0;",
        "        w_full_q  <= 1'b0;",
        "        w_data_q  <= '0;",
        "        b_valid_q <= 1'b1;",
        "        b_resp_q  <= (wr_hit && !wr_err) ? RespOkay : RespSlvErr;",
        "      end else if (s_axil_bready_i) begin",
        "        b_valid_q <= 1'b0;",
        "      end",
        "    end",
        "  end",
        "",
        "  // Write decode: one select per register word.",
    ]
    sel = {}
    for r in rm.registers.values():
        n = f"wsel_{r.name.lower()}"
        sel[r.name] = n
        if r.is_array:
            hb, val, ib = _array_match(r, ab)
            L.append(f"  logic {n};")
            L.append(f"  assign {n} = wr_go && (aw_addr_q[{wab - 1}:{ib}] == {hb}'h{val:x});")
        else:
            L.append(f"  logic {n};")
            L.append(f"  assign {n} = wr_go && (aw_addr_q == {wab}'h{r.addr >> 2:03x});  // 0x{r.addr:03x}")
    L.append("  assign wr_hit = " + "\n                | ".join(sel.values()) + ";")
    ext = [r for r in rm.registers.values() if "ext" in r.access]
    err_terms = [f"({sel[r.name]} && wr_any && {r.name.lower()}_wr_err_i)" for r in ext]
    L.append("  assign wr_err = " + ("\n                | ".join(err_terms) if err_terms else "1'b0") + ";")
    L += ["", "  // wo / ext: strobe and data in the write cycle."]
    for r in rm.registers.values():
        if not r.access & {"wo", "ext"}:
            continue
        L.append(f"  assign {r.name.lower()}_we_o = {sel[r.name]} && wr_any;")
        if r.is_array:
            ib = _array_match(r, ab)[2]
            L.append(f"  assign {r.name.lower()}_idx_o = aw_addr_q[{ib - 1}:0];")
        for f in r.fields.values():
            L.append(f"  assign {_port(r, f, 'o')} = w_data_q[{f.msb}:{f.lsb}];")
    L += ["", "  // rw / w1c storage."]
    stored = [(r, f) for r in rm.registers.values() for f in r.fields.values() if f.sw in ("rw", "w1c")]
    for r, f in stored:
        L.append(f"  logic {_vec(f.width)}{r.name.lower()}_{f.name.lower()}_q;")
    L += ["", "  always_ff @(posedge clk_i or negedge rst_ni) begin", "    if (!rst_ni) begin"]
    for r, f in stored:
        L.append(f"      {r.name.lower()}_{f.name.lower()}_q <= {f.width}'h{f.reset:x};")
    L += ["    end else begin"]
    for r, f in stored:
        q = f"{r.name.lower()}_{f.name.lower()}_q"
        bits = f"[{f.msb}:{f.lsb}]"
        if f.sw == "rw":
            L += [f"      if ({sel[r.name]}) begin",
                  f"        {q} <= ({q} & ~wr_mask{bits}) | (w_data_q{bits} & wr_mask{bits});",
                  "      end"]
        else:
            clr = f"({sel[r.name]} ? (w_data_q{bits} & wr_mask{bits}) : {f.width}'h0)"
            L.append(f"      {q} <= ({q} & ~{clr}) | {_port(r, f, 'set_i')};")
    L += ["    end", "  end", ""]
    for r, f in stored:
        L.append(f"  assign {_port(r, f, 'o')} = {r.name.lower()}_{f.name.lower()}_q;")
    if irq:
        st, en = rm.registers["IRQ_STATUS"], rm.registers["IRQ_ENABLE"]
        terms = []
        for f in st.fields.values():
            if f.name in en.fields:
                terms.append(f"(irq_status_{f.name.lower()}_q & irq_enable_{f.name.lower()}_q)")
        L += ["", "  logic irq_q;", "  always_ff @(posedge clk_i or negedge rst_ni) begin",
              "    if (!rst_ni) begin", "      irq_q <= 1'b0;", "    end else begin",
              "      irq_q <= |{" + ", ".join(terms) + "};", "    end", "  end", "  assign irq_o = irq_q;"]
    L += [
        "",
        "  // ---- read channel ----",
        "  // Two stages: the address is registered when AR is taken, the data one",
        "  // cycle later.  The read multiplexer then starts from flip-flops, and a",
        "  // source one register behind its select (the channel table's readback,",
        "  // a block RAM across the die) is current when it is sampled.",
        "  logic        r_valid_q, ar_pend_q;",
        f"  logic {_vec(wab):<7}ar_addr_q;   // word address",
        f"  logic {_vec(db):<7}r_data_q, rd_data;",
        "  logic [1:0]  r_resp_q;",
        "  logic        rd_hit;",
        "",
        "  assign s_axil_arready_o = !r_valid_q && !ar_pend_q;",
        "  assign s_axil_rvalid_o  = r_valid_q;",
        "  assign s_axil_rdata_o   = r_data_q;",
        "  assign s_axil_rresp_o   = r_resp_q;",
        "",
        "  always_comb begin",
        "    rd_data = '0;",
        "    rd_hit  = 1'b1;",
        "    unique case (ar_addr_q)",
    ]
    for r in rm.registers.values():
        for i, a in enumerate(r.addresses()):
            label = f"{r.name}" + (f"[{i}]" if r.is_array else "")
            srcs = []
            for f in r.fields.values():
                if f.sw in ("ro", "ext"):
                    srcs.append((f, _port(r, f, "i")))
                elif f.sw in ("rw", "w1c"):
                    srcs.append((f, f"{r.name.lower()}_{f.name.lower()}_q"))
            if not srcs:
                L.append(f"      {wab}'h{a >> 2:03x}: rd_data = '0;  // {label} (write only)")
                continue
            L.append(f"      {wab}'h{a >> 2:03x}: begin  // {label}")
            for f, src in srcs:
                L.append(f"        rd_data[{f.msb}:{f.lsb}] = {src};")
            L.append("      end")
    L += [
        "      default: rd_hit = 1'b0;",
        "    endcase",
        "  end",
        "",
        "  always_ff @(posedge clk_i or negedge rst_ni) begin",
        "    if (!rst_ni) begin",
        "      ar_pend_q <= 1'b0;",
        "      ar_addr_q <= '0;",
        "      r_valid_q <= 1'b0;",
        "      r_data_q  <= '0;",
        "      r_resp_q  <= RespOkay;",
        "    end else begin",
        "      ar_pend_q <= s_axil_arvalid_i && s_axil_arready_o;",
        "      if (s_axil_arvalid_i && s_axil_arready_o) begin",
        f"        ar_addr_q <= s_axil_araddr_i[{ab - 1}:2];",
        "      end",
        "      if (ar_pend_q) begin",
        "        r_valid_q <= 1'b1;",
        "        r_data_q  <= rd_data;",
        "        r_resp_q  <= rd_hit ? RespOkay : RespSlvErr;",
        "      end else if (s_axil_rready_i) begin",
        "        r_valid_q <= 1'b0;",
        "      end",
        "    end",
        "  end",
        "",
    ]
    # bits of the W buffer no field uses
    used = 0
    for r in rm.registers.values():
        for f in r.fields.values():
            if f.sw != "ro":
                used |= f.mask
    masked = 0
    for r in rm.registers.values():
        for f in r.fields.values():
            if f.sw in ("rw", "w1c"):
                masked |= f.mask
    unused = [f"w_data_q[{b}]" for b in range(db) if not used >> b & 1]
    unused += [f"wr_mask[{b}]" for b in range(db) if not masked >> b & 1]
    unused.append(f"s_axil_araddr_i[1:0]")
    unused.append(f"s_axil_awaddr_i[1:0]")
    L += ["  logic unused;", "  assign unused = ^{" + ", ".join(unused) + "};", "", "endmodule", ""]
    return "\n".join(L)


# ---- sw/libmccp/mccp_regs.h ------------------------------------------------------

def _c_codes(prefix: str, table: list[dict], key: str = "name") -> list[str]:
    return [f"#define MCCP_{prefix}_{sv_name(e[key])} {e['code']}u" for e in table]


def render_c_header(rm: RegMap) -> str:
    """The C view of the host interface for libmccp and programs on a CPU beside MCCP: register
    byte offsets (from the AXI4-Lite window's base), field positions, codes, header layouts."""
    lines = [
        f"/* {HEADER}. */",
        "/* MCCP host interface: register byte offsets in the AXI4-Lite window, fields (<REG>_<FIELD>_LSB,",
        "   _WIDTH, _MASK: the mask already shifted), mode / op / kind / status codes, and the byte",
        "   offsets of the stream packet headers' fields (big endian). */",
        "#ifndef MCCP_REGS_H",
        "#define MCCP_REGS_H",
        "",
        f"#define MCCP_REG_ADDR_BITS {rm.addr_bits}u",
        f"#define MCCP_REG_DATA_BITS {rm.data_bits}u",
        f"#define MCCP_ID_VALUE 0x{ID_VALUE:08x}u  /* what ID reads ('MCCP') */",
        "",
        "/* Register byte offsets; arrays: element i at MCCP_<REG> + i * MCCP_<REG>_STRIDE. */",
    ]
    for r in rm.registers.values():
        lines.append(f"#define MCCP_{r.name} 0x{r.addr:03x}u")
        if r.is_array:
            lines.append(f"#define MCCP_{r.name}_COUNT {r.count}u")
            lines.append(f"#define MCCP_{r.name}_STRIDE {r.stride}u")
    lines += ["", "/* Fields and reset values. */"]
    for r in rm.registers.values():
        for f in r.fields.values():
            lines.append(f"#define MCCP_{r.name}_{f.name}_LSB {f.lsb}u")
            lines.append(f"#define MCCP_{r.name}_{f.name}_WIDTH {f.width}u")
            lines.append(f"#define MCCP_{r.name}_{f.name}_MASK 0x{f.mask:08x}u")
        if r.access & {"rw", "w1c"}:
            lines.append(f"#define MCCP_{r.name}_RESET 0x{r.reset:08x}u")
    lines += ["", "/* Mode codes of the AES-style channels (CHAN_CFG0.MODE). */", *_c_codes("MODE", rm.modes),
              "", "/* Packet op codes (input header OP). */", *_c_codes("OP", rm.ops),
              "", "/* Slot kinds (CORE_CAPS.KIND, CHAN_CFG0.KIND). */", *_c_codes("KIND", rm.kinds),
              "", "/* Functions of an ecc channel (its MODE). */", *_c_codes("EC_MODE", rm.ec_modes),
              "", "/* Functions of an rng channel (its MODE). */", *_c_codes("RNG_MODE", rm.rng_modes),
              "", "/* Functions of an arx channel (its MODE). */", *_c_codes("ARX_MODE", rm.arx_modes),
              "", "/* Key sizes of the key store (KEY_CMD.LEN, CHAN_CFG0.KEY_LEN) and the bytes of each. */"]
    for k in rm.key_sizes:
        lines.append(f"#define MCCP_KEY_SIZE_{sv_name(k['name'])} {k['code']}u")
        lines.append(f"#define MCCP_KEY_SIZE_{sv_name(k['name'])}_BYTES {k['bytes']}u")
    lines += ["", "/* States of the randomness unit (RNG_STATUS.STATE). */", *_c_codes("RNG_STATE", rm.rng_states),
              "", "/* Functions of the custom-instruction coprocessor (funct3 of custom-0). */",
              *_c_codes("COP", rm.cop_functions),
              "", "/* Status codes (output header STATUS): the core's and the fabric's. */"]
    lines += [f"#define MCCP_STATUS_{s['name']} {s['code']}u  /* {s['doc']} */"
              for s in rm.core_status + rm.fabric_status]
    for kind, h in rm.headers.items():
        k = kind.upper()
        lines += ["", f"/* Stream header '{kind}' (16 bytes): byte offset and size of each field, big endian. */",
                  f"#define MCCP_HDR_{k}_MAGIC 0x{h.magic:02x}u"]
        for f in h.fields.values():
            lines.append(f"#define MCCP_HDR_{k}_{f.name}_BYTE {f.byte}u")
            lines.append(f"#define MCCP_HDR_{k}_{f.name}_BYTES {f.bytes}u")
    lines += ["", "#endif /* MCCP_REGS_H */", ""]
    return "\n".join(lines)


def outputs() -> dict[Path, str]:
    rm = load()
    return {SV_PKG: render_pkg(rm), SV_REGS: render_regs(rm), REG_DOC: render_md(rm),
            C_HEADER: render_c_header(rm)}


def stale() -> list[Path]:
    return generated.stale(outputs())


def main(check: bool = False) -> int:
    return generated.update(outputs(), "mccp regs gen", check)
