"""From grid-level operations to per-core control words: a list scheduler (docs/ugrid.md).

A program is built as a list of micro-operations in program order, each one control word for
one core with the state it reads and writes (registers, output registers, memory, the grid's
edge inputs).  `Builder.schedule` places each at the earliest cycle its dependences and its
core allow, so independent work of different macro-instructions shares cycles and cores fill
each other's idle slots; the timing rules are the grid's (every read at the start of a cycle,
every write at its end):

- an operation that reads what an earlier one writes comes in a later cycle;
- one that writes what an earlier one reads comes in the same cycle or later;
- one that writes what an earlier one writes comes in a later cycle;
- a core does one operation per cycle.

`Builder.cheapest` schedules alternative sequences of the same meaning and keeps the one that
ends first: the cost model is the schedule itself.
"""

from __future__ import annotations

import contextlib
import copy
import dataclasses
from dataclasses import dataclass, field
from typing import Callable, Hashable

from mccp.isa import load
from mccp.iss.ugrid import check_wrap, neighbour

ISA = load("ugrid")
SIDE = dict(ISA.kinds["side"].aliases)            # "e" -> 0 ...
SIDE_NAME = {v: k for k, v in SIDE.items()}
STEP = {"e": (0, 1), "w": (0, -1), "n": (-1, 0), "s": (1, 0)}
FACING = {"e": "w", "w": "e", "n": "s", "s": "n"}   # the side of the neighbour that faces back

Core = tuple[int, int]
Resource = Hashable


@dataclass(frozen=True)
class Op:
    """One control word for one core, with what it reads and writes."""
    core: Core
    text: str                           # assembler text, e.g. "xor r0, r0, r2"
    reads: frozenset
    writes: frozenset
    edge_in: tuple | None = None        # (side, index, label): the byte the feeder presents
    edge_out: tuple | None = None       # (side, index, label): the byte the grid presents after it
    tag: str = ""                       # what it is part of (the program's own accounting)

    @property
    def word(self) -> int:
        return encode(self.text)


def encode(text: str) -> int:
    """The control word of one instruction in assembler syntax."""
    mnemonic, _, rest = text.strip().partition(" ")
    ins = ISA.by_mnemonic[mnemonic]
    args = [a.strip() for a in rest.split(",")] if rest.strip() else []
    values = [SIDE[a] if a in SIDE else int(a[1:]) for a in args]
    return ins.encode(values, ISA)


def reg(core: Core, i: int) -> Resource:
    return ("r", core, i)


def outreg(core: Core, side: str) -> Resource:
    return ("o", core, side)


def memory(core: Core) -> Resource:
    return ("m", core)


@dataclass
class GridProgram:
    """Per-core control words of `length` cycles and the edge I/O the feeder follows."""
    rows: int
    cols: int
    words: dict[Core, list[int]]
    length: int
    inputs: list[tuple[int, str, int, object]]        # (cycle, side, index, label), cycles from 1
    outputs: list[tuple[int, str, int, object]]       # after that cycle the edge shows the label
    ops: list[tuple[int, Op]] = field(default_factory=list)

    def io_cycles(self) -> tuple[int, int, int]:
        """(first input beat to last output beat, the input's cycles, the output's cycles)."""
        first_in, last_in = min(t for t, *_ in self.inputs), max(t for t, *_ in self.inputs)
        first_out, last_out = min(t for t, *_ in self.outputs), max(t for t, *_ in self.outputs)
        return last_out - first_in + 1, last_in - first_in + 1, last_out - first_out + 1

    def imem_depth(self, least: int = 256) -> int:
        """The instruction memory (a power of two, at least `least`) the program fits in."""
        return 1 << max((least - 1).bit_length(), (self.length - 1).bit_length())

    def edge_feed(self, values: dict) -> Callable[[int], dict[str, list[int]]]:
        """The edge inputs of each executed cycle, given the byte of each input label."""
        by_cycle: dict[int, dict[str, list[int]]] = {}
        for t, side, index, label in self.inputs:
            sides = by_cycle.setdefault(t, {s: [0] * (self.rows if s in "ew" else self.cols) for s in STEP})
            sides[side][index] = values[label]
        return lambda cycle: by_cycle.get(cycle, {})

    def collect(self, edge_out: list[dict[str, list[int]]]) -> dict:
        """The byte of each output label, from the edge outputs after each executed cycle."""
        return {label: edge_out[t - 1][side][index] for t, side, index, label in self.outputs}

    def busy_by_tag(self) -> dict[str, int]:
        """Core-cycles of work per tag (Builder.tag when the operations were emitted)."""
        out: dict[str, int] = {}
        for _, op in self.ops:
            out[op.tag] = out.get(op.tag, 0) + 1
        return out

    def utilisation(self) -> float:
        """Share of core-cycles that do work (not nop)."""
        return len(self.ops) / (self.rows * self.cols * self.length) if self.length else 0.0

    def listing(self) -> str:
        """Which core does what in which cycle: one line per cycle, one column per core."""
        cores = [(r, c) for r in range(self.rows) for c in range(self.cols)]
        grid = {(t, op.core): op.text for t, op in self.ops}
        width = max([len(t) for t in grid.values()] + [7])
        head = "cycle | " + " | ".join(f"({r},{c})".ljust(width) for r, c in cores)
        lines = [head, "-" * len(head)]
        for t in range(1, self.length + 1):
            lines.append(f"{t:5d} | " + " | ".join(grid.get((t, k), ".").ljust(width) for k in cores))
        lines.append(f"{self.length} cycles, {100 * self.utilisation():.0f} % of core-cycles busy")
        return "\n".join(lines)


class Builder:
    """Collects micro-operations in program order and schedules them."""

    def __init__(self, rows: int, cols: int, wrap_rows: int = 0, wrap_cols: int = 0):
        if rows < 2 or cols < 2:
            raise ValueError(f"a grid has at least 2 x 2 cores, not {rows} x {cols}")
        check_wrap(rows, cols, wrap_rows, wrap_cols)
        self.rows, self.cols, self.wrap_rows, self.wrap_cols = rows, cols, wrap_rows, wrap_cols
        self.tag = ""                   # given to every operation emitted (accounting only)
        self.placed: list[tuple[int, Op]] = []
        self._busy: dict[Core, set[int]] = {}
        self._last_write: dict[Resource, int] = {}
        self._last_read: dict[Resource, int] = {}

    # ---- geometry ---------------------------------------------------------------------
    def cores(self) -> list[Core]:
        return [(r, c) for r in range(self.rows) for c in range(self.cols)]

    def inside(self, core: Core) -> bool:
        return 0 <= core[0] < self.rows and 0 <= core[1] < self.cols

    def neighbour(self, core: Core, side: str, mesh: bool = False) -> Core | None:
        """The core on `side` (across a wrap-around link unless `mesh`), or None at a grid edge."""
        if mesh:
            return neighbour(self.rows, self.cols, 0, 0, core, SIDE[side])
        return neighbour(self.rows, self.cols, self.wrap_rows, self.wrap_cols, core, SIDE[side])

    def on_edge(self, core: Core, side: str) -> bool:
        return {"e": core[1] == self.cols - 1, "w": core[1] == 0, "n": core[0] == 0,
                "s": core[0] == self.rows - 1}[side]

    def toward(self, src: Core, dst: Core) -> list[tuple[str, bool]]:
        """The hops (side, across a mesh link) src may take on a shortest path to dst: around
        its band's ring where dst is in the same band, over the mesh links between bands
        otherwise."""
        hops = []
        for axis, wrap, (fwd, back) in ((0, self.wrap_rows, ("s", "n")), (1, self.wrap_cols, ("e", "w"))):
            d = dst[axis] - src[axis]
            if d == 0:
                continue
            if wrap and src[axis] // wrap == dst[axis] // wrap:
                ahead = d % wrap
                hops.append((fwd if ahead <= wrap - ahead else back, False))
            else:
                hops.append((fwd if d > 0 else back, True))
        return hops

    def edge_index(self, core: Core, side: str) -> int:
        """The edge port a core on the `side` edge meets: its row (e, w) or column (n, s)."""
        return core[0] if side in ("e", "w") else core[1]

    # ---- scheduling -------------------------------------------------------------------
    def earliest(self, op: Op, after: int = 0) -> int:
        t = max([after + 1]
                + [self._last_write.get(x, 0) + 1 for x in op.reads | op.writes]
                + [self._last_read.get(x, 0) for x in op.writes])
        busy = self._busy.get(op.core, set())
        while t in busy:
            t += 1
        return t

    def emit(self, op: Op, after: int = 0) -> int:
        """Place `op` at its earliest cycle (not before cycle after + 1); that cycle."""
        if not self.inside(op.core):
            raise ValueError(f"no core {op.core} in a {self.rows} x {self.cols} grid")
        encode(op.text)                                   # refuse a malformed word now
        if self.tag and not op.tag:
            op = dataclasses.replace(op, tag=self.tag)
        t = self.earliest(op, after)
        self.placed.append((t, op))
        self._busy.setdefault(op.core, set()).add(t)
        for x in op.writes:
            self._last_write[x] = max(self._last_write.get(x, 0), t)
        for x in op.reads:
            self._last_read[x] = max(self._last_read.get(x, 0), t)
        return t

    @contextlib.contextmanager
    def tagged(self, tag: str):
        """Operations emitted inside count toward `tag` (GridProgram.busy_by_tag)."""
        old, self.tag = self.tag, tag
        try:
            yield
        finally:
            self.tag = old

    def load_of(self, core: Core) -> int:
        """Operations placed on `core` so far (the paper's utilisation, for routing)."""
        return len(self._busy.get(core, ()))

    def end(self) -> int:
        """The last cycle any operation takes so far."""
        return max((t for t, _ in self.placed), default=0)

    def clone(self) -> "Builder":
        """An independent copy (operations are immutable and shared)."""
        twin = copy.copy(self)
        twin.placed = list(self.placed)
        twin._busy = {k: set(v) for k, v in self._busy.items()}
        twin._last_write = dict(self._last_write)
        twin._last_read = dict(self._last_read)
        return twin

    def cheapest(self, alternatives: list[Callable[["Builder"], object]]) -> int:
        """Build each alternative on a copy; replay the one that ends first (the first of
        equals).  Its index."""
        ends = []
        for alt in alternatives:
            trial = self.clone()
            alt(trial)
            ends.append(trial.end())
        best = ends.index(min(ends))
        alternatives[best](self)
        return best

    # ---- the instructions, as operations ----------------------------------------------
    def alu(self, core: Core, mnemonic: str, rd: int, *srcs: int, after: int = 0) -> int:
        """rd = f(srcs) for and, xor (two sources), lut*, shl, shr, xtime, mov (one)."""
        text = f"{mnemonic} r{rd}, " + ", ".join(f"r{s}" for s in srcs)
        return self.emit(Op(core, text, frozenset(reg(core, s) for s in srcs), frozenset({reg(core, rd)})), after)

    def lut(self, core: Core, page: int, rd: int, rs: int, after: int = 0) -> int:
        return self.alu(core, "lut" if page == 0 else f"lut{page}", rd, rs, after=after)

    def step(self, core: Core, mnemonic: str, r: int, after: int = 0) -> int:
        """inc / dec r."""
        return self.emit(Op(core, f"{mnemonic} r{r}", frozenset({reg(core, r)}), frozenset({reg(core, r)})), after)

    def send(self, core: Core, r: int, side: str, label: object = None, after: int = 0) -> int:
        """The output register of `side` = r (an edge output if nothing is there)."""
        edge = None
        if self.on_edge(core, side) and (label is not None or self.neighbour(core, side) is None):
            edge = (side, self.edge_index(core, side), label)
        return self.emit(Op(core, f"out r{r}, {side}", frozenset({reg(core, r)}), frozenset({outreg(core, side)}),
                            edge_out=edge), after)

    def send_all(self, core: Core, r: int, after: int = 0) -> int:
        return self.emit(Op(core, f"outa r{r}", frozenset({reg(core, r)}),
                            frozenset(outreg(core, s) for s in STEP)), after)

    def receive(self, core: Core, r: int, side: str, xor: bool = False, label: object = None,
                mesh: bool = False, after: int = 0) -> int:
        """r = (r ^) the byte from `side`: the neighbour's facing output register, or the
        edge input (`label` names what the feeder presents there).  With `mesh`, the
        physically adjacent core's (or the edge's) even where a wrap-around link leaves this
        side (`ein`; it has no xor form)."""
        there = self.neighbour(core, side, mesh)
        ring = self.neighbour(core, side)
        use_ein = mesh and there != ring
        if use_ein and xor:
            raise ValueError("no instruction adds a byte from across a band's edge")
        reads = {reg(core, r)} if xor else set()
        edge = None
        if there is not None:
            reads.add(outreg(there, FACING[side]))
        else:
            edge = (side, self.edge_index(core, side), label)
        mnemonic = "ein" if use_ein else "xin" if xor else "in"
        return self.emit(Op(core, f"{mnemonic} r{r}, {side}", frozenset(reads),
                            frozenset({reg(core, r)}), edge_in=edge), after)

    def memr(self, core: Core, rd: int, ra: int, after: int = 0) -> int:
        """rd = mem[ra] (ra = r7 counts down)."""
        writes = {reg(core, rd)} | ({reg(core, 7)} if ra == 7 else set())
        return self.emit(Op(core, f"memr r{rd}, r{ra}", frozenset({reg(core, ra), memory(core)}),
                            frozenset(writes)), after)

    def memw(self, core: Core, ra: int, rs: int, after: int = 0) -> int:
        """mem[ra] = rs (ra = r7 counts up)."""
        writes = {memory(core)} | ({reg(core, 7)} if ra == 7 else set())
        return self.emit(Op(core, f"memw r{ra}, r{rs}", frozenset({reg(core, ra), reg(core, rs), memory(core)}),
                            frozenset(writes)), after)

    # ---- the result ---------------------------------------------------------------------
    def program(self) -> GridProgram:
        length = self.end()
        nop = encode("nop")
        words = {k: [nop] * length for k in self.cores()}
        inputs, outputs = [], []
        for t, op in self.placed:
            words[op.core][t - 1] = op.word
            if op.edge_in:
                inputs.append((t, *op.edge_in))
            if op.edge_out:
                outputs.append((t, *op.edge_out))
        return GridProgram(self.rows, self.cols, words, length, sorted(inputs, key=lambda x: x[0]),
                           sorted(outputs, key=lambda x: x[0]), sorted(self.placed, key=lambda x: x[0]))
