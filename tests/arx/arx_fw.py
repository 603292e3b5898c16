"""The ARX firmware image and task builders shared by the ARX tests (ISS and RTL)."""

from __future__ import annotations

from functools import lru_cache

from mccp.aes.task import Task, make_task
from mccp.arx.image import FIRMWARE, PI_FIRMWARE
from mccp.asm import Program, assemble_file
from mccp.isa import load


@lru_cache(maxsize=None)
def program() -> Program:
    return assemble_file(FIRMWARE, isa=load("arx"))


@lru_cache(maxsize=None)
def pi_program() -> Program:
    return assemble_file(PI_FIRMWARE, isa=load("arx"))


def pi_task(w: int, decrypt: bool, nsec: bool, npub: bytes, ad: bytes, payload: bytes, tag: bytes = b"",
            tag_len: int | None = None) -> Task:
    """A pi<w>cipher task of the pi image: the tag is the whole rate (w bytes) unless told."""
    name = f"pi{w}_{'dec' if decrypt else 'enc'}{'_nsec' if nsec else ''}"
    return make_task(pi_program().entries[name], nonce=npub, aad=ad, payload=payload, tag=tag,
                     tag_len=w if tag_len is None else tag_len)


def key_int(key: bytes) -> int:
    """A key as the element's key port carries it: byte i in bits [8i+7:8i]."""
    return int.from_bytes(key, "little")


def chacha20_task(nonce16: bytes, data: bytes) -> Task:
    return make_task(program().entries["chacha20"], nonce=nonce16, payload=data)


def aead_task(decrypt: bool, nonce: bytes, aad: bytes, data: bytes, tag: bytes = b"") -> Task:
    entry = program().entries["chacha20_poly1305_dec" if decrypt else "chacha20_poly1305_enc"]
    return make_task(entry, nonce=nonce, aad=aad, payload=data, tag=tag, tag_len=16)
