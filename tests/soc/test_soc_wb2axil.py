"""pytest wrapper: the cocotb bench tb_soc_wb2axil on mccp_soc_wb2axil (Wishbone to AXI4-Lite),
on Icarus (it builds in a second; the module's style suits it)."""

from __future__ import annotations

from mccp import paths
from mccp.eda import sim
from mccp.eda.filelist import pick


def test_wb2axil_random_accesses():
    sim.run(
        toplevel="mccp_soc_wb2axil",
        test_module="tb_soc_wb2axil",
        sources=pick("soc", "mccp_soc_wb2axil"),
        module_dirs=[paths.TESTS / "soc"],
        extra_env={"WB2AXIL_ACCESSES": "400"},
        sim="icarus",
    )
