"""The reference for the GF(2^m) benches: the `galois` package, on the NIST binary fields
(FIPS 186 pentanomials and trinomial) as the EC unit numbers them.

Field elements are ints, bit i the coefficient of x^i (galois's integer representation of
a polynomial-basis element is the same)."""

from __future__ import annotations

import random
from functools import lru_cache

import galois

# field index -> exponents of f(x) (written from FIPS 186, not from the RTL package)
FIELD_POLY = {0: (163, 7, 6, 3, 0), 1: (233, 74, 0), 2: (283, 12, 7, 5, 0)}


def field_m(field: int) -> int:
    return FIELD_POLY[field][0]


def supported(max_m: int) -> list[int]:
    """The field indices a build with elements of max_m bits has."""
    return [f for f, poly in FIELD_POLY.items() if poly[0] <= max_m]


@lru_cache(maxsize=None)
def gf(field: int):
    return galois.GF(2 ** field_m(field), irreducible_poly=galois.Poly.Degrees(list(FIELD_POLY[field])),
                     verify=False)


def mul(field: int, a: int, b: int) -> int:
    F = gf(field)
    return int(F(a) * F(b))


def add_sqr(field: int, a: int, b: int) -> int:
    """(a + b)^2."""
    F = gf(field)
    s = F(a) + F(b)
    return int(s * s)


def edge_operands(field: int) -> list[int]:
    """0, 1, all ones below x^m, x^(m-1)."""
    m = field_m(field)
    return [0, 1, (1 << m) - 1, 1 << (m - 1)]


def random_element(rng: random.Random, field: int) -> int:
    return rng.getrandbits(field_m(field))
