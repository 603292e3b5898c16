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
site taken).  A half-row has 26 sites; a core of the 8-core top needs 24 (20 for
a core with AES decryption, whose round keys live in distributed RAM).

Each core takes the outer end of its half-row, so the sites at the die's centre
column stay free for the fabric's own block RAMs (key store, channel table):
left unpinned, the placer put them wherever sites were left, at the die's
corners (top_c8_s128 at 28f52e9: a key store RAM at X120/Y82, its write address
coming from the register block near the centre, 4.4 ns of wire).  They are
pinned near the centre of the EBR grid, the biggest memory first, each to a
compact group of free sites (`compact_group`), so a memory's RAMs, which share
their address and data, stay together.  (Measured: no Fmax gain at 8 cores,
where the fabric's logic paths, not its RAMs, cross the die; docs/synthesis.md.)
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from pathlib import Path

# The core a cell of mccp_synth_top belongs to, from its hierarchical name.
_CORE = re.compile(r"\bg_core\[(\d+)\]\.")
# A block RAM cell's memory: its name without Yosys' ".<row>.<column>" tiling suffix.
_TILE = re.compile(r"\.\d+\.\d+$")
_SITE = re.compile(r"X(\d+)/Y(\d+)/EBR[0-3]$")


@dataclass(frozen=True)
class EbrGrid:
    rows: tuple[int, ...]      # Y of the EBR rows
    groups: tuple[int, ...]    # X of the first tile of each group of four EBRs (EBR0..3 every 2 columns)

    def row_sites(self, y: int) -> list[str]:
        return [f"X{x + 2 * z}/Y{y}/EBR{z}" for x in self.groups for z in range(4)]

    def sites(self) -> list[str]:
        return [s for y in self.rows for s in self.row_sites(y)]

    def centre(self) -> tuple[float, float]:
        xs = [_xy(s)[0] for s in self.row_sites(self.rows[0])]
        return (min(xs) + max(xs)) / 2, (min(self.rows) + max(self.rows)) / 2


def _xy(site: str) -> tuple[int, int]:
    x, y = _SITE.match(site).groups()
    return int(x), int(y)


def nearest(sites: list[str], point: tuple[float, float], n: int) -> list[str]:
    """The `n` sites nearest `point` (ties by name, so the choice is reproducible)."""
    return sorted(sites, key=lambda s: (math.dist(_xy(s), point), s))[:n]


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


def outer(sites: list[str], need: int, right: bool) -> list[str]:
    """The `need` sites at the die-edge end of a half-row cluster (its left end for a left
    half, its right end for a right half), leaving the sites at the centre column free."""
    if need > len(sites):
        raise FloorplanError(f"a core has {need} block RAMs, a cluster only {len(sites)} sites")
    return sites[len(sites) - need:] if right else sites[:need]


def block_rams(netlist: dict, top: str) -> tuple[dict[int, list[str]], dict[str, list[str]]]:
    """Block RAM cells (DP16KD) of a Yosys JSON netlist: those of each core, by core index,
    and those outside the cores, by memory (name without the tiling suffix)."""
    cores: dict[int, list[str]] = {}
    fabric: dict[str, list[str]] = {}
    for name, cell in netlist["modules"][top]["cells"].items():
        if cell["type"] != "DP16KD":
            continue
        m = _CORE.search(name)
        if m:
            cores.setdefault(int(m.group(1)), []).append(name)
        else:
            fabric.setdefault(_TILE.sub("", name), []).append(name)
    return ({c: sorted(names) for c, names in sorted(cores.items())},
            {m: sorted(names) for m, names in sorted(fabric.items())})


def compact_group(free: list[str], centre: tuple[float, float], n: int) -> list[str]:
    """`n` free sites for one memory.  Candidates: the n free sites nearest the centre, and
    for each free site the n nearest it.  The winner has the least sum of its farthest
    site's distance from the centre (the fabric's logic) and its spread (the memory's RAMs
    share their address and data)."""
    def cost(group: list[str]) -> tuple[float, list[str]]:
        xy = [_xy(s) for s in group]
        return (max(math.dist(p, centre) for p in xy) + max(math.dist(p, q) for p in xy for q in xy),
                sorted(group))
    candidates = [nearest(free, centre, n)] + [nearest(free, _xy(a), n) for a in free]
    return min(candidates, key=cost)


def anchor(netlist_in: Path, netlist_out: Path, top: str,
           grid: EbrGrid = ECP5_85_EBR) -> tuple[dict[int, list[str]], dict[str, list[str]]]:
    """Write `netlist_out`: `netlist_in` with each core's block RAMs pinned (BEL attribute) to
    the outer end of its cluster and each fabric memory's to a compact group of free sites
    near the centre.
    Returns the sites used, by core and by fabric memory."""
    netlist = json.loads(Path(netlist_in).read_text())
    per, mems = block_rams(netlist, top)
    if not per:
        raise FloorplanError(f"{top}: no block RAM inside a core (g_core[i]) to anchor")
    cells = netlist["modules"][top]["cells"]
    cores: dict[int, list[str]] = {}
    for i, (core, sites) in enumerate(zip(per, clusters(len(per), grid))):
        cores[core] = outer(sites, len(per[core]), right=i % 2 == 1)
    taken = {s for used in cores.values() for s in used}
    free = [s for s in grid.sites() if s not in taken]
    if sum(map(len, mems.values())) > len(free):
        raise FloorplanError(f"the fabric has {sum(map(len, mems.values()))} block RAMs,"
                             f" the cores leave {len(free)} sites")
    fabric: dict[str, list[str]] = {}
    for mem in sorted(mems, key=lambda m: (-len(mems[m]), m)):       # biggest memory first
        fabric[mem] = compact_group(free, grid.centre(), len(mems[mem]))
        free = [s for s in free if s not in fabric[mem]]
    for names, used in [(per[c], cores[c]) for c in cores] + [(mems[m], fabric[m]) for m in fabric]:
        for name, site in zip(names, used):
            cells[name].setdefault("attributes", {})["BEL"] = site
    Path(netlist_out).write_text(json.dumps(netlist))
    return cores, fabric


def _span(sites: list[str]) -> str:
    return f"{sites[0]} .. {sites[-1]} ({len(sites)} sites)"


def summary(cores: dict[int, list[str]], fabric: dict[str, list[str]]) -> dict:
    """What the results record of a floorplan: the block RAM sites of each core and of each
    fabric memory, first to last."""
    return {"kind": "block RAMs of each core pinned to one EBR cluster, the fabric's to the"
                    " free sites nearest the centre (mccp.synth.floorplan)",
            "cores": {str(c): _span(s) for c, s in cores.items()},
            "fabric": {m: _span(s) for m, s in fabric.items()}}
