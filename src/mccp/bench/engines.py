"""The engine benchmark: the AES engine (both builds) and the GHASH unit (every digit size)
alone, back to back (`mccp bench engines`, results/bench_engines.json)."""

from __future__ import annotations

from pathlib import Path

from mccp.bench.run import run_bench
from mccp.eda.filelist import sources_in_dirs


GHASH_DIGITS = (1, 8, 12, 16, 32, 64, 128)


def bench_engines(blocks: int = 256, log_dir: Path | None = None) -> dict:
    aes_sources = sources_in_dirs("aes")
    result = {"aes": {}, "ghash": {}}

    def log(name: str) -> Path | None:
        return log_dir / f"{name}.log" if log_dir else None

    for name, dec in (("aes_enc", 0), ("aes_encdec", 1)):
        result["aes"][name] = run_bench("mccp_aes_engine", "mccp.tb.bench_aes", {"DecryptEnable": dec},
                                        aes_sources, {"MCCP_BENCH_DECRYPT": str(dec), "MCCP_BENCH_BLOCKS": str(blocks)},
                                        log(name))
    for d in GHASH_DIGITS:
        result["ghash"][str(d)] = run_bench("mccp_ghash", "mccp.tb.bench_ghash", {"DigitBits": d}, aes_sources,
                                            {"MCCP_BENCH_BLOCKS": str(blocks)}, log(f"ghash_d{d}"))
    return result

