"""The macro-instructions (mccp.ugrid.macros), compiled and run on the grid ISS from random
register contents, against Python models of their meaning written here; and the scheduler's
timing rules."""

from __future__ import annotations

import random

import pytest

from mccp.iss.ugrid import Grid
from mccp.ugrid import macros
from mccp.ugrid.compiler import Builder, GridProgram

SIZES = [(4, 4), (2, 3), (4, 8), (3, 5)]


def _prologue(b: Builder) -> None:
    """Every core: r7 = 7, then r6..r0 = mem[7]..mem[1] (r7 counting down), r7 = mem[0]."""
    for k in b.cores():
        for _ in range(7):
            b.step(k, "inc", 7)
        for i in range(6, -1, -1):
            b.memr(k, i, 7)
        b.memr(k, 7, 7)


def execute(b: Builder, start: dict, feed: dict | None = None) -> tuple[Grid, GridProgram, dict]:
    """Run b's program on an ISS grid whose cores start with registers `start[core]`."""
    prog = b.program()
    g = Grid(b.rows, b.cols, imem_depth=prog.imem_depth(), wrap_rows=b.wrap_rows, wrap_cols=b.wrap_cols)
    for k, regs in start.items():
        for i, v in enumerate(regs):
            g.write_mem(*k, i + 1 if i < 7 else 0, v)
    for k, words in prog.words.items():
        for a, w in enumerate(words):
            g.write_imem(*k, a, w)
    run = g.run(0, prog.length - 1, edge_in=prog.edge_feed(feed or {}))
    assert run.cycles == prog.length
    return g, prog, prog.collect(run.edge_out)


def _random_start(b: Builder, rng: random.Random) -> dict:
    return {k: [rng.randrange(256) for _ in range(8)] for k in b.cores()}


def _regs(g: Grid, b: Builder) -> dict:
    return {k: list(g.regs[k[0]][k[1]]) for k in b.cores()}


@pytest.mark.parametrize("rows,cols", SIZES)
def test_add(rows, cols):
    rng = random.Random(rows * 10 + cols)
    b = Builder(rows, cols)
    start = _random_start(b, rng)
    _prologue(b)
    macros.add(b, 2, 4)
    g, _, _ = execute(b, start)
    for k, regs in _regs(g, b).items():
        want = list(start[k])
        want[4] = start[k][2] ^ start[k][4]
        assert regs == want


def test_lookup():
    rng = random.Random(7)
    b = Builder(4, 4)
    start = _random_start(b, rng)
    _prologue(b)
    macros.lookup(b, 1, 3, 0)
    prog = b.program()
    table = rng.randbytes(512)
    g = Grid(4, 4, imem_depth=prog.imem_depth())
    for a in range(512):
        g.write_lut(None, None, a, table[a])
    for k, regs in start.items():
        for i, v in enumerate(regs):
            g.write_mem(*k, i + 1 if i < 7 else 0, v)
        for a, w in enumerate(prog.words[k]):
            g.write_imem(*k, a, w)
    g.run(0, prog.length - 1)
    for k in b.cores():
        assert g.regs[k[0]][k[1]][3] == table[256 + start[k][0]]


@pytest.mark.parametrize("rows,cols,wrap", [(r, c, 0) for r, c in SIZES] + [(8, 8, 4), (4, 8, 4)])
def test_route(rows, cols, wrap):
    """Between any two cores; with bands of wrap-around links, around the rings and across
    the bands' edges (ein)."""
    rng = random.Random(rows + cols + wrap)
    for _ in range(6 if wrap else 3):
        b = Builder(rows, cols, wrap, wrap)
        start = _random_start(b, rng)
        _prologue(b)
        src, dst = rng.choice(b.cores()), rng.choice(b.cores())
        macros.route(b, src, 1, dst, 2, tmp=6)
        g, _, _ = execute(b, start)
        assert g.regs[dst[0]][dst[1]][2] == start[src][1]


@pytest.mark.parametrize("rows,cols", SIZES)
@pytest.mark.parametrize("along_rows", [True, False])
def test_rotate(rows, cols, along_rows):
    """ShiftMxN: every line rotated by a different amount toward its start, the direct and the
    single-step methods and the cheaper of the two."""
    rng = random.Random(rows * cols)
    n = cols if along_rows else rows
    lines = rows if along_rows else cols
    for method in (macros.rotate, macros.rotate_direct, macros.rotate_steps):
        b = Builder(rows, cols)
        start = _random_start(b, rng)
        _prologue(b)
        amounts = [rng.randrange(n) for _ in range(lines)]
        for i, a in enumerate(amounts):
            method(b, macros.line(b, along_rows, i), a, 0, tmp=5, hold=6)
        g, _, _ = execute(b, start)
        for i, a in enumerate(amounts):
            line = [(i, j) for j in range(n)] if along_rows else [(j, i) for j in range(n)]
            before = [start[k][0] for k in line]
            after = [g.regs[k[0]][k[1]][0] for k in line]
            assert after == before[a:] + before[:a], (method.__name__, i, a)


@pytest.mark.parametrize("along_rows", [True, False])
def test_rotate_ring(along_rows):
    """On a grid whose lines are rings, every amount both ways round."""
    rng = random.Random(5)
    for amount in range(4):
        b = Builder(4, 4, wrap_rows=4, wrap_cols=4)
        start = _random_start(b, rng)
        _prologue(b)
        for i in range(4):
            macros.rotate_ring(b, macros.line(b, along_rows, i), amount + i, 2, tmp=5)
        g, _, _ = execute(b, start)
        for i in range(4):
            a = (amount + i) % 4
            line = [(i, j) for j in range(4)] if along_rows else [(j, i) for j in range(4)]
            before = [start[k][2] for k in line]
            assert [g.regs[k[0]][k[1]][2] for k in line] == before[a:] + before[:a]


def test_rotate_takes_the_cheaper_way():
    """Three steps left on a row of four cost more than one step right; the macro picks it."""
    b = Builder(2, 4)
    assert macros.rotate(b, macros.line(b, True, 0), 3, 0, tmp=5, hold=6) in (0, 1)
    steps, direct = Builder(2, 4), Builder(2, 4)
    macros.rotate_steps(steps, macros.line(steps, True, 0), 3, 0, tmp=5, hold=6)
    macros.rotate_direct(direct, macros.line(direct, True, 0), 3, 0, tmp=5, hold=6)
    assert b.end() == min(steps.end(), direct.end())


@pytest.mark.parametrize("rows,cols", [(2, 2), (4, 4), (3, 5)])
@pytest.mark.parametrize("n", [1, 3, 7, 8, 13])
def test_shift_bits(rows, cols, n):
    rng = random.Random(n * 100 + rows)
    b = Builder(rows, cols)
    start = _random_start(b, rng)
    _prologue(b)
    macros.shift_bits(b, 1, n, tmp=5, tmp2=6)
    g, _, _ = execute(b, start)
    cores = b.cores()
    word = int.from_bytes(bytes(start[k][1] for k in cores), "big")
    want = ((word << n) & ((1 << (8 * len(cores))) - 1)).to_bytes(len(cores), "big")
    assert bytes(g.regs[k[0]][k[1]][1] for k in cores) == want


@pytest.mark.parametrize("rows,cols,wrap", [(r, c, 0) for r, c in SIZES + [(8, 8)]] + [(8, 8, 4), (4, 4, 4)])
def test_load_and_unload(rows, cols, wrap):
    """A word enters through the edges of the shorter side and leaves the same way; the grid
    edges take (rows or columns) - 1 cycles beyond a byte per edge port."""
    rng = random.Random(rows * cols + 1)
    b = Builder(rows, cols, wrap, wrap)
    data = {k: rng.randrange(256) for k in b.cores()}
    macros.load(b, 3, {k: ("in", k) for k in b.cores()}, tmp=6)
    loaded = b.end()
    b2 = Builder(rows, cols, wrap, wrap)
    macros.load(b2, 3, {k: ("in", k) for k in b2.cores()}, tmp=6)
    macros.unload(b2, 3, {k: ("out", k) for k in b2.cores()}, tmp=6)
    g, prog, out = execute(b2, {}, {("in", k): v for k, v in data.items()})
    assert out == {("out", k): v for k, v in data.items()}
    for k, v in data.items():
        assert g.regs[k[0]][k[1]][3] == v
    # every edge port carries a byte per cycle while loading: the load ends within the bytes
    # per port plus the depth of the farthest core
    per_port = (cols if rows >= cols else rows) // 2 + 1
    assert loaded <= 2 * per_port + 1


def test_scheduler_timing_rules():
    """A reader after its writer, a writer not before a reader, one operation per core a
    cycle; independent work shares cycles."""
    b = Builder(2, 2)
    t1 = b.alu((0, 0), "xor", 1, 2, 3)       # r1 = ...
    t2 = b.alu((0, 0), "mov", 4, 1)          # reads r1: later
    t3 = b.alu((0, 1), "mov", 4, 1)          # another core, independent: cycle 1
    t4 = b.send((0, 0), 4, "e")               # reads r4 of (0, 0): after t2
    t5 = b.receive((0, 1), 5, "w")            # reads (0, 0)'s east register: after t4
    t6 = b.alu((0, 0), "mov", 4, 2)          # overwrites r4 that t4 reads: not before t4
    assert (t1, t2, t3) == (1, 2, 1)
    assert t4 == 3 and t5 == 4 and t6 == 4
    prog = b.program()
    assert prog.length == 4 and "mov r4, r1" in prog.listing()
