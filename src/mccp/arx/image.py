"""The ARX firmware image as the fabric's loader takes it (mccp_arx_slot): 32-bit words.

Instruction k is words 2k (its bits [31:0]) and 2k + 1; the coefficient memory starts at word
2 * IMEM_WORDS, constant j in words CMEM_BASE + 4j .. + 3 (bits [31:0] first).  Words between
the last instruction and the constants are all ones: an undefined instruction."""

from __future__ import annotations

from mccp import paths
from mccp.asm import Program
from mccp.isa import load
from mccp.iss.arx import PHI_OPS

FIRMWARE = paths.ROOT / "firmware" / "arx" / "arx.s"
PI_FIRMWARE = paths.ROOT / "firmware" / "arx" / "pi.s"     # the pi-Cipher image (docs/arx.md, "Images")
IMEM_WORDS = 1024           # mccp_arx_slot / mccp_arx_pe ImemWords
CMEM_WORDS = 64             # CmemWords
CMEM_BASE = 2 * IMEM_WORDS
FILL = 0xFFFFFFFF


def image_words(program: Program) -> list[int]:
    """The loader's words of an assembled ARX program (ValueError if it does not fit)."""
    if len(program.words) > IMEM_WORDS or len(program.consts) > CMEM_WORDS:
        raise ValueError(f"ARX program of {len(program.words)} instructions and {len(program.consts)} constants "
                         f"does not fit {IMEM_WORDS} / {CMEM_WORDS}")
    words = []
    for w in program.words:
        words += [w & FILL, w >> 32]
    if not program.consts:
        return words
    words += [FILL] * (CMEM_BASE - len(words))
    for c in program.consts:
        words += [(c >> (32 * i)) & FILL for i in range(4)]
    return words


def uses_phi(program: Program) -> bool:
    """Whether the program has a pi-Cipher phi instruction (pmu ... pnux: an element built
    without PiPhi traps them as ILLEGAL)."""
    isa = load("arx")
    return any((d := isa.decode(w)) is not None and d[0].mnemonic in PHI_OPS for w in program.words)
