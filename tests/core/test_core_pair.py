"""pytest wrapper: the cocotb bench tb_core_pair on two mccp_core joined by mccp_core_pair."""

from __future__ import annotations

from mccp import paths, sim

SOURCES = paths.rtl_files("aes", "core") + [paths.TESTS / "core" / "hdl" / "mccp_core_pair_tb.sv"]


def test_core_pair():
    sim.run(
        toplevel="mccp_core_pair_tb",
        test_module="tb_core_pair",
        sources=SOURCES,
        module_dirs=[paths.TESTS / "core", paths.TESTS],
    )
