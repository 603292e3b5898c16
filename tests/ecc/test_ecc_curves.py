"""The curve table mccp.ecc.curves against the mathematics it must satisfy (via the galois
reference): irreducible field polynomials, G on the curve and of prime order n, Hasse's bound."""

from __future__ import annotations

import math

import galois
import numpy as np
import pytest

from mccp.ref.ec_galois import POLYS, RefCurve
from mccp.ecc import curves
from mccp.ecc.curves import CURVES, FIELDS


def test_ids_names_and_fields():
    assert [c.name for c in CURVES] == ["K-163", "B-163", "K-233", "B-233", "K-283", "B-283"]
    assert [c.id for c in CURVES] == list(range(6))
    assert [c.field_index for c in CURVES] == [0, 0, 1, 1, 2, 2]
    assert [c.m for c in CURVES] == [163, 163, 233, 233, 283, 283]
    assert [f.degrees for f in FIELDS] == [POLYS[m] for m in (163, 233, 283)]
    assert curves.ELEM_BITS == 283
    assert curves.by_name("sect233r1") is curves.by_name("B-233") is CURVES[3]
    with pytest.raises(KeyError):
        curves.by_name("P-256")


@pytest.mark.parametrize("m", sorted(POLYS))
def test_field_polynomials_irreducible(m):
    assert galois.Poly.Degrees(list(POLYS[m])).is_irreducible()


@pytest.mark.parametrize("c", CURVES, ids=lambda c: c.name)
def test_curve_parameters(c):
    r = RefCurve.of(c)
    assert all(0 <= v < 1 << c.m for v in (c.a, c.b, c.gx, c.gy)) and c.b != 0
    if c.name.startswith("K"):
        assert c.b == 1 and c.a in (0, 1) and c.h == (2 if c.a else 4)
    else:
        assert c.a == 1 and c.h == 2
    assert c.sqrt_b == int(np.sqrt(r.b)) and int(r.F(c.sqrt_b) ** 2) == c.b
    assert c.n_bits == c.n.bit_length()
    assert galois.is_prime(c.n)
    # Hasse: |#E - (2^m + 1)| <= 2 sqrt(2^m), #E = h n.
    assert abs(c.h * c.n - (2**c.m + 1)) <= 2 * math.isqrt(2**c.m) + 2
    g = r.point(c.gx, c.gy)
    assert r.on_curve(g)
    assert r.mul(c.n, g) is None
    assert r.ints(r.mul(c.n - 1, g)) == r.ints(r.neg(g))
