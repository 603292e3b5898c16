"""Running one cocotb benchmark module, and writing a benchmark's results JSON."""

from __future__ import annotations

import datetime
import json
import tempfile
from pathlib import Path

from mccp import paths
from mccp.eda import sim
from mccp.eda.tools import tool_version


def run_bench(toplevel: str, module: str, parameters: dict, sources, env: dict | None = None,
              log_file: Path | None = None) -> dict:
    """Run one cocotb benchmark module and return the JSON it wrote."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "bench.json"
        sim.run(toplevel, module, sources=sources, parameters=parameters,
                extra_env={"MCCP_BENCH_OUT": str(out), **(env or {})}, log_file=log_file)
        return json.loads(out.read_text())


def stamp() -> dict:
    return {"date": datetime.date.today().isoformat(), "simulator": tool_version("verilator"),
            "command": "make bench"}


def write(name: str, data: dict) -> Path:
    paths.RESULTS.mkdir(exist_ok=True)
    path = paths.RESULTS / f"{name}.json"
    path.write_text(json.dumps({**stamp(), **data}, indent=2) + "\n")
    return path

