"""pytest wrapper: the cocotb bench tb_watchdog on mccp_watchdog (1, 3 and 4 cores on
Verilator, 3 on Icarus)."""

from __future__ import annotations

import pytest

from mccp import paths
from mccp.eda import sim
from mccp.eda.filelist import pick

from sweeps import sweep

CONFIGS = [("verilator", 1), ("verilator", 3), ("verilator", 4), ("icarus", 3)]
SOURCES = pick("fabric", "mccp_isa_pkg", "mccp_regs_pkg", "mccp_watchdog")
SLOW = {1: 0, 3: 0b100, 4: 0b1000}      # SlowSlots (the last core): 4 x PER_WORD, as the ARX elements in mccp_top


@pytest.mark.parametrize("simulator,cores", sweep(CONFIGS, [f"{s}-n{c}" for s, c in CONFIGS],
                                                  long={"verilator-n1", "verilator-n4"}))
def test_watchdog(simulator, cores):
    sim.run(
        toplevel="mccp_watchdog",
        test_module="tb_watchdog",
        sources=SOURCES,
        parameters={"NumCores": cores, "SlowSlots": SLOW[cores]},
        sim=simulator,
        module_dirs=[paths.TESTS / "fabric"],
        extra_env={"WD_CORES": str(cores), "WD_SLOW": str(SLOW[cores])},
    )
