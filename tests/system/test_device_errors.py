"""Bad requests, key confidentiality, zeroize and run-time firmware update on a 2-core device."""

import pytest

from conftest import KEYS
from cases import make_case
from mccp import DeviceError, paths
from mccp.ref import aes as aes_ref


@pytest.fixture
def keyed(dev):
    dev.load_key(0, KEYS[16])
    return dev


def _untouched(dev, fn, match):
    c0 = dev.cycles
    with pytest.raises(ValueError, match=match):
        fn()
    assert dev.cycles == c0, "the device was clocked before the request was rejected"


def test_value_errors(keyed):
    dev = keyed
    gcm = dev.open_channel("gcm", 0)
    ecb = dev.open_channel("ecb", 0)
    cmac = dev.open_channel("cmac", 0, tag_len=8)
    try:
        _untouched(dev, lambda: dev.load_key(1, bytes(15)), "16, 24 or 32")
        _untouched(dev, lambda: dev.load_key(1, bytes(33)), "16, 24 or 32")
        _untouched(dev, lambda: dev.load_key(dev.key_slots, bytes(16)), "slot")
        _untouched(dev, lambda: dev.zeroize(-1), "slot")
        _untouched(dev, lambda: dev.open_channel("xts", 0), "unknown mode")
        _untouched(dev, lambda: dev.open_channel("gcm", 9), "no key loaded")
        _untouched(dev, lambda: dev.open_channel("gcm", 0, tag_len=2), "tag length")
        _untouched(dev, lambda: dev.open_channel("ccm", 0, nonce_len=14), "nonce length")
        _untouched(dev, lambda: dev.open_channel("ecb", 0, nonce_len=16), "no nonce")
        _untouched(dev, lambda: gcm.encrypt(b"x", nonce=bytes(11)), "nonce of 11 bytes")
        _untouched(dev, lambda: gcm.decrypt(b"x", nonce=bytes(12), tag=bytes(8)), "tag of 8 bytes")
        _untouched(dev, lambda: gcm.mac(b"x", nonce=bytes(12)), "not supported")
        _untouched(dev, lambda: ecb.encrypt(bytes(20)), "multiple of 16")
        _untouched(dev, lambda: ecb.decrypt(bytes(16), aad=b"a"), "no AAD")
        _untouched(dev, lambda: ecb.encrypt(bytes(dev.buf_bytes + 16)), "buffer")
        _untouched(dev, lambda: gcm.encrypt(bytes(dev.buf_bytes), nonce=bytes(12), aad=bytes(200)), "input buffer")
        _untouched(dev, lambda: cmac.verify(b"abc", bytes(16)), "tag of 16 bytes")
        _untouched(dev, lambda: dev.submit(gcm, "sign", b""), "unknown operation")
        # still working afterwards
        assert ecb.encrypt(bytes(16)) == (aes_ref.ecb(KEYS[16], bytes(16)), b"")
    finally:
        for ch in (gcm, ecb, cmac):
            ch.close()


def _windows(key: bytes) -> set[bytes]:
    return {key[i:i + 4] for i in range(len(key) - 3)}


def test_keys_never_readable(dev, rng):
    """Marker keys (distinct per slot) are loaded; no register ever returns 4 bytes of one,
    in either byte order, and no output packet carries 4 bytes of one."""
    rm = dev.rm
    markers = {}
    for slot in range(min(dev.key_slots, 8)):
        n = (16, 24, 32)[slot % 3]
        markers[slot] = b"".join(bytes([0xC3, 0x3C ^ slot, 0xA0 + j, 0x5A]) for j in range(n // 4))
        dev.load_key(slot, markers[slot])
    bad = set()
    for key in markers.values():
        for w in _windows(key):
            bad.add(int.from_bytes(w, "big"))
            bad.add(int.from_bytes(w, "little"))

    def scan(what):
        for addr in range(0, 1 << rm.addr_bits, 4):
            resp, value = dev.model.read_resp(addr)
            assert value not in bad, f"{what}: register 0x{addr:03x} reads 0x{value:08x}, part of a key"

    scan("after loading")
    # with every core holding a key (caches filled) and each slot / core selected in turn
    dev.tap = []
    chans = []
    try:
        for slot, key in markers.items():
            mode = ("gcm", "ctr", "cmac", "ecb", "cbc", "ccm", "gmac", "cbc-mac")[slot]
            ch = dev.open_channel(mode, slot)
            chans.append(ch)
            for op in ch.cfg.ops():
                c = make_case(rng, mode, op, key, 64, ch.cfg.nonce_len, ch.cfg.tag_len, 16 if mode in ("gcm", "ccm") else 0)
                dev.submit(ch, op, c.data, nonce=c.nonce, aad=c.aad, tag=c.tag)
                # a request with a wrong tag too: error paths must not leak either
                if c.tag:
                    dev.submit(ch, op, c.data, nonce=c.nonce, aad=c.aad, tag=bytes(len(c.tag)))
        results = dev.drain()
        assert all(r.status in ("OK", "AUTH_FAIL") for r in results)
        for slot in markers:
            dev.write_reg("KEY_SEL", slot)
            for core in range(dev.cores):
                dev.write_reg("CORE_SEL", core)
                scan(f"KEY_SEL={slot} CORE_SEL={core}")
        stream = b"".join(dev.tap)
        assert stream
        for slot, key in markers.items():
            for w in _windows(key):
                assert w not in stream, f"key of slot {slot} on the output stream"
    finally:
        dev.tap = None
        for ch in chans:
            ch.close()


def test_zeroize(dev, rng):
    dev.load_key(3, KEYS[24])
    dev.load_key(4, KEYS[16])
    a = dev.open_channel("gcm", 3)
    b = dev.open_channel("ctr", 4)
    try:
        c = make_case(rng, "gcm", "encrypt", KEYS[24], 40, 12, 16)
        assert a.encrypt(c.data, nonce=c.nonce) == (c.want_data, c.want_tag)
        dev.zeroize(3)
        with pytest.raises(DeviceError) as e:
            a.encrypt(c.data, nonce=c.nonce)
        assert e.value.status == "KEY_ERROR"
        t = dev.submit(a, "encrypt", c.data, nonce=c.nonce)
        d = make_case(rng, "ctr", "encrypt", KEYS[16], 40, 16, 0)
        u = dev.submit(b, "encrypt", d.data, nonce=d.nonce)
        res = {r.ticket: r for r in dev.drain()}
        assert (res[t].status, res[t].data, res[t].tag) == ("KEY_ERROR", b"", b"")
        assert res[u].status == "OK" and res[u].data == d.want_data     # the other slot is intact
        # a new key in the slot is used, not a cached copy of the old one
        new = bytes(range(0xE0, 0xF8))
        dev.load_key(3, new)
        c2 = make_case(rng, "gcm", "encrypt", new, 40, 12, 16)
        assert a.encrypt(c2.data, nonce=c2.nonce) == (c2.want_data, c2.want_tag)
        dev.zeroize()
        for ch, cs in ((a, c2), (b, d)):
            with pytest.raises(DeviceError) as e:
                ch.encrypt(cs.data, nonce=cs.nonce)
            assert e.value.status == "KEY_ERROR"
        assert dev.read_reg("KEY_VALID") == 0
    finally:
        a.close()
        b.close()


def test_firmware_update_in_flight(dev, rng):
    """Core 1 gets other firmware (CTR only) while packets stream, then the full image back;
    core 0 keeps working meanwhile and every result stays right."""
    dev.load_key(0, KEYS[16])
    chans = [dev.open_channel("gcm", 0), dev.open_channel("ctr", 0)]
    try:
        # firmware writes to an enabled core are refused and change nothing
        dev.write_reg("FW_CORES", 0b10)
        assert dev.model.write_resp(dev.rm.addr("FW_DATA"), 0) == 2
        assert dev.model.write_resp(dev.rm.addr("FW_ENTRY"), dev.rm.encode("FW_ENTRY", func=12, valid=1)) == 2

        expect = {}

        def batch(n):
            for _ in range(n):
                ch = rng.choice(chans)
                c = make_case(rng, ch.mode, "encrypt", KEYS[16], rng.randint(200, 700), ch.cfg.nonce_len,
                              ch.cfg.tag_len)
                expect[dev.submit(ch, "encrypt", c.data, nonce=c.nonce)] = (ch, c)

        def caps(core):
            dev.write_reg("CORE_SEL", core)
            return dev.read_fields("CORE_FUNCS")["funcs"]

        def check(results):
            for r in results:
                ch, c = expect.pop(r.ticket)
                assert r.status == "OK" and (r.data, r.tag) == (c.want_data, c.want_tag), (ch.mode, r)

        batch(24)
        dev.model.step(300)                    # the cores are busy now
        t0 = dev.cycles
        dev.load_firmware([1], paths.ROOT / "firmware" / "ctr.s")
        t1 = dev.cycles
        assert caps(1) == 0b110000 and caps(0) == 0xFFFF   # ctr = mode 2: functions 4 and 5
        batch(24)
        results = dev.drain()
        check(results)
        assert not expect
        # nothing started on core 1 while it was disabled; core 0 worked meanwhile
        assert not [r for r in results if r.core == 1 and t0 + 10 < r.start_cycle < t1]
        assert [r for r in results if r.core == 0 and t0 < r.start_cycle < t1]
        after = [r for r in results if r.start_cycle > t1]
        assert {r.core for r in after if r.channel == chans[1].index} == {0, 1}
        assert {r.core for r in after if r.channel == chans[0].index} == {0}   # gcm: core 0 only now
        # the full image back on core 1, again with packets in flight
        batch(24)
        dev.model.step(200)
        t2 = dev.cycles
        dev.load_firmware([1])
        assert caps(1) == 0xFFFF
        batch(24)
        results = dev.drain()
        check(results)
        assert 1 in {r.core for r in results if r.channel == chans[0].index and r.start_cycle > t2}
    finally:
        for ch in chans:
            ch.close()


def test_closed_channel_refused(dev):
    dev.load_key(0, KEYS[16])
    ch = dev.open_channel("ecb", 0)
    ch.close()
    with pytest.raises(ValueError, match="closed"):
        ch.encrypt(bytes(16))
