"""AES encryption on grids of 4 x 4 tiles, written in macro-instructions (paper 001, section 6).

State byte (r, c) (FIPS-197 byte r + 4c) lives in r0 of core (r, c).  Each core's table
holds S (page 0), 2 x S (page 1) and 3 x S (page 2); its memory holds its byte of every round
key, read with r7 counting down from 0 (round 0 at address 0, round k at 64 - k), so no
address is ever loaded.  A round:

1. ShiftRows on the raw bytes (SubBytes commutes with it): row r rotated by r (`rotate`).
2. The look-ups a = S(x), d = 2S(x), f = 3S(x), and e = d ^ k (the round key's byte).
3. MixColumns in each column as two chains, one up and one down, that add into e what the
   other three cores contribute: out_r = 2a_r ^ 3a_(r+1) ^ a_(r+2) ^ a_(r+3) ^ k_r needs
   f_(r+1), a_(r+2), a_(r+3) (indices mod 4), which a column without wrap-around links gets
   as a sum from the cores below (U_r) and one from the cores above (D_r):
   U_0 = f1 ^ a2 ^ a3, U_1 = f2 ^ a3, U_2 = f3;  D_1 = a0, D_2 = a0 ^ a1, D_3 = f0 ^ a1 ^ a2.

The last round has no MixColumns.  The program is unrolled: the scheduler overlaps the end of
one round with the start of the next wherever a core is free.
"""

from __future__ import annotations

from dataclasses import dataclass

from mccp.model import aes as aes_model
from mccp.ugrid import macros
from mccp.ugrid.compiler import Builder, GridProgram

ROWS = COLS = 4
# registers: x (state), a, f, d / e (the sum), key byte or scratch, scratch, scratch, key address
X, A, F, E, K, T1, T2, KP = range(8)
PAGE_S, PAGE_2S, PAGE_3S = 0, 1, 2


def tables() -> bytes:
    """The three table pages every core holds: S, 2 x S, 3 x S (GF(2^8) products)."""
    s = aes_model.SBOX
    return (s + bytes(aes_model.gf_mul(2, v) for v in s) + bytes(aes_model.gf_mul(3, v) for v in s))


def key_address(round_index: int) -> int:
    """Where a core keeps its byte of round key `round_index` (r7 counts 0, 63, 62, ...)."""
    return 0 if round_index == 0 else 64 - round_index


@dataclass
class AesProgram:
    """The compiled program and where the state's columns are after each round's ShiftRows:
    logical column c of round i's key is at physical column c + offsets[i] (mod 4)."""
    program: GridProgram
    offsets: list[int]
    wrap: bool
    blocks: int = 1                 # blocks per run: one per 4 x 4 tile


def key_memory(key: bytes, offsets: list[int]) -> dict[tuple[int, int], dict[int, int]]:
    """A tile's memories (core (r, c) of the tile: address -> byte), for the expanded `key`
    (expansion on the host) laid out as a program's column offsets say."""
    mem: dict[tuple[int, int], dict[int, int]] = {(r, c): {} for r in range(ROWS) for c in range(COLS)}
    round_keys = aes_model.expand_key(key)
    if len(offsets) != len(round_keys):
        raise ValueError(f"a program of {len(offsets) - 1} rounds cannot use a {len(key)}-byte key")
    for i, rk in enumerate(round_keys):
        for r in range(ROWS):
            for c in range(COLS):
                mem[(r, (c + offsets[i]) % COLS)][key_address(i)] = rk[r + 4 * c]
    return mem


def _add_key(b: Builder, core, into: int) -> None:
    """into ^= the next round key byte (r7 counts down)."""
    with b.tagged("AddRoundKey"):
        b.memr(core, K, KP)
        b.alu(core, "xor", into, into, K)


def _mix_column(b: Builder, core: list) -> None:
    """The up and down chains of one column (its four cores north to south; module doc);
    each core's sum ends in X."""
    # e = d ^ k in X (the state byte is no longer needed after its look-ups)
    with b.tagged("AddRoundKey"):
        for k in core:
            b.memr(k, K, KP)
            b.alu(k, "xor", X, E, K)
    # up: core 3 sends f3 then a3
    b.send(core[3], F, "n")
    b.receive(core[2], X, "s", xor=True)                  # U_2 = f3
    b.send(core[3], A, "n")
    b.alu(core[2], "mov", T1, F)
    b.receive(core[2], T1, "s", xor=True)                 # f2 ^ a3 = U_1
    b.alu(core[2], "mov", T2, A)
    b.receive(core[2], T2, "s", xor=True)                 # a2 ^ a3
    b.send(core[2], T1, "n")
    b.receive(core[1], X, "s", xor=True)                  # U_1
    b.send(core[2], T2, "n")
    b.alu(core[1], "mov", T1, F)
    b.receive(core[1], T1, "s", xor=True)                 # f1 ^ a2 ^ a3 = U_0
    b.send(core[1], T1, "n")
    b.receive(core[0], X, "s", xor=True)                  # U_0
    # down: core 0 sends a0 then f0
    b.send(core[0], A, "s")
    b.receive(core[1], X, "n", xor=True)                  # D_1 = a0
    b.alu(core[1], "mov", T2, A)
    b.receive(core[1], T2, "n", xor=True)                 # a0 ^ a1 = D_2
    b.send(core[0], F, "s")
    b.alu(core[1], "mov", K, A)
    b.receive(core[1], K, "n", xor=True)                  # f0 ^ a1
    b.send(core[1], T2, "s")
    b.receive(core[2], X, "n", xor=True)                  # D_2
    b.send(core[1], K, "s")
    b.alu(core[2], "mov", T2, A)
    b.receive(core[2], T2, "n", xor=True)                 # f0 ^ a1 ^ a2 = D_3
    b.send(core[2], T2, "s")
    b.receive(core[3], X, "n", xor=True)                  # D_3


def _mix_column_ring(b: Builder, core: list) -> None:
    """MixColumns where the column is a ring (wrap-around links): each core sends a to both
    neighbours, adds its south neighbour's a to f (h_r = f_r ^ a_(r+1)) and sends that north;
    out_r = d_r ^ k_r ^ a_(r-1) ^ h_(r+1)."""
    for k in core:
        b.send_all(k, A)
    for k in core:
        b.receive(k, F, "s", xor=True)                    # h = f ^ a of the core below
    for k in core:
        with b.tagged("AddRoundKey"):
            b.memr(k, K, KP)
            b.alu(k, "xor", X, E, K)
        b.receive(k, X, "n", xor=True)                    # a of the core above
    for k in core:
        b.send(k, F, "n")
    for k in core:
        b.receive(k, X, "s", xor=True)                    # h of the core below


def tiles(rows: int, cols: int) -> list[tuple[int, int]]:
    """The 4 x 4 tiles of a grid (north-west core of each), one block each, row by row."""
    if rows % ROWS or cols % COLS or rows < ROWS or cols < COLS:
        raise ValueError(f"AES takes a grid of 4 x 4 tiles, not {rows} x {cols}")
    return [(p, q) for p in range(0, rows, ROWS) for q in range(0, cols, COLS)]


def _round(b: Builder, origin: tuple[int, int], wrap: bool, extra: int, final: bool) -> None:
    """One tile's round: ShiftRows with every row rotated `extra` columns more (a relabelling
    of the columns), then the look-ups, MixColumns (not in the final round) and the round key."""
    p, q = origin
    cores = [(p + r, q + c) for r in range(ROWS) for c in range(COLS)]
    with b.tagged("ShiftRows"):
        for r in range(ROWS):
            row = macros.line(b, True, p + r, q, COLS)
            if wrap:
                macros.rotate_ring(b, row, r + extra, X, tmp=T1)
            elif (r + extra) % COLS:
                macros.rotate(b, row, r + extra, X, tmp=T1, hold=T2)
    if final:
        for k in cores:
            with b.tagged("SubBytes"):
                b.lut(k, PAGE_S, X, X)
            _add_key(b, k, X)
        return
    with b.tagged("SubBytes"):        # S, and the 2 x S and 3 x S MixColumns needs
        for k in cores:
            b.lut(k, PAGE_S, A, X)
            b.lut(k, PAGE_3S, F, X)
            b.lut(k, PAGE_2S, E, X)
    with b.tagged("MixColumns"):
        for c in range(COLS):
            (_mix_column_ring if wrap else _mix_column)(b, macros.line(b, False, q + c, p, ROWS))


def encrypt_program(key_bytes: int = 16, wrap: bool = False, rows: int = ROWS, cols: int = COLS) -> AesProgram:
    """Blocks through a grid of 4 x 4 tiles, one block per tile: load through the edges, the
    rounds, unload through the edges.  Input labels ("pt", t, i) and output labels
    ("ct", t, i) name FIPS-197 byte i of tile t's block.  With `wrap`, every tile's rows and
    columns are rings (wrap-around links in bands of 4).

    Each round's ShiftRows may rotate every row by the same number of columns more: that only
    relabels the columns (MixColumns mixes physical columns; the key bytes follow in
    memory), and it moves the costly rotation (two columns) from row to row.  The compiler
    takes, round by round, the extra rotation whose schedule ends first."""
    rounds = aes_model.ROUNDS[key_bytes]
    origins = tiles(rows, cols)
    b = Builder(rows, cols, *((ROWS, COLS) if wrap else (0, 0)))

    def label(kind: str, core, offset: int = 0):
        t = origins.index((core[0] - core[0] % ROWS, core[1] - core[1] % COLS))
        r, c = core[0] % ROWS, (core[1] % COLS - offset) % COLS
        return (kind, t, r + 4 * c)

    with b.tagged("I/O"):
        macros.load(b, X, {k: label("pt", k) for k in b.cores()}, tmp=T1)
    for k in b.cores():
        _add_key(b, k, X)
    offsets = [0]
    for rnd in range(1, rounds + 1):
        final = rnd == rounds

        def body(x: Builder, e: int) -> None:
            for origin in origins:
                _round(x, origin, wrap, e, final)
        extra = b.cheapest([lambda x, e=e: body(x, e) for e in range(COLS)])
        offsets.append((offsets[-1] - extra) % COLS)
    with b.tagged("I/O"):
        macros.unload(b, X, {k: label("ct", k, offsets[-1]) for k in b.cores()}, tmp=T1)
    return AesProgram(b.program(), offsets, wrap, len(origins))


def load_program(grid, ap: AesProgram) -> None:
    """Tables and control words into a grid (the ISS's Grid, or a model with its write
    methods)."""
    for a, v in enumerate(tables()):
        grid.write_lut(None, None, a, v)
    for core, words in ap.program.words.items():
        for a, w in enumerate(words):
            grid.write_imem(*core, a, w)


def load_key(grid, ap: AesProgram, key: bytes) -> None:
    """The round keys of `key` (expanded on the host) into every tile's memories."""
    mem = key_memory(key, ap.offsets)
    for (p, q) in tiles(ap.program.rows, ap.program.cols):
        for (r, c), bytes_at in mem.items():
            for a, v in bytes_at.items():
                grid.write_mem(p + r, q + c, a, v)


def load(grid, ap: AesProgram, key: bytes) -> None:
    load_program(grid, ap)
    load_key(grid, ap, key)


def encrypt(grid, ap: AesProgram, blocks: bytes) -> tuple[bytes, int]:
    """Blocks (a multiple of 16 bytes) through a loaded grid, ap.blocks per run (the last run
    padded): the ciphertext and the cycles, per run from its first input beat to its last
    output beat, summed."""
    if len(blocks) % 16:
        raise ValueError(f"ECB takes whole 16-byte blocks, not {len(blocks)} bytes")
    prog = ap.program
    span = prog.io_cycles()[0]
    out, cycles = bytearray(), 0
    per_run = 16 * ap.blocks
    for start in range(0, len(blocks), per_run):
        chunk = blocks[start:start + per_run].ljust(per_run, b"\0")
        feed = {("pt", t, i): chunk[16 * t + i] for t in range(ap.blocks) for i in range(16)}
        run = grid.run(0, prog.length - 1, edge_in=prog.edge_feed(feed))
        got = prog.collect(run.edge_out)
        n = min(ap.blocks, (len(blocks) - start) // 16)
        out += bytes(got[("ct", t, i)] for t in range(n) for i in range(16))
        cycles += span
    return bytes(out), cycles
