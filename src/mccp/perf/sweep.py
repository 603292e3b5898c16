"""Parallel sweeps over processes with a progress bar (no extra dependency)."""

from __future__ import annotations

import multiprocessing as mp
import sys
import time


_last = [-1]


def progress(done: int, total: int, t0: float, label: str = "") -> None:
    """A one-line bar on stderr, redrawn at each whole percent."""
    pct = 100 * done // total if total else 100
    if pct == _last[0] and done != total:
        return
    _last[0] = pct
    width = 30
    k = int(width * done / total) if total else width
    el = time.monotonic() - t0
    eta = el / done * (total - done) if done else 0.0
    sys.stderr.write(f"\r  {label} [{'#' * k}{'.' * (width - k)}] {done}/{total} "
                     f"{el:5.0f} s elapsed, {eta:4.0f} s left ")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def run_parallel(fn, jobs: list, workers: int = 2, label: str = "") -> list:
    """fn(job) for every job (in order), over `workers` processes (1: in this process)."""
    t0 = time.monotonic()
    _last[0] = -1
    out = [None] * len(jobs)
    if workers <= 1:
        for i, j in enumerate(jobs):
            out[i] = fn(j)
            progress(i + 1, len(jobs), t0, label)
        return out
    ctx = mp.get_context("fork")
    with ctx.Pool(workers) as pool:
        for k, (i, r) in enumerate(pool.imap_unordered(_call, [(fn, i, j) for i, j in enumerate(jobs)], chunksize=2)):
            out[i] = r
            progress(k + 1, len(jobs), t0, label)
    return out


def _call(arg):
    fn, i, j = arg
    return i, fn(j)
