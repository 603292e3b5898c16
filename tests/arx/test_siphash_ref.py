"""mccp.ref.siphash against the SipHash authors' 64 published SipHash-2-4 outputs (key 00..0f,
messages of 0..63 bytes 00 01 ..; tests/arx/vectors/siphash24.json, from their vectors.h)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mccp.ref.siphash import siphash

VECTORS = json.loads((Path(__file__).resolve().parent / "vectors" / "siphash24.json").read_text())


def test_published_outputs():
    key = bytes.fromhex(VECTORS["key"])
    outs = [bytes.fromhex(h) for h in VECTORS["outputs"]]
    assert len(outs) == 64
    assert [siphash(key, bytes(range(i))) for i in range(64)] == outs


def test_key_size():
    with pytest.raises(ValueError):
        siphash(bytes(15), b"")
