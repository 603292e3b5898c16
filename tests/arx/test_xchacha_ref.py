"""mccp.ref.xchacha against draft-irtf-cfrg-xchacha-03's published vectors (kept as data in
tests/arx/vectors/xchacha.json)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cryptography.exceptions import InvalidTag

from mccp.ref import xchacha

V = json.loads((Path(__file__).resolve().parent / "vectors" / "xchacha.json").read_text())


def test_hchacha20_vector():
    h = V["hchacha20"]
    assert xchacha.hchacha20(bytes.fromhex(h["key"]), bytes.fromhex(h["nonce"])).hex() == h["subkey"]


def test_aead_vector():
    a = V["aead"]
    key, nonce, aad, pt = (bytes.fromhex(a[k]) for k in ("key", "nonce", "aad", "plaintext"))
    sealed = xchacha.seal(key, nonce, pt, aad)
    assert sealed.hex() == a["ciphertext"] + a["tag"]
    assert xchacha.open_(key, nonce, sealed, aad) == pt
    with pytest.raises(InvalidTag):
        xchacha.open_(key, nonce, sealed[:-1] + bytes([sealed[-1] ^ 1]), aad)
