"""The ARX firmware image and task builders shared by the ARX tests (ISS and RTL)."""

from __future__ import annotations

from functools import lru_cache

from mccp.aes.task import Task, make_task
from mccp.asm import Program, assemble_file
from mccp.isa import load
from mccp.paths import ROOT

FIRMWARE = ROOT / "firmware" / "arx" / "arx.s"


@lru_cache(maxsize=None)
def program() -> Program:
    return assemble_file(FIRMWARE, isa=load("arx"))


def key_int(key: bytes) -> int:
    """A key as the element's key port carries it: byte i in bits [8i+7:8i]."""
    return int.from_bytes(key, "little")


def chacha20_task(nonce16: bytes, data: bytes) -> Task:
    return make_task(program().entries["chacha20"], nonce=nonce16, payload=data)


def aead_task(decrypt: bool, nonce: bytes, aad: bytes, data: bytes, tag: bytes = b"") -> Task:
    entry = program().entries["chacha20_poly1305_dec" if decrypt else "chacha20_poly1305_enc"]
    return make_task(entry, nonce=nonce, aad=aad, payload=data, tag=tag, tag_len=16)
