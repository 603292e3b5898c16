"""docs/ugrid.md's generated block and figure: AES on the micro-core grid measured on the RTL
(results/bench_ugrid.json), beside paper 001's Table III and its I/O model
(mccp.ref.ugrid_paper)."""

from __future__ import annotations

from mccp.bench import ugrid as ugrid_bench
from mccp.bench.results import BenchUgrid
from mccp.ref import ugrid_paper
from mccp.report.markdown import md_table

PARTS = ("AddRoundKey", "ShiftRows", "SubBytes", "MixColumns", "I/O")
FIGURE = str(ugrid_bench.FIGURE)      # written by `mccp bench ugrid`


def _pick(b: BenchUgrid, topology: str, rows: int = 4, cols: int = 4, key_bits: int = 128) -> dict | None:
    return next((r for r in b["results"] if r["topology"] == topology and r["rows"] == rows and r["cols"] == cols
                 and r["key_bits"] == key_bits), None)


def section(b: BenchUgrid | None) -> str:
    if not b:
        return "No results yet: `mccp bench ugrid`."
    out = [f"Measured on the RTL (`mccp bench ugrid`, results/bench_ugrid.json, {b['date']}): AES compiled from "
           "the macro-instructions and run on the Verilator model of the bare grid through `mccp.ugrid.Grid`, "
           f"{b['runs']} runs per point, every ciphertext checked against `cryptography`.  Cycles of a run: its "
           "first plaintext input beat to its last ciphertext output beat, the round keys already in the grid "
           "(expanded on the host; loading them is the last column).  The paper's figures are its Simulink "
           "model's: 217 cycles with the block already in the cores, and M - 1 cycles each way for I/O on an "
           "M x N grid (M <= N).", ""]
    rows = []
    for r in sorted(b["results"], key=lambda r: (r["topology"] != "mesh", r["rows"] * r["cols"], r["rows"],
                                                  r["key_bits"])):
        paper = ugrid_paper.run_cycles(r["rows"], r["cols"]) if r["key_bits"] == 128 else None
        rows.append([f"{r['rows']} x {r['cols']}", r["topology"], f"AES-{r['key_bits']}", r["blocks_per_run"],
                     r["run_cycles"], f"{r['cycles_per_block']:.1f}",
                     f"{paper} / {paper / r['blocks_per_run']:.1f}" if paper else "—",
                     f"{r['input_cycles']} / {r['output_cycles']}", f"{100 * r['utilisation']:.0f} %",
                     r["control_words"], r["key_load_cycles"]])
    out += md_table(["grid", "links", "cipher", "blocks per run", "cycles per run", "cycles per block",
                     "paper: cycles per run / per block", "input / output cycles", "core-cycles busy",
                     "control words per core", "key load cycles"], rows)
    mesh, ring = _pick(b, "mesh"), _pick(b, "rings")
    if mesh and ring:
        out += ["", "Table III beside ours (AES-128, 4 x 4): the paper's cycles run every core in lock step, so "
                "each part's cycles add up; our schedule overlaps the parts, so for each part we give the "
                "core-cycles it takes divided by the 16 cores (what it would cost if it ran alone on every "
                "core at once), and the run's total below.  Our SubBytes counts the 2 x S and 3 x S look-ups that "
                "MixColumns uses, and our MixColumns the transfers and additions; the round key's reads and "
                "additions count as AddRoundKey.", ""]
        trows = []
        for part in PARTS:
            paper = ugrid_paper.TABLE_III.get(part)
            trows.append([part, f"{paper[1]} ({paper[0]} iterations)" if paper else "(block in the cores)",
                          f"{mesh['busy_by_part'].get(part, 0) / 16:.1f}", f"{ring['busy_by_part'].get(part, 0) / 16:.1f}"])
        trows.append(["**a run**", f"{ugrid_paper.AES128_CYCLES} + I/O {2 * ugrid_paper.io_cycles(4, 4)}",
                      str(mesh["run_cycles"]), str(ring["run_cycles"])])
        out += md_table(["part of AES-128", "paper (Table III)", "ours, mesh", "ours, rings"], trows)
    out += ["", f"![cycles per block, per core and utilisation against the grid]({FIGURE})"]
    return "\n".join(out)
