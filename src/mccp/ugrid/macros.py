"""The grid's macro-instructions (paper 001, section 5), compiled into micro-operations.

Each macro appends micro-operations to a `Builder` (mccp.ugrid.compiler), which schedules them
among the others; scratch registers are named by the caller.  A word of M x N bytes in register
r is byte k at core (k // N, k % N): row-major, byte 0 the most significant.

| macro | paper | meaning |
| --- | --- | --- |
| `add(b, ra, rb)` | AddMxN(Ra, Rb) | rb = ra ^ rb in every core (addition in GF(2^8)) |
| `lookup(b, page, rd, rs)` | (the crypto-ALU's look-up) | rd = table page [rs] in every core |
| `route(b, src, rs, dst, rd, tmp)` | RouteMxN(i1, j1, Ra, i2, j2, Rb) | core dst's rd = core src's rs, hop by hop through the least busy neighbour |
| `rotate(b, line(b, rows, i), amount, r, tmp, hold)` | ShiftMxN(dir, a, B, i) | cyclic shift of register r along rows (or columns) by amount, left/up positive |
| `shift_bits(b, r, n, tmp)` | ShiftMxN(Ra, i) | the M x N-byte word in r shifted left by n bits, zeros in |
| `load(b, r, labels, tmp)` / `unload(b, r, labels, tmp)` | selective row/column I/O | the word enters (leaves) through the two edges across the grid's shorter side |
"""

from __future__ import annotations

from mccp.ugrid.compiler import FACING, Builder, Core


def add(b: Builder, ra: int, rb: int) -> None:
    for k in b.cores():
        b.alu(k, "xor", rb, ra, rb)


def lookup(b: Builder, page: int, rd: int, rs: int) -> None:
    for k in b.cores():
        b.lut(k, page, rd, rs)


def route(b: Builder, src: Core, rs: int, dst: Core, rd: int, tmp: int, label: object = None) -> int:
    """Core dst's rd = core src's rs.  Each hop goes to whichever of the (at most two) nearer
    neighbours is less busy so far (the paper's rule); a core on the way takes the byte into
    tmp and passes it on.  The cycle the byte lands in rd."""
    if src == dst:
        return b.alu(dst, "mov", rd, rs) if rd != rs else b.end()
    core, r = src, rs
    while True:
        hops = b.toward(core, dst)
        side, mesh = min(hops, key=lambda h: b.load_of(b.neighbour(core, h[0], h[1])))
        nxt = b.neighbour(core, side, mesh)
        b.send(core, r, side)
        back = FACING[side]
        if nxt == dst:
            return b.receive(nxt, rd, back, label=label, mesh=mesh)
        b.receive(nxt, tmp, back, mesh=mesh)
        core, r = nxt, tmp


def line(b: Builder, rows: bool, index: int, first: int = 0, length: int | None = None) -> list[Core]:
    """Cores `first`.. of row `index` (west to east), or of column `index` (north to south)."""
    n = b.cols if rows else b.rows
    length = n - first if length is None else length
    return [(index, first + j) if rows else (first + j, index) for j in range(length)]


def _horizontal(cores: list[Core]) -> bool:
    return len({k[0] for k in cores}) == 1


def rotate_direct(b: Builder, cores: list[Core], amount: int, r: int, tmp: int, hold: int) -> None:
    """A line of cores (part of a row or a column, from `line`) rotated by `amount` toward its
    start (west or north): position j takes position j + amount.  Each byte is first copied to
    `hold` (a core's byte must leave from a register no incoming byte overwrites: the routes
    form a cycle, so program order cannot put every send before its core's receive), then
    routed straight to its place."""
    n = len(cores)
    amount %= n
    if amount == 0:
        return
    for k in cores:
        b.alu(k, "mov", hold, r)
    # the longest trips first: they set the pace
    trips = sorted(range(n), key=lambda j: -abs(((j - amount) % n) - j))
    for j in trips:
        route(b, cores[j], hold, cores[(j - amount) % n], r, tmp)


def rotate_steps(b: Builder, cores: list[Core], amount: int, r: int, tmp: int, hold: int) -> None:
    """The same rotation as `amount` single steps one way or the other (the paper's
    method: i steps left or n - i steps right, whichever the schedule finds cheaper)."""
    n = len(cores)
    amount %= n
    if amount == 0:
        return
    steps, toward_start = (amount, True) if amount <= n - amount else (n - amount, False)
    for _ in range(steps):
        rotate_direct(b, cores, 1 if toward_start else n - 1, r, tmp, hold)


def rotate_ring(b: Builder, cores: list[Core], amount: int, r: int, tmp: int) -> None:
    """The rotation on a line that is a ring (a whole band of wrap-around links): every byte
    one hop a step, the shorter way, all cores sending before all receive, so no copy is
    needed; the bytes pass through tmp between steps."""
    n = len(cores)
    rows = _horizontal(cores)
    if b.neighbour(cores[-1], "e" if rows else "s") != cores[0]:
        raise ValueError(f"cores {cores[0]}..{cores[-1]} are not a ring")
    amount %= n
    start = "w" if rows else "n"
    steps, toward = (amount, start) if amount <= n - amount else (n - amount, FACING[start])
    cur = r
    for step in range(steps):
        nxt = r if step == steps - 1 else (tmp if cur == r else r)
        for k in cores:
            b.send(k, cur, toward)
        for k in cores:
            b.receive(k, nxt, FACING[toward])
        cur = nxt


def rotate(b: Builder, cores: list[Core], amount: int, r: int, tmp: int, hold: int) -> int:
    """ShiftMxN on one line: the cheaper of the direct routes and the single steps; which one
    was taken (0 direct, 1 steps)."""
    return b.cheapest([lambda x: rotate_direct(x, cores, amount, r, tmp, hold),
                       lambda x: rotate_steps(x, cores, amount, r, tmp, hold)])


def shift_bits(b: Builder, r: int, n: int, tmp: int, tmp2: int) -> None:
    """The M x N-byte word in r shifted left by n bits (0 <= n < 8 * M * N), zeros in: each
    byte takes the byte n // 8 after it, then its low bits from the one after that."""
    cores = b.cores()
    total = len(cores)
    q, bits = divmod(n, 8)
    if q:
        for k in range(total):
            if k + q < total:
                route(b, cores[k + q], r, cores[k], tmp2, tmp)
            else:
                b.alu(cores[k], "xor", tmp2, r, r)            # zero
        for k in cores:
            b.alu(k, "mov", r, tmp2)
    if not bits:
        return
    for k in range(total):
        core = cores[k]
        if k + 1 < total:
            route(b, cores[k + 1], r, core, tmp2, tmp)
            for _ in range(8 - bits):
                b.alu(core, "shr", tmp2, tmp2)
        for _ in range(bits):
            b.alu(core, "shl", r, r)
        if k + 1 < total:
            b.alu(core, "xor", r, r, tmp2)


def _io_sides(b: Builder) -> tuple[str, str]:
    """Selective row/column I/O: across the shorter side (rows enter from the west and the east
    when there are at least as many rows as columns, columns from the north and the south
    otherwise)."""
    return ("w", "e") if b.rows >= b.cols else ("n", "s")


def _entry(b: Builder, core: Core) -> tuple[Core, str]:
    """The edge core a byte for `core` enters through, and that edge's side."""
    first, second = _io_sides(b)
    if first == "w":
        return ((core[0], 0), "w") if core[1] < (b.cols + 1) // 2 else ((core[0], b.cols - 1), "e")
    return ((0, core[1]), "n") if core[0] < (b.rows + 1) // 2 else ((b.rows - 1, core[1]), "s")


def load(b: Builder, r: int, labels: dict[Core, object], tmp: int) -> None:
    """Each core's r = the byte the feeder presents for it (labels[core]), through the two
    edges of the shorter side, the innermost bytes first so the edges stream."""
    order = sorted(labels, key=lambda k: -_depth(b, k))
    for k in order:
        edge, side = _entry(b, k)
        if edge == k:
            b.receive(k, r, side, label=labels[k], mesh=True)
            continue
        b.receive(edge, tmp, side, label=labels[k], mesh=True)
        route(b, edge, tmp, k, r, tmp)


def unload(b: Builder, r: int, labels: dict[Core, object], tmp: int) -> None:
    """Each core's r leaves through the edge of the shorter side nearest it, the farthest bytes
    first; the grid shows labels[core] on that edge after the cycle listed in the program's
    outputs."""
    order = sorted(labels, key=lambda k: -_depth(b, k))
    for k in order:
        edge, side = _entry(b, k)
        if edge != k:
            route(b, k, r, edge, tmp, tmp)
            b.send(edge, tmp, side, label=labels[k])
        else:
            b.send(k, r, side, label=labels[k])


def _depth(b: Builder, core: Core) -> int:
    edge, _ = _entry(b, core)
    return abs(edge[0] - core[0]) + abs(edge[1] - core[1])

