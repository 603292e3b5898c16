"""cocotb bench for rtl/fabric/mccp_regs.sv (generated) through cocotbext-axi's AxiLiteMaster.

The reference is a scoreboard of the access rules in regs.yml's header (written
here, not taken from the generator): rw stored with byte strobes; ro = the input;
wo reads 0 and pulses <reg>_we_o once with the data; w1c set by <reg>_<f>_set_i,
cleared by writing 1 (per byte strobe), a set wins; ext reads the input, a write
pulses we_o with the data and answers SLVERR when <reg>_wr_err_i is high; unmapped
words answer SLVERR with no effect.  A monitor records every we_o pulse each cycle
and the list is compared with the scoreboard's.

Every access puts the same AW/W/AR values on the bus as the bench asked for.  The
master's write() derives WSTRB from the address and the length and zeroes the
lanes it leaves out, but a wo/ext register takes the whole word of any strobed
write; its read() drops the lanes below an unaligned address.  So full-word
writes and reads at aligned addresses go through write()/read(), every other
access through the master's own AW/W/B and AR/R channel models.  Random timing
knobs (Bench(stall=, delay=)): pause generators on those channels, `stall` the
probability that bready / rready is low in a cycle, `delay` up to that many idle
cycles before AW, W and AR each start (drawn separately, so AW and W come in any
order or in the same cycle).
"""

from __future__ import annotations

import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, Lock, ReadOnly, RisingEdge, with_timeout
from cocotb.utils import get_sim_time
from cocotbext.axi import AxiResp
from cocotbext.axi.axil_channels import AxiLiteARTransaction, AxiLiteAWTransaction, AxiLiteWTransaction

from axibus import axil_master, idle_bursts, random_pause
from mccp import regmap

OKAY, SLVERR = int(AxiResp.OKAY), int(AxiResp.SLVERR)
TIMEOUT = 1000                  # cycles an access may take

RM = regmap.load()
WORDS = 1 << (RM.addr_bits - 2)


def pname(r, f, suffix):
    return f"{r.name.lower()}_{f.name.lower()}_{suffix}"


class Scoreboard:
    def __init__(self, rng: random.Random):
        self.rng = rng
        self.stored = {(r.name, f.name): f.reset for r in RM.registers.values() for f in r.fields.values()
                       if f.sw in ("rw", "w1c")}
        self.inputs = {}      # (reg, field) -> value driven on the ro/ext read input
        self.refuse = set()   # ext registers whose wr_err_i is high
        self.events = []      # expected we_o pulses: (reg, idx, {field: value})

    def read(self, addr):
        hit = RM.at(addr & ~3)
        if hit is None:
            return 0, SLVERR
        r, _ = hit
        word = 0
        for f in r.fields.values():
            if f.sw in ("rw", "w1c"):
                word |= self.stored[(r.name, f.name)] << f.lsb
            elif f.sw in ("ro", "ext"):
                word |= self.inputs[(r.name, f.name)] << f.lsb
        return word, OKAY

    def write(self, addr, data, strb):
        hit = RM.at(addr & ~3)
        if hit is None:
            return SLVERR
        r, idx = hit
        mask = sum(0xFF << (8 * i) for i in range(4) if strb >> i & 1)
        for f in r.fields.values():
            key = (r.name, f.name)
            if f.sw == "rw":
                old = self.stored[key] << f.lsb
                self.stored[key] = f.extract((old & ~mask) | (data & mask))
            elif f.sw == "w1c":
                self.stored[key] &= ~f.extract(data & mask)
        if r.access & {"wo", "ext"} and strb:
            self.events.append((r.name, idx, RM.decode(r.name, data)))
            if "ext" in r.access and r.name in self.refuse:
                return SLVERR
        return OKAY


class Bench:
    def __init__(self, dut, seed=1, stall=0.0, delay=0):
        self.dut = dut
        self.rng = random.Random(seed)
        self.sb = Scoreboard(self.rng)
        self.bus = axil_master(dut)
        wr, rd = self.bus.write_if, self.bus.read_if
        for k, ch in enumerate((wr.b_channel, rd.r_channel)):
            if stall:
                ch.set_pause_generator(random_pause(random.Random(seed * 10 + k), stall))
        for k, ch in enumerate((wr.aw_channel, wr.w_channel, rd.ar_channel)):
            if delay:
                ch.set_pause_generator(idle_bursts(random.Random(seed * 10 + 2 + k), delay))
        self._wlock, self._rlock = Lock(), Lock()     # one access per direction at a time
        self.seen = []        # we_o pulses observed: (reg, idx, {field: value})

    async def start(self):
        dut = self.dut
        cocotb.start_soon(Clock(dut.clk_i, 10, unit="ns").start())
        for r in RM.registers.values():
            for f in r.fields.values():
                if f.sw in ("ro", "ext"):
                    v = self.rng.getrandbits(f.width)
                    self.sb.inputs[(r.name, f.name)] = v
                    getattr(dut, pname(r, f, "i")).value = v
                elif f.sw == "w1c":
                    getattr(dut, pname(r, f, "set_i")).value = 0
            if "ext" in r.access:
                getattr(dut, f"{r.name.lower()}_wr_err_i").value = 0
        dut.rst_ni.value = 0
        await ClockCycles(dut.clk_i, 3)
        dut.rst_ni.value = 1
        await RisingEdge(dut.clk_i)
        cocotb.start_soon(self.monitor())

    async def monitor(self):
        strobed = [r for r in RM.registers.values() if r.access & {"wo", "ext"}]
        while True:
            await ReadOnly()
            for r in strobed:
                if int(getattr(self.dut, f"{r.name.lower()}_we_o").value):
                    idx = int(getattr(self.dut, f"{r.name.lower()}_idx_o").value) if r.is_array else 0
                    fields = {f.name.lower(): int(getattr(self.dut, pname(r, f, "o")).value)
                              for f in r.fields.values()}
                    self.seen.append((r.name, idx, fields))
            await RisingEdge(self.dut.clk_i)

    def set_input(self, reg, field, value):
        r = RM.reg(reg)
        f = r.fields[field]
        self.sb.inputs[(r.name, f.name)] = value
        getattr(self.dut, pname(r, f, "i")).value = value

    def refuse(self, reg, on=True):
        getattr(self.dut, f"{reg.lower()}_wr_err_i").value = int(on)
        (self.sb.refuse.add if on else self.sb.refuse.discard)(reg)

    async def bus_write(self, addr, data, strb=0xF) -> int:
        """One write on the bus; returns BRESP."""
        async with self._wlock:
            return await with_timeout(self._write(addr, data, strb), 10 * TIMEOUT, "ns")

    async def _write(self, addr, data, strb):
        if addr & 3 == 0 and strb == 0xF:
            return int((await self.bus.write(addr, data.to_bytes(4, "little"))).resp)
        wr = self.bus.write_if
        await wr.aw_channel.send(AxiLiteAWTransaction(awaddr=addr))
        await wr.w_channel.send(AxiLiteWTransaction(wdata=data, wstrb=strb))
        return int((await wr.b_channel.recv()).bresp)

    async def bus_read(self, addr) -> tuple[int, int]:
        """One read on the bus; returns (RDATA, RRESP)."""
        async with self._rlock:
            return await with_timeout(self._read(addr), 10 * TIMEOUT, "ns")

    async def _read(self, addr):
        if addr & 3 == 0:
            r = await self.bus.read(addr, 4)
            return int.from_bytes(r.data, "little"), int(r.resp)
        rd = self.bus.read_if
        await rd.ar_channel.send(AxiLiteARTransaction(araddr=addr))
        r = await rd.r_channel.recv()
        return int(r.rdata), int(r.rresp)

    async def write(self, addr, data, strb=0xF):
        exp = self.sb.write(addr, data, strb)
        got = await self.bus_write(addr, data, strb)
        assert got == exp, f"write {addr:#05x} <- {data:#010x} strb {strb:x}: bresp {got}, expected {exp}"

    async def read(self, addr):
        exp = self.sb.read(addr)
        got = await self.bus_read(addr)
        assert got == exp, f"read {addr:#05x}: (data, resp) {got[0]:#010x},{got[1]} expected {exp[0]:#010x},{exp[1]}"
        return got[0]

    async def check_outputs(self):
        """Stored-field outputs equal the scoreboard; every pulse seen was expected."""
        await RisingEdge(self.dut.clk_i)
        await ReadOnly()
        for r in RM.registers.values():
            for f in r.fields.values():
                if f.sw in ("rw", "w1c"):
                    got = int(getattr(self.dut, pname(r, f, "o")).value)
                    assert got == self.sb.stored[(r.name, f.name)], f"{r.name}.{f.name}_o = {got:#x}"
        assert self.seen == self.sb.events, f"strobes seen {self.seen[-5:]} expected {self.sb.events[-5:]}"
        await RisingEdge(self.dut.clk_i)


def mapped_words():
    return [a for r in RM.registers.values() for a in r.addresses()]


@cocotb.test()
async def test_reset_values_and_map(dut):
    """Every word address after reset: rw/w1c reset values, ro/ext inputs, wo 0, unmapped SLVERR."""
    b = Bench(dut, seed=2)
    await b.start()
    await b.check_outputs()
    for w in range(WORDS):
        await b.read(4 * w)
    for a in mapped_words():
        await b.read(a + b.rng.randrange(1, 4))     # byte offsets are ignored
    # ro inputs are sampled when the read is accepted
    for r in RM.registers.values():
        for f in r.fields.values():
            if f.sw in ("ro", "ext"):
                b.set_input(r.name, f.name, b.rng.getrandbits(f.width))
        await b.read(r.addr)
    await b.check_outputs()


@cocotb.test()
async def test_unmapped_writes_have_no_effect(dut):
    b = Bench(dut, seed=3)
    await b.start()
    mapped = {a >> 2 for a in mapped_words()}
    for w in range(WORDS):
        if w not in mapped:
            await b.write(4 * w, b.rng.getrandbits(32), b.rng.randrange(1, 16))
    assert not b.seen
    for a in mapped_words():
        await b.read(a)
    await b.check_outputs()


@cocotb.test()
async def test_rw_strobes_and_wo_ext_pulses(dut):
    """rw byte strobes; wo/ext: one pulse per write with any strobe, none without; wo reads 0."""
    b = Bench(dut, seed=4)
    await b.start()
    regs = list(RM.registers.values())
    for _ in range(600):
        r = b.rng.choice(regs)
        a = b.rng.choice(r.addresses())
        strb = b.rng.choice([0xF, 0xF, 0x0, b.rng.randrange(16)])
        await b.write(a, b.rng.getrandbits(32), strb)
        if b.rng.random() < 0.5:
            await b.read(a)
    for r in regs:                      # every word once more, all strobes
        for a in r.addresses():
            await b.write(a, b.rng.getrandbits(32))
            await b.read(a)
    await b.check_outputs()
    assert {e[0] for e in b.seen} == {r.name for r in regs if r.access & {"wo", "ext"}}
    assert {e[1] for e in b.seen if e[0] == "KEY_DATA"} == set(range(8))


@cocotb.test()
async def test_w1c_and_irq(dut):
    b = Bench(dut, seed=5)
    await b.start()
    st, en = RM.reg("IRQ_STATUS"), RM.reg("IRQ_ENABLE")
    sets = {f.name: getattr(dut, pname(st, f, "set_i")) for f in st.fields.values()}

    async def pulse(name):
        sets[name].value = 1
        await RisingEdge(dut.clk_i)
        sets[name].value = 0
        b.sb.stored[("IRQ_STATUS", name)] = 1

    async def irq():
        await RisingEdge(dut.clk_i)
        await RisingEdge(dut.clk_i)        # irq_o is registered
        await ReadOnly()
        v = int(dut.irq_o.value)
        await RisingEdge(dut.clk_i)
        return v

    assert await irq() == 0
    for name in sets:
        await pulse(name)
        await b.read(st.addr)
        assert await irq() == 0            # not enabled
    await b.check_outputs()
    for name, f in en.fields.items():
        await b.write(en.addr, f.mask)
        assert await irq() == 1
    await b.write(en.addr, 0)
    assert await irq() == 0
    await b.write(en.addr, 0x7)
    # clear with a strobe on another byte: no effect; then bit by bit
    await b.write(st.addr, 0x7, strb=0b0010)
    assert await b.read(st.addr) == 0x7
    for name, f in st.fields.items():
        assert await irq() == 1
        await b.write(st.addr, f.mask)
        await b.read(st.addr)
    assert await irq() == 0
    # a set in the cycle of a clear wins: hold set high across the whole write
    sets["OUT_PKT"].value = 1
    await b.bus_write(st.addr, 0x1)
    sets["OUT_PKT"].value = 0
    b.sb.stored[("IRQ_STATUS", "OUT_PKT")] = 1
    await b.read(st.addr)
    assert await irq() == 1
    await b.check_outputs()


@cocotb.test()
async def test_ext_refusal(dut):
    b = Bench(dut, seed=6)
    await b.start()
    ext = [r for r in RM.registers.values() if "ext" in r.access]
    for r in ext:
        b.refuse(r.name)
        await b.write(r.addr, b.rng.getrandbits(32))            # SLVERR, the pulse is still seen
        await b.write(r.addr, b.rng.getrandbits(32), strb=0)    # no strobe: no write, OKAY
        b.refuse(r.name, False)
        await b.write(r.addr, b.rng.getrandbits(32))            # OKAY
    await b.check_outputs()


@cocotb.test()
async def test_random_traffic_with_stalls(dut):
    """Random reads and writes, random AW/W order and bready/rready stalls, with a concurrent
    reader of ro registers."""
    b = Bench(dut, seed=7, stall=0.4, delay=3)
    await b.start()
    regs = list(RM.registers.values())
    ext = [r.name for r in regs if "ext" in r.access]
    ro = [r.addr for r in regs if r.access == {"ro"}]
    stop = []

    async def ro_reader():
        n = 0
        while not stop:
            await b.read(b.rng.choice(ro))
            n += 1
        return n

    reader = cocotb.start_soon(ro_reader())
    for _ in range(400):
        r = b.rng.choice(regs)
        a = b.rng.choice(r.addresses()) if b.rng.random() < 0.9 else b.rng.randrange(1 << RM.addr_bits)
        if b.rng.random() < 0.1 and ext:
            b.refuse(b.rng.choice(ext), b.rng.random() < 0.5)
        if b.rng.random() < 0.5:
            await b.write(a, b.rng.getrandbits(32), b.rng.choice([0xF, b.rng.randrange(16)]))
        elif r.access != {"ro"}:
            await b.read(a)
    stop.append(1)
    assert await reader > 50
    await b.check_outputs()


@cocotb.test()
async def test_back_to_back(dut):
    """No stalls, AW and W in the same cycle: a write every 4 cycles, a read every 4 (address, then data)."""
    b = Bench(dut, seed=8)
    await b.start()
    sched = RM.addr("SCHED")
    n = 50
    t0 = get_sim_time("ns")
    for i in range(n):
        await b.write(sched, i & 7)
    t1 = get_sim_time("ns")
    for i in range(n):
        await b.read(sched)
    t2 = get_sim_time("ns")
    dut._log.info("back to back: %.1f cycles per write, %.1f per read", (t1 - t0) / 10 / n, (t2 - t1) / 10 / n)
    assert (t1 - t0) / 10 <= 4 * n and (t2 - t1) / 10 <= 4 * n
    await b.check_outputs()
