"""The macro language (mccp.ugrid.lang): the examples compiled, run on the grid ISS and compared
with Python models of what their comments say they do; the same program as the Python macro
calls; every class of error at its FILE:LINE; and `mccp ugrid --source`."""

from __future__ import annotations

import random
import textwrap
from pathlib import Path

import pytest

from mccp.cli import main
from mccp.iss.ugrid import Grid
from mccp.ugrid import macros
from mccp.ugrid.compiler import Builder
from mccp.ugrid.lang import Compiled, UgridSourceError, compile_file, compile_text

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "ugrid"


def _run(c: Compiled, words: dict[str, bytes], table: bytes = b"", mem0: dict | None = None) -> dict[str, bytes]:
    """Run a compiled source on the ISS: edge words in by label (word, byte), table page 0 and
    every core's memory byte 0 as given; the words that leave, byte by byte."""
    prog = c.program
    g = Grid(prog.rows, prog.cols, imem_depth=c.imem_depth, wrap_rows=c.wrap_rows, wrap_cols=c.wrap_cols)
    for a, v in enumerate(table):
        g.write_lut(None, None, a, v)
    for (r, col), v in (mem0 or {}).items():
        g.write_mem(r, col, 0, v)
    for k, words_of_core in prog.words.items():
        for a, w in enumerate(words_of_core):
            g.write_imem(*k, a, w)
    feed = {(name, k): v for name, data in words.items() for k, v in enumerate(data)}
    run = g.run(0, prog.length - 1, edge_in=prog.edge_feed(feed))
    assert not any(any(row) for row in g.illegal)
    out = prog.collect(run.edge_out)
    names = {label[0] for label in out}
    return {n: bytes(out[(n, k)] for k in range(prog.rows * prog.cols)) for n in names}


def _xtime(v: int) -> int:
    v <<= 1
    return (v ^ 0x11B) if v & 0x100 else v


def _round_model(pt: bytes, key: bytes, table: bytes) -> bytes:
    """round.ugm: table[pt ^ key] per byte, row i of the 4 x 4 state rotated i places west."""
    s = [table[p ^ k] for p, k in zip(pt, key, strict=True)]
    rows = [s[4 * i:4 * i + 4] for i in range(4)]
    return bytes(v for i, row in enumerate(rows) for v in row[i:] + row[:i])


def _rings_model(x: bytes, iv: bytes, const: dict) -> bytes:
    """rings.ugm, step by step as its header lists them."""
    g = [[x[4 * r + c] ^ const[(r, c)] for c in range(4)] for r in range(4)]
    d = [[_xtime(v) for v in row] for row in g]
    g = [[g[r][c] ^ d[(r + 1) % 4][c] for c in range(4)] for r in range(4)]
    g[0] = [v ^ iv[c] for c, v in enumerate(g[0])]
    column = [g[r][1] for r in range(4)]
    for r in range(4):
        g[r][1] = column[(r + 1) % 4]
    g[2] = [g[2][(c - 1) % 4] for c in range(4)]
    g[3][3] ^= g[0][0]
    g[0] = [(v + 1) & 0xFF for v in g[0]]
    for r in (1, 2):
        for c in (1, 2):
            g[r][c] = (g[r][c] - 1) & 0xFF
    word = int.from_bytes(bytes(v for row in g for v in row), "big")
    return ((word << 4) & ((1 << 128) - 1)).to_bytes(16, "big")


def test_round_example():
    c = compile_file(EXAMPLES / "round.ugm")
    assert (c.program.rows, c.program.cols, c.wrap_rows, c.imem_depth) == (4, 4, 0, 64)
    rng = random.Random(1)
    for _ in range(4):
        pt, key, table = rng.randbytes(16), rng.randbytes(16), rng.randbytes(256)
        assert _run(c, {"pt": pt, "key": key}, table) == {"ct": _round_model(pt, key, table)}


def test_rings_example():
    c = compile_file(EXAMPLES / "rings.ugm")
    assert (c.wrap_rows, c.wrap_cols, c.imem_depth) == (4, 4, 128)
    rng = random.Random(2)
    for _ in range(4):
        x, iv = rng.randbytes(16), rng.randbytes(4)
        const = {(r, col): rng.randrange(256) for r in range(4) for col in range(4)}
        assert _run(c, {"x": x, "iv": iv}, mem0=const) == {"y": _rings_model(x, iv, const)}


def test_same_program_as_the_macro_calls():
    """A statement is one call: round.ugm compiles to the words of the Python calls it names."""
    b = Builder(4, 4)
    macros.load(b, 0, {k: ("pt", 4 * k[0] + k[1]) for k in b.cores()}, tmp=6)
    macros.load(b, 1, {k: ("key", 4 * k[0] + k[1]) for k in b.cores()}, tmp=6)
    macros.add(b, 1, 0)
    macros.lookup(b, 0, 0, 0)
    for i in (1, 2, 3):
        macros.rotate(b, macros.line(b, True, i), i, 0, tmp=5, hold=6)
    macros.unload(b, 0, {k: ("ct", 4 * k[0] + k[1]) for k in b.cores()}, tmp=6)
    prog = compile_file(EXAMPLES / "round.ugm").program
    assert prog.words == b.program().words and prog.outputs == b.program().outputs


def test_operands_by_name_and_selectors():
    """Operands bind as Python arguments; @ picks cores; a statement tags its operations."""
    c = compile_text("grid 2 3\nimem 16\nmov r1, r0 @ (0,1)..(1,2)\nlookup rs=r1, rd=r2, page=p3\n", "t.ugm")
    ops = c.program.ops
    assert sorted(op.core for _, op in ops if op.text == "mov r1, r0") == [(0, 1), (0, 2), (1, 1), (1, 2)]
    assert sum(op.text == "lut3 r2, r1" for _, op in ops) == 6
    assert {op.tag for _, op in ops} == {"line 3", "line 4"}


def _error(source: str) -> UgridSourceError:
    with pytest.raises(UgridSourceError) as info:
        compile_text(textwrap.dedent(source).lstrip("\n"), "t.ugm")
    return info.value


ERRORS = {
    "unknown macro": ("""
        grid 4 4
        add r0, r1
        rotat row 1, 1, r0, tmp=r5, hold=r6
        """, 3, "unknown macro 'rotat' (did you mean 'rotate'?)"),
    "missing operand": ("""
        grid 4 4
        route (0,0), r1, (3,3), r2   # no tmp
        """, 2, "route is missing operand tmp"),
    "too many operands": ("grid 4 4\n\nadd r0, r1, r2\n", 3, "add takes at most 2 operands, not 3"),
    "unknown operand name": ("grid 4 4\nadd ra=r0, rc=r1\n", 2, "add has no operand 'rc'"),
    "operand type": ("grid 4 4\nlookup r0, r0, r0\n", 2,
                     "operand page of lookup: expected a table page p0..p3, not 'r0'"),
    "no commas": ("grid 4 4\nrotate row 1 1 r0\n", 2, "operand cores of rotate: expected one row or column"),
    "register out of range": ("grid 4 4\nadd r0, r8\n", 2, "register r8 is out of range: a core has r0..r7"),
    "page out of range": ("grid 4 4\nlookup p4, r0, r1\n", 2, "table page p4 is out of range: a core has p0..p3"),
    "core outside": ("""
        grid 4 4
        # a route to a core beyond the south edge
        route (0,0), r1, (4,0), r2, tmp=r6
        """, 3, "operand dst of route: core (4,0) is outside the 4 x 4 grid (rows 0..3, columns 0..3)"),
    "negative core": ("grid 4 4\nroute (-1,2), r1, (0,0), r2, tmp=r6\n", 2, "core (-1,2) is outside the 4 x 4 grid"),
    "row outside": ("grid 4 8\nrotate row 4, 1, r0, tmp=r5, hold=r6\n", 2,
                    "row 4 is outside the 4 x 8 grid (rows 0..3)"),
    "range outside": ("grid 4 4\ninc r0 @ (1,1)..(2,4)\n", 2, "core (2,4) is outside the 4 x 4 grid"),
    "not a line": ("grid 4 4\nrotate (0,0)..(1,1), 1, r0, tmp=r5, hold=r6\n", 2, "expected one row or column"),
    "shift too far": ("grid 2 2\nshift_bits r0, 32, tmp=r5, tmp2=r6\n", 2, "a shift of 32 bits is outside 0..31"),
    "program too long": ("""
        grid 2 2
        imem 4
        add r0, r1
        add r0, r1
        add r0, r1
        add r0, r1
        add r0, r1   # the fifth cycle
        add r0, r1
        """, 7, "the program does not fit the instruction memory: 5 control words per core after this add, "
                "imem 4 at line 2"),
    "imem not a power of two": ("grid 4 4\nimem 100\n", 2, "imem 100 is not a power of two"),
    "imem after a statement": ("grid 4 4\nadd r0, r1\nimem 64\n", 3, "imem comes before the first statement"),
    "no grid header": ("# nothing but a comment\nadd r0, r1\n", 2, "add before the grid header"),
    "empty file": ("# only comments\n\n", 1, "no grid header"),
    "second grid header": ("grid 4 4\nimem 64\ngrid 2 2\n", 3, "a second grid header (the first is at line 1)"),
    "bad grid header": ("grid 4\n", 1, "expected grid ROWS COLS [wrap WR WC], not 'grid 4'"),
    "compiler: grid size": ("grid 1 4\n", 1, "a grid has at least 2 x 2 cores, not 1 x 4"),
    "compiler: wrap": ("grid 4 4 wrap 3 0\n", 1, "wrap_rows 3 must be 0 or at least 2 and divide 4"),
    "compiler: not a ring": ("""
        grid 4 4            # a mesh: no ring to rotate around
        load r0, x, tmp=r6
        rotate_ring row 0, 1, r0, tmp=r5
        """, 3, "cores (0, 0)..(0, 3) are not a ring"),
    "edge read without a word": ("grid 4 4\nin r0, w @ col 0\n", 2,
                                 "core (0,0) reads the grid's w edge there: name the word"),
    "word on an inner core": ("grid 4 4\nin r0, w, word=a\n", 2, "core (0,1) reads the core (0,0) there"),
    "a byte leaves twice": ("grid 2 2\nunload r0, y, tmp=r6\nout r1, e, word=y @ (0,1)\n", 3,
                            "byte 1 of word y already leaves the grid at line 2"),
    "@ on a macro": ("grid 4 4\nadd r0, r1 @ row 0\n", 2, "add works on the whole grid: it takes no @ CORES"),
}


@pytest.mark.parametrize("name", ERRORS)
def test_errors(name):
    source, line, message = ERRORS[name]
    err = _error(source)
    assert (err.file, err.line) == ("t.ugm", line)
    assert str(err).startswith(f"t.ugm:{line}: ")
    assert message in err.message, err.message
    assert isinstance(err, ValueError)


def test_cli(tmp_path, capsys):
    assert main(["ugrid", "--source", str(EXAMPLES / "round.ugm"), "--listing"]) == 0
    out = capsys.readouterr().out
    prog = compile_file(EXAMPLES / "round.ugm").program
    assert out.startswith("cycle | (0,0)")
    assert f"4 x 4 grid (mesh): {prog.length} cycles ({prog.length} of 64 control words per core)" in out
    assert f"{100 * prog.utilisation():.0f} % of core-cycles busy" in out
    bad = tmp_path / "bad.ugm"
    bad.write_text("grid 4 4\n\nlookup p9, r0, r0\n")
    assert main(["ugrid", "--source", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err == f"{bad}:3: operand page of lookup: table page p9 is out of range: a core has p0..p3\n"
    assert main(["ugrid", "--source", str(tmp_path / "missing.ugm")]) == 2
    assert "cannot read" in capsys.readouterr().err
