"""cocotb benchmark of mccp_ghash: cycles per absorbed block, back to back.

Results are checked against the SP 800-38D bit-serial multiply of
mccp.model.ghash (Algorithm 1, independent of the RTL's digit structure).
Writes a JSON dict to $MCCP_BENCH_OUT.
"""

from __future__ import annotations

import json
import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, FallingEdge, ReadOnly

from mccp.model.ghash import gf128_mul_bitserial

BLOCKS = int(os.environ.get("MCCP_BENCH_BLOCKS", "256"))


@cocotb.test()
async def bench_ghash(dut):
    cocotb.start_soon(Clock(dut.clk_i, 10, unit="ns").start())
    for sig in (dut.h_we_i, dut.clear_i, dut.in_valid_i):
        sig.value = 0
    dut.rst_ni.value = 0
    await ClockCycles(dut.clk_i, 3)
    dut.rst_ni.value = 1
    rng = random.Random(2)
    h = rng.getrandbits(128)
    await FallingEdge(dut.clk_i)
    dut.h_i.value = h
    dut.h_we_i.value = 1
    dut.clear_i.value = 1
    await FallingEdge(dut.clk_i)
    dut.h_we_i.value = 0
    dut.clear_i.value = 0
    blocks = [rng.getrandbits(128) for _ in range(BLOCKS)]
    accepts, cycle, i = [], 0, 0
    while i < len(blocks):
        dut.in_valid_i.value = 1
        dut.in_data_i.value = blocks[i]
        await ReadOnly()
        if dut.in_ready_o.value:
            accepts.append(cycle)
            i += 1
        await FallingEdge(dut.clk_i)
        cycle += 1
    dut.in_valid_i.value = 0
    while True:
        await ReadOnly()
        if not dut.busy_o.value:
            break
        await FallingEdge(dut.clk_i)
        cycle += 1
    y = 0
    for x in blocks:
        y = gf128_mul_bitserial(y ^ x, h)
    assert int(dut.y_o.value) == y, "GHASH result differs from the bit-serial reference"
    result = {"blocks": BLOCKS, "cycles_per_block": (accepts[-1] - accepts[0]) / (BLOCKS - 1),
              "latency_cycles": cycle - accepts[-1]}
    with open(os.environ["MCCP_BENCH_OUT"], "w") as handle:
        json.dump(result, handle, indent=2)
