"""cocotb bench for rtl/fabric/mccp_chan_table.sv (any Channels).

Reference: a model of the table as documented in the module header (entries written
by the write port, enable bits cleared by reset, two registered read ports returning
the entry as it was before a same-cycle write, all-zero entries beyond Channels).
Entries are built with the chan_cfg layout of regs.yml (mccp.regmap).  Fields of an
entry never written since power-up are unknown: only its enable bit is checked.

Knobs (environment): CT_CHANNELS, CT_CYCLES.
"""

from __future__ import annotations

import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ReadOnly, RisingEdge

from mccp import regmap

CHANNELS = int(os.environ.get("CT_CHANNELS", "64"))
CYCLES = int(os.environ.get("CT_CYCLES", "3000"))
ST = regmap.load().structs["chan_cfg"]
ENABLE = ST.fields[[f.name for f in ST.fields].index("ENABLE")].mask


class Bench:
    def __init__(self, dut, seed):
        self.dut = dut
        self.rng = random.Random(seed)
        self.mem = {}                    # index -> entry (fields known)
        self.enabled = set()
        self.pending = {"a": None, "b": None}   # expected registered outputs

    def entry(self, idx):
        """(value, mask of known bits) of a read of `idx` now."""
        if idx >= CHANNELS:
            return 0, (1 << ST.bits) - 1
        en = ENABLE if idx in self.enabled else 0
        if idx in self.mem:
            return (self.mem[idx] & ~ENABLE) | en, (1 << ST.bits) - 1
        return en, ENABLE

    async def reset(self):
        self.dut.rst_ni.value = 0
        await RisingEdge(self.dut.clk_i)
        await RisingEdge(self.dut.clk_i)
        self.dut.rst_ni.value = 1
        self.enabled.clear()
        self.pending = {"a": (0, (1 << ST.bits) - 1), "b": (0, (1 << ST.bits) - 1)}

    async def tick(self, wr=0, wr_idx=0, wr_cfg=0, a=0, b=0):
        d = self.dut
        d.wr_i.value, d.wr_idx_i.value, d.wr_cfg_i.value = wr, wr_idx, wr_cfg
        d.a_idx_i.value, d.b_idx_i.value = a, b
        await ReadOnly()
        for port in ("a", "b"):
            exp = self.pending[port]
            if exp is not None:
                bits = str(getattr(d, f"{port}_cfg_o").value)      # msb first; x where unknown (Icarus)
                assert len(bits) == ST.bits
                known = [b for b in range(ST.bits) if exp[1] >> b & 1]
                bad = [b for b in known if bits[ST.bits - 1 - b] != str(exp[0] >> b & 1)]
                assert not bad, f"port {port}: {bits} expected {ST.unpack(exp[0])} (bits {bad} differ)"
        self.pending = {"a": self.entry(a), "b": self.entry(b)}
        if wr and wr_idx < CHANNELS:
            self.mem[wr_idx] = wr_cfg
            (self.enabled.add if wr_cfg & ENABLE else self.enabled.discard)(wr_idx)
        await RisingEdge(d.clk_i)

    def random_cfg(self):
        r = self.rng
        return ST.pack(nonce_len=r.getrandbits(10), key_slot=r.getrandbits(5), split=r.getrandbits(1),
                       affinity=r.getrandbits(1), ordered=r.getrandbits(1), tag_len=r.getrandbits(5),
                       key_len=r.getrandbits(2), enable=r.getrandbits(1), mode=r.getrandbits(3))


def idx_range():
    return min(256, CHANNELS + 4)


@cocotb.test()
async def test_reset_disables_every_entry(dut):
    b = Bench(dut, 1)
    cocotb.start_soon(Clock(dut.clk_i, 10, unit="ns").start())
    for s in ("wr_i", "wr_idx_i", "wr_cfg_i", "a_idx_i", "b_idx_i"):
        getattr(dut, s).value = 0
    await b.reset()
    for i in range(idx_range()):
        await b.tick(a=i, b=idx_range() - 1 - i)
    for i in range(CHANNELS):                       # every entry enabled, then reset
        await b.tick(wr=1, wr_idx=i, wr_cfg=b.random_cfg() | ENABLE, a=i, b=i)
    for i in range(CHANNELS):
        await b.tick(a=i, b=i)
    await b.reset()
    for i in range(idx_range()):
        await b.tick(a=i, b=(i * 7) % idx_range())
    assert not b.enabled


@cocotb.test()
async def test_random(dut):
    b = Bench(dut, 2)
    cocotb.start_soon(Clock(dut.clk_i, 10, unit="ns").start())
    for s in ("wr_i", "wr_idx_i", "wr_cfg_i", "a_idx_i", "b_idx_i"):
        getattr(dut, s).value = 0
    await b.reset()
    r = b.rng
    last = 0
    for _ in range(CYCLES):
        wr = r.random() < 0.4
        wi = r.randrange(idx_range())
        # reads of the entry just written (read-before-write), recent ones, and random ones
        a = r.choice([wi, last, r.randrange(idx_range())])
        bi = r.choice([wi, last, r.randrange(idx_range())])
        await b.tick(wr=int(wr), wr_idx=wi, wr_cfg=b.random_cfg(), a=a, b=bi)
        if wr:
            last = wi
    for i in range(CHANNELS):
        await b.tick(a=i, b=i)
