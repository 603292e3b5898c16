"""XChaCha20-Poly1305 (draft-irtf-cfrg-xchacha): HChaCha20 written here from the draft, the AEAD
itself from `cryptography` (ChaCha20Poly1305 under the HChaCha20 subkey).  The reference the ARX
element's firmware is checked against; tests/arx/test_xchacha_ref.py checks it against the
draft's published vectors."""

from __future__ import annotations

import struct

from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305

M32 = 0xFFFFFFFF
SIGMA = b"expand 32-byte k"


def _rotl(x: int, n: int) -> int:
    return ((x << n) | (x >> (32 - n))) & M32


def _quarter(s: list[int], a: int, b: int, c: int, d: int) -> None:
    s[a] = (s[a] + s[b]) & M32
    s[d] = _rotl(s[d] ^ s[a], 16)
    s[c] = (s[c] + s[d]) & M32
    s[b] = _rotl(s[b] ^ s[c], 12)
    s[a] = (s[a] + s[b]) & M32
    s[d] = _rotl(s[d] ^ s[a], 8)
    s[c] = (s[c] + s[d]) & M32
    s[b] = _rotl(s[b] ^ s[c], 7)


def hchacha20(key: bytes, nonce16: bytes) -> bytes:
    """The 32-byte subkey: words 0..3 and 12..15 of the ChaCha20 state after 20 rounds, with no
    final addition."""
    if len(key) != 32 or len(nonce16) != 16:
        raise ValueError("HChaCha20 takes a 32-byte key and a 16-byte nonce")
    s = list(struct.unpack("<4I", SIGMA) + struct.unpack("<8I", key) + struct.unpack("<4I", nonce16))
    for _ in range(10):
        for q in ((0, 4, 8, 12), (1, 5, 9, 13), (2, 6, 10, 14), (3, 7, 11, 15),
                  (0, 5, 10, 15), (1, 6, 11, 12), (2, 7, 8, 13), (3, 4, 9, 14)):
            _quarter(s, *q)
    return struct.pack("<8I", *(s[0:4] + s[12:16]))


def _inner(key: bytes, nonce24: bytes) -> tuple[ChaCha20Poly1305, bytes]:
    if len(nonce24) != 24:
        raise ValueError("XChaCha20-Poly1305 takes a 24-byte nonce")
    return ChaCha20Poly1305(hchacha20(key, nonce24[:16])), bytes(4) + nonce24[16:]


def seal(key: bytes, nonce24: bytes, data: bytes, aad: bytes = b"") -> bytes:
    """Ciphertext || 16-byte tag."""
    aead, nonce = _inner(key, nonce24)
    return aead.encrypt(nonce, data, aad)


def open_(key: bytes, nonce24: bytes, sealed: bytes, aad: bytes = b"") -> bytes:
    """The plaintext; cryptography's InvalidTag if the tag does not verify."""
    aead, nonce = _inner(key, nonce24)
    return aead.decrypt(nonce, sealed, aad)
