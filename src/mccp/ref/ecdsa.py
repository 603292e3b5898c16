"""NIST CAVP ECDSA key-pair and public-key-validation vectors (`cryptography_vectors`,
asymmetric/ECDSA/FIPS_186-2 and FIPS_186-3) for the curves of the elliptic-curve kind.

KeyPair.rsp: records `d`, `Qx`, `Qy` (Q = d * G) under a `[K-163]` header (FIPS 186-3 adds a
`[B.4.2 ...]` method header and `N = 10`).  PKV.rsp: records `Qx`, `Qy`, `Result = P (0 )` or
`Result = F (2 - Point not on curve)`.  The files are CRLF; `vectors.parse` keys records by a
single section name, which the method header would overwrite, hence this small reader.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Iterator

from mccp.ecc.curves import NAMES
from mccp.ref.vectors import cavp_root

EDITIONS = ("FIPS_186-2", "FIPS_186-3")
_CURVE_HEADER = re.compile(r"^\[([PKB]-\d+)\]$")
_RESULT = re.compile(r"^([PF])\s*\((\d+)\s*(?:-\s*(.*?))?\s*\)$")


@dataclass(frozen=True)
class KeyPair:
    name: str       # "FIPS_186-3/KeyPair.rsp#K-163/0": file, curve, index within the curve
    curve: str
    d: int
    qx: int
    qy: int


@dataclass(frozen=True)
class PublicKeyCheck:
    name: str
    curve: str
    qx: int
    qy: int
    valid: bool     # Result P / F
    code: int       # the file's reason number (0 for P)
    reason: str     # "Point not on curve", "Q_x or Q_y out of range", "Added PT of order 2"; "" for P


def ecdsa_file(edition: str, name: str) -> Path:
    path = cavp_root() / "asymmetric" / "ECDSA" / edition / name
    if not path.exists():
        raise FileNotFoundError(path)
    return path


def editions() -> tuple[str, ...]:
    """The editions whose KeyPair.rsp and PKV.rsp the installed package holds."""
    root = cavp_root() / "asymmetric" / "ECDSA"
    return tuple(e for e in EDITIONS if (root / e / "KeyPair.rsp").exists() and (root / e / "PKV.rsp").exists())


def _records(path: Path) -> Iterator[tuple[str, dict[str, str]]]:
    """(curve, {lower-case name: value}) for every blank-line separated record."""
    curve, record = None, {}
    for raw in path.read_text().splitlines() + [""]:
        line = raw.strip()
        if not line or line.startswith("[") or line.startswith("#"):
            if record and curve:
                yield curve, record
            record = {}
            m = _CURVE_HEADER.match(line)
            if m:
                curve = m.group(1)
            continue
        k, _, v = line.partition("=")
        if k.strip() != "N":       # the count of a FIPS 186-3 section, not part of a record
            record[k.strip().lower()] = v.strip()


def _named(path: Path, edition: str, curves: Iterable[str]) -> Iterator[tuple[str, str, dict[str, str]]]:
    wanted, seen = set(curves), {}
    for curve, rec in _records(path):
        if curve in wanted:
            i = seen[curve] = seen.get(curve, -1) + 1
            yield f"{edition}/{path.name}#{curve}/{i}", curve, rec


def key_pairs(edition: str = "FIPS_186-3", curves: Iterable[str] = NAMES) -> list[KeyPair]:
    """Every d -> (Qx, Qy) record of the edition's KeyPair.rsp on `curves` (default: the six)."""
    path = ecdsa_file(edition, "KeyPair.rsp")
    return [KeyPair(name, curve, int(r["d"], 16), int(r["qx"], 16), int(r["qy"], 16))
            for name, curve, r in _named(path, edition, curves)]


def public_key_checks(edition: str = "FIPS_186-3", curves: Iterable[str] = NAMES) -> list[PublicKeyCheck]:
    """Every (Qx, Qy) -> P / F record of the edition's PKV.rsp on `curves` (default: the six)."""
    path = ecdsa_file(edition, "PKV.rsp")
    out = []
    for name, curve, r in _named(path, edition, curves):
        m = _RESULT.match(r["result"])
        if not m:
            raise ValueError(f"{name}: unreadable Result {r['result']!r}")
        out.append(PublicKeyCheck(name, curve, int(r["qx"], 16), int(r["qy"], 16),
                                  m.group(1) == "P", int(m.group(2)), m.group(3) or ""))
    return out
