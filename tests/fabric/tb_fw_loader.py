"""cocotb bench for rtl/fabric/mccp_fw_loader.sv (the firmware window).

Model of docs/fabric.md "Firmware update" and the FW_* registers: a FW_DATA
word is written at FW_ADDR into the instruction memory of every core in
FW_CORES, then FW_ADDR advances (10 bits, wrapping); a FW_ENTRY write goes to
the entry tables of those cores; both are refused (refuse_o, no write, no
advance) while any selected core is enabled or not idle.  The bench keeps the
instruction memories the model expects, applies random register writes under
random enable / idle / mask values, and checks every clock: refuse_o,
imem_we_o one clock after the register write (exactly the mask, or nothing),
imem_addr_o / imem_wdata_o with it, ent_we_o one clock after the FW_ENTRY
write with ent_cores_o / ent_func_o / ent_addr_o / ent_valid_o as written,
addr_o; and at the end the memories built from the write strobes against the
model's.

Knobs: FW_CORES_N (NumCores of the build), FW_OPS.
"""

from __future__ import annotations

import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, ReadOnly

N = int(os.environ.get("FW_CORES_N", "3"))
OPS = int(os.environ.get("FW_OPS", "3000"))
ALL = (1 << N) - 1


class FwTb:
    def __init__(self, dut, rng):
        self.dut = dut
        self.rng = rng
        self.addr = 0                                   # model FW_ADDR
        self.mem = [dict() for _ in range(N)]           # model instruction memories
        self.seen = [dict() for _ in range(N)]          # memories built from the DUT's strobes
        self.entries = 0
        self.refused = {"data": 0, "entry": 0}
        self.accepted = {"data": 0, "entry": 0}
        self.expect = None                              # (mask, addr, word) of the write due this clock
        self.ent_expect = None                          # (mask, func, addr, valid) of the entry write due

    async def reset(self):
        dut = self.dut
        cocotb.start_soon(Clock(dut.clk_i, 10, unit="ns").start())
        for name in ("cores_i", "enable_i", "idle_i", "addr_we_i", "addr_wdata_i", "data_we_i",
                     "data_wdata_i", "entry_we_i", "entry_func_i", "entry_addr_i", "entry_valid_i"):
            getattr(dut, name).value = 0
        dut.rst_ni.value = 0
        await FallingEdge(dut.clk_i)
        await FallingEdge(dut.clk_i)
        dut.rst_ni.value = 1

    async def step(self, cores: int, enable: int, idle: int, op: str | None = None, value: int = 0):
        """One clock with the given state and at most one register write."""
        dut = self.dut
        await FallingEdge(dut.clk_i)
        dut.cores_i.value = cores
        dut.enable_i.value = enable
        dut.idle_i.value = idle
        dut.addr_we_i.value = int(op == "addr")
        dut.data_we_i.value = int(op == "data")
        dut.entry_we_i.value = int(op == "entry")
        dut.addr_wdata_i.value = value if op == "addr" else self.rng.randrange(1024)
        dut.data_wdata_i.value = value if op == "data" else self.rng.getrandbits(32)
        entry = (self.rng.randrange(16), self.rng.randrange(1024), self.rng.randrange(2))
        dut.entry_func_i.value, dut.entry_addr_i.value, dut.entry_valid_i.value = entry
        await ReadOnly()
        refuse = (cores & (enable | (~idle & ALL))) != 0
        assert int(dut.refuse_o.value) == int(refuse), (
            f"refuse_o {int(dut.refuse_o.value)} with cores {cores:b} enable {enable:b} idle {idle:b}")
        assert int(dut.addr_o.value) == self.addr, f"addr_o {int(dut.addr_o.value)}, model {self.addr}"
        we = int(dut.imem_we_o.value)
        if self.expect is not None:
            mask, addr, word = self.expect
            assert we == mask, f"imem_we_o {we:b}, cores {mask:b}"
            assert int(dut.imem_addr_o.value) == addr
            assert int(dut.imem_wdata_o.value) == word
        else:
            assert we == 0, f"imem_we_o {we:b} with no accepted FW_DATA write a clock before"
        self.expect = None
        if op == "data" and not refuse:
            self.expect = (cores, self.addr, value) if cores else None
            for c in range(N):
                if (cores >> c) & 1:
                    self.mem[c][self.addr] = value
            self.addr = (self.addr + 1) % 1024
            self.accepted["data"] += 1
        elif op == "data":
            self.refused["data"] += 1
        for c in range(N):
            if (we >> c) & 1:
                self.seen[c][int(dut.imem_addr_o.value)] = int(dut.imem_wdata_o.value)
        ent = int(dut.ent_we_o.value)
        assert ent == int(self.ent_expect is not None), f"ent_we_o {ent}, expected {self.ent_expect}"
        if ent:
            got = tuple(int(getattr(dut, f"ent_{f}_o").value) for f in ("cores", "func", "addr", "valid"))
            assert got == self.ent_expect, f"entry write {got}, expected {self.ent_expect}"
        self.ent_expect = None
        if op == "entry" and not refuse:
            self.ent_expect = (cores,) + entry
            self.accepted["entry"] += 1
        elif op == "entry":
            self.refused["entry"] += 1
        if op == "addr":
            self.addr = value

    async def check_memories(self):
        await self.step(0, 0, ALL)                      # the last write leaves a clock later
        for c in range(N):
            assert self.seen[c] == self.mem[c], f"core {c}: instruction memory differs from the model"


@cocotb.test()
async def test_update_one_core(dut):
    """The documented sequence: disable a core, wait for idle, load it; the others untouched."""
    tb = FwTb(dut, random.Random(1))
    await tb.reset()
    target = N - 1
    idle = 1 << target                # the other cores keep working
    # refused while the core is enabled, then while it is still busy
    await tb.step(1 << target, ALL, 0, "addr", 0x10)
    await tb.step(1 << target, ALL, 0, "data", 0x1234)
    await tb.step(1 << target, ALL & ~(1 << target), 0, "data", 0x1234)
    await tb.step(1 << target, ALL & ~(1 << target), 0, "entry")
    assert tb.addr == 0x10 and tb.refused == {"data": 2, "entry": 1}
    prog = [tb.rng.getrandbits(32) for _ in range(20)]
    for w in prog:
        await tb.step(1 << target, ALL & ~(1 << target), idle, "data", w)
    await tb.step(1 << target, ALL & ~(1 << target), idle, "entry")
    assert tb.addr == 0x10 + len(prog)
    assert tb.mem[target] == {0x10 + i: w for i, w in enumerate(prog)}
    assert all(not tb.seen[c] for c in range(N) if c != target)
    await tb.check_memories()


@cocotb.test()
async def test_wrap(dut):
    """FW_ADDR advances modulo 1024."""
    tb = FwTb(dut, random.Random(2))
    await tb.reset()
    await tb.step(ALL, 0, ALL, "addr", 1022)
    for w in (1, 2, 3):
        await tb.step(ALL, 0, ALL, "data", w)
    assert tb.addr == 1
    await tb.check_memories()
    assert tb.seen[0] == {1022: 1, 1023: 2, 0: 3}


@cocotb.test()
async def test_random(dut):
    """Random register writes under random masks, enables and idles."""
    rng = random.Random(int(os.environ.get("FW_SEED", "3")))
    tb = FwTb(dut, rng)
    await tb.reset()
    cores = enable = 0
    idle = ALL
    for _ in range(OPS):
        if rng.random() < 0.1:
            cores = rng.randrange(1 << N)
        if rng.random() < 0.1:
            enable = rng.randrange(1 << N) if rng.random() < 0.5 else 0
        if rng.random() < 0.2:
            idle = rng.randrange(1 << N) if rng.random() < 0.5 else ALL
        op = rng.choice([None, None, "data", "data", "data", "entry", "addr" if rng.random() < 0.2 else "data"])
        value = rng.randrange(1024) if op == "addr" else rng.getrandbits(32)
        await tb.step(cores, enable, idle, op, value)
    await tb.check_memories()
    assert min(tb.refused.values()) > 0 and min(tb.accepted.values()) > 0, (tb.refused, tb.accepted)
