"""cocotb bench for rtl/aes/mccp_aes_round_key_store.sv (any NumKeys / Width / BlockRam).

A memory's reference is the data written to it: random writes to random (slot, index)
words; every clock the read port is checked against the last value written to the word
it addresses (a write shows on the read port from the next clock on).  Combinational
read: the word addressed now; registered read (BlockRam): the word addressed at the
previous clock, as it was after that clock's write, except that a read of the word
written in that same clock must come out undefined (X), as it would from the block RAM.
Words never written are not checked.

Knobs (environment): STORE_NUM_KEYS, STORE_WIDTH, STORE_BLOCK_RAM, STORE_OPS.
"""

from __future__ import annotations

import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, ReadOnly

NUM_KEYS = int(os.environ.get("STORE_NUM_KEYS", "1"))
WIDTH = int(os.environ.get("STORE_WIDTH", "128"))
BLOCK_RAM = os.environ.get("STORE_BLOCK_RAM", "0") == "1"
OPS = int(os.environ.get("STORE_OPS", "2000"))


@cocotb.test()
async def test_write_read(dut):
    rng = random.Random(7)
    cocotb.start_soon(Clock(dut.clk_i, 10, unit="ns").start())
    written: dict[tuple[int, int], int] = {}
    dut.we_i.value = 0
    dut.wsel_i.value = 0
    dut.rsel_i.value = 0
    dut.widx_i.value = 0
    dut.ridx_i.value = 0
    dut.wdata_i.value = 0
    checked = collisions = 0
    pending = None
    addressed = None   # registered read: (word, value expected, collided) of the last clock
    for _ in range(OPS):
        await FallingEdge(dut.clk_i)
        if pending is not None:      # the write of the previous clock is now in place
            written[pending[0]] = pending[1]
        if BLOCK_RAM and addressed is not None:
            word, collided = addressed
            if collided:
                assert not dut.rdata_o.value.is_resolvable, (
                    f"slot {word[0]} index {word[1]}: read while written shows "
                    f"{dut.rdata_o.value}, not undefined")
                collisions += 1
            elif word in written:
                got = int(dut.rdata_o.value)
                assert got == written[word], (
                    f"slot {word[0]} index {word[1]} (read a clock earlier): "
                    f"read {got:x}, written {written[word]:x}")
                checked += 1
        pending = None
        we = rng.random() < 0.5
        wsel, widx = rng.randrange(NUM_KEYS), rng.randrange(15)
        data = rng.getrandbits(WIDTH)
        # read a written word most of the time, sometimes the word being written
        if written and rng.random() < 0.8:
            rsel, ridx = rng.choice(list(written))
        else:
            rsel, ridx = wsel, widx
        dut.we_i.value = int(we)
        dut.wsel_i.value = wsel
        dut.widx_i.value = widx
        dut.wdata_i.value = data
        dut.rsel_i.value = rsel
        dut.ridx_i.value = ridx
        await ReadOnly()
        if not BLOCK_RAM and (rsel, ridx) in written:
            got = int(dut.rdata_o.value)
            assert got == written[(rsel, ridx)], (
                f"slot {rsel} index {ridx}: read {got:x}, written {written[(rsel, ridx)]:x}")
            checked += 1
        addressed = ((rsel, ridx), we and (rsel, ridx) == (wsel, widx))
        if we:
            pending = ((wsel, widx), data)
    assert checked > OPS // 4
    assert collisions > 0 or not BLOCK_RAM
    dut._log.info("store NumKeys=%d Width=%d BlockRam=%d: %d reads checked, %d collisions",
                  NUM_KEYS, WIDTH, BLOCK_RAM, checked, collisions)
