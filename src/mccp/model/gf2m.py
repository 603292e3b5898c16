"""GF(2^m) arithmetic on plain ints in polynomial basis, the model the ISS runs the
elliptic-curve kind on.

An element is an int whose bit i is the coefficient of x^i, below x^m.  A field is
given by m and its reduction polynomial f(x) (bit m set); the six NIST binary curves
use three fields (`mccp.ecc.curves.FIELDS`), all trinomials or pentanomials with
small middle terms, so reduction folds the part above x^m back with a few shifts.

Not a test reference: tests check it against the `galois` package
(mccp.ref.ec_galois).
"""

from __future__ import annotations

from dataclasses import dataclass, field as dc_field


def clmul(a: int, b: int) -> int:
    """Carry-less product of two polynomials (any degrees), 4 bits of `a` per step."""
    if a.bit_length() > b.bit_length():
        a, b = b, a
    table = [0] * 16
    for i in range(1, 16):       # table[i] = i(x) * b(x) for every 4-bit i
        table[i] = (table[i >> 1] << 1) ^ (b if i & 1 else 0)
    out = 0
    for shift in range((a.bit_length() + 3) // 4 * 4 - 4, -4, -4):
        out = (out << 4) ^ table[(a >> shift) & 15]
    return out


def spread(a: int) -> int:
    """a(x)^2 before reduction: bit i moves to bit 2i (squaring is linear over GF(2))."""
    return int("0".join(format(a, "b")), 2) if a else 0


@dataclass(frozen=True)
class Field:
    """GF(2)[x] / f(x) with deg f = m; `poly` is f with bit i = coefficient of x^i."""

    m: int
    poly: int
    mask: int = dc_field(init=False, repr=False)
    taps: tuple[int, ...] = dc_field(init=False, repr=False)     # exponents of f(x) - x^m
    sqrt_x: int = dc_field(init=False, repr=False)               # x^(2^(m-1)) = sqrt(x)

    def __post_init__(self) -> None:
        if self.m < 2 or self.poly.bit_length() != self.m + 1 or not self.poly & 1:
            raise ValueError(f"not a degree-{self.m} reduction polynomial: {self.poly:#x}")
        low = self.poly ^ (1 << self.m)
        object.__setattr__(self, "mask", (1 << self.m) - 1)
        object.__setattr__(self, "taps", tuple(i for i in range(self.m) if low >> i & 1))
        # sqrt(x) by m-1 squarings of x; then sqrt(a) = even(a) + sqrt(x) * odd(a).
        s = 2
        for _ in range(self.m - 1):
            s = self.sqr(s)
        object.__setattr__(self, "sqrt_x", s)

    @classmethod
    def from_degrees(cls, degrees: tuple[int, ...]) -> "Field":
        """The field of f(x) = sum of x^d, e.g. (163, 7, 6, 3, 0)."""
        poly = 0
        for d in degrees:
            poly ^= 1 << d
        return cls(max(degrees), poly)

    @property
    def degrees(self) -> tuple[int, ...]:
        return (self.m,) + tuple(reversed(self.taps))

    def reduce(self, p: int) -> int:
        """p(x) mod f(x), p of any degree: fold the bits above x^m down with x^m = sum x^tap."""
        m, mask = self.m, self.mask
        while p >> m:
            hi = p >> m
            p &= mask
            for t in self.taps:
                p ^= hi << t
        return p

    def add(self, a: int, b: int) -> int:
        return a ^ b

    def mul(self, a: int, b: int) -> int:
        return self.reduce(clmul(a, b))

    def sqr(self, a: int) -> int:
        return self.reduce(spread(a))

    def sqr_n(self, a: int, n: int) -> int:
        """a^(2^n)."""
        for _ in range(n):
            a = self.reduce(spread(a))
        return a

    def inv(self, a: int) -> int:
        """a^-1 = a^(2^m - 2) by Itoh-Tsujii: beta_k = a^(2^k - 1) along the bits of m - 1
        (beta_2k = beta_k^(2^k) * beta_k, beta_k+1 = beta_k^2 * a), then beta_(m-1)^2."""
        if not a:
            raise ZeroDivisionError("0 has no inverse in GF(2^m)")
        e = self.m - 1
        beta, k = a, 1
        for bit in format(e, "b")[1:]:
            beta = self.mul(self.sqr_n(beta, k), beta)
            k *= 2
            if bit == "1":
                beta = self.mul(self.sqr(beta), a)
                k += 1
        return self.sqr(beta)

    def sqrt(self, a: int) -> int:
        """The unique square root: a^(2^(m-1)), computed as even(a) + sqrt(x) * odd(a),
        where even/odd take the coefficients of the even / odd powers of x."""
        bits = format(a, "b")[::-1]           # bits[i] = coefficient of x^i
        even = int(bits[0::2][::-1] or "0", 2)
        odd = int(bits[1::2][::-1] or "0", 2)
        return even ^ self.mul(self.sqrt_x, odd)

    def pow(self, a: int, e: int) -> int:
        """a^e for e >= 0 (square-and-multiply; 0^0 = 1)."""
        out = 1
        for bit in format(e, "b"):
            out = self.sqr(out)
            if bit == "1":
                out = self.mul(out, a)
        return out
