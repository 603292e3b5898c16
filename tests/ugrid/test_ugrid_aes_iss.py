"""AES on the 4 x 4 grid (mccp.ugrid.aes) compiled and run on the ISS, on the paper's mesh and
on rings: the FIPS-197 appendix C examples and random keys and blocks against `cryptography`."""

from __future__ import annotations

import random

import pytest
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from mccp.iss.ugrid import Grid
from ugrid.fips197 import CIPHERTEXT, PLAINTEXT
from mccp.ugrid import aes

# FIPS-197 appendix C: plaintext 00112233..ff, key 000102..; the ciphertexts
def _grid(ap: aes.AesProgram, key: bytes) -> Grid:
    wrap = 4 if ap.wrap else 0
    g = Grid(ap.program.rows, ap.program.cols, imem_depth=ap.program.imem_depth(), wrap_rows=wrap, wrap_cols=wrap)
    aes.load(g, ap, key)
    return g


@pytest.mark.parametrize("wrap", [False, True])
@pytest.mark.parametrize("key_bytes", [16, 24, 32])
def test_fips197_appendix_c(wrap, key_bytes):
    ap = aes.encrypt_program(key_bytes, wrap=wrap)
    key = bytes(range(key_bytes))
    ct, cycles = aes.encrypt(_grid(ap, key), ap, PLAINTEXT)
    assert ct.hex() == CIPHERTEXT[key_bytes]
    assert cycles == ap.program.length


@pytest.mark.parametrize("wrap", [pytest.param(False, marks=pytest.mark.long), True])
def test_random_keys_and_blocks(wrap):
    rng = random.Random(int(wrap))
    for key_bytes in (16, 24, 32):
        ap = aes.encrypt_program(key_bytes, wrap=wrap)
        key = rng.randbytes(key_bytes)
        g = _grid(ap, key)
        for _ in range(3):
            block = rng.randbytes(16)
            want = Cipher(algorithms.AES(key), modes.ECB()).encryptor().update(block)
            assert aes.encrypt(g, ap, block)[0] == want


def test_a_program_refuses_a_key_of_another_size():
    ap = aes.encrypt_program(16, wrap=True)
    with pytest.raises(ValueError):
        aes.key_memory(bytes(32), ap.offsets)
    with pytest.raises(ValueError):
        aes.encrypt(_grid(ap, bytes(16)), ap, bytes(15))
    with pytest.raises(ValueError):
        aes.encrypt_program(16, rows=4, cols=6)


@pytest.mark.parametrize("rows,cols,wrap", [(4, 8, True), pytest.param(8, 4, False, marks=pytest.mark.long),
                                            pytest.param(8, 8, True, marks=pytest.mark.long),
                                            pytest.param(16, 16, True, marks=pytest.mark.long)])
def test_tiles_take_a_block_each(rows, cols, wrap):
    """A grid of several tiles encrypts a block per tile per run; more blocks than tiles take
    several runs, the last one padded."""
    rng = random.Random(rows * cols)
    ap = aes.encrypt_program(16, wrap=wrap, rows=rows, cols=cols)
    assert ap.blocks == rows * cols // 16
    key = rng.randbytes(16)
    data = rng.randbytes(16 * (ap.blocks + 1))
    ct, cycles = aes.encrypt(_grid(ap, key), ap, data)
    assert ct == Cipher(algorithms.AES(key), modes.ECB()).encryptor().update(data)
    assert cycles == 2 * ap.program.length
