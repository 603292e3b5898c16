"""`mccp synth --breakdown UNIT`: where a unit's LUT4 go, module by module.

The headline figures come from a flattened `synth_ecp5`.  Here the same unit
is synthesized with its hierarchy kept (`-noflatten`), so Yosys' `stat`
counts each module's own cells; a module's total adds each submodule's total
times its instance count.  Kept boundaries stop optimization across modules
(constants and unused outputs do not cross them), so the sums lie well above
the flattened counts (~10 % for a core, ~25 % for a top): read them as a map
of where the logic sits, not as the unit's size.  Written to results/synth_breakdown.json
and rendered into docs/synthesis.md.
"""

from __future__ import annotations

import datetime as _dt
import json
from pathlib import Path
from typing import Mapping

from mccp import paths

RESULTS_NAME = "synth_breakdown.json"
COLUMNS = ("LUT4", "TRELLIS_FF", "TRELLIS_DPR16X4", "CCU2C", "DP16KD")


def base_name(module: str) -> str:
    """`$paramod$<hash>\\mccp_core_fetch` or `$paramod\\mccp_ghash\\DigitBits=...` -> the module's name."""
    parts = [p for p in module.split("\\") if p and not p.startswith("$") and "=" not in p]
    return parts[0] if parts else module


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

    top_key = next((m for m in mods if base_name(m) == top), None)
    if top_key is None:
        raise KeyError(f"{top} not among the modules of the stat")
    rows: list[dict] = []

    def walk(name: str, depth: int, count: int) -> None:
        rows.append({"depth": depth, "module": base_name(name), "instances": count, "total": total(name),
                     "own_lut4": int(mods[name].get("LUT4", 0))})
        if depth < max_depth:
            for sub, n in sorted(subs(name), key=lambda s: -total(s[0])["LUT4"]):
                walk(sub, depth + 1, count * n)

    walk(top_key, 0, 1)
    return rows


def run(unit_name: str, build_root: Path | None = None) -> dict:
    """Synthesize the unit with its hierarchy kept and return its breakdown entry."""
    from mccp.synth import flow

    unit = flow.UNITS[unit_name]
    out_dir = (build_root or paths.BUILD / "synth") / unit_name / "hier"
    res = flow.yosys_synth(unit.top, unit.parameters, flow.unit_sources(unit), out_dir,
                           options=["-noflatten", *unit.yosys_options], tag="hier")
    stat = json.loads((out_dir / "hier.stat.json").read_text())
    return {"top": unit.top, "parameters": dict(unit.parameters),
            "yosys_options": list(unit.yosys_options), "rows": tree(stat, unit.top),
            "rtl": flow.rtl_state(unit.rtl_dirs), "date": _dt.date.today().isoformat(),
            "command": f"mccp synth --breakdown {unit_name}", "yosys_runtime_s": res["runtime_s"]}


def results_path() -> Path:
    return paths.RESULTS / RESULTS_NAME


def load(path: Path | None = None) -> dict:
    p = path or results_path()
    return json.loads(p.read_text()) if p.exists() else {}


def main(units: list[str]) -> int:
    from mccp.synth import flow, report

    unknown = [u for u in units if u not in flow.UNITS]
    if unknown:
        print(f"synth --breakdown: unknown unit(s) {', '.join(unknown)}", flush=True)
        return 2
    data = load()
    for u in units:
        print(f"synth --breakdown {u}: yosys synth_ecp5 -noflatten ...", flush=True)
        data[u] = run(u)
    paths.RESULTS.mkdir(exist_ok=True)
    results_path().write_text(json.dumps(dict(sorted(data.items())), indent=2) + "\n")
    print(f"wrote {results_path().relative_to(paths.ROOT)}")
    for p in report.update_docs():
        print(f"wrote {p.relative_to(paths.ROOT)}")
    return 0


def _fabric_totals(entry: Mapping) -> dict[str, dict[str, int]]:
    """Modules directly under mccp_top, the instances of one name summed (the cores come in
    two variants): instances and LUT4 / FF of all of them; mccp_top's own logic as
    `mccp_top (own)`."""
    out: dict[str, dict[str, int]] = {}
    top = {"LUT4": 0, "FF": 0}
    inside = False   # rows are depth first: mccp_top's children follow it
    for r in entry["rows"]:
        if r["depth"] == 1:
            inside = r["module"] == "mccp_top"
            if inside:
                top = {"LUT4": r["total"]["LUT4"], "FF": r["total"]["TRELLIS_FF"]}
        elif r["depth"] == 2 and inside:
            acc = out.setdefault(r["module"], {"instances": 0, "LUT4": 0, "FF": 0})
            acc["instances"] += r["instances"]
            acc["LUT4"] += r["instances"] * r["total"]["LUT4"]
            acc["FF"] += r["instances"] * r["total"]["TRELLIS_FF"]
    out["mccp_top (own)"] = {"instances": 1, **{c: top[c] - sum(m[c] for m in out.values()) for c in top}}
    return out


def growth_pairs(data: Mapping) -> list[tuple[str, str]]:
    """Pairs (fewer cores, more cores) of mccp_top breakdowns from the same RTL that differ
    in the core count alone: the smallest and largest count of each such group."""
    from mccp.synth.flow import rtl_id

    groups: dict[tuple, list[tuple[int, str]]] = {}
    for name, e in data.items():
        params = dict(e.get("parameters") or {})
        if e.get("top") != "mccp_synth_top" or "NumCores" not in params or not rtl_id(e):
            continue
        cores = params.pop("NumCores")
        key = (tuple(sorted(params.items())), rtl_id(e), tuple(e.get("yosys_options") or ()))
        groups.setdefault(key, []).append((cores, name))
    return [(min(g)[1], max(g)[1]) for g in groups.values() if len({c for c, _ in g}) > 1]


def growth(small: Mapping, large: Mapping) -> list[dict]:
    """Per module under mccp_top: instances and LUT4 / FF of all instances in both breakdowns
    and the LUT4 / FF each added core brings, largest growth first."""
    n0, n1 = small["parameters"]["NumCores"], large["parameters"]["NumCores"]
    a, b = _fabric_totals(small), _fabric_totals(large)
    zero = {"instances": 0, "LUT4": 0, "FF": 0}
    rows = []
    for m in sorted(set(a) | set(b)):
        x, y = a.get(m, zero), b.get(m, zero)
        rows.append({"module": m, "small": x, "large": y,
                     "lut4_per_core": (y["LUT4"] - x["LUT4"]) / (n1 - n0),
                     "ff_per_core": (y["FF"] - x["FF"]) / (n1 - n0)})
    return sorted(rows, key=lambda r: -r["lut4_per_core"])


def growth_section(data: Mapping) -> list[str]:
    """docs/synthesis.md: what each added core brings, module by module."""
    out: list[str] = []
    for lo, hi in growth_pairs(data):
        small, large = data[lo], data[hi]
        n0, n1 = small["parameters"]["NumCores"], large["parameters"]["NumCores"]
        rows = growth(small, large)
        step = sum(r["lut4_per_core"] for r in rows)
        cores = sum(r["lut4_per_core"] for r in rows if r["module"] == "mccp_core")
        fabric = [r for r in rows if r["module"] != "mccp_core" and r["lut4_per_core"] > 0]
        out += [f"What an added core brings, `{lo}` against `{hi}` (hierarchy kept, same RTL"
                f" `{(small.get('rtl') or {}).get('commit', '?')}`): {step:,.0f} LUT4 per core, of"
                f" which the core itself {cores:,.0f} ({100 * cores / step:.0f} %) and the fabric"
                f" {step - cores:,.0f}, most of that in "
                + ", ".join(f"`{r['module']}` ({r['lut4_per_core']:,.0f})" for r in fabric[:3])
                + ". A module that does not grow with the cores has a step of 0.", "",
                f"| module | instances at {n0} | LUT4 at {n0} | instances at {n1} | LUT4 at {n1} |"
                " LUT4 per added core | FF per added core |",
                "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
        for r in rows:
            x, y = r["small"], r["large"]
            out.append(f"| `{r['module']}` | {x['instances']} | {x['LUT4']:,} | {y['instances']} |"
                       f" {y['LUT4']:,} | {r['lut4_per_core']:,.0f} | {r['ff_per_core']:,.0f} |")
        out.append("")
    return out


def section(data: Mapping) -> list[str]:
    """docs/synthesis.md: one table per unit."""
    if not data:
        return []
    out = ["## Where the LUT4 go (hierarchy kept)", "",
           "Each unit synthesized again with `synth_ecp5 -noflatten`: the figures of a module are one"
           " instance's, submodules included; *all* multiplies by the instances; *own* is the"
           " module's logic outside its submodules. Kept boundaries stop optimization across modules"
           " (constants and unused outputs do not cross them), so the sums lie well above the"
           " flattened figures of the table at the top: a map of where the logic sits, not the size."
           " Regenerate: `mccp synth --breakdown <unit>`.", "", *growth_section(data)]
    for name, entry in data.items():
        rtl = entry.get("rtl") or {}
        opts = "".join(f", `{o}`" for o in entry.get("yosys_options", []))
        out += [f"`{name}` (`{entry['top']}`, RTL `{rtl.get('commit', '?')}`{opts}):", "",
                "| module | instances | LUT4 | LUT4, all | own LUT4 | FF | LUT RAM (DPR16X4) | CCU2C | EBR |",
                "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
        for r in entry["rows"]:
            t = r["total"]
            indent = "&nbsp;&nbsp;" * r["depth"]
            out.append(f"| {indent}`{r['module']}` | {r['instances']} | {t['LUT4']:,} | "
                       f"{r['instances'] * t['LUT4']:,} | {r['own_lut4']:,} | "
                       f"{t['TRELLIS_FF']:,} | {t['TRELLIS_DPR16X4']} | {t['CCU2C']} | {t['DP16KD']} |")
        out.append("")
    return out

