"""The ARX hash firmware (firmware/arx/sha256.s, blake2.s) on the ISS against hashlib and the
published vectors (RFC 7693 Appendices A and B, FIPS 180-2 B.1 and B.2, in
vectors/hash_abc.json): every length around the block boundaries, keyed and unkeyed, every
digest size, the MAC entries under 16/24/32-byte channel keys, verification and the refusals."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

from arx.arx_fw import key_int, program
from mccp.aes.task import make_task
from mccp.isa import load
from mccp.iss.arx import ArxElement

ISA = load("arx")
OK, AUTH_FAIL, BAD_PARAM = (ISA.status(s) for s in ("OK", "AUTH_FAIL", "BAD_PARAM"))
VECTORS = json.loads((Path(__file__).resolve().parent / "vectors" / "hash_abc.json").read_text())
LENGTHS = [0, 1, 15, 16, 17, 55, 56, 63, 64, 65, 119, 120, 127, 128, 129, 200, 1000]
BLAKE2 = {"s": (hashlib.blake2s, 32, 64), "b": (hashlib.blake2b, 64, 128)}   # ref, max nn / kk, block


@pytest.fixture(scope="module")
def elem():
    prog = program()
    return ArxElement(prog.words, prog.consts)


def entry(name: str) -> int:
    return program().entries[name]


def sha256(elem, msg: bytes):
    return elem.run(make_task(entry("sha256"), payload=msg, tag_len=32))


def blake2(elem, alg: str, msg: bytes, key: bytes = b"", nn: int | None = None):
    nn = BLAKE2[alg][1] if nn is None else nn
    return elem.run(make_task(entry(f"blake2{alg}"), aad=key, payload=msg, tag_len=nn))


def mac(elem, alg: str, msg: bytes, key: bytes, nn: int, tag: bytes | None = None):
    """The mac entry, or with a tag the verify entry; the key from the key port (c4 = its length)."""
    name = f"blake2{alg}_mac" + ("_verify" if tag is not None else "")
    task = make_task(entry(name), payload=msg, tag=tag or b"", tag_len=nn)
    return elem.run(task, key_int(key), key_len=len(key))


def ok(r, data: bytes) -> bool:
    return r.status == OK and r.data == data


# ---- published vectors -------------------------------------------------------------------

def test_published_vectors(elem):
    for v in VECTORS["sha256"]:
        assert ok(sha256(elem, bytes.fromhex(v["message"])), bytes.fromhex(v["digest"]))
    for alg in "sb":
        for v in VECTORS[f"blake2{alg}"]:
            r = blake2(elem, alg, bytes.fromhex(v["message"]), bytes.fromhex(v["key"]))
            assert ok(r, bytes.fromhex(v["digest"]))


# ---- SHA-256 -----------------------------------------------------------------------------

@pytest.mark.parametrize("n", LENGTHS + [54, 57, 111, 112, 191, 192])
def test_sha256_lengths(elem, n):
    msg = random.Random(n).randbytes(n)
    assert ok(sha256(elem, msg), hashlib.sha256(msg).digest())


def test_sha256_refusals(elem):
    e = entry("sha256")
    for task in (make_task(e, payload=b"abc", tag_len=16),            # digest not 32
                 make_task(e, payload=b"abc", tag_len=0),
                 make_task(e, aad=b"k", payload=b"abc", tag_len=32),  # AAD
                 make_task(e, nonce=bytes(12), payload=b"abc", tag_len=32)):
        r = elem.run(task)
        assert r.status == BAD_PARAM and r.output == []


# ---- BLAKE2 hashes -----------------------------------------------------------------------

@pytest.mark.parametrize("alg", "sb")
@pytest.mark.parametrize("n", LENGTHS + [191, 192, 255, 256, 257])
def test_blake2_lengths(elem, alg, n):
    ref, mx, _ = BLAKE2[alg]
    rng = random.Random(f"{alg}{n}")
    msg = rng.randbytes(n)
    assert ok(blake2(elem, alg, msg), ref(msg).digest())                       # unkeyed, full size
    key = rng.randbytes(rng.choice([1, 16, 17, mx - 1, mx]))
    nn = rng.randint(1, mx)
    assert ok(blake2(elem, alg, msg, key, nn), ref(msg, key=key, digest_size=nn).digest())


@pytest.mark.parametrize("alg", "sb")
def test_blake2_every_digest_size(elem, alg):
    ref, mx, block = BLAKE2[alg]
    rng = random.Random(alg)
    for nn in range(1, mx + 1):
        msg = rng.randbytes(rng.choice([0, 3, 70]))
        key = rng.randbytes(rng.choice([0, 0, 5, mx]))
        assert ok(blake2(elem, alg, msg, key, nn), ref(msg, key=key, digest_size=nn).digest()), nn


@pytest.mark.parametrize("alg", "sb")
def test_blake2_key_sizes(elem, alg):
    ref, mx, block = BLAKE2[alg]
    rng = random.Random(alg + "key")
    for kk in sorted({1, 2, 15, 16, 17, 31, 32, mx - 15, mx - 1, mx}):
        key = rng.randbytes(kk)
        for n in (0, 1, block):                    # the key block alone, then last, then not last
            msg = rng.randbytes(n)
            assert ok(blake2(elem, alg, msg, key), ref(msg, key=key).digest()), (kk, n)


@pytest.mark.parametrize("alg", "sb")
def test_blake2_refusals(elem, alg):
    _, mx, _ = BLAKE2[alg]
    e = entry(f"blake2{alg}")
    for task in (make_task(e, payload=b"abc", tag_len=0),                          # nn = 0
                 make_task(e, payload=b"abc", tag_len=mx + 1),                     # nn too long
                 make_task(e, aad=bytes(mx + 1), payload=b"abc", tag_len=mx),      # key too long
                 make_task(e, nonce=bytes(8), payload=b"abc", tag_len=mx)):        # a nonce
        r = elem.run(task)
        assert r.status == BAD_PARAM and r.output == []


# ---- BLAKE2 MACs under the channel's key ---------------------------------------------------

@pytest.mark.parametrize("alg", "sb")
@pytest.mark.parametrize("kk", [16, 24, 32])
def test_blake2_mac(elem, alg, kk):
    ref, mx, block = BLAKE2[alg]
    rng = random.Random(f"mac{alg}{kk}")
    key = rng.randbytes(kk)
    for n in (0, 1, 63, 64, 65, block, block + 1):
        msg = rng.randbytes(n)
        nn = rng.choice([1, 16, 17, mx // 2, mx])
        tag = ref(msg, key=key, digest_size=nn).digest()
        assert ok(mac(elem, alg, msg, key, nn), tag), n
        r = mac(elem, alg, msg, key, nn, tag)                                 # verify: no output
        assert r.status == OK and r.output == [], n


@pytest.mark.parametrize("alg", "sb")
def test_blake2_mac_verify_refuses(elem, alg):
    ref, mx, _ = BLAKE2[alg]
    rng = random.Random(f"ver{alg}")
    key = rng.randbytes(32)
    for nn in (1, 8, 16, 17, 31, mx):
        msg = rng.randbytes(rng.randint(0, 70))
        tag = ref(msg, key=key, digest_size=nn).digest()
        for pos in sorted({0, nn // 2, nn - 1}):                               # one bit of the tag
            bad = bytearray(tag)
            bad[pos] ^= 1 << rng.randrange(8)
            r = mac(elem, alg, msg, key, nn, bytes(bad))
            assert r.status == AUTH_FAIL and r.output == [], (nn, pos)
        r = mac(elem, alg, msg + b"x", key, nn, tag)                           # another message
        assert r.status == AUTH_FAIL and r.output == []
        r = mac(elem, alg, msg, key[:16], nn, tag)                             # another key
        assert r.status == AUTH_FAIL and r.output == []


@pytest.mark.parametrize("alg", "sb")
def test_blake2_mac_refusals(elem, alg):
    _, mx, _ = BLAKE2[alg]
    key = bytes(range(32))
    for verify in (False, True):
        name = f"blake2{alg}_mac" + ("_verify" if verify else "")
        tag = bytes(16) if verify else b""
        for kk in (0, 1, 8, 15, 17, 20, 23, 25, 31, 33, 40, 48, 64):         # key lengths
            r = elem.run(make_task(entry(name), payload=b"abc", tag=tag, tag_len=16), key_int(key), key_len=kk)
            assert r.status == BAD_PARAM and r.output == [], (name, kk)
        for task in (make_task(entry(name), aad=b"k", payload=b"abc", tag=tag, tag_len=16),
                     make_task(entry(name), nonce=bytes(4), payload=b"abc", tag=tag, tag_len=16),
                     make_task(entry(name), payload=b"abc", tag_len=0),
                     make_task(entry(name), payload=b"abc", tag_len=mx + 1)):
            r = elem.run(task, key_int(key), key_len=32)
            assert r.status == BAD_PARAM and r.output == [], name


# ---- the longest packet ------------------------------------------------------------------

@pytest.mark.long
def test_longest_messages(elem):
    msg = random.Random(65535).randbytes(65535)
    assert ok(sha256(elem, msg), hashlib.sha256(msg).digest())
    assert ok(blake2(elem, "s", msg, bytes(32)), hashlib.blake2s(msg, key=bytes(32)).digest())
    assert ok(blake2(elem, "b", msg, bytes(64)), hashlib.blake2b(msg, key=bytes(64)).digest())
    assert ok(mac(elem, "b", msg, bytes(range(24)), 64), hashlib.blake2b(msg, key=bytes(range(24))).digest())
