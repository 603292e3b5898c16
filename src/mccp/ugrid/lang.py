"""The grid's macro language (`.ugm` files): a text front end to `mccp.ugrid.macros` and to the
`Builder`'s per-core operations (docs/ugrid.md, "Macro language").

A source file is a `grid ROWS COLS [wrap WR WC]` header, an optional `imem DEPTH`, then one
statement a line (`#` starts a comment):

    MACRO OPERAND, OPERAND, ..., NAME=OPERAND, ...  [@ CORES]

Every macro is one call of the Python function (or Builder method) of the same meaning,
operands bound as Python binds arguments: positional first, then by parameter name.  Each
statement is checked before it is compiled, and every error, the compiler's own ValueErrors
included, is a `UgridSourceError` whose message starts with FILE:LINE.

Edge bytes are labelled (WORD, k): byte k of the word WORD is the one core (k // COLS, k % COLS)
takes in (`load`, `in`, `ein`, `xin`) or gives out (`unload`, `out`), row-major as in
mccp.ugrid.macros.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from mccp.ugrid import macros
from mccp.ugrid.compiler import STEP, Builder, Core, GridProgram

DEFAULT_IMEM = 512          # the depth mccp.ugrid.Grid builds (every AES program fits)
REGISTERS = 8
PAGES = 4                   # lut, lut1, lut2, lut3


class UgridSourceError(ValueError):
    """A macro-language error at FILE:LINE."""

    def __init__(self, file: str, line: int, message: str):
        super().__init__(f"{file}:{line}: {message}")
        self.file, self.line, self.message = file, line, message


class _Bad(Exception):
    """A problem with the statement being read; the caller adds FILE:LINE."""


@dataclass
class Compiled:
    """A compiled source: the program, and the header's grid, which the program does not
    carry (an ISS or RTL grid needs the same wrap-around links and instruction memory)."""
    file: str
    program: GridProgram
    wrap_rows: int
    wrap_cols: int
    imem_depth: int


# ---- operands ------------------------------------------------------------------------------
_INT = r"[+-]?(?:0x[0-9a-fA-F]+|\d+)"
_CORE = re.compile(rf"\(\s*({_INT})\s*,\s*({_INT})\s*\)")
_RANGE = re.compile(rf"({_CORE.pattern})\s*\.\.\s*({_CORE.pattern})")
_LINE = re.compile(rf"(row|col)\s+({_INT})")
_NAME = re.compile(r"[A-Za-z_]\w*")


def _int(text: str) -> int | None:
    return int(text, 0) if re.fullmatch(_INT, text) else None


class _Reader:
    """Operand parsers of one grid; each returns the value or raises _Bad."""

    def __init__(self, b: Builder):
        self.b = b

    def reg(self, text: str) -> int:
        m = re.fullmatch(r"r(\d+)", text)
        if not m:
            raise _Bad(f"expected a register r0..r{REGISTERS - 1}, not {text!r}")
        if int(m[1]) >= REGISTERS:
            raise _Bad(f"register {text} is out of range: a core has r0..r{REGISTERS - 1}")
        return int(m[1])

    def page(self, text: str) -> int:
        m = re.fullmatch(r"p(\d+)", text)
        if not m:
            raise _Bad(f"expected a table page p0..p{PAGES - 1}, not {text!r}")
        if int(m[1]) >= PAGES:
            raise _Bad(f"table page {text} is out of range: a core has p0..p{PAGES - 1}")
        return int(m[1])

    def number(self, text: str) -> int:
        value = _int(text)
        if value is None:
            raise _Bad(f"expected a number, not {text!r}")
        return value

    def side(self, text: str) -> str:
        if text not in STEP:
            raise _Bad(f"expected a side e, w, n or s, not {text!r}")
        return text

    def word(self, text: str) -> str:
        if not _NAME.fullmatch(text):
            raise _Bad(f"expected a word name (letters, digits, _), not {text!r}")
        return text

    def _inside(self, r: int, c: int) -> Core:
        b = self.b
        if not b.inside((r, c)):
            raise _Bad(f"core ({r},{c}) is outside the {b.rows} x {b.cols} grid "
                       f"(rows 0..{b.rows - 1}, columns 0..{b.cols - 1})")
        return r, c

    def core(self, text: str) -> Core:
        m = _CORE.fullmatch(text)
        if not m:
            raise _Bad(f"expected a core (ROW,COL), not {text!r}")
        return self._inside(int(m[1], 0), int(m[2], 0))

    def line(self, text: str) -> list[Core]:
        """`row I`, `col J` or a run of one of them `(r,c)..(r,c)`: west to east, north to south."""
        if any(form.fullmatch(text) for form in (_LINE, _RANGE, _CORE)):
            cores = self.cores(text)
            if len({k[0] for k in cores}) == 1 or len({k[1] for k in cores}) == 1:
                return cores
        raise _Bad(f"expected one row or column (row I, col J, or (r,c)..(r,c) along one), not {text!r}")

    def cores(self, text: str) -> list[Core]:
        """`all`, `row I`, `col J`, `(r,c)`, or the block `(r0,c0)..(r1,c1)` (corners included)."""
        b = self.b
        if text == "all":
            return b.cores()
        m = _LINE.fullmatch(text)
        if m:
            rows, index = m[1] == "row", int(m[2], 0)
            if not 0 <= index < (b.rows if rows else b.cols):
                raise _Bad(f"{m[1]} {index} is outside the {b.rows} x {b.cols} grid "
                           f"({m[1]}s 0..{(b.rows if rows else b.cols) - 1})")
            return macros.line(b, rows, index)
        m = _RANGE.fullmatch(text)
        if m:
            (r0, c0), (r1, c1) = self.core(m[1]), self.core(m[4])
            return [(r, c) for r in range(min(r0, r1), max(r0, r1) + 1) for c in range(min(c0, c1), max(c0, c1) + 1)]
        if _CORE.fullmatch(text):
            return [self.core(text)]
        raise _Bad(f"expected cores: all, row I, col J, (r,c) or (r,c)..(r,c); not {text!r}")


# ---- statements ----------------------------------------------------------------------------
@dataclass(frozen=True)
class _Form:
    """A statement's operands (NAME:KIND, NAME?:KIND when it may be left out) and what it emits:
    `emit(b, **operands)` for a macro over the grid, `emit(b, core, **operands)` for a per-core
    operation, once for each core of its `@ CORES` (every core when there is none)."""
    params: tuple[tuple[str, str, bool], ...]
    emit: Callable
    per_core: bool = False


def _form(spec: str, emit: Callable, per_core: bool = False) -> _Form:
    params = []
    for p in spec.split():
        name, kind = p.split(":")
        params.append((name.rstrip("?"), kind, name.endswith("?")))
    return _Form(tuple(params), emit, per_core)


def _at(core: Core) -> str:
    return f"({core[0]},{core[1]})"


def _labels(b: Builder, word: str) -> dict[Core, tuple[str, int]]:
    return {k: (word, k[0] * b.cols + k[1]) for k in b.cores()}


def _alu2(mnemonic: str) -> Callable:
    return lambda b, core, rc, rb, ra: b.alu(core, mnemonic, rc, rb, ra)


def _alu1(mnemonic: str) -> Callable:
    return lambda b, core, rd, rs: b.alu(core, mnemonic, rd, rs)


def _receive(xor: bool, mesh: bool) -> Callable:
    def emit(b: Builder, core: Core, r: int, side: str, word: str | None = None) -> int:
        there = b.neighbour(core, side, mesh)
        if there is None and word is None:
            raise _Bad(f"core {_at(core)} reads the grid's {side} edge there: name the word it takes (word=NAME)")
        if there is not None and word is not None:
            raise _Bad(f"core {_at(core)} reads the core {_at(there)} there, not the grid's edge: "
                       "word= names edge bytes only")
        label = None if word is None else (word, core[0] * b.cols + core[1])
        return b.receive(core, r, side, xor=xor, label=label, mesh=mesh)
    return emit


def _send(b: Builder, core: Core, r: int, side: str, word: str | None = None) -> int:
    if word is not None and not b.on_edge(core, side):
        raise _Bad(f"core {_at(core)} is not on the grid's {side} edge: word= names edge bytes only")
    label = None if word is None else (word, core[0] * b.cols + core[1])
    return b.send(core, r, side, label=label)


# The paper's macros (mccp.ugrid.macros, operands named as there) ...
MACROS: dict[str, _Form] = {
    "add": _form("ra:reg rb:reg", macros.add),
    "lookup": _form("page:page rd:reg rs:reg", macros.lookup),
    "route": _form("src:core rs:reg dst:core rd:reg tmp:reg", macros.route),
    "rotate": _form("cores:line amount:number r:reg tmp:reg hold:reg", macros.rotate),
    "rotate_ring": _form("cores:line amount:number r:reg tmp:reg", macros.rotate_ring),
    "shift_bits": _form("r:reg n:number tmp:reg tmp2:reg", macros.shift_bits),
    "load": _form("r:reg labels:labels tmp:reg", macros.load),
    "unload": _form("r:reg labels:labels tmp:reg", macros.unload),
}
# ... and the control words one core at a time (the Builder's methods; mnemonics and operand
# order as in the assembler, docs/isa-ugrid.md).
OPS: dict[str, _Form] = {
    **{m: _form("rc:reg rb:reg ra:reg", _alu2(m), True) for m in ("and", "xor")},
    **{m: _form("rd:reg rs:reg", _alu1(m), True)
       for m in ("mov", "shl", "shr", "xtime", "lut", "lut1", "lut2", "lut3")},
    **{m: _form("r:reg", lambda b, core, r, m=m: b.step(core, m, r), True) for m in ("inc", "dec")},
    "in": _form("r:reg side:side word?:word", _receive(False, False), True),
    "xin": _form("r:reg side:side word?:word", _receive(True, False), True),
    "ein": _form("r:reg side:side word?:word", _receive(False, True), True),
    "out": _form("r:reg side:side word?:word", _send, True),
    "outa": _form("r:reg", lambda b, core, r: b.send_all(core, r), True),
    "memr": _form("rd:reg ra:reg", lambda b, core, rd, ra: b.memr(core, rd, ra), True),
    "memw": _form("ra:reg rs:reg", lambda b, core, ra, rs: b.memw(core, ra, rs), True),
}
STATEMENTS = {**MACROS, **OPS}


def _split(text: str) -> list[str]:
    """Operands separated by commas outside parentheses (a core's (r,c) keeps its comma)."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    parts.append(text[start:].strip())
    return [] if parts == [""] else parts


def _bind(name: str, form: _Form, operands: list[str]) -> dict[str, str]:
    """Operand texts by parameter name, as Python binds a call's arguments."""
    names = [p for p, _, _ in form.params]
    usage = f"{name} {', '.join(p + ('?' if opt else '') for p, _, opt in form.params)}"
    bound: dict[str, str] = {}
    positional = True
    for i, text in enumerate(operands):
        if not text:
            raise _Bad(f"operand {i + 1} of {name} is empty (usage: {usage})")
        key = re.fullmatch(r"([A-Za-z_]\w*)\s*=\s*(.*)", text)
        if key:
            positional = False
            if key[1] not in names:
                raise _Bad(f"{name} has no operand {key[1]!r} (usage: {usage})")
            if key[1] in bound:
                raise _Bad(f"{name}'s operand {key[1]} is given twice")
            bound[key[1]] = key[2].strip()
        elif not positional:
            raise _Bad(f"operand {i + 1} of {name} ({text!r}) comes after a NAME= operand (usage: {usage})")
        elif i >= len(names):
            raise _Bad(f"{name} takes at most {len(names)} operands, not {len(operands)} (usage: {usage})")
        else:
            bound[names[i]] = text
    return bound


def _missing(name: str, form: _Form, bound: dict) -> None:
    missing = [p for p, _, opt in form.params if p not in bound and not opt]
    if missing:
        usage = f"{name} {', '.join(p + ('?' if opt else '') for p, _, opt in form.params)}"
        raise _Bad(f"{name} is missing operand{'s' if len(missing) > 1 else ''} {', '.join(missing)} "
                   f"(usage: {usage})")


class _Compiler:
    def __init__(self, file: str):
        self.file = file
        self.b: Builder | None = None
        self.grid_line = 0
        self.imem, self.imem_line = DEFAULT_IMEM, 0
        self.statements = 0
        self.wrap = (0, 0)
        self.leaves: dict[tuple[str, int], int] = {}     # output label -> the line that sends it

    def error(self, line: int, message: str) -> UgridSourceError:
        return UgridSourceError(self.file, line, message)

    def header(self, n: int, keyword: str, args: list[str]) -> None:
        values = [_int(a) for a in args]
        if keyword == "grid":
            if self.b is not None:
                raise _Bad(f"a second grid header (the first is at line {self.grid_line})")
            shape = len(args) == 2 or len(args) == 5 and args[2] == "wrap"
            numbers = values[:2] + values[3:]
            if not shape or None in numbers:
                raise _Bad(f"expected grid ROWS COLS [wrap WR WC], not {' '.join(['grid', *args])!r}")
            rows, cols, *wrap = numbers
            wrap = wrap or [0, 0]
            try:
                self.b = Builder(rows, cols, *wrap)
            except ValueError as exc:
                raise _Bad(str(exc)) from None
            self.wrap, self.grid_line = tuple(wrap), n
        else:
            if self.imem_line:
                raise _Bad(f"a second imem (the first is at line {self.imem_line})")
            if self.statements:
                raise _Bad("imem comes before the first statement (each one is checked against it)")
            if len(args) != 1 or values[0] is None:
                raise _Bad(f"expected imem DEPTH, not {' '.join(['imem', *args])!r}")
            depth = values[0]
            if depth < 2 or depth & (depth - 1):
                raise _Bad(f"imem {depth} is not a power of two of at least 2 (the program counter wraps at the end)")
            self.imem, self.imem_line = depth, n

    def statement(self, n: int, name: str, rest: str, where: str | None) -> None:
        form = STATEMENTS.get(name)
        if form is None:
            near = difflib.get_close_matches(name, [*STATEMENTS, "grid", "imem"], n=1)
            raise _Bad(f"unknown macro {name!r}" + (f" (did you mean {near[0]!r}?)" if near else ""))
        if self.b is None:
            raise _Bad(f"{name} before the grid header: a file starts with grid ROWS COLS [wrap WR WC]")
        b, read = self.b, _Reader(self.b)
        texts = _bind(name, form, _split(rest))
        values = {}
        for p, kind, _ in form.params:
            if p not in texts:
                continue
            try:
                values[p] = _labels(b, read.word(texts[p])) if kind == "labels" else getattr(read, kind)(texts[p])
            except _Bad as exc:
                # a wrong operand before a missing one: `rotate row 1 1 r0` lacks commas, not operands
                hint = " (operands are separated by commas)" if re.search(r"\s", texts[p]) else ""
                raise _Bad(f"operand {p} of {name}: {exc}{hint}") from None
        _missing(name, form, texts)
        bits = 8 * b.rows * b.cols
        if name == "shift_bits" and not 0 <= values["n"] < bits:    # the macro assumes it
            raise _Bad(f"operand n of shift_bits: a shift of {values['n']} bits is outside 0..{bits - 1}")
        if where is not None and not form.per_core:
            raise _Bad(f"{name} works on the whole grid: it takes no @ CORES")
        cores = read.cores(where) if where is not None else b.cores()
        self.check_outputs(n, name, values, cores)
        self.statements += 1
        with b.tagged(f"line {n}"):                     # which source line each operation came from
            try:
                if form.per_core:
                    for k in cores:
                        form.emit(b, k, **values)
                else:
                    form.emit(b, **values)
            except ValueError as exc:                   # the compiler's own refusals
                raise _Bad(str(exc)) from None
        if b.end() > self.imem:
            where_set = f"imem {self.imem} at line {self.imem_line}" if self.imem_line else \
                f"the default imem {self.imem}"
            raise _Bad(f"the program does not fit the instruction memory: {b.end()} control words per core "
                       f"after this {name}, {where_set}")

    def check_outputs(self, n: int, name: str, values: dict, cores: list[Core]) -> None:
        """An edge byte leaves once: two would give one label two values."""
        if name == "unload":
            labels = list(values["labels"].values())
        elif name == "out" and values.get("word"):
            labels = [(values["word"], k[0] * self.b.cols + k[1]) for k in cores]
        else:
            return
        for label in labels:
            if label in self.leaves:
                raise _Bad(f"byte {label[1]} of word {label[0]} already leaves the grid at line {self.leaves[label]}")
            self.leaves[label] = n

    def compile(self, text: str) -> Compiled:
        for n, raw in enumerate(text.splitlines(), 1):
            body = raw.split("#", 1)[0].strip()
            if not body:
                continue
            head, _, where = body.partition("@")
            name, rest = (re.split(r"\s+", head.strip(), maxsplit=1) + [""])[:2]
            try:
                if "@" in where:
                    raise _Bad("one @ CORES a statement")
                if name in ("grid", "imem"):
                    if where.strip():
                        raise _Bad(f"{name} takes no @ CORES")
                    self.header(n, name, rest.replace(",", " ").split())
                else:
                    self.statement(n, name, rest, where.strip() if "@" in body else None)
            except _Bad as exc:
                raise self.error(n, str(exc)) from None
        if self.b is None:
            raise self.error(1, "no grid header: a file starts with grid ROWS COLS [wrap WR WC]")
        if not self.statements:
            raise self.error(self.grid_line, "no statements after the grid header: nothing to compile")
        return Compiled(self.file, self.b.program(), *self.wrap, self.imem)


def compile_text(text: str, file: str = "<string>") -> Compiled:
    """Compile macro-language source; errors as UgridSourceError (`file` names it there)."""
    return _Compiler(file).compile(text)


def compile_file(path: str | Path) -> Compiled:
    return compile_text(Path(path).read_text(), str(path))
