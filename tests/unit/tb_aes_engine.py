"""cocotb bench for rtl/aes/mccp_aes_engine.sv.

Every expected value comes from an independent reference: the NIST CAVP ECB files
(cryptography-vectors) or the `cryptography` package (OpenSSL) -- never from a model
of the RTL.  The bench drives the inputs after each falling clock edge, samples the
settled outputs (ReadOnly) before the next rising edge and decides from them which
handshakes happen at that edge.  A scoreboard checks that results come out in order
and with the right value and error flag.

Checked on every clock, from the interface contract in mccp_aes_engine.sv:
* out_data_o / out_error_o of every accepted output against the reference;
* key_error_o pulses exactly in the clock after a key load with key_len_i == 3 and
  never otherwise; such a load keeps the previous key (later blocks use it);
* key_expanded_o drops in the clock after a valid key load and in_ready_o stays low
  while it is low, while key_valid_i is high, and after reset until a key is loaded;
* key_ready_o is low while a block is being computed (accepted, result not yet out);
* busy_o is high exactly while a key is expanded or a block computed;
* with back-to-back blocks (no stalls) consecutive blocks are accepted exactly
  Nr + 1 = 11/13/15 clocks apart, and a block accepted in clock t has its result
  (out_valid_o) in clock t + Nr + 1, counted in simulated clocks.

Knobs (environment, set by tests/unit/test_aes_engine.py):
  AES_DECRYPT_ENABLE   "1"/"0": the DecryptEnable parameter of the build
  AES_CAVP             "all" (every ECB file), "sample" (a few records per file), "none"
  AES_RANDOM_BLOCKS    blocks of the randomized differential test (at least)
  AES_RANDOM_KEYS      keys loaded in it (at least)
  AES_RATE_BLOCKS      back-to-back blocks per key size and direction in the rate test
  AES_SEED             base seed of the random tests
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

DECRYPT_ENABLE = os.environ.get("AES_DECRYPT_ENABLE", "1") == "1"
CAVP_MODE = os.environ.get("AES_CAVP", "all")
RANDOM_BLOCKS = int(os.environ.get("AES_RANDOM_BLOCKS", "3000"))
RANDOM_KEYS = int(os.environ.get("AES_RANDOM_KEYS", "1000"))
RATE_BLOCKS = int(os.environ.get("AES_RATE_BLOCKS", "24"))
SEED = int(os.environ.get("AES_SEED", "2026"))

ECB_KINDS = ("GFSbox", "KeySbox", "VarKey", "VarTxt", "MMT")
KEY_BYTES = {0: 16, 1: 24, 2: 32}
LEN_CODE = {16: 0, 24: 1, 32: 2}
ROUNDS = {0: 10, 1: 12, 2: 14}   # FIPS-197 Nr; the bound is Nr + 1 clocks per block


def reference(key: bytes, block: bytes, decrypt: bool) -> bytes:
    cipher = Cipher(algorithms.AES(key), modes.ECB())
    op = cipher.decryptor() if decrypt else cipher.encryptor()
    return op.update(block) + op.finalize()


class KeyLoad:
    def __init__(self, key: bytes, code: int):
        self.key = key
        self.code = code
        self.value = int.from_bytes(key.ljust(32, b"\0"), "big")


class Block:
    def __init__(self, data: bytes, decrypt: bool, expect: bytes | None, error: bool, tag: str):
        self.data = int.from_bytes(data, "big")
        self.decrypt = decrypt
        self.expect = 0 if expect is None else int.from_bytes(expect, "big")
        self.error = error
        self.tag = tag
        self.accepted_at = -1


class AesTb:
    def __init__(self, dut, seed: int = SEED):
        self.dut = dut
        self.rng = random.Random(seed)
        self.items: deque = deque()       # stimulus, in order: KeyLoad or Block
        self.scoreboard: deque = deque()  # accepted blocks awaiting their result
        self.key: bytes | None = None     # key the engine must use for the next block
        self.in_stall = 0.0               # probability of idling the input for a clock
        self.out_stall = 0.0              # probability of out_ready_i low for a clock
        self.cycle = 0
        self.offering = False
        self.expanding_since: int | None = None
        self.error_due: int | None = None
        self.has_key = False
        self.accepted = 0
        self.consumed = 0
        self.in_fires: list[tuple[int, int]] = []   # (clock, key size code in force)
        self.latencies: list[tuple[int, int]] = []  # (clocks accept -> result, key code)
        self.expansion_cycles: dict[int, int] = {}
        self.checked = 0
        self.key_code = 0

    # ---------------------------------------------------------------- stimulus
    def add_key(self, key: bytes, code: int | None = None):
        code = LEN_CODE[len(key)] if code is None else code
        self.items.append(KeyLoad(key, code))
        if code != 3:
            self.key = key

    def add_block(self, data: bytes, decrypt: bool, expect: bytes | None = None, tag: str = ""):
        """Queue a block; the expected result comes from `expect` (a CAVP value) or from
        the `cryptography` package with the key in force at this point of the stream."""
        assert self.key is not None
        if decrypt and not DECRYPT_ENABLE:
            self.items.append(Block(data, decrypt, None, True, tag))
            return
        ref = reference(self.key, data, decrypt)
        if expect is not None:
            assert ref == expect, f"CAVP and cryptography disagree on {tag}"
        self.items.append(Block(data, decrypt, ref, False, tag))

    # ---------------------------------------------------------------- clocking
    async def start(self):
        dut = self.dut
        cocotb.start_soon(Clock(dut.clk_i, 10, unit="ns").start())
        self.drive_idle()
        await self.reset()

    def drive_idle(self):
        dut = self.dut
        dut.key_valid_i.value = 0
        dut.key_i.value = 0
        dut.key_len_i.value = 0
        dut.in_valid_i.value = 0
        dut.in_decrypt_i.value = 0
        dut.in_data_i.value = 0
        dut.out_ready_i.value = 0

    async def reset(self, clocks: int = 3):
        """Assert rst_ni for some clocks (inputs idle) and forget the bench state."""
        dut = self.dut
        await FallingEdge(dut.clk_i)
        dut.rst_ni.value = 0
        self.drive_idle()
        for _ in range(clocks):
            await FallingEdge(dut.clk_i)
        dut.rst_ni.value = 1
        self.items.clear()
        self.scoreboard.clear()
        self.key = None
        self.offering = False
        self.expanding_since = None
        self.error_due = None
        self.has_key = False
        self.accepted = self.consumed = 0
        await ReadOnly()
        self.check_idle_after_reset()

    def check_idle_after_reset(self):
        dut = self.dut
        assert int(dut.key_expanded_o.value) == 0, "key_expanded_o after reset"
        assert int(dut.out_valid_o.value) == 0, "out_valid_o after reset"
        assert int(dut.in_ready_o.value) == 0, "in_ready_o without a key"
        assert int(dut.busy_o.value) == 0, "busy_o after reset"
        assert int(dut.key_ready_o.value) == 1, "key_ready_o after reset"
        assert int(dut.key_error_o.value) == 0, "key_error_o after reset"

    async def step(self):
        """One clock: drive after the falling edge, check the settled outputs."""
        dut = self.dut
        await FallingEdge(dut.clk_i)
        head = self.items[0] if self.items else None
        key_valid = isinstance(head, KeyLoad)
        if isinstance(head, Block):
            if not self.offering and self.rng.random() >= self.in_stall:
                self.offering = True
        else:
            self.offering = False
        out_ready = self.rng.random() >= self.out_stall

        dut.key_valid_i.value = int(key_valid)
        if key_valid:
            dut.key_i.value = head.value
            dut.key_len_i.value = head.code
        dut.in_valid_i.value = int(self.offering)
        if self.offering:
            dut.in_decrypt_i.value = int(head.decrypt)
            dut.in_data_i.value = head.data
        dut.out_ready_i.value = int(out_ready)

        await ReadOnly()
        key_ready = int(dut.key_ready_o.value)
        in_ready = int(dut.in_ready_o.value)
        out_valid = int(dut.out_valid_o.value)
        key_expanded = int(dut.key_expanded_o.value)
        key_error = int(dut.key_error_o.value)
        busy = int(dut.busy_o.value)
        cyc = self.cycle

        # key_error_o: exactly one clock after a rejected load
        if self.error_due == cyc:
            assert key_error == 1, f"clock {cyc}: key_error_o missing after key_len 3"
            self.error_due = None
        else:
            assert key_error == 0, f"clock {cyc}: unexpected key_error_o"

        # key expansion: key_expanded_o low from the clock after the load until done
        if self.expanding_since is not None:
            if cyc == self.expanding_since + 1:
                assert key_expanded == 0, f"clock {cyc}: key_expanded_o still high after a load"
            elif key_expanded:
                self.expansion_cycles[self.key_code] = cyc - self.expanding_since
                self.expanding_since = None
                self.has_key = True
        else:
            assert key_expanded == int(self.has_key), f"clock {cyc}: key_expanded_o {key_expanded}"

        computing = self.accepted - self.consumed - out_valid
        assert computing in (0, 1), f"clock {cyc}: {computing} blocks in flight"
        assert busy == int(self.expanding_since is not None or computing == 1), \
            f"clock {cyc}: busy_o {busy}, expanding {self.expanding_since}, computing {computing}"
        if computing:
            assert key_ready == 0, f"clock {cyc}: key_ready_o while a block is computed"
        if not key_expanded or key_valid:
            assert in_ready == 0, f"clock {cyc}: in_ready_o without a usable key"

        # handshakes at the coming rising edge
        if out_valid and out_ready:
            assert self.scoreboard, f"clock {cyc}: output without an accepted block"
            blk = self.scoreboard.popleft()
            data = int(dut.out_data_o.value)
            err = int(dut.out_error_o.value)
            assert (data, err) == (blk.expect, int(blk.error)), (
                f"clock {cyc}: block {blk.tag} decrypt={blk.decrypt}: got {data:032x} error {err}, "
                f"expected {blk.expect:032x} error {int(blk.error)}")
            self.consumed += 1
            self.checked += 1
            self.latencies.append((cyc - blk.accepted_at, self.key_code))
        if key_valid and key_ready:
            self.items.popleft()
            self.key_code = head.code
            if head.code == 3:
                self.error_due = cyc + 1
            else:
                self.expanding_since = cyc
                self.has_key = False
        if self.offering and in_ready:
            self.items.popleft()
            head.accepted_at = cyc
            self.scoreboard.append(head)
            self.offering = False
            self.accepted += 1
            self.in_fires.append((cyc, self.key_code))
        self.cycle += 1

    async def drain(self, limit: int = 200_000):
        """Clock until every queued item went in and every result came out."""
        start = self.cycle
        while self.items or self.scoreboard or self.expanding_since is not None \
                or self.error_due is not None:
            await self.step()
            assert self.cycle - start < limit, "timeout: the engine stopped"

    async def idle(self, clocks: int):
        for _ in range(clocks):
            await self.step()


def random_key(rng: random.Random, code: int) -> bytes:
    return rng.randbytes(KEY_BYTES[code])


def cavp_records(sample: bool):
    for kind in ECB_KINDS:
        for bits in (128, 192, 256):
            name = f"ECB{kind}{bits}.rsp"
            recs = list(vectors.parse(vectors.aes_file("ECB", name)))
            if sample:
                # first and last record of each direction
                picked = []
                for direction in ("encrypt", "decrypt"):
                    sub = [r for r in recs if r["direction"] == direction]
                    picked += sub[:1] + sub[-1:]
                recs = picked
            for rec in recs:
                yield name, rec


# -------------------------------------------------------------------- tests


@cocotb.test(skip=CAVP_MODE == "none")
async def test_cavp_ecb(dut):
    """NIST CAVP ECB KAT and MMT files, AES-128/192/256, [ENCRYPT] and [DECRYPT]."""
    tb = AesTb(dut)
    await tb.start()
    n_rec = 0
    for name, rec in cavp_records(CAVP_MODE == "sample"):
        if tb.key != rec["key"]:
            tb.add_key(rec["key"])
        decrypt = rec["direction"] == "decrypt"
        src, dst = (rec["ciphertext"], rec["plaintext"]) if decrypt else \
                   (rec["plaintext"], rec["ciphertext"])
        for i in range(0, len(src), 16):
            tb.add_block(src[i:i + 16], decrypt, dst[i:i + 16],
                         tag=f"{name}:{rec['direction']}:{rec['count']}:{i // 16}")
        n_rec += 1
        if len(tb.items) > 64:
            # keep the stream going while the queue is refilled
            while len(tb.items) > 8:
                await tb.step()
    await tb.drain()
    dut._log.info("CAVP: %d records, %d blocks checked, %d clocks", n_rec, tb.checked, tb.cycle)
    assert tb.checked > 0


@cocotb.test()
async def test_random_streams(dut):
    """Random keys of all sizes, random blocks, both directions, random stalls on
    in_valid_i and out_ready_i, key reloads (and rejected loads) between blocks."""
    tb = AesTb(dut, SEED + 1)
    await tb.start()
    rng = random.Random(SEED + 2)
    blocks = loads = rejected = 0
    phase = 0
    while blocks < RANDOM_BLOCKS or loads < RANDOM_KEYS:
        # stall mix changes per key: none, input only, output only, both
        tb.in_stall, tb.out_stall = [(0.0, 0.0), (0.5, 0.0), (0.0, 0.6), (0.3, 0.3)][phase % 4]
        phase += 1
        if tb.key is not None and rng.random() < 0.05:
            tb.add_key(rng.randbytes(32), 3)     # rejected: the old key stays
            rejected += 1
        code = rng.randrange(3)
        tb.add_key(random_key(rng, code))
        loads += 1
        # mostly short runs (many keys), sometimes long streams
        run = rng.randrange(1, 40) if rng.random() < 0.1 else rng.randrange(1, 4)
        for _ in range(run):
            tb.add_block(rng.randbytes(16), rng.random() < 0.5, tag=f"rnd{blocks}")
            blocks += 1
        while len(tb.items) > 4:
            await tb.step()
    await tb.drain()
    assert tb.checked == blocks
    dut._log.info("random: %d blocks, %d keys, %d rejected loads, %d clocks",
                  blocks, loads, rejected, tb.cycle)


@cocotb.test()
async def test_back_to_back_rate(dut):
    """No stalls: consecutive blocks are accepted exactly Nr + 1 clocks apart and each
    result comes Nr + 1 clocks after its block was accepted."""
    tb = AesTb(dut, SEED + 3)
    await tb.start()
    rng = random.Random(SEED + 4)
    per_block: dict[tuple[int, bool], set[int]] = {}
    for code in (0, 1, 2):
        directions = (False, True) if DECRYPT_ENABLE else (False,)
        for decrypt in directions + (None,):  # None: directions mixed block by block
            tb.add_key(random_key(rng, code))
            await tb.drain()
            first = len(tb.in_fires)
            first_out = len(tb.latencies)
            n = RATE_BLOCKS
            for _ in range(n):
                d = bool(rng.getrandbits(1)) and DECRYPT_ENABLE if decrypt is None else decrypt
                tb.add_block(rng.randbytes(16), d)
            await tb.drain()
            fires = [c for c, _ in tb.in_fires[first:]]
            assert len(fires) == n
            gaps = {b - a for a, b in zip(fires, fires[1:])}
            per_block[(code, decrypt)] = gaps
            assert gaps == {ROUNDS[code] + 1}, (
                f"AES-{128 + 64 * code} decrypt={decrypt}: {sorted(gaps)} clocks per block, "
                f"expected {ROUNDS[code] + 1}")
            lat = {n for n, _ in tb.latencies[first_out:]}
            assert lat == {ROUNDS[code] + 1}, (
                f"AES-{128 + 64 * code} decrypt={decrypt}: results {sorted(lat)} clocks after "
                f"the accept, expected {ROUNDS[code] + 1}")
    for (code, decrypt), gaps in per_block.items():
        dut._log.info("AES-%d decrypt=%s: clocks per block %s",
                      128 + 64 * code, decrypt, sorted(gaps))
    dut._log.info("key expansion clocks (load to key_expanded_o): %s",
                  {128 + 64 * c: n for c, n in sorted(tb.expansion_cycles.items())})


@cocotb.test()
async def test_no_key_and_invalid_key(dut):
    """No block is accepted before a key is expanded; key_len 3 is rejected with a
    one-clock key_error_o, keeps the previous key, and leaves no key after reset."""
    tb = AesTb(dut, SEED + 5)
    await tb.start()
    rng = random.Random(SEED + 6)
    await FallingEdge(dut.clk_i)
    dut.in_valid_i.value = 1
    dut.in_data_i.value = 0
    for _ in range(20):
        await FallingEdge(dut.clk_i)
        await ReadOnly()
        assert int(dut.in_ready_o.value) == 0, "in_ready_o before any key"
        assert int(dut.key_expanded_o.value) == 0
    await FallingEdge(dut.clk_i)
    dut.in_valid_i.value = 0
    # an invalid load as the first load: still no key
    tb.add_key(rng.randbytes(32), 3)
    await tb.drain()
    await tb.idle(5)
    assert not tb.has_key and int(dut.key_expanded_o.value) == 0
    # a valid key, blocks, an invalid load, more blocks with the old key
    for code in (0, 1, 2):
        tb.add_key(random_key(rng, code))
        for _ in range(3):
            tb.add_block(rng.randbytes(16), False)
        tb.add_key(rng.randbytes(32), 3)
        tb.add_key(rng.randbytes(32), 3)
        for _ in range(3):
            tb.add_block(rng.randbytes(16), bool(rng.getrandbits(1)))
        await tb.drain()
        assert int(dut.key_expanded_o.value) == 1


@cocotb.test()
async def test_key_reload_with_pending_output(dut):
    """A key load is held off while a block computes but not by a result waiting in the
    output register; that result survives the expansion; the next block (new key)
    waits for the output register to empty."""
    tb = AesTb(dut, SEED + 7)
    await tb.start()
    rng = random.Random(SEED + 8)
    tb.out_stall = 1.0           # hold the outputs back
    tb.add_key(random_key(rng, 2))
    tb.add_block(rng.randbytes(16), False, tag="old-key")
    tb.add_key(random_key(rng, 0))
    tb.add_block(rng.randbytes(16), DECRYPT_ENABLE, tag="new-key")
    for _ in range(400):
        if len(tb.items) == 1:
            break
        await tb.step()          # key, block, key go in; the first result waits
    assert len(tb.items) == 1 and len(tb.scoreboard) == 1
    await tb.idle(150)           # expansion done; the second block still waits
    assert len(tb.items) == 1 and int(dut.out_valid_o.value) == 1
    tb.out_stall = 0.0
    await tb.drain()
    # reload between every block, both directions
    for i in range(12):
        tb.add_key(random_key(rng, i % 3))
        tb.add_block(rng.randbytes(16), bool(i & 1))
    await tb.drain()


@cocotb.test()
async def test_decrypt_disabled_error(dut):
    """Decrypt requests: out_error_o = 1 and data 0 on an encrypt-only engine (in order
    with encryptions); on an engine with decryption, out_error_o stays 0."""
    tb = AesTb(dut, SEED + 9)
    await tb.start()
    rng = random.Random(SEED + 10)
    tb.in_stall, tb.out_stall = 0.2, 0.4
    for code in (0, 1, 2):
        tb.add_key(random_key(rng, code))
        for _ in range(30):
            tb.add_block(rng.randbytes(16), rng.random() < 0.5)
    await tb.drain()


@cocotb.test()
async def test_reset_in_the_middle(dut):
    """Reset during a key expansion and during a block: everything idles, no key is
    held, and the engine works again after a new key."""
    tb = AesTb(dut, SEED + 11)
    await tb.start()
    rng = random.Random(SEED + 12)
    for where in (5, 40, 3):     # clocks after the load: expanding, ..., ...
        tb.add_key(random_key(rng, 2))
        await tb.idle(where)     # reset while expanding
        await tb.reset()
        await tb.idle(4)
        assert not tb.has_key
        tb.add_key(random_key(rng, 1))
        await tb.drain()
        for _ in range(3):
            tb.add_block(rng.randbytes(16), bool(rng.getrandbits(1)))
        await tb.idle(where % 7 + 2)   # reset while blocks are in flight
        await tb.reset()
        await tb.idle(4)
        tb.add_key(random_key(rng, 0))
        for _ in range(5):
            tb.add_block(rng.randbytes(16), bool(rng.getrandbits(1)))
        await tb.drain()
