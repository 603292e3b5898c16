"""Defined error statuses through the API: reported by drain(), raised as DeviceError by the
blocking calls, and the device keeps working after each."""

import pytest

from cases import make_case
from conftest import KEYS
from mccp import DeviceError, paths
from mccp.ref import aes as aes_ref
from mccp.device import packets


@pytest.fixture(scope="module")
def keyed(dev):
    dev.load_key(0, KEYS[16])
    return dev


def _still_works(dev, ch, rng):
    c = make_case(rng, "ctr", "encrypt", KEYS[16], 50, 16, 0)
    assert ch.encrypt(c.data, nonce=c.nonce) == (c.want_data, b"")


def test_no_core(keyed, rng):
    """NO_CORE when no core has firmware for the function; with every core merely disabled
    the request waits and completes once a core is enabled again."""
    dev = keyed
    ch = dev.open_channel("ctr", 0)
    gcm = dev.open_channel("gcm", 0)
    all_cores = range(dev.cores)
    try:
        dev.load_firmware(all_cores, paths.ROOT / "firmware" / "ecb.s")
        with pytest.raises(DeviceError) as e:
            ch.encrypt(b"abc", nonce=bytes(16))
        assert e.value.status == "NO_CORE"
        t = dev.submit(gcm, "encrypt", b"abc", nonce=bytes(12))
        assert [(r.ticket, r.status, r.core) for r in dev.drain()] == [(t, "NO_CORE", None)]
        dev.load_firmware(all_cores)
        _still_works(dev, ch, rng)
        dev.write_reg("CORE_ENABLE", 0)
        c = make_case(rng, "ctr", "encrypt", KEYS[16], 50, 16, 0)
        t = dev.submit(ch, "encrypt", c.data, nonce=c.nonce)
        dev.model.step(3000)
        assert dev.model.out_count == 0 and dev.pending == 1
        dev.write_reg("CORE_ENABLE", 0b1)
        [r] = dev.drain()
        assert (r.ticket, r.status, r.core, r.data) == (t, "OK", 0, c.want_data)
    finally:
        dev.write_reg("CORE_ENABLE", (1 << dev.cores) - 1)
        ch.close()
        gcm.close()


def test_raw_packets(keyed, rng):
    """Hand-made packets: bad magic, unknown / disabled channel, TLAST early and late."""
    dev = keyed
    ch = dev.open_channel("ctr", 0)
    closed = dev.open_channel("ecb", 0)
    closed.close()
    try:
        nonce, data = rng.randbytes(16), rng.randbytes(40)
        good = packets.build_packet(ch.cfg, "encrypt", 0, data, nonce)

        def with_seq(pkt, seq):
            return pkt[:4] + seq.to_bytes(4, "big") + pkt[8:]

        t = {
            "magic": dev.submit_raw(b"\x5A" + with_seq(good, 101)[1:]),
            "unknown": dev.submit_raw(with_seq(good[:2] + dev.channels.to_bytes(2, "big") + good[4:], 102)),
            "disabled": dev.submit_raw(with_seq(good[:2] + closed.index.to_bytes(2, "big") + good[4:], 103)),
            "early": dev.submit_raw(with_seq(good[:-16], 104)),
            "late": dev.submit_raw(with_seq(good + bytes(16), 105)),
            "ok": dev.submit_raw(with_seq(good, 106)),
        }
        res = {r.ticket: r for r in dev.drain()}
        st = {k: res[v].status for k, v in t.items()}
        assert st == {"magic": "BAD_HEADER", "unknown": "NO_CHANNEL", "disabled": "NO_CHANNEL",
                      "early": "TRUNCATED", "late": "LENGTH", "ok": "OK"}
        for k in ("magic", "unknown", "disabled"):
            assert res[t[k]].core is None and res[t[k]].data == b"" and res[t[k]].start_cycle == -1
        for r in res.values():
            assert 0 <= r.entry_cycle < r.exit_cycle
        assert res[t["ok"]].data[:40] == aes_ref.ctr32(KEYS[16], nonce, data)
        _still_works(dev, ch, rng)
    finally:
        ch.close()


def test_oversize_raw(keyed, rng):
    """Bodies longer than the core's input buffer (BufBytes/16 + 8 words) are refused by the
    parser (OVERSIZE, no core); the API refuses them earlier (ValueError)."""
    dev = keyed
    ch = dev.open_channel("ctr", 0)
    gcm = dev.open_channel("gcm", 0)
    try:
        in_words = dev.buf_bytes // 16 + 8
        fits = packets.build_packet(ch.cfg, "encrypt", 500, bytes(dev.buf_bytes), bytes(16))
        over = packets.build_packet(ch.cfg, "encrypt", 501, bytes(16 * in_words), bytes(16))  # nonce + 136
        aad = packets.build_packet(gcm.cfg, "encrypt", 502, bytes(dev.buf_bytes), bytes(12), bytes(200))
        t = [dev.submit_raw(p) for p in (fits, over, aad)]
        res = {r.ticket: r for r in dev.drain()}
        assert [(res[x].status, res[x].core is None) for x in t] == \
            [("OK", False), ("OVERSIZE", True), ("OVERSIZE", True)]
        with pytest.raises(ValueError):
            gcm.encrypt(bytes(dev.buf_bytes), nonce=bytes(12), aad=bytes(200))
        _still_works(dev, ch, rng)
    finally:
        ch.close()
        gcm.close()
