"""Generated files (RTL packages, register blocks, docs): each generator gives a map
path -> text; these compare it with the tree (`--check`, tests) or write what changed."""

from __future__ import annotations

import logging
import sys
from pathlib import Path
from typing import Mapping

from mccp import paths

logger = logging.getLogger(__name__)


def stale(outputs: Mapping[Path, str]) -> list[Path]:
    """The files that are missing or differ from what their generator makes."""
    return [p for p, text in outputs.items() if not p.exists() or p.read_text() != text]


def update(outputs: Mapping[Path, str], command: str, check: bool = False) -> int:
    """Write the stale files (0), or with `check` only name them (1 if any)."""
    bad = stale(outputs)
    for p in bad:
        if check:   # the answer of a check: on stderr, whether or not logging is set up
            print(f"stale: {p.relative_to(paths.ROOT)} (run `{command}`)", file=sys.stderr)
        else:
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(outputs[p])
            logger.info(f"wrote {p.relative_to(paths.ROOT)}")
    return 1 if check and bad else 0
