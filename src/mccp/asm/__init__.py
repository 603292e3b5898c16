"""Assembler and disassembler for the MCCP core (encodings from mccp.isa).

Source syntax (one statement per line, `;` or `//` starts a comment):

    label:                      a code address
    mnemonic op, op, ...        an instruction (operands: v0..v7, s0..s7, expressions)
    .equ NAME, expr             a constant
    .entry label                export a task entry point (listed in Program.entries)
    .include "file.s"           textual include, relative to the including file
    .macro name p1, p2 ... .endm   a macro; `\\p1` in the body is replaced by the argument
    .rept expr ... .endr        repeat a block (loop unrolling)
    .word expr                  a raw instruction word (as wide as the kind's)
    .const NAME, expr, ...      coefficient memory words (kinds with one: arx); NAME = the
                                address of the first, in order of appearance from 0

Expressions use integers (decimal, 0x, 0b), names (.equ constants, labels,
status names such as AUTH_FAIL) and + - * // % << >> & | ^ ~ and parentheses.
Kinds with modifiers (arx) take them after the mnemonic: `arx.32.r16 v0, v1, v3`.
A macro body may use `\\@`, replaced by a number unique to each expansion, to
make local labels; `\\()` separates an argument from text that follows it
(`\\pre\\()_loop`).  Every error names file:line.
"""

from __future__ import annotations

import ast
import operator
import re
from dataclasses import dataclass, field
from pathlib import Path

from mccp.isa import Isa, load


class AsmError(Exception):
    """An assembly error at file:line."""

    def __init__(self, where: str, message: str):
        super().__init__(f"{where}: error: {message}")
        self.where = where
        self.message = message


@dataclass
class Line:
    file: str
    number: int
    text: str

    @property
    def where(self) -> str:
        return f"{self.file}:{self.number}"


@dataclass
class Program:
    words: list[int]
    symbols: dict[str, int]
    entries: dict[str, int]
    source: dict[int, Line] = field(default_factory=dict)
    consts: list[int] = field(default_factory=list)     # coefficient memory words (.const)
    word_bits: int = 32

    def hex_text(self) -> str:
        return "".join(f"{w:0{self.word_bits // 4}x}\n" for w in self.words)


_LABEL = re.compile(r"^([A-Za-z_.][\w.]*)\s*:(.*)$")
_NAME = re.compile(r"^[A-Za-z_][\w.]*$")
_BINOPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
           ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod, ast.LShift: operator.lshift,
           ast.RShift: operator.rshift, ast.BitAnd: operator.and_, ast.BitOr: operator.or_,
           ast.BitXor: operator.xor}
_UNOPS = {ast.USub: operator.neg, ast.UAdd: operator.pos, ast.Invert: operator.invert}


def _strip_comment(text: str) -> str:
    for marker in (";", "//"):
        pos = text.find(marker)
        if pos >= 0:
            text = text[:pos]
    return text.strip()


def _split_operands(text: str) -> list[str]:
    return [t.strip() for t in text.split(",")] if text.strip() else []


class Assembler:
    def __init__(self, isa: Isa | None = None, max_depth: int = 32):
        self.isa = isa or load()
        self.max_depth = max_depth
        self._unique = 0
        self._cmem: list[int] = []
        # the coefficient memory's word: as wide as the vector registers
        self.cmem_bits = int(self.isa.registers.get("v", {}).get("bits", 128))

    # ---- expression evaluation ------------------------------------------
    def eval(self, text: str, names: dict[str, int], where: str) -> int:
        try:
            tree = ast.parse(text.strip(), mode="eval")
        except SyntaxError:
            raise AsmError(where, f"cannot parse expression {text.strip()!r}") from None

        def ev(node):
            if isinstance(node, ast.Expression):
                return ev(node.body)
            if isinstance(node, ast.Constant) and isinstance(node.value, int):
                return node.value
            if isinstance(node, ast.Name):
                if node.id in names:
                    return names[node.id]
                raise AsmError(where, f"undefined name {node.id!r}")
            if isinstance(node, ast.BinOp) and type(node.op) in _BINOPS:
                return _BINOPS[type(node.op)](ev(node.left), ev(node.right))
            if isinstance(node, ast.UnaryOp) and type(node.op) in _UNOPS:
                return _UNOPS[type(node.op)](ev(node.operand))
            raise AsmError(where, f"unsupported expression {text.strip()!r}")

        return ev(tree)

    # ---- pass 0: includes, macros, repeats --------------------------------
    def _read(self, path: Path, depth: int, origin: str) -> list[Line]:
        if depth > self.max_depth:
            raise AsmError(origin, f"includes nested deeper than {self.max_depth}")
        try:
            text = path.read_text()
        except OSError as exc:
            raise AsmError(origin, f"cannot read {path}: {exc.strerror}") from None
        lines = []
        for number, raw in enumerate(text.splitlines(), 1):
            line = Line(str(path), number, _strip_comment(raw))
            m = re.match(r'^\.include\s+"([^"]+)"$', line.text)
            if m:
                lines.extend(self._read(path.parent / m.group(1), depth + 1, line.where))
            elif line.text:
                lines.append(line)
        return lines

    def _expand(self, lines: list[Line], consts: dict[str, int], depth: int = 0) -> list[Line]:
        if depth > self.max_depth:
            raise AsmError(lines[0].where if lines else "?", "macros or .rept nested too deep")
        macros: dict[str, tuple[list[str], list[Line]]] = getattr(self, "_macros", {})
        self._macros = macros
        out: list[Line] = []
        i = 0
        while i < len(lines):
            line = lines[i]
            m = _LABEL.match(line.text)
            if m and m.group(2).strip():
                # `label: stmt` -> `label:` then `stmt`, so a macro call may carry a label
                out.append(Line(line.file, line.number, m.group(1) + ":"))
                line = Line(line.file, line.number, m.group(2).strip())
            head, _, rest = line.text.partition(" ")
            if head == ".macro":
                parts = _split_operands(rest.replace(" ", ",", 1)) if rest else []
                if not parts or not _NAME.match(parts[0]):
                    raise AsmError(line.where, ".macro needs a name")
                name, params = parts[0], [p for p in parts[1:] if p]
                body, i = self._block(lines, i, ".macro", ".endm")
                if name in self.isa.by_mnemonic:
                    raise AsmError(line.where, f"macro {name!r} would hide the instruction of that name")
                macros[name] = (params, body)
                continue
            if head == ".rept":
                count = self.eval(rest, consts, line.where)
                if count < 0:
                    raise AsmError(line.where, f".rept count must be >= 0, not {count}")
                body, i = self._block(lines, i, ".rept", ".endr")
                for _ in range(count):
                    out.extend(self._expand(body, consts, depth + 1))
                continue
            if head in (".endm", ".endr"):
                raise AsmError(line.where, f"{head} without a matching opening directive")
            if head == ".equ":
                parts = _split_operands(rest)
                if len(parts) != 2 or not _NAME.match(parts[0]):
                    raise AsmError(line.where, ".equ takes NAME, expression")
                consts[parts[0]] = self.eval(parts[1], consts, line.where)
                i += 1
                continue
            if head == ".const":
                parts = _split_operands(rest)
                if len(parts) < 2 or not _NAME.match(parts[0]):
                    raise AsmError(line.where, ".const takes NAME, expression, ...")
                if parts[0] in consts:
                    raise AsmError(line.where, f"{parts[0]!r} is defined twice")
                consts[parts[0]] = len(self._cmem)
                for text in parts[1:]:
                    value = self.eval(text, consts, line.where)
                    if not 0 <= value < 1 << self.cmem_bits:
                        raise AsmError(line.where, f".const value does not fit {self.cmem_bits} bits")
                    self._cmem.append(value)
                i += 1
                continue
            if head in macros:
                params, body = macros[head]
                args = _split_operands(rest)
                if len(args) != len(params):
                    raise AsmError(line.where, f"macro {head} takes {len(params)} arguments, got {len(args)}")
                self._unique += 1
                expanded = []
                for b in body:
                    text = b.text.replace("\\@", str(self._unique))
                    for p, a in sorted(zip(params, args), key=lambda pa: -len(pa[0])):
                        text = text.replace("\\" + p, a)
                    text = text.replace("\\()", "")
                    expanded.append(Line(b.file, b.number, text))
                out.extend(self._expand(expanded, consts, depth + 1))
                i += 1
                continue
            out.append(line)
            i += 1
        return out

    @staticmethod
    def _block(lines: list[Line], start: int, opener: str, closer: str) -> tuple[list[Line], int]:
        depth, j = 0, start + 1
        while j < len(lines):
            head = lines[j].text.split(" ", 1)[0]
            if head == opener:
                depth += 1
            elif head == closer:
                if depth == 0:
                    return lines[start + 1:j], j + 1
                depth -= 1
            j += 1
        raise AsmError(lines[start].where, f"{opener} without {closer}")

    # ---- passes 1 and 2 ---------------------------------------------------
    def assemble_lines(self, lines: list[Line]) -> Program:
        self._macros = {}
        self._cmem = []
        consts: dict[str, int] = {s["name"]: s["code"] for s in self.isa.status_codes}
        flat = self._expand(lines, consts)
        labels: dict[str, int] = {}
        stmts: list[tuple[Line, str]] = []
        entries_wanted: list[tuple[str, Line]] = []
        for line in flat:
            text = line.text
            m = _LABEL.match(text)
            while m:
                name = m.group(1)
                if name in labels or name in consts:
                    raise AsmError(line.where, f"{name!r} is defined twice")
                labels[name] = len(stmts)
                text = m.group(2).strip()
                m = _LABEL.match(text)
            if not text:
                continue
            if text.startswith(".entry"):
                entries_wanted.append((text.split(None, 1)[1].strip() if " " in text else "", line))
                continue
            if text.startswith(".") and not text.startswith(".word"):
                raise AsmError(line.where, f"unknown directive {text.split()[0]!r}")
            stmts.append((line, text))

        names = {**consts, **labels}
        words, source = [], {}
        for pc, (line, text) in enumerate(stmts):
            words.append(self._encode(text, names, line))
            source[pc] = line
        entries = {}
        for name, line in entries_wanted:
            if name not in labels:
                raise AsmError(line.where, f".entry {name!r}: no such label")
            entries[name] = labels[name]
        return Program(words, labels, entries, source, list(self._cmem), self.isa.word_bits)

    def _encode(self, text: str, names: dict[str, int], line: Line) -> int:
        mnemonic, _, rest = text.partition(" ")
        args = _split_operands(rest)
        if mnemonic == ".word":
            if len(args) != 1:
                raise AsmError(line.where, ".word takes one expression")
            return self.eval(args[0], names, line.where) & ((1 << self.isa.word_bits) - 1)
        mnemonic, *suffixes = mnemonic.split(".")
        ins = self.isa.by_mnemonic.get(mnemonic)
        if ins is None:
            raise AsmError(line.where, f"unknown instruction {mnemonic!r}")
        mods: dict[str, int] = {}
        for suffix in suffixes:
            found = [(m.field, v) for m in self.isa.modifiers if (v := m.match(suffix)) is not None]
            if not found:
                raise AsmError(line.where, f"{mnemonic}: unknown modifier .{suffix}")
            name, value = found[0]
            if name in mods:
                raise AsmError(line.where, f"{mnemonic}: two modifiers set .{name}")
            mods[name] = value
        if len(args) != len(ins.operands):
            raise AsmError(line.where, f"{mnemonic} takes {len(ins.operands)} operands ({ins.syntax}), got {len(args)}")
        values = []
        for op, arg in zip(ins.operands, args):
            if op.kind.register:
                m = re.fullmatch(rf"{op.kind.register}(\d+)", arg)
                if arg in dict(op.kind.aliases):
                    values.append(dict(op.kind.aliases)[arg])
                    continue
                if not m:
                    raise AsmError(line.where, f"{mnemonic}: operand {op.name} must be a {op.kind.doc}, not {arg!r}")
                values.append(int(m.group(1)))
            elif arg in dict(op.kind.aliases):          # a named value (a side: e, w, n, s)
                values.append(dict(op.kind.aliases)[arg])
            else:
                values.append(self.eval(arg, names, line.where))
        try:
            return ins.encode(values, self.isa, mods)
        except ValueError as exc:
            raise AsmError(line.where, f"{mnemonic}: {exc}") from None

    def assemble_file(self, path: str | Path) -> Program:
        path = Path(path)
        return self.assemble_lines(self._read(path, 0, str(path)))

    def assemble_text(self, text: str, name: str = "<text>", base: Path | None = None) -> Program:
        lines = []
        for number, raw in enumerate(text.splitlines(), 1):
            line = Line(name, number, _strip_comment(raw))
            m = re.match(r'^\.include\s+"([^"]+)"$', line.text)
            if m:
                lines.extend(self._read((base or Path.cwd()) / m.group(1), 1, line.where))
            elif line.text:
                lines.append(line)
        return self.assemble_lines(lines)


def assemble_file(path: str | Path, isa: Isa | None = None) -> Program:
    return Assembler(isa).assemble_file(path)


def assemble_text(text: str, name: str = "<text>", base: Path | None = None, isa: Isa | None = None) -> Program:
    return Assembler(isa).assemble_text(text, name, base)


def disassemble(words: list[int], symbols: dict[str, int] | None = None, isa: Isa | None = None) -> list[str]:
    isa = isa or load()
    by_addr = {addr: name for name, addr in (symbols or {}).items()}
    out = []
    for pc, w in enumerate(words):
        label = f"{by_addr[pc]}:" if pc in by_addr else ""
        out.append(f"{pc:04x}  {w:0{isa.word_bits // 4}x}  {label:<16} {isa.disassemble(w, by_addr)}")
    return out
