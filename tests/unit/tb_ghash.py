"""cocotb bench for rtl/aes/mccp_ghash.sv.

The bench keeps its own model of the unit's *specified* behaviour and checks it
on every clock:

* values: Y follows ``Y := (Y xor X) * H`` computed with the SP 800-38D
  Algorithm 1 bit-serial multiply (mccp.model.ghash.gf128_mul_bitserial), which
  shares nothing with the RTL's digit-serial structure; y_o must equal it
  whenever busy_o is low;
* timing: an accepted block keeps the unit busy for exactly 128/DigitBits clocks
  and in_ready_o rises in the last of them (back-to-back streaming);
* h_we_i / clear_i act only while busy_o is low, before a block accepted in the
  same clock.

GCM tags of CAVP gcmEncryptExtIV records close the loop: the RTL computes
S = GHASH_H(A || C || lengths) (and J0 for IVs that are not 96 bits), the test
adds E(K, J0) from `cryptography` and compares with the CAVP Tag.

Knobs (environment, set by tests/unit/test_ghash.py): GHASH_DIGIT_BITS,
GHASH_GCM_VECTORS (records per run), GHASH_RANDOM_BLOCKS.
"""

from __future__ import annotations

import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from mccp.ref import vectors
from mccp.model.ghash import blocks_of, gcm_blocks, gf128_mul_bitserial

MASK128 = (1 << 128) - 1
DIGIT_BITS = int(os.environ.get("GHASH_DIGIT_BITS", "32"))
STEPS = -(-128 // DIGIT_BITS)   # ceil: a digit size that does not divide 128 has a partial first digit
GCM_VECTORS = int(os.environ.get("GHASH_GCM_VECTORS", "36"))
RANDOM_BLOCKS = int(os.environ.get("GHASH_RANDOM_BLOCKS", "120"))
GCM_FILES = ("gcmEncryptExtIV128.rsp", "gcmEncryptExtIV192.rsp", "gcmEncryptExtIV256.rsp")


class GhashTb:
    """Drives the inputs between clock edges and checks the outputs every clock."""

    def __init__(self, dut):
        self.dut = dut
        self.cycle = 0
        # the specification's state
        self.h = 0
        self.y = 0
        self.remaining = 0          # busy clocks left for the block in flight
        self.accepts: list[int] = []

    async def reset(self):
        dut = self.dut
        cocotb.start_soon(Clock(dut.clk_i, 10, unit="ns").start())
        self.drive()
        dut.rst_ni.value = 0
        await FallingEdge(dut.clk_i)
        await FallingEdge(dut.clk_i)
        dut.rst_ni.value = 1
        await FallingEdge(dut.clk_i)
        self.check()

    def drive(self, valid=0, data=0, h_we=0, h=0, clear=0):
        dut = self.dut
        dut.in_valid_i.value = valid
        dut.in_data_i.value = data
        dut.h_we_i.value = h_we
        dut.h_i.value = h
        dut.clear_i.value = clear

    def busy(self) -> bool:
        return bool(int(self.dut.busy_o.value))

    def ready(self) -> bool:
        return bool(int(self.dut.in_ready_o.value))

    def y_out(self) -> int:
        return int(self.dut.y_o.value)

    async def tick(self, valid=0, data=0, h_we=0, h=0, clear=0) -> bool:
        """Apply inputs for one rising edge; update the model; check. Returns
        whether a block was accepted at that edge."""
        self.drive(valid, data, h_we, h, clear)
        idle = not self.busy()
        fire = bool(valid) and self.ready()
        last_next = int(self.dut.last_next_o.value)
        await FallingEdge(self.dut.clk_i)
        self.cycle += 1
        if self.remaining:
            self.remaining -= 1
        if idle:
            if clear:
                self.y = 0
            if h_we:
                self.h = h
        if fire:
            self.y = gf128_mul_bitserial(self.y ^ data, self.h)
            self.remaining = STEPS
            self.accepts.append(self.cycle)
        self.check()
        if self.busy():
            # last_next_o said a cycle ahead whether this clock finishes a block
            assert int(self.dut.last_o.value) == last_next, \
                f"cycle {self.cycle}: last_o={int(self.dut.last_o.value)}, last_next_o was {last_next}"
        return fire

    def check(self):
        busy, ready = self.busy(), self.ready()
        assert busy == (self.remaining > 0), \
            f"cycle {self.cycle}: busy_o={busy}, expected {self.remaining > 0} ({self.remaining} clocks left)"
        assert ready == (self.remaining <= 1), \
            f"cycle {self.cycle}: in_ready_o={ready} with {self.remaining} busy clocks left"
        if busy:
            assert int(self.dut.last_o.value) == (self.remaining == 1), \
                f"cycle {self.cycle}: last_o={int(self.dut.last_o.value)} with {self.remaining} busy clocks left"
        if not busy:
            assert self.y_out() == self.y, \
                f"cycle {self.cycle}: y_o={self.y_out():032x}, expected {self.y:032x}"

    # -------------------------------------------------------- operations

    async def wait_idle(self) -> int:
        n = 0
        while self.busy():
            await self.tick()
            n += 1
        return n

    async def load_h(self, h: int):
        await self.wait_idle()
        await self.tick(h_we=1, h=h)

    async def clear(self):
        await self.wait_idle()
        await self.tick(clear=1)

    async def absorb(self, blocks, rng=None, stall=0.0):
        """Offer each block until accepted; with `stall`, drop valid at random."""
        for x in blocks:
            while True:
                if rng is not None and rng.random() < stall:
                    await self.tick(valid=0, data=rng.getrandbits(128))
                    continue
                if await self.tick(valid=1, data=x):
                    break

    async def ghash(self, h: int, blocks) -> int:
        await self.load_h(h)
        await self.clear()
        await self.absorb(blocks)
        await self.wait_idle()
        return self.y_out()


def aes_ecb(key: bytes, block: int) -> int:
    enc = Cipher(algorithms.AES(key), modes.ECB()).encryptor()
    return int.from_bytes(enc.update(block.to_bytes(16, "big")) + enc.finalize(), "big")


# ------------------------------------------------------------------ tests

@cocotb.test()
async def reset_state(dut):
    tb = GhashTb(dut)
    await tb.reset()
    assert not tb.busy() and tb.ready() and tb.y_out() == 0
    # H has no reset value (rtl/aes/mccp_ghash.sv): H = 0 written, any block gives Y = 0
    await tb.load_h(0)
    await tb.absorb([MASK128])
    await tb.wait_idle()
    assert tb.y_out() == 0


@cocotb.test()
async def back_to_back_cycles(dut):
    """valid held high: one block every 128/DigitBits clocks, no bubble; result
    ready exactly 128/DigitBits clocks after the last accepting edge."""
    tb = GhashTb(dut)
    await tb.reset()
    rng = random.Random(10 + DIGIT_BITS)
    await tb.load_h(rng.getrandbits(128))
    n = 12
    blocks = [rng.getrandbits(128) for _ in range(n)]
    tb.accepts.clear()
    start = tb.cycle
    await tb.absorb(blocks)
    assert len(tb.accepts) == n
    assert tb.accepts[0] == start + 1, "an idle unit must accept at once"
    gaps = {b - a for a, b in zip(tb.accepts, tb.accepts[1:])}
    assert gaps == {STEPS}, f"intervals between accepted blocks {gaps}, expected {{{STEPS}}}"
    assert await tb.wait_idle() == STEPS
    expect = 0
    for x in blocks:
        expect = gf128_mul_bitserial(expect ^ x, tb.h)
    assert tb.y_out() == expect
    dut._log.info("DigitBits=%d: %d clocks per block back to back", DIGIT_BITS, STEPS)


@cocotb.test()
async def random_mac_with_stalls(dut):
    """Random sequences: blocks with random valid gaps, H reloads and clears,
    including requests while busy (which must be ignored) and in the same clock
    as an accepted block."""
    tb = GhashTb(dut)
    await tb.reset()
    rng = random.Random(20 + DIGIT_BITS)
    await tb.load_h(rng.getrandbits(128))
    accepted = 0
    while accepted < RANDOM_BLOCKS:
        mode = rng.random()
        stall = 0.0 if mode < 0.3 else (0.3 if mode < 0.8 else 0.9)
        for _ in range(rng.randrange(1, 40)):
            valid = int(rng.random() >= stall)
            h_we = int(rng.random() < 0.04)
            clear = int(rng.random() < 0.04)
            if await tb.tick(valid=valid, data=rng.getrandbits(128), h_we=h_we,
                             h=rng.getrandbits(128), clear=clear):
                accepted += 1
        await tb.wait_idle()
    assert accepted >= RANDOM_BLOCKS


@cocotb.test()
async def clear_and_h_reload(dut):
    tb = GhashTb(dut)
    await tb.reset()
    rng = random.Random(30 + DIGIT_BITS)
    h1, h2 = rng.getrandbits(128), rng.getrandbits(128)
    x1, x2, x3 = (rng.getrandbits(128) for _ in range(3))
    await tb.load_h(h1)
    await tb.absorb([x1])
    await tb.wait_idle()
    assert tb.y_out() == gf128_mul_bitserial(x1, h1)
    # new H, Y kept
    await tb.load_h(h2)
    assert tb.y_out() == gf128_mul_bitserial(x1, h1)
    await tb.absorb([x2])
    await tb.wait_idle()
    assert tb.y_out() == gf128_mul_bitserial(gf128_mul_bitserial(x1, h1) ^ x2, h2)
    # clear
    await tb.clear()
    assert tb.y_out() == 0
    # clear and a block in the same clock: Y = X * H
    await tb.tick(valid=1, data=x3, clear=1)
    await tb.wait_idle()
    assert tb.y_out() == gf128_mul_bitserial(x3, h2)
    # H load and a block in the same clock: the block uses the new H
    await tb.tick(valid=1, data=x1, h_we=1, h=h1)
    await tb.wait_idle()
    assert tb.y_out() == gf128_mul_bitserial(gf128_mul_bitserial(x3, h2) ^ x1, h1)
    # requests while busy are ignored (the model only applies them when idle)
    if STEPS > 1:
        before = tb.y_out()
        await tb.tick(valid=1, data=x2)
        await tb.tick(h_we=1, h=h2, clear=1)
        await tb.wait_idle()
        assert tb.y_out() == gf128_mul_bitserial(before ^ x2, h1)


@cocotb.test()
async def gcm_cavp_tags(dut):
    """S = GHASH_H(A || C || lengths) on the RTL (and J0 for other IV lengths),
    tag = E(K, J0) xor S, compared with the CAVP gcmEncryptExtIV Tag."""
    tb = GhashTb(dut)
    await tb.reset()
    per_file = max(1, GCM_VECTORS // len(GCM_FILES))
    checked = 0
    iv_lengths = set()
    for name in GCM_FILES:
        recs = list(vectors.parse(vectors.aes_file("GCM", name)))
        rng = random.Random(name)
        for rec in rng.sample(recs, per_file):
            key, iv = rec["key"], rec["iv"]
            h = aes_ecb(key, 0)
            if len(iv) == 12:
                j0 = (int.from_bytes(iv, "big") << 32) | 1
            else:
                j0 = await tb.ghash(h, blocks_of(iv) + [len(iv) * 8])
            s = await tb.ghash(h, gcm_blocks(rec["aad"], rec["ct"]))
            tag = (aes_ecb(key, j0) ^ s).to_bytes(16, "big")
            assert tag[:len(rec["tag"])] == rec["tag"], f"{name} Count={rec['count']}"
            checked += 1
            iv_lengths.add(len(iv))
    dut._log.info("%d CAVP GCM tags match (IV lengths %s bytes)", checked, sorted(iv_lengths))
    assert checked == per_file * len(GCM_FILES)
