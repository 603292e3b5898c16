"""mccp.ref.pi_cipher, the reference of the ARX kind, against every kept known answer of the
pi-Cipher reference implementation (six variants, 16/32/64-bit words), and its decryption:
the round trip, and a changed tag, ciphertext byte, associated data or nonce refused."""

from __future__ import annotations

import random

import pytest

from mccp.ref.pi_cipher import PiCipher

from pi_vectors import files, load


@pytest.mark.parametrize("path", files(), ids=lambda p: p.name.split(".")[0])
def test_known_answers(path):
    vectors = load(path)
    assert vectors
    pc = PiCipher(vectors[0].w)
    bad = [i for i, v in enumerate(vectors) if pc.encrypt(v.key, v.npub, v.msg, v.ad, v.nsec) != v.cipher]
    assert not bad, f"{len(bad)} of {len(vectors)} differ, first #{bad[0]}"


@pytest.mark.parametrize("path", files(), ids=lambda p: p.name.split(".")[0])
def test_decrypt_and_refusals(path):
    rng = random.Random(path.name)
    vectors = load(path)
    pc = PiCipher(vectors[0].w)
    for v in rng.sample(vectors, 12):
        assert pc.decrypt(v.key, v.npub, v.cipher, v.ad) == (v.nsec, v.msg)
        i = rng.randrange(len(v.cipher))
        forged = v.cipher[:i] + bytes([v.cipher[i] ^ 1 << rng.randrange(8)]) + v.cipher[i + 1:]
        assert pc.decrypt(v.key, v.npub, forged, v.ad) is None
        assert pc.decrypt(v.key, v.npub, v.cipher, v.ad + b"\x00") is None
        assert pc.decrypt(v.key, bytes([v.npub[0] ^ 0x80]) + v.npub[1:], v.cipher, v.ad) is None
        assert pc.decrypt(v.key, v.npub, v.cipher[:pc.p.tag_bytes - 1], v.ad) is None
    # without a secret message number
    v = vectors[-1]
    c = pc.encrypt(v.key, v.npub, v.msg, v.ad)
    assert pc.decrypt(v.key, v.npub, c, v.ad, with_nsec=False) == (None, v.msg)


def test_bad_sizes():
    pc = PiCipher(16)
    with pytest.raises(ValueError):
        pc.encrypt(bytes(16), bytes(16), b"msg")          # 33 bytes in a 32-byte state
    with pytest.raises(ValueError):
        pc.encrypt(bytes(16), bytes(4), b"msg", nsec=bytes(15))
    with pytest.raises(ValueError):
        PiCipher(8)
