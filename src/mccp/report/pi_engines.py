"""docs/arx.md's pi-Cipher tables: paper 004's Tables 1 (pi16) and 2 (pi64) reproduced, the
fixed-function engines of rtl/arx/mccp_pi_arx.sv (results/bench_pi.json for cycles,
results/synth.json for area and Fmax) beside the paper's Virtex-7 figures (mccp.ref.pi_paper),
and the ARX element ("our PPE") where results/bench_arx.json has its x * y entry.

Throughput per block as the paper's equation 1: 4 w input bits x Fmax (speed 8) / cycles per
block.  Area: an ECP5 slice holds two LUT4 (and two FF), so slices = LUT4 sites / 2, where the
LUT4 sites are the LUT4 cells plus two per CCU2C carry cell (an adder's bits sit in the carry
cells' LUTs, not in LUT4 cells), less the synthesis wrapper's own LUT4.
"""

from __future__ import annotations

import math

from mccp.bench.results import BenchArx, BenchPi
from mccp.bench.pi_engines import BUILDS, WIDTHS, build_name
from mccp.ref.pi_paper import DEVICE, TABLE_NUMBER, TABLES, PaperEngine, implied_cycles
from mccp.report.markdown import md_table
from mccp.report.synthesis import is_current
from mccp.synth.results import SynthResults, UnitResult
from mccp.synth.units import HEADLINE_GRADE

PPE_UNIT = "arx_pe"                 # the ARX element, our programmable counterpart of the PPE
PPE_ENTRY = "pi{w}_ast"             # its x * y entry in bench_arx.json's "element"


def lut4_sites(u: UnitResult) -> int:
    """The unit's LUT4 sites without the wrapper's: LUT4 cells + 2 per CCU2C."""
    f = u.figures
    return f.get("LUT4", 0) - u.wrapper.get("LUT4", 0) + 2 * f.get("CCU2C", 0)


def _f(x: float | None, digits: int = 2) -> str:
    return "—" if x is None else f"{x:,.{digits}f}"


HEAD = ["engine", "device", "cycles per ⊛", "Fmax speed 8 (MHz)", "speed 6", "Gbps per ⊛ block", "LUT4 sites",
        "of which in CCU2C", "FF", "slices", "Mbps per slice", "per slice / the PPE's"]


def _ours(name: str, cycles: float | None, w: int, unit: UnitResult | None,
          ppe_per_slice: float | None) -> tuple[list[str], float | None]:
    """One of our rows, and its Mbps per slice."""
    mhz = unit.fmax(HEADLINE_GRADE) if unit else None
    gbps = 4 * w * mhz / cycles / 1000 if cycles and mhz else None
    sites = lut4_sites(unit) if unit else None
    slices = math.ceil(sites / 2) if sites else None
    per_slice = gbps * 1000 / slices if gbps and slices else None
    if unit and not is_current(unit):
        name += " (stale)"
    return ([name, "ECP5 speed 8", f"{cycles:g}" if cycles else "—", _f(mhz, 1),
             _f(unit.fmax(6) if unit else None, 1), _f(gbps), f"{sites:,}" if sites else "—",
             f"{2 * unit.figures.get('CCU2C', 0):,}" if unit else "—",
             f"{unit.figures.get('FF', 0) - unit.wrapper.get('FF', 0):,}" if unit else "—",
             f"{slices:,}" if slices else "—", _f(per_slice),
             f"{per_slice / ppe_per_slice:.2f}" if per_slice and ppe_per_slice else "—"], per_slice)


def _paper(name: str, w: int, e: PaperEngine, ppe: PaperEngine) -> list[str]:
    cycles = str(e.cycles) if e.cycles else f"{implied_cycles(w, e):.2f} (eq. 1)"
    return [name, "Virtex-7", cycles, _f(e.mhz, 0), "—", _f(e.gbps), "—", "—", "—", str(e.slices),
            _f(e.mbps_per_slice), f"{e.mbps_per_slice / ppe.mbps_per_slice:.2f}"]


def table(w: int, pi: BenchPi | None, arx: BenchArx | None, synth: SynthResults | None) -> list[str]:
    """Paper 004's table for pi<w> (its rows where it has one) with ours beside them."""
    units = synth.units if synth else {}
    paper = TABLES.get(w)
    entry = arx["element"].get(PPE_ENTRY.format(w=w)) if arx else None
    ppe_row, ppe_per_slice = _ours(f"ARX element (ours, `{PPE_ENTRY.format(w=w)}`)",
                                   entry["per_block"] if entry else None, w, units.get(PPE_UNIT), None)
    if ppe_per_slice:
        ppe_row[-1] = "1.00"
    rows = ([_paper("PPE (paper)", w, paper["PPE"], paper["PPE"])] if paper else []) + [ppe_row]
    for lanes, width in WIDTHS.items():
        if paper:
            rows.append(_paper(f"{width} width (paper)", w, paper[width], paper["PPE"]))
        name = build_name(w, lanes)
        e = pi["engines"].get(name) if pi else None
        rows.append(_ours(f"{width} width (ours, `{name}`)", e["cycles_per_op"] if e else None, w,
                          units.get(name), ppe_per_slice)[0])
    return md_table(HEAD, rows)


def section(pi: BenchPi | None, arx: BenchArx | None, synth: SynthResults | None) -> str:
    if not pi and not (synth and any(build_name(w, l) in synth.units for w, l in BUILDS)):
        return "No results yet: `mccp bench pi`, `mccp synth --unit pi16_single ...`."
    out = [f"Paper 004's engines on a {DEVICE} (figures quoted in `mccp.ref.pi_paper`; the paper prints the "
           "cycles per block of its PPE only: for the engines the column gives what its equation 1 makes of "
           "the printed Gbps and MHz) beside ours: `rtl/arx/mccp_pi_arx.sv`, cycles measured on the RTL back to "
           "back (`mccp bench pi`, results/bench_pi.json, every result checked against `mccp.ref.pi_cipher`), "
           "area and Fmax from `mccp synth` (results/synth.json, LFE5U-85F; speed 6 timed on the speed-8 "
           "routing). Gbps per ⊛ block = 4 w bits x Fmax (speed 8) / cycles, the paper's equation 1. LUT4 "
           "sites: LUT4 cells + the two LUT4 of each CCU2C carry cell, less the synthesis wrapper's; slices = "
           "LUT4 sites / 2 (an ECP5 slice has two LUT4, a Virtex-7 slice four LUT6: slices compare within a "
           "device; across devices the last column does, throughput per slice over the same table's "
           "programmable element). The ARX element's row takes its cycles per ⊛ from a `pi16_ast` / "
           "`pi64_ast` entry of results/bench_arx.json (\"—\" without one) and its area from the `arx_pe` "
           "unit: the whole element, whose LUT RAM, block RAM and DSP the LUT4 sites leave out.", ""]
    for w in (16, 64, 32):
        title = (f"Table {TABLE_NUMBER[w]}: pi{w}-Cipher" if w in TABLE_NUMBER
                 else f"pi{w}-Cipher (no table in the paper)")
        out += [title, ""] + table(w, pi, arx, synth) + [""]
    return "\n".join(out).rstrip()
