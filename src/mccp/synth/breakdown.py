"""`mccp synth --breakdown UNIT`: where a unit's LUT4 go, module by module.

The headline figures come from a flattened `synth_ecp5`.  Here the same unit
is synthesized with its hierarchy kept (`-noflatten`), so Yosys' `stat`
counts each module's own cells; a module's total adds each submodule's total
times its instance count.  Kept boundaries stop optimization across modules
(constants and unused outputs do not cross them), so the sums lie well above
the flattened counts (~10 % for a core, ~25 % for a top): read them as a map
of where the logic sits, not as the unit's size.  Written to results/synth_breakdown.json
and rendered into docs/synthesis.md by mccp.report.breakdown.
"""

from __future__ import annotations

import datetime as _dt
import json
import logging
from pathlib import Path
from typing import Mapping

from mccp import paths
from mccp.synth.results import rtl_state
from mccp.synth.units import UNITS, unit_sources
from mccp.synth.yosys import base_module, yosys_synth

logger = logging.getLogger(__name__)

RESULTS_NAME = "synth_breakdown.json"
COLUMNS = ("LUT4", "TRELLIS_FF", "TRELLIS_DPR16X4", "CCU2C", "DP16KD")


def tree(stat: Mapping, top: str, max_depth: int = 3) -> list[dict]:
    """Rows (depth, module, instances, totals incl. submodules, own LUT4), depth first from `top`.

    `stat` is Yosys' `stat -json` of a design synthesized with its hierarchy kept:
    a module's `num_cells_by_type` lists its primitives (upper case) and its
    submodule instances (by module name)."""
    mods = {name.lstrip("\\"): v.get("num_cells_by_type", {}) for name, v in stat["modules"].items()}

    def subs(name: str) -> list[tuple[str, int]]:
        return [(t.lstrip("\\"), int(n)) for t, n in mods[name].items() if t.lstrip("\\") in mods]

    memo: dict[str, dict[str, int]] = {}

    def total(name: str) -> dict[str, int]:
        if name not in memo:
            acc = {c: int(mods[name].get(c, 0)) for c in COLUMNS}
            for sub, n in subs(name):
                for c, v in total(sub).items():
                    acc[c] += n * v
            memo[name] = acc
        return memo[name]

    top_key = next((m for m in mods if base_module(m) == top), None)
    if top_key is None:
        raise KeyError(f"{top} not among the modules of the stat")
    rows: list[dict] = []

    def walk(name: str, depth: int, count: int) -> None:
        rows.append({"depth": depth, "module": base_module(name), "instances": count, "total": total(name),
                     "own_lut4": int(mods[name].get("LUT4", 0))})
        if depth < max_depth:
            for sub, n in sorted(subs(name), key=lambda s: -total(s[0])["LUT4"]):
                walk(sub, depth + 1, count * n)

    walk(top_key, 0, 1)
    return rows


def run(unit_name: str, build_root: Path | None = None) -> dict:
    """Synthesize the unit with its hierarchy kept and return its breakdown entry."""
    unit = UNITS[unit_name]
    out_dir = (build_root or paths.BUILD / "synth") / unit_name / "hier"
    res = yosys_synth(unit.top, unit.parameters, unit_sources(unit), out_dir,
                           options=["-noflatten", *unit.yosys_options], tag="hier")
    stat = json.loads((out_dir / "hier.stat.json").read_text())
    return {"top": unit.top, "parameters": dict(unit.parameters),
            "yosys_options": list(unit.yosys_options), "rows": tree(stat, unit.top),
            "rtl": rtl_state(unit.rtl_dirs), "date": _dt.date.today().isoformat(),
            "command": f"mccp synth --breakdown {unit_name}", "yosys_runtime_s": res["runtime_s"]}


def results_path() -> Path:
    return paths.RESULTS / RESULTS_NAME


def load(path: Path | None = None) -> dict:
    p = path or results_path()
    return json.loads(p.read_text()) if p.exists() else {}


def main(units: list[str]) -> int:
    """Break down `units` (names of UNITS) and merge them into results/synth_breakdown.json."""
    data = load()
    for u in units:
        logger.info(f"synth --breakdown {u}: yosys synth_ecp5 -noflatten ...")
        data[u] = run(u)
    paths.RESULTS.mkdir(exist_ok=True)
    results_path().write_text(json.dumps(dict(sorted(data.items())), indent=2) + "\n")
    logger.info(f"wrote {results_path().relative_to(paths.ROOT)}")
    return 0


