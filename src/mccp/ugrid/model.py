"""The RTL of a bare grid (rtl/ugrid/mccp_ugrid.sv) as a Verilator model behind ctypes
(harness.cpp), with the load and run methods of the ISS's Grid (mccp.iss.ugrid), so the same
programs and loaders run on either."""

from __future__ import annotations

import ctypes
from pathlib import Path

from mccp.device.build import build_model
from mccp.eda.filelist import sources
from mccp.iss.ugrid import MEM_BYTES, PAGE, SIDES, EdgeBytes, Grid, Run, check_wrap

HARNESS = Path(__file__).resolve().parent / "harness.cpp"
_u8p = ctypes.POINTER(ctypes.c_uint8)
_SIGNATURES = {
    "grid_new": ([], ctypes.c_void_p),
    "grid_free": ([ctypes.c_void_p], None),
    "grid_cycle": ([ctypes.c_void_p], ctypes.c_uint64),
    "grid_cfg": ([ctypes.c_void_p] + [ctypes.c_int] * 6, None),
    "grid_run": ([ctypes.c_void_p] + [ctypes.c_int] * 7 + [_u8p] * 8 + [ctypes.c_int64, ctypes.POINTER(ctypes.c_int)],
                 ctypes.c_int64),
}
TARGET = {"imem": 0, "lut": 1, "mem": 2}


class GridModel:
    """One simulated grid; the parameters are those of mccp_ugrid."""

    def __init__(self, rows: int, cols: int, imem_depth: int = 256, lut_pages: int = 4,
                 wrap_rows: int = 0, wrap_cols: int = 0):
        check_wrap(rows, cols, wrap_rows, wrap_cols)
        self.rows, self.cols, self.imem_depth, self.lut_pages = rows, cols, imem_depth, lut_pages
        params = {"Rows": rows, "Cols": cols, "ImemDepth": imem_depth, "LutPages": lut_pages,
                  "WrapRows": wrap_rows, "WrapCols": wrap_cols, "DebugEnable": 0}
        lib = ctypes.CDLL(str(build_model(params, sources("ugrid"), top="mccp_ugrid", harness=HARNESS)))
        for name, (args, res) in _SIGNATURES.items():
            fn = getattr(lib, name)
            fn.argtypes, fn.restype = args, res
        self._lib = lib
        self._g = lib.grid_new()
        self.illegal = False

    def close(self) -> None:
        if self._g:
            self._lib.grid_free(self._g)
            self._g = None

    def __del__(self):
        self.close()

    @property
    def cycle(self) -> int:
        """Clock cycles simulated so far (configuration writes included)."""
        return self._lib.grid_cycle(self._g)

    # ---- host loads (as mccp.iss.ugrid.Grid) -----------------------------------------------
    def _write(self, target: str, row: int | None, col: int | None, addr: int, value: int) -> None:
        if (row is None) != (col is None):
            raise ValueError("name a core by row and column, or neither (every core)")
        if row is not None and not (0 <= row < self.rows and 0 <= col < self.cols):
            raise ValueError(f"no core ({row}, {col}) in a {self.rows} x {self.cols} grid")
        self._lib.grid_cfg(self._g, TARGET[target], int(row is None), row or 0, col or 0, addr, value)

    def write_imem(self, row: int | None, col: int | None, addr: int, word: int) -> None:
        if not 0 <= addr < self.imem_depth:
            raise ValueError(f"instruction address {addr} is beyond {self.imem_depth} words")
        self._write("imem", row, col, addr, word & 0x7FF)

    def write_lut(self, row: int | None, col: int | None, addr: int, byte: int) -> None:
        if not 0 <= addr < self.lut_pages * PAGE:
            raise ValueError(f"table address {addr} is beyond {self.lut_pages} pages")
        self._write("lut", row, col, addr, byte & 0xFF)

    def write_mem(self, row: int | None, col: int | None, addr: int, byte: int) -> None:
        if not 0 <= addr < MEM_BYTES:
            raise ValueError(f"memory address {addr} is beyond {MEM_BYTES} bytes")
        self._write("mem", row, col, addr, byte & 0xFF)

    # ---- running ----------------------------------------------------------------------
    def run(self, entry: int, last: int, loop_start: int = 0, loop_end: int = 0, loop_count: int = 1,
            edge_in=None, max_cycles: int | None = None) -> Run:
        """One run; edge_in(cycle) gives executed cycle 1, 2, ...'s edge inputs.  The inputs
        are gathered up to the run's length (the sequencer's count), or max_cycles."""
        n = max_cycles or max(Grid.run_cycles(entry, last, loop_start, loop_end, loop_count), 1)
        size = {"e": self.rows, "w": self.rows, "n": self.cols, "s": self.cols}
        bufs = {s: (ctypes.c_uint8 * (n * size[s]))() for s in SIDES}
        for k in range(n):
            given = edge_in(k + 1) if edge_in else {}
            for s in SIDES:
                for i, v in enumerate(given.get(s, ())):
                    bufs[s][k * size[s] + i] = v & 0xFF
        outs = {s: (ctypes.c_uint8 * (n * size[s]))() for s in SIDES}
        illegal = ctypes.c_int(0)
        cycles = self._lib.grid_run(self._g, self.rows, self.cols, entry, last, loop_start, loop_end, loop_count,
                                    *(ctypes.cast(bufs[s], _u8p) for s in SIDES),
                                    *(ctypes.cast(outs[s], _u8p) for s in SIDES), n, ctypes.byref(illegal))
        if cycles < 0:
            raise RuntimeError(f"the run did not end within {n} executed cycles")
        self.illegal = bool(illegal.value)
        run = Run(cycles=cycles)
        for k in range(cycles):
            edge: EdgeBytes = {s: list(outs[s][k * size[s]:(k + 1) * size[s]]) for s in SIDES}
            run.edge_out.append(edge)
        return run
