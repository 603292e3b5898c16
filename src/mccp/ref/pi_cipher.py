"""pi-Cipher version 2 (CAESAR candidate; paper 004's cipher), written from its specification in
Python: the reference the ARX kind's firmware and engines are checked against
(tests/arx/test_pi_cipher_ref.py checks it against the known-answer files of the public
reference implementation).

The state is 4 chunks of 4 words of w bits (w = 16, 32, 64); the rate is chunks 0 and 2
(8 words), the capacity chunks 1 and 3.  The permutation pi runs R = 3 rounds of e1 then e2
over the chunks, each step the ARX operation * (mu on one chunk, nu on the other, sigma
adding them).  Byte strings map to words little endian.  Encryption: the key, the public
nonce and a 1 byte initialize the common state; a 64-bit counter from chunk 1 numbers the
triplex calls (word 0 its least significant bits); the associated data, the secret message number and the message each pass
through one call per rate block, their outputs summed (mod 2^w, word by word) into the tag.
"""

from __future__ import annotations

from dataclasses import dataclass

ROUNDS = 3
MU_V = (3, 2, 1, 0)      # phi sums all four words but x[v[i]]
NU_V = (1, 0, 3, 2)


@dataclass(frozen=True)
class Params:
    w: int                                   # word bits
    mu_const: tuple[int, int, int, int]
    mu_rot: tuple[int, int, int, int]
    nu_const: tuple[int, int, int, int]
    nu_rot: tuple[int, int, int, int]
    round_const: tuple[tuple[int, int, int, int], ...]   # two per round (e1, e2)

    @property
    def rate_bytes(self) -> int:
        return 8 * self.w // 8

    @property
    def tag_bytes(self) -> int:
        return 8 * self.w // 8


PARAMS = {
    16: Params(16, (0xF0E8, 0xE4E2, 0xE1D8, 0xD4D2), (1, 4, 9, 11),
               (0xD1CC, 0xCAC9, 0xC6C5, 0xC3B8), (2, 5, 7, 13),
               ((0xB4B2, 0xB1AC, 0xAAA9, 0xA6A5), (0xA39C, 0x9A99, 0x9695, 0x938E),
                (0x8D8B, 0x8778, 0x7472, 0x716C), (0x6A69, 0x6665, 0x635C, 0x5A59),
                (0x5655, 0x534E, 0x4D4B, 0x473C), (0x3A39, 0x3635, 0x332E, 0x2D2B))),
    32: Params(32, (0xF0E8E4E2, 0xE1D8D4D2, 0xD1CCCAC9, 0xC6C5C3B8), (5, 11, 17, 23),
               (0xB4B2B1AC, 0xAAA9A6A5, 0xA39C9A99, 0x9695938E), (3, 10, 19, 29),
               ((0x8D8B8778, 0x7472716C, 0x6A696665, 0x635C5A59),
                (0x5655534E, 0x4D4B473C, 0x3A393635, 0x332E2D2B),
                (0x271E1D1B, 0x170FF0E8, 0xE4E2E1D8, 0xD4D2D1CC),
                (0xCAC9C6C5, 0xC3B8B4B2, 0xB1ACAAA9, 0xA6A5A39C),
                (0x9A999695, 0x938E8D8B, 0x87787472, 0x716C6A69),
                (0x6665635C, 0x5A595655, 0x534E4D4B, 0x473C3A39))),
    64: Params(64, (0xF0E8E4E2E1D8D4D2, 0xD1CCCAC9C6C5C3B8, 0xB4B2B1ACAAA9A6A5, 0xA39C9A999695938E),
               (7, 19, 31, 53),
               (0x8D8B87787472716C, 0x6A696665635C5A59, 0x5655534E4D4B473C, 0x3A393635332E2D2B),
               (11, 23, 37, 59),
               ((0x271E1D1B170FF0E8, 0xE4E2E1D8D4D2D1CC, 0xCAC9C6C5C3B8B4B2, 0xB1ACAAA9A6A5A39C),
                (0x9A999695938E8D8B, 0x87787472716C6A69, 0x6665635C5A595655, 0x534E4D4B473C3A39),
                (0x3635332E2D2B271E, 0x1D1B170FF0E8E4E2, 0xE1D8D4D2D1CCCAC9, 0xC6C5C3B8B4B2B1AC),
                (0xAAA9A6A5A39C9A99, 0x9695938E8D8B8778, 0x7472716C6A696665, 0x635C5A595655534E),
                (0x4D4B473C3A393635, 0x332E2D2B271E1D1B, 0x170FF0E8E4E2E1D8, 0xD4D2D1CCCAC9C6C5),
                (0xC3B8B4B2B1ACAAA9, 0xA6A5A39C9A999695, 0x938E8D8B87787472, 0x716C6A696665635C))),
}


class PiCipher:
    """pi<w>cipher with a key of any whole number of bytes (96, 128, 256 bits in the named
    variants) and a public nonce (4 or 16 bytes)."""

    def __init__(self, w: int):
        if w not in PARAMS:
            raise ValueError(f"word size must be 16, 32 or 64, got {w}")
        self.p = PARAMS[w]
        self.mask = (1 << w) - 1

    # ---- the permutation --------------------------------------------------------------
    def _rotl(self, x: int, n: int) -> int:
        return ((x << n) | (x >> (self.p.w - n))) & self.mask

    def _phi(self, x, const, v, rot) -> list[int]:
        total = sum(x)
        t = [self._rotl((const[i] + total - x[v[i]]) & self.mask, rot[i]) for i in range(4)]
        s = t[0] ^ t[1] ^ t[2] ^ t[3]
        return [ti ^ s for ti in t]

    def _ast(self, x, y) -> list[int]:
        """x * y = sigma(mu(x), nu(y))."""
        t = self._phi(x, self.p.mu_const, MU_V, self.p.mu_rot)
        a = [t[2], t[3], t[0], t[1]]
        b = self._phi(y, self.p.nu_const, NU_V, self.p.nu_rot)
        m = self.mask
        return [(a[1] + b[1]) & m, (a[2] + b[2]) & m, (a[3] + b[3]) & m, (a[0] + b[0]) & m]

    def permute(self, state: list[list[int]]) -> list[list[int]]:
        """pi on 4 chunks of 4 words."""
        consts = self.p.round_const
        for r in range(ROUNDS):
            c1, c2 = consts[2 * r], consts[2 * r + 1]
            t = [None] * 4
            t[0] = self._ast(list(c1), state[0])
            for k in range(1, 4):
                t[k] = self._ast(t[k - 1], state[k])
            out = [None] * 4
            out[3] = self._ast(t[3], list(c2))
            for k in range(2, -1, -1):
                out[k] = self._ast(t[k], out[k + 1])
            state = out
        return state

    # ---- bytes and words ----------------------------------------------------------------
    def _words(self, data: bytes, n: int) -> list[int]:
        b = self.p.w // 8
        data = data + bytes(n * b - len(data))
        return [int.from_bytes(data[i * b:(i + 1) * b], "little") for i in range(n)]

    def _bytes(self, words: list[int]) -> bytes:
        b = self.p.w // 8
        return b"".join(x.to_bytes(b, "little") for x in words)

    @staticmethod
    def _rate(state) -> list[int]:
        return state[0] + state[2]

    @staticmethod
    def _set_rate(state, words) -> list[list[int]]:
        return [list(words[:4]), list(state[1]), list(words[4:]), list(state[3])]

    # ---- the triplex calls --------------------------------------------------------------
    def _ctr_init(self, cis) -> int:
        """The counter: the first 64 bits of chunk 1, word 0 the least significant (the
        version the known answers were made with; the first reference code read the words the
        other way round, which a 64-bit word does not tell apart)."""
        return sum(cis[1][i] << (self.p.w * i) for i in range(64 // self.p.w))

    def _ctr_state(self, cis, ctr: int) -> list[list[int]]:
        """The common state with the 64-bit counter xored into chunk 0 (word 0 its least
        significant bits), permuted."""
        s = [list(c) for c in cis]
        t = ctr & (2 ** 64 - 1)
        for i in range(64 // self.p.w):
            s[0][i] ^= (t >> (self.p.w * i)) & self.mask
        return self.permute(s)

    def _absorb(self, state, block_words) -> list[list[int]]:
        rate = [a ^ b for a, b in zip(self._rate(state), block_words)]
        return self._set_rate(state, rate)

    def _pad(self, data: bytes) -> list[int]:
        """A last block: the bytes, then 0x01, zeros."""
        return self._words(data + b"\x01", 8)

    def _add_tag(self, tag, state) -> list[int]:
        return [(t + x) & self.mask for t, x in zip(tag, self._rate(state))]

    def encrypt(self, key: bytes, npub: bytes, msg: bytes, ad: bytes = b"", nsec: bytes | None = None) -> bytes:
        """Ciphertext: the encrypted secret message number (one rate block, if given), the
        encrypted message, then the tag."""
        out, tag = self._run(key, npub, msg, ad, nsec, decrypt=False)
        return out + tag

    def decrypt(self, key: bytes, npub: bytes, cipher: bytes, ad: bytes = b"",
                with_nsec: bool = True) -> tuple[bytes | None, bytes] | None:
        """(secret message number, message), or None if the tag does not verify."""
        tb, rb = self.p.tag_bytes, self.p.rate_bytes
        if len(cipher) < tb + (rb if with_nsec else 0):
            return None
        body, tag = cipher[:-tb], cipher[-tb:]
        out, want = self._run(key, npub, body, ad, body[:rb] if with_nsec else None, decrypt=True)
        if want != tag:
            return None
        return (out[:rb], out[rb:]) if with_nsec else (None, out)

    def _run(self, key, npub, data, ad, nsec, decrypt: bool) -> tuple[bytes, bytes]:
        rb = self.p.rate_bytes
        if len(key) + len(npub) + 1 > 16 * self.p.w // 8:
            raise ValueError(f"key and public nonce of {len(key) + len(npub)} bytes do not fit the "
                             f"{16 * self.p.w // 8}-byte state with its 1 byte")
        if nsec is not None and len(nsec) != rb:
            raise ValueError(f"the secret message number is one rate block ({rb} bytes)")
        setup = key + npub + b"\x01"
        words = self._words(setup, 16)
        cis = self.permute([words[0:4], words[4:8], words[8:12], words[12:16]])
        ctr = self._ctr_init(cis)
        tag = [0] * 8

        # associated data: blocks numbered 1, 2, ...; the last (possibly empty) block padded
        blocks = [ad[i:i + rb] for i in range(0, len(ad), rb)]
        if not blocks or len(blocks[-1]) == rb:
            blocks.append(b"")
        for n, blk in enumerate(blocks, start=1):
            s = self._ctr_state(cis, ctr + n)
            s = self._absorb(s, self._pad(blk) if len(blk) < rb else self._words(blk, 8))
            tag = self._add_tag(tag, self.permute(s))
        ctr += len(blocks)
        cis = self.permute(self._absorb([list(c) for c in cis], tag))

        out = b""
        if nsec is not None:
            ctr += 1
            s = self._ctr_state(cis, ctr)
            smn = self._words(nsec, 8)
            if decrypt:
                plain = [a ^ b for a, b in zip(self._rate(s), smn)]
                out += self._bytes(plain)
                s = self._set_rate(s, smn)
            else:
                s = self._absorb(s, smn)
                out += self._bytes(self._rate(s))
            cis = self.permute(s)
            tag = self._add_tag(tag, cis)
            data = data[rb:] if decrypt else data

        # message: blocks numbered 1, 2, ...; the last block padded (an empty one if the
        # message is whole blocks)
        blocks = [data[i:i + rb] for i in range(0, len(data), rb)]
        if not blocks or len(blocks[-1]) == rb:
            blocks.append(b"")
        for n, blk in enumerate(blocks, start=1):
            s = self._ctr_state(cis, ctr + n)
            full = len(blk) == rb
            if decrypt:
                keystream = self._bytes(self._rate(s))
                plain = bytes(a ^ b for a, b in zip(blk, keystream))
                out += plain
                words = self._words(plain, 8) if full else self._pad(plain)
                s = self._absorb(s, words)
            else:
                s = self._absorb(s, self._words(blk, 8) if full else self._pad(blk))
                out += self._bytes(self._rate(s))[:len(blk)]
            tag = self._add_tag(tag, self.permute(s))
        return out, self._bytes(tag)[:self.p.tag_bytes]
