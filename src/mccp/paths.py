"""Where things live in the repository, so no module hard-codes a relative path."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RTL = ROOT / "rtl"
BUILD = ROOT / "build"
RESULTS = ROOT / "results"
DOCS = ROOT / "docs"
TESTS = ROOT / "tests"


def rtl_files(*subdirs: str) -> list[Path]:
    """The RTL files of the blocks under the given rtl/ subdirectories and of what they
    depend on, from their FuseSoC .core files (mccp.eda.filelist): packages before the
    modules that import them."""
    from mccp.eda.filelist import sources_in_dirs

    return sources_in_dirs(*(subdirs or ("prim", "aes")))
