"""pytest wrappers: the cocotb bench tb_stream_in on mccp_stream_in."""

from __future__ import annotations

import pytest

from mccp import paths, sim

SOURCES = [paths.RTL / "core" / "mccp_isa_pkg.sv", paths.RTL / "fabric" / "mccp_regs_pkg.sv",
           paths.RTL / "fabric" / "mccp_fabric_pkg.sv", paths.RTL / "fabric" / "mccp_stream_in.sv"]

# (NumCores, Channels, InWords): a small input buffer so OVERSIZE is cheap to reach
CONFIGS = [(3, 5, 12), (1, 64, 24)]


@pytest.mark.parametrize("cores,channels,in_words", CONFIGS, ids=[f"c{c}-ch{h}-w{w}" for c, h, w in CONFIGS])
def test_stream_in(cores, channels, in_words):
    sim.run(
        toplevel="mccp_stream_in",
        test_module="tb_stream_in",
        sources=SOURCES,
        parameters={"NumCores": cores, "Channels": channels, "InWords": in_words},
        module_dirs=[paths.TESTS / "fabric"],
        extra_env={"STREAM_IN_CORES": str(cores), "STREAM_IN_CHANNELS": str(channels),
                   "STREAM_IN_INWORDS": str(in_words), "STREAM_IN_PACKETS": "150"},
    )
