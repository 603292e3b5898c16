"""The ring oscillators survive synthesis: Yosys (synth_ecp5) keeps one LUT4 per stage of every
ring, each stage driving the next and the last the first (ABC, given a ring in one module,
folds it into a single LUT; mccp_prim_nand2 prevents that)."""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

import pytest

from mccp import paths
from mccp.eda.filelist import pick
from mccp.synth import yosys


@pytest.mark.parametrize("rings,stages", [(4, 3), (2, 5)])
def test_rings_keep_one_lut_per_stage(rings, stages):
    paths.BUILD.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="ring-", dir=paths.BUILD))
    try:
        sources = pick("prim_ecp5", "mccp_prim_nand2") + pick("entropy", "mccp_entropy_ring")
        res = yosys.yosys_synth("mccp_entropy_ring", {"NumRings": rings, "Stages": stages}, sources, work)
        assert res["cells"].get("LUT4") == rings * stages
        # each stage is a kept mccp_prim_nand2 (one LUT4 inside): its output feeds the a input
        # of exactly one other stage, and following them closes rings of `stages` stages
        netlist = json.loads(Path(res["netlist"]).read_text())["modules"]
        assert sum(c["type"] == "LUT4" for c in netlist["mccp_prim_nand2"]["cells"].values()) == 1
        top = netlist["mccp_entropy_ring"]["cells"].values()
        stage = [c["connections"] for c in top if c["type"] == "mccp_prim_nand2"]
        assert len(stage) == rings * stages
        driver = {c["y_o"][0]: i for i, c in enumerate(stage)}
        nxt = {}
        for i, c in enumerate(stage):
            assert c["a_i"][0] in driver, "a stage is not fed by another stage"
            assert driver[c["a_i"][0]] not in nxt, "a stage feeds two stages"
            nxt[driver[c["a_i"][0]]] = i
        luts = stage
        seen = set()
        for start in range(len(luts)):
            if start in seen:
                continue
            n, length = start, 0
            while True:
                seen.add(n)
                n, length = nxt[n], length + 1
                if n == start:
                    break
            assert length == stages
    finally:
        shutil.rmtree(work, ignore_errors=True)
