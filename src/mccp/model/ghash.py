"""GF(2^128) multiply and GHASH (NIST SP 800-38D), shaped like rtl/aes/mccp_ghash.sv.

Blocks are Python ints read big-endian from the 16-byte string
(``int.from_bytes(b, "big")``), the same layout as a 128-bit RTL port: int bit
127 is the MSB of byte 0, which SP 800-38D calls bit 0 of the block and treats
as the coefficient of x^0.  The field is GF(2)[x] / (x^128 + x^7 + x^2 + x + 1).

Three layers:

* :func:`gf128_mul_bitserial` -- Algorithm 1 of SP 800-38D, written literally
  (one bit of X per step, V shifted right and reduced with R = 11100001 || 0^120).
  It is the independent reference the RTL tests use.
* :func:`gf128_mul_digits` / :func:`gf128_mul_steps` -- the digit-serial multiply
  the RTL performs: Horner's rule over D-bit digits of the first operand, highest
  degree first, ``Z := (Z * x^D + digit * H) mod P``, one digit per clock;
  :func:`gf128_mul_lazy_steps` gives the RTL's actual registers (the
  accumulator kept unreduced as L + T * x^128).
* :class:`Ghash` -- the unit's operations: load H, clear, absorb a block
  (``Y := (Y xor X) * H``), read Y, with the cycle counts of the RTL.
"""

from __future__ import annotations

from typing import Iterable, Iterator

MASK128 = (1 << 128) - 1
#: Algorithm 1's R = 11100001 || 0^120, in the block (big-endian int) layout.
R_BLOCK = 0xE1 << 120
#: The reduction polynomial's low part x^7 + x^2 + x + 1, in polynomial order (bit i = x^i).
POLY_LOW = 0x87
#: Digit sizes the RTL takes: 1..64 and 128.  A size that does not divide 128
#: takes ceil(128/D) clocks, its first digit partial (the RTL holds A as S*D bits,
#: the top ones zero).  Above 64 only 128 is useful (65..127 take 2 clocks, as 64
#: does), and the lazy form needs D + 7 <= 128.
DIGIT_SIZES = tuple(range(1, 65)) + (128,)


def _check_block(value: int, name: str) -> None:
    if not 0 <= value <= MASK128:
        raise ValueError(f"{name} is not a 128-bit block: {value:#x}")


def block_from_bytes(data: bytes) -> int:
    """A 16-byte string as a block int (byte 0 in bits 127..120)."""
    if len(data) != 16:
        raise ValueError(f"a block is 16 bytes, got {len(data)}")
    return int.from_bytes(data, "big")


def block_to_bytes(value: int) -> bytes:
    _check_block(value, "block")
    return value.to_bytes(16, "big")


def bit_reverse128(value: int) -> int:
    """Swap between the block layout (SP 800-38D bit 0 in int bit 127) and
    polynomial order (coefficient of x^i in int bit i)."""
    _check_block(value, "value")
    return int(format(value, "0128b")[::-1], 2)


# --------------------------------------------------------------------------
# SP 800-38D Algorithm 1: the bit-serial reference
# --------------------------------------------------------------------------

def gf128_mul_bitserial(x: int, y: int) -> int:
    """X * Y in GF(2^128), SP 800-38D section 6.3 Algorithm 1, step by step."""
    _check_block(x, "X")
    _check_block(y, "Y")
    z = 0
    v = y
    for i in range(128):
        x_i = (x >> (127 - i)) & 1       # bit i of X: bit 0 is the MSB of byte 0
        if x_i:
            z ^= v
        if v & 1 == 0:                   # LSB1(V) = 0, i.e. bit 127 of V
            v >>= 1
        else:
            v = (v >> 1) ^ R_BLOCK
    return z


# --------------------------------------------------------------------------
# The digit-serial multiply of the RTL
# --------------------------------------------------------------------------

def clmul(a: int, b: int) -> int:
    """Carry-less product of two polynomials in polynomial order."""
    out = 0
    while a:
        low = a & -a
        out ^= b << (low.bit_length() - 1)
        a ^= low
    return out


def poly_reduce(p: int) -> int:
    """p mod (x^128 + x^7 + x^2 + x + 1), p in polynomial order and any degree."""
    while p >> 128:
        top = p >> 128
        p = (p & MASK128) ^ clmul(top, POLY_LOW)
    return p


def _check_digits(digit_bits: int) -> int:
    """The clocks per block of a valid digit size (ceil(128 / D))."""
    if digit_bits not in DIGIT_SIZES:
        raise ValueError(f"DigitBits must be 1..64 or 128, got {digit_bits!r}")
    return -(-128 // digit_bits)


def _digits(a_poly: int, digit_bits: int, steps: int) -> Iterator[int]:
    """A's digits, highest degree first; A is taken as steps * D bits, its top
    ones zero, so only the first digit can be partial."""
    mask = (1 << digit_bits) - 1
    for k in range(steps):
        yield (a_poly >> (digit_bits * (steps - 1 - k))) & mask


def gf128_mul_steps(a: int, h: int, digit_bits: int) -> Iterator[int]:
    """Yield the accumulator after each clock of the RTL multiply of A by H.

    Both operands and the yielded values are in the block layout.  The RTL holds
    A (= Y xor X) and Z in polynomial order and consumes A's highest-degree
    digit first, i.e. the *last* SP 800-38D bits of the block first:
    ``Z := (Z * x^D + a_digit * H) mod P`` for ceil(128/D) clocks.  The last value is
    A * H.
    """
    steps = _check_digits(digit_bits)
    _check_block(a, "A")
    _check_block(h, "H")
    h_poly = bit_reverse128(h)
    z = 0
    for digit in _digits(bit_reverse128(a), digit_bits, steps):
        z = poly_reduce((z << digit_bits) ^ clmul(digit, h_poly))
        yield bit_reverse128(z)


def gf128_mul_lazy_steps(a: int, h: int, digit_bits: int) -> Iterator[tuple[int, int]]:
    """Yield the RTL's register pair (L, T) after each clock, polynomial order.

    For D < 128 the RTL does not reduce inside the loop: it keeps the
    accumulator as L + T * x^128 (L 128 bits, T D bits) and computes
    ``W = (L + T * g) * x^D + digit * H`` (g = x^7 + x^2 + x + 1), then
    ``L, T = W mod x^128, W div x^128``; its value is ``L + T * g``
    (:func:`lazy_value`).  In a block's first clock L and T count as zero.
    For D = 128 it reduces in full every clock, so T is always 0.
    """
    steps = _check_digits(digit_bits)
    _check_block(a, "A")
    _check_block(h, "H")
    h_poly = bit_reverse128(h)
    low, top = 0, 0
    for digit in _digits(bit_reverse128(a), digit_bits, steps):
        w = ((low ^ clmul(top, POLY_LOW)) << digit_bits) ^ clmul(digit, h_poly)
        if digit_bits == 128:
            low, top = poly_reduce(w), 0
        else:
            assert w >> (128 + digit_bits) == 0
            low, top = w & MASK128, w >> 128
        yield low, top


def lazy_value(low: int, top: int) -> int:
    """The block (block layout) held by the RTL's (L, T) pair: L + T * g."""
    return bit_reverse128(low ^ clmul(top, POLY_LOW))


def gf128_mul_digits(a: int, h: int, digit_bits: int = 32) -> int:
    """A * H computed the RTL's way (see :func:`gf128_mul_steps`)."""
    z = 0
    for z in gf128_mul_steps(a, h, digit_bits):
        pass
    return z


def gf128_mul(x: int, y: int) -> int:
    """A fast X * Y (full carry-less product, then reduction); same result as the others."""
    _check_block(x, "X")
    _check_block(y, "Y")
    return bit_reverse128(poly_reduce(clmul(bit_reverse128(x), bit_reverse128(y))))


# --------------------------------------------------------------------------
# The GHASH unit
# --------------------------------------------------------------------------

def cycles_per_block(digit_bits: int) -> int:
    """Clocks the RTL spends per absorbed block (also the back-to-back interval)."""
    return _check_digits(digit_bits)


class Ghash:
    """The operations of mccp_ghash: load H, clear, absorb, read Y.

    ``absorb`` returns the number of clocks the RTL is busy for that block.
    With ``digit_bits`` set, every multiply runs through the digit-serial
    model; with ``digit_bits=None`` the fast full multiply is used (same
    results, for bulk use).
    """

    def __init__(self, h: int = 0, digit_bits: int | None = 32) -> None:
        if digit_bits is not None:
            _check_digits(digit_bits)
        self.digit_bits = digit_bits
        self.h = 0
        self.y = 0
        self.cycles = 0
        self.load_h(h)

    def load_h(self, h: int) -> None:
        _check_block(h, "H")
        self.h = h

    def clear(self) -> None:
        self.y = 0

    def absorb(self, block: int) -> int:
        _check_block(block, "X")
        a = self.y ^ block
        if self.digit_bits is None:
            self.y = gf128_mul(a, self.h)
            return 0
        self.y = gf128_mul_digits(a, self.h, self.digit_bits)
        n = cycles_per_block(self.digit_bits)
        self.cycles += n
        return n

    def absorb_bytes(self, data: bytes) -> None:
        """Absorb a byte string, zero-padded to whole blocks (GHASH's 0^v / 0^u)."""
        for block in blocks_of(data):
            self.absorb(block)


def blocks_of(data: bytes) -> list[int]:
    """Split into blocks, zero-padding the last one."""
    if len(data) % 16:
        data = data + bytes(16 - len(data) % 16)
    return [int.from_bytes(data[i:i + 16], "big") for i in range(0, len(data), 16)]


def length_block(aad_bytes: int, text_bytes: int) -> int:
    """[len(A)]64 || [len(C)]64, lengths in bits."""
    return ((aad_bytes * 8) << 64) | (text_bytes * 8)


def ghash(h: int, blocks: Iterable[int], digit_bits: int | None = None) -> int:
    """GHASH_H(X_1 || ... || X_m) (SP 800-38D Algorithm 2)."""
    unit = Ghash(h, digit_bits)
    for block in blocks:
        unit.absorb(block)
    return unit.y


def gcm_blocks(aad: bytes, text: bytes) -> list[int]:
    """A || 0^v || C || 0^u || [len(A)]64 || [len(C)]64 as blocks."""
    return blocks_of(aad) + blocks_of(text) + [length_block(len(aad), len(text))]


def gcm_j0(h: int, iv: bytes, digit_bits: int | None = None) -> int:
    """The pre-counter block J0 for an IV of any length."""
    if len(iv) == 12:
        return (int.from_bytes(iv, "big") << 32) | 1
    return ghash(h, blocks_of(iv) + [len(iv) * 8], digit_bits)


def inc32(block: int) -> int:
    """Increment the low 32 bits of a counter block, modulo 2^32."""
    return (block & ~0xFFFFFFFF & MASK128) | ((block + 1) & 0xFFFFFFFF)
