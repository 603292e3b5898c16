"""Cycle-exact instruction-set simulator of the micro-core grid (docs/ugrid.md).

Every core executes the control word at the grid's one program counter from its own
instruction memory; all reads of a cycle see the state at its start, all writes land at its
end, as in the RTL (rtl/ugrid/), which tests/ugrid runs in lock-step with this model.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable

from mccp.isa import load

ISA = load("ugrid")
SIDES = ("e", "w", "n", "s")               # side codes 0..3 (Table II)
E, W, N, S = range(4)
OPPOSITE = (W, E, S, N)
MEM_BYTES = 64
PAGE = 256
PAGES = {"lut": 0, "lut1": 1, "lut2": 2, "lut3": 3}

EdgeBytes = dict[str, list[int]]           # side -> a byte per row (e, w) or column (n, s)


@lru_cache(maxsize=None)
def decoded_words() -> tuple:
    """Every 11-bit control word decoded once: (instruction, operands) or None."""
    return tuple(ISA.decode(w) for w in range(1 << ISA.word_bits))


def check_wrap(rows: int, cols: int, wrap_rows: int, wrap_cols: int) -> None:
    """Wrap-around links close each band of wrap_rows rows (wrap_cols columns) into a ring;
    0 = none (the paper's mesh)."""
    for name, n, w in (("wrap_rows", rows, wrap_rows), ("wrap_cols", cols, wrap_cols)):
        if w and (w < 2 or n % w):
            raise ValueError(f"{name} {w} must be 0 or at least 2 and divide {n}")


def neighbour(rows: int, cols: int, wrap_rows: int, wrap_cols: int, core: tuple[int, int],
              side: int) -> tuple[int, int] | None:
    """The core on `side` of `core`: the mesh neighbour, the other end of its band's ring
    where links wrap (wrap-around links join a band's two edge cores; the mesh links between
    bands stay, for `ein`), or None at a grid edge without wrap-around."""
    r, c = core
    dr, dc = {E: (0, 1), W: (0, -1), N: (-1, 0), S: (1, 0)}[side]
    if dr:
        if wrap_rows:
            base = r - r % wrap_rows
            return base + (r - base + dr) % wrap_rows, c
        return (r + dr, c) if 0 <= r + dr < rows else None
    if wrap_cols:
        base = c - c % wrap_cols
        return r, base + (c - base + dc) % wrap_cols
    return (r, c + dc) if 0 <= c + dc < cols else None


def xtime(x: int) -> int:
    """Doubling in GF(2^8) modulo the AES polynomial."""
    return ((x << 1) ^ (0x1B if x & 0x80 else 0)) & 0xFF


@dataclass
class Run:
    cycles: int = 0
    pcs: list[int] = field(default_factory=list)
    edge_out: list[EdgeBytes] = field(default_factory=list)   # after each executed cycle


class Grid:
    """An M x N grid: instruction memories, tables and memories as the host loaded them."""

    def __init__(self, rows: int, cols: int, imem_depth: int = 256, lut_pages: int = 4,
                 wrap_rows: int = 0, wrap_cols: int = 0):
        if rows < 2 or cols < 2:
            raise ValueError(f"a grid has at least 2 x 2 cores, not {rows} x {cols}")
        if lut_pages not in (1, 2, 4):
            raise ValueError(f"lut_pages is 1, 2 or 4, not {lut_pages}")
        if imem_depth < 2 or imem_depth & (imem_depth - 1):
            raise ValueError(f"imem_depth {imem_depth} is not a power of two (the pc wraps at the end)")
        check_wrap(rows, cols, wrap_rows, wrap_cols)
        self.rows, self.cols, self.imem_depth, self.lut_pages = rows, cols, imem_depth, lut_pages
        self.wrap_rows, self.wrap_cols = wrap_rows, wrap_cols
        cores = [(r, c) for r in range(rows) for c in range(cols)]
        self.imem = [[[0] * imem_depth for _ in range(cols)] for _ in range(rows)]
        self.lut = [[bytearray(lut_pages * PAGE) for _ in range(cols)] for _ in range(rows)]
        self.mem = [[bytearray(MEM_BYTES) for _ in range(cols)] for _ in range(rows)]
        self.regs = [[[0] * 8 for _ in range(cols)] for _ in range(rows)]
        self.outs = [[[0] * 4 for _ in range(cols)] for _ in range(rows)]
        self.illegal = [[False] * cols for _ in range(rows)]
        self._cores = cores
        self._decoded = decoded_words()

    # ---- host loads -------------------------------------------------------------------
    def _targets(self, row: int | None, col: int | None) -> list[tuple[int, int]]:
        if (row is None) != (col is None):
            raise ValueError("name a core by row and column, or neither (every core)")
        if row is None:
            return self._cores
        if not (0 <= row < self.rows and 0 <= col < self.cols):
            raise ValueError(f"no core ({row}, {col}) in a {self.rows} x {self.cols} grid")
        return [(row, col)]

    def write_imem(self, row: int | None, col: int | None, addr: int, word: int) -> None:
        if not 0 <= addr < self.imem_depth:
            raise ValueError(f"instruction address {addr} is beyond {self.imem_depth} words")
        for r, c in self._targets(row, col):
            self.imem[r][c][addr] = word & ((1 << ISA.word_bits) - 1)

    def write_lut(self, row: int | None, col: int | None, addr: int, byte: int) -> None:
        if not 0 <= addr < self.lut_pages * PAGE:
            raise ValueError(f"table address {addr} is beyond {self.lut_pages} pages")
        for r, c in self._targets(row, col):
            self.lut[r][c][addr] = byte & 0xFF

    def write_mem(self, row: int | None, col: int | None, addr: int, byte: int) -> None:
        if not 0 <= addr < MEM_BYTES:
            raise ValueError(f"memory address {addr} is beyond {MEM_BYTES} bytes")
        for r, c in self._targets(row, col):
            self.mem[r][c][addr] = byte & 0xFF

    # ---- ports ------------------------------------------------------------------------
    def edge_outputs(self) -> EdgeBytes:
        m, n = self.rows, self.cols
        return {"e": [self.outs[r][n - 1][E] for r in range(m)], "w": [self.outs[r][0][W] for r in range(m)],
                "n": [self.outs[0][c][N] for c in range(n)], "s": [self.outs[m - 1][c][S] for c in range(n)]}

    def neighbour(self, r: int, c: int, side: int, mesh: bool = False) -> tuple[int, int] | None:
        """The core on `side` of (r, c) (across a wrap-around link unless `mesh`), or None at
        a grid edge without one."""
        if mesh:
            return neighbour(self.rows, self.cols, 0, 0, (r, c), side)
        return neighbour(self.rows, self.cols, self.wrap_rows, self.wrap_cols, (r, c), side)

    def _edge_input(self, r: int, c: int, side: int, edge: EdgeBytes) -> int:
        return edge.get(SIDES[side], [0] * max(self.rows, self.cols))[r if side in (E, W) else c] & 0xFF

    def _input(self, r: int, c: int, side: int, edge: EdgeBytes, mesh: bool = False) -> int:
        """The byte arriving at core (r, c) from `side`: the neighbour's facing output
        register (the ring's, or with `mesh` the physical one's), or the grid's edge input."""
        there = self.neighbour(r, c, side, mesh)
        if there is not None:
            return self.outs[there[0]][there[1]][OPPOSITE[side]]
        return self._edge_input(r, c, side, edge)

    # ---- running ----------------------------------------------------------------------
    def step(self, pc: int, edge: EdgeBytes) -> None:
        """One executed cycle: every core's word at `pc`, reads before writes."""
        reg_w: list[tuple[int, int, int, int]] = []     # (r, c, register, value)
        out_w: list[tuple[int, int, int, int]] = []     # (r, c, side, value)
        mem_w: list[tuple[int, int, int, int]] = []     # (r, c, address, value)
        for r, c in self._cores:
            decoded = self._decoded[self.imem[r][c][pc]]
            if decoded is None:
                self.illegal[r][c] = True
                continue
            ins, ops = decoded
            x = self.regs[r][c]
            name = ins.mnemonic
            if name in ("and", "xor"):
                rc, rb, ra = ops
                reg_w.append((r, c, rc, x[rb] & x[ra] if name == "and" else x[rb] ^ x[ra]))
            elif name in PAGES:
                rc, rb = ops
                page = PAGES[name]
                if page >= self.lut_pages:
                    self.illegal[r][c] = True
                    continue
                reg_w.append((r, c, rc, self.lut[r][c][page * PAGE + x[rb]]))
            elif name in ("shl", "shr", "xtime"):
                rc, rb = ops
                v = x[rb]
                reg_w.append((r, c, rc, (v << 1) & 0xFF if name == "shl" else v >> 1 if name == "shr" else xtime(v)))
            elif name == "in":
                rb, d = ops
                reg_w.append((r, c, rb, self._input(r, c, d, edge)))
            elif name == "ein":
                rb, d = ops
                reg_w.append((r, c, rb, self._input(r, c, d, edge, mesh=True)))
            elif name == "xin":
                rb, d = ops
                reg_w.append((r, c, rb, x[rb] ^ self._input(r, c, d, edge)))
            elif name == "out":
                rb, d = ops
                out_w.append((r, c, d, x[rb]))
            elif name == "outa":
                (rb,) = ops
                out_w += [(r, c, d, x[rb]) for d in range(4)]
            elif name == "memw":
                ra, rb = ops
                mem_w.append((r, c, x[ra] % MEM_BYTES, x[rb]))
                if ra == 7:
                    reg_w.append((r, c, 7, (x[7] + 1) & 0xFF))
            elif name == "memr":
                ra, rb = ops
                if rb == 7 and ra != 7:
                    reg_w.append((r, c, 7, (x[7] - 1) & 0xFF))
                reg_w.append((r, c, ra, self.mem[r][c][x[rb] % MEM_BYTES]))
            elif name == "mov":
                rb, ra = ops
                reg_w.append((r, c, rb, x[ra]))
            elif name in ("inc", "dec"):
                (ra,) = ops
                reg_w.append((r, c, ra, (x[ra] + (1 if name == "inc" else -1)) & 0xFF))
            elif name != "nop":
                raise AssertionError(f"no model of {name}")
        for r, c, i, v in reg_w:
            self.regs[r][c][i] = v
        for r, c, d, v in out_w:
            self.outs[r][c][d] = v
        for r, c, a, v in mem_w:
            self.mem[r][c][a] = v

    def run(self, entry: int, last: int, loop_start: int = 0, loop_end: int = 0, loop_count: int = 1,
            edge_in: Callable[[int], EdgeBytes] | None = None, max_cycles: int = 1 << 20) -> Run:
        """One run (docs/ugrid.md, Sequencer): registers, output registers and ILLEGAL
        cleared, then `entry`..`last` with the loop; `edge_in(cycle)` gives the edge inputs
        of executed cycle 1, 2, ..."""
        for name, v in (("entry", entry), ("last", last), ("loop_start", loop_start), ("loop_end", loop_end)):
            if not 0 <= v < self.imem_depth:
                raise ValueError(f"{name} {v} is beyond {self.imem_depth} words")
        for r, c in self._cores:
            self.regs[r][c] = [0] * 8
            self.outs[r][c] = [0] * 4
            self.illegal[r][c] = False
        run = Run()
        pc, passes = entry, max(loop_count, 1)
        while True:
            run.cycles += 1
            if run.cycles > max_cycles:
                raise RuntimeError(f"the run did not reach {last} in {max_cycles} cycles")
            self.step(pc, edge_in(run.cycles) if edge_in else {})
            run.pcs.append(pc)
            run.edge_out.append(self.edge_outputs())
            if pc == loop_end and passes > 1:
                passes -= 1
                pc = loop_start
            elif pc == last:
                return run
            else:
                pc = (pc + 1) % self.imem_depth

    @staticmethod
    def run_cycles(entry: int, last: int, loop_start: int = 0, loop_end: int = 0, loop_count: int = 1) -> int:
        """Cycles of a run (docs/ugrid.md) whose loop, if any, lies inside entry..last."""
        passes = max(loop_count, 1) if entry <= loop_start <= loop_end <= last else 1
        return last - entry + 1 + (passes - 1) * (loop_end - loop_start + 1)
