"""Parse NIST CAVP response files (.rsp) from the `cryptography-vectors` package.

A CAVP file is a sequence of `[SECTION]` headers (e.g. `[ENCRYPT]`,
`[Keylen = 128]`) and blank-line separated records of `NAME = hex` lines.  Each
record is returned as a dict with lower-case names; hex fields become bytes and
the section headers in force are merged in (lower-case keys, str values), so a
test can tell `[ENCRYPT]` from `[DECRYPT]` records.  A bare `FAIL` line (GCM
decrypt vectors) sets `fail=True`.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterator

HEX_FIELDS = {"key", "plaintext", "ciphertext", "iv", "pt", "ct", "aad", "tag",
              "nonce", "adata", "payload", "msg", "mac", "k", "m", "t", "message", "output"}
INT_FIELDS = {"count", "mlen", "tlen", "alen", "plen", "nlen"}
_SECTION = re.compile(r"^\[(.+)\]$")


def cavp_root() -> Path:
    import cryptography_vectors

    return Path(cryptography_vectors.__file__).resolve().parent


def aes_file(mode: str, name: str) -> Path:
    """Path of a CAVP file, e.g. aes_file("ECB", "ECBGFSbox128.rsp")."""
    path = cavp_root() / "ciphers" / "AES" / mode / name
    if not path.exists():
        raise FileNotFoundError(path)
    return path


def _value(name: str, text: str):
    if name in INT_FIELDS:
        return int(text)
    if name in HEX_FIELDS:
        return bytes.fromhex(text.strip())
    return text.strip()


def parse(path: Path, sticky: bool = False) -> Iterator[dict]:
    """Yield every record of a CAVP .rsp file.

    With `sticky`, lines outside a counted record (the CCM files put `Key`,
    `Nonce` or `Plen` between sections and records) are remembered and merged
    into every following record until they are set again.
    """
    sections: dict[str, str] = {}
    context: dict = {}
    record: dict = {}

    def flush():
        if record:
            if sticky and "count" not in record:
                context.update(record)
                return
            out = dict(sections)
            out.update(context)
            out.update(record)
            yield out

    for raw in Path(path).read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            yield from flush()
            record = {}
            continue
        m = _SECTION.match(line)
        if m:
            yield from flush()
            record = {}
            body = m.group(1)
            if "=" in body:
                # `[Keylen = 128]` or `[Alen = 0, Plen = 0, Nlen = 7, Tlen = 4]`
                for pair in body.split(","):
                    k, v = pair.split("=", 1)
                    sections[k.strip().lower()] = v.strip()
            else:
                # [ENCRYPT] / [DECRYPT]: a direction, replacing the previous one
                sections["direction"] = body.strip().lower()
            continue
        if line == "FAIL":
            record["fail"] = True
            continue
        if "=" in line:
            k, v = line.split("=", 1)
            k = k.strip().lower()
            # a new COUNT starts a new record even without a blank line
            if k == "count" and record:
                yield from flush()
                record = {}
            record[k] = _value(k, v)
    yield from flush()
