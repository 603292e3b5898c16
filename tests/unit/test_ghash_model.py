"""The GHASH reference model against independent references.

* the SP 800-38D bit-serial multiply against a GF(2^128) multiply written from
  scratch here in another way (schoolbook product in polynomial order, reduction
  by long division) and against the multiply's algebraic laws;
* the digit-serial multiply (the RTL's algorithm) against the bit-serial one for
  every digit size;
* GCM tags: the model's GHASH plus `cryptography`'s AES-ECB (H = E(K, 0^128),
  E(K, J0)) against the NIST CAVP gcmEncryptExtIV tags and against
  `cryptography`'s AESGCM on random inputs.
"""

from __future__ import annotations

import random

import pytest
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from mccp.ref import vectors
from mccp.model import ghash as gm

GCM_FILES = ("gcmEncryptExtIV128.rsp", "gcmEncryptExtIV192.rsp", "gcmEncryptExtIV256.rsp")


def aes_ecb(key: bytes, block: int) -> int:
    enc = Cipher(algorithms.AES(key), modes.ECB()).encryptor()
    return int.from_bytes(enc.update(block.to_bytes(16, "big")) + enc.finalize(), "big")


def gcm_tag_with_model(key, iv, aad, ct, digit_bits=None):
    """The tag computed with the model's GHASH and cryptography's AES block cipher."""
    h = aes_ecb(key, 0)
    j0 = gm.gcm_j0(h, iv, digit_bits)
    s = gm.ghash(h, gm.gcm_blocks(aad, ct), digit_bits)
    return (aes_ecb(key, j0) ^ s).to_bytes(16, "big")


def gcm_ctr_with_model(key, iv, pt):
    """GCTR of the plaintext, counters from the model's inc32/J0."""
    h = aes_ecb(key, 0)
    cb = gm.inc32(gm.gcm_j0(h, iv))
    out = bytearray()
    for i in range(0, len(pt), 16):
        ks = aes_ecb(key, cb).to_bytes(16, "big")
        out += bytes(p ^ k for p, k in zip(pt[i:i + 16], ks))
        cb = gm.inc32(cb)
    return bytes(out)


# ---------------------------------------------------------------- multiplies

def _schoolbook(x: int, y: int) -> int:
    """Independent multiply: reverse each block's bit string to polynomial order,
    schoolbook product coefficient by coefficient, reduce by long division."""
    xs = format(x, "0128b")        # character i = coefficient of x^i
    ys = format(y, "0128b")
    prod = [0] * 255
    for i, xc in enumerate(xs):
        if xc == "1":
            for j, yc in enumerate(ys):
                if yc == "1":
                    prod[i + j] ^= 1
    for deg in range(254, 127, -1):
        if prod[deg]:
            for t in (0, 1, 2, 7, 128):
                prod[deg - 128 + t] ^= 1
    return int("".join(str(c) for c in prod[:128]), 2)


def test_bitserial_matches_schoolbook():
    rng = random.Random(1)
    cases = [(0, 0), (1 << 127, 1 << 127), (gm.MASK128, gm.MASK128)]
    cases += [(rng.getrandbits(128), rng.getrandbits(128)) for _ in range(60)]
    for x, y in cases:
        assert gm.gf128_mul_bitserial(x, y) == _schoolbook(x, y)


def test_bitserial_field_laws():
    rng = random.Random(2)
    one = 1 << 127                  # the polynomial 1: bit 0 of the block set
    for _ in range(40):
        a, b, c = (rng.getrandbits(128) for _ in range(3))
        mul = gm.gf128_mul_bitserial
        assert mul(a, one) == a
        assert mul(a, b) == mul(b, a)
        assert mul(a, b ^ c) == mul(a, b) ^ mul(a, c)
        assert mul(mul(a, b), c) == mul(a, mul(b, c))
    # x * x^127 = x^128 = x^7 + x^2 + x + 1  ->  bits 0,1,2,7 of the block
    x1 = 1 << 126
    x127 = 1
    assert gm.gf128_mul_bitserial(x1, x127) == int("11100001" + "0" * 120, 2)


@pytest.mark.parametrize("digit_bits", gm.DIGIT_SIZES)
def test_digit_serial_matches_bitserial(digit_bits):
    rng = random.Random(digit_bits)
    edge = [0, gm.MASK128, 1, 1 << 127, 0xFF, 0xFF << 120]
    cases = [(a, h) for a in edge for h in edge[:4]]
    cases += [(rng.getrandbits(128), rng.getrandbits(128)) for _ in range(100)]
    for a, h in cases:
        steps = list(gm.gf128_mul_steps(a, h, digit_bits))
        assert len(steps) == -(-128 // digit_bits) == gm.cycles_per_block(digit_bits)
        assert steps[-1] == gm.gf128_mul_bitserial(a, h)
        assert gm.gf128_mul(a, h) == steps[-1]


@pytest.mark.parametrize("digit_bits", gm.DIGIT_SIZES)
def test_lazy_registers_hold_the_same_values(digit_bits):
    """The RTL's unreduced (L, T) pair equals the reduced Horner state every clock."""
    rng = random.Random(100 + digit_bits)
    for _ in range(20):
        a, h = rng.getrandbits(128), rng.getrandbits(128)
        lazy = list(gm.gf128_mul_lazy_steps(a, h, digit_bits))
        eager = list(gm.gf128_mul_steps(a, h, digit_bits))
        assert [gm.lazy_value(lo, t) for lo, t in lazy] == eager
        assert all(t >> digit_bits == 0 for _, t in lazy)
        assert eager[-1] == gm.gf128_mul_bitserial(a, h)


def test_digit_steps_are_horner_prefixes():
    """After k clocks Z = (top k digits of A, in polynomial order) * H: the
    intermediate states an ISS would see, checked with the bit-serial multiply."""
    rng = random.Random(7)
    a, h = rng.getrandbits(128), rng.getrandbits(128)
    d = 16
    a_poly = gm.bit_reverse128(a)
    for k, z in enumerate(gm.gf128_mul_steps(a, h, d), start=1):
        prefix_poly = a_poly >> (128 - d * k)        # degree < d*k
        assert z == gm.gf128_mul_bitserial(gm.bit_reverse128(prefix_poly), h)


def test_bad_arguments():
    for d in (0, 65, 100, 129):   # 65..127 take no fewer clocks than 64
        with pytest.raises(ValueError):
            gm.gf128_mul_digits(1, 1, d)
    with pytest.raises(ValueError):
        gm.Ghash(1 << 128)
    with pytest.raises(ValueError):
        gm.gf128_mul_bitserial(-1, 0)


def test_ghash_unit_operations():
    rng = random.Random(3)
    h = rng.getrandbits(128)
    unit = gm.Ghash(h, digit_bits=8)
    xs = [rng.getrandbits(128) for _ in range(5)]
    y = 0
    for x in xs:
        assert unit.absorb(x) == 16
        y = gm.gf128_mul_bitserial(y ^ x, h)
        assert unit.y == y
    assert unit.cycles == 80
    unit.clear()
    assert unit.y == 0
    h2 = rng.getrandbits(128)
    unit.load_h(h2)
    unit.absorb(xs[0])
    assert unit.y == gm.gf128_mul_bitserial(xs[0], h2)


# ---------------------------------------------------------------- GCM vectors

def _records(name, stride):
    recs = list(vectors.parse(vectors.aes_file("GCM", name)))
    assert len(recs) > 1000
    return recs[::stride]


@pytest.mark.parametrize("name", GCM_FILES)
def test_cavp_gcm_tags_sample(name):
    """Every 13th record (all IV, PT, AAD and tag lengths are hit): tag and ciphertext."""
    seen_iv_lengths = set()
    for rec in _records(name, 13):
        tag = gcm_tag_with_model(rec["key"], rec["iv"], rec["aad"], rec["ct"])
        assert tag[:len(rec["tag"])] == rec["tag"], rec["count"]
        assert gcm_ctr_with_model(rec["key"], rec["iv"], rec["pt"]) == rec["ct"]
        seen_iv_lengths.add(len(rec["iv"]))
    assert {1, 12, 128} <= seen_iv_lengths


@pytest.mark.parametrize("digit_bits", (1, 8, 32, 128))
def test_cavp_gcm_tags_digit_serial(digit_bits):
    """The digit-serial path itself (the RTL's algorithm) on CAVP tags."""
    for rec in _records("gcmEncryptExtIV256.rsp", 97):
        tag = gcm_tag_with_model(rec["key"], rec["iv"], rec["aad"], rec["ct"], digit_bits)
        assert tag[:len(rec["tag"])] == rec["tag"], rec["count"]


@pytest.mark.parametrize("name", GCM_FILES)
def test_cavp_gcm_tags_all(name):
    """All 7875 records of each file (a few seconds with the fast multiply)."""
    for rec in _records(name, 1):
        tag = gcm_tag_with_model(rec["key"], rec["iv"], rec["aad"], rec["ct"])
        assert tag[:len(rec["tag"])] == rec["tag"], rec["count"]


def test_random_against_aesgcm():
    rng = random.Random(4)
    for i in range(60):
        key = rng.randbytes(rng.choice((16, 24, 32)))
        iv = rng.randbytes(rng.choice((12, 12, 8, 16, 17, 60, 128)))  # AESGCM: 8..128 bytes
        aad = rng.randbytes(rng.randrange(0, 70))
        pt = rng.randbytes(rng.randrange(0, 90))
        ref = AESGCM(key).encrypt(iv, pt, aad)
        ct, tag = ref[:-16], ref[-16:]
        assert gcm_ctr_with_model(key, iv, pt) == ct
        assert gcm_tag_with_model(key, iv, aad, ct, digit_bits=(None, 4, 64)[i % 3]) == tag
