"""The grid ISS (mccp.iss.ugrid) against the control words' meaning in docs/ugrid.md: the
paper's own example words, GF(2^8) doubling from `galois`, the transfer timing, R7's
auto-increment and -decrement, the sequencer's loop and the ILLEGAL flag."""

from __future__ import annotations

import random

import galois
import pytest

from mccp.asm import assemble_text
from mccp.isa import load
from mccp.iss.ugrid import Grid

ISA = load("ugrid")
GF = galois.GF(2**8, irreducible_poly=0x11B)


def program(grid: Grid, row: int | None, col: int | None, text: str) -> int:
    """Assemble `text` into the instruction memory of one core (or every core); its length."""
    words = assemble_text(text, isa=ISA).words
    for addr, w in enumerate(words):
        grid.write_imem(row, col, addr, w)
    return len(words)


def test_paper_example_words():
    """Section 3.3's example control words do what the paper says (but 00100101110, which
    Table I makes an AND: docs/ugrid.md)."""
    g = Grid(2, 2)
    # r2 = 9 (inc x9), then the paper's words
    words = [0b11111111010] * 9 + [
        0b11111000010,          # decrement R2
        0b11011010000,          # (ours for the paper's 11100010000) R2 <- R0
        0b11001011011,          # R3 <- INPUT(South)
        0b11001111110,          # North <- OUTPUT(R7)
    ]
    for a, w in enumerate(words):
        g.write_imem(1, 0, a, w)
    g.run(0, len(words) - 1, edge_in=lambda cycle: {"s": [0x5A, 0]})
    x = g.regs[1][0]
    assert x[3] == 0x5A                       # core (1, 0) is on the south edge: its S input is the edge's
    assert x[2] == 0                          # R2 = 9 - 1, then overwritten by R0 = 0
    assert g.outs[1][0][2] == 0               # R7 = 0 to the north
    assert g.outs[0][0] == [0, 0, 0, 0]


def test_decrement_example_alone():
    g = Grid(2, 2)
    n = program(g, 0, 0, "inc r2\ninc r2\n.word 0b11111000010\n")
    g.run(0, n - 1)
    assert g.regs[0][0][2] == 1


@pytest.mark.parametrize("seed", range(3))
def test_alu_operations_on_random_values(seed):
    """and, xor, shl, shr, xtime, mov, inc, dec on random bytes, against Python's integers and
    GF(2^8) multiplication from galois."""
    rng = random.Random(seed)
    g = Grid(2, 2, lut_pages=1)
    vals = [rng.randrange(256) for _ in range(8)]
    # r7 = 7, then memr r6..r0 from mem[7]..mem[1] (r7 counting down), memr r7 from mem[0]:
    # r_i = vals[i + 1], r7 = vals[0]
    for i, v in enumerate(vals):
        g.write_mem(0, 0, i, v)
    src = "".join(["inc r7\n"] * 7) + "".join(f"memr r{i}, r7\n" for i in range(6, -1, -1))
    src += "memr r7, r7\n"
    src += "and r6, r1, r2\nxor r5, r1, r2\nshl r4, r1\nshr r3, r2\nxtime r0, r1\nmov r7, r2\ninc r1\ndec r2\n"
    n = program(g, 0, 0, src)
    g.run(0, n - 1)
    x = g.regs[0][0]
    a, b = vals[2], vals[3]
    assert x[6] == a & b and x[5] == a ^ b
    assert x[4] == (a << 1) & 0xFF and x[3] == b >> 1
    assert x[0] == int(GF(a) * GF(2))
    assert x[7] == b
    assert x[1] == (a + 1) & 0xFF and x[2] == (b - 1) & 0xFF


def test_r7_counts_memory_addresses():
    """memw with address r7 increments it; memr with address r7 decrements it; a memr into r7
    from r7 takes the byte read."""
    g = Grid(2, 2)
    n = program(g, 0, 0, "inc r1\ninc r1\nmemw r7, r1\ninc r1\nmemw r7, r1\nmemr r2, r7\nmemr r3, r7\nmemr r7, r7\n")
    g.run(0, n - 1)
    assert list(g.mem[0][0][:2]) == [2, 3]
    x = g.regs[0][0]
    # after the writes r7 = 2; memr r2 reads mem[2] = 0, r7 = 1; memr r3 reads mem[1] = 3, r7 = 0;
    # memr r7, r7 reads mem[0] = 2 into r7
    assert (x[2], x[3], x[7]) == (0, 3, 2)


def test_memory_addresses_wrap_at_64():
    g = Grid(2, 2)
    g.write_mem(0, 1, 1, 0x77)
    n = program(g, 0, 1, "".join(["inc r0\n"] * 65) + "memr r1, r0\n")
    g.run(0, n - 1)
    assert g.regs[0][1][1] == 0x77


def test_table_pages():
    g = Grid(2, 2, lut_pages=4)
    rng = random.Random(1)
    table = [rng.randbytes(256) for _ in range(4)]
    for p in range(4):
        for i in range(256):
            g.write_lut(None, None, p * 256 + i, table[p][i])
    n = program(g, 1, 1, "inc r0\ninc r0\ninc r0\nlut r1, r0\nlut1 r2, r0\nlut2 r3, r0\nlut3 r4, r0\n")
    g.run(0, n - 1)
    assert g.regs[1][1][1:5] == [table[p][3] for p in range(4)]
    assert not g.illegal[1][1]


def test_a_page_not_built_is_illegal():
    g = Grid(2, 2, lut_pages=2)
    n = program(g, 1, 0, "inc r1\nlut2 r1, r0\n")
    g.run(0, n - 1)
    assert g.illegal[1][0] and g.regs[1][0][1] == 1
    assert not g.illegal[0][0]


def test_undefined_word_sets_illegal_and_writes_nothing():
    g = Grid(2, 2)
    g.write_imem(0, 1, 0, 0b11111111000)            # inc r0
    g.write_imem(0, 1, 1, 0b10000000111)            # no instruction has sub-code 111
    g.run(0, 1)
    assert g.illegal[0][1] and g.regs[0][1][0] == 1
    g.run(0, 0)                                     # a new run clears the flag and the registers
    assert not g.illegal[0][1] and g.regs[0][1][0] == 1


def test_a_transfer_takes_an_out_then_a_later_in():
    """Reads see the state at the start of a cycle: an `in` in the same cycle as the
    neighbour's `out` gets the previous byte, one a cycle later gets the new one."""
    g = Grid(2, 2)
    program(g, 0, 0, "inc r1\nout r1, e\nnop\nnop\n")
    program(g, 0, 1, "nop\nin r2, w\nin r3, w\nnop\n")
    g.run(0, 3)
    assert g.regs[0][1][2] == 0 and g.regs[0][1][3] == 1


def test_outa_reaches_every_neighbour_and_xin_adds():
    g = Grid(3, 3)
    program(g, 1, 1, "inc r0\nouta r0\nnop\n")
    for (r, c), side in {(0, 1): "s", (2, 1): "n", (1, 0): "e", (1, 2): "w"}.items():
        program(g, r, c, f"inc r4\ninc r4\nxin r4, {side}\n")
    g.run(0, 2)
    for r, c in ((0, 1), (2, 1), (1, 0), (1, 2)):
        assert g.regs[r][c][4] == 2 ^ 1
    assert g.outs[1][1] == [1, 1, 1, 1]


def test_edges_are_the_grid_ports():
    """A west-edge core's `in ..., w` reads its row's west input; its west output register is
    the row's west output; likewise on the other sides."""
    g = Grid(2, 3)
    for r in range(2):
        for c in range(3):
            program(g, r, c, "in r0, w\nin r1, e\nin r2, n\nin r3, s\nxor r4, r0, r1\nxor r4, r4, r2\nxor r4, r4, r3\n"
                             "out r4, e\nout r4, w\nout r4, n\nout r4, s\n")
    edge = {"w": [0x11, 0x22], "e": [0x33, 0x44], "n": [0x55, 0x66, 0x77], "s": [0x88, 0x99, 0xAA]}
    run = g.run(0, 10, edge_in=lambda cycle: edge)
    out = run.edge_out[-1]
    # core (0, 0): w = 0x11, n = 0x55, e and s from neighbours' output registers (0 until written)
    assert g.regs[0][0][:4] == [0x11, 0, 0x55, 0]
    assert g.regs[1][2][:4] == [0, 0x44, 0, 0xAA]
    assert out["w"] == [g.regs[0][0][4], g.regs[1][0][4]]
    assert out["e"] == [g.regs[0][2][4], g.regs[1][2][4]]
    assert out["n"] == [g.regs[0][c][4] for c in range(3)]
    assert out["s"] == [g.regs[1][c][4] for c in range(3)]


def test_sequencer_loop():
    g = Grid(2, 2)
    program(g, None, None, "inc r0\ninc r1\ninc r2\ninc r3\n")
    run = g.run(0, 3, loop_start=1, loop_end=2, loop_count=5)
    assert run.pcs == [0] + [1, 2] * 5 + [3]
    assert run.cycles == Grid.run_cycles(0, 3, 1, 2, 5) == 12
    assert g.regs[1][1][:4] == [1, 5, 5, 1]
    # loop_count 0 counts as one pass
    assert g.run(0, 3, 1, 2, 0).pcs == [0, 1, 2, 3]


def test_bad_loads_are_refused():
    g = Grid(2, 2, imem_depth=16, lut_pages=1)
    with pytest.raises(ValueError):
        g.write_imem(0, 0, 16, 0)
    with pytest.raises(ValueError):
        g.write_lut(0, 0, 256, 0)
    with pytest.raises(ValueError):
        g.write_mem(2, 0, 0, 0)
    with pytest.raises(ValueError):
        Grid(1, 4)
    with pytest.raises(ValueError):
        g.run(0, 16)


def test_wrap_around_links_close_each_band():
    """wrap_rows / wrap_cols close bands of rows (columns) into rings: the north neighbour of a
    band's first row is its last row; `in` there reads the ring, `ein` the core physically
    next to it (or the grid's edge)."""
    g = Grid(4, 4, wrap_rows=2, wrap_cols=4)
    program(g, 1, 2, "inc r0\ninc r0\nout r0, s\nnop\n")          # (1, 2): last row of band 0
    program(g, 0, 2, "nop\nnop\nnop\nin r1, n\n")                  # its ring neighbour to the north
    program(g, 2, 2, "nop\nnop\nnop\nin r1, n\n")                  # band 1's ring: (3, 2), not (1, 2)
    program(g, 3, 2, "nop\nnop\nnop\nnop\n")
    program(g, 2, 1, "nop\nnop\nnop\nein r1, n\n")                 # across the band edge
    program(g, 2, 3, "nop\nnop\nnop\nnop\n")
    program(g, 0, 0, "nop\nnop\nnop\nein r2, w\n")                 # the west edge port
    program(g, 1, 1, "inc r5\nout r5, s\nnop\nnop\n")
    program(g, 2, 1, "nop\nnop\nnop\nein r1, n\n")                 # (1, 1) across the band edge
    g.run(0, 3, edge_in=lambda cycle: {"w": [0x3C, 0, 0, 0]})
    assert g.regs[0][2][1] == 2
    assert g.regs[2][2][1] == 0
    assert g.regs[2][1][1] == 1
    assert g.regs[0][0][2] == 0x3C and not g.illegal[0][0]
    # a row ring: the east neighbour of column 3 is column 0
    g2 = Grid(2, 4, wrap_cols=4)
    program(g2, 0, 0, "inc r0\nout r0, w\nnop\n")
    program(g2, 0, 3, "nop\nnop\nin r3, e\n")
    g2.run(0, 2)
    assert g2.regs[0][3][3] == 1


def test_bad_wrap_is_refused():
    with pytest.raises(ValueError):
        Grid(4, 6, wrap_cols=4)
    with pytest.raises(ValueError):
        Grid(4, 4, wrap_rows=1)
