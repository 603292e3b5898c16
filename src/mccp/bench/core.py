"""The core benchmark: every mode and key size on one programmable core (mccp.tb.bench_core on
the RTL; `mccp bench core`, results/bench_core.json)."""

from __future__ import annotations

from mccp.bench.run import run_bench
from mccp.eda.filelist import sources_in_dirs


def bench_core() -> dict:
    return run_bench("mccp_core", "mccp.tb.bench_core", {}, sources_in_dirs("aes", "core"))


