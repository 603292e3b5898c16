"""Where things live in the repository, so no module hard-codes a relative path."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RTL = ROOT / "rtl"
BUILD = ROOT / "build"
RESULTS = ROOT / "results"
DOCS = ROOT / "docs"
TESTS = ROOT / "tests"


def rtl_files(*subdirs: str) -> list[Path]:
    """All SystemVerilog sources under the given rtl/ subdirectories, packages first.

    Packages must be compiled before the modules that import them, so `*_pkg.sv`
    files sort ahead of the rest; within each group the order is alphabetical.
    """
    files: list[Path] = []
    for sub in subdirs or ("common", "aes"):
        files.extend(sorted((RTL / sub).glob("*.sv")))
    return sorted(files, key=lambda p: (not p.name.endswith("_pkg.sv"), str(p)))
