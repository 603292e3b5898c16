"""The many-core tops' floorplan (mccp.synth.floorplan): clusters and the anchored netlist."""

from __future__ import annotations

import json
import re

import pytest

from mccp.synth import floorplan

SITE = re.compile(r"X(\d+)/Y(\d+)/EBR([0-3])$")


@pytest.mark.parametrize("cores", [1, 2, 4, 6, 8])
def test_clusters_are_disjoint_half_rows(cores):
    cl = floorplan.clusters(cores)
    assert len(cl) == cores
    every = [s for c in cl for s in c]
    assert len(every) == len(set(every)), "two cores share an EBR site"
    for c, sites in enumerate(cl):
        xy = [tuple(int(v) for v in SITE.match(s).groups()[:2]) for s in sites]
        assert len({y for _, y in xy}) == 1, f"core {c}'s cluster spans rows"
        assert len(sites) >= 24                     # a core has 24 block RAMs
        if c % 2:                                   # the right-hand core of a row
            left = [int(SITE.match(s).group(1)) for s in cl[c - 1]]
            assert min(x for x, _ in xy) > max(left)
            assert xy[0][1] == int(SITE.match(cl[c - 1][0]).group(2))
    rows = sorted({int(SITE.match(c[0]).group(2)) for c in cl})
    grid = floorplan.ECP5_85_EBR
    if cores == 4:                                  # two rows: the outer ones, space between
        assert rows == [min(grid.rows), max(grid.rows)]
    if cores == 8:                                  # every row of the die
        assert rows == sorted(grid.rows)
        assert len(every) == 8 * 26 == 4 * len(grid.row_sites(grid.rows[0]))


def test_the_grid_has_every_ebr_site_of_the_device():
    """208 block RAMs on the LFE5U-85F (its data sheet), all distinct sites."""
    grid = floorplan.ECP5_85_EBR
    sites = [s for y in grid.rows for s in grid.row_sites(y)]
    assert len(sites) == len(set(sites)) == 208


def test_too_many_cores_or_block_rams_is_an_error():
    with pytest.raises(floorplan.FloorplanError, match="room for 8 cores, not 9"):
        floorplan.clusters(9)
    with pytest.raises(floorplan.FloorplanError, match="27 block RAMs"):
        floorplan.outer(floorplan.clusters(2)[0], 27, right=False)


def _netlist(cores: int, per_core: int) -> dict:
    cells = {f"u_unit.g_core[{c}].u_core.u_ram.mem.0.{i}": {"type": "DP16KD", "attributes": {}}
             for c in range(cores) for i in range(per_core)}
    cells["u_unit.u_regs.mem.0.0"] = {"type": "DP16KD", "attributes": {}}      # not in a core
    cells["u_unit.g_core[0].u_core.x"] = {"type": "LUT4", "attributes": {}}
    return {"modules": {"top": {"cells": cells}}}


def _xy(site: str) -> tuple[int, int]:
    x, y, _ = SITE.match(site).groups()
    return int(x), int(y)


def test_anchor_pins_each_cores_block_rams_to_its_cluster(tmp_path):
    src, dst = tmp_path / "in.json", tmp_path / "out.json"
    src.write_text(json.dumps(_netlist(4, 20)))
    used, fabric = floorplan.anchor(src, dst, "top")
    cells = json.loads(dst.read_text())["modules"]["top"]["cells"]
    clusters = floorplan.clusters(4)
    for c in range(4):
        bels = [cells[f"u_unit.g_core[{c}].u_core.u_ram.mem.0.{i}"]["attributes"]["BEL"] for i in range(20)]
        assert sorted(bels) == sorted(used[c]) and len(set(bels)) == 20 and set(bels) <= set(clusters[c])
        # the outer end of the half-row: the 6 sites left free are the ones toward the centre
        xs = sorted(_xy(s)[0] for s in clusters[c])
        assert {_xy(s)[0] for s in bels} == set(xs[6:] if c % 2 else xs[:20])
    assert fabric == {"u_unit.u_regs.mem": [cells["u_unit.u_regs.mem.0.0"]["attributes"]["BEL"]]}
    assert "BEL" not in cells["u_unit.g_core[0].u_core.x"]["attributes"]
    assert floorplan.summary(used, fabric)["cores"]["3"].endswith("(20 sites)")
    assert floorplan.summary(used, fabric)["fabric"]["u_unit.u_regs.mem"].endswith("(1 sites)")
    src.write_text(json.dumps(_netlist(2, 27)))
    with pytest.raises(floorplan.FloorplanError):
        floorplan.anchor(src, dst, "top")


def _fabric_netlist(cores: int, per_core: int, mems: dict[str, int]) -> dict:
    net = _netlist(cores, per_core)
    cells = net["modules"]["top"]["cells"]
    del cells["u_unit.u_regs.mem.0.0"]
    for mem, n in mems.items():
        cells.update({f"u_unit.{mem}.mem.0.{i}": {"type": "DP16KD", "attributes": {}} for i in range(n)})
    return net


def test_the_fabrics_block_rams_sit_together_near_the_centre(tmp_path):
    """8 cores of 24 RAMs leave 4 sites at the centre of each row: the key store (8 RAMs) takes
    those of the two rows nearest the centre, the channel table (2) two neighbours, not one
    site at the top and one at the bottom of the die."""
    src, dst = tmp_path / "in.json", tmp_path / "out.json"
    src.write_text(json.dumps(_fabric_netlist(8, 24, {"u_key_store": 8, "u_chan_table": 2})))
    used, fabric = floorplan.anchor(src, dst, "top")
    cells = json.loads(dst.read_text())["modules"]["top"]["cells"]
    core_sites = {s for sites in used.values() for s in sites}
    for mem, n in (("u_key_store", 8), ("u_chan_table", 2)):
        sites = fabric[f"u_unit.{mem}.mem"]
        assert [cells[f"u_unit.{mem}.mem.0.{i}"]["attributes"]["BEL"] for i in range(n)] == sites
        assert not set(sites) & core_sites and all(58 <= _xy(s)[0] <= 64 for s in sites)
    # EBR rows at Y 22, 46, 70, 82: the two nearest the middle (Y 52) are 46 and 70
    assert {_xy(s)[1] for s in fabric["u_unit.u_key_store.mem"]} == {46, 70}
    assert len({_xy(s)[1] for s in fabric["u_unit.u_chan_table.mem"]}) == 1
    src.write_text(json.dumps(_fabric_netlist(8, 24, {"u_key_store": 17})))
    with pytest.raises(floorplan.FloorplanError, match="fabric has 17 block RAMs, the cores leave 16"):
        floorplan.anchor(src, dst, "top")


def test_a_floorplanned_unit_is_placed_from_its_anchored_netlist(tmp_path, monkeypatch):
    from mccp.synth import flow, run, units

    def fake_yosys(top, parameters, sources, out_dir, **kw):
        out_dir.mkdir(parents=True, exist_ok=True)
        net = out_dir / "design.json"
        net.write_text(json.dumps(_netlist(2, 20)))
        return {"cells": {}, "netlist": str(net), "netlist_sha1": run.file_sha1(net), "runtime_s": 0.0}
    monkeypatch.setattr(flow, "yosys_synth", fake_yosys)
    monkeypatch.setattr(flow, "wrapper_cost", lambda *a, **k: {})
    monkeypatch.setattr(flow, "used_sources", lambda *a, **k: [])
    monkeypatch.setitem(units.UNITS, "fp_test", units.Unit("top", {}, "test", floorplan=True))
    res = flow.synthesize_unit("fp_test", tmp_path)
    placed = json.loads((tmp_path / "fp_test" / "anchored.json").read_text())["modules"]["top"]["cells"]
    assert res["netlist"] == str(tmp_path / "fp_test" / "anchored.json")
    assert res["netlist_sha1"] != run.file_sha1(tmp_path / "fp_test" / "design.json")
    assert placed["u_unit.g_core[1].u_core.u_ram.mem.0.0"]["attributes"]["BEL"] in floorplan.clusters(2)[1]
    assert set(res["floorplan"]["cores"]) == {"0", "1"}
    assert set(res["floorplan"]["fabric"]) == {"u_unit.u_regs.mem"}
    assert units.UNITS["top_c8_s128"].floorplan and not units.UNITS["top_c1_s64"].floorplan
