"""The CAVP CTR_DRBG vectors kept in tests/entropy/vectors/ (README there): a reader, and the
output a vector's steps give on a DRBG model (mccp.ref.ctr_drbg)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from mccp.ref.ctr_drbg import CtrDrbg

VECTORS = Path(__file__).resolve().parent / "vectors" / "evprand_ctr_drbg_subset.txt"


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
