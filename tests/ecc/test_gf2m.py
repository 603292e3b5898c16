"""mccp.model.gf2m (the ISS's field model) against the `galois` package, on the three fields."""

from __future__ import annotations

import random

import galois
import numpy as np
import pytest

from mccp.ref.ec_galois import POLYS, gf
from mccp.model.gf2m import Field, clmul, spread

M_VALUES = sorted(POLYS)


def _edges(m: int) -> list[int]:
    """0, 1, x, the top coefficient alone, all ones, f(x) - x^m and its neighbours."""
    low = sum(1 << d for d in POLYS[m][1:])
    return [0, 1, 2, 3, 1 << (m - 1), (1 << m) - 1, low, low ^ (1 << (m - 1)), (1 << m) - 2]


def _operands(m: int, count: int, seed: int) -> list[int]:
    rng = random.Random(seed * 1000 + m)
    return _edges(m) + [rng.getrandbits(m) for _ in range(count)]


@pytest.fixture(scope="module", params=M_VALUES, ids=lambda m: f"m{m}")
def fields(request):
    m = request.param
    return Field.from_degrees(POLYS[m]), gf(m)


def test_field_of_degrees():
    f = Field.from_degrees((163, 7, 6, 3, 0))
    assert (f.m, f.poly, f.taps, f.degrees) == (163, (1 << 163) | 0xC9, (0, 3, 6, 7), (163, 7, 6, 3, 0))
    for bad in (0b110, 1 << 163, (1 << 164) | 1):
        with pytest.raises(ValueError):
            Field(163, bad)


def test_clmul_and_spread():
    rng = random.Random(1)
    for _ in range(200):
        a, b = rng.getrandbits(rng.randrange(1, 600)), rng.getrandbits(rng.randrange(1, 600))
        school = 0
        for i in range(a.bit_length()):
            if a >> i & 1:
                school ^= b << i
        assert clmul(a, b) == clmul(b, a) == school
        assert spread(a) == clmul(a, a)
    assert clmul(0, 5) == clmul(5, 0) == spread(0) == 0


def test_add_mul_sqr(fields):
    f, F = fields
    xs = _operands(f.m, 40, 1)
    ys = _operands(f.m, 40, 2)[::-1]
    for a, b in zip(xs, ys):
        ga, gb = F(a), F(b)
        assert f.add(a, b) == int(ga + gb)
        assert f.mul(a, b) == int(ga * gb), (hex(a), hex(b))
        assert f.sqr(a) == int(ga * ga)
    assert f.sqr_n(xs[-1], 5) == int(F(xs[-1]) ** 32)


def test_reduce_any_degree(fields):
    f, _ = fields
    poly = galois.Poly.Degrees(list(POLYS[f.m]))
    rng = random.Random(3)
    for bits in (0, 1, f.m - 1, f.m, f.m + 1, 2 * f.m - 1, 2 * f.m, 3 * f.m + 17):
        p = rng.getrandbits(bits) | (1 << bits >> 1)
        assert f.reduce(p) == int(galois.Poly.Int(p) % poly), bits


def test_inv(fields):
    f, F = fields
    for a in [v for v in _operands(f.m, 4, 4) if v]:
        assert f.inv(a) == int(F(a) ** -1), hex(a)
        assert f.mul(a, f.inv(a)) == 1
    with pytest.raises(ZeroDivisionError):
        f.inv(0)


def test_sqrt_and_pow(fields):
    f, F = fields
    assert f.sqrt_x == int(np.sqrt(F(2)))
    for a in _operands(f.m, 10, 5):
        assert f.sqrt(a) == int(np.sqrt(F(a))), hex(a)
        assert f.sqr(f.sqrt(a)) == a
    a = _operands(f.m, 1, 6)[-1]
    for e in (0, 1, 2, 3, 255, (1 << f.m) - 2):
        assert f.pow(a, e) == int(F(a) ** e), e
