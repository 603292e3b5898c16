"""Render results/synth.json as Markdown: docs/synthesis.md and the README table.

Nothing here runs a tool: the text is a function of the results file and of the RTL at HEAD
(a row whose RTL differs from HEAD's is marked with the commit it came from), so `mccp docs`
can regenerate it and a test can check it is up to date.  Tables and short facts only; how
the figures came about is in docs/notes/.
"""

from __future__ import annotations

import re
import subprocess
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Sequence

from mccp import paths
from mccp.report import breakdown
from mccp.report.markdown import replace_between
from mccp.synth.breakdown import load as load_breakdown
from mccp.synth.nextpnr import describe_unrouted
from mccp.synth.results import (CriticalPath, GradeResult, SynthResults, UnitResult, head_blobs, load,
                                rtl_tree)
from mccp.synth.units import HEADLINE_GRADE, TOP_DECRYPT_CORES, UNITS

BEGIN = "<!-- synth-table:begin -->"
END = "<!-- synth-table:end -->"
DOC_NAME = "synthesis.md"
NOTE = "notes/2026-11-27-timing-closure.md"

# The paper's Table 1 (Xilinx Virtex-4 SX35-11, ISE 12.1): cores, bus bits, slices, BRAM, MHz.
PAPER_TABLE1 = [(2, 32, 2071, 15, 192), (4, 32, 4055, 26, 192), (6, 32, 6026, 37, 185),
                (8, 32, 7760, 48, 192), (8, 64, 8714, 64, 192)]
ECP5_85_COMB = 83640     # LUT4 sites (TRELLIS_COMB) of the LFE5U-85F
OLDER_RTL = "synthesized from older RTL"          # what latest_fmax says of a stale record
CORE_UNITS = ("core", "core_rk", "core_enc_rk")   # one core alone in its wrapper
HALF_FULL = 50.0                                  # % of the COMB sites: the split of _fill_effect


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


def fmax_cell(unit: UnitResult, grade: int) -> str:
    """Fmax for a table cell, or what the design needs beyond the device when it does not fit."""
    res = unit.grade(grade)
    if res is None:
        return "—"
    if res.does_not_fit:
        return "does not fit: " + ", ".join(f"{t} {u:,} of {a:,}" for t, (u, a) in res.does_not_fit.items())
    if res.did_not_route:
        return describe_unrouted(res.did_not_route)
    return _mhz(res.fmax_mhz) + (" †" if len(res.seeds) > 1 else "") + (" ‡" if res.timed_from else "")


RETIMED_NOTE = ("‡ not placed again at this grade: the routed design of the unit's speed-8 run (best seed),"
                " timed by nextpnr with this grade's delays (`mccp synth --retime 6`): the same placement and"
                " wires on a slower part. A place and route of its own at this grade may land a few"
                " percent apart.")


def _seeds_cell(res: GradeResult) -> str:
    return ", ".join(f"{s}: {_mhz(f)}" for s, f in res.seeds.items()) if res.seeds else _num(res.seed)


def _tool_line(results: SynthResults) -> str:
    """Tools, device and date; lists every distinct tool set if the units differ."""
    units = results.units.values()
    sets = sorted({(short_version(u.tools.get("yosys", "")), short_version(u.tools.get("nextpnr-ecp5", "")))
                   for u in units})
    tools = "; ".join(f"{y}, {n}" for y, n in sets) or "no runs yet"
    dates = sorted({u.date for u in units if u.date})
    when = dates[-1] if len(dates) == 1 else (f"{dates[0]} to {dates[-1]}" if dates else "—")
    seeds = "/".join(sorted({str(g.seed) for u in units for g in u.grades.values() if g.seed is not None})) or "—"
    return f"{results.device} ({results.package}), {tools}, seed {seeds}, run {when}"


def _tool_time(results: SynthResults) -> str:
    units = results.units.values()
    yosys = sum(u.yosys_runtime_s for u in units)
    pnr = sum(float(g.runtime_s or 0) for u in units for g in u.grades.values())
    return f"Yosys {yosys:.0f} s, nextpnr-ecp5 {pnr:.0f} s"


# --------------------------------------------------------------------------- current or stale


@lru_cache(maxsize=None)
def _head_tree(dirs: tuple[str, ...]) -> str | None:
    """The RTL tree of these directories at HEAD, or None where git cannot tell."""
    try:
        return rtl_tree(dirs)
    except (OSError, subprocess.CalledProcessError):
        return None


@lru_cache(maxsize=None)
def _head_blobs(files: tuple[str, ...]) -> dict[str, str] | None:
    try:
        return head_blobs(files)
    except (OSError, subprocess.CalledProcessError):
        return None


def is_current(unit: UnitResult) -> bool:
    """The unit's record was made from the RTL at HEAD: every file its design is made of reads
    as at HEAD (records before the file list: its RTL directories' trees are HEAD's)."""
    if unit.rtl.files:
        return _head_blobs(tuple(sorted(unit.rtl.files))) == dict(unit.rtl.files)
    spec = UNITS.get(unit.name)
    if spec is None or not unit.rtl.tree or unit.rtl.dirty:
        return False
    return unit.rtl.tree == _head_tree(tuple(spec.rtl_dirs))


def rtl_cell(unit: UnitResult) -> str:
    """"current", or the commit an older row came from."""
    if is_current(unit):
        return "current"
    return f"stale: `{unit.rtl.short}`" + (" + local changes" if unit.rtl.dirty else "")


def _stale_note(units: Iterable[UnitResult]) -> list[str]:
    stale = [u.name for u in units if not is_current(u)]
    if not stale:
        return []
    return [f"**Stale** rows ({len(stale)}) were made from older RTL (the commit named) and have not been"
            " synthesized again since the RTL changed; rerun one with `mccp synth --unit <name>`.", ""]


# --------------------------------------------------------------------------- tables


def _unit_rows(results: SynthResults, units: Sequence[UnitResult], rtl_column: bool) -> list[str]:
    grades = results.grades
    head = (["Unit", "Description", "LUT4", "FF", "EBR", "DSP", "LUT RAM (DPR16X4)"]
            + [f"Fmax speed {g} (MHz)" for g in grades] + ["of which wrapper (LUT4 / FF)"]
            + (["RTL"] if rtl_column else []))
    rows = ["| " + " | ".join(head) + " |",
            "| " + " | ".join(["---", "---"] + ["---:"] * (len(head) - 2 - rtl_column) + ["---"] * rtl_column) + " |"]
    for u in units:
        f, w = u.figures, u.wrapper
        cells = ([f"`{u.name}`", u.description, _num(f.get("LUT4")), _num(f.get("FF")), _num(f.get("EBR")),
                  _num(f.get("DSP")), _num(f.get("DPR"))]
                 + [fmax_cell(u, g) + (" *" if (u.grade(g) and u.grade(g).met_target) else "") for g in grades]
                 + [f"{_num(w.get('LUT4'))} / {_num(w.get('FF'))}"] + ([rtl_cell(u)] if rtl_column else []))
        rows.append("| " + " | ".join(cells) + " |")
    rows.append("")
    if any(len(g.seeds) > 1 for u in units for g in u.grades.values()):
        rows += ["† the best of several nextpnr seeds of the same netlist (`mccp synth --seeds N`); every"
                 " seed's Fmax is in the placement table of docs/synthesis.md.", ""]
    if any(g.timed_from for u in units for g in u.grades.values()):
        rows += [RETIMED_NOTE, ""]
    if any(g.met_target for u in units for g in u.grades.values()):
        rows += ["\\* Fmax reached the clock target given to nextpnr, so timing-driven placement and routing"
                 " stopped there: the real Fmax may be higher (raise the unit's `target_mhz` in"
                 " `mccp.synth.units.UNITS`).", ""]
    return rows


def render_table(results: SynthResults) -> str:
    """docs/synthesis.md's headline table: every unit, with the RTL it came from."""
    units = list(results.units.values())
    return "\n".join(_unit_rows(results, units, rtl_column=True) + _stale_note(units)
                     + [f"{_tool_line(results)}. Regenerate with `{results.command}` (one unit: `mccp synth"
                        " --unit <name>`); figures from [results/synth.json](../results/synth.json).", ""])


def render_readme(results: SynthResults) -> str:
    """The README table: the units synthesized from the RTL at HEAD only."""
    current = [u for u in results.units.values() if is_current(u)]
    stale = len(results.units) - len(current)
    rows = (_unit_rows(results, current, rtl_column=False) if current
            else ["No unit has been synthesized from the RTL at HEAD yet (`make synth`).", ""])
    more = (f"; {stale} more rows, synthesized from older RTL, are in [docs/synthesis.md](docs/synthesis.md)"
            if stale else "; details in [docs/synthesis.md](docs/synthesis.md)")
    return "\n".join(rows + [f"{_tool_line(results)}. Regenerate with `{results.command}` (one unit: `mccp"
                             f" synth --unit <name>`){more}.", ""])


def _cells_table(results: SynthResults) -> str:
    types = sorted({t for u in results.units.values() for t in u.cells})
    rows = ["| " + " | ".join(["Unit"] + types) + " |", "| --- |" + " ---: |" * len(types)]
    for u in results.units.values():
        rows.append("| " + " | ".join([f"`{u.name}`"] + [str(u.cells.get(t, 0)) for t in types]) + " |")
    return "\n".join(rows)


def _placement_table(results: SynthResults) -> str:
    types = sorted({t for u in results.units.values() for g in u.grades.values() for t in g.utilization})
    head = ["Unit", "Speed", "Target (MHz)", "Fmax (MHz)", "Fmax per seed (MHz)"] + types + ["nextpnr time (s)"]
    rows = ["| " + " | ".join(head) + " |", "| --- | ---:" + " | ---:" * (len(head) - 2) + " |"]
    for u in results.units.values():
        for g, res in u.grades.items():
            rows.append("| " + " | ".join(
                [f"`{u.name}`", str(g), f"{res.target_mhz:g}", _mhz(res.fmax_mhz), _seeds_cell(res)]
                + [str(res.utilization.get(t, 0)) for t in types] + [_num(res.runtime_s)]) + " |")
    return "\n".join(rows)


def _paths_table(results: SynthResults) -> str:
    rows = ["| Unit | Speed | Path (ns) | Logic levels | Logic / routing (ns) | From | To | Through |",
            "| --- | ---: | ---: | ---: | ---: | --- | --- | --- |"]
    for u in results.units.values():
        for g, res in u.grades.items():
            cp = res.critical_path
            if cp is None:
                continue
            rows.append("| " + " | ".join([
                f"`{u.name}`", str(g), f"{cp.delay_ns:.2f}", _num(cp.logic_levels) if cp.logic_levels is not None else "",
                f"{cp.logic_ns:.2f} / {cp.routing_ns:.2f}",
                f"`{cp.start}`" if cp.start else "?", f"`{cp.end}`" if cp.end else "?",
                ", ".join(f"`{t}`" for t in cp.through) or "—",
            ]) + " |")
    return "\n".join(rows)


# --------------------------------------------------------------------------- the tops (Table 1)


def _top_path(u: UnitResult) -> str:
    """Where the critical path of a top's best placed grade starts and ends, and its delays."""
    placed = [r for r in u.grades.values() if r.critical_path and not r.timed_from]
    if not placed:
        if any(r.did_not_route for r in u.grades.values()):
            return "— (did not route)"
        return "— (does not fit)" if u.grades else "—"
    cp = max(placed, key=lambda r: r.fmax_mhz or 0).critical_path
    ends = " → ".join(Path(x).name for x in (cp.start, cp.end) if x) or "—"
    return f"{ends} ({cp.logic_ns:.1f} / {cp.routing_ns:.1f})"


def _placement(u: UnitResult) -> str:
    """How a top was placed: free, with each core's block RAMs pinned, or with the fabric's
    pinned as well (mccp.synth.floorplan)."""
    grades = list(u.grades.values())
    if not grades:
        return "—"
    if not all(g.floorplan for g in grades):
        return "free"
    return "core + fabric EBRs pinned" if all(g.floorplan.get("fabric") for g in grades) else "core EBRs pinned"


def _cores(u: UnitResult) -> int:
    return u.parameters["NumCores"]


def _eight_core_fill(results: SynthResults) -> str:
    """How much of the device's logic the 8-core tops take (a sentence)."""
    fills = [100 * u.comb / ECP5_85_COMB for u in results.tops() if _cores(u) == 8 and u.comb]
    if not fills:
        return "the 8-core tops have not been packed yet."
    return (f"the 8-core tops fill {min(fills):.0f} to {max(fills):.0f} % of the device's logic (COMB sites,"
            " Table 1); the placement column says which were pinned.")


def _placement_effect(results: SynthResults) -> str:
    """Speed-8 Fmax of the tops, by core count and placement (free / pinned), as bullet lines."""
    groups: dict[tuple[int, str], list[UnitResult]] = {}
    for u in results.tops():
        groups.setdefault((_cores(u), _placement(u)), []).append(u)
    lines = []
    for (cores, how), tops in sorted(groups.items()):
        routed = sorted(u.fmax() for u in tops if u.fmax())
        span = (f"{routed[0]:.1f}" + (f" to {routed[-1]:.1f}" if len(routed) > 1 else "") + " MHz"
                if routed else "no Fmax")
        rest = len(tops) - len(routed)
        misfits = sum(1 for u in tops if not u.fmax() and u.grade() and u.grade().does_not_fit)
        why = ([f"{misfits} {'does' if misfits == 1 else 'do'} not fit"] if misfits else []) + \
              ([f"{rest - misfits} did not route"] if rest > misfits else [])
        lines.append(f"- {cores_text(cores)}, {how}: {span} ({len(routed)} of {len(tops)} tops"
                     + (f"; {', '.join(why)}" if rest else "") + ")")
    return "\n".join(lines)


def _same_rtl_tops(results: SynthResults) -> list[UnitResult]:
    """The placed tops (with a COMB count) of one RTL tree: the tree with the most core counts,
    then the most rows, then the latest run, then the most cores."""
    groups: dict[str, list[UnitResult]] = {}
    for u in results.tops():
        if u.comb and u.rtl.identity:
            groups.setdefault(u.rtl.identity, []).append(u)

    def rank(tops):
        cores = [_cores(u) for u in tops]
        return len(set(cores)), len(tops), max(u.date for u in tops), max(cores)
    return max(groups.values(), key=rank, default=[])


def _fmax_same_rtl(results: SynthResults) -> str:
    """Speed-8 Fmax against the number of cores for the tops of one RTL (a sentence, or "")."""
    tops = _same_rtl_tops(results)
    by_cores: dict[int, list[str]] = {}
    for u in sorted(tops, key=lambda u: (_cores(u), u.parameters["StreamBits"])):
        g8 = u.grade()
        fig = (f"{g8.fmax_mhz:.1f} MHz" if g8 and g8.fmax_mhz
               else "does not fit" if g8 and g8.does_not_fit else "not routed")
        by_cores.setdefault(_cores(u), []).append(f"{fig} ({u.parameters['StreamBits']}-bit streams)")
    if len(by_cores) < 2:
        return ""
    commits = sorted({f"`{u.rtl.short}`" for u in tops})
    return ("On one RTL (the rows at " + ", ".join(commits) + ", whose rtl/ trees are the same), speed-8 Fmax"
            " against the cores: " + "; ".join(f"{cores_text(n)} {', '.join(v)}" for n, v in sorted(by_cores.items()))
            + ".")


def _lut_ram_cost(results: SynthResults) -> str:
    """COMB sites a TRELLIS_DPR16X4 takes, from the placed tops (a sentence, or "")."""
    ratios = [(u.comb - u.figures.get("LUT4", 0) - 2 * u.figures.get("CCU2C", 0)) / u.figures["DPR"]
              for u in results.tops() if u.comb and u.figures.get("DPR")]
    if not ratios:
        return ""
    return (f" LUT RAM is dear in COMB: over the placed tops, COMB less the LUT4 and two per CCU2C"
            f" carry comes to {min(ratios):.1f} to {max(ratios):.1f} per TRELLIS_DPR16X4 (its four"
            " storage LUTs and the write-port slice beside them), which the LUT4 column does not"
            " show.")


def _area_budget(results: SynthResults, cores: int = 8) -> str:
    """What `cores` cores need of the device's logic, from the tops' COMB counts (a sentence).

    COMB = fabric + per core x cores, least squares over the placed tops of one RTL
    (`_same_rtl_tops`); the fill is the fullest top that routed, of any RTL."""
    routed = [(u.comb, u.name) for u in results.tops()
              if u.comb and any(g.fmax_mhz for g in u.grades.values())]
    # the fit runs over the tops of one RTL, so that a change of the logic between runs does
    # not pass for growth with the cores
    group = _same_rtl_tops(results)
    pts = [(_cores(u), u.comb) for u in group]
    # tops of `cores` cores placed from other RTL (usually newer than the fit's): their own count
    ids = {u.rtl.identity for u in group}
    others = "".join(f" `{u.name}` from other RTL (`{u.rtl.short}`) takes {_num(u.comb)}"
                     f" ({100 * u.comb / ECP5_85_COMB:.0f} %)."
                     for u in results.tops() if _cores(u) == cores and u.comb and u.rtl.identity not in ids)
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
            f" squares over the {len(pts)} tops placed from the same RTL, `{group[0].rtl.short}`),"
            f" so {cores} cores need"
            f" {_num(round(fabric + cores * per_core))} of {_num(ECP5_85_COMB)}. The fullest top that"
            f" routed here is `{fullest}` at {100 * fill / ECP5_85_COMB:.0f} %; at that fill {cores} cores"
            f" may take {_num(round(budget))} COMB each, " + fits + others + _lut_ram_cost(results))


def _fabric_file(path: str) -> bool:
    """A source file of the fabric (the shared key expander is one, though it lives in rtl/aes/)."""
    return "rtl/fabric/" in path or path.split(":")[0].endswith("mccp_aes_key_expand.sv")


def path_site(cp: CriticalPath, in_top: bool = True) -> str:
    """Where a critical path lies: inside one core, between cores, from a core into the fabric
    (or back), or in the fabric alone; from its end points (source lines, either may be unknown)
    and the cells it passes (instance names, `g_core[k]` for core k of a top)."""
    cores = {m.group(1) for t in cp.through if (m := re.search(r"g_core\[(\d+)\]", t))}
    fabric_cells = in_top and any("g_core[" not in t for t in cp.through)

    def side(path):
        # a primitive (rtl/prim/) serves cores and fabric alike: its cells say where it lies
        if not path or "rtl/prim/" in path:
            return None
        return "fabric" if in_top and _fabric_file(path) else "core"
    start, end = side(cp.start), side(cp.end)
    if not fabric_cells and "fabric" not in (start, end):
        return "inside one core" if len(cores) <= 1 else "between cores"
    if not cores and "core" not in (start, end):
        return "fabric"
    if start == "fabric" and end in ("core", None):
        return "fabric → core"
    if start == "core" and end in ("fabric", None):
        return "core → fabric"
    return "core ↔ fabric"


def _placed_speed8(u: UnitResult) -> GradeResult | None:
    """The speed-8 record of a unit if it was placed and routed at that grade."""
    g8 = u.grade()
    return g8 if g8 and g8.placed else None


def _fill_effect(results: SynthResults) -> str:
    """Speed-8 Fmax of the tops against the share of the device their logic fills, with where
    each critical path lies."""
    rows = [(100 * u.comb / ECP5_85_COMB, u) for u in results.tops() if _placed_speed8(u) and u.comb]
    if not rows:
        return ""
    lines = ["| unit | cores | COMB used | Fmax speed 8 (MHz) | critical path lies | routing of the path (ns) "
             "| RTL |", "| --- | ---: | ---: | ---: | --- | ---: | --- |"]
    alone = [results.units[n] for n in CORE_UNITS if n in results.units and _placed_speed8(results.units[n])]

    def row(label, cores, u, in_top):
        g8 = _placed_speed8(u)
        cp = g8.critical_path
        fill = f"{100 * u.comb / ECP5_85_COMB:.0f} %" if u.comb else "—"
        return (f"| {label} | {cores} | {fill} | {g8.fmax_mhz:.1f} | {path_site(cp, in_top)}"
                f" | {cp.routing_ns:.1f} of {cp.delay_ns:.1f} | {rtl_cell(u)} |")
    lines += [row(f"`{u.name}` (one core alone)", 1, u, False) for u in alone]
    lines += [row(f"`{u.name}`", _cores(u), u, True) for _, u in sorted(rows, key=lambda r: (r[0], r[1].name))]

    def span(fs):
        fs = sorted(fs)
        return f"{fs[0]:.1f}" + (f" to {fs[-1]:.1f}" if len(fs) > 1 else "") + " MHz"
    inside = [(fill, u.fmax()) for fill, u in rows if path_site(u.grade().critical_path) == "inside one core"]
    low = [f for fill, f in inside if fill <= HALF_FULL]
    high = [f for fill, f in inside if fill > HALF_FULL]
    text = ""
    if low and high:
        text = (f"Where the critical path lies inside one core, the tops at most half full reach"
                f" {span(low)} ({len(low)} tops) and those more than half full {span(high)}"
                f" ({len(high)} tops)")
        if alone:
            text += f"; one core alone in its wrapper reaches {span([u.fmax() for u in alone])}"
        drop = 100 * (1 - max(high) / min(low))
        text += f". The fastest of the fuller tops is {drop:.0f} % below the slowest of the emptier ones."
    return "\n".join(lines) + ("\n\n" + text if text else "")


def _table1(results: SynthResults) -> str:
    """Table 1 of the paper next to mccp_top's synthesis runs (units top_c<N>_s<W>)."""
    tops = sorted(results.tops(), key=lambda u: (u.parameters["StreamBits"], _cores(u)))
    grades = results.grades
    lines = ["| cores | stream bits | LUT4 | FF | EBR | LUT RAM (DPR16X4) | COMB used (of 83,640) | LUT4 per core "
             "(step from the row above, same RTL only) | " + " | ".join(f"Fmax speed {g} (MHz)" for g in grades)
             + " | placement | critical path at the fastest grade (logic / routing ns) | RTL |",
             "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |" + " ---: |" * len(grades) + " --- | --- | --- |"]
    prev = None
    for u in tops:
        f, cores, bits = u.figures, _cores(u), u.parameters["StreamBits"]
        step = "—"
        if prev is not None and prev[1] == bits and cores > prev[0] and prev[3] and prev[3] == u.rtl.identity:
            step = _num(round((f.get("LUT4", 0) - prev[2]) / (cores - prev[0])))
        lines.append("| " + " | ".join([str(cores), str(bits), _num(f.get("LUT4")), _num(f.get("FF")), _num(f.get("EBR")),
                                         _num(f.get("DPR")),
                                         f"{_num(u.comb)} ({100 * u.comb / ECP5_85_COMB:.0f} %)" if u.comb else "—", step]
                                        + [fmax_cell(u, g) for g in grades]
                                        + [_placement(u), _top_path(u), rtl_cell(u)]) + " |")
        prev = (cores, bits, f.get("LUT4", 0), u.rtl.identity)
    if any(g.timed_from for u in tops for g in u.grades.values()):
        lines += ["", RETIMED_NOTE]
    if not tops:
        lines.append("| — | — | not run yet: `mccp synth --unit top_c8_s128` (units top_c2_s32 .. top_c8_s128) | | | | | |"
                     + " |" * len(grades))
    lines += ["", "The paper (Xilinx Virtex-4 SX35-11, ISE 12.1; a slice there is two LUT4 and two FF):", "",
              "| cores | bus bits | slices | BRAM | Fmax (MHz) |", "| ---: | ---: | ---: | ---: | ---: |"]
    lines += [f"| {c} | {b} | {s:,} | {r} | {m} |" for c, b, s, r, m in PAPER_TABLE1]
    return "\n".join(lines)


# --------------------------------------------------------------------------- the page


def render_markdown(results: SynthResults) -> str:
    """The whole docs/synthesis.md."""
    wrappers = sorted({u.top for u in results.units.values() if u.top})
    lines = [
        "# Synthesis results",
        "",
        "<!-- Generated from results/synth.json by `mccp synth` / `mccp docs`"
        " (mccp.report.synthesis); do not edit by hand. -->",
        "",
        f"Open-tool figures for the MCCP units on the Lattice ECP5-85: {_tool_line(results)}. A row"
        " marked *stale* was made from older RTL than HEAD's (the commit named).",
        "",
        render_table(results),
        "## How these numbers are made",
        "",
        "- Each unit sits in a synthesis wrapper (" + ", ".join(f"`{w}`" for w in wrappers)
        + " in `rtl/synth/`): a shift register fed from one pin drives every input bit of the unit,"
        " and an XOR-fold signature register folds every output bit into one pin. No logic of the"
        " unit can be optimized away and its timing paths run register to register. The last"
        " column of the table is the wrapper alone (the unit as a black box): subtract it for the"
        " unit on its own (exactly for FF; approximately for LUT4).",
        "- LUT4, FF, EBR (DP16KD), DSP (MULT18X18D) and LUT RAM (TRELLIS_DPR16X4, 16 x 4 bits"
        " each, built from slice LUTs on top of the LUT4 count) count the whole wrapper design"
        " after Yosys `synth_ecp5` (LUT mapping by abc9). Wide functions also use the slices'"
        " PFUMX/L6MUX21 muxes (see the cell table).",
        "- Fmax is nextpnr-ecp5's post-route figure for the clock, from one placement with a fixed"
        " seed and a clock target above the expected Fmax. Another seed moves it: by a few percent"
        " for the small units, by up to ±10 % for the core. With `--seeds N` each netlist is placed"
        " with seeds 1..N, the best run is the headline (marked †) and every seed's Fmax is recorded.",
        "- `--retime 6` (for the large tops): speed 6 is not placed again; nextpnr times the speed-8"
        " run's routed design with speed-6 delays (marked ‡).",
        "- `--pnr-limit MINUTES`: a place and route still running after MINUTES is stopped and"
        " recorded as not routed, with how far the router got.",
        "- `--pnr-option=OPTION`: an extra nextpnr-ecp5 option for one run, recorded per grade.",
        "- The 2- to 8-core tops are placed from a floorplanned netlist (`mccp.synth.floorplan`): each"
        " core's block RAMs pinned to a cluster of EBR sites, the fabric's (key store, channel table)"
        " near the die's centre; everything else is placed freely.",
        f"- Device option `{results.nextpnr_device_option}` ({results.device}); the LFE5UM-85F has the"
        " same fabric and timing (it adds SERDES).",
        "- Regenerate everything with `make synth`; `mccp synth --unit <name> --speed <grade>`"
        " reruns one unit and merges it into the results file. Tool time of the recorded runs"
        f" (summed over units and grades): {_tool_time(results)}.",
        "",
        "## Table 1: `mccp_top` against the number of cores and the stream width",
        "",
        "`mccp_top` in `mccp_synth_top` (" + f"{bin(TOP_DECRYPT_CORES).count('1')}" + " cores with AES"
        " decryption, the others encrypt-only; 16 key slots, 64 channels, 2 KB buffers, the shared key"
        " expander, AXI4-Lite registers). Units `top_c<cores>_s<bits>`; not part of the default `make"
        " synth`: `mccp synth --unit top_c8_s128`.",
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
        "### Scaling",
        "",
        f"Resources grow linearly with the cores (the step column of Table 1); {_eight_core_fill(results)}"
        " Speed-8 Fmax by placement:",
        "",
        _placement_effect(results),
        "",
        _fmax_same_rtl(results),
        "",
        _area_budget(results),
        "",
        f"How the critical paths of the tops were found and cut: [engineering note]({NOTE}).",
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
    for u in results.units.values():
        params = ", ".join(f"{k}={v}" for k, v in u.parameters.items()) or "—"
        commit = (f"`{u.rtl.commit}`" + (" + local changes" if u.rtl.dirty else "")) if u.rtl.commit else "—"
        lines.append(f"| `{u.name}` | `{u.top}` | {params} | {commit} | {u.date} | `{u.command}` |")
    lines.append("")
    return "\n".join(lines)


def outputs(results: SynthResults | None = None, readme_text: str | None = None) -> dict[Path, str]:
    """docs/synthesis.md and the README with its table block, as they must read."""
    results = load() if results is None else results
    if not results.units:
        return {}
    out = {paths.DOCS / DOC_NAME: render_markdown(results)}
    readme = paths.ROOT / "README.md"
    text = readme.read_text() if readme_text is None else readme_text
    new = replace_between(text, BEGIN, END, render_readme(results))
    if new is not None:
        out[readme] = new
    return out


# --------------------------------------------------------------------------- Fmax for other pages


def latest_fmax(cores: int, stream_bits: int | None = None, *,
                current_only: bool = False) -> tuple[float | None, str]:
    """Fmax (speed 8) of the synthesized top with this many cores (and this stream width,
    when given: the widths' Fmax differ), else of one core alone, saying why; with
    `current_only`, only records of the RTL at HEAD count."""
    results = load()
    if current_only:
        results = replace(results, units={n: u for n, u in results.units.items() if is_current(u)})
    what = f"{cores} core{'s' if cores != 1 else ''}" + (f", {stream_bits}-bit streams" if stream_bits else "")
    why = f"no mccp_top report for {what} yet"
    for u in results.tops():
        if _cores(u) != cores or (stream_bits and u.parameters.get("StreamBits") != stream_bits):
            continue
        g8 = u.grade()
        if g8 and g8.fmax_mhz:
            return g8.fmax_mhz, (f"mccp_top with {what} ({u.name}), speed {HEADLINE_GRADE}"
                                 + ("" if is_current(u) else f", {OLDER_RTL} (`{u.rtl.short}`)"))
        if g8 and (g8.does_not_fit or g8.did_not_route):
            why = f"mccp_top with {what} ({u.name}) {fmax_cell(u, HEADLINE_GRADE)} on the ECP5-85"
    bound = core_bound(results, cores)
    if bound:
        fmax, name = bound
        return fmax, f"one core alone ({name}), speed {HEADLINE_GRADE} ({why})"
    return None, "no synthesis report yet (make synth)"


def core_bound(results: SynthResults, cores: int) -> tuple[float, str] | None:
    """Upper bound for a top not routed yet: the slowest speed-8 Fmax among the core kinds
    mccp_top places (round keys from the shared expander: `KeyExpand` = 0), encrypt-only ones
    only when the top has more cores than decrypting ones; else the lone `core` unit."""
    kinds = []
    for u in results.units.values():
        p = u.parameters
        if u.top != "mccp_synth_core" or p.get("KeyExpand", 1) != 0 or not u.fmax():
            continue
        if p.get("DecryptEnable", 1) == 0 and cores <= bin(TOP_DECRYPT_CORES).count("1"):
            continue
        kinds.append((u.fmax(), u.name))
    if kinds:
        return min(kinds)
    core = results.units.get("core")
    return (core.fmax(), "core") if core and core.fmax() else None
