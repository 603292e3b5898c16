"""results/synth.json: reading, merging and writing it, and the identity of the RTL a result
was made from (git provenance)."""

from __future__ import annotations

import hashlib
import json
import subprocess
from pathlib import Path
from typing import Iterable, Mapping

from mccp import paths
from mccp.synth.units import UNITS


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


def results_path() -> Path:
    return paths.RESULTS / "synth.json"


def load_results(path: Path | None = None) -> dict:
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
