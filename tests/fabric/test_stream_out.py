"""pytest wrappers: the cocotb bench tb_stream_out on mccp_stream_out (the
fabric's output stage) for several core counts and stream widths."""

from __future__ import annotations

import pytest

from mccp import paths
from mccp.eda import sim
from mccp.eda.filelist import pick

from sweeps import sweep

SOURCES = pick("fabric", "mccp_isa_pkg", "mccp_regs_pkg", "mccp_ecc_curves_pkg", "mccp_fabric_pkg", "mccp_prim_arb_rr",
               "mccp_prim_fifo_flop",
               "mccp_prim_width_down", "mccp_stream_out")

# (simulator, NumCores, StreamBits, Channels, packets of the random test)
CONFIGS = [
    ("verilator", 1, 32, 4, 150),
    ("verilator", 1, 128, 4, 150),   # one core: its packets back to back at one word per beat
    ("verilator", 3, 64, 4, 300),
    ("verilator", 8, 128, 16, 400),
]


@pytest.mark.parametrize("simulator,cores,bits,channels,packets",
                         sweep(CONFIGS, [f"{s}-N{n}-W{w}" for s, n, w, _, _ in CONFIGS],
                               long={"verilator-N1-W32", "verilator-N1-W128", "verilator-N3-W64"}))
def test_stream_out(simulator, cores, bits, channels, packets):
    sim.run(
        toplevel="mccp_stream_out",
        test_module="tb_stream_out",
        sources=SOURCES,
        parameters={"NumCores": cores, "StreamBits": bits, "Channels": channels},
        sim=simulator,
        module_dirs=[paths.TESTS / "fabric"],
        extra_env={
            "SO_NUM_CORES": str(cores),
            "SO_STREAM_BITS": str(bits),
            "SO_CHANNELS": str(channels),
            "SO_PACKETS": str(packets),
        },
    )
