"""`mccp bench`: cycle-count benchmarks on the RTL, written to results/*.json.

Each benchmark is a cocotb module in this package run on Verilator through
mccp.sim; it measures simulated clocks and checks every result against an
independent reference before reporting it.  `mccp docs` turns the JSON into
docs/performance.md and the README table.
"""

from __future__ import annotations

import datetime
import json
import tempfile
from pathlib import Path

from mccp import paths, sim
from mccp.tools import tool_version

GHASH_DIGITS = (1, 8, 12, 16, 32, 64, 128)
BENCHES = ("engines", "core", "fabric", "ccm")


def run_bench(toplevel: str, module: str, parameters: dict, sources, env: dict | None = None,
              log_file: Path | None = None) -> dict:
    """Run one cocotb benchmark module and return the JSON it wrote."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "bench.json"
        sim.run(toplevel, module, sources=sources, parameters=parameters,
                extra_env={"MCCP_BENCH_OUT": str(out), **(env or {})}, log_file=log_file)
        return json.loads(out.read_text())


def bench_engines(blocks: int = 256, log_dir: Path | None = None) -> dict:
    aes_sources = paths.rtl_files("aes")
    result = {"aes": {}, "ghash": {}}

    def log(name: str) -> Path | None:
        return log_dir / f"{name}.log" if log_dir else None

    for name, dec in (("aes_enc", 0), ("aes_encdec", 1)):
        result["aes"][name] = run_bench("mccp_aes_engine", "mccp.bench.tb_aes", {"DecryptEnable": dec},
                                        aes_sources, {"MCCP_BENCH_DECRYPT": str(dec), "MCCP_BENCH_BLOCKS": str(blocks)},
                                        log(name))
    for d in GHASH_DIGITS:
        result["ghash"][str(d)] = run_bench("mccp_ghash", "mccp.bench.tb_ghash", {"DigitBits": d}, aes_sources,
                                            {"MCCP_BENCH_BLOCKS": str(blocks)}, log(f"ghash_d{d}"))
    return result


def _stamp() -> dict:
    return {"date": datetime.date.today().isoformat(), "simulator": tool_version("verilator"),
            "command": "make bench"}


def write(name: str, data: dict) -> Path:
    paths.RESULTS.mkdir(exist_ok=True)
    path = paths.RESULTS / f"{name}.json"
    path.write_text(json.dumps({**_stamp(), **data}, indent=2) + "\n")
    return path


def main(which: list[str] | None = None) -> int:
    from mccp import docs

    which = which or list(BENCHES)
    if "engines" in which:
        print("bench: AES engine and GHASH unit ...", flush=True)
        print(f"  wrote {write('bench_engines', bench_engines()).relative_to(paths.ROOT)}")
    if "core" in which:
        from mccp.bench import core

        print("bench: programmable core, every mode and key size ...", flush=True)
        print(f"  wrote {write('bench_core', core.bench_core()).relative_to(paths.ROOT)}")
    if "fabric" in which:
        from mccp.bench import fabric

        print("bench: multi-core processor through the device API ...", flush=True)
        print(f"  wrote {write('bench_fabric', fabric.bench_fabric()).relative_to(paths.ROOT)}")
    if "ccm" in which:
        from mccp.bench import ccm

        print("bench: CCM on one core and split over two ...", flush=True)
        print(f"  wrote {write('bench_ccm', ccm.bench_ccm()).relative_to(paths.ROOT)}")
    return docs.main()
