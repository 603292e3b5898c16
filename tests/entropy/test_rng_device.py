"""The randomness unit through the device API (docs/entropy.md, docs/api.md "Randomness").

One simulation build (2 AES cores, 1 EC unit "m283-d71", the randomness unit with test entropy)
serves most tests.  Expected values come from independent references only: the CAVP vectors and
mccp.ref.ctr_drbg for the DRBG (a DRBG state set through drbg_test makes a generated
key predictable, so the test can look for it where it must not be), `cryptography`'s AES, the
galois-based curve arithmetic of mccp.ref.ec_galois.
"""

from __future__ import annotations

import random

import pytest
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from mccp import Device, DeviceError
from mccp.device import rng_packets
from mccp.ecc import curves
from mccp.ref.ec_galois import RefCurve

from drbg_vectors import load_vectors
from mccp.ref.ctr_drbg import CtrDrbg

BLOCK = bytes(range(16))


# One build for every test here (the source model's knobs are run-time plusargs).
BUILD = dict(cores=2, ec_units=1, ec_config="m283-d71", rng_test=True)


@pytest.fixture(scope="module")
def dev():
    with Device(**BUILD) as d:
        yield d


def ecb(key: bytes, block: bytes = BLOCK) -> bytes:
    return Cipher(algorithms.AES(key), modes.ECB()).encryptor().update(block)


def encrypt_with_slot(dev, slot: int, block: bytes = BLOCK) -> bytes:
    with dev.open_channel("ecb", slot) as ch:
        return ch.encrypt(block)[0]


def set_state(dev, rng: random.Random) -> CtrDrbg:
    """Instantiate the device's DRBG from known entropy (drbg_test) and return the reference
    in the same state."""
    ent, nonce = rng.randbytes(32), rng.randbytes(16)
    dev.drbg_test("instantiate", ent + nonce)
    ref = CtrDrbg(256, True)
    ref.instantiate(ent, nonce)
    return ref


def test_cavp_through_the_device(dev):
    """CAVP counts of every configuration (AES-128/256, df or not, reseed, prediction
    resistance) on the RTL through the API's test entropy."""
    vectors = load_vectors()
    picked = vectors[::41] + [v for v in vectors if v.pr][:2] + [v for v in vectors if v.key_bits == 128][:2]
    for vec in picked:
        nonce = vec.get("Nonce")
        entropy = vec.get("Entropy") + (nonce + bytes(-len(nonce) % 16) if vec.df else b"")
        dev.drbg_test("instantiate", entropy, vec.get("PersonalisationString"),
                      aes256=vec.key_bits == 256, df=vec.df)
        if "ReseedEntropy" in vec.fields:
            dev.drbg_test("reseed", vec.get("ReseedEntropy"), vec.get("ReseedAdditionalInput"))
        out = b""
        for call in "AB":
            ent = vec.get(f"EntropyPredictionResistance{call}") if vec.pr else b""
            out = dev.drbg_test("generate", ent, vec.get(f"AdditionalInput{call}"), 64,
                                prediction_resistance=vec.pr)
        assert out == vec.get("Output"), vec.name
    dev.instantiate()            # back to entropy from the source


def test_random_bytes(dev):
    """random(n) gives n bytes, the DRBG's output for its state (known state via drbg_test),
    splits requests larger than the device's buffer, and moves the reseed counter."""
    ref = set_state(dev, random.Random(1))
    for n, add in ((1, b""), (17, b"ctx"), (64, b""), (dev.buf_bytes + 100, b"x" * 40)):
        got = dev.random(n, add)
        want = b""
        while len(want) < n:
            chunk = min(n - len(want), dev.buf_bytes)
            want += ref.generate(rng_packets.out_words_bytes(chunk), add)[:chunk]
        assert got == want, n
    assert dev.entropy_status()["reseed_counter"] == ref.reseed_counter
    dev.instantiate(b"personalized")
    a, b = dev.random(32), dev.random(32)
    assert a != b and len(a) == 32
    assert dev.random(0) == b""


def test_generated_aes_key_works_and_stays_inside(dev):
    """generate_key: the slot holds the DRBG's next key (predicted by the reference), channels
    encrypt with it, and no register read and no output packet shows any 4 bytes of it."""
    rng = random.Random(2)
    for bits in (128, 192, 256):
        ref = set_state(dev, rng)
        dev.tap = []
        dev.generate_key(5, bits=bits)
        key = ref.generate(rng_packets.out_words_bytes(bits // 8))[:bits // 8]
        assert encrypt_with_slot(dev, 5) == ecb(key), bits
        with dev.open_channel("ecb", 5) as ch:
            ct = ch.encrypt(BLOCK * 4)[0]
            assert ch.decrypt(ct) == BLOCK * 4
        words = {key[i:i + 4] for i in range(0, len(key), 4)}
        regs = [dev.model.read_resp(a)[1].to_bytes(4, "big") for a in range(0, 0x1000, 4)]
        assert not words & set(regs), "a register shows key bits"
        for pkt in dev.tap:
            assert not any(w in pkt for w in words), "an output packet carries key bits"
    dev.tap = None
    dev.instantiate()
    dev.generate_key(6, bits=128)
    dev.generate_key(7, bits=128)
    assert encrypt_with_slot(dev, 6) != encrypt_with_slot(dev, 7)


@pytest.mark.parametrize("name", [c.name for c in curves.CURVES])
def test_ec_keygen(dev, name):
    """ec_keygen: d is the reference's first candidate of bitlen(n) bits <= n - 2, plus one,
    and the public key returned is d*G (galois)."""
    c = curves.by_name(name)
    ref = set_state(dev, random.Random(name))
    q = dev.ec_keygen(8, name)
    w = -(-c.m // 128)
    while True:
        cand = int.from_bytes(ref.generate(16 * w), "big") & ((1 << c.n.bit_length()) - 1)
        if cand <= c.n - 2:
            break
    rc = RefCurve.of(c)
    assert q == RefCurve.ints(rc.mul(cand + 1, rc.point(c.gx, c.gy)))


def test_ecdh_between_generated_keys(dev):
    """Two generated key pairs agree on the ECDH key in both directions (the derived AES keys
    encrypt a block alike), and differ from a third party's."""
    dev.instantiate()
    for name in ("K-163", "B-283"):
        qa = dev.ec_keygen(1, name)
        qb = dev.ec_keygen(2, name)
        qc = dev.ec_keygen(3, name)
        dev.ecdh(1, qb, key_slot=10)
        dev.ecdh(2, qa, key_slot=11)
        dev.ecdh(3, qa, key_slot=12)
        assert encrypt_with_slot(dev, 10) == encrypt_with_slot(dev, 11)
        assert encrypt_with_slot(dev, 10) != encrypt_with_slot(dev, 12)


def test_bad_input(dev):
    """Each refused request is a ValueError (host) or a defined status (device), and the unit
    keeps serving."""
    for call in (lambda: dev.random(rng_packets.MAX_REQUEST_BYTES + 1), lambda: dev.random(-1),
                 lambda: dev.random(4, b"x" * 257), lambda: dev.generate_key(0, bits=100),
                 lambda: dev.generate_key(99), lambda: dev.ec_keygen(0, "P-256"),
                 lambda: dev.reseed(b"x" * 257), lambda: dev.instantiate("text"),
                 lambda: dev.drbg_test("zeroize")):
        with pytest.raises(ValueError):
            call()
    gen = dev._rng_channel("generate")
    # more than one buffer in one generate, a short request word, an unknown test command
    for req, tail in ((rng_packets.request_word(dev.buf_bytes + 16), b""), (b"short", b""),
                      (rng_packets.request_word(16) + b"", bytes(300))):
        r = dev._wait(dev.submit_rng(gen, req, tail, 16), "bad")
        assert r.status == "BAD_PARAM" and r.data == b""
    # an rng channel entry the secret rules refuse: ec-keygen without SECRET_OUT, reseed with it
    rm = dev.rm
    for mode, cfg1 in (("ec-keygen", {}), ("reseed", {"secret_out": 1, "dest_slot": 1})):
        dev.write_reg("CHAN_SEL", 60)
        dev.write_reg("CHAN_CFG1", **cfg1)
        with pytest.raises(Exception, match="SLVERR"):
            dev.write_reg("CHAN_CFG0", kind=rm.kind_code["rng"], mode=rm.rng_mode_code[mode], enable=1)
    # requests while the unit restarts: RNG_NOT_READY
    dev.write_reg("RNG_RESTART", go=1)
    r = dev._wait(dev.submit_rng(gen, rng_packets.request_word(16), b"", 16), "early")
    assert r.status == "RNG_NOT_READY"
    assert dev.wait_rng() == "READY"
    assert len(dev.random(16)) == 16


def test_alarm_stops_output_and_keys():
    """A source that sticks after start-up raises the RCT alarm: random and key generation
    fail with RNG_ALARM, no key lands, the status shows it; a restart with the fault still
    there ends in the alarm again."""
    with Device(**BUILD, entropy_model={"stuck": 1, "fault_at": 9000}) as d:
        assert len(d.random(16)) == 16                   # before the fault
        d.model.step(40_000)
        st = d.entropy_status()
        assert st["alarm"] and st["rct_fail"]
        with pytest.raises(DeviceError) as e:
            d.random(16)
        assert e.value.status == "RNG_ALARM"
        with pytest.raises(DeviceError):
            d.generate_key(4, bits=256)
        assert not (d.read_reg("KEY_VALID") >> 4) & 1
        assert d.rng_restart() == "ALARM"


def test_capture_gives_raw_samples():
    """Capture: raw samples, about half ones on the ideal model (a plumbing check); the unit
    comes back READY."""
    with Device(**BUILD) as d:
        raw = d.entropy_capture(64)
        ones = sum(bin(b).count("1") for b in raw)
        assert len(raw) == 256 and 900 < ones < 1150
        assert d.entropy_status()["state"] == "READY"
        assert len(d.random(16)) == 16


@pytest.mark.long
def test_statistical_screen_of_1mb():
    """1 MB from the DRBG on the simulated source: byte frequencies pass a chi-square test and
    the number of runs of the bit stream is within 5 sigma of a fair coin's (a plumbing check:
    a stuck path, a repeated block or a lost byte lane would fail it; no entropy claim)."""
    with Device(**BUILD) as d:
        data = b"".join(d.random(65536) for _ in range(16))
    n = len(data)
    counts = [0] * 256
    for b in data:
        counts[b] += 1
    expect = n / 256
    chi2 = sum((c - expect) ** 2 / expect for c in counts)
    assert 180 < chi2 < 340, chi2              # 255 degrees of freedom, p ~ 1e-4 each side
    bits = int.from_bytes(data, "big")
    nbits = 8 * n
    runs = 1 + bin((bits ^ (bits >> 1)) & ((1 << (nbits - 1)) - 1)).count("1")
    mean, sd = (nbits + 1) / 2, ((nbits - 1) / 4) ** 0.5
    assert abs(runs - mean) < 5 * sd, (runs, mean, sd)
    blocks = {data[i:i + 16] for i in range(0, n, 16)}
    assert len(blocks) == n // 16, "a 16-byte block repeats"
