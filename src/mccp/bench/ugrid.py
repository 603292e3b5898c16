"""AES on the micro-core grid (`mccp bench ugrid`, results/bench_ugrid.json): paper 001's
Table III and Figures 10-13 measured on the RTL.

For each grid (4 x 4 tiles, one block each) and topology (the paper's mesh, MCCP's rings), AES
is compiled (mccp.ugrid.aes) and run on the Verilator model of the bare grid through
`mccp.ugrid.Grid`: every ciphertext checked against `cryptography`, the cycles of a run (first
input beat to last output beat) read from the RTL.  From the compiled program: the core-cycles
each part of AES takes (Table III's rows; our schedule overlaps them, so per-core averages
stand beside the paper's lock-step counts), the cycles to the last input and from the first
output (the I/O), and the share of core-cycles that work (Fig. 13).
"""

from __future__ import annotations

import logging
import random
from pathlib import Path

from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from mccp.device.api import Device
from mccp.ref import ugrid_paper
from mccp.ugrid import Grid, aes

logger = logging.getLogger(__name__)

GRIDS = ((4, 4), (4, 8), (8, 4), (4, 16), (8, 8), (16, 16))
KEY_SIZES = (16, 24, 32)
RUNS = 3


def _measure(rows: int, cols: int, wrap: bool, key_bytes: int, rng: random.Random) -> dict:
    ap = aes.encrypt_program(key_bytes, wrap, rows, cols)
    prog = ap.program
    key = rng.randbytes(key_bytes)
    data = rng.randbytes(16 * ap.blocks * RUNS)
    with Grid(rows, cols, wrap=wrap) as grid:
        ct, cycles = grid.aes_encrypt(key, data)
        key_load = grid.key_load.load_cycles
    if ct != Cipher(algorithms.AES(key), modes.ECB()).encryptor().update(data):
        raise RuntimeError(f"AES-{8 * key_bytes} on the {rows} x {cols} grid: wrong ciphertext")
    _, input_cycles, output_cycles = prog.io_cycles()
    run_cycles = cycles // RUNS
    return {"rows": rows, "cols": cols, "topology": "rings" if wrap else "mesh", "key_bits": 8 * key_bytes,
            "blocks_per_run": ap.blocks, "run_cycles": run_cycles, "cycles_per_block": run_cycles / ap.blocks,
            "input_cycles": input_cycles, "output_cycles": output_cycles,
            "utilisation": prog.utilisation(), "busy_by_part": prog.busy_by_tag(),
            "control_words": prog.length, "key_load_cycles": key_load}


SLOT_BLOCKS = 64


def _slot(rng: random.Random) -> list[dict]:
    """The grid as a slot of mccp_top (a 4 x 4 grid of rings beside one AES core): cycles per
    block of a long ECB and CTR packet from the task's start to its output's last beat, and
    the cycles a new key adds to its first packet (entry to exit); the AES core's for scale."""
    out = []
    with Device(cores=1, ugrids=1) as dev:
        for key_bytes in KEY_SIZES:
            for kind in ("ugrid", "aes"):
                for mode in ("ecb", "ctr"):
                    key = rng.randbytes(key_bytes)       # new to every cache
                    dev.load_key(0, key)
                    ch = dev.open_channel(mode, 0, kind=kind)
                    nonce = rng.randbytes(16) if mode == "ctr" else b""

                    def run(data: bytes):
                        dev.submit(ch, "encrypt", data, nonce=nonce)
                        (r,) = dev.drain()
                        enc = Cipher(algorithms.AES(key), modes.CTR(nonce) if nonce else modes.ECB()).encryptor()
                        if not r.ok or r.data != enc.update(data):
                            raise RuntimeError(f"{kind} {mode} AES-{8 * key_bytes} in the device: wrong result")
                        return r

                    first, again = run(bytes(16)), run(bytes(16))
                    long = run(rng.randbytes(16 * SLOT_BLOCKS))
                    out.append({"kind": kind, "mode": mode, "key_bits": 8 * key_bytes, "blocks": SLOT_BLOCKS,
                                "cycles_per_block": (long.exit_cycle - long.start_cycle) / SLOT_BLOCKS,
                                "key_expansion_cycles": first.latency - again.latency})
                    ch.close()
    return out


def bench_ugrid() -> dict:
    rng = random.Random(1)
    rows_out = []
    for wrap in (False, True):
        for key_bytes in KEY_SIZES:
            logger.info(f"  4 x 4 {'rings' if wrap else 'mesh'}, AES-{8 * key_bytes}")
            rows_out.append(_measure(4, 4, wrap, key_bytes, rng))
        for rows, cols in GRIDS[1:]:
            logger.info(f"  {rows} x {cols} {'rings' if wrap else 'mesh'}, AES-128")
            rows_out.append(_measure(rows, cols, wrap, 16, rng))
    logger.info("  the grid as a slot of mccp_top")
    return {"runs": RUNS, "results": rows_out, "device": _slot(rng)}


FIGURE = Path("img/ugrid_grids.png")      # under docs/, shown by docs/ugrid.md


def plot(b: dict, path: Path) -> None:
    """Figures 10-13 of the paper in one: blocks per 1,000 cycles against the grid (10), per
    core (11), flat against square at 64 cores (12, the 4 x 16 and 8 x 8 points), the share of
    busy core-cycles (13), ours on the mesh and on rings, the paper's model beside; and where a
    run's core-cycles go (compute, I/O, idle) on rings."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 4, figsize=(17, 4))
    def pick(topology: str, m: int, n: int) -> dict:
        return next(r for r in b["results"] if r["topology"] == topology and (r["rows"], r["cols"]) == (m, n)
                    and r["key_bits"] == 128)

    pts = [r for r in b["results"] if r["key_bits"] == 128]
    grids = sorted({(r["rows"], r["cols"]) for r in pts}, key=lambda g: (g[0] * g[1], g[0]))
    labels = [f"{m}x{n}" for m, n in grids]
    for topology, marker in (("mesh", "s"), ("rings", "o")):
        got = [pick(topology, m, n) for m, n in grids]
        thr = [1000 * r["blocks_per_run"] / r["run_cycles"] for r in got]
        axes[0].plot(labels, thr, marker=marker, label=f"ours, {topology}")
        axes[1].plot(labels, [t / (m * n) for t, (m, n) in zip(thr, grids)], marker=marker, label=f"ours, {topology}")
        axes[2].plot(labels, [100 * r["utilisation"] for r in got], marker=marker, label=f"ours, {topology}")
    paper = [1000 * (m * n // 16) / ugrid_paper.run_cycles(m, n) for m, n in grids]
    axes[0].plot(labels, paper, marker="^", linestyle="--", label="paper's model")
    axes[1].plot(labels, [p / (m * n) for p, (m, n) in zip(paper, grids)], marker="^", linestyle="--",
                 label="paper's model")
    axes[2].plot(labels, [100 * ugrid_paper.utilisation(m, n) for m, n in grids],
                 marker="^", linestyle="--", label="paper's count (section 8)")
    # Fig. 13's breakdown: where the core-cycles of a run go (rings), compute, I/O, idle
    got = [pick("rings", m, n) for m, n in grids]
    total = [r["rows"] * r["cols"] * r["run_cycles"] for r in got]
    io = [100 * r["busy_by_part"].get("I/O", 0) / t for r, t in zip(got, total)]
    work = [100 * sum(v for k, v in r["busy_by_part"].items() if k != "I/O") / t for r, t in zip(got, total)]
    idle = [100 - w - i for w, i in zip(work, io)]
    axes[3].bar(labels, work, label="compute")
    axes[3].bar(labels, io, bottom=work, label="I/O")
    axes[3].bar(labels, idle, bottom=[w + i for w, i in zip(work, io)], label="idle")
    axes[3].legend(fontsize=8)
    titles = ("AES-128 blocks per 1,000 cycles", "per core", "busy core-cycles (%)",
              "core-cycles of a run, rings (%)")
    for ax, title in zip(axes, titles):
        ax.set_title(title)
        ax.set_xlabel("grid (rows x columns)")
        ax.grid(True, alpha=0.3)
        ax.tick_params(axis="x", rotation=45)
    axes[0].set_yscale("log")
    axes[2].legend(fontsize=8)
    axes[0].legend(fontsize=8)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=80)
    plt.close(fig)
