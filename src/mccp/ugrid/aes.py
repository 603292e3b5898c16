"""AES encryption on a 4 x 4 grid, written in macro-instructions (paper 001, section 6).

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


def key_memory(key: bytes, offsets: list[int]) -> dict[tuple[int, int], dict[int, int]]:
    """Each core's memory: address -> byte, for the expanded `key` (expansion on the host)
    laid out as a program's column offsets say."""
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
    b.memr(core, K, KP)
    b.alu(core, "xor", into, into, K)


def _mix_column(b: Builder, c: int) -> None:
    """The up and down chains of one column (module doc); each core's sum ends in X."""
    core = [(r, c) for r in range(ROWS)]
    # e = d ^ k in X (the state byte is no longer needed after its look-ups)
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


def _mix_column_ring(b: Builder, c: int) -> None:
    """MixColumns where the column is a ring (wrap-around links): each core sends a to both
    neighbours, adds its south neighbour's a to f (h_r = f_r ^ a_(r+1)) and sends that north;
    out_r = d_r ^ k_r ^ a_(r-1) ^ h_(r+1)."""
    core = [(r, c) for r in range(ROWS)]
    for k in core:
        b.send_all(k, A)
    for k in core:
        b.receive(k, F, "s", xor=True)                    # h = f ^ a of the core below
    for k in core:
        b.memr(k, K, KP)
        b.alu(k, "xor", X, E, K)
        b.receive(k, X, "n", xor=True)                    # a of the core above
    for k in core:
        b.send(k, F, "n")
    for k in core:
        b.receive(k, X, "s", xor=True)                    # h of the core below


def _round(b: Builder, wrap: bool, extra: int, final: bool) -> None:
    """ShiftRows with every row rotated `extra` columns more (a relabelling of the columns),
    then the look-ups, MixColumns (not in the final round) and the round key."""
    for r in range(ROWS):
        if wrap:
            macros.rotate_ring(b, True, r, r + extra, X, tmp=T1)
        elif (r + extra) % COLS:
            macros.rotate(b, True, r, r + extra, X, tmp=T1, hold=T2)
    if final:
        for k in b.cores():
            b.lut(k, PAGE_S, X, X)
            _add_key(b, k, X)
        return
    for k in b.cores():
        b.lut(k, PAGE_S, A, X)
        b.lut(k, PAGE_3S, F, X)
        b.lut(k, PAGE_2S, E, X)
    for c in range(COLS):
        (_mix_column_ring if wrap else _mix_column)(b, c)


def encrypt_program(key_bytes: int = 16, wrap: bool = False) -> AesProgram:
    """One block: load through the edges, the rounds, unload through the edges.  Input labels
    ("pt", i) and output labels ("ct", i) name FIPS-197 byte i.  With `wrap`, the grid's rows
    and columns are rings (wrap-around links).

    Each round's ShiftRows may rotate every row by the same number of columns more: that only
    relabels the columns (MixColumns mixes physical columns; the key bytes follow in
    memory), and it moves the costly rotation (two columns) from row to row.  The compiler
    takes, round by round, the extra rotation whose schedule ends first."""
    rounds = aes_model.ROUNDS[key_bytes]
    b = Builder(ROWS, COLS, *((ROWS, COLS) if wrap else (0, 0)))
    cores = b.cores()
    macros.load(b, X, {(r, c): ("pt", r + 4 * c) for r, c in cores}, tmp=T1)
    for k in cores:
        _add_key(b, k, X)
    offsets = [0]
    for rnd in range(1, rounds + 1):
        final = rnd == rounds
        extra = b.cheapest([lambda x, e=e: _round(x, wrap, e, final) for e in range(COLS)])
        offsets.append((offsets[-1] - extra) % COLS)
    macros.unload(b, X, {(r, c): ("ct", r + 4 * ((c - offsets[-1]) % COLS)) for r, c in cores}, tmp=T1)
    return AesProgram(b.program(), offsets, wrap)


def load(grid, ap: AesProgram, key: bytes) -> None:
    """Load a grid (the ISS's Grid, or a model with its write methods) for `ap` and `key`:
    tables, round keys (expanded on the host), control words."""
    for a, v in enumerate(tables()):
        grid.write_lut(None, None, a, v)
    for core, mem in key_memory(key, ap.offsets).items():
        for a, v in mem.items():
            grid.write_mem(*core, a, v)
    for core, words in ap.program.words.items():
        for a, w in enumerate(words):
            grid.write_imem(*core, a, w)


def encrypt_block(grid, ap: AesProgram, block: bytes) -> tuple[bytes, int]:
    """One block through a loaded grid: the ciphertext and the cycles from the first input
    beat to the last output beat."""
    if len(block) != 16:
        raise ValueError(f"an AES block is 16 bytes, not {len(block)}")
    prog = ap.program
    run = grid.run(0, prog.length - 1, edge_in=prog.edge_feed({("pt", i): block[i] for i in range(16)}))
    out = prog.collect(run.edge_out)
    first = min(t for t, *_ in prog.inputs)
    last = max(t for t, *_ in prog.outputs)
    return bytes(out[("ct", i)] for i in range(16)), last - first + 1
