"""pytest wrapper: the cocotb bench tb_regs on the generated AXI4-Lite register block
(mccp_regs), on Verilator and on Icarus."""

from __future__ import annotations

import pytest

from mccp import paths
from mccp.eda import sim
from mccp.eda.filelist import pick


@pytest.mark.parametrize("simulator", ["verilator", "icarus"])
def test_regs_block(simulator):
    sim.run(
        toplevel="mccp_regs",
        test_module="tb_regs",
        sources=pick("fabric", "mccp_regs"),
        sim=simulator,
        module_dirs=[paths.TESTS / "fabric"],
    )
