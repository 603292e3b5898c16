"""The core benchmark: every mode and key size on one programmable core (mccp.tb.bench_core on
the RTL; `mccp bench core`, results/bench_core.json)."""

from __future__ import annotations

from mccp import paths
from mccp.bench.run import run_bench


def bench_core() -> dict:
    return run_bench("mccp_core", "mccp.tb.bench_core", {}, paths.rtl_files("aes", "core"))


