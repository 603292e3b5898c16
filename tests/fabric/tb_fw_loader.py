"""cocotb bench for rtl/fabric/mccp_fw_loader.sv (the firmware window).

Model of docs/fabric.md "Firmware update" and the FW_* registers (regs.yml):
FW_LEN (1..max_len_i, else refused: 1024, or 4096 for ARX elements) opens an image
for the cores in FW_CORES: FW_ADDR
and the CRC restart and, for max_len_i clocks (BUSY), the loader writes 0xFFFFFFFF to
every address of those cores' memories, invalidating function i of their entry
tables in the i-th of the first NF (the number of functions) of those clocks.  A FW_DATA word is written at
FW_ADDR (then FW_ADDR advances) only for an open image with the same FW_CORES,
not BUSY, FW_ADDR < LEN and fewer than LEN words so far; it enters the CRC-32
(zlib.crc32 over each word's 4 bytes little endian: the reference here is zlib).
FW_ADDR >= max_len_i is refused.  FW_CHECK commits when LEN words came and its value
is the CRC; FW_ENTRY is accepted only for a committed image and a valid entry's
address below LEN.  Every write is refused while a core of FW_CORES is enabled or
not idle.  Refused writes change nothing.

The bench drives the register writes under random enable / idle / mask values and
checks every clock: each *_err_o, the status outputs (len_o, loaded_o,
committed_o, busy_o, addr_o, crc_o), imem_we_o one clock after an accepted
FW_DATA write or a sweep clock (exactly the image's cores, with address and word),
ent_we_o one clock after an accepted FW_ENTRY write or an invalidating sweep clock;
and at the end the memories built from the write strobes against the model's.

Knobs: FW_CORES_N (NumCores of the build), FW_OPS, FW_SEED.
"""

from __future__ import annotations

import os
import random
import zlib

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, ReadOnly

from mccp import regmap

N = int(os.environ.get("FW_CORES_N", "3"))
OPS = int(os.environ.get("FW_OPS", "3000"))
ALL = (1 << N) - 1
MEM = 1024
FILL = 0xFFFFFFFF
OPS_IN = ("len", "addr", "data", "check", "entry")
NF = 2 << regmap.load().field("CHAN_CFG0", "MODE").width    # functions: mode * 2 + dir


def crc_add(crc: int, word: int) -> int:
    return zlib.crc32(word.to_bytes(4, "little"), crc)


class FwTb:
    def __init__(self, dut, rng):
        self.dut = dut
        self.rng = rng
        # model registers
        self.open = False
        self.img = 0
        self.busy = False
        self.sweep = 0
        self.committed = False
        self.len = 0
        self.cnt = 0
        self.addr = 0
        self.crc = 0
        self.mem = [dict() for _ in range(N)]           # model instruction memories
        self.seen = [dict() for _ in range(N)]          # memories built from the DUT's strobes
        self.ents = [dict() for _ in range(N)]          # model entry tables: func -> (addr, valid)
        self.ents_seen = [dict() for _ in range(N)]
        self.refused = {k: 0 for k in OPS_IN}
        self.accepted = {k: 0 for k in OPS_IN}
        self.expect = None                              # (mask, addr, word) of the imem write due
        self.ent_expect = None                          # (mask, func, addr, valid) of the entry write due
        self.max_len = MEM                              # max_len_i (4096: an ARX image)
        self.sweep_end = MEM

    async def reset(self):
        dut = self.dut
        cocotb.start_soon(Clock(dut.clk_i, 10, unit="ns").start())
        for name in ("cores_i", "enable_i", "idle_i", "len_we_i", "len_wdata_i", "addr_we_i",
                     "addr_wdata_i", "data_we_i", "data_wdata_i", "check_we_i", "check_wdata_i",
                     "entry_we_i", "entry_func_i", "entry_addr_i", "entry_valid_i"):
            getattr(dut, name).value = 0
        dut.max_len_i.value = MEM
        dut.rst_ni.value = 0
        await FallingEdge(dut.clk_i)
        await FallingEdge(dut.clk_i)
        dut.rst_ni.value = 1

    def accepts(self, op, value, entry, cores, enable, idle) -> bool:
        if (cores & (enable | (~idle & ALL))) != 0 or self.busy:
            return False
        same = self.open and cores == self.img
        if op == "len":
            return 1 <= value <= self.max_len
        if op == "addr":
            return value < self.max_len
        if op == "data":
            return same and self.addr < self.len and self.cnt < self.len
        if op == "check":
            return same and self.cnt == self.len and value == self.crc
        if op == "entry":
            func, addr, valid = entry
            return same and self.committed and (not valid or addr < self.len)
        return False

    async def step(self, cores: int, enable: int, idle: int, op: str | None = None, value: int = 0,
                   entry=None):
        """One clock with the given state and at most one register write."""
        dut = self.dut
        rng = self.rng
        await FallingEdge(dut.clk_i)
        dut.cores_i.value = cores
        dut.enable_i.value = enable
        dut.idle_i.value = idle
        dut.max_len_i.value = self.max_len
        for k in OPS_IN:
            getattr(dut, f"{k}_we_i").value = int(op == k)
        dut.len_wdata_i.value = value if op == "len" else rng.randrange(1 << 16)
        dut.addr_wdata_i.value = value if op == "addr" else rng.randrange(1 << 16)
        dut.data_wdata_i.value = value if op == "data" else rng.getrandbits(32)
        dut.check_wdata_i.value = value if op == "check" else rng.getrandbits(32)
        if entry is None:
            entry = (rng.randrange(NF), rng.randrange(1024), rng.randrange(2))
        dut.entry_func_i.value, dut.entry_addr_i.value, dut.entry_valid_i.value = entry
        await ReadOnly()
        ok = self.accepts(op, value, entry, cores, enable, idle)
        for k in OPS_IN:
            err = int(getattr(dut, f"{k}_err_o").value)
            assert err == int(op == k and not ok), (
                f"{k}_err_o {err} (op {op} value {value:#x}, cores {cores:b} enable {enable:b} idle {idle:b}, "
                f"open {self.open} img {self.img:b} busy {self.busy} len {self.len} cnt {self.cnt} "
                f"addr {self.addr} committed {self.committed})")
        # registered status
        got = {"len": int(dut.len_o.value), "loaded": int(dut.loaded_o.value),
               "committed": int(dut.committed_o.value), "busy": int(dut.busy_o.value),
               "addr": int(dut.addr_o.value), "crc": int(dut.crc_o.value)}
        want = {"len": self.len, "loaded": int(self.open and self.cnt == self.len),
                "committed": int(self.committed), "busy": int(self.busy), "addr": self.addr,
                "crc": self.crc}
        assert got == want, f"status {got}, model {want}"
        # writes registered a clock ago
        we = int(dut.imem_we_o.value)
        if self.expect is not None:
            mask, addr, word = self.expect
            assert we == mask, f"imem_we_o {we:b}, cores {mask:b}"
            if mask:
                assert (int(dut.imem_addr_o.value), int(dut.imem_wdata_o.value)) == (addr, word)
        else:
            assert we == 0, f"imem_we_o {we:b} with no accepted FW_DATA write or sweep a clock before"
        for c in range(N):
            if (we >> c) & 1:
                self.seen[c][int(dut.imem_addr_o.value)] = int(dut.imem_wdata_o.value)
        ent = int(dut.ent_we_o.value)
        assert ent == int(self.ent_expect is not None), f"ent_we_o {ent}, expected {self.ent_expect}"
        if ent:
            got = tuple(int(getattr(dut, f"ent_{f}_o").value) for f in ("cores", "func", "addr", "valid"))
            assert got == self.ent_expect, f"entry write {got}, expected {self.ent_expect}"
            for c in range(N):
                if (got[0] >> c) & 1:
                    self.ents_seen[c][got[1]] = (got[2], got[3])
        # next clock's writes, then the model's registers
        self.expect = self.ent_expect = None
        if self.busy:
            self.expect = (self.img, self.sweep, FILL)
            self.write(self.img, self.sweep, FILL)
            if self.sweep < NF:
                self.ent_expect = (self.img, self.sweep, 0, 0)
                self.set_ents(self.img, self.sweep, 0, 0)
            self.sweep += 1
            self.busy = self.sweep < self.sweep_end
        if op is not None:
            (self.accepted if ok else self.refused)[op] += 1
        if not ok:
            return
        if op == "len":
            self.open, self.img, self.busy, self.sweep, self.sweep_end = True, cores, True, 0, self.max_len
            self.committed, self.len, self.cnt, self.addr, self.crc = False, value, 0, 0, 0
        elif op == "addr":
            self.addr = value
        elif op == "data":
            self.expect = (cores, self.addr, value)
            self.write(cores, self.addr, value)
            self.addr += 1
            self.cnt += 1
            self.crc = crc_add(self.crc, value)
        elif op == "check":
            self.committed = True
        elif op == "entry":
            self.ent_expect = (cores,) + tuple(entry)
            self.set_ents(cores, *entry)

    def write(self, mask, addr, word):
        for c in range(N):
            if (mask >> c) & 1:
                self.mem[c][addr] = word

    def set_ents(self, mask, func, addr, valid):
        for c in range(N):
            if (mask >> c) & 1:
                self.ents[c][func] = (addr, valid)

    async def wait_sweep(self, cores, enable, idle):
        while self.busy:
            await self.step(cores, enable, idle)

    async def check_memories(self):
        await self.step(0, 0, ALL)                      # the last write leaves a clock later
        for c in range(N):
            assert self.seen[c] == self.mem[c], f"core {c}: instruction memory differs from the model"
            assert self.ents_seen[c] == self.ents[c], f"core {c}: entry table differs from the model"


@cocotb.test()
async def test_update_one_core(dut):
    """The documented sequence: disable a core, wait for idle, open, load, commit, entries;
    the image's memory is cleared first, the others untouched."""
    tb = FwTb(dut, random.Random(1))
    await tb.reset()
    target = N - 1
    m = 1 << target
    others = ALL & ~m
    # refused while the core is enabled, then while it is still busy
    await tb.step(m, ALL, 0, "len", 20)
    await tb.step(m, others, 0, "len", 20)
    await tb.step(m, others, 0, "data", 0x1234)
    await tb.step(m, others, 0, "entry")
    assert not tb.open and tb.refused["len"] == 2 and tb.refused["data"] == 1 and tb.refused["entry"] == 1
    await tb.step(m, others, m, "len", 20)
    assert tb.busy
    await tb.step(m, others, m, "data", 0x1234)            # refused while clearing
    assert tb.refused["data"] == 2
    await tb.wait_sweep(m, others, m)
    prog = [tb.rng.getrandbits(32) for _ in range(20)]
    for w in prog:
        await tb.step(m, others, m, "data", w)
    await tb.step(m, others, m, "entry", entry=(4, 3, 1))  # not committed yet
    await tb.step(m, others, m, "check", zlib.crc32(b"".join(w.to_bytes(4, "little") for w in prog)))
    assert tb.committed
    await tb.step(m, others, m, "entry", entry=(4, 3, 1))
    assert tb.accepted == {"len": 1, "addr": 0, "data": 20, "check": 1, "entry": 1}
    assert tb.mem[target] == {a: (prog[a] if a < 20 else FILL) for a in range(MEM)}
    assert all(not tb.seen[c] for c in range(N) if c != target)
    await tb.check_memories()


@cocotb.test()
async def test_out_of_range(dut):
    """No wrap: a length of 0 or > 1024, FW_ADDR >= 1024, a word at or past the declared
    length, and a word after LEN words are all refused and change nothing."""
    tb = FwTb(dut, random.Random(2))
    await tb.reset()
    for bad in (0, 1025, 0xFFFF):
        await tb.step(ALL, 0, ALL, "len", bad)
    assert not tb.open and tb.refused["len"] == 3
    await tb.step(ALL, 0, ALL, "len", 1024)
    await tb.wait_sweep(ALL, 0, ALL)
    await tb.step(ALL, 0, ALL, "addr", 1022)
    for w in (1, 2, 3):
        await tb.step(ALL, 0, ALL, "data", w)
    assert tb.addr == 1024 and tb.refused["data"] == 1          # the third: no wrap to 0
    for bad in (1024, 1100, 0xFFFF):
        await tb.step(ALL, 0, ALL, "addr", bad)
    assert tb.refused["addr"] == 3 and tb.addr == 1024
    await tb.step(ALL, 0, ALL, "len", 4)
    await tb.wait_sweep(ALL, 0, ALL)
    for w in range(6):
        await tb.step(ALL, 0, ALL, "data", 100 + w)
    assert tb.cnt == 4 and tb.refused["data"] == 3
    await tb.step(ALL, 0, ALL, "addr", 2)                       # rewrite: LEN words came already
    await tb.step(ALL, 0, ALL, "data", 7)
    assert tb.refused["data"] == 4
    await tb.step(ALL, 0, ALL, "len", 3)
    await tb.wait_sweep(ALL, 0, ALL)
    await tb.step(ALL, 0, ALL, "addr", 3)                       # inside the memory, past LEN
    await tb.step(ALL, 0, ALL, "data", 9)
    assert tb.refused["data"] == 5 and tb.mem[0][3] == FILL
    await tb.check_memories()


@cocotb.test()
async def test_arx_image(dut):
    """With max_len_i 4096 (FW_CORES names only ARX elements): an image of 4096 words opens,
    its sweep clears 4096 addresses, words land up to address 4095 and the next is refused;
    4097 words are refused."""
    tb = FwTb(dut, random.Random(5))
    await tb.reset()
    tb.max_len = 4096
    await tb.step(ALL, 0, ALL, "len", 4097)
    assert tb.refused["len"] == 1
    await tb.step(ALL, 0, ALL, "len", 4096)
    await tb.wait_sweep(ALL, 0, ALL)
    assert tb.sweep == 4096
    await tb.step(ALL, 0, ALL, "addr", 4094)
    for w in (11, 12, 13):
        await tb.step(ALL, 0, ALL, "data", w)
    assert tb.addr == 4096 and tb.refused["data"] == 1
    assert tb.mem[0][4094] == 11 and tb.mem[0][4095] == 12
    tb.max_len = MEM
    await tb.step(ALL, 0, ALL, "len", 1025)                     # an AES image again: 1024 at most
    assert tb.refused["len"] == 2
    await tb.check_memories()


@cocotb.test()
async def test_commit(dut):
    """FW_CHECK: refused before LEN words, with a wrong CRC or another FW_CORES; entries only
    after an agreeing commit, and only inside the image; a new FW_LEN uncommits."""
    tb = FwTb(dut, random.Random(3))
    await tb.reset()
    prog = [tb.rng.getrandbits(32) for _ in range(8)]
    crc = zlib.crc32(b"".join(w.to_bytes(4, "little") for w in prog))
    await tb.step(0b1, 0, ALL, "len", len(prog))
    await tb.wait_sweep(0b1, 0, ALL)
    for w in prog[:-1]:
        await tb.step(0b1, 0, ALL, "data", w)
    await tb.step(0b1, 0, ALL, "check", crc)                    # a word short
    await tb.step(0b1, 0, ALL, "data", prog[-1] ^ 4)            # changed on its way
    await tb.step(0b1, 0, ALL, "check", crc)
    assert tb.refused["check"] == 2 and not tb.committed
    await tb.step(0b1, 0, ALL, "entry", entry=(0, 0, 1))
    assert tb.refused["entry"] == 1
    await tb.step(0b1, 0, ALL, "len", len(prog))
    await tb.wait_sweep(0b1, 0, ALL)
    for w in prog:
        await tb.step(0b1, 0, ALL, "data", w)
    if N > 1:
        await tb.step(0b11, 0, ALL, "check", crc)               # other cores than the image's
        assert tb.refused["check"] == 3
    await tb.step(0b1, 0, ALL, "check", crc)
    assert tb.committed
    await tb.step(0b1, 0, ALL, "entry", entry=(5, len(prog), 1))  # past the image
    await tb.step(0b1, 0, ALL, "entry", entry=(5, len(prog) - 1, 1))
    await tb.step(0b1, 0, ALL, "entry", entry=(6, 1000, 0))      # invalid entries: any address
    assert tb.accepted["entry"] == 2
    await tb.step(0b1, 0, ALL, "len", 2)
    assert not tb.committed
    await tb.wait_sweep(0b1, 0, ALL)
    assert tb.ents[0] == {f: (0, 0) for f in range(NF)}
    await tb.check_memories()


@cocotb.test()
async def test_random(dut):
    """Random register writes under random masks, enables and idles."""
    rng = random.Random(int(os.environ.get("FW_SEED", "4")))
    tb = FwTb(dut, rng)
    await tb.reset()
    cores = enable = 0
    idle = ALL
    for _ in range(OPS):
        if rng.random() < 0.01:
            cores = rng.randrange(1 << N)
        if rng.random() < 0.02:
            enable = rng.randrange(1 << N) if rng.random() < 0.3 else 0
        if rng.random() < 0.02:
            idle = rng.randrange(1 << N) if rng.random() < 0.3 else ALL
        op = rng.choice(["data"] * 6 + ["entry", "entry", "addr", "check", None, None] +
                        (["len"] if rng.random() < (0.01 if tb.open else 0.2) else []))
        entry = None
        if op == "len":
            value = rng.choice([rng.randint(1, 40), rng.randint(1, 40), 0, MEM, MEM + 1 + rng.randrange(100)])
        elif op == "addr":
            value = rng.choice([rng.randrange(48), rng.randrange(48), MEM + rng.randrange(1 << 10)])
        elif op == "check":
            value = tb.crc if rng.random() < 0.7 else rng.getrandbits(32)
        else:
            value = rng.getrandbits(32)
            entry = (rng.randrange(NF), rng.randrange(48), rng.randrange(2))
        await tb.step(cores, enable, idle, op, value, entry)
    await tb.check_memories()
    assert min(tb.refused.values()) > 0 and min(tb.accepted.values()) > 0, (tb.refused, tb.accepted)
