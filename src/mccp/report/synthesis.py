"""Render results/synth.json as Markdown: docs/synthesis.md and the README table.

Nothing here runs a tool: the text is a pure function of the results file, so
`mccp docs` can regenerate it and a test can check it is up to date.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Mapping, Sequence

from mccp import paths
from mccp.report import breakdown
from mccp.synth.breakdown import load as load_breakdown
from mccp.report.markdown import replace_between
from mccp.synth.nextpnr import describe_unrouted
from mccp.synth.results import load_results, rtl_id
from mccp.synth.units import TOP_DECRYPT_CORES

BEGIN = "<!-- synth-table:begin -->"
END = "<!-- synth-table:end -->"
DOC_NAME = "synthesis.md"
DEFAULT_GRADES = ("6", "8")


# --------------------------------------------------------------------------- formatting


def short_version(text: str) -> str:
    """'Yosys 0.70 (git sha1 28ba3cb92, Release, Clang ...)' -> 'Yosys 0.70 (git sha1 28ba3cb92)'."""
    m = re.match(r"(Yosys \S+)(?: \(git sha1 (\w+))?", text or "")
    if m:
        return f"{m.group(1)} (git sha1 {m.group(2)})" if m.group(2) else m.group(1)
    m = re.search(r"\(Version (nextpnr-[^)\s]+)\)", text or "")
    if m:
        return m.group(1)
    return text or "unknown"


def _num(value) -> str:
    return "—" if value is None else str(value)


def cores_text(n: int) -> str:
    """"1 core", "4 cores"."""
    return f"{n} core" + ("" if n == 1 else "s")


def _mhz(value) -> str:
    return "—" if value is None else f"{float(value):.1f}"


def _grades(results: Mapping) -> list[str]:
    found = {g for u in (results.get("units") or {}).values() for g in (u.get("grades") or {})}
    return sorted(found or DEFAULT_GRADES, key=int)


def _fmax(unit: Mapping, grade: str):
    return ((unit.get("grades") or {}).get(grade) or {}).get("fmax_mhz")


def fmax_cell(unit: Mapping, grade: str) -> str:
    """Fmax for a table cell, or what the design needs beyond the device when it does not fit."""
    over = ((unit.get("grades") or {}).get(grade) or {}).get("does_not_fit")
    if over:
        return "does not fit: " + ", ".join(f"{t} {u:,} of {a:,}" for t, (u, a) in over.items())
    unrouted = ((unit.get("grades") or {}).get(grade) or {}).get("did_not_route")
    if unrouted:
        return describe_unrouted(unrouted)
    res = (unit.get("grades") or {}).get(grade) or {}
    seeds = res.get("seeds") or {}
    return (_mhz(_fmax(unit, grade)) + (" †" if len(seeds) > 1 else "")
            + (" ‡" if res.get("timed_from") else ""))


def _retimed(results: Mapping, grades: Sequence[str]) -> bool:
    return any(((u.get("grades") or {}).get(g) or {}).get("timed_from")
               for u in (results.get("units") or {}).values() for g in grades)


RETIMED_NOTE = ("‡ not placed again at this grade: the routed design of the unit's speed-8 run (best seed),"
                " timed by nextpnr with this grade's delays (`mccp synth --retime 6`): the same placement and"
                " wires on a slower part. A place and route of its own at this grade may land a few"
                " percent apart.")


def _seeds_cell(res: Mapping) -> str:
    seeds = res.get("seeds") or {}
    return ", ".join(f"{s}: {_mhz(f)}" for s, f in seeds.items()) if seeds else str(res.get("seed", "—"))


def _met(unit: Mapping, grade: str) -> bool:
    """Fmax reached the clock target: the placer/router stopped early, Fmax may be higher."""
    res = (unit.get("grades") or {}).get(grade) or {}
    return res.get("fmax_mhz") is not None and res["fmax_mhz"] >= float(res.get("target_mhz") or 0)


def _tool_line(results: Mapping) -> str:
    """Tools, device and date; lists every distinct tool set if the units differ."""
    units = results.get("units") or {}
    sets = sorted({(short_version(u.get("tools", {}).get("yosys", "")),
                    short_version(u.get("tools", {}).get("nextpnr-ecp5", ""))) for u in units.values()})
    tools = "; ".join(f"{y}, {n}" for y, n in sets) or "no runs yet"
    dates = sorted({u.get("date", "") for u in units.values() if u.get("date")})
    when = dates[-1] if len(dates) == 1 else (f"{dates[0]} to {dates[-1]}" if dates else "—")
    return (f"{results.get('device', '?')} ({results.get('package', '?')}), {tools}, "
            f"seed {_seed(results)}, run {when}")


def _tool_time(results: Mapping) -> str:
    units = (results.get("units") or {}).values()
    yosys = sum(float(u.get("yosys_runtime_s") or 0) for u in units)
    pnr = sum(float(g.get("runtime_s") or 0) for u in units for g in (u.get("grades") or {}).values())
    return f"Yosys {yosys:.0f} s, nextpnr-ecp5 {pnr:.0f} s"


def _seed(results: Mapping) -> str:
    seeds = sorted({str(g.get("seed")) for u in (results.get("units") or {}).values()
                    for g in (u.get("grades") or {}).values() if g.get("seed") is not None})
    return "/".join(seeds) or "—"


# --------------------------------------------------------------------------- tables


def render_table(results: Mapping) -> str:
    """The headline table (also used in the README): one row per unit."""
    grades = _grades(results)
    head = (["Unit", "Description", "LUT4", "FF", "EBR", "DSP", "LUT RAM (DPR16X4)"]
            + [f"Fmax speed {g} (MHz)" for g in grades] + ["of which wrapper (LUT4 / FF)"])
    rows = ["| " + " | ".join(head) + " |",
            "| " + " | ".join(["---", "---"] + ["---:"] * (len(head) - 2)) + " |"]
    for name, unit in (results.get("units") or {}).items():
        f = unit.get("figures") or {}
        w = unit.get("wrapper") or {}
        cells = ([f"`{name}`", unit.get("description", ""), _num(f.get("LUT4")), _num(f.get("FF")),
                  _num(f.get("EBR")), _num(f.get("DSP")), _num(f.get("DPR"))]
                 + [fmax_cell(unit, g) + (" *" if _met(unit, g) else "") for g in grades]
                 + [f"{_num(w.get('LUT4'))} / {_num(w.get('FF'))}"])
        rows.append("| " + " | ".join(cells) + " |")
    rows.append("")
    if any(len(((u.get("grades") or {}).get(g) or {}).get("seeds") or {}) > 1
           for u in (results.get("units") or {}).values() for g in grades):
        rows.append("† the best of several nextpnr seeds of the same netlist (`mccp synth --seeds N`); every"
                    " seed's Fmax is in the placement table of docs/synthesis.md. Placement alone moves the"
                    " core's Fmax by up to ±10 %.")
        rows.append("")
    if _retimed(results, grades):
        rows.append(RETIMED_NOTE)
        rows.append("")
    if any(_met(u, g) for u in (results.get("units") or {}).values() for g in grades):
        rows.append("\\* Fmax reached the clock target given to nextpnr, so timing-driven placement"
                    " and routing stopped there: the real Fmax may be higher (raise the unit's"
                    " `target_mhz` in `mccp.synth.flow.UNITS`).")
        rows.append("")
    rows.append(f"{_tool_line(results)}. Regenerate with `{results.get('command', 'make synth')}` "
                f"(one unit: `mccp synth --unit <name>`); figures from "
                f"[results/synth.json](results/synth.json), details in "
                f"[docs/synthesis.md](docs/synthesis.md).")
    return "\n".join(rows)


def _cells_table(results: Mapping) -> str:
    units = results.get("units") or {}
    types = sorted({t for u in units.values() for t in (u.get("cells") or {})})
    head = ["Unit"] + types
    rows = ["| " + " | ".join(head) + " |", "| --- |" + " ---: |" * len(types)]
    for name, unit in units.items():
        cells = unit.get("cells") or {}
        rows.append("| " + " | ".join([f"`{name}`"] + [str(cells.get(t, 0)) for t in types]) + " |")
    return "\n".join(rows)


def _placement_table(results: Mapping) -> str:
    units = results.get("units") or {}
    types = sorted({t for u in units.values() for g in (u.get("grades") or {}).values()
                    for t in (g.get("utilization") or {})})
    head = ["Unit", "Speed", "Target (MHz)", "Fmax (MHz)", "Fmax per seed (MHz)"] + types + ["nextpnr time (s)"]
    rows = ["| " + " | ".join(head) + " |", "| --- | ---:" + " | ---:" * (len(head) - 2) + " |"]
    for name, unit in units.items():
        for g, res in (unit.get("grades") or {}).items():
            util = res.get("utilization") or {}
            rows.append("| " + " | ".join(
                [f"`{name}`", g, f"{float(res.get('target_mhz', 0)):g}", _mhz(res.get("fmax_mhz")),
                 _seeds_cell(res)]
                + [str(util.get(t, 0)) for t in types] + [_num(res.get("runtime_s"))]) + " |")
    return "\n".join(rows)


def _paths_table(results: Mapping) -> str:
    rows = ["| Unit | Speed | Path (ns) | Logic levels | Logic / routing (ns) | From | To | Through |",
            "| --- | ---: | ---: | ---: | ---: | --- | --- | --- |"]
    for name, unit in (results.get("units") or {}).items():
        for g, res in (unit.get("grades") or {}).items():
            cp = res.get("critical_path") or {}
            if not cp:
                continue
            rows.append("| " + " | ".join([
                f"`{name}`", g, f"{cp.get('delay_ns', 0):.2f}", str(cp.get("logic_levels", "")),
                f"{cp.get('logic_ns', 0):.2f} / {cp.get('routing_ns', 0):.2f}",
                f"`{cp['from']}`" if cp.get("from") else "?", f"`{cp['to']}`" if cp.get("to") else "?",
                ", ".join(f"`{t}`" for t in cp.get("through") or []) or "—",
            ]) + " |")
    return "\n".join(rows)


# The paper's Table 1 (Xilinx Virtex-4 SX35-11, ISE 12.1): cores, bus bits, slices, BRAM, MHz.
PAPER_TABLE1 = [(2, 32, 2071, 15, 192), (4, 32, 4055, 26, 192), (6, 32, 6026, 37, 185),
                (8, 32, 7760, 48, 192), (8, 64, 8714, 64, 192)]
ECP5_85_COMB = 83640     # LUT4 sites (TRELLIS_COMB) of the LFE5U-85F


def _top_path(u: Mapping) -> str:
    """Where the critical path of a top's best placed grade starts and ends, and its delays."""
    placed = [(r.get("fmax_mhz") or 0, r) for r in (u.get("grades") or {}).values()
              if r.get("critical_path") and not r.get("timed_from")]
    if not placed:
        if any(r.get("did_not_route") for r in (u.get("grades") or {}).values()):
            return "— (did not route)"
        return "— (does not fit)" if u.get("grades") else "—"
    cp = max(placed, key=lambda t: t[0])[1]["critical_path"]
    ends = " → ".join(Path(x).name for x in (cp.get("from"), cp.get("to")) if x) or "—"
    return f"{ends} ({cp.get('logic_ns', 0):.1f} / {cp.get('routing_ns', 0):.1f})"


def _placement(u: Mapping) -> str:
    """How a top was placed: free, with each core's block RAMs pinned, or with the fabric's
    pinned as well (mccp.synth.floorplan)."""
    grades = (u.get("grades") or {}).values()
    if not grades:
        return "—"
    if not all(g.get("floorplan") for g in grades):
        return "free"
    return ("core + fabric EBRs pinned" if all(g["floorplan"].get("fabric") for g in grades)
            else "core EBRs pinned")


def _tops(results: Mapping) -> list[tuple[str, Mapping]]:
    """(name, record) of the mccp_top units (top_c<N>_s<W>)."""
    return [(name, u) for name, u in (results.get("units") or {}).items()
            if u.get("top") == "mccp_synth_top" and "NumCores" in (u.get("parameters") or {})]


def _comb(u: Mapping) -> int:
    """TRELLIS_COMB a unit used (the most over its grades), 0 if never placed."""
    return max(((g.get("utilization") or {}).get("TRELLIS_COMB", 0) for g in (u.get("grades") or {}).values()),
               default=0)


def _eight_core_fill(results: Mapping) -> str:
    """How much of the device's logic the 8-core tops take (a sentence)."""
    fills = [100 * _comb(u) / ECP5_85_COMB for _, u in _tops(results)
             if u["parameters"]["NumCores"] == 8 and _comb(u)]
    if not fills:
        return "the 8-core tops have not been packed yet."
    return (f"the 8-core tops fill {min(fills):.0f} to {max(fills):.0f} % of the device's logic (COMB sites,"
            " Table 1); the placement column says which were pinned.")


def _placement_effect(results: Mapping) -> str:
    """Speed-8 Fmax of the tops, by core count and placement (free / pinned), as bullet lines."""
    groups: dict[tuple[int, str], list[tuple[float, str]]] = {}
    for name, u in _tops(results):
        g8 = (u.get("grades") or {}).get("8") or {}
        groups.setdefault((u["parameters"]["NumCores"], _placement(u)), []).append(
            (g8.get("fmax_mhz"), name))
    lines = []
    for (cores, how), rows in sorted(groups.items()):
        routed = sorted(f for f, _ in rows if f)
        span = (f"{routed[0]:.1f}" + (f" to {routed[-1]:.1f}" if len(routed) > 1 else "") + " MHz"
                if routed else "no Fmax")
        rest = len(rows) - len(routed)
        misfits = sum(1 for f, n in rows if not f and
                      ((results["units"][n].get("grades") or {}).get("8") or {}).get("does_not_fit"))
        why = ([f"{misfits} {'does' if misfits == 1 else 'do'} not fit"] if misfits else []) + \
              ([f"{rest - misfits} did not route"] if rest > misfits else [])
        lines.append(f"- {cores_text(cores)}, {how}: {span} ({len(routed)} of {len(rows)} tops"
                     + (f"; {', '.join(why)}" if rest else "") + ")")
    return "\n".join(lines)


def _same_rtl_tops(results: Mapping) -> list[tuple[str, Mapping]]:
    """The placed tops (with a COMB count) of one RTL tree: the tree with the most core counts,
    then the most rows, then the latest run, then the most cores."""
    groups: dict[str, list[tuple[str, Mapping]]] = {}
    for name, u in _tops(results):
        if _comb(u) and rtl_id(u):
            groups.setdefault(rtl_id(u), []).append((name, u))

    def rank(rows):
        cores = [u["parameters"]["NumCores"] for _, u in rows]
        return len(set(cores)), len(rows), max(u.get("date", "") for _, u in rows), max(cores)
    return max(groups.values(), key=rank, default=[])


def _fmax_same_rtl(results: Mapping) -> str:
    """Speed-8 Fmax against the number of cores for the tops of one RTL (a sentence, or "")."""
    rows = _same_rtl_tops(results)
    by_cores: dict[int, list[str]] = {}
    for _, u in sorted(rows, key=lambda r: (r[1]["parameters"]["NumCores"], r[1]["parameters"]["StreamBits"])):
        g8 = (u.get("grades") or {}).get("8") or {}
        fig = (f"{g8['fmax_mhz']:.1f} MHz" if g8.get("fmax_mhz")
               else "does not fit" if g8.get("does_not_fit") else "not routed")
        by_cores.setdefault(u["parameters"]["NumCores"], []).append(
            f"{fig} ({u['parameters']['StreamBits']}-bit streams)")
    if len(by_cores) < 2:
        return ""
    commits = sorted({f"`{(u.get('rtl') or {}).get('commit', '?')[:7]}`" for _, u in rows})
    return ("On one RTL (the rows at " + ", ".join(commits) + ", whose rtl/ trees are the same), speed-8 Fmax"
            " against the cores: " + "; ".join(f"{cores_text(n)} {', '.join(v)}" for n, v in sorted(by_cores.items()))
            + ".")


def _area_budget(results: Mapping, cores: int = 8) -> str:
    """What `cores` cores need of the device's logic, from the tops' COMB counts (a sentence).

    COMB = fabric + per core x cores, least squares over the placed tops of one RTL
    (`_same_rtl_tops`); the fill is the fullest top that routed, of any RTL."""
    routed = [(_comb(u), name) for name, u in _tops(results)
              if _comb(u) and any(g.get("fmax_mhz") for g in (u.get("grades") or {}).values())]
    # the fit runs over the tops of one RTL, so that a change of the logic between runs does
    # not pass for growth with the cores
    group = _same_rtl_tops(results)
    pts = [(u["parameters"]["NumCores"], _comb(u)) for _, u in group]
    # tops of `cores` cores placed from other RTL (usually newer than the fit's): their own count
    ids = {rtl_id(u) for _, u in group}
    others = "".join(f" `{name}` from other RTL (`{u['rtl']['commit'][:7]}`) takes {_num(_comb(u))}"
                     f" ({100 * _comb(u) / ECP5_85_COMB:.0f} %)."
                     for name, u in _tops(results)
                     if u["parameters"]["NumCores"] == cores and _comb(u) and rtl_id(u) not in ids)
    if len({n for n, _ in pts}) < 2 or not routed:
        return ""
    mean_n = sum(n for n, _ in pts) / len(pts)
    mean_c = sum(c for _, c in pts) / len(pts)
    per_core = (sum((n - mean_n) * (c - mean_c) for n, c in pts)
                / sum((n - mean_n) ** 2 for n, _ in pts))
    fabric = mean_c - per_core * mean_n
    fill, fullest = max(routed)
    budget = (fill - fabric) / cores
    short = 100 * (1 - budget / per_core)
    fits = (f"{short:.0f} % less than a core of that RTL takes." if round(short) > 0 else
            f"as much as a core of that RTL takes or more: {cores} cores of it fit.")
    return (f"Logic per core: COMB (LUT4 sites, LUT RAM and carries included) grows by"
            f" {_num(round(per_core))} per core over {_num(round(fabric))} for the fabric (least"
            f" squares over the {len(pts)} tops placed from the same RTL, `{group[0][1]['rtl']['commit'][:7]}`),"
            f" so {cores} cores need"
            f" {_num(round(fabric + cores * per_core))} of {_num(ECP5_85_COMB)}. The fullest top that"
            f" routed here is `{fullest}` at {100 * fill / ECP5_85_COMB:.0f} %; at that fill {cores} cores"
            f" may take {_num(round(budget))} COMB each, " + fits + others + _lut_ram_cost(results))


CORE_UNITS = ("core", "core_rk", "core_enc_rk")   # one core alone in its wrapper
HALF_FULL = 50.0                                  # % of the COMB sites: the split of _fill_effect


def _fabric_file(path: str) -> bool:
    """A source file of the fabric (the shared key expander is one, though it lives in rtl/aes/)."""
    return "rtl/fabric/" in path or path.split(":")[0].endswith("mccp_aes_key_expand.sv")


def path_site(cp: Mapping, in_top: bool = True) -> str:
    """Where a critical path lies: inside one core, between cores, from a core into the fabric
    (or back), or in the fabric alone; from its end points (source lines, either may be unknown)
    and the cells it passes (instance names, `g_core[k]` for core k of a top)."""
    through = cp.get("through") or []
    cores = {m.group(1) for t in through if (m := re.search(r"g_core\[(\d+)\]", t))}
    fabric_cells = in_top and any("g_core[" not in t for t in through)

    def side(path):
        return None if not path else "fabric" if in_top and _fabric_file(path) else "core"
    start, end = side(cp.get("from")), side(cp.get("to"))
    if not fabric_cells and "fabric" not in (start, end):
        return "inside one core" if len(cores) <= 1 else "between cores"
    if not cores and "core" not in (start, end):
        return "fabric"
    if start == "fabric" and end in ("core", None):
        return "fabric → core"
    if start == "core" and end in ("fabric", None):
        return "core → fabric"
    return "core ↔ fabric"


def _placed_speed8(u: Mapping) -> Mapping:
    """The speed-8 record of a unit if it was placed and routed at that grade, else {}."""
    g8 = (u.get("grades") or {}).get("8") or {}
    return g8 if g8.get("fmax_mhz") and g8.get("critical_path") and not g8.get("timed_from") else {}


def _fill_effect(results: Mapping) -> str:
    """Speed-8 Fmax of the tops against the share of the device their logic fills, with where
    each critical path lies, and what the paths inside one core do as the die fills up."""
    units = results.get("units") or {}
    rows = []
    for name, u in _tops(results):
        g8 = _placed_speed8(u)
        if g8 and _comb(u):
            rows.append((100 * _comb(u) / ECP5_85_COMB, u["parameters"]["NumCores"], name, g8, u))
    if not rows:
        return ""
    lines = ["| unit | cores | COMB used | Fmax speed 8 (MHz) | critical path lies | routing of the path (ns) "
             "| RTL commit |", "| --- | ---: | ---: | ---: | --- | ---: | --- |"]
    alone = [(name, _placed_speed8(units[name])) for name in CORE_UNITS
             if name in units and _placed_speed8(units[name])]

    def row(label, cores, u, g8, in_top):
        cp, comb = g8["critical_path"], _comb(u)
        fill = f"{100 * comb / ECP5_85_COMB:.0f} %" if comb else "—"
        return (f"| {label} | {cores} | {fill} | {g8['fmax_mhz']:.1f} | {path_site(cp, in_top)}"
                f" | {cp.get('routing_ns', 0):.1f} of {cp.get('delay_ns', 0):.1f} |"
                f" `{(u.get('rtl') or {}).get('commit', '—')}` |")
    lines += [row(f"`{name}` (one core alone)", 1, units[name], g8, False) for name, g8 in alone]
    lines += [row(f"`{name}`", cores, u, g8, True)
              for _, cores, name, g8, u in sorted(rows, key=lambda r: (r[0], r[2]))]

    def span(fs):
        fs = sorted(fs)
        return f"{fs[0]:.1f}" + (f" to {fs[-1]:.1f}" if len(fs) > 1 else "") + " MHz"
    inside = [(fill, g8["fmax_mhz"]) for fill, _, _, g8, _ in rows
              if path_site(g8["critical_path"]) == "inside one core"]
    low = [f for fill, f in inside if fill <= HALF_FULL]
    high = [f for fill, f in inside if fill > HALF_FULL]
    text = ""
    if low and high:
        text = (f"Where the critical path lies inside one core, the tops at most half full reach"
                f" {span(low)} ({len(low)} tops) and those more than half full {span(high)}"
                f" ({len(high)} tops)")
        if alone:
            text += f"; one core alone in its wrapper reaches {span([g['fmax_mhz'] for _, g in alone])}"
        drop = 100 * (1 - max(high) / min(low))
        text += (f". The fastest of the fuller tops is {drop:.0f} % below the slowest of the emptier"
                 " ones although its critical path never leaves a core (the RTL commit column says"
                 " which rows share a core RTL): the fall from 6 cores on is not one fabric path the"
                 " RTL could cut, but how far nextpnr must spread and detour every path once most of"
                 " the sites are taken (compare the routing column).")
    return "\n".join(lines) + ("\n\n" + text if text else "")


def _lut_ram_cost(results: Mapping) -> str:
    """COMB sites a TRELLIS_DPR16X4 takes, from the placed tops (a sentence, or "")."""
    ratios = []
    for _, u in _tops(results):
        f, comb = u.get("figures") or {}, _comb(u)
        if comb and f.get("DPR"):
            ratios.append((comb - f.get("LUT4", 0) - 2 * f.get("CCU2C", 0)) / f["DPR"])
    if not ratios:
        return ""
    return (f" LUT RAM is dear in COMB: over the placed tops, COMB less the LUT4 and two per CCU2C"
            f" carry comes to {min(ratios):.1f} to {max(ratios):.1f} per TRELLIS_DPR16X4 (its four"
            " storage LUTs and the write-port slice beside them), which the LUT4 column does not"
            " show.")


def _table1(results: Mapping) -> str:
    """Table 1 of the paper next to mccp_top's synthesis runs (units top_c<N>_s<W>)."""
    tops = sorted(((u["parameters"]["NumCores"], u["parameters"]["StreamBits"], name, u)
                   for name, u in _tops(results)),
                  key=lambda t: (t[1], t[0]))
    grades = _grades(results)
    lines = ["| cores | stream bits | LUT4 | FF | EBR | LUT RAM (DPR16X4) | COMB used (of 83,640) | LUT4 per core "
             "(step from the row above, same RTL only) | " + " | ".join(f"Fmax speed {g} (MHz)" for g in grades)
             + " | placement | critical path at the fastest grade (logic / routing ns) | RTL commit |",
             "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |" + " ---: |" * len(grades) + " --- | --- | --- |"]
    prev = None
    for cores, bits, name, u in tops:
        f = u.get("figures") or {}
        comb = _comb(u)
        step = "—"
        if prev is not None and prev[1] == bits and cores > prev[0] and prev[3] and prev[3] == rtl_id(u):
            step = _num(round((f.get("LUT4", 0) - prev[2]) / (cores - prev[0])))
        lines.append("| " + " | ".join([str(cores), str(bits), _num(f.get("LUT4")), _num(f.get("FF")), _num(f.get("EBR")),
                                         _num(f.get("DPR")),
                                         f"{_num(comb)} ({100 * comb / ECP5_85_COMB:.0f} %)" if comb else "—", step]
                                        + [fmax_cell(u, g) for g in grades]
                                        + [_placement(u), _top_path(u),
                                           f"`{(u.get('rtl') or {}).get('commit', '—')}`"]) + " |")
        prev = (cores, bits, f.get("LUT4", 0), rtl_id(u))
    if _retimed({"units": {t[2]: t[3] for t in tops}}, grades):
        lines += ["", RETIMED_NOTE]
    if not tops:
        lines.append("| — | — | not run yet: `mccp synth --unit top_c8_s128` (units top_c2_s32 .. top_c8_s128) | | | | | |"
                     + " |" * len(grades))
    lines += ["", "The paper (Xilinx Virtex-4 SX35-11, ISE 12.1; a slice there is two LUT4 and two FF):", "",
              "| cores | bus bits | slices | BRAM | Fmax (MHz) |", "| ---: | ---: | ---: | ---: | ---: |"]
    lines += [f"| {c} | {b} | {s:,} | {r} | {m} |" for c, b, s, r, m in PAPER_TABLE1]
    return "\n".join(lines)


def render_markdown(results: Mapping) -> str:
    """The whole docs/synthesis.md."""
    units = results.get("units") or {}
    wrappers = sorted({u.get("top", "") for u in units.values() if u.get("top")})
    lines = [
        "# Synthesis results",
        "",
        "<!-- Generated from results/synth.json by `mccp synth` / `mccp docs`"
        " (mccp.report.synthesis); do not edit by hand. -->",
        "",
        f"Open-tool figures for the MCCP units on the Lattice ECP5-85: {_tool_line(results)}.",
        "",
        render_table(results).replace("](results/", "](../results/").replace("](docs/synthesis.md)",
                                                                             "](synthesis.md)"),
        "",
        "## How these numbers are made",
        "",
        "- Each unit sits in a synthesis wrapper (" + ", ".join(f"`{w}`" for w in wrappers)
        + " in `rtl/synth/`): a shift register fed from one pin drives every input bit of the unit,"
        " and an XOR-fold signature register folds every output bit into one pin. No logic of the"
        " unit can be optimized away and its timing paths run register to register.",
        "- LUT4, FF, EBR (DP16KD), DSP (MULT18X18D) and LUT RAM (TRELLIS_DPR16X4, 16 x 4 bits"
        " each, built from slice LUTs on top of the LUT4 count) count the whole wrapper design"
        " after Yosys `synth_ecp5` (LUT mapping by abc9, the default in this Yosys). Wide"
        " functions also use the slices' PFUMX/L6MUX21 muxes (see the cell table). A few rows were"
        " made with `synth_ecp5 -nowidelut` (their `yosys_options` in results/synth.json say so; the"
        " Yosys column of the cell table shows no PFUMX/L6MUX21 for them): it saved 4 % of the placed"
        " logic on the lone core, but on `top_c4_s64` at 741414d only 1.6 % (46,540 against 47,279"
        " COMB) for 9 % of the clock (85.60 against 94.04 MHz: 5- and 6-input functions, such as the"
        " byte-count decode, take two LUT levels and a route between them), so the flow no longer"
        " uses it. The last column is the"
        " wrapper alone, measured by synthesizing it with the unit as a black box: subtract it for"
        " the unit on its own (exactly for FF; approximately for LUT4, since abc9 may merge a fold"
        " XOR into a LUT of the unit).",
        "- Fmax is nextpnr-ecp5's post-route figure for the clock, from one placement with a fixed"
        " seed and a clock target above the expected Fmax (so the timing-driven placer and router"
        " keep working on the critical path). Another seed moves it: by a few percent for the small"
        " units, by up to ±10 % for the core. With `--seeds N` each netlist is placed with seeds"
        " 1..N, the best run is the headline (marked †) and every seed's Fmax is recorded.",
        "- `--retime 6` (used for the large tops, where one place and route takes up to an hour on"
        " this 2-core machine): speed 6 is not placed again; nextpnr reads the speed-8 run's routed"
        " design (`--write`, best seed) with `--no-place`, routes nothing and times it with speed-6"
        " delays (marked ‡). Timing the routed design at speed 8 again gives the speed-8 Fmax exactly"
        " (tests/unit/test_synth_flow.py).",
        "- `--pnr-limit MINUTES` (for the tops that fill the device): a place and route still"
        " running after MINUTES is stopped and recorded as not routed, with the utilization and how"
        " far the router got (router1: arcs still unrouted of all arcs) from its log; if the router"
        " had finished (the limit stopped nextpnr while it wrote its report), the record says so,"
        " with the Fmax of the log's timing summary, which is not a table figure.",
        "- `--pnr-option=OPTION` (repeatable): an extra nextpnr-ecp5 option for this run, e.g."
        " `--pnr-option=--router=router2` for a top that fills the device (router1 takes hours on"
        " those here). The options of each run are in results/synth.json (`nextpnr_options`) and"
        " in the command of the Setup table.",
        "- Floorplan of the 2- to 8-core tops (`mccp.synth.floorplan`; the placement column of"
        " Table 1): each core's block RAMs are pinned by a `BEL` attribute in the netlist to one"
        " cluster of EBR sites, half a row of the die per core. In the rows placed \"core + fabric"
        " EBRs pinned\" each core takes the outer end of its half-row (the middle of it before)"
        " and the fabric's block RAMs (key store, channel table) are pinned as well, each memory to"
        " a compact group of the free sites nearest the die's centre. Everything else is placed"
        " freely around them. Regions proper (`--pre-place`) need nextpnr's Python, which the PyPI"
        " build lacks.",
        f"- Device option `{results.get('nextpnr_device_option', '--85k')}`"
        f" ({results.get('device', '?')}); the LFE5UM-85F has the same fabric and timing"
        " (it adds SERDES).",
        "- Regenerate everything with `make synth`; `mccp synth --unit <name> --speed <grade>`"
        " reruns one unit and merges it into the results file. Tool time of the recorded runs"
        f" (summed over units and grades): {_tool_time(results)}.",
        "",
        "## Table 1: `mccp_top` against the number of cores and the stream width",
        "",
        "`mccp_top` in `mccp_synth_top` (two cores with AES decryption, the others encrypt-only; 16 key"
        " slots, 64 channels, 2 KB buffers, the shared key expander, AXI4-Lite registers). Units"
        " `top_c<cores>_s<bits>`; not part of the default `make synth` (a many-core place and route"
        " takes long): `mccp synth --unit top_c8_s128`.",
        "",
        _table1(results),
        "",
        "### Fmax against the device's fill",
        "",
        "Every placed top (speed 8, its own place and route), by the share of the device's logic"
        " (COMB sites) it takes, with where its critical path lies (from the path's end points and"
        " the cells it passes):",
        "",
        _fill_effect(results),
        "",
        "### How the paths were cut (each step measured)",
        "",
        "Resources grow linearly with the cores (the step column). At 2 cores the critical paths"
        " were fabric paths: from the start handshake (a core's `start_ready`, the scheduler, the"
        " parser) into the output stage's done queues, and from the parser's length adders into the"
        " cores' input FIFOs. Both are registered now (the output stage takes `in_done` a cycle"
        " late; the parser sums the length a state earlier and counts the body down); the RTL"
        " commit column says which rows have them. From 4 cores on, nextpnr's analytic placer left"
        " to itself spreads each core over the whole die and interleaves the cores, so the paths"
        " inside a core cross half the device (placement \"free\"). A placement region per core"
        " needs a `--pre-place` Python script, which the PyPI build (yowasp) cannot run; the flow"
        " pins each core's block RAMs to a cluster of its own instead (placement \"core EBRs"
        " pinned\", see the method above) and the placer gathers each core's logic around them."
        " The firmware loader's bus, which reaches every core from the fabric, then became the"
        " critical path. A register at each core's input, loaded every cycle, did not help: it"
        " and the predecode behind it are the same in every core, and Yosys kept one copy for"
        " all cores, far from most of them (`73714b9`). A second register after the"
        " predecode (`d650e8a`) only moved the long wire to between the shared predecode and that"
        " register. Since `0bd525a` the first register loads only on its own core's write, so"
        " every core keeps its own register and predecode (`mccp_core.sv`). The dispatch came"
        " next (top_c4_s64 at `d650e8a`: the parser's header register through the scheduler's"
        " entry table into a core's instruction memory); since `2a77343` each core takes its entry"
        " point from a register of its own, loaded while the request holds, with no dispatch cycle"
        " added. Then the output path (the output stage's `out_ready` through the output buffer's"
        " space lookahead and the core's stall into its write-back selects); since `dd1bc4f` the"
        " buffer sees a take a cycle late, so the core's issue decision no longer waits on"
        " `out_ready`; top_c4_s64 at `dd1bc4f` has its critical path inside one core, from a"
        " core's control into its fetch queue, almost all of it routing. At `82fe663` the start"
        " handshake led again: the scheduler's state, decoded into a core's start valid and ANDed"
        " with its ready, fanned out over the whole core. Since `dc4eebd` each start valid is a"
        " flip-flop of its own and a core starts from its own registers (the valid holds until the"
        " handshake); the scheduler's pick then led, from the parser's request through the"
        " capability tables and cache tags into the start valids. Since `505ed02` the parts of the"
        " pick that depend on the request alone are registered (exact, as the request holds two"
        " states before the pick), and top_c4_s64's critical path runs from the register block's"
        " write data to the fabric's block RAMs (key store, channel table), which the floorplan"
        " leaves unpinned. At 6 cores and 128-bit streams (`b01b5fe`) the output stage led: the"
        " words of the packet going out came straight from the chosen core's port, so that core's"
        " valid and last ran through a multiplexer over all cores into the choice of the next"
        " packet and on into the slot records' enables. Since `7ddc01e` the words pass one"
        " register in the output stage and the next packet is chosen from registers alone; the"
        " scheduler's pick, from its registered capabilities into its next state, leads again."
        " Since `c7532d5` the pick runs from candidates registered a cycle earlier, and since"
        " `db83f07` the channel table's host readback passes a register; with the smaller core"
        " of `4661916` as well, top_c6_s128 at `f8b93bd` fills fewer sites and its critical path"
        " lies inside one core (from the fetch through the scalar register file's read and the"
        " operand select, nearly all routing), but router1 spent most of its run with a few"
        " hundred arcs left, and router2 on the same placement diverged: the cores route worse"
        " than before the smaller core, not better. The first 8-core top to route is top_c8_s128"
        " at `1c0c28d` (90 % of the COMB sites; router1 took 79 min, router2 on the same"
        " placement turned back after 9 iterations at 29,970 overused wires): its critical path"
        " is the output stage's round-robin grant again, from the stage's own registers through"
        " the pick over the cores' head records (cells in cores 2 and 3) into the header"
        " register (mccp_stream_out.sv:527, 14 levels, 8.5 of 11.7 ns routing), and it began"
        " with carry chains comparing the last grant's index with every requester. Since"
        " `2a46825` the requesters after the last grant are a mask register of their own (the"
        " same grants, cycle for cycle: `mccp bench fabric` counts no cycle more or less), and"
        " top_c8_s128 at `2a46825` has its critical path inside one core, the path that leads"
        " top_c6_s128 (from the fetch through the scalar register file's read into the operand"
        " select, nearly all routing): from 6 to 8 cores the speed-8 Fmax is now flat."
        " top_c8_s64 (at `1c0c28d`, before the mask register) routed as well with a longer"
        " limit (router1 109 min, beside the top_c8_s128 route); its critical path is that same"
        " path inside one core. So is top_c4_s128's at the RTL of top_c8_s128 (one seed, 7.6 of"
        " 10.4 ns routing): the in-core path now limits every top from 4 cores on. It ended in"
        " the branch comparison, computed from D's register read: Yosys' `share` had merged the"
        " comparators of D's read and X's bypassed operands behind one operand multiplexer"
        " selected by the late `advance`, and ABC had folded the file's written-since-start"
        " lookup into a chain of LUTs before the join of RAM read and initial value. Since"
        " `9de787d` (cycle for cycle the same core: tests/core) the two comparators are apart"
        " (`mccp_core_cmp`), their halves' results are registered and joined in X, and the lookup"
        " and the join are leaves of their own (`mccp_core_pick8`, `mccp_core_mux2_or`):"
        " top_c4_s128 went from 96.55 to 103.64 MHz at speed 8 and from 73.8 to 76.19 MHz at"
        " speed 6 (seed 1 each; seeds 2 and 3 of the new RTL give 102.44 and 102.48 MHz, so"
        " the gain is not placement luck); its critical path is still that comparison, now from the"
        " initial-value select (2.2 of 9.6 ns logic). top_c2_s128 at the same RTL reaches"
        " 109.34 MHz, limited by a lone core's path (scalar ALU's rotator into the register"
        " file): from 2 to 4 cores the speed-8 Fmax now falls 5 % at one RTL, against 11 % between"
        " the rows before (108.42 at `81f311a`, 96.55 at `3d80c1e`). top_c4_s32 at the same RTL"
        " routes at 100.53 MHz (88.29 at `8936250`), its critical path from a core's control into"
        " the key expander. Picking the initial value straight from the address flip-flops in"
        " one wide function instead (LUT4s and the slices' PFUMX / L6MUX, `aaaf1f2`, reverted)"
        " was tried on top_c4_s128: it cost 586 LUT4, nextpnr's post-placement estimate fell"
        " from 76.32 to 69.91 MHz, and router1 had not converged after 53 min (the RTL before"
        " it routes in 12). top_c8_s128 at `7d6a7ff` (the core RTL of top_c4_s128's row) routes"
        " at 92.46 MHz (87.31 at `2a46825`), and its critical path has left the cores: it runs in"
        " the output stage, from the round-robin pick's registers through the freed slot's number"
        " into the record RAM (`rec_mem`, LUT RAM: sequence number and start cycle) and on into"
        " the header register (13 levels, 8.0 of 10.8 ns routing). Reading that RAM a cycle"
        " after the grant, at a registered slot number, with the header taking the two fields in"
        " its first cycle (`416d536`, kept off main; cycle for cycle the same: `mccp bench"
        " fabric`, tests/fabric) removes the path, but top_c8_s128 at that RTL routed at only"
        " 88.13 MHz (one seed, 66,017 LUT4): its critical path ran from a register the netlist"
        " keeps in core 7 (mccp_core.sv:1020) through the firmware loader's refusal into the"
        " write enable of the scheduler's entry table (LUT RAM), 9.3 of 11.3 ns routing with a"
        " last hop across half the die. At 8 cores a single seed's placement moves these"
        " fabric paths by more than the change gains, so it stayed off main (see below for it"
        " on top of the registered entry write). At `5ebe65b` (the rtl/ tree of `7d6a7ff`) top_c2_s32"
        " routed at 100.19 MHz (90.3 at `a338c74`) and top_c2_s64 at 104.34 MHz (best of seeds 1"
        " to 3: 99.89, 104.34, 102.02; 106.8 at `ecabaf0`, one seed): the 2-core tops lie within"
        " the seeds' spread of one another. top_c2_s32's critical path ended where the branch's"
        " 8-core one did, in the write enable of the scheduler's entry table, from a core's"
        " control registers (mccp_core.sv:1020, which hold the idle flag the firmware loader's"
        " refusal reads) across the die, 8.1 of 10.0 ns routing. The loader already registered"
        " its instruction-memory write; since `d38a1d0` it registers the entry write as well (the"
        " cores it addresses are disabled, so no dispatch reads the entry in the cycle after;"
        " `mccp bench fabric` counts the same cycles). top_c2_s32 at that RTL routes at"
        " 105.03 MHz (best of seeds 1 to 3: 98.66, 104.04, 105.03; speed 6 80.57), and its"
        " critical paths are a lone core's again (seed 1: the scalar ALU's rotator into the"
        " register file, as in the other 2-core tops; seed 3: from the instruction memory's read"
        " through the register file's operand select into the branch comparison, as in"
        " top_c4_s128). top_c2_s128 at `34fc960` (the same rtl/ tree) routes at 104.13 MHz"
        " (seeds 1 and 2: 99.58, 104.13; 109.34 at `902dc04` was one seed), its critical path the"
        " scalar ALU's rotator again: the 2- and 4-core tops at 128 bits (104.13 against"
        " 103.64) now lie within one seed spread of each other."
        " top_c8_s128 at `d38a1d0` routes at 88.59 MHz (one seed; 92.46 at `7d6a7ff`), its"
        " critical path yet another fabric path across the die: from a core's control registers"
        " (mccp_core.sv:1020) into the scheduler's registers (mccp_sched.sv:282, at a clock"
        " enable), 9.8 of 11.3 ns routing with hops of 2.2 and 2.6 ns. With `416d536`'s output"
        " stage on top (`28f52e9`, not on main) it routes at 85.54 MHz, from the register block's"
        " write data (mccp_regs.sv:146) into the channel table's and the key store's block RAMs,"
        " which the floorplan leaves unpinned. Four 8-core placements of three RTLs, each of"
        " which removed the path the one before it led with, give 85.5 to 92.5 MHz, and each"
        " ends in a different fabric path whose last hops cross half the die: at 8 cores the"
        " Fmax is set by where the placer puts the fabric between the cores' clusters, not by"
        " one path the RTL can cut. Pinning the fabric's block RAMs near the die's centre was"
        " the step these paths pointed to: since `fbd9e4f` the floorplan puts the key store (8"
        " EBRs) and the channel table (2) on the free sites at the centre column (the cores take"
        " the outer ends of their half-rows), where nextpnr had put a key store RAM in the die's"
        " corner (X120/Y82). On the same netlist as the `d38a1d0` row (65,756 LUT4) top_c8_s128"
        " routes at 88.38 MHz (best of seeds 1 and 2: 88.38, 85.44; speed 6 67.9), against"
        " 88.59 for one seed unpinned: no gain. The critical paths stay fabric paths that gather"
        " signals from cores all over the die (seed 1: from a core's registers, mccp_core.sv:242,"
        " into the output stage's registered done event, mccp_stream_out.sv:149, 9.7 of 11.3 ns"
        " routing; seed 2: from the output stage's slot records, mccp_stream_out.sv:307, into the"
        " scheduler's registered pair pick, mccp_sched.sv:206, 9.2 of 11.7 ns routing, with hops"
        " of 2.2, 1.3 and 1.7 ns up and down the die). top_c2_s64 at `fbd9e4f` routes at 105.83"
        " MHz (best of seeds 1 to 3: 100.88, 105.83, 101.91; 104.34 at `5ebe65b`), its critical"
        " path a lone core's (the scalar ALU's rotator), and so does top_c4_s64 (104.59 MHz,"
        " best of seeds 1 and 2: 97.87, 104.59; speed 6 78.79; 100.73 at `ecabaf0`, one seed):"
        " from 2 to 4 cores the speed-8 Fmax is flat at this RTL. top_c4_s32 at `fbd9e4f` routes"
        " at 102.27 MHz (seeds 1 and 2: 101.47, 102.27; speed 6 75.68; 100.53 at `902dc04`), its"
        " critical path ending where the 8-core seed 1's does: from a core's control registers"
        " (mccp_core.sv:1020) into the output stage's registered done event (mccp_stream_out.sv:149),"
        " 7.9 of 9.8 ns routing. With the cores filling 90 % of the die"
        " around it, any fabric path that combines several cores' signals in one cycle crosses"
        " half the die; what is left is a register on both ends of every core-to-fabric signal,"
        " so each crossing has a cycle to itself, at a cycle more of start and done latency."
        " Two such registers, and a shorter pair pick, were tried on the branch"
        " `core-fabric-registers` (not on main):"
        " the parser takes each core's in_ready through a register of its own (the core's"
        " input FIFO keeps the one word sent on the late ready) and the scheduler chooses each"
        " pair's key hits after their register (`e61df5f`); then the scheduler registers each"
        " core's key_ready before the key expander's start too (`8d53068`). top_c4_s32 at"
        " `e61df5f` routed at 94.88 MHz (seed 1), its critical path the next crossing: from a"
        " core's control registers (mccp_core.sv:1022) through the scheduler's multiplexer over"
        " the cores' key_ready into the key expander (mccp_aes_key_expand.sv:170). At `8d53068`"
        " it routes at 101.33 MHz (seed 1; 101.47 and 102.27 on main), led by yet another path"
        " between cores (from core 1's control registers into the pair link of cores 2 and 3,"
        " mccp_core_link.sv:54). top_c8_s128 at `e61df5f` (65,960 LUT4) did not route in its"
        " 110-minute limit (router1: 1,338 of 344,196 arcs unrouted after 99 min, beside two"
        " other routes). The model's validation set counts"
        " 2 to 4 cycles fewer in three scenarios there (the input FIFO holds one word more)."
        " No Fmax gain measured, so the branch stays off main."
        " top_c8_s64 and top_c6_s128 were placed again"
        " at `f9ccc9c` (the rtl/ tree of the `fbd9e4f` rows, core + fabric EBRs pinned; `mccp synth"
        " --unit top_c8_s64 --unit top_c6_s128 --speed 8 --retime 6 --pnr-limit 118`, side by side):"
        " neither routed, so both rows stay at their older RTL. top_c6_s128 (50,475 LUT4, 58,029"
        " COMB, 69 %; post-placement estimate 70.81 MHz) had router1 hover between 1,463 and 2,223"
        " of 265,153 arcs unrouted for its last 15 of 65 minutes of routing and was stopped (the"
        " previous session's run of it stalled the same way); top_c8_s64 (66,154 LUT4, 75,784 COMB,"
        " 90 %; estimate 66.16 MHz) had 28,489 of 344,754 arcs unrouted when the limit stopped it"
        " after 102 minutes of routing."
        " The floorplan first knew three of the die's four rows of EBRs (room for"
        " 6 cores); it has all four now, room for 8; " + _eight_core_fill(results) + " Speed-8 Fmax by"
        " placement, from the table:",
        "",
        _placement_effect(results),
        "",
        _fmax_same_rtl(results),
        "",
        _area_budget(results),
        "",
        "## Cells after Yosys (whole wrapper design)",
        "",
        _cells_table(results),
        "",
        "## Placement (nextpnr-ecp5 utilization) and Fmax per speed grade",
        "",
        _placement_table(results),
        "",
        "## Critical paths",
        "",
        "Start and end registers are given by the RTL line of the `always_ff` that holds them;"
        " logic levels count LUT4s and the slice muxes (PFUMX, L6MUX21) that build wider functions;"
        " *through* lists the instances the logic sits in.",
        "",
        _paths_table(results),
        "",
        *breakdown.section(load_breakdown()),
        "## Runs",
        "",
        "| Unit | Wrapper | Parameters | RTL commit | Date | Command |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for name, unit in units.items():
        params = ", ".join(f"{k}={v}" for k, v in (unit.get("parameters") or {}).items()) or "—"
        rtl = unit.get("rtl") or {}
        commit = (f"`{rtl['commit']}`" + (" + local changes" if rtl.get("dirty") else "")
                  if rtl.get("commit") else "—")
        lines.append(f"| `{name}` | `{unit.get('top', '')}` | {params} | {commit} "
                     f"| {unit.get('date', '')} | `{unit.get('command', '')}` |")
    lines.append("")
    return "\n".join(lines)


# --------------------------------------------------------------------------- files


def update_docs(results: Mapping | None = None, *, docs_dir: Path | None = None,
                readme: Path | None = None) -> list[Path]:
    """Write docs/synthesis.md and the README table block; return the files that changed."""
    results = load_results() if results is None else results
    if not results.get("units"):
        return []
    changed: list[Path] = []
    doc = (docs_dir or paths.DOCS) / DOC_NAME
    text = render_markdown(results)
    if not doc.exists() or doc.read_text() != text:
        doc.parent.mkdir(parents=True, exist_ok=True)
        doc.write_text(text)
        changed.append(doc)
    readme = readme or paths.ROOT / "README.md"
    if readme.exists():
        old = readme.read_text()
        new = replace_between(old, BEGIN, END, render_table(results))
        if new is not None and new != old:
            readme.write_text(new)
            changed.append(readme)
    return changed


def latest_fmax(cores: int, stream_bits: int | None = None) -> tuple[float | None, str]:
    """Fmax (speed 8) of the synthesized top with this many cores (and this stream width,
    when given: the widths' Fmax differ), else of one core alone, saying why."""
    units = load_results().get("units", {})
    what = f"{cores} core{'s' if cores != 1 else ''}" + (f", {stream_bits}-bit streams" if stream_bits else "")
    why = f"no mccp_top report for {what} yet"
    for name, u in units.items():
        p = u.get("parameters", {})
        if u.get("top") != "mccp_synth_top" or p.get("NumCores") != cores:
            continue
        if stream_bits and p.get("StreamBits") != stream_bits:
            continue
        g8 = u.get("grades", {}).get("8", {})
        if g8.get("fmax_mhz"):
            return g8["fmax_mhz"], f"mccp_top with {what} ({name}), speed 8"
        if g8.get("does_not_fit") or g8.get("did_not_route"):
            why = f"mccp_top with {what} ({name}) {fmax_cell(u, '8')} on the ECP5-85"
    bound = core_bound(units, cores)
    if bound:
        fmax, name = bound
        return fmax, f"one core alone ({name}), speed 8 ({why})"
    return None, "no synthesis report yet (make synth)"


def core_bound(units: dict, cores: int) -> tuple[float, str] | None:
    """Upper bound for a top not routed yet: the slowest speed-8 Fmax among the core kinds
    mccp_top places (round keys from the shared expander: `KeyExpand` = 0), encrypt-only ones
    only when the top has more cores than decrypting ones; else the lone `core` unit."""
    kinds = []
    for name, u in units.items():
        p = u.get("parameters", {})
        fmax = u.get("grades", {}).get("8", {}).get("fmax_mhz")
        if u.get("top") != "mccp_synth_core" or p.get("KeyExpand", 1) != 0 or not fmax:
            continue
        if p.get("DecryptEnable", 1) == 0 and cores <= bin(TOP_DECRYPT_CORES).count("1"):
            continue
        kinds.append((fmax, name))
    if kinds:
        return min(kinds)
    fmax = units.get("core", {}).get("grades", {}).get("8", {}).get("fmax_mhz")
    return (fmax, "core") if fmax else None
