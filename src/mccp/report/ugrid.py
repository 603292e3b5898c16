"""docs/ugrid.md's generated block and figure: AES on the micro-core grid measured on the RTL
(results/bench_ugrid.json), beside paper 001's Table III and its I/O model
(mccp.ref.ugrid_paper)."""

from __future__ import annotations

from mccp.bench import ugrid as ugrid_bench
from mccp.bench.results import BenchUgrid
from mccp.ref import ugrid_paper
from mccp.report.markdown import md_table
from mccp.synth.results import SynthResults

PARTS = ("AddRoundKey", "ShiftRows", "SubBytes", "MixColumns", "I/O")
FIGURE = str(ugrid_bench.FIGURE)      # written by `mccp bench ugrid`


def _pick(b: BenchUgrid, topology: str, rows: int = 4, cols: int = 4, key_bits: int = 128) -> dict | None:
    return next((r for r in b["results"] if r["topology"] == topology and r["rows"] == rows and r["cols"] == cols
                 and r["key_bits"] == key_bits), None)


# the synthesis units of the grid and, for scale, the programmable AES core (results/synth.json)
AREA_UNITS = ("ugrid_core", "ugrid_4x4", "ugrid_4x4_rings", "ugrid_8x8", "core")


def _area(b: BenchUgrid, synth: SynthResults) -> list[str]:
    """Area and Fmax of the grid's units beside the AES core, and AES-128 throughput per LUT4:
    the bare grids' cycles per block from the runs above, the AES core's from the device rows."""
    units = [synth.units[n] for n in AREA_UNITS if n in synth.units]
    if not units:
        return []
    dev = {(r["kind"], r["mode"], r["key_bits"]): r for r in b.get("device") or []}
    core = dev.get(("aes", "ecb", 128))

    def per_block(u) -> float | None:
        if u.name == "core":
            return core["cycles_per_block"] if core else None
        if u.name == "ugrid_core":
            return None
        r = _pick(b, "rings" if u.parameters.get("WrapRows") else "mesh", u.parameters.get("Rows", 4),
                  u.parameters.get("Cols", 4))
        return r["cycles_per_block"] if r else None

    rows = []
    for u in units:
        f, cpb = u.figures, per_block(u)
        fmax = u.fmax()
        lut = f.get("LUT4", 0)
        rows.append([f"`{u.name}`", u.description, lut, f.get("FF", 0), f.get("EBR", 0), f.get("DPR", 0),
                     f"{fmax:.1f}" if fmax else "not routed",
                     f"{cpb:.1f}" if cpb else "—",
                     f"{1e6 / (cpb * lut):.2f}" if cpb and lut else "—",
                     f"{128 * fmax / cpb / lut * 1000:.1f}" if cpb and lut and fmax else "—"])
    return ["", "Area on the ECP5-85 (`mccp synth`, results/synth.json; speed grade 8) and AES-128 throughput per "
            "LUT4.  Cycles per block: the bare grid's runs above (round keys loaded), the AES core's as a slot of "
            "the same device build (its ECB row).", "",
            *md_table(["unit", "what", "LUT4", "FF", "EBR", "DPR", "Fmax (MHz)", "cycles per block",
                       "blocks per Mcycle per LUT4", "kbit/s per LUT4 at Fmax"], rows)]


def section(b: BenchUgrid | None, synth: SynthResults | None = None) -> str:
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
    dev = b.get("device") or []
    if dev:
        out += ["", "The grid as a slot of `mccp_top` (`Device(cores=1, ugrids=1)`, a 4 x 4 grid of rings beside "
                "one AES core; the same build, the same packets): cycles per block of a "
                f"{dev[0]['blocks']}-block packet from the task's start to its output's last beat, and the cycles a "
                "new key adds to its first packet (the grid expands it into every core's memory itself; the AES "
                "core's key goes through the shared expander before the task starts).  Every result checked "
                "against `cryptography`.", ""]

        def get(kind: str, mode: str, bits: int) -> dict:
            return next(r for r in dev if (r["kind"], r["mode"], r["key_bits"]) == (kind, mode, bits))

        drows = []
        for bits in sorted({r["key_bits"] for r in dev}):
            g, a = get("ugrid", "ecb", bits), get("aes", "ecb", bits)
            drows.append([f"AES-{bits}", f"{g['cycles_per_block']:.1f}", f"{get('ugrid', 'ctr', bits)['cycles_per_block']:.1f}",
                          f"{a['cycles_per_block']:.1f}", f"{get('aes', 'ctr', bits)['cycles_per_block']:.1f}",
                          f"{g['cycles_per_block'] / a['cycles_per_block']:.1f}",
                          f"{g['key_expansion_cycles']} / {a['key_expansion_cycles']}"])
        out += md_table(["cipher", "grid ECB", "grid CTR", "AES core ECB", "AES core CTR",
                         "grid / core (ECB)", "new key: grid / core"], drows)
    if synth is not None:
        out += _area(b, synth)
    out += ["", f"![cycles per block, per core, utilisation and where the core-cycles go, against the grid]({FIGURE})"]
    return "\n".join(out)
