"""pytest wrapper: the cocotb bench tb_key_store on mccp_key_store for several slot
counts (1, not a power of two, the default, the maximum) on Verilator, one on Icarus."""

from __future__ import annotations

import pytest

from mccp import paths
from mccp.eda import sim
from mccp.eda.filelist import pick

from sweeps import sweep

CONFIGS = [("verilator", 1, 3000), ("verilator", 5, 4000), ("verilator", 16, 4000),
           ("verilator", 32, 4000), ("icarus", 5, 1500)]


@pytest.mark.parametrize("simulator,slots,cycles", sweep(CONFIGS, [f"{c[0]}-slots{c[1]}" for c in CONFIGS],
                                                          long={"verilator-slots1", "verilator-slots5", "verilator-slots16"}))
def test_key_store(simulator, slots, cycles):
    sim.run(
        toplevel="mccp_key_store",
        test_module="tb_key_store",
        sources=pick("fabric", "mccp_regs_pkg", "mccp_key_store"),
        parameters={"KeySlots": slots},
        sim=simulator,
        module_dirs=[paths.TESTS / "fabric"],
        extra_env={"KS_SLOTS": str(slots), "KS_CYCLES": str(cycles)},
    )
