"""CTR_DRBG (NIST SP 800-90A rev. 1, 10.2) written from the standard on `cryptography`'s AES
block function, and the CBC-MAC the randomness unit conditions its entropy with: the reference the
entropy tests and `mccp bench entropy` check the RTL against (tests/entropy/test_drbg.py checks
it against every CAVP vector kept in tests/entropy/vectors)."""

from __future__ import annotations

from mccp.ref import aes as aes_ref

# The conditioning key: SHA-256 of this text (rtl/entropy/mccp_entropy_pkg.sv's CondKeyValue).
COND_KEY_TEXT = b"MCCP entropy conditioning key"


def aes(key: bytes, block: bytes) -> bytes:
    return aes_ref.ecb(key, block)


def xor(a: bytes, b: bytes) -> bytes:
    return bytes(x ^ y for x, y in zip(a, b, strict=True))


def cbc_mac(key: bytes, data: bytes) -> bytes:
    """CBC-MAC over whole blocks (the conditioning's fixed-length input)."""
    return aes_ref.cbc_mac(key, data, 16)


class CtrDrbg:
    """CTR_DRBG with AES-128 or AES-256, ctr_len = 128, with or without Block_Cipher_df."""

    def __init__(self, key_bits: int, df: bool):
        self.keylen = key_bits // 8
        self.seedlen = self.keylen + 16
        self.df = df
        self.key = bytes(self.keylen)
        self.v = bytes(16)
        self.reseed_counter = 0

    def _inc(self, v: bytes) -> bytes:
        return ((int.from_bytes(v, "big") + 1) % (1 << 128)).to_bytes(16, "big")

    def block_cipher_df(self, data: bytes) -> bytes:
        n = self.seedlen
        s = len(data).to_bytes(4, "big") + n.to_bytes(4, "big") + data + b"\x80"
        s += bytes(-len(s) % 16)
        k = bytes(range(self.keylen))
        temp = b""
        i = 0
        while len(temp) < self.keylen + 16:
            chain = bytes(16)
            for blk in [i.to_bytes(4, "big") + bytes(12)] + [s[j:j + 16] for j in range(0, len(s), 16)]:
                chain = aes(k, xor(chain, blk))
            temp += chain
            i += 1
        k, x = temp[:self.keylen], temp[self.keylen:self.keylen + 16]
        out = b""
        while len(out) < n:
            x = aes(k, x)
            out += x
        return out[:n]

    def update(self, provided: bytes) -> None:
        assert len(provided) == self.seedlen
        temp = b""
        while len(temp) < self.seedlen:
            self.v = self._inc(self.v)
            temp += aes(self.key, self.v)
        temp = xor(temp[:self.seedlen], provided)
        self.key, self.v = temp[:self.keylen], temp[self.keylen:]

    def _seed_material(self, entropy: bytes, extra: bytes) -> bytes:
        if self.df:
            return self.block_cipher_df(entropy + extra)
        assert len(entropy) == self.seedlen and len(extra) <= self.seedlen
        return xor(entropy, extra + bytes(self.seedlen - len(extra)))

    def instantiate(self, entropy: bytes, nonce: bytes = b"", pers: bytes = b"") -> None:
        self.key, self.v = bytes(self.keylen), bytes(16)
        self.update(self._seed_material(entropy + nonce if self.df else entropy, pers))
        self.reseed_counter = 1

    def reseed(self, entropy: bytes, add: bytes = b"") -> None:
        self.update(self._seed_material(entropy, add))
        self.reseed_counter = 1

    def generate(self, nbytes: int, add: bytes = b"") -> bytes:
        if add:
            add = self.block_cipher_df(add) if self.df else add + bytes(self.seedlen - len(add))
            self.update(add)
        else:
            add = bytes(self.seedlen)
        out = b""
        while len(out) < nbytes:
            self.v = self._inc(self.v)
            out += aes(self.key, self.v)
        self.update(add)
        self.reseed_counter += 1
        return out[:nbytes]
