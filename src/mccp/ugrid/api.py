"""`mccp.ugrid.Grid`: a bare grid of micro-cores on the RTL (a Verilator model of mccp_ugrid),
running AES programs compiled from macro-instructions (docs/ugrid.md)."""

from __future__ import annotations

from dataclasses import dataclass

from mccp.model import aes as aes_model
from mccp.ugrid import aes
from mccp.ugrid.model import GridModel


@dataclass
class KeyLoad:
    """Where a key's expansion ran and what loading it cost: expanded on the host, then
    written into every core's memory through the configuration port (one byte a cycle)."""
    expanded_on: str
    load_cycles: int


class Grid:
    """rows x cols micro-cores (multiples of 4: one AES block per 4 x 4 tile).  `wrap`: the
    tiles' rows and columns are rings (wrap-around links, MCCP's default); False builds the
    paper's mesh."""

    IMEM_DEPTH = 512        # every AES program compiled here fits (the longest: AES-256 on a mesh)

    def __init__(self, rows: int = 4, cols: int = 4, wrap: bool = True):
        aes.tiles(rows, cols)                               # ValueError unless 4 x 4 tiles
        self.rows, self.cols, self.wrap = rows, cols, wrap
        self._programs: dict[int, aes.AesProgram] = {}
        self._model: GridModel | None = None
        self._loaded: tuple[int, bytes] | None = None     # (program's key size, key)
        self.key_load: KeyLoad | None = None

    def _program(self, key_bytes: int) -> aes.AesProgram:
        if key_bytes not in self._programs:
            ap = aes.encrypt_program(key_bytes, self.wrap, self.rows, self.cols)
            if ap.program.length > self.IMEM_DEPTH:
                raise ValueError(f"AES-{8 * key_bytes} on this grid takes {ap.program.length} control words, "
                                 f"more than the {self.IMEM_DEPTH} of its instruction memories")
            self._programs[key_bytes] = ap
        return self._programs[key_bytes]

    def _grid(self) -> GridModel:
        if self._model is None:
            band = 4 if self.wrap else 0
            self._model = GridModel(self.rows, self.cols, imem_depth=self.IMEM_DEPTH, wrap_rows=band, wrap_cols=band)
        return self._model

    def aes_encrypt(self, key: bytes, blocks: bytes) -> tuple[bytes, int]:
        """ECB encryption of `blocks` (a multiple of 16 bytes): the ciphertext and the clock
        cycles from each run's first plaintext input beat to its last ciphertext output beat,
        summed (a run takes a block per tile), with the round keys already in the grid."""
        if len(key) not in aes_model.ROUNDS:
            raise ValueError(f"an AES key is 16, 24 or 32 bytes, not {len(key)}")
        if len(blocks) % 16:
            raise ValueError(f"ECB takes whole 16-byte blocks, not {len(blocks)} bytes")
        ap = self._program(len(key))
        grid = self._grid()
        if self._loaded is None or self._loaded[0] != len(key):
            aes.load_program(grid, ap)
        if self._loaded != (len(key), bytes(key)):
            before = grid.cycle
            aes.load_key(grid, ap, key)
            self.key_load = KeyLoad("host", grid.cycle - before)
            self._loaded = (len(key), bytes(key))
        return aes.encrypt(grid, ap, blocks)

    def close(self) -> None:
        if self._model is not None:
            self._model.close()
            self._model = None

    def __enter__(self) -> "Grid":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
