"""ECDH through the device API and the secret path between the kinds (docs/fabric.md "Secret
inputs and outputs"): an EC unit's shared secret into a key slot, an AES core's CMAC
extraction and SP 800-108 KDF into an AES key, which never leaves the device.

Expected values come from the independent references only: the shared point by galois
(mccp.ref.ec_galois: Z = x((h d_A) Q_B)), the extraction by `cryptography`'s CMAC, the
expansion by its KBKDFCMAC, the block encrypted under the derived key by its AES.  The device
(2 AES cores + 2 fast EC units, the build of test_ecc_device.py) proves it holds the key by
encrypting with it.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from cryptography.hazmat.primitives.cmac import CMAC
from cryptography.hazmat.primitives.kdf.kbkdf import KBKDFCMAC, CounterLocation, Mode

from mccp import Device, DeviceError, InvalidPoint
from mccp.device.model import BusError
from mccp.ecc import curves
from mccp.ref.ec_galois import RefCurve

CORES, EC_UNITS = 2, 2
BLOCK = bytes(range(16))


@pytest.fixture(scope="module")
def dev():
    with Device(cores=CORES, ec_units=EC_UNITS, coprocessor=1) as d:
        yield d


def shared_x(c: curves.Curve, d: int, q: tuple[int, int]) -> int:
    """SP 800-56A ECC CDH with the cofactor: x of (h d) Q."""
    ref = RefCurve.of(c)
    return RefCurve.ints(ref.mul(c.h * d % c.n, ref.point(*q)))[0]


def derived_key(c: curves.Curve, z: int, key_len: int, label: bytes, context: bytes) -> bytes:
    """SP 800-56C two-step: K_DK = AES-CMAC(16 zero bytes, FE2OS(Z)), then the SP 800-108
    counter-mode KDF with AES-CMAC ([i]_32 || Label || 0x00 || Context || [L]_32)."""
    mac = CMAC(algorithms.AES(bytes(16)))
    mac.update(z.to_bytes((c.m + 7) // 8, "big"))
    kdk = mac.finalize()
    return KBKDFCMAC(algorithms.AES, Mode.CounterMode, key_len, 4, 4, CounterLocation.BeforeFixed,
                     label, context, None).derive(kdk)


def ecb(key: bytes, block: bytes = BLOCK) -> bytes:
    return Cipher(algorithms.AES(key), modes.ECB()).encryptor().update(block)


def encrypt_with_slot(dev, slot: int, block: bytes = BLOCK) -> bytes:
    with dev.open_channel("ecb", slot) as ch:
        return ch.encrypt(block)[0]


def public(c: curves.Curve, d: int) -> tuple[int, int]:
    ref = RefCurve.of(c)
    return RefCurve.ints(ref.mul(d, ref.point(c.gx, c.gy)))


# ---- results ----------------------------------------------------------------------------
@pytest.mark.parametrize("name,key_len", [("K-163", 16), ("B-163", 32), ("K-233", 24), ("B-233", 16),
                                          ("K-283", 32), ("B-283", 16)])
def test_ecdh_both_directions(dev, name, key_len):
    """Two private scalars in the key store, their public keys from the device; ECDH in both
    directions gives the key the references derive: each slot encrypts a block as AES does
    under that key."""
    c = curves.by_name(name)
    rng = random.Random(name)
    d_a, d_b = rng.randrange(1, c.n), rng.randrange(1, c.n)
    label, context = rng.randbytes(rng.randrange(0, 20)), rng.randbytes(rng.randrange(0, 40))
    dev.load_ec_private(1, name, d_a)
    dev.load_ec_private(2, name, d_b)
    q_a, q_b = dev.ec_public(1), dev.ec_public(2)
    assert (q_a, q_b) == (public(c, d_a), public(c, d_b))
    dev.ecdh(1, q_b, 5, key_len=key_len, label=label, context=context)
    dev.ecdh(2, q_a, 6, key_len=key_len, label=label, context=context)
    z = shared_x(c, d_a, q_b)
    assert z == shared_x(c, d_b, q_a)
    want = ecb(derived_key(c, z, key_len, label, context))
    assert encrypt_with_slot(dev, 5) == want
    assert encrypt_with_slot(dev, 6) == want


def test_ecdh_edge_scalars(dev):
    """d = 1 and d = n - 1 (the ladder's (k+1) P = O case) on a Koblitz curve of cofactor 4."""
    c = curves.by_name("K-233")
    peer = public(c, 0x1234567)
    for d in (1, c.n - 1):
        dev.load_ec_private(3, c.name, d)
        dev.ecdh(3, peer, 7)
        assert encrypt_with_slot(dev, 7) == ecb(derived_key(c, shared_x(c, d, peer), 16, b"", b""))


# ---- invalid points ---------------------------------------------------------------------
def _invalid_points(c: curves.Curve, rng: random.Random) -> dict[str, tuple[int, int]]:
    """Points every ECDH must refuse, checked against the reference here."""
    ref = RefCurve.of(c)
    x, y = public(c, rng.randrange(1, c.n))
    order2 = (0, c.sqrt_b)                       # (0, sqrt(b)): 2 P = O
    # P + T with T of order 2: on the curve, order 2n, not a public key of the group
    p2n = RefCurve.ints(ref.add(ref.point(x, y), ref.point(*order2)))
    out = {"off_curve": (x, y ^ 1), "order_2": order2, "order_2n": p2n}
    # a point on the curve's quadratic twist (x from the twist, any y): off the curve
    while True:
        tx = rng.getrandbits(c.m)
        if not ref.on_curve(ref.point(tx, y)):
            out["twist_x"] = (tx, y)
            break
    assert not ref.on_curve(ref.point(*out["off_curve"]))
    assert ref.on_curve(ref.point(*p2n)) and ref.mul(c.n, ref.point(*p2n)) is not None
    return out


@pytest.mark.parametrize("name", ["K-163", "K-283", "B-233"])
def test_ecdh_rejects_invalid_points(dev, name):
    """Off the curve, of order 2, of order 2n (full validation), twist x: InvalidPoint, and the
    destination slot keeps its key; the point at infinity and coordinates >= 2^m the host
    refuses before the device is touched."""
    c = curves.by_name(name)
    rng = random.Random(7)
    dev.load_ec_private(3, name, rng.randrange(1, c.n))
    key = rng.randbytes(16)
    dev.load_key(8, key)
    for what, p in _invalid_points(c, rng).items():
        with pytest.raises(InvalidPoint) as e:
            dev.ecdh(3, p, 8)
        assert e.value.status == "INVALID_POINT", what
        assert encrypt_with_slot(dev, 8) == ecb(key), what
    before = dev.cycles
    for p in ((0, 0), (1 << c.m, 1), (1, 1 << c.m)):
        with pytest.raises(InvalidPoint):
            dev.ecdh(3, p, 8)
    assert dev.cycles == before


@pytest.mark.parametrize("name", ["K-163", "B-283"])
def test_ecdh_primitive_validates_on_its_own(dev, name):
    """The device's ecdh function (no full validation by the host first) refuses a point off
    the curve and one of order 2 itself, with INVALID_POINT and nothing committed; a point of
    order 2n (P + T, T of order 2) it takes, and by the cofactor its secret is that of P."""
    c = curves.by_name(name)
    rng = random.Random(11)
    d = rng.randrange(1, c.n)
    dev.load_ec_private(3, name, d)
    key = rng.randbytes(16)
    dev.load_key(9, key)
    pts = _invalid_points(c, rng)
    for what in ("off_curve", "order_2", "twist_x"):
        t = dev.submit_ec("ecdh", name, *pts[what], key_slot=3, dest_slot=9)
        (r,) = [r for r in dev.drain() if r.ticket == t]
        assert r.status == "INVALID_POINT" and r.data == b"", what
        assert encrypt_with_slot(dev, 9) == ecb(key), what
    t = dev.submit_ec("ecdh", name, *pts["order_2n"], key_slot=3, dest_slot=9)
    assert [r.status for r in dev.drain() if r.ticket == t] == ["OK"]
    dev.derive_key(9, name, 9)
    ref = RefCurve.of(c)
    p = RefCurve.ints(ref.add(ref.point(*pts["order_2n"]), ref.point(*pts["order_2"])))
    assert encrypt_with_slot(dev, 9) == ecb(derived_key(c, shared_x(c, d, p), 16, b"", b""))


# ---- the secret rules -------------------------------------------------------------------
def _channel(dev, index: int, cfg1: dict, **cfg0) -> None:
    dev.write_reg("CHAN_SEL", index)
    dev.write_reg("CHAN_CFG1", **cfg1)
    dev.write_reg("CHAN_CFG0", enable=1, **cfg0)


def _send(dev, channel: int, op: str = "mac", payload: bytes = b"", seq: int = 0x5000) -> str:
    """A packet on a hand-written channel: its status (a secret channel's packet has no data)."""
    header = dev.rm.pack_header("in", op=dev.rm.op_code[op], channel=channel, seq=seq, payload_len=len(payload),
                                aad_len=0, nonce_len=0, tag_len=0)
    dev.submit_raw(header + payload)
    (r,) = dev.drain()
    assert r.data == b"", "a secret channel's packet carries no data"
    return r.status


def _ecb_raw(dev, channel: int, slot: int) -> bytes:
    """BLOCK encrypted by ECB under the AES-128 key of `slot`, a slot the API did not fill."""
    _channel(dev, channel, {}, kind=dev.rm.kind_code["aes"], mode=dev.rm.mode_code["ecb"], key_slot=slot)
    header = dev.rm.pack_header("in", op=dev.rm.op_code["encrypt"], channel=channel, seq=0x5100, payload_len=16,
                                aad_len=0, nonce_len=0, tag_len=0)
    dev.submit_raw(header + BLOCK)
    (r,) = dev.drain()
    assert r.status == "OK"
    return r.data


def test_secret_rules(dev):
    """Register-level: channel entries that could let a secret out are refused; a shared secret
    is neither an AES key nor a scalar; a key made from one (restricted) serves only tasks whose
    output is secret; an output too short for its destination is BAD_SECRET; new AES firmware
    erases the restricted slots, new EC microcode the shared secrets, and neither touches a
    plain AES key or the other kind's."""
    rm = dev.rm
    ecc, aes = rm.kind_code["ecc"], rm.kind_code["aes"]
    cmac, ecb_mode = rm.mode_code["cmac"], rm.mode_code["ecb"]
    ecdh_mode = rm.ec_mode_code["ecdh"]
    c = curves.by_name("B-163")
    ch = 50
    # refused entries: the write answers SLVERR and changes nothing
    for cfg1, cfg0 in ((dict(secret_in=1, src_slot=1), dict(kind=aes, mode=cmac)),           # no SECRET_OUT
                       (dict(curve=c.id), dict(kind=ecc, mode=ecdh_mode)),                     # ecdh to the stream
                       (dict(curve=c.id, secret_out=1, dest_slot=3), dict(kind=ecc, mode=0)),  # ec-mul secret
                       (dict(kdf=1, secret_out=1), dict(kind=aes, mode=ecb_mode)),             # KDF on ECB
                       (dict(kdf=1), dict(kind=aes, mode=cmac)),                               # KDF to the stream
                       (dict(zero_key=1, curve=c.id, secret_out=1), dict(kind=ecc, mode=ecdh_mode)),
                       (dict(secret_out=1, dest_slot=dev.key_slots), dict(kind=aes, mode=ecb_mode))):
        with pytest.raises(BusError):
            _channel(dev, ch, cfg1, **cfg0)
    # a shared secret in slot 10
    d = 0xABCDEF
    dev.load_ec_private(4, c.name, d)
    peer = public(c, 0x55AA)
    t = dev.submit_ec("ecdh", c.name, *peer, key_slot=4, dest_slot=10)
    assert [r.status for r in dev.drain() if r.ticket == t] == ["OK"]
    z = shared_x(c, d, peer)
    # not an AES key, not a scalar
    _channel(dev, ch, {}, kind=aes, mode=ecb_mode, key_slot=10)
    assert _send(dev, ch, "encrypt", BLOCK) == "KEY_ERROR"
    t = dev.submit_ec("ec-public", c.name, key_slot=10)
    assert [r.status for r in dev.drain() if r.ticket == t] == ["KEY_ERROR"]
    # a SECRET_IN channel naming another curve: KEY_ERROR
    _channel(dev, ch, dict(secret_in=1, src_slot=10, curve=curves.by_name("K-163").id, zero_key=1,
                           secret_out=1, dest_slot=11), kind=aes, mode=cmac, tag_len=16)
    assert _send(dev, ch) == "KEY_ERROR"
    # extraction into slot 11: K_DK, restricted
    _channel(dev, ch, dict(secret_in=1, src_slot=10, curve=c.id, zero_key=1, secret_out=1, dest_slot=11),
             kind=aes, mode=cmac, tag_len=16)
    assert _send(dev, ch) == "OK"
    mac = CMAC(algorithms.AES(bytes(16)))
    mac.update(z.to_bytes((c.m + 7) // 8, "big"))
    kdk = mac.finalize()
    # K_DK on a channel whose output is not secret: KEY_ERROR; with a secret output: an AES key
    _channel(dev, ch, {}, kind=aes, mode=ecb_mode, key_slot=11)
    assert _send(dev, ch, "encrypt", BLOCK) == "KEY_ERROR"
    _channel(dev, ch, dict(secret_out=1, dest_slot=12), kind=aes, mode=ecb_mode, key_slot=11)
    assert _send(dev, ch, "encrypt", BLOCK) == "OK"
    made = ecb(kdk, BLOCK)                        # slot 12 = AES-ECB(K_DK, BLOCK), a plain key
    assert _ecb_raw(dev, ch, 12) == ecb(made)
    # the coprocessor port takes none of the secrets: not the EC scalar (4), the shared secret
    # (10) or K_DK (11, restricted); the plain key made from them (12) it takes
    cop = {m["name"]: m["code"] for m in rm.cop_functions}
    for slot in (4, 10, 11):
        assert dev.model.cop(cop["key"], slot) == rm.status_code["KEY_ERROR"], f"slot {slot}"
        assert dev.model.cop(cop["encrypt"]) == rm.status_code["ILLEGAL"]
    assert dev.model.cop(cop["key"], 12) == rm.status_code["OK"]
    words = [int.from_bytes(BLOCK[i:i + 4], "big") for i in range(0, 16, 4)]
    dev.model.cop(cop["load-lo"], words[0], words[1])
    dev.model.cop(cop["load-hi"], words[2], words[3])
    assert dev.model.cop(cop["encrypt"]) == rm.status_code["OK"]
    assert b"".join(dev.model.cop(cop["read"], i).to_bytes(4, "big") for i in range(4)) == ecb(made, BLOCK)
    # an output shorter than its destination: BAD_SECRET, the slot unchanged
    _channel(dev, ch, dict(secret_out=1, dest_slot=12, dest_len=2), kind=aes, mode=ecb_mode, key_slot=11)
    assert _send(dev, ch, "encrypt", BLOCK) == "BAD_SECRET"
    assert _ecb_raw(dev, ch, 12) == ecb(made)
    dev.write_reg("CHAN_CFG0", enable=0)
    # new AES firmware: the shared secret (10) and K_DK (11) go; the plain keys 12 and 0 stay
    dev.load_key(0, bytes(16))
    valid = dev.read_reg("KEY_VALID")
    assert all(valid >> s & 1 for s in (0, 4, 10, 11, 12))
    dev.load_firmware(range(dev.cores))
    valid = dev.read_reg("KEY_VALID")
    assert [valid >> s & 1 for s in (0, 4, 10, 11, 12)] == [1, 1, 0, 0, 1]
    # new EC microcode: the scalar (4) and a new shared secret (10) go, the AES keys stay
    t = dev.submit_ec("ecdh", c.name, *peer, key_slot=4, dest_slot=10)
    assert [r.status for r in dev.drain() if r.ticket == t] == ["OK"]
    dev.load_firmware(dev.ec_slots)
    valid = dev.read_reg("KEY_VALID")
    assert [valid >> s & 1 for s in (0, 4, 10, 12)] == [1, 0, 0, 1]
    assert _ecb_raw(dev, ch, 12) == ecb(made)
    dev.write_reg("CHAN_CFG0", enable=0)


def test_ecdh_api_checks(dev):
    """Host-side refusals (ValueError, nothing sent): no scalar in the slot, the same slot for
    both, a key length AES has not, label or context not bytes."""
    c = curves.by_name("K-163")
    dev.load_ec_private(1, c.name, 99)
    dev.load_key(2, bytes(16))
    peer = public(c, 5)
    before = dev.cycles
    for args, kw in (((2, peer, 5), {}), ((1, peer, 1), {}), ((1, peer, 5), {"key_len": 20}),
                     ((1, peer, 5), {"label": "text"}), ((1, peer, 99), {})):
        with pytest.raises(ValueError):
            dev.ecdh(*args, **kw)
    assert dev.cycles == before
    with pytest.raises(ValueError):
        dev.submit_ec("ec-mul", c.name, 1, *peer, dest_slot=3)
    with pytest.raises(ValueError):
        dev.submit_ec("ecdh", c.name, *peer, key_slot=1)


def test_device_works_after_secret_errors(dev):
    """After every refusal above the device still runs ECDH and AES."""
    c = curves.by_name("B-233")
    rng = random.Random(3)
    d = rng.randrange(1, c.n)
    dev.load_ec_private(1, c.name, d)
    peer = public(c, rng.randrange(1, c.n))
    dev.ecdh(1, peer, 13, key_len=32, label=b"mccp", context=b"test")
    assert encrypt_with_slot(dev, 13) == ecb(derived_key(c, shared_x(c, d, peer), 32, b"mccp", b"test"))
    # a derivation from a slot without a shared secret fails on the device (KEY_ERROR) and
    # leaves the destination empty
    dev.load_key(14, bytes(16))
    with pytest.raises(DeviceError) as e:
        dev.derive_key(14, c.name, 14)
    assert e.value.status == "KEY_ERROR"
    assert dev.read_reg("KEY_VALID") >> 14 & 1 == 0


# ---- a public ECDH test suite -----------------------------------------------------------
WYCHEPROOF = json.loads((Path(__file__).parent / "vectors" / "wycheproof_ecdh_sect283.json").read_text())
WP_CASES = [(g["curve"], t) for g in WYCHEPROOF["groups"] for t in g["tests"]]


def _wp_check(dev, curve: str, t: dict) -> None:
    c = curves.by_name(curve)
    q, d = (int(t["x"], 16), int(t["y"], 16)), int(t["private"], 16)
    if t["result"] == "valid":
        # the suite's shared value is x(d Q) without the cofactor (galois agrees); the device
        # computes x((h d') Q), so with d' = d / h mod n it must give the suite's value
        assert RefCurve.ints(RefCurve.of(c).mul(d, RefCurve.of(c).point(*q)))[0] == int(t["shared"], 16)
        dev.load_ec_private(1, curve, d * pow(c.h, -1, c.n) % c.n)
        dev.ecdh(1, q, 5)
        assert encrypt_with_slot(dev, 5) == ecb(derived_key(c, int(t["shared"], 16), 16, b"", b""))
        # and the suite's own (edge case) scalar, against galois with the cofactor
        dev.load_ec_private(1, curve, d)
        dev.ecdh(1, q, 5)
        assert encrypt_with_slot(dev, 5) == ecb(derived_key(c, shared_x(c, d, q), 16, b"", b""))
    else:
        # invalid, and the low-order points the suite finds acceptable without full validation
        dev.load_ec_private(1, curve, d % c.n or 1)
        dev.load_key(5, BLOCK)
        with pytest.raises(InvalidPoint):
            dev.ecdh(1, q, 5)
        assert encrypt_with_slot(dev, 5) == ecb(BLOCK)


@pytest.mark.parametrize("curve,t", WP_CASES, ids=lambda v: v if isinstance(v, str) else f"tc{v['tcId']}")
def test_wycheproof_ecdh(dev, curve, t):
    """Wycheproof's ECDH suite for sect283k1 / sect283r1 (tests/ecc/vectors): every valid key
    agreed, every invalid or low-order public key refused, the destination slot untouched."""
    _wp_check(dev, curve, t)
