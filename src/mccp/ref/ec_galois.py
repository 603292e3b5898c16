"""Independent reference of the elliptic-curve kind, on the `galois` package's GF(2^m).  Never
uses mccp.model.gf2m or mccp.ecc: it is what that model, the ISS and the RTL are checked
against.

* The NIST binary fields (FIPS 186-4 D.1.3 pentanomials and trinomial): `gf(m)`, and for the
  datapath benches (tb_ecc_mul, tb_ecc_sqr) the same fields by the EC unit's field index:
  `field_m`, `supported`, `mul`, `add_sqr`, `edge_operands`, `random_element`.  Field
  elements are ints, bit i the coefficient of x^i (galois's integer representation of a
  polynomial-basis element is the same).
* `RefCurve`: textbook affine arithmetic on y^2 + xy = x^3 + a x^2 + b (Hankerson, Menezes,
  Vanstone, Guide to ECC, section 3.1.2) and SP 800-56A public-key validation.  Points are
  (x, y) tuples of field elements, the point at infinity is None.

`RefCurve.mul_affine` is the textbook double-and-add on those formulas.  galois inverts in
~30 ms at m = 283, so a full-size affine k * P takes ~15 s; `RefCurve.mul` runs the same
double-and-add in Lopez-Dahab coordinates (one inversion at the end, ~0.5 s) and
tests/ecc/test_ec_galois.py holds it equal to `mul_affine`.
"""

from __future__ import annotations

import random
from functools import lru_cache

import galois

# FIPS 186-4 D.1.3 reduction polynomials, typed here a second time so that a slip in
# mccp.ecc.curves.FIELDS (or the RTL package generated from it) cannot pass unseen.
POLYS = {163: (163, 7, 6, 3, 0), 233: (233, 74, 0), 283: (283, 12, 7, 5, 0)}

# Field index -> m: the EC unit's numbering of its fields (field_i).
FIELD_M = (163, 233, 283)


@lru_cache(maxsize=None)
def gf(m: int):
    """The galois field GF(2^m) of FIPS 186-4 (built once: a second per field)."""
    return galois.GF(2**m, irreducible_poly=galois.Poly.Degrees(list(POLYS[m])), verify=False)


# The fields by field index, for the datapath benches.

def field_m(field: int) -> int:
    return FIELD_M[field]


def supported(max_m: int) -> list[int]:
    """The field indices a build with elements of max_m bits has."""
    return [f for f, m in enumerate(FIELD_M) if m <= max_m]


def mul(field: int, a: int, b: int) -> int:
    """a * b in field `field`."""
    F = gf(field_m(field))
    return int(F(a) * F(b))


def add_sqr(field: int, a: int, b: int) -> int:
    """(a + b)^2 in field `field`."""
    F = gf(field_m(field))
    s = F(a) + F(b)
    return int(s * s)


def edge_operands(field: int) -> list[int]:
    """0, 1, all ones below x^m, x^(m-1)."""
    m = field_m(field)
    return [0, 1, (1 << m) - 1, 1 << (m - 1)]


def random_element(rng: random.Random, field: int) -> int:
    return rng.getrandbits(field_m(field))


class RefCurve:
    """One curve y^2 + xy = x^3 + a x^2 + b over GF(2^m), optionally with its group order n."""

    def __init__(self, m: int, a: int, b: int, n: int | None = None):
        self.F = gf(m)
        self.m, self.n = m, n
        self.a, self.b = self.F(a), self.F(b)

    @classmethod
    def of(cls, curve) -> "RefCurve":
        """From a mccp.ecc.curves.Curve (its a, b, n: data from the standard, checked by tests)."""
        return cls(curve.m, curve.a, curve.b, curve.n)

    def point(self, x: int, y: int):
        return (self.F(x), self.F(y))

    @staticmethod
    def ints(p) -> tuple[int, int] | None:
        return None if p is None else (int(p[0]), int(p[1]))

    def on_curve(self, p) -> bool:
        if p is None:
            return True
        x, y = p
        return y * y + x * y == x * x * x + self.a * x * x + self.b

    def neg(self, p):
        return None if p is None else (p[0], p[0] + p[1])

    def double(self, p):
        if p is None or p[0] == 0:      # x = 0: P = -P, so 2P = O
            return None
        x, y = p
        lam = x + y / x
        x3 = lam * lam + lam + self.a
        return (x3, x * x + lam * x3 + x3)

    def add(self, p, q):
        if p is None:
            return q
        if q is None:
            return p
        (x1, y1), (x2, y2) = p, q
        if x1 == x2:
            return self.double(p) if y1 == y2 else None      # Q = P, or Q = -P
        lam = (y1 + y2) / (x1 + x2)
        x3 = lam * lam + lam + x1 + x2 + self.a
        return (x3, lam * (x1 + x3) + x3 + y1)

    def mul_affine(self, k: int, p):
        """k * P by left-to-right double-and-add on the affine formulas (k >= 0, not reduced mod n)."""
        r = None
        for bit in format(k, "b") if k else "":
            r = self.double(r)
            if bit == "1":
                r = self.add(r, p)
        return r

    # Lopez-Dahab projective (X : Y : Z) = affine (X / Z, Y / Z^2); Z = 0 is O.
    # Guide to ECC, equation (3.25) for doubling and algorithm 3.25's mixed addition.

    def _ld_double(self, X1, Y1, Z1):
        if Z1 == 0 or X1 == 0:
            return X1, Y1, self.F(0)
        Z1sq = Z1 * Z1
        bZ4 = self.b * Z1sq * Z1sq
        Z3 = X1 * X1 * Z1sq
        X3 = X1 ** 4 + bZ4
        return X3, bZ4 * Z3 + X3 * (self.a * Z3 + Y1 * Y1 + bZ4), Z3

    def _ld_add_affine(self, X1, Y1, Z1, x2, y2):
        if Z1 == 0:
            return x2, y2, self.F(1)
        Z1sq = Z1 * Z1
        A = Y1 + y2 * Z1sq
        B = X1 + x2 * Z1
        if B == 0:      # same x: P = Q (double the affine point) or P = -Q (O)
            return self._ld_double(x2, y2, self.F(1)) if A == 0 else (self.F(1), self.F(0), self.F(0))
        C = Z1 * B
        D = B * B * (C + self.a * Z1sq)
        Z3 = C * C
        E = A * C
        X3 = A * A + D + E
        F = X3 + x2 * Z3
        G = (x2 + y2) * Z3 * Z3
        return X3, (E + Z3) * F + G, Z3

    def mul(self, k: int, p):
        """k * P, the same double-and-add as `mul_affine` in Lopez-Dahab coordinates."""
        if p is None:
            return None
        x, y = p
        X, Y, Z = self.F(1), self.F(0), self.F(0)
        for bit in format(k, "b") if k else "":
            X, Y, Z = self._ld_double(X, Y, Z)
            if bit == "1":
                X, Y, Z = self._ld_add_affine(X, Y, Z, x, y)
        if Z == 0:
            return None
        zi = Z ** -1
        return (X * zi, Y * zi * zi)

    def validate_public_key(self, qx: int, qy: int) -> tuple[bool, str]:
        """SP 800-56A 5.6.2.3.2 full public-key validation: (ok, why not).  Q is not O, its
        coordinates are field elements, Q is on the curve and n * Q = O."""
        if not (0 <= qx < 2**self.m and 0 <= qy < 2**self.m):
            return False, "out of range"
        q = self.point(qx, qy)
        if not self.on_curve(q):
            return False, "not on curve"
        if self.n is None or self.mul(self.n, q) is not None:
            return False, "wrong order"
        return True, ""
