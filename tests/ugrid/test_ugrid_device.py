"""The micro-core grid as a slot of mccp_top (mccp.Device(ugrids=...)): AES ECB and CTR
channels pinned to the grid (kind="ugrid") on the RTL, against `cryptography`, beside AES-core
traffic; the key cache; the capability rule (what the grid cannot do gets NO_CORE) and the
bad input of docs/ugrid.md, answered with a status while the device keeps working."""

from __future__ import annotations

import random

import pytest
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

import mccp
from mccp import regmap
from mccp.device.api import DeviceError
from builds import MIXED
from mccp.ref import vectors
from ugrid.fips197 import CIPHERTEXT, PLAINTEXT

KEYS = {16: bytes(range(16)), 24: bytes(range(24)), 32: bytes(range(32))}


def _ecb(key: bytes, data: bytes) -> bytes:
    return Cipher(algorithms.AES(key), modes.ECB()).encryptor().update(data)


def _ctr(key: bytes, counter: bytes, data: bytes) -> bytes:
    return Cipher(algorithms.AES(key), modes.CTR(counter)).encryptor().update(data)


@pytest.fixture(scope="module")
def dev():
    with mccp.Device(**MIXED) as d:
        for slot, n in enumerate(KEYS):
            d.load_key(slot, KEYS[n])
        yield d


def test_capabilities(dev):
    """CONFIG2 and CORE_CAPS say what the build has: one 4 x 4 grid, in the slot after the
    AES core and the ARX elements."""
    rm = regmap.load()
    assert dev.read_fields("CONFIG2") == {"num_ugrid": 1, "ugrid_rows": 4, "ugrid_cols": 4}
    assert list(dev.ugrid_slots) == [1 + dev.arx_units]
    dev.write_reg("CORE_SEL", dev.ugrid_slots[0])
    assert dev.read_fields("CORE_CAPS")["kind"] == rm.kind_code["ugrid"]
    dev.write_reg("CORE_SEL", 0)
    assert dev.read_fields("CORE_CAPS")["kind"] == rm.kind_code["aes"]


def test_fips197_appendix_c(dev):
    """The three key sizes of FIPS-197 appendix C, each on a channel of its own."""
    for slot, n in enumerate(KEYS):
        ch = dev.open_channel("ecb", slot, kind="ugrid")
        ct, tag = ch.encrypt(PLAINTEXT)
        assert (ct.hex(), tag) == (CIPHERTEXT[n], b"")
        ch.close()


@pytest.mark.parametrize("name", ["ECBGFSbox128.rsp", "ECBKeySbox192.rsp", "ECBVarTxt256.rsp", "ECBMMT128.rsp",
                                  "ECBMMT256.rsp"])
def test_nist_ecb_files(dev, name):
    """Every encryption record of the file, each with its own key in key slot 6 (the MMT
    files' messages of up to ten blocks)."""
    count = 0
    for rec in vectors.parse(vectors.aes_file("ECB", name)):
        if rec["direction"] != "encrypt":
            continue
        dev.load_key(6, rec["key"])
        ch = dev.open_channel("ecb", 6, kind="ugrid")
        assert ch.encrypt(rec["plaintext"])[0] == rec["ciphertext"]
        ch.close()
        count += 1
    assert count > 0


def test_ecb_and_ctr_against_cryptography(dev):
    """Random lengths (CTR: any byte count, the last word partial; a counter that wraps
    around 2^128) for every key size; the results in order per channel."""
    rng = random.Random(43)
    chans = [(dev.open_channel(mode, slot, kind="ugrid"), mode, n)
             for slot, n in enumerate(KEYS) for mode in ("ecb", "ctr")]
    want = {}
    for i in range(18):
        ch, mode, n = chans[i % len(chans)]
        if mode == "ecb":
            pt = rng.randbytes(16 * rng.randrange(0, 5))
            want[dev.submit(ch, "encrypt", pt)] = _ecb(KEYS[n], pt)
        else:
            pt = rng.randbytes(rng.randrange(0, 80))
            counter = (b"\xff" * 15 + bytes([0xfe])) if i == 1 else rng.randbytes(16)
            op = "encrypt" if i % 2 else "decrypt"
            want[dev.submit(ch, op, pt, nonce=counter)] = _ctr(KEYS[n], counter, pt)
    results = dev.drain()
    assert sorted(r.ticket for r in results) == sorted(want)
    for r in results:
        assert r.ok, r.status
        assert r.data == want[r.ticket]
        assert r.core == dev.ugrid_slots[0]
    for ch, _, _ in chans:
        tickets = [r.ticket for r in results if r.channel == ch.index]
        assert tickets == sorted(tickets)
        ch.close()


def test_key_replaced_in_its_slot(dev):
    """The grid keeps the round keys of its last key: a new key in the same key slot must be
    expanded again (the cache compares the key itself, not the slot number)."""
    dev.load_key(5, bytes(16))
    ch = dev.open_channel("ecb", 5, kind="ugrid")
    block = bytes(range(100, 116))
    assert ch.encrypt(block)[0] == _ecb(bytes(16), block)
    other = bytes(range(200, 216))
    dev.load_key(5, other)
    assert ch.encrypt(block)[0] == _ecb(other, block)
    ch.close()


def test_beside_the_aes_core(dev):
    """ECB on the grid and GCM on the AES core at once: both right."""
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    grid = dev.open_channel("ecb", 0, kind="ugrid")
    gcm = dev.open_channel("gcm", 1)
    rng = random.Random(7)
    want = {}
    for i in range(8):
        if i % 2:
            nonce, pt = rng.randbytes(12), rng.randbytes(rng.randrange(1, 200))
            want[dev.submit(gcm, "encrypt", pt, nonce=nonce)] = ("aes", AESGCM(KEYS[24]).encrypt(nonce, pt, b""))
        else:
            pt = rng.randbytes(16 * rng.randrange(1, 4))
            want[dev.submit(grid, "encrypt", pt)] = ("grid", _ecb(KEYS[16], pt))
    for r in dev.drain():
        kind, data = want[r.ticket]
        assert r.ok and r.data + r.tag == data
        assert (r.core == dev.ugrid_slots[0]) == (kind == "grid")
    grid.close()
    gcm.close()


def test_what_the_grid_cannot_do(dev):
    """ECB decryption has no entry on a grid: NO_CORE, and the grid works on.  Refused in
    Python: modes a grid does not serve, a counter of another length, a device without grids."""
    ch = dev.open_channel("ecb", 0, kind="ugrid")
    ct = _ecb(KEYS[16], PLAINTEXT)
    with pytest.raises(DeviceError) as e:
        ch.decrypt(ct)
    assert e.value.status == "NO_CORE"
    assert ch.encrypt(PLAINTEXT)[0] == ct
    ch.close()
    with pytest.raises(ValueError, match="grid serves"):
        dev.open_channel("gcm", 0, kind="ugrid")
    with pytest.raises(ValueError, match="nonce of 16"):
        dev.open_channel("ctr", 0, kind="ugrid", nonce_len=12)
    with mccp.Device(cores=1) as plain:
        plain.load_key(0, KEYS[16])
        with pytest.raises(ValueError, match="grids"):
            plain.open_channel("ecb", 0, kind="ugrid")


def test_bad_packets(dev):
    """Raw packets the Python API would refuse: ECB data that is not whole blocks
    (BAD_PARAM), a body shorter than its header says (TRUNCATED); nothing released, and
    the next packet of the channel is right."""
    rm = regmap.load()
    ch = dev.open_channel("ecb", 0, kind="ugrid")

    def raw(payload_len: int, body: bytes, seq: int) -> None:
        header = rm.pack_header("in", op=rm.op_code["encrypt"], channel=ch.index, seq=seq,
                                payload_len=payload_len, aad_len=0, nonce_len=0, tag_len=0)
        dev.submit_raw(header + body)

    raw(20, bytes(20), 901)
    (r,) = dev.drain()
    assert (r.status, r.data) == ("BAD_PARAM", b"")
    raw(48, bytes(32), 902)
    (r,) = dev.drain()
    assert (r.status, r.data) == ("TRUNCATED", b"")
    assert ch.encrypt(PLAINTEXT)[0] == _ecb(KEYS[16], PLAINTEXT)
    ch.close()


def test_abort(dev):
    """A host abort of a long grid task: ABORTED, no data; the grid takes the next task."""
    ch = dev.open_channel("ecb", 2, kind="ugrid")
    pt = bytes(16 * 100)
    t = dev.submit(ch, "encrypt", pt)
    dev.model.step(2000)
    dev.abort_core(dev.ugrid_slots[0])
    (r,) = dev.drain()
    assert (r.ticket, r.status, r.data) == (t, "ABORTED", b"")
    assert ch.encrypt(PLAINTEXT)[0].hex() == CIPHERTEXT[32]
    ch.close()
