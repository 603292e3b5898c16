"""Requests with their expected results, from the `cryptography` references (mccp.ref.aes) only."""

from __future__ import annotations

import random
from dataclasses import dataclass

from mccp.ref import aes as aes_ref
from mccp.aes.modes import MODES

OPS = {True: ("mac", "verify"), False: ("encrypt", "decrypt")}


@dataclass
class Case:
    mode: str
    op: str
    data: bytes
    nonce: bytes
    aad: bytes
    tag: bytes           # the tag sent (decrypt / verify of a tagged mode)
    want_data: bytes
    want_tag: bytes


def make_case(rng: random.Random, mode: str, op: str, key: bytes, size: int, nonce_len: int, tag_len: int,
              aad_len: int = 0) -> Case:
    m = MODES[mode]
    if m.block_only:
        size -= size % 16
    data = rng.randbytes(size)
    nonce = rng.randbytes(nonce_len)
    aad = rng.randbytes(aad_len) if m.aead else b""
    ct, tag = aes_ref.reference(mode, key, data, nonce, aad, tag_len)
    if op in ("encrypt", "mac"):
        return Case(mode, op, data, nonce, aad, b"", ct, tag)
    if op == "verify":
        return Case(mode, op, data, nonce, aad, tag, b"", b"")
    return Case(mode, op, ct, nonce, aad, tag, data, b"")


def random_case(rng: random.Random, mode: str, key: bytes, nonce_len: int, tag_len: int,
                max_size: int = 2048) -> Case:
    op = rng.choice(OPS[MODES[mode].mac_only])
    size = rng.choice([0, rng.randint(0, 64), rng.randint(0, max_size)])
    aad_len = rng.choice([0, rng.randint(0, 40)])
    if size + aad_len > max_size:        # AAD and payload share the buffer's spare words
        aad_len = 0
    return make_case(rng, mode, op, key, size, nonce_len, tag_len, aad_len)
