"""Where things live in the repository, so no module hard-codes a relative path."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RTL = ROOT / "rtl"
BUILD = ROOT / "build"
RESULTS = ROOT / "results"
DOCS = ROOT / "docs"
TESTS = ROOT / "tests"
