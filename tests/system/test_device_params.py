"""Non-default parameters reach the RTL (-G) and the API's checks: 2 cores, 64-bit streams,
4 key slots, 8 channels, 1 KB buffers, only core 0 with AES decryption, GHASH with 12-bit
digits (a size that does not divide 128: 11 clocks a block)."""

import random

import pytest

from cases import make_case
from mccp import Device
from mccp.ref import aes as aes_ref


@pytest.fixture(scope="module")
def small():
    with Device(cores=2, stream_bits=64, key_slots=4, channels=8, buf_bytes=1024, decrypt_cores=0b01,
                ghash_digit_bits=12) as d:
        yield d


def test_config_registers(small):
    c0, c1 = small.read_fields("CONFIG0"), small.read_fields("CONFIG1")
    assert (c0["num_cores"], c0["stream_bits"], c0["key_slots"]) == (2, 64, 4)
    assert (c1["channels"], c1["buf_words"]) == (8, 1024 // 16 + 8)
    decrypt = []
    for core in range(2):
        small.write_reg("CORE_SEL", core)
        decrypt.append(small.read_fields("CORE_CAPS")["decrypt"])
    assert decrypt == [1, 0]


def test_limits(small):
    for bad in (0, 100, 256):
        with pytest.raises(ValueError, match="ghash_digit_bits"):
            Device(cores=1, ghash_digit_bits=bad)
    with pytest.raises(ValueError, match="slot"):
        small.load_key(4, bytes(16))
    key = bytes(range(32))
    small.load_key(3, key)
    chans = [small.open_channel("ctr", 3) for _ in range(8)]
    try:
        with pytest.raises(ValueError, match="all 8 channels"):
            small.open_channel("ctr", 3)
        with pytest.raises(ValueError, match="1024 bytes"):
            chans[0].encrypt(bytes(1025), nonce=bytes(16))
        nonce = bytes(16)
        assert chans[7].encrypt(bytes(1024), nonce=nonce)[0] == aes_ref.ctr32(key, nonce, bytes(1024))
    finally:
        for ch in chans:
            ch.close()


def test_decrypt_cores(small):
    """ECB/CBC decryption needs the AES decryption datapath: only core 0 has it; GCM and GMAC
    (forward cipher only) run on both, through the 12-bit-digit GHASH."""
    rng = random.Random(5)
    key = rng.randbytes(24)
    small.load_key(0, key)
    chans = {m: small.open_channel(m, 0) for m in ("ecb", "cbc", "gcm", "gmac")}
    try:
        expect = {}
        for _ in range(40):
            mode = rng.choice(list(chans))
            ch = chans[mode]
            ops = ("mac", "verify") if mode == "gmac" else ("encrypt", "decrypt")
            c = make_case(rng, mode, rng.choice(ops), key, rng.randint(16, 400),
                          ch.cfg.nonce_len, ch.cfg.tag_len, aad_len=rng.randint(0, 40))
            expect[small.submit(ch, c.op, c.data, nonce=c.nonce, aad=c.aad, tag=c.tag)] = (mode, c)
        results = small.drain()
        cores = {}
        for r in results:
            mode, c = expect[r.ticket]
            assert r.status == "OK" and (r.data, r.tag) == (c.want_data, c.want_tag), (mode, c.op)
            cores.setdefault((mode, c.op), set()).add(r.core)
        assert cores[("ecb", "decrypt")] == {0} and cores[("cbc", "decrypt")] == {0}
        assert cores[("gcm", "decrypt")] == {0, 1} and cores[("ecb", "encrypt")] == {0, 1}
    finally:
        for ch in chans.values():
            ch.close()


def test_channel_table_reads_back(small):
    """The host reads every entry back as written (CHAN_CFG0/1 of the entry CHAN_SEL selects),
    including right after CHAN_SEL moves to another entry and right after a CHAN_CFG0 write;
    a readback path a cycle too slow would return the previously selected entry."""
    rng = random.Random(7)
    rm = small.rm
    written = {}
    try:
        for index in rng.sample(range(8), 8):
            cfg0 = dict(mode=rng.choice(list(rm.mode_code.values())), enable=rng.getrandbits(1),
                        key_len=rng.randrange(3), tag_len=rng.randrange(17), ordered=rng.getrandbits(1),
                        affinity=rng.getrandbits(1), split=rng.getrandbits(1), key_slot=rng.randrange(4),
                        kind=rng.randrange(8))
            if cfg0["kind"] == rm.kind_code["ecc"] and cfg0["mode"] == rm.ec_mode_code["ecdh"]:
                cfg0["mode"] = rm.ec_mode_code["ec-mul"]     # ecdh needs SECRET_OUT (a refused entry)
            # every CHAN_CFG1 field but the secret flags, which the secret rules constrain
            cfg1 = {f.name.lower(): rng.getrandbits(f.width) for f in rm.reg("CHAN_CFG1").fields.values()}
            cfg1.update(secret_in=0, secret_out=0, zero_key=0, kdf=0)
            small.write_reg("CHAN_SEL", index)
            small.write_reg("CHAN_CFG1", **cfg1)
            small.write_reg("CHAN_CFG0", **cfg0)
            assert small.read_fields("CHAN_CFG0") == cfg0, f"entry {index} right after its write"
            written[index] = (cfg0, cfg1)
        for index in [i for _ in range(3) for i in rng.sample(range(8), 8)]:
            small.write_reg("CHAN_SEL", index)
            got = (small.read_fields("CHAN_CFG0"), small.read_fields("CHAN_CFG1"))
            assert got == written[index], f"entry {index}: read {got}, written {written[index]}"
    finally:
        for index in range(8):           # every entry closed again, as the API left them
            small.write_reg("CHAN_SEL", index)
            small.write_reg("CHAN_CFG0", enable=0)
