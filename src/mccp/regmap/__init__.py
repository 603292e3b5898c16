"""The MCCP host interface, loaded from regs.yml (the single source).

Register addresses and fields, the stream packet headers, the mode / op codes
and the status codes (the core's 0..6 from src/mccp/isa/insns.yml plus the
fabric's).  The device API, the test benches and the generators of
rtl/fabric/mccp_regs_pkg.sv, rtl/fabric/mccp_regs.sv and docs/registers.md
(`mccp regs gen`) all go through this module.

    rm = load()
    rm.addr("KEY_DATA", 3)                      # byte address of KEY_DATA[3]
    rm.encode("KEY_CMD", op=1, len=2)           # register value
    rm.decode("CHAN_CFG0", value)               # {"mode": .., "enable": .., ...}
    rm.pack_header("in", op=0, channel=5, seq=7, payload_len=64)   # 16 bytes

Names are case-insensitive on the way in (register "key_cmd" or "KEY_CMD",
field keyword op= or OP=); dictionaries coming out (decode, unpack_header) use
lower-case field names.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import yaml
from mccp.isa import load as load_isa

SPEC_PATH = Path(__file__).with_name("regs.yml")
ACCESS = ("rw", "ro", "wo", "w1c", "ext")


@dataclass(frozen=True)
class Field:
    name: str
    msb: int
    lsb: int
    sw: str
    reset: int
    doc: str

    @property
    def width(self) -> int:
        return self.msb - self.lsb + 1

    @property
    def mask(self) -> int:
        """Mask of the field in the register word (already shifted)."""
        return ((1 << self.width) - 1) << self.lsb

    def insert(self, word: int, value: int) -> int:
        return (word & ~self.mask) | ((value << self.lsb) & self.mask)

    def extract(self, word: int) -> int:
        return (word >> self.lsb) & ((1 << self.width) - 1)


@dataclass(frozen=True)
class Register:
    name: str
    addr: int
    doc: str
    fields: dict[str, Field]
    count: int = 1       # > 1: an array of `count` registers, `stride` bytes apart
    stride: int = 4

    @property
    def is_array(self) -> bool:
        return self.count > 1

    @property
    def reset(self) -> int:
        """Read value after reset of the stored (rw, w1c) fields; 0 elsewhere."""
        return sum(f.reset << f.lsb for f in self.fields.values())

    @property
    def access(self) -> set[str]:
        return {f.sw for f in self.fields.values()}

    def addresses(self) -> list[int]:
        return [self.addr + i * self.stride for i in range(self.count)]


@dataclass(frozen=True)
class HeaderField:
    name: str
    byte: int
    bytes: int

    @property
    def max(self) -> int:
        return (1 << (8 * self.bytes)) - 1


@dataclass(frozen=True)
class Header:
    kind: str
    magic: int
    fields: dict[str, HeaderField]
    size: int = 16


@dataclass(frozen=True)
class Struct:
    """A packed vector of register fields (e.g. a channel table entry)."""
    name: str
    doc: str
    fields: list[Field]      # msb first; Field.lsb/.msb are positions in the vector

    @property
    def bits(self) -> int:
        return sum(f.width for f in self.fields)

    def pack(self, **values: int) -> int:
        word = 0
        for f in self.fields:
            word = f.insert(word, values.pop(f.name.lower(), 0))
        if values:
            raise ValueError(f"{self.name} has no field(s) {', '.join(values)}")
        return word

    def unpack(self, word: int) -> dict[str, int]:
        return {f.name.lower(): f.extract(word) for f in self.fields}


@dataclass
class RegMap:
    name: str
    data_bits: int
    addr_bits: int
    registers: dict[str, Register]
    modes: list[dict]
    ops: list[dict]
    kinds: list[dict]
    ec_modes: list[dict]
    core_status: list[dict]
    fabric_status: list[dict]
    headers: dict[str, Header]
    structs: dict[str, "Struct"] = field(default_factory=dict)
    rng_modes: list[dict] = field(default_factory=list)
    rng_states: list[dict] = field(default_factory=list)
    rng_mode_code: dict[str, int] = field(default_factory=dict)
    arx_modes: list[dict] = field(default_factory=list)
    arx_mode_code: dict[str, int] = field(default_factory=dict)
    key_sizes: list[dict] = field(default_factory=list)
    cop_functions: list[dict] = field(default_factory=list)
    key_size_code: dict[str, int] = field(default_factory=dict)
    mode_code: dict[str, int] = field(default_factory=dict)
    mode_name: dict[int, str] = field(default_factory=dict)
    op_code: dict[str, int] = field(default_factory=dict)
    op_name: dict[int, str] = field(default_factory=dict)
    status_code: dict[str, int] = field(default_factory=dict)
    status_name: dict[int, str] = field(default_factory=dict)
    kind_code: dict[str, int] = field(default_factory=dict)
    ec_mode_code: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.kind_code = {k["name"]: k["code"] for k in self.kinds}
        self.ec_mode_code = {m["name"]: m["code"] for m in self.ec_modes}
        self.rng_mode_code = {m["name"]: m["code"] for m in self.rng_modes}
        self.arx_mode_code = {m["name"]: m["code"] for m in self.arx_modes}
        self.key_size_code = {k["name"]: k["code"] for k in self.key_sizes}
        self.mode_code = {m["name"]: m["code"] for m in self.modes}
        self.mode_name = {m["code"]: m["name"] for m in self.modes}
        self.op_code = {o["name"]: o["code"] for o in self.ops}
        self.op_name = {o["code"]: o["name"] for o in self.ops}
        statuses = self.core_status + self.fabric_status
        self.status_code = {s["name"]: s["code"] for s in statuses}
        self.status_name = {s["code"]: s["name"] for s in statuses}

    # ---- registers ----------------------------------------------------------
    def reg(self, name: str) -> Register:
        try:
            return self.registers[name.upper()]
        except KeyError:
            raise KeyError(f"unknown register {name!r}") from None

    def addr(self, name: str, index: int = 0) -> int:
        """Byte address of register `name` (element `index` of an array)."""
        r = self.reg(name)
        if not 0 <= index < r.count:
            raise IndexError(f"{r.name}[{index}]: index out of range 0..{r.count - 1}")
        return r.addr + index * r.stride

    def at(self, addr: int) -> tuple[Register, int] | None:
        """(register, index) mapped at byte address `addr`, or None if unmapped."""
        for r in self.registers.values():
            if addr in r.addresses():
                return r, (addr - r.addr) // r.stride
        return None

    def field(self, reg: str, name: str) -> Field:
        r = self.reg(reg)
        try:
            return r.fields[name.upper()]
        except KeyError:
            raise KeyError(f"register {r.name} has no field {name!r}") from None

    def encode(self, reg: str, **fields: int) -> int:
        """Register word with the given field values (others 0).

        ValueError on an unknown field or a value that does not fit."""
        r = self.reg(reg)
        word = 0
        for name, value in fields.items():
            f = r.fields.get(name.upper())
            if f is None:
                raise ValueError(f"register {r.name} has no field {name!r} (fields: {', '.join(r.fields)})")
            value = int(value)
            if not 0 <= value < 1 << f.width:
                raise ValueError(f"{r.name}.{f.name} = {value} does not fit in {f.width} bits")
            word = f.insert(word, value)
        return word

    def decode(self, reg: str, value: int) -> dict[str, int]:
        """Field values of a register word, keyed by lower-case field name."""
        r = self.reg(reg)
        return {f.name.lower(): f.extract(value) for f in r.fields.values()}

    # ---- packet headers -----------------------------------------------------
    def header(self, kind: str) -> Header:
        try:
            return self.headers[kind]
        except KeyError:
            raise KeyError(f"unknown header kind {kind!r} (choose from {', '.join(self.headers)})") from None

    def magic(self, kind: str) -> int:
        return self.header(kind).magic

    def pack_header(self, kind: str, **fields: int) -> bytes:
        """16-byte header word, big-endian fields; magic filled in (a `magic=`
        keyword overrides it, e.g. to test the parser), omitted fields 0.

        ValueError on an unknown field or a value that does not fit."""
        h = self.header(kind)
        values = {"MAGIC": h.magic}
        for name, value in fields.items():
            if name.upper() not in h.fields:
                raise ValueError(f"{kind} header has no field {name!r} (fields: {', '.join(h.fields)})")
            values[name.upper()] = int(value)
        out = bytearray(h.size)
        for f in h.fields.values():
            v = values.get(f.name, 0)
            if not 0 <= v <= f.max:
                raise ValueError(f"{kind} header {f.name.lower()} = {v} does not fit in {f.bytes} byte(s)")
            out[f.byte:f.byte + f.bytes] = v.to_bytes(f.bytes, "big")
        return bytes(out)

    def unpack_header(self, kind: str, data: bytes) -> dict[str, int]:
        """Fields of a 16-byte header word (lower-case names, magic included;
        the caller checks the magic)."""
        h = self.header(kind)
        data = bytes(data)
        if len(data) != h.size:
            raise ValueError(f"{kind} header: {len(data)} bytes, expected {h.size}")
        return {f.name.lower(): int.from_bytes(data[f.byte:f.byte + f.bytes], "big") for f in h.fields.values()}


def _field(reg: str, raw: dict) -> Field:
    msb, lsb = raw["bits"]
    sw = raw["sw"]
    if sw not in ACCESS:
        raise ValueError(f"{reg}.{raw['name']}: access {sw!r} is not one of {ACCESS}")
    reset = int(raw.get("reset", 0))
    if reset and sw not in ("rw", "w1c"):
        raise ValueError(f"{reg}.{raw['name']}: only rw/w1c fields have a reset value")
    f = Field(name=raw["name"], msb=msb, lsb=lsb, sw=sw, reset=reset, doc=raw.get("doc", ""))
    if not 0 <= lsb <= msb or not 0 <= reset < 1 << f.width:
        raise ValueError(f"{reg}.{f.name}: bad bits {raw['bits']} or reset {reset:#x}")
    return f


def parse(spec: dict) -> RegMap:
    """Build and check a RegMap from the parsed YAML."""
    data_bits, addr_bits = spec["data_bits"], spec["addr_bits"]
    regs: dict[str, Register] = {}
    used_addr: dict[int, str] = {}
    for raw in spec["registers"]:
        fields = {}
        used = 0
        for rf in raw["fields"]:
            f = _field(raw["name"], rf)
            if f.msb >= data_bits or used & f.mask or f.name in fields:
                raise ValueError(f"{raw['name']}.{f.name}: outside the word, overlapping or duplicate")
            used |= f.mask
            fields[f.name] = f
        r = Register(name=raw["name"], addr=raw["addr"], doc=raw.get("doc", ""), fields=fields,
                     count=raw.get("count", 1), stride=raw.get("stride", data_bits // 8))
        if len(r.access) != 1 and r.access != {"ro", "rw"}:
            # one access kind per register keeps the hardware ports simple
            # (rw + ro mixed is harmless: stored bits next to input bits)
            raise ValueError(f"{r.name}: mixes access kinds {sorted(r.access)}")
        if r.is_array and r.access != {"wo"}:
            raise ValueError(f"{r.name}: only wo registers may be arrays")
        for a in r.addresses():
            if a % (data_bits // 8) or not 0 <= a < 1 << addr_bits or a in used_addr:
                raise ValueError(f"{r.name}: address {a:#x} unaligned, out of range or taken by {used_addr.get(a)}")
            used_addr[a] = r.name
        if r.name in regs:
            raise ValueError(f"duplicate register {r.name}")
        regs[r.name] = r
    headers = {}
    for kind, raw in spec["headers"].items():
        hf = {f["name"]: HeaderField(f["name"], f["byte"], f["bytes"]) for f in raw["fields"]}
        covered = sorted(b for f in hf.values() for b in range(f.byte, f.byte + f.bytes))
        if covered != list(range(16)):
            raise ValueError(f"{kind} header fields must cover bytes 0..15 exactly once")
        headers[kind] = Header(kind=kind, magic=raw["magic"], fields=hf)
    structs = {}
    for raw in spec.get("structs", []):
        flat = [f for rn in raw["regs"] for f in sorted(regs[rn].fields.values(), key=lambda f: -f.lsb)]
        names = [f.name for f in flat]
        if len(set(names)) != len(names):
            raise ValueError(f"struct {raw['name']}: duplicate field names")
        pos = sum(f.width for f in flat)
        placed = []
        for f in flat:
            pos -= f.width
            placed.append(Field(name=f.name, msb=pos + f.width - 1, lsb=pos, sw=f.sw, reset=0, doc=f.doc))
        structs[raw["name"]] = Struct(name=raw["name"], doc=raw.get("doc", ""), fields=placed)
    core_status = [{"code": s["code"], "name": s["name"], "doc": s["doc"]} for s in load_isa().status_codes]
    fabric_status = list(spec["fabric_status"])
    codes = [s["code"] for s in core_status + fabric_status]
    if len(set(codes)) != len(codes) or max(codes) > 255:
        raise ValueError("status codes must be unique 8-bit values")
    return RegMap(name=spec["name"], data_bits=data_bits, addr_bits=addr_bits, registers=regs,
                  modes=list(spec["modes"]), ops=list(spec["ops"]), kinds=list(spec["kinds"]),
                  ec_modes=list(spec["ec_modes"]), core_status=core_status,
                  fabric_status=fabric_status, headers=headers, structs=structs,
                  rng_modes=list(spec.get("rng_modes", [])), rng_states=list(spec.get("rng_states", [])),
                  arx_modes=list(spec.get("arx_modes", [])), key_sizes=list(spec.get("key_sizes", [])),
                  cop_functions=list(spec.get("cop_functions", [])))


@lru_cache(maxsize=None)
def load(path: Path = SPEC_PATH) -> RegMap:
    """The register map (cached)."""
    with open(path) as handle:
        return parse(yaml.safe_load(handle))
