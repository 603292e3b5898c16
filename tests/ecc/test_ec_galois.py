"""The galois reference itself: group laws of the affine formulas, and its Lopez-Dahab `mul`
equal to the textbook double-and-add `mul_affine`.  The CAVP key pairs (test_ecc_cavp.py)
then tie both to NIST's answers."""

from __future__ import annotations

import random

import pytest

from mccp.ref.ec_galois import RefCurve
from mccp.ecc.curves import CURVES


@pytest.fixture(scope="module", params=CURVES, ids=lambda c: c.name)
def ref(request):
    c = request.param
    r = RefCurve.of(c)
    return r, r.point(c.gx, c.gy)


def test_group_laws(ref):
    r, g = ref
    p, q, s = r.mul_affine(3, g), r.mul_affine(5, g), r.mul_affine(11, g)
    assert all(r.on_curve(pt) for pt in (g, p, q, s))
    assert r.add(p, q) == r.add(q, p)
    assert r.add(r.add(p, q), s) == r.add(p, r.add(q, s))
    assert r.add(p, r.neg(p)) is None
    assert r.add(None, p) == p and r.add(p, None) == p
    assert r.add(p, p) == r.double(p) == r.mul_affine(6, g)
    assert r.ints(r.add(p, q)) == r.ints(r.mul_affine(8, g))


def test_point_of_order_two(ref):
    """(0, sqrt(b)) is the point with x = 0: its own negative, so 2T = O."""
    r, _ = ref
    t = (r.F(0), r.F(r.b) ** (2 ** (r.m - 1)))
    assert r.on_curve(t) and r.neg(t) == t
    assert r.double(t) is None and r.mul(2, t) is None and r.mul_affine(2, t) is None
    assert r.ints(r.mul(3, t)) == r.ints(t)


def test_projective_mul_matches_affine(ref):
    r, g = ref
    rng = random.Random(r.m)
    for k in (0, 1, 2, 3, 4, 7, rng.getrandbits(10)):
        assert r.ints(r.mul(k, g)) == r.ints(r.mul_affine(k, g)), k
    assert r.mul(5, None) is None and r.mul_affine(5, None) is None


@pytest.mark.long
def test_projective_mul_matches_affine_full_size(ref):
    r, g = ref
    k = random.Random(r.m).getrandbits(r.m)
    assert r.ints(r.mul(k, g)) == r.ints(r.mul_affine(k, g))
