"""The core's task contract (docs/core.md): arguments and the input word stream.

Shared by the ISS, the RTL test benches and (later) the fabric's packet parser,
so every party lays a packet out the same way: each field (nonce, AAD, payload,
tag) starts on a new 16-byte word, the last word of a field zero-padded, the
final word of the packet marked `last`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

WORD_BYTES = 16


@dataclass(frozen=True)
class Word:
    data: int      # 128 bits, byte 0 in bits [127:120]
    last: bool


@dataclass
class Task:
    entry: int                  # instruction address of the firmware routine
    args: tuple[int, int, int, int]   # s0..s3: payload, AAD, nonce and tag lengths
    words: list[Word] = field(default_factory=list)


def field_words(data: bytes) -> list[int]:
    """A field as 128-bit words, the last one zero-padded."""
    out = []
    for i in range(0, len(data), WORD_BYTES):
        chunk = data[i:i + WORD_BYTES]
        out.append(int.from_bytes(chunk.ljust(WORD_BYTES, b"\0"), "big"))
    return out


def pack(*fields: bytes) -> list[Word]:
    """Concatenate fields, each starting on a new word; mark the final word last."""
    raw = [w for f in fields for w in field_words(f)]
    return [Word(d, i == len(raw) - 1) for i, d in enumerate(raw)]


def make_task(entry: int, nonce: bytes = b"", aad: bytes = b"", payload: bytes = b"",
              tag: bytes = b"", tag_len: int = 0) -> Task:
    """Task for one packet: s0 = len(payload), s1 = len(aad), s2 = len(nonce), s3 = tag_len."""
    return Task(entry, (len(payload), len(aad), len(nonce), tag_len), pack(nonce, aad, payload, tag))


def unpack_output(chunks: list[tuple[int, int]]) -> bytes:
    """Output words (data, byte count) to the byte string they carry."""
    return b"".join(d.to_bytes(WORD_BYTES, "big")[:n] for d, n in chunks)
