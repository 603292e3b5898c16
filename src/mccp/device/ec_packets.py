"""Elliptic-curve packets of the fabric (docs/fabric.md "Elliptic-curve packets").

Pure Python, no simulator.  An ecc channel names one EC function (its MODE) and one curve;
a packet's body is the function's operands, each W = ceil(m/128) words of 128 bits, big
endian (docs/ecc.md "Data in packets"); the result is the function's output elements the
same way.  The point at infinity travels as (0, 0).
"""

from __future__ import annotations

from dataclasses import dataclass

from mccp import regmap
from mccp.aes.task import WORD_BYTES
from mccp.device.packets import Policy
from mccp.ecc.curves import CURVES, NAMES, Curve, by_name
from mccp.iss.ecc import element_words

# Operands in and elements out of each EC function (regs.yml ec_modes).
OPERANDS = {"ec-mul": 3, "ec-mulg": 1, "ec-add": 4, "ec-validate": 2, "ec-public": 0, "ecdh": 2}
# ecdh's result, the shared secret, goes to a key slot: its packet carries none
RESULTS = {"ec-mul": 2, "ec-mulg": 2, "ec-add": 2, "ec-validate": 0, "ec-public": 2, "ecdh": 0}
SCALAR_BYTES = 36                  # an EC private scalar in the key store (KEY_DATA[0..8])


class InvalidPoint(ValueError):
    """A point that is not a valid public key / curve point: off the curve, a coordinate
    >= 2^m, the point at infinity where a point is needed, or not of order n.  `status` is
    the device's status name when the device found it (None: the host refused it)."""

    def __init__(self, message: str, status: str | None = None):
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class EcChannelConfig:
    """What the device wrote to one ecc channel table entry."""
    index: int
    func: str             # "ec-mul", ...
    curve: Curve
    key_slot: int = 0     # the private scalar's slot (ec-public, ecdh)
    policy: Policy = Policy(affinity=False)
    dest_slot: int | None = None   # ecdh: the key slot the shared secret goes to (SECRET_OUT)


def curve_of(curve) -> Curve:
    """A Curve from a Curve or its name ("K-163", ...); ValueError otherwise."""
    if isinstance(curve, Curve) and curve in CURVES:
        return curve
    if isinstance(curve, str) and curve in NAMES:
        return by_name(curve)
    raise ValueError(f"unknown curve {curve!r}; choose one of {', '.join(NAMES)}")


def check_scalar(curve: Curve, k) -> int:
    """k as an int in [1, n-1]; ValueError otherwise."""
    if isinstance(k, bool) or not isinstance(k, int):
        raise ValueError(f"scalar must be an int, got {type(k).__name__}")
    if not 1 <= k < curve.n:
        raise ValueError(f"scalar outside [1, n-1] of {curve.name}")
    return k


def check_point(curve: Curve, point, infinity_ok: bool = False) -> tuple[int, int]:
    """(x, y) as ints; InvalidPoint for what the host can tell without curve arithmetic:
    not a pair of ints, a coordinate outside [0, 2^m), or the point at infinity (0, 0) where
    a finite point is needed.  Whether it lies on the curve, and its order, the device checks."""
    try:
        x, y = point
    except (TypeError, ValueError):
        raise InvalidPoint(f"a point is a pair (x, y) of ints, got {point!r}") from None
    if any(isinstance(c, bool) or not isinstance(c, int) for c in (x, y)):
        raise InvalidPoint(f"point coordinates must be ints, got {point!r}")
    if not (0 <= x < 1 << curve.m and 0 <= y < 1 << curve.m):
        raise InvalidPoint(f"point coordinate outside [0, 2^{curve.m}) of {curve.name}")
    if (x, y) == (0, 0) and not infinity_ok:
        raise InvalidPoint("the point at infinity is not a valid point here")
    return x, y


def element_bytes(curve: Curve) -> int:
    """Bytes of one element or scalar in a packet."""
    return element_words(curve.m) * WORD_BYTES


def build_packet(cfg: EcChannelConfig, seq: int, operands: list[int], rm: regmap.RegMap | None = None) -> bytes:
    """Header word + operands (no validation)."""
    rm = rm or regmap.load()
    size = element_bytes(cfg.curve)
    body = b"".join(v.to_bytes(size, "big") for v in operands)
    header = rm.pack_header("in", op=0, channel=cfg.index, seq=seq & 0xFFFFFFFF, payload_len=len(body),
                            aad_len=0, nonce_len=0, tag_len=0)
    return header + body


def expected_out_len(cfg: EcChannelConfig) -> int:
    return RESULTS[cfg.func] * element_bytes(cfg.curve)


def split_body(cfg: EcChannelConfig, body: bytes) -> tuple[int, ...]:
    """The result elements of a successful packet."""
    size = element_bytes(cfg.curve)
    return tuple(int.from_bytes(body[i * size:(i + 1) * size], "big") for i in range(RESULTS[cfg.func]))
