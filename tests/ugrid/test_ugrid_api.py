"""AES on the RTL grid through `mccp.ugrid.Grid` (the Verilator model of a bare mccp_ugrid):
the FIPS-197 appendix C examples, the NIST AES ECB known-answer and multi-block files,
random keys and blocks against `cryptography`, several tiles, and the cycles the ISS predicts
(the compiled program's length per run, which tests/ugrid/test_ugrid_rtl.py shows the RTL
keeps in lock-step)."""

from __future__ import annotations

import random

import pytest
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from mccp.ref import vectors
from mccp.ugrid import Grid, aes
from ugrid.fips197 import CIPHERTEXT, PLAINTEXT

def _ecb(key: bytes, data: bytes) -> bytes:
    return Cipher(algorithms.AES(key), modes.ECB()).encryptor().update(data)


@pytest.fixture(scope="module")
def ring():
    with Grid(4, 4) as g:
        yield g


def test_fips197_appendix_c(ring):
    for n in (16, 24, 32):
        ct, cycles = ring.aes_encrypt(bytes(range(n)), PLAINTEXT)
        assert ct.hex() == CIPHERTEXT[n]
        assert cycles == aes.encrypt_program(n, wrap=True).program.length
        assert ring.key_load.expanded_on == "host" and ring.key_load.load_cycles == 16 * (n // 4 + 7)


@pytest.mark.long          # make test runs the files through the grid slot (test_ugrid_device.py)
@pytest.mark.parametrize("name", ["ECBGFSbox128.rsp", "ECBKeySbox192.rsp", "ECBVarTxt256.rsp", "ECBMMT128.rsp",
                                  "ECBMMT256.rsp"])
def test_nist_ecb_files(ring, name):
    """Every encryption record of the file (each with its own key; the MMT files' messages
    of up to ten blocks)."""
    count = 0
    for rec in vectors.parse(vectors.aes_file("ECB", name)):
        if rec["direction"] != "encrypt":
            continue
        assert ring.aes_encrypt(rec["key"], rec["plaintext"])[0] == rec["ciphertext"]
        count += 1
    assert count > 0


@pytest.mark.long          # make test: random keys and blocks through the grid slot
def test_random_keys_and_blocks(ring):
    rng = random.Random(11)
    for n in (16, 24, 32):
        for _ in range(3):
            key, data = rng.randbytes(n), rng.randbytes(16 * rng.randrange(1, 4))
            assert ring.aes_encrypt(key, data)[0] == _ecb(key, data)


@pytest.mark.long
def test_the_papers_mesh():
    rng = random.Random(12)
    with Grid(4, 4, wrap=False) as g:
        key, data = rng.randbytes(16), rng.randbytes(32)
        ct, cycles = g.aes_encrypt(key, data)
        assert ct == _ecb(key, data)
        assert cycles == 2 * aes.encrypt_program(16, wrap=False).program.length


@pytest.mark.long
def test_tiles_take_a_block_each():
    rng = random.Random(13)
    with Grid(4, 8) as g:
        key, data = rng.randbytes(24), rng.randbytes(16 * 5)
        ct, cycles = g.aes_encrypt(key, data)
        assert ct == _ecb(key, data)
        assert cycles == 3 * aes.encrypt_program(24, True, 4, 8).program.length


@pytest.mark.long
@pytest.mark.parametrize("rows,cols", [(8, 8), (16, 16)])
def test_big_grids(rows, cols):
    rng = random.Random(rows)
    with Grid(rows, cols) as g:
        key, data = rng.randbytes(16), rng.randbytes(16 * (rows * cols // 16 + 3))
        assert g.aes_encrypt(key, data)[0] == _ecb(key, data)


def test_bad_input(ring):
    with pytest.raises(ValueError):
        ring.aes_encrypt(bytes(20), bytes(16))
    with pytest.raises(ValueError):
        ring.aes_encrypt(bytes(16), bytes(17))
    with pytest.raises(ValueError):
        Grid(4, 6)
    assert ring.aes_encrypt(bytes(16), b"") == (b"", 0)
