"""`mccp synth`: Yosys `synth_ecp5` + nextpnr-ecp5 on the synthesis wrappers.

Every unit sits in a wrapper under rtl/synth/ that feeds its wide input ports
from one serial pin through a shift register and folds all its outputs into
one serial pin (see `mccp_synth_shell`), so pins neither
dominate the result nor let synthesis remove any logic of the unit.

For each unit the flow runs

1. Yosys: `read_verilog -sv` of the unit's RTL directories, `chparam` of the
   wrapper parameters, `synth_ecp5 -top <wrapper> -json` (Yosys 0.70 maps
   LUTs with abc9 by default), `stat -json`;
2. Yosys again with everything outside rtl/synth/ read as black boxes, to
   measure what the wrapper alone costs;
3. nextpnr-ecp5 for every speed grade: LFE5U-85F, CABGA381, fixed seed,
   a clock target above the expected Fmax so the timing-driven placer and
   router keep pushing and the report shows the real Fmax, `--report`.
   The 2- to 8-core tops are placed from a floorplanned netlist: each core's
   block RAMs pinned to a cluster of EBR sites, the fabric's near the
   centre (`mccp.synth.floorplan`);
4. with `--retime G` (for the large tops, where one place and route takes up
   to an hour here): grade G is not placed again; nextpnr reads the routed
   design of the fastest placed grade (`--write routed.json`, best seed) with
   `--no-place`, routes nothing and times it with grade G's delays.  The
   figure is that same placement and routing on a grade-G part, marked
   `timed_from` in the results.

Outputs go to build/synth/<unit>/ (not committed).  The figures are merged into
results/synth.json (only the units that ran change) and rendered into
docs/synthesis.md and the README table by `mccp.report.synthesis`.

To add a unit, write its wrapper in rtl/synth/ and add one line to `UNITS`.
"""

from __future__ import annotations

import datetime as _dt
import logging
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Mapping, Sequence

from mccp import paths
from mccp.eda.tools import tool_version
from mccp.synth import floorplan
from mccp.synth.nextpnr import describe_unrouted, nextpnr, retime
from mccp.synth.results import load_raw, merge_unit, ordered_units, rtl_state, write_results
from mccp.synth.units import DEFAULT_GRADES, DEFAULT_UNITS, ECP5_85, SEED, UNITS, figures, unit_sources
from mccp.synth.run import file_sha1, logic_sha1
from mccp.synth.yosys import used_sources, wrapper_cost, yosys_synth

logger = logging.getLogger(__name__)


def build_dir(name: str, root: Path | None = None) -> Path:
    return (root or paths.BUILD / "synth") / name


def synthesize_unit(name: str, root: Path | None = None) -> dict:
    unit = UNITS[name]
    sources = unit_sources(unit)
    out = build_dir(name, root)
    res = yosys_synth(unit.top, unit.parameters, sources, out, options=unit.yosys_options)
    res["wrapper_cells"] = wrapper_cost(unit.top, unit.parameters, sources, out,
                                        options=unit.yosys_options)
    res["sources"] = [str(p) for p in used_sources(unit.top, unit.parameters, sources, out)]
    # the RTL as Yosys read it, not as it is when the place and route ends (files may change
    # meanwhile)
    res["rtl"] = rtl_state(unit.rtl_dirs, [Path(p) for p in res["sources"]])
    if unit.floorplan:
        # nextpnr places the floorplanned netlist; its hash stands for netlist + floorplan
        anchored = out / "anchored.json"
        cores, fabric = floorplan.anchor(Path(res["netlist"]), anchored, unit.top)
        res.update({"netlist": str(anchored), "netlist_sha1": file_sha1(anchored),
                    "logic_sha1": logic_sha1(anchored),
                    "floorplan": floorplan.summary(cores, fabric)})
    return res


def place_unit(name: str, netlist: str, grade: int, root: Path | None = None, seed: int = SEED,
               write_routed: bool = False, time_limit_s: float | None = None,
               extra_options: Sequence[str] = ()) -> dict:
    unit = UNITS[name]
    out = build_dir(name, root) / f"speed{grade}"
    return nextpnr(Path(netlist), out if seed == SEED else out / f"seed{seed}", grade,
                   unit.target_for(grade), seed=seed,
                   options=(*unit.nextpnr_options, *extra_options),
                   write_routed=write_routed, time_limit_s=time_limit_s)


def retime_unit(name: str, netlist: str, placed: Mapping, placed_grade: int, grade: int,
                root: Path | None = None) -> dict:
    """Grade `grade` of a unit from the routed design of `placed` (its best run at `placed_grade`)."""
    unit = UNITS[name]
    res = retime(Path(placed["routed"]), Path(netlist), build_dir(name, root) / f"speed{grade}",
                 grade, unit.target_for(grade))
    res.update({"seed": placed["seed"], "timed_from": {"grade": placed_grade, "seed": placed["seed"]}})
    return res


def best_of_seeds(runs: Mapping[int, dict]) -> dict:
    """One grade's result from several placements of the same netlist: the run with the highest
    Fmax, with every seed's Fmax beside it (`seeds`), so the spread is on record."""
    fits = {s: r for s, r in runs.items() if r.get("fmax_mhz") is not None}
    best = max(fits.items(), key=lambda sr: (sr[1]["fmax_mhz"], -sr[0]))[1] if fits else runs[min(runs)]
    out = dict(best)
    if len(runs) > 1:
        out["seeds"] = {str(s): r.get("fmax_mhz") for s, r in sorted(runs.items())}
    return out


def command_line(units: Sequence[str] | None, grades: Sequence[int] | None, jobs: int,
                 seeds: int = 1, retime_grades: Sequence[int] = (), pnr_limit_min: float | None = None,
                 pnr_options: Sequence[str] = ()) -> str:
    cmd = ["mccp", "synth"]
    for u in units or ():
        cmd += ["--unit", u]
    for g in grades or ():
        cmd += ["--speed", str(g)]
    for g in retime_grades:
        cmd += ["--retime", str(g)]
    if seeds > 1:
        cmd += ["--seeds", str(seeds)]
    if pnr_limit_min:
        cmd += ["--pnr-limit", f"{pnr_limit_min:g}"]
    for o in pnr_options:
        cmd += [f"--pnr-option={o}"]
    return " ".join(cmd)


def refresh(units: Sequence[str] | None = None, jobs: int = 2, results_file: Path | None = None,
            build_root: Path | None = None) -> int:
    """Yosys again on `units` (default: every recorded unit); a unit whose netlist is the one its
    record was placed from (the same file, or the same logic_sha1: equal but for the numbers of
    generated names) gets the current RTL state in its record (its figures and routed grades
    stand: they are of the same logic), the others are reported as needing a place and route.
    1 if a synthesis failed or a netlist changed."""
    results = load_raw(results_file)
    all_units = dict(results.get("units") or {})
    names = list(dict.fromkeys(units or [u for u in UNITS if u in all_units]))
    t0 = time.monotonic()
    rc = 0
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futs = {pool.submit(synthesize_unit, n, build_root): n for n in names}
        for fut in as_completed(futs):
            name = futs[fut]
            try:
                syn = fut.result()
            except Exception as exc:  # noqa: BLE001
                _say(t0, f"{name}: yosys FAILED: {exc}")
                rc = 1
                continue
            old = all_units.get(name)
            if old and (old.get("netlist_sha1") == syn["netlist_sha1"]
                        or old.get("logic_sha1", "-") == syn["logic_sha1"]):
                old = dict(old)
                old["rtl"] = syn["rtl"]
                old["refreshed"] = _dt.date.today().isoformat()
                all_units[name] = old
                _say(t0, f"{name}: same logic ({syn['logic_sha1'][:10]}): record marked current")
            else:
                _say(t0, f"{name}: the netlist changed: place and route it again (mccp synth --unit {name})")
                rc = 1
    results["units"] = ordered_units(all_units)
    _say(t0, f"wrote {write_results(results, results_file)}")
    return rc


def _say(t0: float, msg: str) -> None:
    logger.info(f"[{time.monotonic() - t0:7.1f}s] {msg}")


def main(units: Sequence[str] | None = None, grades: Sequence[int] | None = None, jobs: int = 2, *,
         seeds: int = 1, retime_grades: Sequence[int] = (), results_file: Path | None = None,
         build_root: Path | None = None, pnr_limit_min: float | None = None,
         pnr_options: Sequence[str] = ()) -> int:
    """Synthesize, place and route `units` (names of `UNITS`, checked by the command line) and
    merge their figures into results/synth.json; 1 if any run failed."""
    names = list(dict.fromkeys(units or DEFAULT_UNITS))
    retimed = sorted(set(retime_grades or ()))
    # grades given only as --retime are not placed
    speed = sorted(set(grades or [g for g in DEFAULT_GRADES if g not in retimed]))
    limit_s = 60.0 * pnr_limit_min if pnr_limit_min else None
    command = command_line(units, grades, jobs, seeds, retimed, pnr_limit_min, pnr_options)
    versions = {"yosys": tool_version("yosys"), "nextpnr-ecp5": tool_version("nextpnr-ecp5")}
    today = _dt.date.today().isoformat()
    t0 = time.monotonic()
    _say(t0, f"synth: {len(names)} unit(s) {', '.join(names)}; speed {speed}; {jobs} job(s); "
             f"{ECP5_85.name} {ECP5_85.package}")

    synth: dict[str, dict] = {}
    runs: dict[str, dict[str, dict[int, dict]]] = {n: {} for n in names}   # unit -> grade -> seed -> run
    failures: dict[str, str] = {}
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        syn_futs = {pool.submit(synthesize_unit, n, build_root): n for n in names}
        pnr_futs = {}
        for fut in as_completed(syn_futs):
            name = syn_futs[fut]
            try:
                res = fut.result()
            except Exception as exc:  # noqa: BLE001 - report every failure, keep the others going
                failures[name] = f"{name}: {exc}"
                _say(t0, f"{name}: yosys FAILED")
                continue
            synth[name] = res
            f = figures(res["cells"])
            _say(t0, f"{name}: yosys {res['runtime_s']}s: LUT4 {f['LUT4']}, FF {f['FF']}, "
                     f"EBR {f['EBR']}, DSP {f['DSP']}")
            for g in speed:
                for s in range(SEED, SEED + seeds):
                    pnr_futs[pool.submit(place_unit, name, res["netlist"], g, build_root, s,
                                         bool(retimed) and g == speed[-1], limit_s,
                                         tuple(pnr_options))] = (name, g, s)
        for fut in as_completed(pnr_futs):
            name, g, s = pnr_futs[fut]
            try:
                res = fut.result()
            except Exception as exc:  # noqa: BLE001
                failures[f"{name}/{g}/{s}"] = f"{name} speed {g} seed {s}: {exc}"
                _say(t0, f"{name}: nextpnr speed {g} seed {s} FAILED")
                continue
            runs[name].setdefault(str(g), {})[s] = res
            if res.get("did_not_route"):
                _say(t0, f"{name}: nextpnr speed {g} seed {s}: stopped at the time limit, "
                         + describe_unrouted(res["did_not_route"]))
            elif res.get("does_not_fit"):
                _say(t0, f"{name}: nextpnr speed {g}: does not fit the device "
                         + ", ".join(f"{t} {u}/{a}" for t, (u, a) in res["does_not_fit"].items()))
            else:
                _say(t0, f"{name}: nextpnr speed {g} seed {s} {res['runtime_s']}s: Fmax {res['fmax_mhz']} MHz")
    placed = {n: {g: best_of_seeds(r) for g, r in per.items()} for n, per in runs.items()}
    # --retime: the fastest placed grade's best routing, timed with each other grade's delays
    for name in names:
        src = placed[name].get(str(speed[-1]))
        if not retimed or not src or src.get("fmax_mhz") is None or not src.get("routed"):
            continue
        for g in retimed:
            try:
                res = retime_unit(name, synth[name]["netlist"], src, speed[-1], g, build_root)
            except Exception as exc:  # noqa: BLE001
                failures[f"{name}/{g}/retime"] = f"{name} speed {g} (timed from speed {speed[-1]}): {exc}"
                _say(t0, f"{name}: timing at speed {g} FAILED")
                continue
            placed[name][str(g)] = res
            _say(t0, f"{name}: speed {speed[-1]} routing timed at speed {g} {res['runtime_s']}s: "
                     f"Fmax {res['fmax_mhz']} MHz")

    results = load_raw(results_file)
    all_units = dict(results.get("units") or {})
    for name in names:
        if name not in synth:
            continue
        if not placed[name]:
            # a place and route that failed (or was killed) is no result: keep the last one
            _say(t0, f"{name}: no place and route finished; its previous record is kept")
            continue
        unit, syn = UNITS[name], synth[name]
        grades_new = {}
        for g, res in placed[name].items():
            grades_new[g] = {
                "fmax_mhz": res["fmax_mhz"],
                "target_mhz": res["target_mhz"],
                "seed": res["seed"],
                "nextpnr_options": res["options"],
                "clocks": res["clocks"],
                "utilization": res["utilization"],
                "critical_path": res["critical_path"],
                "runtime_s": res["runtime_s"],
                **({"does_not_fit": res["does_not_fit"]} if res.get("does_not_fit") else {}),
                **({"did_not_route": res["did_not_route"]} if res.get("did_not_route") else {}),
                **({"seeds": res["seeds"]} if res.get("seeds") else {}),
                **({"timed_from": res["timed_from"]} if res.get("timed_from") else {}),
                **({"floorplan": syn["floorplan"]} if syn.get("floorplan") else {}),
                "netlist_sha1": syn["netlist_sha1"],
                "date": today,
            }
        wrapper = figures(syn["wrapper_cells"])
        entry = {
            "description": unit.description,
            "top": unit.top,
            "parameters": dict(unit.parameters),
            "figures": figures(syn["cells"]),
            "wrapper": {"LUT4": wrapper["LUT4"], "FF": wrapper["FF"]},
            "cells": syn["cells"],
            "yosys_options": list(unit.yosys_options),
            "yosys_runtime_s": syn["runtime_s"],
            "netlist_sha1": syn["netlist_sha1"],
            "logic_sha1": syn["logic_sha1"],
            "rtl": syn["rtl"],
            "tools": versions,
            "date": today,
            "command": command,
            "grades": grades_new,
        }
        all_units[name] = merge_unit(all_units.get(name), entry)
    if synth:
        results = {
            "device": ECP5_85.name,
            "package": ECP5_85.package,
            "nextpnr_device_option": ECP5_85.option,
            "tools": versions,
            "date": today,
            "command": "make synth",
            "flow": "yosys synth_ecp5 (abc9) -> nextpnr-ecp5 --timing-allow-fail, fixed seed; "
                    "units inside serial-in/serial-out wrappers (rtl/synth)",
            "units": ordered_units(all_units),
        }
        path = write_results(results, results_file)
        _say(t0, f"wrote {path}")
    for msg in failures.values():
        logger.error(f"\nsynth: FAILED {msg}")
    _say(t0, f"synth: done ({len(failures)} failure(s))")
    return 1 if failures else 0
