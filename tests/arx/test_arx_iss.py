"""The ARX firmware on the ISS (mccp.iss.arx) against independent references: `cryptography`
(ChaCha20, ChaCha20Poly1305) and the RFC 8439 vectors kept as data.  The RTL is checked
against the ISS instruction by instruction in tests/arx/test_arx_pe.py."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305

from arx.arx_fw import aead_task, chacha20_task, key_int, program
from mccp.aes.task import make_task
from mccp.isa import load
from mccp.iss.arx import ArxElement
from mccp.ref import xchacha
from mccp.ref.siphash import siphash

RFC = json.loads((Path(__file__).resolve().parent / "vectors" / "rfc8439.json").read_text())
ISA = load("arx")
LENGTHS = [0, 1, 15, 16, 17, 31, 32, 48, 63, 64, 65, 127, 128, 129, 200, 255, 256, 1000]


@pytest.fixture(scope="module")
def elem():
    prog = program()
    return ArxElement(prog.words, prog.consts)


def test_rfc8439_chacha20(elem):
    for v in RFC["chacha20"]:
        nonce16 = v["counter"].to_bytes(4, "little") + bytes.fromhex(v["nonce"])
        r = elem.run(chacha20_task(nonce16, bytes.fromhex(v["plaintext"])), key_int(bytes.fromhex(v["key"])))
        assert r.status == 0 and r.data.hex() == v["ciphertext"]


def test_rfc8439_aead(elem):
    for v in RFC["aead"]:
        key, nonce, aad = (bytes.fromhex(v[k]) for k in ("key", "nonce", "aad"))
        r = elem.run(aead_task(False, nonce, aad, bytes.fromhex(v["plaintext"])), key_int(key))
        assert r.status == 0 and r.data.hex() == v["ciphertext"] + v["tag"]
        r = elem.run(aead_task(True, nonce, aad, bytes.fromhex(v["ciphertext"]), bytes.fromhex(v["tag"])), key_int(key))
        assert r.status == 0 and r.data.hex() == v["plaintext"]


@pytest.mark.parametrize("n", LENGTHS)
def test_chacha20_lengths(elem, n):
    rng = random.Random(n)
    key, nonce16, pt = rng.randbytes(32), rng.randbytes(16), rng.randbytes(n)
    r = elem.run(chacha20_task(nonce16, pt), key_int(key))
    assert r.status == 0
    assert r.data == Cipher(algorithms.ChaCha20(key, nonce16), None).encryptor().update(pt)


@pytest.mark.parametrize("n", LENGTHS)
def test_aead_lengths(elem, n):
    rng = random.Random(1000 + n)
    key, nonce, pt = rng.randbytes(32), rng.randbytes(12), rng.randbytes(n)
    aad = rng.randbytes(rng.choice([0, 1, 13, 16, 40, n]))
    sealed = ChaCha20Poly1305(key).encrypt(nonce, pt, aad)
    r = elem.run(aead_task(False, nonce, aad, pt), key_int(key))
    assert r.status == 0 and r.data == sealed
    r = elem.run(aead_task(True, nonce, aad, sealed[:-16], sealed[-16:]), key_int(key))
    assert r.status == 0 and r.data == pt


@pytest.mark.parametrize("where", ["tag", "ciphertext", "aad"])
def test_aead_refuses_a_modified_message(elem, where):
    rng = random.Random(where)
    key, nonce, pt, aad = rng.randbytes(32), rng.randbytes(12), rng.randbytes(70), rng.randbytes(20)
    sealed = bytearray(ChaCha20Poly1305(key).encrypt(nonce, pt, aad))
    if where == "aad":
        aad = bytes([aad[0] ^ 0x80]) + aad[1:]
    else:
        sealed[-1 if where == "tag" else 5] ^= 0x01
    r = elem.run(aead_task(True, nonce, aad, bytes(sealed[:-16]), bytes(sealed[-16:])), key_int(key))
    assert r.status == ISA.status("AUTH_FAIL") and r.output == []


def test_bad_lengths_are_refused(elem):
    key = bytes(32)
    p = program().entries
    cases = [make_task(p["chacha20"], nonce=bytes(12), payload=b"x"),                       # nonce not 16
             make_task(p["chacha20"], nonce=bytes(16), aad=b"a", payload=b"x"),             # AAD on a stream cipher
             make_task(p["chacha20_poly1305_enc"], nonce=bytes(8), payload=b"x", tag_len=16),
             make_task(p["chacha20_poly1305_enc"], nonce=bytes(12), payload=b"x", tag_len=12)]
    for task in cases:
        r = elem.run(task, key_int(key))
        assert r.status == ISA.status("BAD_PARAM") and r.output == []


XV = json.loads((Path(__file__).resolve().parent / "vectors" / "xchacha.json").read_text())


def _xtask(decrypt: bool, nonce: bytes, aad: bytes, data: bytes, tag: bytes = b""):
    entry = program().entries["xchacha20_poly1305_dec" if decrypt else "xchacha20_poly1305_enc"]
    return make_task(entry, nonce=nonce, aad=aad, payload=data, tag=tag, tag_len=16)


def test_xchacha_draft_vector(elem):
    a = XV["aead"]
    key, nonce, aad, pt = (bytes.fromhex(a[k]) for k in ("key", "nonce", "aad", "plaintext"))
    r = elem.run(_xtask(False, nonce, aad, pt), key_int(key))
    assert r.status == 0 and r.data.hex() == a["ciphertext"] + a["tag"]
    r = elem.run(_xtask(True, nonce, aad, bytes.fromhex(a["ciphertext"]), bytes.fromhex(a["tag"])), key_int(key))
    assert r.status == 0 and r.data == pt


@pytest.mark.parametrize("n", [0, 1, 63, 64, 65, 300])
def test_xchacha_lengths(elem, n):
    rng = random.Random(7000 + n)
    key, nonce, pt, aad = rng.randbytes(32), rng.randbytes(24), rng.randbytes(n), rng.randbytes(n % 23)
    sealed = xchacha.seal(key, nonce, pt, aad)
    r = elem.run(_xtask(False, nonce, aad, pt), key_int(key))
    assert r.status == 0 and r.data == sealed
    r = elem.run(_xtask(True, nonce, aad, sealed[:-16], sealed[-16:]), key_int(key))
    assert r.status == 0 and r.data == pt
    bad = sealed[-16:-1] + bytes([sealed[-1] ^ 4])
    r = elem.run(_xtask(True, nonce, aad, sealed[:-16], bad), key_int(key))
    assert r.status == ISA.status("AUTH_FAIL") and r.output == []


SIP = json.loads((Path(__file__).resolve().parent / "vectors" / "siphash24.json").read_text())


def _siptask(data: bytes):
    return make_task(program().entries["siphash24"], payload=data, tag_len=8)


def test_siphash_published_outputs(elem):
    """The authors' 64 SipHash-2-4 outputs (key 00..0f, messages 00 01 .. of 0..63 bytes)."""
    key = bytes.fromhex(SIP["key"])
    got = [elem.run(_siptask(bytes(range(i))), key_int(key)).data.hex() for i in range(64)]
    assert got == SIP["outputs"]


@pytest.mark.parametrize("n", [0, 7, 8, 9, 15, 16, 17, 24, 255, 1000])
def test_siphash_lengths(elem, n):
    rng = random.Random(900 + n)
    key, data = rng.randbytes(16), rng.randbytes(n)
    r = elem.run(_siptask(data), key_int(key))
    assert r.status == 0 and r.data == siphash(key, data)


@pytest.mark.parametrize("n", [0, 8, 17])
def test_siphash_verify(elem, n):
    """siphash24_verify: the right tag ends OK with no output; any flipped bit, AUTH_FAIL."""
    rng = random.Random(950 + n)
    key, data = rng.randbytes(16), rng.randbytes(n)
    tag = siphash(key, data)
    entry = program().entries["siphash24_verify"]
    r = elem.run(make_task(entry, payload=data, tag=tag, tag_len=8), key_int(key))
    assert r.status == 0 and r.output == []
    for bit in (0, 37, 63):
        bad = (int.from_bytes(tag, "little") ^ (1 << bit)).to_bytes(8, "little")
        r = elem.run(make_task(entry, payload=data, tag=bad, tag_len=8), key_int(key))
        assert r.status == ISA.status("AUTH_FAIL") and r.output == []
