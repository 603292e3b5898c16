"""cocotb bench for rtl/fabric/mccp_key_store.sv (any KeySlots).

The reference is a cycle model of the behaviour documented in the module header and
docs/fabric.md "Key store" (written here from that text): staging words (cleared by
every command but op 0, done or refused; a commit needs every word of its size
written since), commands done in their cycle, a KeySlots-cycle sweep after reset, after
zeroize-all and after a wipe (the EC wipe erases the slots of size 3, the AES wipe the
restricted slots), secret commits (sc_*: taken when no command and no sweep, restricted
as told, an invalidation pulse like a host commit), reads held off by rd_hold_i or a
secret commit on offer, registered invalidation pulses, the read port's req/ack.  Every cycle every output
is compared with the model.  Keys are random byte strings; the expected read value
is the key's bytes left aligned in 288 bits (byte 0 in [287:280]; an EC scalar fills
all 36 bytes), built from the bytes, not from the staged words.  Where the simulator
exposes the memory, the bench also looks at its bits after a zeroize.

Knobs (environment): KS_SLOTS, KS_CYCLES (random test length).
"""

from __future__ import annotations

import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ReadOnly, RisingEdge

SLOTS = int(os.environ.get("KS_SLOTS", "16"))
CYCLES = int(os.environ.get("KS_CYCLES", "4000"))
KEY_BYTES = {0: 16, 1: 24, 2: 32, 3: 36, 4: 12}   # LEN 3: an EC private scalar; 5..7 refused
CURVES = 6


def key_words(key: bytes) -> list[int]:
    """KEY_DATA words: word i = key bytes 4i..4i+3, big endian (unused words 0)."""
    padded = key.ljust(36, b"\0")
    return [int.from_bytes(padded[4 * i:4 * i + 4], "big") for i in range(9)]


def key_value(key: bytes) -> int:
    """rd_key_o for a key: byte 0 in [287:280], left aligned."""
    return int.from_bytes(key.ljust(36, b"\0"), "big")



class Model:
    def __init__(self):
        self.stage = [0] * 9
        self.staged = set()              # words written since the staging was cleared
        self.mem = [None] * SLOTS        # unknown until the first sweep
        self.valid = [0] * SLOTS
        self.len = [0] * SLOTS
        self.curve = [0] * SLOTS
        self.restr = [0] * SLOTS
        self.marked = set(range(SLOTS))  # slots the sweep still overwrites
        self.busy = SLOTS                # cycles of sweep left (one starts at reset)
        self.sweep = 0
        self.inv = (0, 0, 0)             # (valid, slot, all) registered
        self.rd = (0, None, 0, 0, 0, 0)  # (ack, key, len, valid, curve, restricted) registered

    def cmd_err(self, cv, op, slot, ln, curve):
        words_ok = ln in KEY_BYTES and set(range(KEY_BYTES[ln] // 4)) <= self.staged
        bad_commit = slot >= SLOTS or not words_ok or (ln == 3 and curve >= CURVES)
        return int(bool(cv and op != 0 and (self.busy or (op == 1 and bad_commit) or (op == 2 and slot >= SLOTS))))

    def step(self, i):
        """Expected combinational outputs of this cycle, then advance the state."""
        err = self.cmd_err(i["cmd_valid"], i["op"], i["slot"], i["len"], i["curve"])
        out = {"cmd_err_o": err, "busy_o": int(self.busy > 0),
               "valid_o": sum(v << s for s, v in enumerate(self.valid)),
               "inv_valid_o": self.inv[0], "inv_slot_o": self.inv[1] if self.inv[0] else None,
               "inv_all_o": self.inv[2],
               "rd_ack_o": self.rd[0], "sc_ready_o": int(not i["cmd_valid"] and not self.busy)}
        if self.rd[0]:
            out.update(rd_key_o=self.rd[1], rd_len_o=self.rd[2], rd_valid_o=self.rd[3], rd_curve_o=self.rd[4],
                       rd_restricted_o=self.rd[5])
        ok = i["cmd_valid"] and not err
        op, slot = i["op"], i["slot"]
        sc = i["sc_valid"] and out["sc_ready_o"] and i["sc_slot"] < SLOTS
        take = (i["rd_req"] and not i["cmd_valid"] and not self.busy and not self.rd[0] and not i["rd_hold"]
                and not i["sc_valid"])
        if take:
            s = i["rd_slot"]
            self.rd = (1, self.mem[s] if s < SLOTS else 0, self.len[s] if s < SLOTS else 0,
                       self.valid[s] if s < SLOTS else 0, self.curve[s] if s < SLOTS else 0,
                       self.restr[s] if s < SLOTS else 0)
        else:
            self.rd = (0,) + self.rd[1:]
        wipe = i["wipe"] or i["wipe_aes"]
        everything = (ok and op == 3) or wipe
        self.inv = (int(bool((ok and op in (1, 2, 3)) or wipe or sc)), 0 if everything else i["sc_slot"] if sc else slot,
                    int(bool(everything)))
        # sizes and marks before this cycle
        wiped = [s for s in range(SLOTS) if (i["wipe"] and self.len[s] == 3) or (i["wipe_aes"] and self.restr[s])]
        if self.busy:
            if self.sweep in self.marked:
                self.mem[self.sweep] = 0
                self.len[self.sweep] = 0
                self.restr[self.sweep] = 0
                self.marked.discard(self.sweep)
            self.sweep += 1
            self.busy -= 1
        if ok and op == 1:
            # the words of the size, zeros beyond them
            self.mem[slot] = sum(w << (32 * (8 - k)) for k, w in enumerate(self.stage) if k < KEY_BYTES[i["len"]] // 4)
            self.valid[slot], self.len[slot], self.curve[slot], self.restr[slot] = 1, i["len"], i["curve"], 0
        elif ok and op == 2:
            self.mem[slot], self.valid[slot], self.len[slot], self.restr[slot] = 0, 0, 0, 0
        if sc:
            t = i["sc_slot"]
            self.mem[t], self.valid[t], self.len[t] = i["sc_data"], 1, i["sc_len"]
            self.curve[t], self.restr[t] = i["sc_curve"], i["sc_restricted"]
        if wiped or wipe:
            for s in wiped:
                self.valid[s] = 0
                self.marked.add(s)
            self.busy, self.sweep = SLOTS, 0
        if ok and op == 3:
            self.valid = [0] * SLOTS
            self.marked = set(range(SLOTS))
            self.busy, self.sweep = SLOTS, 0
        if i["cmd_valid"] and op != 0:
            self.stage, self.staged = [0] * 9, set()
        if i["stage_we"]:
            self.stage[i["idx"]] = i["data"]
            self.staged.add(i["idx"])
        return out


IDLE = {"stage_we": 0, "idx": 0, "data": 0, "cmd_valid": 0, "op": 0, "slot": 0, "len": 0, "curve": 0,
        "wipe": 0, "wipe_aes": 0, "rd_req": 0, "rd_slot": 0, "rd_hold": 0,
        "sc_valid": 0, "sc_slot": 0, "sc_data": 0, "sc_len": 0, "sc_curve": 0, "sc_restricted": 0}
PORTS = {"stage_we": "stage_we_i", "idx": "stage_idx_i", "data": "stage_data_i", "cmd_valid": "cmd_valid_i",
         "op": "cmd_op_i", "slot": "cmd_slot_i", "len": "cmd_len_i", "curve": "cmd_curve_i",
         "wipe": "wipe_ec_i", "wipe_aes": "wipe_aes_i", "rd_req": "rd_req_i", "rd_slot": "rd_slot_i",
         "rd_hold": "rd_hold_i", "sc_valid": "sc_valid_i", "sc_slot": "sc_slot_i", "sc_data": "sc_data_i",
         "sc_len": "sc_len_i", "sc_curve": "sc_curve_i", "sc_restricted": "sc_restricted_i"}


class Bench:
    def __init__(self, dut):
        self.dut = dut
        self.m = Model()
        self.cycle = 0
        self.last_read = None     # (ack, key, len, valid) as seen

    async def start(self):
        cocotb.start_soon(Clock(self.dut.clk_i, 10, unit="ns").start())
        for p in PORTS.values():
            getattr(self.dut, p).value = 0
        self.dut.rst_ni.value = 0
        await RisingEdge(self.dut.clk_i)
        await RisingEdge(self.dut.clk_i)
        self.dut.rst_ni.value = 1

    async def tick(self, **inputs):
        """Drive one cycle of inputs, compare every output with the model, advance."""
        i = dict(IDLE, **inputs)
        for k, p in PORTS.items():
            getattr(self.dut, p).value = i[k]
        exp = self.m.step(i)
        await ReadOnly()
        for name, v in exp.items():
            if v is None:
                continue
            got = int(getattr(self.dut, name).value)
            assert got == v, f"cycle {self.cycle} inputs {i}: {name} = {got:#x}, expected {v:#x}"
        if exp["rd_ack_o"]:
            self.last_read = (exp["rd_key_o"], exp["rd_len_o"], exp["rd_valid_o"])
            self.last_curve = exp["rd_curve_o"]
            self.last_restricted = exp["rd_restricted_o"]
        await RisingEdge(self.dut.clk_i)
        self.cycle += 1
        return exp

    async def idle(self, n=1):
        for _ in range(n):
            await self.tick()

    async def wait_idle(self):
        while self.m.busy:
            await self.tick()

    async def stage(self, key: bytes):
        for k, w in enumerate(key_words(key)):
            await self.tick(stage_we=1, idx=k, data=w)

    async def command(self, op, slot=0, ln=0, curve=0):
        return await self.tick(cmd_valid=1, op=op, slot=slot, len=ln, curve=curve)

    async def read(self, slot):
        """Hold a request until the ack; returns (key, len, valid)."""
        while True:
            exp = await self.tick(rd_req=1, rd_slot=slot)
            if exp["rd_ack_o"]:
                return self.last_read

    def peek_mem(self, slot):
        """The memory word, if the simulator lets cocotb see it (else None)."""
        try:
            return int(self.dut.mem[slot].value)
        except Exception:
            return None


@cocotb.test()
async def test_reset_sweep(dut):
    b = Bench(dut)
    await b.start()
    assert b.m.busy == SLOTS
    await b.wait_idle()
    for s in range(SLOTS):
        assert await b.read(s) == (0, 0, 0)


@cocotb.test()
async def test_commit_read_every_slot_and_size(dut):
    rng = random.Random(11)
    b = Bench(dut)
    await b.start()
    await b.wait_idle()
    keys = {}
    for s in range(SLOTS):
        for ln in (4, 0, 1, 2):
            key = rng.randbytes(KEY_BYTES[ln])
            await b.stage(key)
            exp = await b.command(1, s, ln)
            assert exp["cmd_err_o"] == 0
            got = await b.tick()                            # invalidation pulse for the slot
            assert got["inv_valid_o"] and got["inv_slot_o"] == s and not got["inv_all_o"]
            assert await b.read(s) == (key_value(key), ln, 1)
            keys[s] = (key, ln)
    for s, (key, ln) in keys.items():                     # all still there
        assert await b.read(s) == (key_value(key), ln, 1)
    # staging was cleared by each commit: committing again is refused, the slot keeps its key
    assert (await b.command(1, 0, 2))["cmd_err_o"] == 1
    await b.idle()
    assert await b.read(0) == (key_value(keys[0][0]), keys[0][1], 1)
    # a commit needs every word of its size: four words do not make an AES-192 key
    for k, w in enumerate(key_words(rng.randbytes(16))[:4]):
        await b.tick(stage_we=1, idx=k, data=w)
    assert (await b.command(1, 0, 1))["cmd_err_o"] == 1
    assert await b.read(0) == (key_value(keys[0][0]), keys[0][1], 1)
    # unknown sizes are refused, whatever is staged
    for ln in (5, 6, 7):
        await b.stage(rng.randbytes(36))
        assert (await b.command(1, 0, ln))["cmd_err_o"] == 1
        await b.idle()
        assert await b.read(0) == (key_value(keys[0][0]), keys[0][1], 1)
    # words staged beyond the size are not stored: the slot holds the key and zeros
    for ln in (4, 0, 1):
        full = rng.randbytes(36)
        await b.stage(full)
        assert (await b.command(1, 0, ln))["cmd_err_o"] == 0
        await b.idle()
        assert await b.read(0) == (key_value(full[:KEY_BYTES[ln]]), ln, 1)
    if SLOTS < 32:
        assert await b.read(SLOTS) == (0, 0, 0)       # no such slot: empty


@cocotb.test()
async def test_zeroize(dut):
    rng = random.Random(12)
    b = Bench(dut)
    await b.start()
    await b.wait_idle()
    keys = {}
    for s in range(SLOTS):
        key = rng.randbytes(32)
        await b.stage(key)
        await b.command(1, s, 2)
        keys[s] = key
    victim = SLOTS // 2
    await b.command(2, victim)
    got = await b.tick()
    assert got["inv_valid_o"] and got["inv_slot_o"] == victim
    assert await b.read(victim) == (0, 0, 0)
    dut._log.info("memory bits visible to the bench: %s", b.peek_mem(victim) is not None)
    if b.peek_mem(victim) is not None:
        assert b.peek_mem(victim) == 0
    for s in range(SLOTS):
        if s != victim:
            assert await b.read(s) == (key_value(keys[s]), 2, 1)
    # zeroize all: valid bits drop at once, busy for SLOTS cycles, then every slot reads zero
    await b.command(3)
    got = await b.tick()
    assert got["inv_valid_o"] and got["inv_all_o"] and got["busy_o"] and got["valid_o"] == 0
    # a read waits for the sweep; a command meanwhile is refused and changes nothing
    if b.m.busy:                                           # (one slot: the sweep is over)
        exp = await b.command(1, 0, 0)
        assert exp["cmd_err_o"] == 1
    await b.wait_idle()
    for s in range(SLOTS):
        assert await b.read(s) == (0, 0, 0)
        if b.peek_mem(s) is not None:
            assert b.peek_mem(s) == 0


@cocotb.test()
async def test_commands_clear_the_staging(dut):
    """Every command but op 0 -- refused commits and zeroizes, done zeroizes -- clears the
    staged words: a commit after it without new KEY_DATA writes is refused and stores nothing."""
    rng = random.Random(13)
    b = Bench(dut)
    await b.start()
    await b.wait_idle()
    clears = [(1, 0, 3, 6), (2, 0, 0, 0), (3, 0, 0, 0)]            # EC scalar of no curve, zeroize, zeroize all
    if SLOTS < 32:
        clears += [(1, SLOTS, 1, 0), (2, SLOTS, 0, 0)]             # no such slot
    for op, slot, ln, curve in clears:
        key = rng.randbytes(24)
        await b.stage(key)
        assert (await b.command(0, 0))["cmd_err_o"] == 0           # op 0: nothing, staging kept
        await b.command(op, slot, ln, curve)
        await b.wait_idle()
        assert (await b.command(1, 0, 1))["cmd_err_o"] == 1, (op, slot, ln, curve)
        await b.idle()
        assert await b.read(0) == (0, 0, 0)
    # op 0 keeps the staging: stage, op 0, commit works
    key = rng.randbytes(24)
    await b.stage(key)
    await b.command(0, 0)
    assert (await b.command(1, 0, 1))["cmd_err_o"] == 0
    await b.idle()
    assert await b.read(0) == (key_value(key), 1, 1)


@cocotb.test()
async def test_random(dut):
    """Random staging writes, commands (some invalid) and reads, every output checked every cycle."""
    rng = random.Random(14)
    b = Bench(dut)
    await b.start()
    reading = None
    for _ in range(CYCLES):
        i = {}
        if rng.random() < 0.6:
            i.update(stage_we=1, idx=rng.randrange(9), data=rng.getrandbits(32))
        if rng.random() < 0.08:
            op = rng.choices([0, 1, 2, 3], [1, 12, 4, 1])[0]
            i.update(cmd_valid=1, op=op, slot=rng.randrange(min(32, SLOTS + 2)), len=rng.randrange(8),
                     curve=rng.choice([0, 1, 5, 6, 7]))
        if rng.random() < 0.004:
            i.update(wipe=1)
        if rng.random() < 0.004:
            i.update(wipe_aes=1)
        if rng.random() < 0.05:
            i.update(sc_valid=1, sc_slot=rng.randrange(min(32, SLOTS + 2)), sc_data=rng.getrandbits(288),
                     sc_len=rng.randrange(4), sc_curve=rng.randrange(8), sc_restricted=rng.getrandbits(1))
        if rng.random() < 0.05:
            i.update(rd_hold=1)
        if reading is None and rng.random() < 0.2:
            reading = rng.randrange(min(32, SLOTS + 2))
        if reading is not None:
            i.update(rd_req=1, rd_slot=reading)
        exp = await b.tick(**i)
        if exp["rd_ack_o"]:
            reading = None


@cocotb.test()
async def test_ec_scalars_and_wipe(dut):
    """EC scalars (LEN 3, 36 bytes, a curve id below 6) commit and read back with their curve;
    an unknown curve is refused; the EC wipe erases every EC scalar (valid bit at once, bits
    by the sweep) and leaves the AES keys."""
    rng = random.Random(15)
    b = Bench(dut)
    await b.start()
    await b.wait_idle()
    scalar = rng.randbytes(36)
    await b.stage(scalar)
    assert (await b.command(1, 0, 3, curve=6))["cmd_err_o"] == 1          # no curve 6
    for k, w in enumerate(key_words(scalar)[:8]):                         # eight words: too few
        await b.tick(stage_we=1, idx=k, data=w)
    assert (await b.command(1, 0, 3, curve=4))["cmd_err_o"] == 1
    ec_slots = [s for s in range(SLOTS) if s % 2 == 0]
    keys = {}
    for s in range(SLOTS):
        ln = 3 if s in ec_slots else 2
        key = rng.randbytes(KEY_BYTES[ln])
        await b.stage(key)
        assert (await b.command(1, s, ln, curve=s % CURVES))["cmd_err_o"] == 0
        keys[s] = (key, ln)
    for s, (key, ln) in keys.items():
        assert await b.read(s) == (key_value(key), ln, 1)
        assert b.last_curve == (s % CURVES if ln == 3 else b.last_curve)
    got = await b.tick(wipe=1)
    got = await b.tick()
    assert got["inv_valid_o"] and got["inv_all_o"] and got["busy_o"]
    assert got["valid_o"] == sum(1 << s for s in range(SLOTS) if s not in ec_slots)
    await b.wait_idle()
    for s, (key, ln) in keys.items():
        if ln == 3:
            assert (await b.read(s))[2] == 0
            if b.peek_mem(s) is not None:
                assert b.peek_mem(s) == 0
        else:
            assert await b.read(s) == (key_value(key), ln, 1)


@cocotb.test()
async def test_secret_commits(dut):
    """A secret commit stores its bits, size, curve and restricted mark (read back as such),
    waits for a host command or the sweep, holds reads while offered; rd_hold_i holds reads;
    a host commit over it is unrestricted; the AES wipe erases the restricted slots only, the
    EC wipe every slot of size 3 (scalars and shared secrets)."""
    rng = random.Random(16)
    b = Bench(dut)
    await b.start()
    # offered during the sweep: not taken until it ends
    z = rng.getrandbits(283)
    exp = await b.tick(sc_valid=1, sc_slot=0, sc_data=z, sc_len=3, sc_curve=4, sc_restricted=1)
    assert exp["sc_ready_o"] == 0
    await b.wait_idle()
    exp = await b.tick(sc_valid=1, sc_slot=0, sc_data=z, sc_len=3, sc_curve=4, sc_restricted=1)
    assert exp["sc_ready_o"] == 1
    got = await b.tick()
    assert got["inv_valid_o"] and got["inv_slot_o"] == 0 and not got["inv_all_o"]
    assert await b.read(0) == (z, 3, 1) and b.last_curve == 4 and b.last_restricted == 1
    if SLOTS < 5:
        return            # the rest uses slots 0..4 (test_random covers small stores)
    # a host command in the same cycle goes first
    await b.stage(rng.randbytes(16))
    exp = await b.tick(cmd_valid=1, op=1, slot=1, len=0,
                       sc_valid=1, sc_slot=2, sc_data=1, sc_len=0, sc_restricted=1)
    assert exp["sc_ready_o"] == 0 and exp["cmd_err_o"] == 0
    key = rng.getrandbits(128) << 160
    await b.tick(sc_valid=1, sc_slot=2, sc_data=key, sc_len=0, sc_restricted=1)
    # reads wait while rd_hold_i is up (and while a commit is offered)
    for _ in range(3):
        exp = await b.tick(rd_req=1, rd_slot=2, rd_hold=1)
        assert exp["rd_ack_o"] == 0
    assert await b.read(2) == (key, 0, 1) and b.last_restricted == 1
    # the host overwrites a restricted slot: unrestricted
    plain = rng.randbytes(16)
    await b.stage(plain)
    await b.command(1, 2, 0)
    assert await b.read(2) == (key_value(plain), 0, 1) and b.last_restricted == 0
    # restricted key in 3, a host scalar in 4, a plain key in 1 (above)
    await b.tick(sc_valid=1, sc_slot=3, sc_data=key, sc_len=2, sc_restricted=1)
    scalar = rng.randbytes(36)
    await b.stage(scalar)
    await b.command(1, 4, 3, curve=1)
    await b.idle()
    # AES wipe: slots 0 (a shared secret) and 3 (a restricted key) go; 1, 2 and 4 stay
    await b.tick(wipe_aes=1)
    await b.wait_idle()
    assert (await b.read(0))[2] == 0 and (await b.read(3))[2] == 0
    assert (await b.read(2))[2] == 1 and (await b.read(4))[2] == 1 and (await b.read(1))[2] == 1
    if b.peek_mem(3) is not None:
        assert b.peek_mem(3) == 0
    # EC wipe: a shared secret goes with the scalars
    await b.tick(sc_valid=1, sc_slot=0, sc_data=z, sc_len=3, sc_curve=2, sc_restricted=1)
    await b.idle()
    await b.tick(wipe=1)
    await b.wait_idle()
    assert (await b.read(0))[2] == 0 and (await b.read(4))[2] == 0 and (await b.read(2))[2] == 1
    # a commit to a slot the store does not have changes nothing
    if SLOTS < 32:
        before = [await b.read(s) for s in range(SLOTS)]
        await b.tick(sc_valid=1, sc_slot=SLOTS, sc_data=key, sc_len=0, sc_restricted=0)
        await b.idle()
        assert [await b.read(s) for s in range(SLOTS)] == before
