"""Paper 004's figures for its pi-Cipher ARX engines, quoted, never measured here.

El-Hadedy, Skadron, "the price of programmability" (../shared/papers/004_*.txt): the
programmable processing element (PPE) and three custom ARX engines (single, double and quad
width, section 4), synthesized with ISE 14.7 for a Virtex-7 XC7VX485T-2FFG1761 (section 5).
Table 1 is pi16-Cipher, Table 2 pi64-Cipher; throughput "per block" as section 5.2 defines it
(equation 1): input bits (4 x w) x Fmax / clock cycles per block.  The PPE's cycles per block
are section 5.2's text (13 for pi16, 54 for pi64); the custom engines' are not printed.
The figures are as printed, rounding and all (e.g. Table 1's 27.69 Mbps/slice is 3.57 Gbps /
132 slices = 27.05 there).
"""

from __future__ import annotations

from dataclasses import dataclass

DEVICE = "Xilinx Virtex-7 XC7VX485T-2 (ISE 14.7)"


@dataclass(frozen=True)
class PaperEngine:
    gbps: float                  # throughput per block
    slices: int
    mhz: float
    mbps_per_slice: float
    cycles: int | None = None    # clock cycles per block, where the paper states them


# word bits -> column ("PPE", "single", "double", "quad") -> figures
TABLES: dict[int, dict[str, PaperEngine]] = {
    16: {"PPE": PaperEngine(1.2, 227, 250, 5.4, cycles=13),
         "single": PaperEngine(3.57, 132, 371, 27.69),
         "double": PaperEngine(3.68, 154, 324, 24.47),
         "quad": PaperEngine(4.34, 266, 347, 16.71)},
    64: {"PPE": PaperEngine(1.17, 227, 250, 5.28, cycles=54),
         "single": PaperEngine(3.09, 445, 254, 7.13),
         "double": PaperEngine(3.68, 447, 243, 8.4),
         "quad": PaperEngine(4.22, 634, 245, 6.8)},
}
TABLE_NUMBER = {16: 1, 64: 2}


def implied_cycles(w: int, e: PaperEngine) -> float:
    """The cycles per block equation 1 gives from the printed throughput and Fmax."""
    return 4 * w * e.mhz / (e.gbps * 1000)
