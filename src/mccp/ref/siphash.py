"""SipHash-c-d (Aumasson and Bernstein, "SipHash: a fast short-input PRF", 2012) written from the
paper in Python: the ARX kind's reference for SipHash-2-4 (tests/arx/test_siphash_ref.py checks
it against the authors' published outputs).  A 128-bit key, any message, a 64-bit output; all
words little endian."""

from __future__ import annotations

MASK = (1 << 64) - 1


def _rotl(x: int, n: int) -> int:
    return ((x << n) | (x >> (64 - n))) & MASK


def _round(v: list[int]) -> None:
    """One SipRound on v0..v3."""
    v[0] = (v[0] + v[1]) & MASK
    v[1] = _rotl(v[1], 13) ^ v[0]
    v[0] = _rotl(v[0], 32)
    v[2] = (v[2] + v[3]) & MASK
    v[3] = _rotl(v[3], 16) ^ v[2]
    v[0] = (v[0] + v[3]) & MASK
    v[3] = _rotl(v[3], 21) ^ v[0]
    v[2] = (v[2] + v[1]) & MASK
    v[1] = _rotl(v[1], 17) ^ v[2]
    v[2] = _rotl(v[2], 32)


def siphash(key: bytes, msg: bytes, c: int = 2, d: int = 4) -> bytes:
    """SipHash-c-d of msg under a 16-byte key: 8 bytes, little endian."""
    if len(key) != 16:
        raise ValueError(f"SipHash takes a 16-byte key, got {len(key)}")
    k0, k1 = int.from_bytes(key[:8], "little"), int.from_bytes(key[8:], "little")
    v = [k0 ^ 0x736F6D6570736575, k1 ^ 0x646F72616E646F6D, k0 ^ 0x6C7967656E657261, k1 ^ 0x7465646279746573]
    # the message in 8-byte words; the last word holds the leftover bytes and the length's low byte on top
    tail = msg[len(msg) - len(msg) % 8:]
    words = [int.from_bytes(msg[i:i + 8], "little") for i in range(0, len(msg) - len(tail), 8)]
    words.append(int.from_bytes(tail + bytes(7 - len(tail)) + bytes([len(msg) & 0xFF]), "little"))
    for m in words:
        v[3] ^= m
        for _ in range(c):
            _round(v)
        v[0] ^= m
    v[2] ^= 0xFF
    for _ in range(d):
        _round(v)
    return (v[0] ^ v[1] ^ v[2] ^ v[3]).to_bytes(8, "little")
