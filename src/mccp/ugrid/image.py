"""The firmware image of a grid slot of mccp_top (rtl/fabric/mccp_ugrid_slot.sv, docs/ugrid.md):
the AES-128, -192 and -256 encryption programs compiled for the slot's grid, one after the
other in every core's instruction memory, the tables, and for each program the descriptor the
slot sequences a run with (its bounds, the round keys' column offsets, which edge lane carries
which block byte in which cycle)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from mccp.ugrid import aes

SIDE_CODE = {"e": 0, "w": 1, "n": 2, "s": 3}     # mccp_ugrid's side numbering
KEY_BYTES = (16, 24, 32)                          # descriptor 0, 1, 2
# the functions a grid slot serves and their FW_ENTRY address (bit 0 chooses the mode); CTR
# decryption is its encryption, ECB decryption is not mapped (NO_CORE)
FUNCTIONS = {("ecb", "encrypt"): 0, ("ctr", "encrypt"): 1, ("ctr", "decrypt"): 1}
LUT_PAGES = 4


def _bits(n: int) -> int:
    return max((n - 1).bit_length(), 1)


@dataclass(frozen=True)
class Layout:
    """Where the image's parts start (word addresses), as mccp_ugrid_slot computes them."""
    rows: int
    cols: int
    imem_depth: int

    @property
    def tiles(self) -> int:
        return (self.rows // 4) * (self.cols // 4)

    @property
    def lut_base(self) -> int:
        return 1 << (_bits(self.rows) + _bits(self.cols) + _bits(self.imem_depth))

    @property
    def desc_base(self) -> int:
        return self.lut_base + LUT_PAGES * 256

    @property
    def desc_words(self) -> int:
        return 2 + 2 * 16 * self.tiles

    @property
    def words(self) -> int:
        return self.desc_base + 3 * self.desc_words

    def check(self) -> None:
        """ValueError unless a slot of this shape can be built and loaded."""
        if self.rows % 4 or self.cols % 4 or self.rows < 4 or self.cols < 4:
            raise ValueError(f"a grid slot runs AES on 4 x 4 tiles: {self.rows} x {self.cols} is not made of them")
        if self.words > 0xFFFF:
            raise ValueError(f"the image of a {self.rows} x {self.cols} grid ({self.words} words) exceeds the "
                             f"loader's 65535")

    def imem_addr(self, row: int, col: int, addr: int) -> int:
        return (((row << _bits(self.cols)) | col) << _bits(self.imem_depth)) | addr


@cache
def programs(rows: int, cols: int, rings: bool) -> tuple[aes.AesProgram, ...]:
    """The three encryption programs of the grid (AES-128, -192, -256)."""
    return tuple(aes.encrypt_program(kb, wrap=rings, rows=rows, cols=cols) for kb in KEY_BYTES)


def imem_depth(rows: int, cols: int, rings: bool) -> int:
    """The instruction memory (a power of two) the three programs fit in one after the other
    (512 words for a 4 x 4 grid of rings, 1024 for a mesh)."""
    total = sum(ap.program.length for ap in programs(rows, cols, rings))
    return 1 << (total - 1).bit_length()


def _lane(side: str, index: int, cycles: int) -> int:
    return (SIDE_CODE[side] << 24) | (index << 16) | cycles


def image_words(rows: int = 4, cols: int = 4, rings: bool = True) -> list[int]:
    """The slot's image (32-bit words), for a slot of ImemDepth imem_depth(rows, cols, rings)."""
    lay = Layout(rows, cols, imem_depth(rows, cols, rings))
    lay.check()
    words = [0] * lay.words
    base = 0
    descs = []
    for ap in programs(rows, cols, rings):
        prog = ap.program
        for (r, c), code in prog.words.items():
            for a, w in enumerate(code):
                words[lay.imem_addr(r, c, base + a)] = w
        labels = {("pt", t, i): n for n, (t, i) in enumerate((t, i) for t in range(ap.blocks) for i in range(16))}
        ins = [0] * (16 * ap.blocks)
        for t, side, index, label in prog.inputs:        # executed cycle t: index t - 1
            ins[labels[label]] = _lane(side, index, t - 1)
        outs = [0] * (16 * ap.blocks)
        for t, side, index, label in prog.outputs:       # shown after cycle t
            outs[labels[("pt",) + label[1:]]] = _lane(side, index, t)
        offsets = sum(o << (2 * i) for i, o in enumerate(ap.offsets))
        descs.append([base | ((base + prog.length - 1) << 16), offsets] + ins + outs)
        base += prog.length
    for a, v in enumerate(aes.tables()):
        words[lay.lut_base + a] = v
    for p, d in enumerate(descs):
        words[lay.desc_base + p * lay.desc_words:lay.desc_base + (p + 1) * lay.desc_words] = d
    return words

