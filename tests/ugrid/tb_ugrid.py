"""cocotb bench: the micro-core grid (rtl/ugrid/mccp_ugrid.sv) in lock-step with the ISS
(mccp.iss.ugrid).

The pytest wrapper gives the grid's parameters and the scenario in UGRID_CFG (JSON): the seed,
how many loads, runs per load, the hold probability and the share of undefined words.  Per
load the bench writes the same random instruction memories (every core its own program, part
of it first written to every core with cfg_all_i), tables and memories into the RTL (through
the configuration port) and into a Grid of the same shape (wrap-around links too); then per run (random entry, last and loop, some runs
started in the cycle right after the one before ends) it runs the ISS first, with random edge
inputs per executed cycle, and the RTL on the same inputs with random hold cycles.  It compares
in every cycle of a run the edge outputs (with the state after the executed cycles so far),
the pc of every executed cycle, the executed cycles (exec_o) and the end (busy_o), and after
the run every core's registers, output registers, memory and ILLEGAL flag through the debug
port, and illegal_o.  Last, a one-word run (a nop loaded with the rest) on the state the runs
left shows the start's clear: registers, output registers and ILLEGAL zero, memories kept.
The ISS's own checks against the spec are tests/ugrid/test_ugrid_iss.py; here only RTL == ISS.
"""

from __future__ import annotations

import json
import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ReadOnly, RisingEdge, Timer

from mccp.isa import load
from mccp.iss.ugrid import MEM_BYTES, PAGE, PAGES, SIDES, Grid

ISA = load("ugrid")
NOP = ISA.by_mnemonic["nop"].encode([], ISA)
UNDEFINED = [w for w in range(1 << ISA.word_bits) if ISA.decode(w) is None]
TARGET = {"imem": 0, "lut": 1, "mem": 2}


def _u(sig) -> int:
    return int(sig.value)


def random_word(rng: random.Random, lut_pages: int, undefined: float) -> int:
    """A random control word: with probability `undefined` an undefined one (or a look-up in
    a page this build has not), else an instruction of the ISA with random operands."""
    unbuilt = [i for i in ISA.instructions if PAGES.get(i.mnemonic, 0) >= lut_pages]
    built = [i for i in ISA.instructions if i not in unbuilt]
    if rng.random() < undefined:
        if unbuilt and rng.random() < 0.3:
            ins = rng.choice(unbuilt)
        else:
            return rng.choice(UNDEFINED)
    else:
        ins = rng.choice(built)
    # r7 more often than 1 in 8: memr / memw step it
    vals = [(7 if rng.random() < 0.2 else rng.randrange(8)) if o.kind.register else rng.randrange(4)
            for o in ins.operands]
    return ins.encode(vals, ISA)


class Bench:
    def __init__(self, dut, cfg: dict):
        self.dut, self.cfg = dut, cfg
        self.rows, self.cols = cfg["rows"], cfg["cols"]
        self.depth, self.pages = cfg["imem_depth"], cfg["lut_pages"]
        self.rng = random.Random(cfg["seed"])
        self.iss = Grid(self.rows, self.cols, imem_depth=self.depth, lut_pages=self.pages,
                        wrap_rows=cfg["wrap_rows"], wrap_cols=cfg["wrap_cols"])

    # ---- configuration port: one write a cycle, on the RTL and the ISS ------------------
    async def write(self, target: str, row: int | None, col: int | None, addr: int, value: int) -> None:
        d = self.dut
        d.cfg_we_i.value = 1
        d.cfg_target_i.value = TARGET[target]
        d.cfg_all_i.value = int(row is None)
        d.cfg_row_i.value = row or 0
        d.cfg_col_i.value = col or 0
        d.cfg_addr_i.value = addr
        d.cfg_data_i.value = value
        getattr(self.iss, f"write_{target}")(row, col, addr, value)
        await RisingEdge(d.clk_i)
        d.cfg_we_i.value = 0

    def cores(self):
        return [(r, c) for r in range(self.rows) for c in range(self.cols)]

    async def load(self, base: int, length: int, undefined: float, full_tables: bool, first: bool) -> None:
        """Programs at base..base+length-1 (a common word first written to every core at
        random addresses, then most words per core), tables, memories, and the probe nop at
        the last address."""
        rng = self.rng
        for a in range(base, base + length):
            await self.write("imem", None, None, a, random_word(rng, self.pages, undefined))
        for r, c in self.cores():
            for a in range(base, base + length):
                if rng.random() < 0.8:
                    await self.write("imem", r, c, a, random_word(rng, self.pages, undefined))
        await self.write("imem", None, None, self.depth - 1, NOP)
        if full_tables:
            for r, c in self.cores():
                for a in range(self.pages * PAGE):
                    await self.write("lut", r, c, a, rng.randrange(256))
        else:
            for a in range(self.pages * PAGE):
                await self.write("lut", None, None, a, rng.randrange(256))
            for r, c in self.cores():
                for _ in range(48):
                    await self.write("lut", r, c, rng.randrange(self.pages * PAGE), rng.randrange(256))
        for _ in range(8):
            await self.write("mem", None, None, rng.randrange(MEM_BYTES), rng.randrange(256))
        for r, c in self.cores():
            for a in range(MEM_BYTES):
                if first or rng.random() < 0.9:     # the first load leaves no byte undefined
                    await self.write("mem", r, c, a, rng.randrange(256))
        await RisingEdge(self.dut.clk_i)

    # ---- runs -----------------------------------------------------------------------------
    def edge_fn(self):
        """Random edge inputs, the same for the ISS and the RTL: executed cycle -> bytes."""
        cache: dict[int, dict[str, list[int]]] = {}

        def fn(cycle: int) -> dict[str, list[int]]:
            if cycle not in cache:
                cache[cycle] = {s: [self.rng.randrange(256) for _ in range(self.rows if s in "ew" else self.cols)]
                                for s in SIDES}
            return cache[cycle]
        return fn

    def edge_outputs(self) -> dict[str, list[int]]:
        d = self.dut
        out = {}
        for s in SIDES:
            v, n = _u(getattr(d, f"edge_out_{s}_o")), self.rows if s in "ew" else self.cols
            out[s] = [(v >> (8 * i)) & 0xFF for i in range(n)]
        return out

    def drive_edges(self, edges: dict[str, list[int]]) -> None:
        for s in SIDES:
            getattr(self.dut, f"edge_in_{s}_i").value = sum(b << (8 * i) for i, b in enumerate(edges[s]))

    async def runs(self, chain: list[dict]) -> None:
        """Runs back to back, called right after a clock edge: the first starts in this
        cycle, each next one in the cycle after the one before ended.  The ISS runs each
        first; the RTL is checked cycle by cycle.  Returns right after a clock edge."""
        d, rng, hold = self.dut, self.rng, self.cfg["hold"]
        zeros = {s: [0] * (self.rows if s in "ew" else self.cols) for s in SIDES}
        before = None                       # the run before: checked idle in this start cycle
        for spec in chain:
            fn = self.edge_fn()
            want = self.iss.run(spec["entry"], spec["last"], spec["loop_start"], spec["loop_end"],
                                spec["loop_count"], edge_in=fn)
            tag = f"run {spec} ({want.cycles} cycles)"
            d.start_i.value = 1
            for k in ("entry", "last", "loop_start", "loop_end", "loop_count"):
                getattr(d, f"{k}_i").value = spec[k]
            d.hold_i.value = int(rng.random() < hold)
            self.drive_edges(fn(1))
            await ReadOnly()
            if before:
                self.check_idle(*before)
            assert _u(d.busy_o) == 0 and _u(d.exec_o) == 0, f"{tag}: the start was not taken"
            done, waited = 0, 0
            while True:
                await RisingEdge(d.clk_i)
                d.start_i.value = 0
                d.hold_i.value = int(rng.random() < hold)
                self.drive_edges(fn(done + 1) if done < want.cycles else zeros)
                if done == want.cycles:
                    break                   # this cycle is the one after the last
                await ReadOnly()
                waited += 1
                assert waited < 8 * want.cycles + 100, f"{tag}: no end"
                got = self.edge_outputs()
                exp = want.edge_out[done - 1] if done else zeros
                assert got == exp, f"{tag}: after executed cycle {done}: edge outputs {got} != ISS {exp}"
                assert _u(d.busy_o) == 1, f"{tag}: busy_o fell after {done} cycles"
                if _u(d.exec_o):
                    assert _u(d.hold_i) == 0, f"{tag}: a cycle executed under hold"
                    pc = _u(d.pc_o)
                    assert pc == want.pcs[done], f"{tag}: cycle {done + 1}: pc {pc} != ISS {want.pcs[done]}"
                    done += 1
                else:
                    assert _u(d.hold_i) == 1, f"{tag}: cycle {done + 1} not executed without hold"
            d._log.info("%s: %d cycles (%d with holds) in lock step", tag, done, waited)
            before = (tag, want.edge_out[-1])
        await ReadOnly()
        self.check_idle(*before)
        await RisingEdge(d.clk_i)

    def check_idle(self, tag: str, edges: dict[str, list[int]]) -> None:
        d = self.dut
        assert _u(d.busy_o) == 0, f"{tag}: busy_o still high after the last cycle"
        assert _u(d.exec_o) == 0, f"{tag}: a cycle more executed"
        got = self.edge_outputs()
        assert got == edges, f"{tag}: after the last cycle: edge outputs {got} != ISS {edges}"

    # ---- debug port -----------------------------------------------------------------------
    async def peek(self, row: int, col: int, sel: int, addr: int) -> int:
        d = self.dut
        d.dbg_row_i.value, d.dbg_col_i.value, d.dbg_sel_i.value, d.dbg_addr_i.value = row, col, sel, addr
        await Timer(1, "ns")
        return _u(d.dbg_data_o)

    async def state(self, r: int, c: int) -> tuple:
        regs = [await self.peek(r, c, 0, i) for i in range(8)]
        outs = [await self.peek(r, c, 1, i) for i in range(4)]
        mem = [await self.peek(r, c, 2, a) for a in range(MEM_BYTES)]
        return regs, outs, mem, bool(await self.peek(r, c, 3, 0) & 1)

    async def compare_state(self, tag: str) -> None:
        g = self.iss
        for r, c in self.cores():
            regs, outs, mem, illegal = await self.state(r, c)
            assert regs == g.regs[r][c], f"{tag}: core ({r}, {c}) registers {regs} != ISS {g.regs[r][c]}"
            assert outs == g.outs[r][c], f"{tag}: core ({r}, {c}) output registers {outs} != ISS {g.outs[r][c]}"
            assert mem == list(g.mem[r][c]), f"{tag}: core ({r}, {c}) memory differs from the ISS"
            assert illegal == g.illegal[r][c], f"{tag}: core ({r}, {c}) ILLEGAL {illegal} != ISS {g.illegal[r][c]}"
        n_illegal = sum(sum(row) for row in g.illegal)
        assert _u(self.dut.illegal_o) == int(n_illegal > 0), f"{tag}: illegal_o != {n_illegal > 0}"
        self.dut._log.info("state of every core as the ISS's (%d ILLEGAL)", n_illegal)
        await RisingEdge(self.dut.clk_i)


def random_run(rng: random.Random, base: int, length: int) -> dict:
    """entry..last inside the program, a loop inside that (sometimes ending at last or after
    it, sometimes of one word or of count 0)."""
    entry = base + rng.randrange(length // 3)
    last = rng.randrange(entry, base + length)
    ls = rng.randrange(entry, last + 1)
    le = rng.randrange(ls, min(last + 3, base + length))
    count = rng.choice((0, 1, 2, 3, 5))
    return {"entry": entry, "last": last, "loop_start": ls, "loop_end": le, "loop_count": count}


CORNERS = [
    lambda b, n: {"entry": b + 3, "last": b + 3, "loop_start": 0, "loop_end": 0, "loop_count": 1},   # one word
    lambda b, n: {"entry": b, "last": b + 4, "loop_start": b + 2, "loop_end": b + 2, "loop_count": 4},
    lambda b, n: {"entry": b, "last": b + n - 1, "loop_start": b + 1, "loop_end": b + n - 1, "loop_count": 3},
    lambda b, n: {"entry": b + 1, "last": b + 6, "loop_start": b + 1, "loop_end": b + 3, "loop_count": 0},
]


@cocotb.test()
async def lockstep(dut):
    cfg = json.loads(os.environ["UGRID_CFG"])
    bench = Bench(dut, cfg)
    cocotb.start_soon(Clock(dut.clk_i, 10, unit="ns").start())
    for name in ("start_i", "entry_i", "last_i", "loop_start_i", "loop_end_i", "loop_count_i", "hold_i",
                 "cfg_we_i", "cfg_target_i", "cfg_all_i", "cfg_row_i", "cfg_col_i", "cfg_addr_i", "cfg_data_i",
                 "dbg_row_i", "dbg_col_i", "dbg_sel_i", "dbg_addr_i",
                 "edge_in_e_i", "edge_in_w_i", "edge_in_n_i", "edge_in_s_i"):
        getattr(dut, name).value = 0
    dut.rst_ni.value = 0
    for _ in range(3):
        await RisingEdge(dut.clk_i)
    dut.rst_ni.value = 1
    await RisingEdge(dut.clk_i)

    rng = bench.rng
    length = min(40, bench.depth - 8)
    for ld in range(cfg["loads"]):
        base = rng.randrange(bench.depth - length - 1)
        undefined = cfg["undefined"] if ld % 2 == 0 else 0.0
        await bench.load(base, length, undefined, full_tables=cfg["full_tables"], first=ld == 0)
        specs = [c(base, length) for c in CORNERS] if ld == 0 else []
        specs += [random_run(rng, base, length) for _ in range(cfg["runs"])]
        i = 0
        while i < len(specs):
            chain = [specs[i]]
            while i + len(chain) < len(specs) and rng.random() < 0.3:
                chain.append(specs[i + len(chain)])
            await bench.runs(chain)
            await bench.compare_state(f"load {ld}, runs {chain}")
            i += len(chain)

    # the clear at a run's start: the state the runs left, then a one-word run of a nop
    regs = [await bench.peek(r, c, 0, i) for r, c in bench.cores() for i in range(8)]
    assert any(regs), "the runs left every register zero: the clear would show nothing"
    await RisingEdge(dut.clk_i)
    probe = bench.depth - 1
    await bench.runs([{"entry": probe, "last": probe, "loop_start": 0, "loop_end": 0, "loop_count": 1}])
    await bench.compare_state("clear")
    for r, c in bench.cores():
        regs, outs, _, illegal = await bench.state(r, c)
        assert regs == [0] * 8 and outs == [0] * 4 and not illegal, f"core ({r}, {c}) not cleared by the start"
