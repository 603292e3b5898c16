"""cocotb bench for the round-key port of rtl/aes/mccp_aes_engine_rk.sv (KeyExpand = 0).

The bench plays the writer of the port (what a key expander shared by several engines
does in the fabric): it writes round keys 0..Nr with rk_we_i / rk_idx_i / rk_i / rk_dec_i
and says rk_done_i with the key size rk_len_i.  The schedule comes from the FIPS-197 key
expansion of the Python model (src/mccp/model/aes.py), the decryption form from the
contract in mccp_aes_engine_rk.sv (InvMixColumns of the round key, rows 1 and 3 exchanged;
the plain round key with rows exchanged for round key Nr), computed here in Python.  These
are stimulus only: every expected block comes from the `cryptography` package (and the NIST
CAVP ECB files), never from a model of the RTL.

Checked on every clock, from the contract:
* in_ready_o is low in every cycle with rk_we_i, and whenever key_expanded_o is low; with
  the round keys in block RAM also in the cycle after a write;
* key_expanded_o is low from the cycle after a write until the cycle after rk_done_i, then
  high (low after reset; stays low after a done with rk_len_i == 3);
* key_error_o pulses exactly in the cycle after a done with rk_len_i == 3;
* key_ready_o is high exactly when no block is being computed, busy_o exactly when one is;
* results come out in order with the right data and error flag; with out_ready_i held high
  a block accepted in cycle t has out_valid_o in cycle t + Nr + 1, and back-to-back blocks
  are accepted every Nr + 1 cycles.

Knobs (environment, from tests/unit/test_aes_engine.py):
  AES_DECRYPT_ENABLE   "1"/"0": the DecryptEnable parameter of the build
  AES_RK_BLOCK_RAM     "1"/"0": the RoundKeysInBlockRam parameter of the build
  AES_RANDOM_BLOCKS    blocks of the randomized test
  AES_SEED             base seed
"""

from __future__ import annotations

import os
import random
from collections import deque

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, ReadOnly

from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from mccp.ref import vectors
from mccp.model.aes import expand_key, inv_mix_columns

DECRYPT_ENABLE = os.environ.get("AES_DECRYPT_ENABLE", "1") == "1"
RK_BLOCK_RAM = os.environ.get("AES_RK_BLOCK_RAM", "0") == "1"
RANDOM_BLOCKS = int(os.environ.get("AES_RANDOM_BLOCKS", "600"))
SEED = int(os.environ.get("AES_SEED", "2027"))

LEN_CODE = {16: 0, 24: 1, 32: 2}
ROUNDS = {0: 10, 1: 12, 2: 14}


def reference(key: bytes, block: bytes, decrypt: bool) -> bytes:
    cipher = Cipher(algorithms.AES(key), modes.ECB())
    op = cipher.decryptor() if decrypt else cipher.encryptor()
    return op.update(block) + op.finalize()


def swap_rows(block: bytes) -> bytes:
    """Rows 1 and 3 of every column exchanged (byte 4c + r is row r of column c)."""
    return bytes(block[4 * (i // 4) + (4 - i % 4) % 4] for i in range(16))


def port_schedule(key: bytes) -> list[tuple[int, int]]:
    """(rk, rk_dec) words to write at index 0..Nr, as the contract asks."""
    rks = expand_key(key)
    nr = len(rks) - 1
    out = []
    for i, rk in enumerate(rks):
        dec = swap_rows(rk) if i == nr else swap_rows(inv_mix_columns(rk))
        out.append((int.from_bytes(rk, "big"), int.from_bytes(dec, "big") if DECRYPT_ENABLE else 0))
    return out


class Schedule:
    """Writes of one schedule: [(idx, rk, rk_dec) or None for an idle cycle], then done."""

    def __init__(self, key: bytes, code: int | None = None, order: list[int] | None = None,
                 gaps: float = 0.0, done_apart: bool = False, rng: random.Random | None = None,
                 partial: int | None = None):
        self.key = key
        self.code = LEN_CODE[len(key)] if code is None else code
        words = port_schedule(key)
        idx = list(range(len(words))) if order is None else order
        self.has_done = partial is None          # a partial schedule ends without done
        if partial is not None:
            idx = idx[:partial]
        self.cycles: list = []
        for n, i in enumerate(idx):
            while n and rng is not None and rng.random() < gaps:   # idle cycles between writes
                self.cycles.append(None)
            self.cycles.append((i, *words[i]))
        self.done_apart = done_apart and self.has_done   # rk_done_i a cycle after the last write
        if self.done_apart:
            self.cycles.append(None)


class Block:
    def __init__(self, data: bytes, decrypt: bool, expect: bytes | None, error: bool, nr: int):
        self.data = int.from_bytes(data, "big")
        self.decrypt = decrypt
        self.expect = 0 if expect is None else int.from_bytes(expect, "big")
        self.error = error
        self.nr = nr
        self.accepted_at = -1


class RkTb:
    def __init__(self, dut, seed: int = SEED):
        self.dut = dut
        self.rng = random.Random(seed)
        self.items: deque = deque()
        self.scoreboard: deque = deque()
        self.key: bytes | None = None       # key of the last valid schedule queued
        self.in_stall = 0.0
        self.out_stall = 0.0
        self.cycle = 0
        self.offering = False
        self.writing: Schedule | None = None
        self.write_pos = 0
        self.expect_expanded = False         # key_expanded_o in this cycle
        self.wrote_last_cycle = False        # rk_we_i in the previous cycle
        self.error_due: int | None = None
        self.out_ready_steady = True         # out_ready_i high since the last idle output
        self.accepts: list[int] = []
        self.checked = 0

    # ---------------------------------------------------------------- stimulus
    def add_schedule(self, sched: Schedule):
        self.items.append(sched)
        if sched.code != 3:
            self.key = sched.key

    def add_block(self, data: bytes, decrypt: bool, expect: bytes | None = None, tag: str = ""):
        assert self.key is not None
        nr = ROUNDS[LEN_CODE[len(self.key)]]
        if decrypt and not DECRYPT_ENABLE:
            self.items.append(Block(data, decrypt, None, True, nr))
            return
        ref = reference(self.key, data, decrypt)
        if expect is not None:
            assert ref == expect, f"CAVP and cryptography disagree on {tag}"
        self.items.append(Block(data, decrypt, ref, False, nr))

    # ---------------------------------------------------------------- clocking

    async def expect_blocks_refused(self, clocks: int = 10) -> None:
        """Offer a block for `clocks` clocks while no complete schedule is held: never taken."""
        dut = self.dut
        await FallingEdge(dut.clk_i)
        dut.in_valid_i.value = 1
        for _ in range(clocks):
            await FallingEdge(dut.clk_i)
            await ReadOnly()
            assert int(dut.in_ready_o.value) == 0 and int(dut.key_expanded_o.value) == 0
        await FallingEdge(dut.clk_i)
        dut.in_valid_i.value = 0
        self.cycle += clocks + 2

    async def start(self):
        dut = self.dut
        cocotb.start_soon(Clock(dut.clk_i, 10, unit="ns").start())
        self.drive_idle()
        await FallingEdge(dut.clk_i)
        dut.rst_ni.value = 0
        for _ in range(3):
            await FallingEdge(dut.clk_i)
        dut.rst_ni.value = 1
        await ReadOnly()
        assert int(dut.key_expanded_o.value) == 0, "key_expanded_o after reset"
        assert int(dut.in_ready_o.value) == 0, "in_ready_o after reset"
        assert int(dut.busy_o.value) == 0 and int(dut.key_ready_o.value) == 1

    def drive_idle(self):
        dut = self.dut
        for name in ("key_valid_i", "key_len_i", "rk_we_i", "rk_idx_i", "rk_done_i", "rk_len_i",
                     "in_valid_i", "in_decrypt_i", "out_ready_i"):
            getattr(dut, name).value = 0
        dut.key_i.value = 0
        dut.rk_i.value = 0
        dut.rk_dec_i.value = 0
        dut.in_data_i.value = 0

    def computing(self, out_valid: int) -> int:
        return len(self.scoreboard) - out_valid

    async def step(self):
        dut = self.dut
        await FallingEdge(dut.clk_i)
        head = self.items[0] if self.items else None

        # A schedule starts when the engine computes no block (the bench's side of the
        # contract; key_ready_o is checked below to mean exactly that).
        we = done = 0
        if isinstance(head, Schedule) and self.writing is None and not self.scoreboard_computing:
            self.writing, self.write_pos = head, 0
        if self.writing is not None:
            sched = self.writing
            word = sched.cycles[self.write_pos]
            if word is not None:
                we = 1
                dut.rk_idx_i.value, dut.rk_i.value, dut.rk_dec_i.value = word
            done = int(sched.has_done and self.write_pos == len(sched.cycles) - 1)
            dut.rk_len_i.value = sched.code
        dut.rk_we_i.value = we
        dut.rk_done_i.value = done

        # The block after a schedule is already on offer while the schedule is written (it
        # must be refused until the schedule is complete).
        offer = head if isinstance(head, Block) else \
            (self.items[1] if self.writing is not None and len(self.items) > 1 and
             isinstance(self.items[1], Block) else None)
        if offer is not None:
            if not self.offering and self.rng.random() >= self.in_stall:
                self.offering = True
        else:
            self.offering = False
        dut.in_valid_i.value = int(self.offering)
        if self.offering:
            dut.in_decrypt_i.value = int(offer.decrypt)
            dut.in_data_i.value = offer.data
        out_ready = self.rng.random() >= self.out_stall
        dut.out_ready_i.value = int(out_ready)

        await ReadOnly()
        cyc = self.cycle
        in_ready = int(dut.in_ready_o.value)
        out_valid = int(dut.out_valid_o.value)
        expanded = int(dut.key_expanded_o.value)
        computing = len(self.scoreboard) - out_valid
        assert computing in (0, 1), f"clock {cyc}: {computing} blocks in flight"
        assert int(dut.busy_o.value) == computing, f"clock {cyc}: busy_o"
        assert int(dut.key_ready_o.value) == 1 - computing, f"clock {cyc}: key_ready_o"
        assert expanded == int(self.expect_expanded), \
            f"clock {cyc}: key_expanded_o {expanded}, expected {int(self.expect_expanded)}"
        if we or not expanded or self.writing is not None:
            assert in_ready == 0, f"clock {cyc}: in_ready_o during a schedule or without one"
        if RK_BLOCK_RAM and self.wrote_last_cycle:
            assert in_ready == 0, f"clock {cyc}: in_ready_o in the cycle after a round-key write"
        self.wrote_last_cycle = bool(we)
        if self.error_due == cyc:
            assert int(dut.key_error_o.value) == 1, f"clock {cyc}: key_error_o missing"
            self.error_due = None
        else:
            assert int(dut.key_error_o.value) == 0, f"clock {cyc}: unexpected key_error_o"

        # outputs
        if out_valid and out_ready:
            blk = self.scoreboard.popleft()
            data, err = int(dut.out_data_o.value), int(dut.out_error_o.value)
            assert (data, err) == (blk.expect, int(blk.error)), (
                f"clock {cyc}: decrypt={blk.decrypt}: got {data:032x} error {err}, "
                f"expected {blk.expect:032x} error {int(blk.error)}")
            if self.out_ready_steady and not blk.error:
                assert cyc == blk.accepted_at + blk.nr + 1, (
                    f"clock {cyc}: result of the block accepted in clock {blk.accepted_at} "
                    f"(Nr = {blk.nr}) after {cyc - blk.accepted_at} clocks")
            self.checked += 1
        if out_valid and not out_ready:
            self.out_ready_steady = False
        if not out_valid and not computing:
            self.out_ready_steady = True

        # key_expanded_o of the next cycle, and the writer's progress
        if done:
            self.expect_expanded = self.writing.code != 3
            if self.writing.code == 3:
                self.error_due = cyc + 1
        elif we:
            self.expect_expanded = False
        if self.writing is not None:
            self.write_pos += 1
            if self.write_pos == len(self.writing.cycles):
                self.items.popleft()
                self.writing = None
        if self.offering and in_ready:
            blk = self.items.popleft()
            assert blk is offer
            blk.accepted_at = cyc
            self.scoreboard.append(blk)
            self.accepts.append(cyc)
            self.offering = False
        self.cycle += 1

    @property
    def scoreboard_computing(self) -> bool:
        # A block accepted and not yet out; one waiting in the output register does not
        # hold a schedule back (the engine only refuses writes while it computes).
        return len(self.scoreboard) > 1 or (len(self.scoreboard) == 1 and
                                            not int(self.dut.out_valid_o.value))

    async def drain(self, limit: int = 200_000):
        start = self.cycle
        while self.items or self.scoreboard or self.writing is not None or \
                self.error_due is not None:
            await self.step()
            assert self.cycle - start < limit, "timeout: the engine stopped"

    async def idle(self, clocks: int):
        for _ in range(clocks):
            await self.step()


def random_key(rng: random.Random, code: int) -> bytes:
    return rng.randbytes({0: 16, 1: 24, 2: 32}[code])


# -------------------------------------------------------------------- tests


@cocotb.test()
async def test_all_sizes_both_directions(dut):
    """Schedules of all key sizes written through the port, blocks in both directions
    against cryptography, exact latency Nr + 1 and back-to-back rate Nr + 1."""
    tb = RkTb(dut)
    await tb.start()
    rng = random.Random(SEED + 1)
    for code in (0, 1, 2):
        key = random_key(rng, code)
        tb.add_schedule(Schedule(key))
        await tb.drain()
        nr = ROUNDS[code]
        directions = (False, True) if DECRYPT_ENABLE else (False,)
        for decrypt in directions:
            first = len(tb.accepts)
            for _ in range(12):
                tb.add_block(rng.randbytes(16), decrypt)
            await tb.drain()
            gaps = {b - a for a, b in zip(tb.accepts[first:], tb.accepts[first + 1:])}
            assert gaps == {nr + 1}, f"AES-{128 + 64 * code} decrypt={decrypt}: gaps {gaps}"
    assert tb.checked == 12 * 3 * (2 if DECRYPT_ENABLE else 1)


@cocotb.test()
async def test_cavp_sample(dut):
    """A few NIST CAVP ECB records of each file, schedules through the port."""
    tb = RkTb(dut, SEED + 2)
    await tb.start()
    for kind in ("GFSbox", "KeySbox", "VarKey", "MMT"):
        for bits in (128, 192, 256):
            name = f"ECB{kind}{bits}.rsp"
            recs = list(vectors.parse(vectors.aes_file("ECB", name)))
            picked = []
            for direction in ("encrypt", "decrypt"):
                sub = [r for r in recs if r["direction"] == direction]
                picked += sub[:2] + sub[-1:]
            for rec in picked:
                if tb.key != rec["key"]:
                    tb.add_schedule(Schedule(rec["key"]))
                decrypt = rec["direction"] == "decrypt"
                src, dst = (rec["ciphertext"], rec["plaintext"]) if decrypt else \
                           (rec["plaintext"], rec["ciphertext"])
                for i in range(0, len(src), 16):
                    tb.add_block(src[i:i + 16], decrypt, dst[i:i + 16], tag=f"{name}:{rec['count']}")
            await tb.drain()
    assert tb.checked > 0


@cocotb.test()
async def test_reload_and_random_traffic(dut):
    """Key reloads through the port between blocks (all sizes, random order of the writes,
    idle cycles between them, done with or after the last write), random stalls on both
    block handshakes, results held in the output register across a reload."""
    tb = RkTb(dut, SEED + 3)
    await tb.start()
    rng = random.Random(SEED + 4)
    blocks = loads = 0
    phase = 0
    while blocks < RANDOM_BLOCKS:
        tb.in_stall, tb.out_stall = [(0.0, 0.0), (0.4, 0.0), (0.0, 0.5), (0.3, 0.3)][phase % 4]
        phase += 1
        code = rng.randrange(3)
        key = random_key(rng, code)
        order = list(range(ROUNDS[code] + 1))
        if rng.random() < 0.5:
            rng.shuffle(order)
        tb.add_schedule(Schedule(key, order=order, gaps=rng.choice((0.0, 0.3)),
                                 done_apart=rng.random() < 0.3, rng=rng))
        loads += 1
        for _ in range(rng.randrange(1, 12)):
            tb.add_block(rng.randbytes(16), rng.random() < 0.5)
            blocks += 1
        while len(tb.items) > 3:
            await tb.step()
    await tb.drain()
    assert tb.checked == blocks
    dut._log.info("port reloads: %d schedules, %d blocks, %d clocks", loads, blocks, tb.cycle)


@cocotb.test()
async def test_blocks_refused_until_complete(dut):
    """Blocks on offer are refused (in_ready_o low) after reset, during the writes of a
    schedule and until the cycle after rk_done_i; key size 3 at done: key_error_o and no
    key; writes without done leave no key; a valid schedule then works again."""
    tb = RkTb(dut, SEED + 5)
    await tb.start()
    rng = random.Random(SEED + 6)
    # after reset: a block on offer is not taken
    await FallingEdge(dut.clk_i)
    dut.in_valid_i.value = 1
    for _ in range(20):
        await FallingEdge(dut.clk_i)
        await ReadOnly()
        assert int(dut.in_ready_o.value) == 0, "in_ready_o before any schedule"
    await FallingEdge(dut.clk_i)
    dut.in_valid_i.value = 0
    # slow writes while the next block is on offer; it goes in right after done
    for code in (0, 1, 2):
        tb.add_schedule(Schedule(random_key(rng, code), gaps=0.5, rng=rng,
                                 done_apart=code == 1))
        tb.add_block(rng.randbytes(16), DECRYPT_ENABLE and code != 1)
        await tb.drain()
        blk_at = tb.accepts[-1]
        assert tb.expect_expanded
        # the block was accepted in the first cycle key_expanded_o was high
        dut._log.info("AES-%d: block accepted in clock %d", 128 + 64 * code, blk_at)
    # key size 3 with done: error, no key, blocks refused; the next schedule recovers
    tb.add_schedule(Schedule(random_key(rng, 0), code=3))
    await tb.drain()
    await tb.expect_blocks_refused()
    key = random_key(rng, 1)
    tb.add_schedule(Schedule(key))
    for _ in range(4):
        tb.add_block(rng.randbytes(16), rng.random() < 0.5)
    await tb.drain()
    # writes without done: no key, blocks refused
    tb.add_schedule(Schedule(random_key(rng, 2), partial=6))
    await tb.drain()
    await tb.expect_blocks_refused()
    # and a complete schedule works again
    tb.key = None
    tb.add_schedule(Schedule(random_key(rng, 0)))
    for _ in range(3):
        tb.add_block(rng.randbytes(16), rng.random() < 0.5)
    await tb.drain()
    assert tb.checked == 3 + 4 + 3
