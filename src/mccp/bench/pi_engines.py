"""The fixed-function pi-Cipher engines' benchmark (`mccp bench pi`, results/bench_pi.json).

Each build of rtl/arx/mccp_pi_arx.sv (W 16, 32, 64 x Lanes 1, 2, 4: paper 004's single,
double and quad width) runs on Verilator through the cocotb bench tests/arx/tb_pi_arx_engine.py
(the nine builds in one model, tests/arx/hdl/tb_pi_arx_builds.sv): operations offered back to
back, every z checked against mccp.ref.pi_cipher's x * y before a figure is kept.  Per build:
the cycles from one accepted start to the next in steady state (`cycles_per_op`, the paper's
"clock cycles per block") and one operation's latency (start handshake to result).
"""

from __future__ import annotations

import json
import logging
import tempfile
from pathlib import Path

from mccp import paths
from mccp.eda import sim
from mccp.eda.filelist import pick

logger = logging.getLogger(__name__)

WIDTHS = {1: "single", 2: "double", 4: "quad"}     # Lanes -> the paper's name
BUILDS = [(w, lanes) for w in (16, 32, 64) for lanes in WIDTHS]
OPERATIONS = 200
TOP = "tb_pi_arx_builds"
TB_DIR = paths.TESTS / "arx"


def build_name(w: int, lanes: int) -> str:
    """pi16_single, ..., pi64_quad: the key in bench_pi.json and the synthesis unit's name."""
    return f"pi{w}_{WIDTHS[lanes]}"


def _sources() -> list[Path]:
    return pick("arx", "mccp_pi_params_pkg", "mccp_pi_arx") + [TB_DIR / "hdl" / f"{TOP}.sv"]


def run_build(w: int, lanes: int, operations: int = OPERATIONS, log_file: Path | None = None) -> dict:
    """Run the bench on one build; its figures (it fails on any wrong or missing result)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "bench.json"
        sim.run(TOP, "tb_pi_arx_engine", sources=_sources(), module_dirs=[TB_DIR], log_file=log_file,
                extra_env={"PI_W": str(w), "PI_LANES": str(lanes), "PI_OPS": str(operations),
                           "MCCP_BENCH_OUT": str(out)})
        return json.loads(out.read_text())


def bench_pi(operations: int = OPERATIONS) -> dict:
    engines = {}
    for w, lanes in BUILDS:
        r = run_build(w, lanes, operations)
        name = build_name(w, lanes)
        engines[name] = {"w": w, "lanes": lanes, "operations": r["operations"],
                         "cycles_per_op": r["cycles_per_op"], "latency": r["latency"]}
        logger.info(f"  {name}: {r['cycles_per_op']:g} cycles per operation, latency {r['latency']}")
    return {"engines": engines}
