"""pytest wrapper: the micro-core grid's RTL (rtl/ugrid/) in lock-step with the ISS
(tests/ugrid/tb_ugrid.py): random programs of every instruction, tables and memories, edge
inputs, loops and hold cycles.  In `make test` one 4 x 4 grid whose columns are a mesh and
whose rows are rings of two (both kinds of link, edges and band edges), with two table pages;
in `make test-long` also a 2 x 2 and a 3 x 5 mesh, a 4 x 4 grid of rings and 8 x 8 in four 4 x 4
rings (the AES tiles)."""

from __future__ import annotations

import json

import pytest

from mccp import paths
from mccp.eda import sim
from mccp.eda.filelist import sources


def _run(rows: int, cols: int, *, seed: int, loads: int, runs: int, lut_pages: int = 4, imem_depth: int = 256,
         wrap_rows: int = 0, wrap_cols: int = 0, hold: float = 0.2, undefined: float = 0.0,
         full_tables: bool = False) -> None:
    cfg = {"rows": rows, "cols": cols, "lut_pages": lut_pages, "imem_depth": imem_depth, "wrap_rows": wrap_rows,
           "wrap_cols": wrap_cols, "seed": seed, "loads": loads, "runs": runs, "hold": hold, "undefined": undefined,
           "full_tables": full_tables}
    sim.run(toplevel="mccp_ugrid", test_module="tb_ugrid", sources=sources("ugrid"),
            parameters={"Rows": rows, "Cols": cols, "LutPages": lut_pages, "ImemDepth": imem_depth,
                        "WrapRows": wrap_rows, "WrapCols": wrap_cols},
            module_dirs=[paths.TESTS / "ugrid"], extra_env={"UGRID_CFG": json.dumps(cfg)})


@pytest.mark.long
def test_grid_2x2_with_undefined_words():
    """Every core its own table; undefined words (and none) in alternate loads: ILLEGAL per
    core and illegal_o."""
    _run(2, 2, seed=1, loads=4, runs=8, undefined=0.03, full_tables=True)


def test_grid_4x4_mixed_links():
    """The make-test bench: columns a mesh (edge inputs through `in`), rows rings of 2 columns
    (`in` around a ring, `ein` across the bands' edges and from the grid's edges), two table
    pages (lut2 and lut3 are then ILLEGAL), every core its own table, a 64-word instruction
    memory, undefined words."""
    _run(4, 4, seed=5, loads=2, runs=8, wrap_cols=2, lut_pages=2, imem_depth=64, undefined=0.02,
         full_tables=True, hold=0.3)


@pytest.mark.long
def test_grid_4x4_wrap_around():
    """Columns closed into rings of 4 rows, rows into rings of 2 columns: `in` across a ring,
    `ein` over the physical link where the two differ (the bands' ends)."""
    _run(4, 4, seed=2, loads=2, runs=8, wrap_rows=4, wrap_cols=2, hold=0.3)


@pytest.mark.long
def test_grid_3x5_two_pages():
    """Two table pages (lut2 and lut3 are then ILLEGAL), every core its own table, a 64-word
    instruction memory."""
    _run(3, 5, seed=3, loads=2, runs=8, lut_pages=2, imem_depth=64, undefined=0.02, full_tables=True)


@pytest.mark.long
def test_grid_8x8():
    _run(8, 8, seed=4, loads=2, runs=6, wrap_rows=4, wrap_cols=4)
