"""Paper 001's figures for AES on its micro-core grid, quoted, never measured here.

Pande, Zambreno, a reconfigurable micro-core grid (../shared/papers/001_*.txt), simulated in
Simulink: AES-128 encryption of one block on a 4 x 4 grid in 217 cycles (Table III), the
plaintext already in the cores and the eleven round keys in their memories; grids of 4 x 4
tiles keep the 217 cycles per run and add I/O by the selective row/column scheme: M - 1 cycles
to input, and as many to output, on an M x N grid with M <= N (section 8).
"""

from __future__ import annotations

# Table III: operation -> (iterations, cycles)
TABLE_III: dict[str, tuple[int, int]] = {
    "AddRoundKey": (11, 21),
    "ShiftRows": (10, 60),
    "SubBytes": (10, 10),
    "MixColumns": (9, 126),
}
AES128_CYCLES = 217


def io_cycles(rows: int, cols: int) -> int:
    """Input or output cycles of the selective scheme on a rows x cols grid."""
    return min(rows, cols) - 1


def run_cycles(rows: int, cols: int) -> int:
    """A run of the paper's grid: input, the 217 cycles, output."""
    return AES128_CYCLES + 2 * io_cycles(rows, cols)


def utilisation(rows: int, cols: int) -> float:
    """Section 8's count: of the 217 AES cycles 60 % are idle; of the 2(M - 1) I/O cycles there
    are N x M^2 active core states (M <= N)."""
    m, n = min(rows, cols), max(rows, cols)
    active = 0.4 * AES128_CYCLES * m * n + n * m * m
    return active / (run_cycles(rows, cols) * m * n)
