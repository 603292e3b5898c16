"""The six NIST binary curves of the elliptic-curve kind, the single source of their parameters.

Every curve is y^2 + xy = x^3 + a x^2 + b over GF(2^m) in polynomial basis, with base point
G = (gx, gy) of prime order n and cofactor h (#E = h * n).  Curve ids and field indices are the
codes the hardware and firmware use: id 0..5 = K-163, B-163, K-233, B-233, K-283, B-283; field
0..2 = m 163, 233, 283.

Source of the constants: FIPS 186-4 appendix D.1.3 (= SEC 2 v2 sect163k1, sect163r2, sect233k1,
sect233r1, sect283k1, sect283r1), as tabled in OpenSSL's crypto/ec/ec_curve.c
(_EC_NIST_CHAR2_163K ... _EC_NIST_CHAR2_283B).  tests/ecc/test_curves.py checks them: G on the
curve, n * G = O, Hasse's bound, and the CAVP key pairs d -> Q.
"""

from __future__ import annotations

from dataclasses import dataclass

from mccp.model.gf2m import Field

# Reduction polynomials, FIPS 186-4 D.1.3 (the pentanomials / trinomial of each degree).
FIELDS = (
    Field.from_degrees((163, 7, 6, 3, 0)),
    Field.from_degrees((233, 74, 0)),
    Field.from_degrees((283, 12, 7, 5, 0)),
)

ELEM_BITS = max(f.m for f in FIELDS)      # the datapath width: every constant fits 283 bits


@dataclass(frozen=True)
class Curve:
    name: str           # FIPS 186-4 name, "K-163"
    sec_name: str       # SEC 2 name, "sect163k1"
    id: int
    field_index: int
    a: int
    b: int
    gx: int
    gy: int
    n: int
    h: int

    @property
    def field(self) -> Field:
        return FIELDS[self.field_index]

    @property
    def m(self) -> int:
        return self.field.m

    @property
    def sqrt_b(self) -> int:
        """sqrt(b) = b^(2^(m-1)), the constant of the Montgomery-ladder doubling (x^4 + b)/x^2
        computed as (x^2 + sqrt(b))^2 / x^2."""
        return self.field.sqrt(self.b)

    @property
    def n_bits(self) -> int:
        return self.n.bit_length()


# FIPS 186-4 D.1.3.1 (Koblitz: a in {0, 1}, b = 1) and D.1.3.2 (pseudo-random: a = 1).
CURVES = (
    Curve("K-163", "sect163k1", 0, 0, a=1, b=1,
          gx=0x2FE13C0537BBC11ACAA07D793DE4E6D5E5C94EEE8,
          gy=0x289070FB05D38FF58321F2E800536D538CCDAA3D9,
          n=0x4000000000000000000020108A2E0CC0D99F8A5EF, h=2),
    Curve("B-163", "sect163r2", 1, 0, a=1,
          b=0x20A601907B8C953CA1481EB10512F78744A3205FD,
          gx=0x3F0EBA16286A2D57EA0991168D4994637E8343E36,
          gy=0x0D51FBC6C71A0094FA2CDD545B11C5C0C797324F1,
          n=0x40000000000000000000292FE77E70C12A4234C33, h=2),
    Curve("K-233", "sect233k1", 2, 1, a=0, b=1,
          gx=0x17232BA853A7E731AF129F22FF4149563A419C26BF50A4C9D6EEFAD6126,
          gy=0x1DB537DECE819B7F70F555A67C427A8CD9BF18AEB9B56E0C11056FAE6A3,
          n=0x8000000000000000000000000000069D5BB915BCD46EFB1AD5F173ABDF, h=4),
    Curve("B-233", "sect233r1", 3, 1, a=1,
          b=0x066647EDE6C332C7F8C0923BB58213B333B20E9CE4281FE115F7D8F90AD,
          gx=0x0FAC9DFCBAC8313BB2139F1BB755FEF65BC391F8B36F8F8EB7371FD558B,
          gy=0x1006A08A41903350678E58528BEBF8A0BEFF867A7CA36716F7E01F81052,
          n=0x1000000000000000000000000000013E974E72F8A6922031D2603CFE0D7, h=2),
    Curve("K-283", "sect283k1", 4, 2, a=0, b=1,
          gx=0x503213F78CA44883F1A3B8162F188E553CD265F23C1567A16876913B0C2AC2458492836,
          gy=0x1CCDA380F1C9E318D90F95D07E5426FE87E45C0E8184698E45962364E34116177DD2259,
          n=0x1FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFE9AE2ED07577265DFF7F94451E061E163C61, h=4),
    Curve("B-283", "sect283r1", 5, 2, a=1,
          b=0x27B680AC8B8596DA5A4AF8A19A0303FCA97FD7645309FA2A581485AF6263E313B79A2F5,
          gx=0x5F939258DB7DD90E1934F8C70B0DFEC2EED25B8557EAC9C80E2E198F8CDBECD86B12053,
          gy=0x3676854FE24141CB98FE6D4B20D02B4516FF702350EDDB0826779C813F0DF45BE8112F4,
          n=0x3FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEF90399660FC938A90165B042A7CEFADB307, h=2),
)

NAMES = tuple(c.name for c in CURVES)


def by_name(name: str) -> Curve:
    """The curve of a FIPS name ("K-163") or SEC 2 name ("sect163k1")."""
    for c in CURVES:
        if name in (c.name, c.sec_name):
            return c
    raise KeyError(f"not one of the curves of the elliptic-curve kind: {name!r}")
