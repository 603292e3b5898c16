"""cocotb bench: a fixed-function pi-Cipher ARX engine (rtl/arx/mccp_pi_arx.sv, one build of
W and Lanes, chosen in tests/arx/hdl/tb_pi_arx_builds.sv, the nine builds in one model) against
mccp.ref.pi_cipher's x * y (PiCipher(w)._ast, the reference the KATs check).

Two phases on random words (and the all-ones / zero words, the longest carries):
  back to back: a start offered every cycle, the result always taken -- the cycles from one
    accepted start to the next in steady state, and the latency of one operation;
  stalls: starts with random gaps and the result held back at random, so that the engine
    stalls with results waiting -- every result still in order and right.
Every z is compared with the reference; no result may be lost or added, and the builds not
chosen stay idle.  Knobs (environment):
PI_W, PI_LANES, PI_OPS (per phase), PI_SEED; with MCCP_BENCH_OUT the figures go there as JSON
(mccp.bench.pi_engines).
"""

from __future__ import annotations

import json
import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, FallingEdge, ReadOnly

from mccp.ref.pi_cipher import PiCipher

W = int(os.environ.get("PI_W", "16"))
LANES = int(os.environ.get("PI_LANES", "1"))
OPS = int(os.environ.get("PI_OPS", "200"))
SEED = int(os.environ.get("PI_SEED", "1"))
MAX_CYCLES_PER_OP = 64        # a hung engine fails the bench instead of running forever
BUILD = 3 * (16, 32, 64).index(W) + (1, 2, 4).index(LANES)   # its index in tb_pi_arx_builds


def _pack(words: list[int]) -> int:
    return sum(v << (W * j) for j, v in enumerate(words))


def _unpack(value: int) -> list[int]:
    return [(value >> (W * j)) & ((1 << W) - 1) for j in range(4)]


def _operands(rng: random.Random, n: int) -> list[tuple[list[int], list[int]]]:
    ones = (1 << W) - 1
    edge = [([ones] * 4, [ones] * 4), ([0] * 4, [0] * 4), ([ones] * 4, [0] * 4), ([0] * 4, [ones] * 4)]
    return edge + [([rng.getrandbits(W) for _ in range(4)], [rng.getrandbits(W) for _ in range(4)])
                   for _ in range(n - len(edge))]


async def _run(dut, ops, rng: random.Random, start_gaps: float, z_stalls: float) -> tuple[list[int], list[int]]:
    """Drive `ops` through the engine; return the cycles of the accepted starts and of the
    taken results.  Inputs change after the falling edge; a handshake is sampled just before
    the rising edge."""
    ref = PiCipher(W)
    accepted, taken = [], []
    i = done = cycle = 0
    while done < len(ops):
        offer = i < len(ops) and rng.random() >= start_gaps
        take = rng.random() >= z_stalls
        dut.start_valid_i.value = int(offer)
        if offer:
            dut.x_i.value, dut.y_i.value = _pack(ops[i][0]), _pack(ops[i][1])
        dut.z_ready_i.value = int(take)
        await ReadOnly()
        if offer and int(dut.start_ready_o.value):
            accepted.append(cycle)
            i += 1
        if take and int(dut.z_valid_o.value):
            assert done < len(accepted), f"result {done} before its operation was taken"
            x, y = ops[done]
            got, want = _unpack(int(dut.z_o.value)), ref._ast(x, y)
            assert got == want, (f"W {W} Lanes {LANES}, operation {done}: x {[hex(v) for v in x]}, "
                                 f"y {[hex(v) for v in y]}: z {[hex(v) for v in got]}, reference "
                                 f"{[hex(v) for v in want]}")
            taken.append(cycle)
            done += 1
        await FallingEdge(dut.clk_i)
        cycle += 1
        assert cycle < MAX_CYCLES_PER_OP * (len(ops) + 4), f"{done} of {len(ops)} results after {cycle} cycles"
    dut.start_valid_i.value = 0
    dut.z_ready_i.value = 1
    await ReadOnly()
    busy, any_busy, extra = int(dut.busy_o.value), int(dut.any_busy_o.value), int(dut.z_valid_o.value)
    await FallingEdge(dut.clk_i)
    assert not extra, "a result with no operation behind it"
    assert not busy, "the engine still busy after its last result was taken"
    assert not any_busy, "a build that was not chosen is busy"
    return accepted, taken


@cocotb.test()
async def pi_arx_engine(dut):
    cocotb.start_soon(Clock(dut.clk_i, 10, unit="ns").start())
    dut.sel_i.value = BUILD
    dut.start_valid_i.value = 0
    dut.z_ready_i.value = 1
    dut.x_i.value = dut.y_i.value = 0
    dut.rst_ni.value = 0
    await ClockCycles(dut.clk_i, 2)
    dut.rst_ni.value = 1
    await FallingEdge(dut.clk_i)
    rng = random.Random(SEED * 1000 + W + LANES)

    # back to back: steady state from the second accepted start to the last
    accepted, taken = await _run(dut, _operands(rng, OPS), rng, start_gaps=0.0, z_stalls=0.0)
    steady = (accepted[-1] - accepted[1]) / (len(accepted) - 2)
    latency = taken[0] - accepted[0]
    dut._log.info(f"pi{W} Lanes {LANES}: {steady:g} cycles per * (back to back, {len(accepted)} operations), "
                  f"latency {latency} cycles (start handshake to result)")

    # random gaps and stalls: the same checks while results wait
    await _run(dut, _operands(rng, OPS), rng, start_gaps=0.3, z_stalls=0.4)

    out = os.environ.get("MCCP_BENCH_OUT")
    if out:
        with open(out, "w") as f:
            json.dump({"w": W, "lanes": LANES, "operations": len(accepted), "cycles_per_op": steady,
                       "latency": latency}, f)
