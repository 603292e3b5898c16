"""The elliptic-curve units as slots of mccp_top, through the device API (docs/api.md).

One device (2 AES cores + 2 EC units, the default fast EC configuration) serves the module:
results against the independent galois reference (galois_ref), NIST CAVP KeyPair / PKV records,
AES and EC traffic at once, and the error paths (host checks, device statuses, raw packets,
the EC watchdog budget), each followed by proof that the device still works.
"""

from __future__ import annotations

import random
from functools import lru_cache

import pytest
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from mccp.ref.ec_galois import RefCurve
from mccp import Device, DeviceError, InvalidPoint
from mccp.device import ec_packets
from mccp.ecc import curves
from mccp.ref import ecdsa

CORES, EC_UNITS = 2, 2


@pytest.fixture(scope="module")
def dev():
    with Device(cores=CORES, ec_units=EC_UNITS, coprocessor=1) as d:
        yield d


@lru_cache(maxsize=None)
def ref(name: str) -> RefCurve:
    return RefCurve.of(curves.by_name(name))


def g(c: curves.Curve):
    return ref(c.name).point(c.gx, c.gy)


def mul(c: curves.Curve, k: int, p=None) -> tuple[int, int]:
    r = ref(c.name)
    return RefCurve.ints(r.mul(k, g(c) if p is None else r.point(*p)))


def random_point(c: curves.Curve, rng: random.Random) -> tuple[int, int]:
    return mul(c, rng.randrange(1, c.n))


def _first_of_each(records, key):
    seen, out = set(), []
    for r in records:
        if key(r) not in seen:
            seen.add(key(r))
            out.append(r)
    return out


KEY_PAIRS = [kp for e in ecdsa.editions() for kp in ecdsa.key_pairs(e)]
CHECKS = [pk for e in ecdsa.editions() for pk in ecdsa.public_key_checks(e)]
KEY_PAIRS_FAST = _first_of_each(KEY_PAIRS, lambda r: r.curve)
CHECKS_FAST = _first_of_each(CHECKS, lambda r: (r.curve, r.code))


# ---- results ----------------------------------------------------------------------------
@pytest.mark.parametrize("name", curves.NAMES)
def test_scalar_multiplication(dev, name):
    """k*G and k*P for random k and P, and the edge scalars 1, 2, n-1, against galois."""
    c = curves.by_name(name)
    rng = random.Random(name)
    p = random_point(c, rng)
    for k in (1, 2, c.n - 1, rng.randrange(1, c.n)):
        assert dev.ec_mul(name, k) == mul(c, k), f"{name}: {k:#x} * G"
        assert dev.ec_mul(name, k, p) == mul(c, k, p), f"{name}: {k:#x} * P"


@pytest.mark.parametrize("name", ["K-163", "B-233", "B-283"])
def test_point_addition(dev, name):
    """P + Q, P + P, P + (-P) = O and O + P, with (0, 0) the point at infinity."""
    c = curves.by_name(name)
    rng = random.Random(name)
    r = ref(name)
    p, q = random_point(c, rng), random_point(c, rng)
    neg_p = RefCurve.ints(r.neg(r.point(*p)))
    assert dev.ec_add(name, p, q) == RefCurve.ints(r.add(r.point(*p), r.point(*q)))
    assert dev.ec_add(name, p, p) == mul(c, 2, p)
    assert dev.ec_add(name, p, neg_p) == (0, 0)
    assert dev.ec_add(name, (0, 0), q) == q


@pytest.mark.parametrize("kp", KEY_PAIRS_FAST, ids=lambda r: r.name)
def test_cavp_key_pairs(dev, kp):
    """NIST KeyPair.rsp: d -> Q = d*G (one record per curve; every record with -m long)."""
    assert dev.ec_mul(kp.curve, kp.d) == (kp.qx, kp.qy)


@pytest.mark.long
@pytest.mark.parametrize("kp", KEY_PAIRS, ids=lambda r: r.name)
def test_cavp_key_pairs_all(dev, kp):
    assert dev.ec_mul(kp.curve, kp.d) == (kp.qx, kp.qy)


def _check_pkv(dev, pk):
    if pk.valid:
        dev.ec_validate(pk.curve, (pk.qx, pk.qy))
    else:
        with pytest.raises(InvalidPoint):
            dev.ec_validate(pk.curve, (pk.qx, pk.qy))


@pytest.mark.parametrize("pk", CHECKS_FAST, ids=lambda r: f"{r.name}-{r.code}")
def test_cavp_public_key_validation(dev, pk):
    """NIST PKV.rsp: valid keys pass, each kind of invalid one (out of range, off the curve,
    wrong order) raises InvalidPoint (one record per curve and verdict; all with -m long)."""
    _check_pkv(dev, pk)


@pytest.mark.long
@pytest.mark.parametrize("pk", CHECKS, ids=lambda r: f"{r.name}-{r.code}")
def test_cavp_public_key_validation_all(dev, pk):
    _check_pkv(dev, pk)


# ---- private scalars in the key store ---------------------------------------------------
@pytest.mark.parametrize("kp", KEY_PAIRS_FAST, ids=lambda r: r.name)
def test_cavp_key_pairs_private(dev, kp):
    """KeyPair.rsp through the key store: d loaded write-only, Q = d*G on the device."""
    dev.load_ec_private(5, kp.curve, kp.d)
    assert dev.ec_public(5) == (kp.qx, kp.qy)


def _status(dev, ticket: int) -> str:
    return next(r.status for r in dev.drain() if r.ticket == ticket)


def test_private_scalar_rules(dev):
    """Scalars out of range and slots without a scalar of the curve are refused (the host
    first, the device's KEY_ERROR when asked anyway); new EC microcode erases every scalar and
    no AES key; the slot works again once reloaded."""
    c = curves.by_name("K-233")
    d = random.Random(9).randrange(1, c.n)
    for bad in (0, c.n, -3):
        with pytest.raises(ValueError):
            dev.load_ec_private(6, c.name, bad)
    dev.zeroize(7)
    with pytest.raises(ValueError):
        dev.ec_public(7)
    dev.load_key(8, bytes(range(16)))
    with pytest.raises(ValueError):
        dev.ec_public(8)
    dev.load_ec_private(6, c.name, d)
    with pytest.raises(ValueError):
        dev.open_channel("gcm", key_slot=6)
    assert dev.ec_public(6) == mul(c, d)
    # the device's own checks: a channel of another curve on the slot, an AES key, no key
    for slot, curve in ((6, "B-233"), (8, c.name), (7, c.name)):
        assert _status(dev, dev.submit_ec("ec-public", curve, key_slot=slot)) == "KEY_ERROR"
    valid = dev.read_reg("KEY_VALID")
    assert (valid >> 6 & 1, valid >> 8 & 1) == (1, 1)
    dev.load_firmware(dev.ec_slots)
    valid = dev.read_reg("KEY_VALID")
    assert (valid >> 6 & 1, valid >> 8 & 1) == (0, 1)
    assert _status(dev, dev.submit_ec("ec-public", c.name, key_slot=6)) == "KEY_ERROR"
    dev.load_ec_private(6, c.name, d)
    assert dev.ec_public(6) == mul(c, d)


# ---- the fabric -------------------------------------------------------------------------
def test_mixed_aes_and_ec_traffic(dev):
    """AES-GCM packets and EC scalar multiplications in flight at once: every result right,
    EC tasks only on EC slots, AES tasks only on AES cores."""
    rng = random.Random(5)
    key = bytes(range(16))
    dev.load_key(0, key)
    ch = dev.open_channel("gcm", key_slot=0)
    c = curves.by_name("K-233")
    jobs = []
    for i in range(8):
        if i % 2:
            k = rng.randrange(1, c.n)
            jobs.append(("ec", k, dev.submit_ec("ec-mulg", c.name, k)))
        else:
            nonce, data = rng.randbytes(12), rng.randbytes(rng.randrange(1, 200))
            jobs.append(("aes", (nonce, data), dev.submit(ch, "encrypt", data, nonce=nonce)))
    results = {r.ticket: r for r in dev.drain()}
    cfg = dev._ec_channel("ec-mulg", c.name)
    for kind, what, ticket in jobs:
        r = results[ticket]
        assert r.status == "OK"
        if kind == "ec":
            assert r.core in dev.ec_slots
            assert ec_packets.split_body(cfg, r.data) == mul(c, what)
        else:
            assert r.core in range(dev.cores)
            nonce, data = what
            assert r.data + r.tag == AESGCM(key).encrypt(nonce, data, None)
    ch.close()


def test_capabilities(dev):
    """CONFIG0 counts both kinds; CORE_CAPS says each slot's kind, CORE_FUNCS its functions."""
    cfg = dev.read_fields("CONFIG0")
    assert (cfg["num_cores"], cfg["num_ec"]) == (CORES, EC_UNITS)
    for s in range(CORES + EC_UNITS):
        dev.write_reg("CORE_SEL", s)
        caps = dev.read_fields("CORE_CAPS")
        ecc = s >= CORES
        assert caps["kind"] == dev.rm.kind_code["ecc" if ecc else "aes"]
        if ecc:
            want = sum(1 << (m["code"] * 2) for m in dev.rm.ec_modes)
            assert dev.read_fields("CORE_FUNCS")["funcs"] == want and caps["decrypt"] == 0


# ---- bad input --------------------------------------------------------------------------
def test_host_checks(dev):
    """What the host can tell raises before the device is touched."""
    c = curves.by_name("B-163")
    before = dev.cycles
    for k in (0, c.n, c.n + 5, -1):
        with pytest.raises(ValueError):
            dev.ec_mul(c.name, k)
    for p in ((0, 0), (1 << 163, 1), (1, -1), (1,), "xy"):
        with pytest.raises(InvalidPoint):
            dev.ec_mul(c.name, 5, p)
    with pytest.raises(ValueError):
        dev.ec_mul("P-256", 5)
    assert dev.cycles == before


@pytest.mark.parametrize("name", ["K-163", "B-283"])
def test_device_rejects_bad_points(dev, name):
    """Off the curve and a point of order 2 (x = 0: (0, sqrt(b))) are INVALID_POINT from the
    device; then the device still computes."""
    c = curves.by_name(name)
    x, y = random_point(c, random.Random(1))
    off = (x, y ^ 1)
    assert not ref(name).on_curve(ref(name).point(*off))
    order2 = (0, c.sqrt_b)
    for p in (off, order2):
        with pytest.raises(InvalidPoint) as e:
            dev.ec_mul(name, 3, p)
        assert e.value.status == "INVALID_POINT"
        with pytest.raises(InvalidPoint):
            dev.ec_validate(name, p)
    assert dev.ec_mul(name, 3, (x, y)) == mul(c, 3, (x, y))


def _raw_ec(dev, func: str, curve: str, body: bytes) -> str:
    cfg = dev._ec_channel(func, curve)
    header = dev.rm.pack_header("in", op=0, channel=cfg.index, seq=0x7000 + len(body), payload_len=len(body),
                                aad_len=0, nonce_len=0, tag_len=0)
    dev.submit_raw(header + body)
    (r,) = dev.drain()
    return r.status


def test_device_statuses(dev):
    """A scalar out of range sent past the host checks (BAD_SCALAR), a packet cut short
    (TRUNCATED) or too long (LENGTH), a curve id the unit lacks (BAD_CURVE), an op other than
    0 (BAD_HEADER), a function without firmware (NO_CORE); the next request still works."""
    c = curves.by_name("K-163")
    size = ec_packets.element_bytes(c)
    assert _raw_ec(dev, "ec-mulg", c.name, c.n.to_bytes(size, "big")) == "BAD_SCALAR"
    assert _raw_ec(dev, "ec-mulg", c.name, (0).to_bytes(size, "big")) == "BAD_SCALAR"
    assert _raw_ec(dev, "ec-mul", c.name, (5).to_bytes(size, "big") + bytes(size)) == "TRUNCATED"
    assert _raw_ec(dev, "ec-mulg", c.name, (5).to_bytes(size, "big") * 2) == "LENGTH"
    assert _raw_ec(dev, "ec-mulg", c.name, b"") == "TRUNCATED"
    # channel 60: an ecc channel of curve id 6 (none), then one with op 1, then function 6
    # (no entry in the EC units' table)
    for cfg0, cfg1, op, status in ((dict(mode=1), dict(curve=6), 0, "BAD_CURVE"),
                                   (dict(mode=1), dict(curve=0), 1, "BAD_HEADER"),
                                   (dict(mode=6), dict(curve=0), 0, "NO_CORE")):
        dev.write_reg("CHAN_SEL", 60)
        dev.write_reg("CHAN_CFG1", **cfg1)
        dev.write_reg("CHAN_CFG0", kind=dev.rm.kind_code["ecc"], enable=1, **cfg0)
        header = dev.rm.pack_header("in", op=op, channel=60, seq=0x7100, payload_len=size, aad_len=0,
                                    nonce_len=0, tag_len=0)
        dev.submit_raw(header + (5).to_bytes(size, "big"))
        (r,) = dev.drain()
        assert r.status == status
    dev.write_reg("CHAN_CFG0", enable=0)
    assert dev.ec_mul(c.name, 7) == mul(c, 7)


def test_ec_watchdog(dev):
    """An EC task over its budget (WATCHDOG_EC) ends TIMEOUT, other work goes on, and with
    the budget back the same request succeeds."""
    c = curves.by_name("B-283")
    dev.write_reg("WATCHDOG_EC", base=500)
    try:
        with pytest.raises(DeviceError) as e:
            dev.ec_mul(c.name, 12345)
        assert e.value.status == "TIMEOUT"
    finally:
        dev.write_reg("WATCHDOG_EC", base=dev.rm.reg("WATCHDOG_EC").reset)
    assert dev.ec_mul(c.name, 12345) == mul(c, 12345)
