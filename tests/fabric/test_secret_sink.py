"""pytest wrapper: the cocotb bench tb_secret_sink on mccp_secret_sink (Verilator: its
ports are the fabric's packed secret_dest_t)."""

from __future__ import annotations

from mccp import paths
from mccp.eda import sim
from mccp.eda.filelist import pick

SOURCES = pick("fabric", "mccp_ecc_curves_pkg", "mccp_regs_pkg", "mccp_fabric_pkg", "mccp_secret_sink")


def test_secret_sink():
    sim.run(toplevel="mccp_secret_sink", test_module="tb_secret_sink", sources=SOURCES,
            module_dirs=[paths.TESTS / "fabric"])
