"""results/synth.json: its records, reading (the one place that parses it), merging and
writing it, and the identity of the RTL a result was made from (git provenance).

`load()` gives typed records for everything that reads the results; the flow itself merges
and writes the raw JSON (`load_raw`, `merge_unit`, `write_results`).
"""

from __future__ import annotations

import hashlib
import json
import subprocess
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Mapping

from mccp import paths
from mccp.synth.units import HEADLINE_GRADE, UNITS


class ResultsError(ValueError):
    """A results file that lacks a field its record needs."""


def _need(raw: Mapping, key: str, where: str):
    if key not in raw:
        raise ResultsError(f"{where}: no field {key!r}")
    return raw[key]


@dataclass(frozen=True)
class RtlState:
    """The checkout a result was made from: its commit, whether the unit's RTL had local
    changes, and the RTL tree (`rtl_tree`) when it had none."""
    commit: str = ""
    dirty: bool = False
    tree: str = ""
    files: Mapping[str, str] = field(default_factory=dict)   # source file -> git blob id of its contents

    @property
    def identity(self) -> str:
        """What identifies the logic (`rtl_id`): the tree, else the commit; "" with local changes."""
        return "" if self.dirty else (self.tree or self.commit)

    @property
    def short(self) -> str:
        return self.commit[:7] if self.commit else "?"


@dataclass(frozen=True)
class CriticalPath:
    delay_ns: float
    logic_ns: float
    routing_ns: float
    logic_levels: int | None = None
    start: str | None = None        # RTL line of the start register ("from" in the JSON)
    end: str | None = None          # RTL line of the end register ("to")
    through: tuple[str, ...] = ()   # instances the logic sits in
    clock: str = ""


@dataclass(frozen=True)
class GradeResult:
    """One speed grade of a unit: nextpnr's figures, or why there are none."""
    fmax_mhz: float | None
    target_mhz: float
    seed: int | None
    runtime_s: float | None = None
    utilization: Mapping[str, int] = field(default_factory=dict)
    critical_path: CriticalPath | None = None
    does_not_fit: Mapping[str, list[int]] = field(default_factory=dict)   # cell type -> [used, available]
    did_not_route: Mapping[str, Any] = field(default_factory=dict)        # how far a stopped run got
    seeds: Mapping[str, float | None] = field(default_factory=dict)       # every seed's Fmax (--seeds N)
    timed_from: Mapping[str, int] = field(default_factory=dict)           # --retime: grade and seed placed
    floorplan: Mapping[str, Any] = field(default_factory=dict)
    nextpnr_options: tuple[str, ...] = ()
    date: str = ""

    @property
    def placed(self) -> bool:
        """Placed and routed at this grade (not timed from another grade's routing)."""
        return self.fmax_mhz is not None and self.critical_path is not None and not self.timed_from

    @property
    def met_target(self) -> bool:
        """Fmax reached the clock target: placement and routing stopped early, Fmax may be higher."""
        return self.fmax_mhz is not None and self.fmax_mhz >= self.target_mhz


@dataclass(frozen=True)
class UnitResult:
    """One synthesis unit's record."""
    name: str
    description: str
    top: str
    parameters: Mapping[str, int]
    figures: Mapping[str, int]        # LUT4, FF, EBR, DSP, DPR, CCU2C
    wrapper: Mapping[str, int]        # LUT4 / FF of the wrapper alone
    cells: Mapping[str, int]          # every Yosys cell type
    rtl: RtlState
    grades: Mapping[int, GradeResult]
    yosys_options: tuple[str, ...] = ()
    yosys_runtime_s: float = 0.0
    tools: Mapping[str, str] = field(default_factory=dict)
    date: str = ""
    command: str = ""

    def grade(self, g: int = HEADLINE_GRADE) -> GradeResult | None:
        return self.grades.get(g)

    def fmax(self, g: int = HEADLINE_GRADE) -> float | None:
        res = self.grades.get(g)
        return res.fmax_mhz if res else None

    @property
    def is_top(self) -> bool:
        # the AES tops of the paper's Table 1 (cores x stream width); one with slots of another
        # kind (EC units, ARX elements, grids) is not one
        return (self.top == "mccp_synth_top" and "NumCores" in self.parameters
                and not any(self.parameters.get(k) for k in ("NumEcUnits", "NumArxUnits", "NumUgrids")))

    @property
    def comb(self) -> int:
        """TRELLIS_COMB sites used (the most over its grades), 0 if never placed."""
        return max((r.utilization.get("TRELLIS_COMB", 0) for r in self.grades.values()), default=0)


@dataclass(frozen=True)
class SynthResults:
    """results/synth.json."""
    device: str = "?"
    package: str = "?"
    nextpnr_device_option: str = "--85k"
    command: str = "make synth"
    tools: Mapping[str, str] = field(default_factory=dict)
    units: Mapping[str, UnitResult] = field(default_factory=dict)

    @property
    def grades(self) -> list[int]:
        """Every speed grade any unit has, in order."""
        return sorted({g for u in self.units.values() for g in u.grades})

    def tops(self) -> list[UnitResult]:
        """The AES mccp_top units (top_c<N>_s<W>)."""
        return [u for u in self.units.values() if u.is_top]


def path_record(raw: Mapping | None) -> CriticalPath | None:
    if not raw:
        return None
    return CriticalPath(delay_ns=float(raw.get("delay_ns", 0)), logic_ns=float(raw.get("logic_ns", 0)),
                        routing_ns=float(raw.get("routing_ns", 0)), logic_levels=raw.get("logic_levels"),
                        start=raw.get("from"), end=raw.get("to"), through=tuple(raw.get("through") or ()),
                        clock=raw.get("clock", ""))


def grade_record(raw: Mapping, where: str = "grade") -> GradeResult:
    return GradeResult(fmax_mhz=raw.get("fmax_mhz"), target_mhz=float(raw.get("target_mhz") or 0),
                       seed=raw.get("seed"), runtime_s=raw.get("runtime_s"),
                       utilization=dict(raw.get("utilization") or {}), critical_path=path_record(raw.get("critical_path")),
                       does_not_fit=dict(raw.get("does_not_fit") or {}),
                       did_not_route=dict(raw.get("did_not_route") or {}), seeds=dict(raw.get("seeds") or {}),
                       timed_from=dict(raw.get("timed_from") or {}), floorplan=dict(raw.get("floorplan") or {}),
                       nextpnr_options=tuple(raw.get("nextpnr_options") or ()), date=raw.get("date", ""))


def unit_record(name: str, raw: Mapping, where: str | None = None) -> UnitResult:
    """A unit's record from its JSON entry (tests build entries with the fields they need)."""
    where = where or f"unit {name}"
    rtl = raw.get("rtl") or {}
    return UnitResult(
        name=name, description=raw.get("description", ""), top=_need(raw, "top", where),
        parameters=dict(raw.get("parameters") or {}), figures=dict(raw.get("figures") or {}),
        wrapper=dict(raw.get("wrapper") or {}), cells=dict(raw.get("cells") or {}),
        rtl=RtlState(commit=rtl.get("commit", ""), dirty=bool(rtl.get("dirty")), tree=rtl.get("tree", ""),
                     files=dict(rtl.get("files") or {})),
        grades={int(g): grade_record(r, f"{where} grade {g}") for g, r in
                sorted(_need(raw, "grades", where).items(), key=lambda kv: int(kv[0]))},
        yosys_options=tuple(raw.get("yosys_options") or ()), yosys_runtime_s=float(raw.get("yosys_runtime_s") or 0),
        tools=dict(raw.get("tools") or {}), date=raw.get("date", ""), command=raw.get("command", ""))


def records(raw: Mapping, where: str = "results") -> SynthResults:
    return SynthResults(device=raw.get("device", "?"), package=raw.get("package", "?"),
                        nextpnr_device_option=raw.get("nextpnr_device_option", "--85k"),
                        command=raw.get("command", "make synth"), tools=dict(raw.get("tools") or {}),
                        units={n: unit_record(n, u, f"{where}: unit {n}") for n, u in (raw.get("units") or {}).items()})


def load(path: Path | None = None) -> SynthResults:
    """results/synth.json as records (empty if the file does not exist yet); parsed once per
    version of the file (the docs ask for it once per table cell)."""
    path = path or results_path()
    return _load_version(path, path.stat().st_mtime_ns if path.exists() else 0)


@lru_cache(maxsize=8)
def _load_version(path: Path, mtime_ns: int) -> SynthResults:
    return records(load_raw(path), str(path.name))


def rtl_tree(dirs: Iterable[str], commit: str = "HEAD") -> str:
    """Identity of the unit's RTL at `commit`: a short hash over the git tree ids of its rtl/
    directories.  Equal for two commits whose RTL of these directories is the same, so the
    reports can tell rows made from the same logic from rows that only share a unit name."""
    listing = subprocess.run(["git", "ls-tree", commit, "rtl/"], cwd=paths.ROOT,
                             capture_output=True, text=True, check=True).stdout
    ids = {line.split("\t")[1]: line.split()[2] for line in listing.splitlines()}
    named = " ".join(f"{d}={ids.get(f'rtl/{d}', '-')}" for d in sorted(dirs))
    return hashlib.sha1(named.encode()).hexdigest()[:12]


def rtl_state(dirs: Iterable[str], files: Iterable[Path] = ()) -> dict:
    """Commit of the checkout, whether the unit's RTL differs from it, its RTL identity
    (`rtl_tree`; only for a clean checkout, where the commit describes the logic), and the
    contents of the files the design is made of (`source_blobs`)."""
    dirs = list(dirs)
    rels = [f"rtl/{d}" for d in dirs]
    try:
        head = subprocess.run(["git", "rev-parse", "--short=12", "HEAD"], cwd=paths.ROOT,
                              capture_output=True, text=True, check=True).stdout.strip()
        status = subprocess.run(["git", "status", "--porcelain", "--", *rels], cwd=paths.ROOT,
                                capture_output=True, text=True, check=True).stdout.strip()
        tree = "" if status else rtl_tree(dirs)
        blobs = source_blobs(files)
    except (OSError, subprocess.CalledProcessError):
        return {}
    return {"commit": head, "dirty": bool(status), **({"tree": tree} if tree else {}),
            **({"files": blobs} if blobs else {})}


def source_blobs(files: Iterable[Path]) -> dict[str, str]:
    """Path (from the repository root) -> git blob id of the file's contents as they are now."""
    files = sorted(Path(f) for f in files)
    if not files:
        return {}
    ids = subprocess.run(["git", "hash-object", "--", *map(str, files)], cwd=paths.ROOT,
                         capture_output=True, text=True, check=True).stdout.split()
    return {str(f.resolve().relative_to(paths.ROOT.resolve())): i for f, i in zip(files, ids)}


def head_blobs(files: Iterable[str]) -> dict[str, str]:
    """Path -> git blob id at HEAD of these files (a file HEAD lacks is left out)."""
    files = sorted(files)
    if not files:
        return {}
    listing = subprocess.run(["git", "ls-tree", "HEAD", "--", *files], cwd=paths.ROOT,
                             capture_output=True, text=True, check=True).stdout
    return {line.split("\t")[1]: line.split()[2] for line in listing.splitlines()}


def rtl_id(entry: Mapping) -> str:
    """What identifies the logic a result (synth.json unit, breakdown entry) was made from:
    its RTL tree (`rtl_tree`), else its commit; results with local changes match nothing."""
    rtl = entry.get("rtl") or {}
    return RtlState(commit=rtl.get("commit", ""), dirty=bool(rtl.get("dirty")), tree=rtl.get("tree", "")).identity


def results_path() -> Path:
    return paths.RESULTS / "synth.json"


def load_raw(path: Path | None = None) -> dict:
    """The JSON as it is, for merging new runs into it."""
    path = path or results_path()
    if path.exists():
        return json.loads(path.read_text())
    return {}


def ordered_units(units: Mapping[str, dict]) -> dict[str, dict]:
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
