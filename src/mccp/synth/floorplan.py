"""A floorplan for the many-core tops: each core's block RAMs pinned to one cluster of EBR sites.

Left to itself, nextpnr's analytic placer spreads every core of `mccp_top` over the
whole ECP5-85 and interleaves the cores (on the 4-core top each core's cells span
the full width of the die), so paths inside a core cross half the device.  The
yowasp build of nextpnr has no Python, so regions (`--pre-place`) are out of
reach; a `BEL` attribute on a cell in the netlist is not: the placer keeps such a
cell where it is told.  Each core has ~20 block RAMs (S-boxes, instruction
memory, input FIFO, output buffer) wired into most of its logic, so pinning them
to one compact cluster per core pulls the rest of the core around them.

Clusters: the EBR sites of one row of the die, split into a left and a right
half; cores take half-rows in order, the rows spread over the die (the fabric
keeps the space between).  The site names follow the ECP5-85's EBR tiles as
nextpnr names them in its routed designs: four rows of 13 groups of four, 208
sites, read from a probe (208 independent block RAMs placed by nextpnr, every
site taken).  A half-row has 26 sites, a core of the 8-core top needs 24.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

# The core a cell of mccp_synth_top belongs to, from its hierarchical name.
_CORE = re.compile(r"\bg_core\[(\d+)\]\.")


@dataclass(frozen=True)
class EbrGrid:
    rows: tuple[int, ...]      # Y of the EBR rows
    groups: tuple[int, ...]    # X of the first tile of each group of four EBRs (EBR0..3 every 2 columns)

    def row_sites(self, y: int) -> list[str]:
        return [f"X{x + 2 * z}/Y{y}/EBR{z}" for x in self.groups for z in range(4)]


# LFE5U-85F: EBR rows at Y 22, 46, 70 and 82, groups of four every 9 columns (one gap of
# 11 at the die's centre column).
ECP5_85_EBR = EbrGrid(rows=(22, 46, 70, 82),
                      groups=(4, 13, 22, 31, 40, 49, 58, 69, 78, 87, 96, 105, 114))


class FloorplanError(ValueError):
    """The design does not fit the floorplan (too many cores or block RAMs per core)."""


def clusters(cores: int, grid: EbrGrid = ECP5_85_EBR) -> list[list[str]]:
    """EBR sites per core: core 2r and 2r+1 take the left and right halves of the r-th row
    used; rows are spread over the die (one row: the one nearest the middle; two: the outer
    ones; more: the rows nearest to evenly spaced heights between the outer ones)."""
    nrows = (cores + 1) // 2
    if nrows > len(grid.rows):
        raise FloorplanError(f"a floorplan has room for {2 * len(grid.rows)} cores, not {cores}")
    lo, hi = min(grid.rows), max(grid.rows)
    targets = [(lo + hi) / 2] if nrows == 1 else [lo + i * (hi - lo) / (nrows - 1) for i in range(nrows)]
    free, rows = sorted(grid.rows), []
    for t in targets:
        rows.append(min(free, key=lambda y: abs(y - t)))
        free.remove(rows[-1])
    out = []
    for c in range(cores):
        sites = grid.row_sites(rows[c // 2])
        half = len(sites) // 2
        out.append(sites[:half] if c % 2 == 0 else sites[half:])
    return out


def central(sites: list[str], need: int) -> list[str]:
    """The `need` sites in the middle of a cluster (a core uses fewer than a half-row has)."""
    if need > len(sites):
        raise FloorplanError(f"a core has {need} block RAMs, a cluster only {len(sites)} sites")
    start = (len(sites) - need) // 2
    return sites[start:start + need]


def core_ebrs(netlist: dict, top: str) -> dict[int, list[str]]:
    """Block RAM cells (DP16KD) of each core in a Yosys JSON netlist, by core index."""
    per: dict[int, list[str]] = {}
    for name, cell in netlist["modules"][top]["cells"].items():
        m = _CORE.search(name)
        if cell["type"] == "DP16KD" and m:
            per.setdefault(int(m.group(1)), []).append(name)
    return {c: sorted(names) for c, names in sorted(per.items())}


def anchor_cores(netlist_in: Path, netlist_out: Path, top: str,
                 grid: EbrGrid = ECP5_85_EBR) -> dict[int, list[str]]:
    """Write `netlist_out`: `netlist_in` with each core's block RAMs pinned (BEL attribute) to
    its cluster.  Returns the sites used, by core."""
    netlist = json.loads(Path(netlist_in).read_text())
    per = core_ebrs(netlist, top)
    if not per:
        raise FloorplanError(f"{top}: no block RAM inside a core (g_core[i]) to anchor")
    cells = netlist["modules"][top]["cells"]
    used = {}
    for core, sites in zip(per, clusters(len(per), grid)):
        names = per[core]
        used[core] = central(sites, len(names))
        for name, site in zip(names, used[core]):
            cells[name].setdefault("attributes", {})["BEL"] = site
    Path(netlist_out).write_text(json.dumps(netlist))
    return used


def summary(used: dict[int, list[str]]) -> dict:
    """What the results record of a floorplan: each core's block RAM sites, first to last."""
    return {"kind": "block RAMs of each core pinned to one EBR cluster (mccp.synth.floorplan)",
            "cores": {str(c): f"{s[0]} .. {s[-1]} ({len(s)} sites)" for c, s in used.items()}}
