"""The instruction sets of MCCP's core kinds, each loaded from its YAML table.

One table per kind is its single source: insns.yml (the AES core, kind
"aes"), ecc.yml (the elliptic-curve unit, kind "ecc"), arx.yml (the ARX
element, kind "arx"), ugrid.yml (the micro-core grid's control words, kind
"ugrid").  status.yml holds the
task status codes every kind shares.  Everything that needs to know an
encoding (assembler, disassembler, ISS, generators of the RTL packages and
docs) goes through `load(kind)`.
"""

from __future__ import annotations

from dataclasses import dataclass, field as dc_field
from functools import lru_cache
from pathlib import Path

import re

import yaml

HERE = Path(__file__).parent
SPEC_PATH = HERE / "insns.yml"
STATUS_PATH = HERE / "status.yml"
KINDS = {"aes": SPEC_PATH, "ecc": HERE / "ecc.yml", "arx": HERE / "arx.yml", "ugrid": HERE / "ugrid.yml"}


@dataclass(frozen=True)
class Field:
    name: str
    msb: int
    lsb: int

    @property
    def width(self) -> int:
        return self.msb - self.lsb + 1

    def insert(self, word: int, value: int) -> int:
        mask = (1 << self.width) - 1
        return word | ((value & mask) << self.lsb)

    def extract(self, word: int) -> int:
        return (word >> self.lsb) & ((1 << self.width) - 1)


@dataclass(frozen=True)
class OperandKind:
    name: str
    bits: int | None
    signed: bool
    doc: str
    register: str | None = None     # the register file's prefix ("v", "f", ...) for a register operand
    aliases: tuple[tuple[str, int], ...] = ()   # other names of a register operand ("in" = 31)

    def check(self, value: int, isa: "Isa") -> None:
        """Raise ValueError if `value` does not fit this operand kind."""
        if self.register:
            r, count = self.register, isa.registers[self.register]["count"]
            if not 0 <= value < count and value not in dict(self.aliases).values():
                raise ValueError(f"register {r}{value} does not exist ({r}0..{r}{count - 1})")
            return
        lo, hi = self.range()
        if not lo <= value <= hi:
            raise ValueError(f"{self.doc}: {value} is out of range {lo}..{hi}")

    def range(self) -> tuple[int, int]:
        assert self.bits is not None
        if self.signed:
            return -(1 << (self.bits - 1)), (1 << (self.bits - 1)) - 1
        return 0, (1 << self.bits) - 1


@dataclass(frozen=True)
class Operand:
    name: str
    kind: OperandKind
    field: Field


@dataclass(frozen=True)
class Modifier:
    """`.pattern` after a mnemonic sets `field` (to `value`, or to the number the pattern captures)."""
    pattern: str
    field: str
    value: int | None
    doc: str = ""

    def match(self, text: str) -> int | None:
        m = re.fullmatch(self.pattern, text)
        if not m:
            return None
        return self.value if self.value is not None else int(m.group(1))


@dataclass(frozen=True)
class Instruction:
    mnemonic: str
    opcode: int
    unit: str
    operands: tuple[Operand, ...]
    doc: str
    mods: tuple[str, ...] = ()      # the modifier fields it accepts ("w" is then required ...)
    lanes_free: bool = False        # ... unless the result does not depend on it (logic operations)
    widths: tuple[int, ...] = ()    # the lane widths (bits) it is defined for; empty = every one
    match: tuple[tuple[str, int], ...] = ()   # the fields it fixes; empty = opcode in field "op"

    def fixed(self) -> tuple[tuple[str, int], ...]:
        """(field, value) pairs that identify this instruction in a word."""
        return self.match or (("op", self.opcode),)

    @property
    def syntax(self) -> str:
        ops = ", ".join(o.name for o in self.operands)
        name = self.mnemonic + "".join(f".{m}" if m != "w" else ".W" for m in self.mods)
        return f"{name} {ops}".strip()

    def encode(self, values: list[int], isa: "Isa", mods: dict[str, int] | None = None) -> int:
        if len(values) != len(self.operands):
            raise ValueError(f"{self.mnemonic} takes {len(self.operands)} operands ({self.syntax}), got {len(values)}")
        mods = dict(mods or {})
        word = 0
        for name, value in self.fixed():
            word = isa.fields[name].insert(word, value)
        for op, value in zip(self.operands, values):
            op.kind.check(value, isa)
            if op.kind.signed and op.kind.bits:
                value &= (1 << op.kind.bits) - 1     # two's complement in the kind's bits
            word = op.field.insert(word, value)
        for name in mods:
            if name not in self.mods:
                raise ValueError(f"{self.mnemonic} takes no .{name} modifier (it takes: {', '.join(self.mods) or 'none'})")
        if "w" in self.mods and "w" not in mods and (not self.lanes_free or mods.get("rot")):
            raise ValueError(f"{self.mnemonic} needs a lane width (.16, .32 or .64)")
        for name, value in mods.items():
            isa.check_modifier(self, name, value, mods)
            word = isa.fields[name].insert(word, value)
        return word

    def decode_mods(self, word: int, isa: "Isa") -> dict[str, int]:
        return {m: isa.fields[m].extract(word) for m in self.mods}

    def decode_operands(self, word: int) -> list[int]:
        values = []
        for op in self.operands:
            raw = op.field.extract(word)
            bits = min(op.kind.bits or op.field.width, op.field.width)
            if op.kind.signed and raw < 1 << bits and raw >= 1 << (bits - 1):
                raw -= 1 << bits
            values.append(raw)
        return values


@dataclass(frozen=True)
class Isa:
    kind: str                           # "aes", "ecc"
    word_bits: int
    fields: dict[str, Field]
    registers: dict[str, dict]
    kinds: dict[str, OperandKind]
    status_codes: tuple[dict, ...]
    instructions: tuple[Instruction, ...]
    options: dict = dc_field(default_factory=dict)   # the kind's own tables (pair_link, swap, call_depth)
    modifiers: tuple[Modifier, ...] = ()

    @property
    def lane_bits(self) -> dict[int, int]:
        """Lane width in bits by `w` field value (kinds with lane modifiers)."""
        return {code: bits for bits, code in self.options.get("lane_widths", {}).items()}

    def fixed_values(self, name: str) -> set[int] | None:
        """The values field `name` may take if its modifiers set fixed values (0 = none of them),
        or None if one takes a number."""
        mods = [m for m in self.modifiers if m.field == name]
        if not mods or any(m.value is None for m in mods):
            return None
        return {0} | {m.value for m in mods}

    def check_modifier(self, ins: Instruction, name: str, value: int, mods: dict[str, int]) -> None:
        """Raise ValueError if modifier field `name` = `value` is not defined for `ins`."""
        width = self.fields[name].width
        if not 0 <= value < (1 << width):
            raise ValueError(f"{ins.mnemonic}: .{name} value {value} does not fit {width} bits")
        if name == "w" and value not in self.lane_bits:
            raise ValueError(f"{ins.mnemonic}: lane width code {value} is undefined")
        if name == "w" and ins.widths and self.lane_bits[value] not in ins.widths:
            raise ValueError(f"{ins.mnemonic} is defined for lanes of {' or '.join(map(str, ins.widths))} bits, "
                             f"not {self.lane_bits[value]}")
        fixed = self.fixed_values(name)
        if name != "w" and fixed is not None and value not in fixed:
            raise ValueError(f"{ins.mnemonic}: .{name} value {value} is undefined")
        if name == "rot" and "w" in ins.mods:
            lane = self.lane_bits.get(mods.get("w", -1))
            if lane is not None and value >= lane:
                raise ValueError(f"{ins.mnemonic}: rotation {value} is not below the lane width {lane}")

    @property
    def pair_link(self) -> dict[str, int]:
        """Depth and latency of the AES core's split-task queues."""
        return self.options["pair_link"]

    @property
    def by_mnemonic(self) -> dict[str, Instruction]:
        return {i.mnemonic: i for i in self.instructions}

    @property
    def by_opcode(self) -> dict[int, Instruction]:
        return {i.opcode: i for i in self.instructions}

    def status(self, name: str) -> int:
        for s in self.status_codes:
            if s["name"] == name:
                return s["code"]
        raise KeyError(name)

    def decode(self, word: int) -> tuple[Instruction, list[int]] | None:
        """Instruction and operand values of `word`, or None if undefined.

        A word is defined only if its opcode exists, every bit outside the
        instruction's operand fields is zero and every operand fits its kind
        (registers r0..r7, narrow immediates such as shamt or widx with the
        unused upper bits of their field zero), so one word has one reading --
        the same rule as the RTL decoder (rtl/core/mccp_core_decode.sv).
        """
        if "op" in self.fields:
            ins = self.by_opcode.get(self.fields["op"].extract(word))
        else:       # opcodes of several lengths: the instruction whose fixed fields match
            ins = next((i for i in self.instructions
                        if all(self.fields[f].extract(word) == v for f, v in i.match)), None)
        if ins is None or word & ~self.used_mask(ins) & ((1 << self.word_bits) - 1):
            return None
        values = ins.decode_operands(word)
        for op, value in zip(ins.operands, values):
            try:
                op.kind.check(value, self)
            except ValueError:
                return None
        mods = ins.decode_mods(word, self)
        for name, value in mods.items():
            try:
                self.check_modifier(ins, name, value, mods)
            except ValueError:
                return None
        return ins, values

    def used_mask(self, ins: Instruction) -> int:
        mask = 0
        fixed = [self.fields[name] for name, _ in ins.fixed()]
        for f in [*fixed, *(o.field for o in ins.operands), *(self.fields[m] for m in ins.mods)]:
            mask |= ((1 << f.width) - 1) << f.lsb
        return mask

    def mod_suffix(self, ins: Instruction, word: int) -> str:
        """The modifiers of `word` as the assembler spells them (".32.r16.x1")."""
        out = ""
        mods = ins.decode_mods(word, self)
        for name, value in mods.items():
            if value == 0 and (name != "w" or (ins.lanes_free and not mods.get("rot"))):
                continue
            for m in self.modifiers:
                if m.field == name and (m.value == value or m.value is None):
                    out += "." + (m.pattern if m.value is not None else re.sub(r"\(.*\)", str(value), m.pattern))
                    break
        return out

    def disassemble(self, word: int, symbols: dict[int, str] | None = None) -> str:
        decoded = self.decode(word)
        if decoded is None:
            return f".word 0x{word:0{self.word_bits // 4}x}"
        ins, values = decoded
        parts = []
        for op, v in zip(ins.operands, values):
            alias = {n: a for a, n in op.kind.aliases}.get(v)
            if alias:
                parts.append(alias)
            elif op.kind.register:
                parts.append(f"{op.kind.register}{v}")
            elif op.kind.name == "target" and symbols and v in symbols:
                parts.append(symbols[v])
            elif op.kind.name == "status":
                names = {s["code"]: s["name"] for s in self.status_codes}
                parts.append(names.get(v, str(v)))
            else:
                parts.append(str(v))
        return f"{ins.mnemonic}{self.mod_suffix(ins, word)} {', '.join(parts)}".strip()


_COMMON = {"kind", "word_bits", "fields", "registers", "operand_kinds", "instructions", "modifiers"}


def _load(path: Path) -> Isa:
    raw = yaml.safe_load(path.read_text())
    status = yaml.safe_load(STATUS_PATH.read_text())["status_codes"]
    fields = {n: Field(n, msb, lsb) for n, (msb, lsb) in raw["fields"].items()}
    kinds = {n: OperandKind(n, k.get("bits"), bool(k.get("signed", False)), k["doc"], k.get("register"),
                            tuple((k.get("aliases") or {}).items()))
             for n, k in raw["operand_kinds"].items()}
    instructions = []
    for entry in raw["instructions"]:
        ops = tuple(Operand(name, kinds[kind], fields[field]) for name, kind, field in entry["operands"])
        lanes = entry.get("lanes")
        instructions.append(Instruction(entry["mnemonic"], entry["opcode"], entry["unit"], ops, entry["doc"],
                                        tuple(entry.get("mods", ())), lanes == "free",
                                        tuple(lanes) if isinstance(lanes, list) else (),
                                        tuple((entry.get("match") or {}).items())))
    modifiers = tuple(Modifier(m["pattern"], m["field"], m.get("value"), m.get("doc", ""))
                      for m in raw.get("modifiers", ()))
    options = {k: v for k, v in raw.items() if k not in _COMMON}
    return Isa(raw["kind"], raw["word_bits"], fields, raw["registers"], kinds, tuple(status),
               tuple(instructions), options, modifiers)


@lru_cache(maxsize=None)
def load(kind: str = "aes") -> Isa:
    """The instruction set of a core kind ("aes", "ecc", "arx" or "ugrid")."""
    if kind not in KINDS:
        raise ValueError(f"unknown core kind {kind!r}; known: {', '.join(KINDS)}")
    return _load(KINDS[kind])
