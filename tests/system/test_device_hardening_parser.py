"""Issue 38, the input/output stream path: hand-made packets the parser must refuse.

4. aad_len on a mode that takes no AAD (ECB, CBC, CTR; CBC-MAC and CMAC, whose firmware
   takes none either) is a malformed header: BAD_HEADER, no core.
5. payload_len on GMAC (a MAC-only mode whose message travels as AAD, docs/fabric.md
   "Input packet": payload_len 0) is a malformed header: BAD_HEADER, no core.
7. Packets are byte-accurate (docs/fabric.md "Words and beats"): a packet cut inside its last
   word is answered LENGTH, not computed on zero bytes; output packets end at their last
   valid byte.

Expected values come from `cryptography` (mccp.ref.aes) and the spec.  After each test a good
packet on another channel must come back OK and correct, and every ticket must come back.
"""

import pytest

from conftest import KEYS
from mccp.ref import aes as aes_ref

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
        assert (r.ticket, r.status, r.data) == (t, "OK", aes_ref.ctr32(KEY, nonce, data))
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
        assert chans["cbc"].encrypt(data, nonce=nonce) == (aes_ref.cbc(KEY, nonce, data), b"")
        assert chans["cmac"].mac(data) == aes_ref.cmac(KEY, data, 16)
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
        ct, tag = aes_ref.gcm_encrypt(KEY, nonce, pt, aad, 16)
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
        assert ch.mac(msg, nonce=nonce) == aes_ref.gcm_encrypt(KEY, nonce, b"", msg, 16)[1]
        _still_works(dev, rng, 5004)
    finally:
        ch.close()


def test_byte_accurate_packets(keyed, rng):
    """7: a packet cut inside its last word is LENGTH (once zero-filled and answered OK), and so
    is one padded to a whole word; the byte-accurate packet is OK; output packets end at their
    last valid byte (16-byte header + out_len for a one-field result)."""
    dev = keyed
    ctr = dev.open_channel("ctr", 0)
    gcm = dev.open_channel("gcm", 0)
    gcm12 = dev.open_channel("gcm", 0, tag_len=12)
    dev.tap = []
    try:
        nonce, data = rng.randbytes(16), rng.randbytes(40)
        body = _hdr(dev, ctr, "encrypt", 0, payload_len=len(data)) + nonce + data     # 72 bytes

        def seq(p, s):
            return p[:4] + s.to_bytes(4, "big") + p[8:]

        gn, gaad, gpt = rng.randbytes(12), rng.randbytes(7), rng.randbytes(21)
        gct, gtag = aes_ref.gcm_encrypt(KEY, gn, gpt, gaad, 16)
        gdec = _hdr(dev, gcm, "decrypt", 0, payload_len=len(gct), aad_len=len(gaad), tag_len=16) + \
            _pad(gn) + _pad(gaad) + _pad(gct) + gtag
        t = {
            "exact": dev.submit_raw(seq(body, 7001)),
            "padded": dev.submit_raw(seq(body + bytes(8), 7002)),
            "cut_1": dev.submit_raw(seq(body[:-1], 7003)),
            "cut_4": dev.submit_raw(seq(body[:-4], 7004)),           # on a 32-bit beat boundary
            "cut_7": dev.submit_raw(seq(body[:-7], 7005)),
            "tag_cut": dev.submit_raw(seq(gdec[:-3], 7006)),
            "gcm_ok": dev.submit_raw(seq(gdec, 7007)),
        }
        res = {r.ticket: r for r in dev.drain()}
        assert set(res) == set(t.values())
        st = {k: res[v].status for k, v in t.items()}
        assert st == {"exact": "OK", "padded": "LENGTH", "cut_1": "LENGTH", "cut_4": "LENGTH", "cut_7": "LENGTH",
                      "tag_cut": "LENGTH", "gcm_ok": "OK"}
        want = aes_ref.ctr32(KEY, nonce, data)
        assert res[t["exact"]].data == want and res[t["padded"]].data == b""
        assert res[t["gcm_ok"]].data == gpt
        for k in ("cut_1", "cut_4", "cut_7", "tag_cut"):
            assert res[t[k]].data == b""
        # output packets: byte-accurate, the header's out_len bytes and no padding after them
        outs = {int.from_bytes(o[4:8], "big"): o for o in dev.tap}
        assert len(outs[t["exact"]]) == 16 + 40 and outs[t["exact"]][16:] == want
        assert len(outs[t["gcm_ok"]]) == 16 + 21
        assert all(len(outs[t[k]]) == 16 for k in ("cut_1", "cut_4", "cut_7", "tag_cut"))
        # through the API: a GCM encryption's tag word ends at the tag's last byte
        dev.tap.clear()
        assert gcm12.encrypt(gpt, nonce=gn, aad=gaad) == (gct, gtag[:12])
        [o] = dev.tap
        assert len(o) == 16 + 32 + 12 and o[16:16 + 21] == gct and o[48:] == gtag[:12]
        _still_works(dev, rng, 7010)
    finally:
        dev.tap = None
        ctr.close()
        gcm.close()
        gcm12.close()
