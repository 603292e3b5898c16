"""Every mode x operation x key size through the device API, against `cryptography`."""

import pytest

from conftest import KEYS
from cases import make_case
from mccp import AuthError, DeviceError

SLOT = {16: 0, 24: 1, 32: 2}
# (mode, channel kwargs) - default lengths plus a few non-default nonce / tag lengths
CHANNELS = [
    ("ecb", {}), ("cbc", {}), ("ctr", {}),
    ("cbc-mac", {}), ("cbc-mac", {"tag_len": 8}), ("cmac", {}), ("cmac", {"tag_len": 4}),
    ("ccm", {}), ("ccm", {"nonce_len": 7, "tag_len": 8}),
    ("gcm", {}), ("gcm", {"nonce_len": 16, "tag_len": 12}),
    ("gmac", {}), ("gmac", {"nonce_len": 8, "tag_len": 13}),
]
SIZES = {"ecb": (16, 80), "cbc": (16, 80)}


@pytest.fixture(scope="module")
def keyed(dev):
    for n, key in KEYS.items():
        dev.load_key(SLOT[n], key)
    return dev


@pytest.mark.parametrize("key_len", [16, 24, 32])
@pytest.mark.parametrize("mode, kw", CHANNELS, ids=[f"{m}-{'-'.join(f'{k}{v}' for k, v in kw.items())}"
                                                   for m, kw in CHANNELS])
def test_mode(keyed, rng, mode, kw, key_len):
    dev, key = keyed, KEYS[key_len]
    ch = dev.open_channel(mode, SLOT[key_len], **kw)
    try:
        cfg = ch.cfg
        assert cfg.key_len == key_len
        for size in SIZES.get(mode, (0, 1, 37, 160)):
            aad_len = 19 if mode in ("gcm", "ccm") and size % 2 else 0
            ops = ("mac", "verify") if mode in ("cbc-mac", "cmac", "gmac") else ("encrypt", "decrypt")
            for op in ops:
                c = make_case(rng, mode, op, key, size, cfg.nonce_len, cfg.tag_len, aad_len)
                what = f"{mode} {op} AES-{8 * key_len} {size} bytes"
                if op == "encrypt":
                    assert ch.encrypt(c.data, nonce=c.nonce, aad=c.aad) == (c.want_data, c.want_tag), what
                elif op == "decrypt":
                    assert ch.decrypt(c.data, nonce=c.nonce, aad=c.aad, tag=c.tag) == c.want_data, what
                elif op == "mac":
                    assert ch.mac(c.data, nonce=c.nonce) == c.want_tag, what
                else:
                    ch.verify(c.data, c.tag, nonce=c.nonce)
    finally:
        ch.close()


@pytest.mark.parametrize("mode, op", [("gcm", "decrypt"), ("ccm", "decrypt"), ("gmac", "verify"),
                                      ("cmac", "verify"), ("cbc-mac", "verify")])
def test_flipped_tag(keyed, rng, mode, op):
    dev = keyed
    key = KEYS[16]
    ch = dev.open_channel(mode, SLOT[16])
    try:
        aad_len = 5 if mode in ("gcm", "ccm") else 0
        c = make_case(rng, mode, op, key, 48, ch.cfg.nonce_len, ch.cfg.tag_len, aad_len)
        for bit in (0, 8 * len(c.tag) - 1):
            bad = bytearray(c.tag)
            bad[bit // 8] ^= 0x80 >> (bit % 8)
            with pytest.raises(AuthError):
                if op == "decrypt":
                    ch.decrypt(c.data, nonce=c.nonce, aad=c.aad, tag=bytes(bad))
                else:
                    ch.verify(c.data, bytes(bad), nonce=c.nonce)
        # batch path: reported, not raised, with no data; the device keeps going
        dev.tap = []
        bad = bytes([c.tag[0] ^ 1]) + c.tag[1:]
        t_bad = dev.submit(ch, op, c.data, nonce=c.nonce, aad=c.aad, tag=bad)
        t_good = dev.submit(ch, op, c.data, nonce=c.nonce, aad=c.aad, tag=c.tag)
        res = {r.ticket: r for r in dev.drain()}
        assert (res[t_bad].status, res[t_bad].data, res[t_bad].tag) == ("AUTH_FAIL", b"", b"")
        assert res[t_good].status == "OK" and res[t_good].data == c.want_data
        # the AUTH_FAIL packet on the wire is a bare header: no plaintext left the device
        fails = [p for p in dev.tap if p[1] == 1]
        assert len(fails) == 1 and len(fails[0]) == 16
        if c.want_data:
            assert all(c.want_data[:16] not in p for p in fails)
    finally:
        dev.tap = None
        ch.close()


def test_wrong_key_size_channel(keyed):
    """A channel's key length comes from the host's record of the slot; the device
    checks it again (KEY_ERROR) when the slot is reloaded with another size."""
    dev = keyed
    dev.load_key(5, KEYS[16])
    ch = dev.open_channel("ctr", 5)
    dev.load_key(5, KEYS[32])                      # the channel still says AES-128
    with pytest.raises(DeviceError) as e:
        ch.encrypt(b"abc", nonce=bytes(16))
    assert e.value.status == "KEY_ERROR"
    ch.close()
