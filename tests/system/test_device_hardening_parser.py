"""Issue 38, the input/output stream path: hand-made packets the parser must refuse.

4. aad_len on a mode that takes no AAD (ECB, CBC, CTR; CBC-MAC and CMAC, whose firmware
   takes none either) is a malformed header: BAD_HEADER, no core.
5. payload_len on GMAC (a MAC-only mode whose message travels as AAD, docs/fabric.md
   "Input packet": payload_len 0) is a malformed header: BAD_HEADER, no core.

Expected values come from `cryptography` (mccp.refs) and the spec.  After each test a good
packet on another channel must come back OK and correct, and every ticket must come back.
"""

import pytest

from conftest import KEYS
from mccp import refs
from mccp.device import packets

KEY = KEYS[16]


@pytest.fixture(scope="module")
def keyed(dev):
    dev.load_key(0, KEY)
    return dev


def _hdr(dev, ch, op, seq, payload_len=0, aad_len=0, tag_len=0):
    return dev.rm.pack_header("in", op=dev.rm.op_code[op], channel=ch.index, seq=seq,
                              payload_len=payload_len, aad_len=aad_len, nonce_len=ch.cfg.nonce_len,
                              tag_len=tag_len)


def _pad(b: bytes) -> bytes:
    return b + bytes(-len(b) % 16)


def _still_works(dev, rng, seq):
    """A good packet on a fresh channel after the refused ones: OK and correct."""
    ch = dev.open_channel("ctr", 0)
    try:
        nonce, data = rng.randbytes(16), rng.randbytes(37)
        t = dev.submit(ch, "encrypt", data, nonce=nonce)
        [r] = dev.drain()
        assert (r.ticket, r.status, r.data) == (t, "OK", refs.ctr32(KEY, nonce, data))
    finally:
        ch.close()


def test_aad_on_modes_without_aad(keyed, rng):
    """4: aad_len > 0 on ECB / CBC / CTR (and CBC-MAC / CMAC) is BAD_HEADER, whether the body
    is one AAD short (once answered OK with the AAD encrypted as payload) or exact."""
    dev = keyed
    chans = {m: dev.open_channel(m, 0) for m in ("ecb", "cbc", "ctr", "cmac", "cbc-mac")}
    try:
        tickets = {}
        seq = 4000
        for mode, ch in chans.items():
            op = "mac" if mode in ("cmac", "cbc-mac") else "encrypt"
            nonce = rng.randbytes(ch.cfg.nonce_len)
            aad, data = rng.randbytes(16), rng.randbytes(16)
            hdr = _hdr(dev, ch, op, seq, payload_len=16, aad_len=16)
            short = hdr + _pad(nonce) + data                   # one AAD-length short
            exact = hdr[:4] + (seq + 1).to_bytes(4, "big") + hdr[8:] + _pad(nonce) + aad + data
            tickets[mode, "short"] = dev.submit_raw(short)
            tickets[mode, "exact"] = dev.submit_raw(exact)
            seq += 2
        res = {r.ticket: r for r in dev.drain()}
        assert set(res) == set(tickets.values())               # nothing lost
        got = {k: (res[t].status, res[t].core, res[t].data) for k, t in tickets.items()}
        assert got == {k: ("BAD_HEADER", None, b"") for k in tickets}
        # the same channels still take their good packets
        nonce, data = rng.randbytes(16), rng.randbytes(32)
        assert chans["cbc"].encrypt(data, nonce=nonce) == (refs.cbc(KEY, nonce, data), b"")
        assert chans["cmac"].mac(data) == refs.cmac(KEY, data, 16)
        _still_works(dev, rng, seq)
    finally:
        for ch in chans.values():
            ch.close()


def test_payload_on_gmac(keyed, rng):
    """5: a GMAC channel refuses payload_len > 0 (BAD_HEADER): `mac` once returned the GCM
    ciphertext and tag, `verify` with a valid GCM tag once released the plaintext."""
    dev = keyed
    ch = dev.open_channel("gmac", 0)
    try:
        nonce, aad, pt = rng.randbytes(12), rng.randbytes(20), rng.randbytes(32)
        ct, tag = refs.gcm_encrypt(KEY, nonce, pt, aad, 16)
        mac = _hdr(dev, ch, "mac", 5001, payload_len=len(pt)) + _pad(nonce) + pt
        mac_aad = _hdr(dev, ch, "mac", 5002, payload_len=len(pt), aad_len=len(aad)) + \
            _pad(nonce) + _pad(aad) + pt
        verify = _hdr(dev, ch, "verify", 5003, payload_len=len(ct), aad_len=len(aad), tag_len=16) + \
            _pad(nonce) + _pad(aad) + ct + tag
        t = [dev.submit_raw(p) for p in (mac, mac_aad, verify)]
        res = {r.ticket: r for r in dev.drain()}
        assert set(res) == set(t)
        assert [(res[x].status, res[x].core, res[x].data) for x in t] == [("BAD_HEADER", None, b"")] * 3
        # GMAC itself still works: the message as AAD, tag from cryptography
        msg = rng.randbytes(45)
        assert ch.mac(msg, nonce=nonce) == refs.gcm_encrypt(KEY, nonce, b"", msg, 16)[1]
        _still_works(dev, rng, 5004)
    finally:
        ch.close()

