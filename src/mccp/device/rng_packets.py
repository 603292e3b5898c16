"""Packets of an rng channel (docs/entropy.md "Packets").

Pure Python, no simulator.  An rng channel names one function of the randomness unit (its
MODE, regs.yml rng_modes); a packet's body is a request word (bytes 0..3 the output bytes, big
endian; byte 4 bit 0 prediction resistance; for drbg-test, byte 5 the DRBG command, byte 6 bit 0
AES-256 and bit 1 the derivation function, byte 7 the entropy words that follow) and then the
additional input (the personalization string of instantiate).  The result is the output bytes,
ceil(n/16) words.
"""

from __future__ import annotations

from dataclasses import dataclass

from mccp import regmap
from mccp.aes.task import WORD_BYTES
from mccp.device.packets import Policy
from mccp.ecc.curves import Curve

MAX_REQUEST_BYTES = 1 << 16        # SP 800-90A 10.2.1: at most 2^19 bits per generate request
MAX_ADD_BYTES = 256                # the unit's longest additional input (mccp_drbg MaxAddBytes)
DRBG_COMMANDS = {"instantiate": 0, "reseed": 1, "generate": 2}

# The simulation model's knobs (rtl/entropy/mccp_entropy_model.sv): probabilities as floats in
# [0, 1], passed as parts of 65536; counts as ints.
MODEL_RATES = ("p1", "corr")
MODEL_COUNTS = ("seed", "dead", "die_every", "stuck", "fault_at")


@dataclass(frozen=True)
class RngChannelConfig:
    """What the device wrote to one rng channel table entry."""
    index: int
    func: str                      # "generate", "ec-keygen", "reseed", "instantiate", "drbg-test"
    curve: Curve | None = None     # ec-keygen
    dest_slot: int | None = None   # SECRET_OUT: the key slot the output goes to
    dest_len: int = 0              # generate into a key slot: DEST_LEN code (0/1/2 = 16/24/32 bytes)
    policy: Policy = Policy(affinity=False)


def request_word(out_bytes: int = 0, pr: bool = False, command: int = 0, aes256: bool = True,
                 df: bool = True, entropy_words: int = 0) -> bytes:
    return (out_bytes.to_bytes(4, "big") + bytes([int(pr), command, int(aes256) | int(df) << 1, entropy_words])
            + bytes(8))


def build_packet(cfg: RngChannelConfig, seq: int, request: bytes, tail: bytes = b"",
                 rm: regmap.RegMap | None = None) -> bytes:
    """Header word + request word + tail (entropy words and additional input)."""
    rm = rm or regmap.load()
    body = request + tail
    header = rm.pack_header("in", op=0, channel=cfg.index, seq=seq & 0xFFFFFFFF, payload_len=len(body),
                            aad_len=0, nonce_len=0, tag_len=0)
    return header + body


def out_words_bytes(n: int) -> int:
    """Bytes the device returns for n requested: whole 16-byte words."""
    return -(-n // WORD_BYTES) * WORD_BYTES


def model_plusargs(options: dict) -> dict[str, int]:
    """The Verilator plusargs of the source model's knobs (Device(entropy_model=...))."""
    out: dict[str, int] = {}
    for key, value in options.items():
        if key in MODEL_RATES:
            if not 0.0 <= float(value) <= 1.0:
                raise ValueError(f"entropy_model {key} is a probability in [0, 1], got {value!r}")
            out[f"entropy_{key}"] = round(float(value) * 65536)
        elif key in MODEL_COUNTS:
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"entropy_model {key} must be an int, got {value!r}")
            if key == "stuck" and value not in (-1, 0, 1):
                raise ValueError(f"entropy_model stuck must be -1 (off), 0 or 1, got {value!r}")
            if key != "stuck" and value < 0:
                raise ValueError(f"entropy_model {key} must be >= 0, got {value!r}")
            out[f"entropy_{key}"] = value
        else:
            raise ValueError(f"unknown entropy_model knob {key!r} (known: {', '.join(MODEL_RATES + MODEL_COUNTS)})")
    return out
