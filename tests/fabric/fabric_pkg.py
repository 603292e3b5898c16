"""The packed structs of rtl/fabric/mccp_fabric_pkg.sv, read from the package itself, so the
fabric benches pack and unpack `task_req_t`, `secret_dest_t`, ... exactly as the RTL lays
them out (msb first), and a field added there needs no second list here."""

from __future__ import annotations

import re
from functools import lru_cache

from mccp.paths import RTL

PKG = RTL / "fabric" / "mccp_fabric_pkg.sv"
_STRUCT = re.compile(r"typedef struct packed \{(.*?)\}\s*(\w+);", re.S)
_FIELD = re.compile(r"^\s*(logic|\w+)\s*(?:\[(\d+):0\])?\s*(\w+);", re.M)


class Struct:
    """A packed struct: fields (name, width), msb first."""

    def __init__(self, name: str, fields: list[tuple[str, int]]):
        self.name = name
        self.fields = fields
        self.bits = sum(w for _, w in fields)

    def pack(self, **values: int) -> int:
        unknown = set(values) - {n for n, _ in self.fields}
        if unknown:
            raise ValueError(f"{self.name}: no field {', '.join(sorted(unknown))}")
        v = 0
        for name, width in self.fields:
            f = values.get(name, 0)
            if not 0 <= f < 1 << width:
                raise ValueError(f"{self.name}.{name} = {f} does not fit {width} bits")
            v = (v << width) | f
        return v

    def unpack(self, value: int) -> dict[str, int]:
        out = {}
        for name, width in reversed(self.fields):
            out[name] = value & ((1 << width) - 1)
            value >>= width
        return dict(reversed(out.items()))


@lru_cache(maxsize=None)
def structs() -> dict[str, Struct]:
    """Every packed struct of the package; a field of a struct type counts its full width."""
    out: dict[str, Struct] = {}
    for body, name in _STRUCT.findall(PKG.read_text()):
        fields = []
        for typ, msb, fname in _FIELD.findall(re.sub(r"//.*", "", body)):
            if typ == "logic":
                fields.append((fname, int(msb or 0) + 1))
            else:
                fields.append((fname, out[typ].bits))
        out[name] = Struct(name, fields)
    return out


def struct(name: str) -> Struct:
    return structs()[name]
