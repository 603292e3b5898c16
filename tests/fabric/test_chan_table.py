"""pytest wrapper: the cocotb bench tb_chan_table on mccp_chan_table (1, 5, 64, 256
channels on Verilator, 5 on Icarus)."""

from __future__ import annotations

import pytest

from mccp import paths
from mccp.eda import sim
from mccp.eda.filelist import pick

from sweeps import sweep

CONFIGS = [("verilator", 1), ("verilator", 5), ("verilator", 64), ("verilator", 256), ("icarus", 5)]
SOURCES = pick("fabric", "mccp_regs_pkg", "mccp_chan_table")


@pytest.mark.parametrize("simulator,channels", sweep(CONFIGS, [f"{s}-ch{c}" for s, c in CONFIGS],
                                                     long={"verilator-ch1", "verilator-ch5", "verilator-ch256"}))
def test_chan_table(simulator, channels):
    sim.run(
        toplevel="mccp_chan_table",
        test_module="tb_chan_table",
        sources=SOURCES,
        parameters={"Channels": channels},
        sim=simulator,
        module_dirs=[paths.TESTS / "fabric"],
        extra_env={"CT_CHANNELS": str(channels), "CT_CYCLES": "3000" if simulator == "verilator" else "1000"},
    )
