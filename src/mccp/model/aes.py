"""AES reference model shaped like the hardware engine.

The RTL engine expands a key once into a round-key store and then runs one
round per clock.  This model keeps the same split so the instruction-set
simulator can charge the same cycles:

* `expand_key(key)` -> list of Nr+1 round keys (16-byte `bytes`), FIPS-197 5.2.
* `AesEngine.load_key()` / `encrypt_block()` / `decrypt_block()` with
  `CYCLES_PER_BLOCK[key_len]` = Nr + 1 (one cycle for the initial AddRoundKey
  plus one per round), as in the RTL.

Blocks are 16-byte strings in FIPS-197 byte order (byte 0 first).  The S-box is
computed from its definition (multiplicative inverse in GF(2^8) followed by the
affine map), not typed in, so a typo cannot hide in a table.
"""

from __future__ import annotations

from dataclasses import dataclass, field

# Rounds per key length in bytes.
ROUNDS = {16: 10, 24: 12, 32: 14}
# Key-size code used on the hardware ports (docs/CONVENTIONS.md).
KEY_LEN_CODE = {16: 0, 24: 1, 32: 2}
CYCLES_PER_BLOCK = {n: r + 1 for n, r in ROUNDS.items()}


def gf_mul(a: int, b: int) -> int:
    """Multiply in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1."""
    product = 0
    while b:
        if b & 1:
            product ^= a
        a = ((a << 1) ^ 0x11B) if a & 0x80 else (a << 1)
        b >>= 1
    return product


def _gf_inv(a: int) -> int:
    # a^254 = a^-1 in GF(2^8); 0 maps to 0.
    result, base, exp = 1, a, 254
    while exp:
        if exp & 1:
            result = gf_mul(result, base)
        base = gf_mul(base, base)
        exp >>= 1
    return result if a else 0


def _affine(x: int) -> int:
    out = 0x63
    for i in range(8):
        bit = 0
        for k in (0, 4, 5, 6, 7):
            bit ^= (x >> ((i + k) % 8)) & 1
        out ^= bit << i
    return out


SBOX = bytes(_affine(_gf_inv(x)) for x in range(256))
INV_SBOX = bytes(SBOX.index(y) for y in range(256))


def _rot_word(w: bytes) -> bytes:
    return w[1:] + w[:1]


def _sub_word(w: bytes) -> bytes:
    return bytes(SBOX[b] for b in w)


def expand_key(key: bytes) -> list[bytes]:
    """FIPS-197 key expansion: Nr+1 round keys of 16 bytes."""
    nk = len(key) // 4
    if len(key) not in ROUNDS:
        raise ValueError(f"AES key must be 16, 24 or 32 bytes, not {len(key)}")
    nr = ROUNDS[len(key)]
    words = [key[4 * i: 4 * i + 4] for i in range(nk)]
    rcon = 1
    for i in range(nk, 4 * (nr + 1)):
        temp = words[i - 1]
        if i % nk == 0:
            temp = _sub_word(_rot_word(temp))
            temp = bytes([temp[0] ^ rcon]) + temp[1:]
            rcon = gf_mul(rcon, 2)
        elif nk > 6 and i % nk == 4:
            temp = _sub_word(temp)
        words.append(bytes(a ^ b for a, b in zip(words[i - nk], temp)))
    return [b"".join(words[4 * r: 4 * r + 4]) for r in range(nr + 1)]


def _xor(a: bytes, b: bytes) -> bytes:
    return bytes(x ^ y for x, y in zip(a, b))


def sub_bytes(s: bytes) -> bytes:
    return bytes(SBOX[b] for b in s)


def inv_sub_bytes(s: bytes) -> bytes:
    return bytes(INV_SBOX[b] for b in s)


def shift_rows(s: bytes) -> bytes:
    # Byte 4c+r holds row r of column c; row r rotates left by r columns.
    return bytes(s[4 * ((c + r) % 4) + r] for c in range(4) for r in range(4))


def inv_shift_rows(s: bytes) -> bytes:
    return bytes(s[4 * ((c - r) % 4) + r] for c in range(4) for r in range(4))


def _mix(s: bytes, m: tuple[int, int, int, int]) -> bytes:
    out = bytearray(16)
    for c in range(4):
        col = s[4 * c: 4 * c + 4]
        for r in range(4):
            v = 0
            for k in range(4):
                v ^= gf_mul(m[(k - r) % 4], col[k])
            out[4 * c + r] = v
    return bytes(out)


def mix_columns(s: bytes) -> bytes:
    return _mix(s, (2, 3, 1, 1))


def inv_mix_columns(s: bytes) -> bytes:
    return _mix(s, (14, 11, 13, 9))


def encrypt_rounds(round_keys: list[bytes], block: bytes) -> list[bytes]:
    """State after the initial AddRoundKey and after each round (Nr+1 states)."""
    nr = len(round_keys) - 1
    state = _xor(block, round_keys[0])
    states = [state]
    for r in range(1, nr + 1):
        state = shift_rows(sub_bytes(state))
        if r != nr:
            state = mix_columns(state)
        state = _xor(state, round_keys[r])
        states.append(state)
    return states


def decrypt_rounds(round_keys: list[bytes], block: bytes) -> list[bytes]:
    """Inverse cipher (FIPS-197 5.3): same schedule read in reverse order."""
    nr = len(round_keys) - 1
    state = _xor(block, round_keys[nr])
    states = [state]
    for r in range(nr - 1, -1, -1):
        state = _xor(inv_sub_bytes(inv_shift_rows(state)), round_keys[r])
        if r != 0:
            state = inv_mix_columns(state)
        states.append(state)
    return states


def encrypt_block(round_keys: list[bytes], block: bytes) -> bytes:
    return encrypt_rounds(round_keys, block)[-1]


def decrypt_block(round_keys: list[bytes], block: bytes) -> bytes:
    return decrypt_rounds(round_keys, block)[-1]


@dataclass
class AesEngine:
    """The engine as the firmware sees it: one expanded key, block in, block out.

    `cycles` accumulates the hardware's cost of each operation, so the ISS can
    report the same timing as the RTL (one round per clock, key expansion once).
    """

    round_keys: list[bytes] = field(default_factory=list)
    cycles: int = 0

    @property
    def key_loaded(self) -> bool:
        return bool(self.round_keys)

    @property
    def block_cycles(self) -> int:
        return len(self.round_keys)  # Nr + 1

    def load_key(self, key: bytes) -> None:
        self.round_keys = expand_key(key)

    def _check(self, block: bytes) -> None:
        if not self.key_loaded:
            raise RuntimeError("no key loaded in the AES engine")
        if len(block) != 16:
            raise ValueError(f"AES block must be 16 bytes, not {len(block)}")

    def encrypt_block(self, block: bytes) -> bytes:
        self._check(block)
        self.cycles += self.block_cycles
        return encrypt_block(self.round_keys, block)

    def decrypt_block(self, block: bytes) -> bytes:
        self._check(block)
        self.cycles += self.block_cycles
        return decrypt_block(self.round_keys, block)
