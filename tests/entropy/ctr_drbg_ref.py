"""The test benches' reference for the randomness unit: CTR_DRBG (SP 800-90A rev. 1, 10.2) written
from the standard on `cryptography`'s AES block function, the CBC-MAC conditioning, and a reader of
the CAVP vectors in tests/entropy/vectors/ (test_ctr_drbg_ref checks this model against all of them
before any bench trusts it)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

VECTORS = Path(__file__).resolve().parent / "vectors" / "evprand_ctr_drbg_subset.txt"

# The conditioning key: SHA-256 of this text (rtl/entropy/mccp_entropy_pkg.sv's CondKeyValue).
COND_KEY_TEXT = b"MCCP entropy conditioning key"


def aes(key: bytes, block: bytes) -> bytes:
    enc = Cipher(algorithms.AES(key), modes.ECB()).encryptor()
    return enc.update(block) + enc.finalize()


def xor(a: bytes, b: bytes) -> bytes:
    return bytes(x ^ y for x, y in zip(a, b, strict=True))


def cbc_mac(key: bytes, data: bytes) -> bytes:
    x = bytes(16)
    for i in range(0, len(data), 16):
        x = aes(key, xor(x, data[i:i + 16]))
    return x


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


@dataclass
class Vector:
    key_bits: int
    df: bool
    pr: bool
    name: str                       # block number . count, for test ids
    fields: dict[str, bytes] = field(default_factory=dict)

    def get(self, name: str) -> bytes:
        return self.fields.get(name, b"")


def load_vectors(path: Path = VECTORS) -> list[Vector]:
    """Every count of every block, in file order."""
    vectors: list[Vector] = []
    block: dict[str, str] = {}
    counts: dict[str, dict[str, bytes]] = {}
    nblock = 0

    def close() -> None:
        nonlocal nblock
        if not counts:
            return
        key_bits = int(block["Cipher"].split("-")[1])
        for n, fields in sorted(counts.items(), key=lambda kv: int(kv[0])):
            vectors.append(Vector(key_bits=key_bits, df=block.get("DerivationFunction", "0") == "1",
                                  pr=block.get("PredictionResistance", "0") == "1",
                                  name=f"b{nblock}.{n}", fields=fields))
        nblock += 1

    for raw in path.read_text().splitlines():
        line = raw.strip()
        if line.startswith("#"):
            continue
        if not line:
            close()
            block, counts = {}, {}
            continue
        name, _, value = (part.strip() for part in line.partition("="))
        if "." in name:
            fname, n = name.rsplit(".", 1)
            counts.setdefault(n, {})[fname] = bytes.fromhex(value)
        else:
            block[name] = value
    close()
    return vectors


def run_vector(vec: Vector) -> bytes:
    """The output the vector's steps give on this model (README of the vectors)."""
    d = CtrDrbg(vec.key_bits, vec.df)
    d.instantiate(vec.get("Entropy"), vec.get("Nonce"), vec.get("PersonalisationString"))
    if "ReseedEntropy" in vec.fields:
        d.reseed(vec.get("ReseedEntropy"), vec.get("ReseedAdditionalInput"))
    out = b""
    for call in "AB":
        if vec.pr:
            d.reseed(vec.get(f"EntropyPredictionResistance{call}"), vec.get(f"AdditionalInput{call}"))
            out = d.generate(64)
        else:
            out = d.generate(64, vec.get(f"AdditionalInput{call}"))
    return out
