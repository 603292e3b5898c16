"""docs/synthesis.md: where a unit's LUT4 go, module by module (results/synth_breakdown.json of
`mccp synth --breakdown`), and what each added core brings."""

from __future__ import annotations

from typing import Mapping

from mccp.synth.results import rtl_id


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
