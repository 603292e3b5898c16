"""The instruction sets of MCCP's core kinds, each loaded from its YAML table.

One table per kind is its single source: insns.yml (the AES core, kind
"aes"), ecc.yml (the elliptic-curve unit, kind "ecc").  status.yml holds the
task status codes every kind shares.  Everything that needs to know an
encoding (assembler, disassembler, ISS, generators of the RTL packages and
docs) goes through `load(kind)`.
"""

from __future__ import annotations

from dataclasses import dataclass, field as dc_field
from functools import lru_cache
from pathlib import Path

import yaml

HERE = Path(__file__).parent
SPEC_PATH = HERE / "insns.yml"
STATUS_PATH = HERE / "status.yml"
KINDS = {"aes": SPEC_PATH, "ecc": HERE / "ecc.yml"}


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

    def check(self, value: int, isa: "Isa") -> None:
        """Raise ValueError if `value` does not fit this operand kind."""
        if self.register:
            r, count = self.register, isa.registers[self.register]["count"]
            if not 0 <= value < count:
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
class Instruction:
    mnemonic: str
    opcode: int
    unit: str
    operands: tuple[Operand, ...]
    doc: str

    @property
    def syntax(self) -> str:
        ops = ", ".join(o.name for o in self.operands)
        return f"{self.mnemonic} {ops}".strip()

    def encode(self, values: list[int], isa: "Isa") -> int:
        if len(values) != len(self.operands):
            raise ValueError(f"{self.mnemonic} takes {len(self.operands)} operands ({self.syntax}), got {len(values)}")
        word = isa.fields["op"].insert(0, self.opcode)
        for op, value in zip(self.operands, values):
            op.kind.check(value, isa)
            word = op.field.insert(word, value)
        return word

    def decode_operands(self, word: int) -> list[int]:
        values = []
        for op in self.operands:
            raw = op.field.extract(word)
            if op.kind.signed and op.kind.bits and raw >= 1 << (op.field.width - 1):
                raw -= 1 << op.field.width
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
        ins = self.by_opcode.get(self.fields["op"].extract(word))
        if ins is None or word & ~self.used_mask(ins) & ((1 << self.word_bits) - 1):
            return None
        values = ins.decode_operands(word)
        for op, value in zip(ins.operands, values):
            try:
                op.kind.check(value, self)
            except ValueError:
                return None
        return ins, values

    def used_mask(self, ins: Instruction) -> int:
        mask = 0
        for f in [self.fields["op"], *(o.field for o in ins.operands)]:
            mask |= ((1 << f.width) - 1) << f.lsb
        return mask

    def disassemble(self, word: int, symbols: dict[int, str] | None = None) -> str:
        decoded = self.decode(word)
        if decoded is None:
            return f".word 0x{word:08x}"
        ins, values = decoded
        parts = []
        for op, v in zip(ins.operands, values):
            if op.kind.register:
                parts.append(f"{op.kind.register}{v}")
            elif op.kind.name == "target" and symbols and v in symbols:
                parts.append(symbols[v])
            elif op.kind.name == "status":
                names = {s["code"]: s["name"] for s in self.status_codes}
                parts.append(names.get(v, str(v)))
            else:
                parts.append(str(v))
        return f"{ins.mnemonic} {', '.join(parts)}".strip()


_COMMON = {"kind", "word_bits", "fields", "registers", "operand_kinds", "instructions"}


def _load(path: Path) -> Isa:
    raw = yaml.safe_load(path.read_text())
    status = yaml.safe_load(STATUS_PATH.read_text())["status_codes"]
    fields = {n: Field(n, msb, lsb) for n, (msb, lsb) in raw["fields"].items()}
    kinds = {n: OperandKind(n, k.get("bits"), bool(k.get("signed", False)), k["doc"], k.get("register"))
             for n, k in raw["operand_kinds"].items()}
    instructions = []
    for entry in raw["instructions"]:
        ops = tuple(Operand(name, kinds[kind], fields[field]) for name, kind, field in entry["operands"])
        instructions.append(Instruction(entry["mnemonic"], entry["opcode"], entry["unit"], ops, entry["doc"]))
    options = {k: v for k, v in raw.items() if k not in _COMMON}
    return Isa(raw["kind"], raw["word_bits"], fields, raw["registers"], kinds, tuple(status),
               tuple(instructions), options)


@lru_cache(maxsize=None)
def load(kind: str = "aes") -> Isa:
    """The instruction set of a core kind ("aes" or "ecc")."""
    if kind not in KINDS:
        raise ValueError(f"unknown core kind {kind!r}; known: {', '.join(KINDS)}")
    return _load(KINDS[kind])
