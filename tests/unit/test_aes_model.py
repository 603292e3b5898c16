"""The Python AES model against NIST CAVP files and the `cryptography` package."""

import os
import random

import pytest
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from mccp.ref import vectors
from mccp.model import aes

ECB_FILES = [f"ECB{kind}{bits}.rsp" for kind in ("GFSbox", "KeySbox", "VarKey", "VarTxt", "MMT")
             for bits in (128, 192, 256)]


def _ecb(key: bytes, data: bytes, decrypt: bool) -> bytes:
    c = Cipher(algorithms.AES(key), modes.ECB())
    op = c.decryptor() if decrypt else c.encryptor()
    return op.update(data) + op.finalize()


@pytest.mark.parametrize("name", ECB_FILES)
def test_model_cavp_ecb(name):
    count = 0
    for rec in vectors.parse(vectors.aes_file("ECB", name)):
        rks = aes.expand_key(rec["key"])
        pt, ct = rec["plaintext"], rec["ciphertext"]
        for i in range(0, len(pt), 16):
            if rec["direction"] == "encrypt":
                assert aes.encrypt_block(rks, pt[i:i + 16]) == ct[i:i + 16]
            else:
                assert aes.decrypt_block(rks, ct[i:i + 16]) == pt[i:i + 16]
        count += 1
    assert count > 0


def test_sbox_is_a_permutation_with_fips_anchor_points():
    assert sorted(aes.SBOX) == list(range(256))
    # FIPS-197 Figure 7: S(0x00)=0x63, S(0x53)=0xed; the inverse undoes it.
    assert aes.SBOX[0x00] == 0x63 and aes.SBOX[0x53] == 0xED
    assert all(aes.INV_SBOX[aes.SBOX[x]] == x for x in range(256))


@pytest.mark.parametrize("key_len", [16, 24, 32])
def test_model_random_against_cryptography(key_len):
    rng = random.Random(key_len)
    eng = aes.AesEngine()
    for _ in range(200):
        key = rng.randbytes(key_len)
        block = rng.randbytes(16)
        eng.load_key(key)
        before = eng.cycles
        ct = eng.encrypt_block(block)
        assert eng.cycles - before == aes.ROUNDS[key_len] + 1
        assert ct == _ecb(key, block, decrypt=False)
        assert eng.decrypt_block(ct) == block


def test_model_errors():
    with pytest.raises(ValueError):
        aes.expand_key(os.urandom(20))
    eng = aes.AesEngine()
    with pytest.raises(RuntimeError):
        eng.encrypt_block(bytes(16))
    eng.load_key(bytes(16))
    with pytest.raises(ValueError):
        eng.encrypt_block(bytes(15))
