"""The pi-Cipher known-answer files in tests/arx/vectors/ (README there)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

VECTORS = Path(__file__).resolve().parent / "vectors"
_FIELD = re.compile(r"(\w+) \((\d+)\) =\s*([0-9A-Fa-f]*)$")
_NAME = re.compile(r"pi(\d+)cipher(\d+)v2_(\d+)\.test-vectors$")


@dataclass(frozen=True)
class PiVector:
    w: int            # word bits
    key_bits: int
    key: bytes
    npub: bytes
    nsec: bytes
    msg: bytes
    ad: bytes
    cipher: bytes


def load(path: Path) -> list[PiVector]:
    w, key_bits, _ = (int(x) for x in _NAME.search(path.name).groups())
    out, cur = [], {}
    for line in path.read_text().splitlines():
        m = _FIELD.match(line.strip())
        if not m:
            continue
        name, size, value = m.group(1), int(m.group(2)), bytes.fromhex(m.group(3))
        assert len(value) == size, line
        cur[name] = value
        if name == "CIPHER":
            out.append(PiVector(w, key_bits, cur["KEY"], cur["NPUB"], cur["NSEC"], cur["MSG"], cur["AD"],
                                cur["CIPHER"]))
            cur = {}
    return out


def files() -> list[Path]:
    return sorted(VECTORS.glob("*.test-vectors"))
