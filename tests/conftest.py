"""Make the shared test helpers (tests/refs.py, tests/core/*) importable."""

import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent
if str(TESTS) not in sys.path:
    sys.path.insert(0, str(TESTS))
