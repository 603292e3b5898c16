"""cocotb bench: the ARX element's Poly1305 unit (rtl/arx/mccp_arx_poly1305.sv) alone, against
the definition h = (h + m + 2^128) r mod 2^130 - 5, tag = (h + s) mod 2^128, on random keys
and blocks and on extreme ones (r, s and blocks of all ones or zero: the largest products and
carries), each case after a clear.  Its timing is checked with the element's, in lock-step
with the ISS (tb_arx_pe.py)."""

from __future__ import annotations

import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ReadOnly, RisingEdge

P = (1 << 130) - 5
CLAMP = 0x0FFFFFFC0FFFFFFC0FFFFFFC0FFFFFFF
M128 = (1 << 128) - 1


def reference(r: int, s: int, blocks: list[int]) -> int:
    r &= CLAMP
    h = 0
    for m in blocks:
        h = ((h + m + (1 << 128)) * r) % P
    return (h + s) & M128


async def _tag(dut, r: int, s: int, blocks: list[int]) -> tuple[int, list[int]]:
    dut.key_we_i.value, dut.key_r_i.value, dut.key_s_i.value = 1, r, s
    await RisingEdge(dut.clk_i)
    dut.key_we_i.value = 0
    fed = []
    cycle = 0
    for m in blocks:
        while True:
            await ReadOnly()
            room = int(dut.room_o.value)
            await RisingEdge(dut.clk_i)
            cycle += 1
            if room:
                break
        dut.feed_i.value, dut.block_i.value = 1, m
        fed.append(cycle)
        await RisingEdge(dut.clk_i)
        cycle += 1
        dut.feed_i.value = 0
    dut.fin_i.value = 1
    while True:
        await ReadOnly()
        if int(dut.tag_valid_o.value):
            tag = int(dut.tag_o.value)
            break
        await RisingEdge(dut.clk_i)
    await RisingEdge(dut.clk_i)
    dut.fin_i.value = 0
    await RisingEdge(dut.clk_i)
    return tag, fed


@cocotb.test()
async def poly1305_unit(dut):
    cocotb.start_soon(Clock(dut.clk_i, 10, unit="ns").start())
    for name in ("clear_i", "key_we_i", "feed_i", "fin_i"):
        getattr(dut, name).value = 0
    dut.rst_ni.value = 0
    for _ in range(2):
        await RisingEdge(dut.clk_i)
    dut.rst_ni.value = 1
    rng = random.Random(int(os.environ.get("POLY_SEED", "1")))
    cases = [(M128, M128, [M128] * 5), (CLAMP, 0, [M128, M128]), (1, 0, [0]), (0, M128, [M128]),
             (2, 3, [M128 - 4]), (CLAMP, M128, [0] * 3)]
    cases += [(rng.getrandbits(128), rng.getrandbits(128), [rng.getrandbits(128) for _ in range(rng.randrange(1, 7))])
              for _ in range(int(os.environ.get("POLY_CASES", "60")))]
    for i, (r, s, blocks) in enumerate(cases):
        dut.clear_i.value = 1
        await RisingEdge(dut.clk_i)
        dut.clear_i.value = 0
        tag, _ = await _tag(dut, r, s, blocks)
        assert tag == reference(r, s, blocks), f"case {i}: {tag:032x} != {reference(r, s, blocks):032x}"
