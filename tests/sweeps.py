"""Parameter sweeps of the RTL benches: which points `make test` runs and which only
`make test-long` runs (marked `long`).  The quick suite keeps, per bench, the points whose
behaviour differs (each simulator once, the largest and an odd size); the other points of a
sweep repeat those paths with other numbers."""

from __future__ import annotations

import pytest


def sweep(configs, ids, long=()) -> list:
    """One pytest.param per config (a tuple of the test's arguments) with its id; the ids in
    `long` run only in `make test-long`."""
    unknown = set(long) - set(ids)
    if unknown:
        raise ValueError(f"sweep: no such points {sorted(unknown)}")
    return [pytest.param(*c, id=i, marks=[pytest.mark.long] if i in long else []) for c, i in zip(configs, ids)]
