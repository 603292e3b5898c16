"""Fast checks of the synthesis flow (`mccp synth`) and its generated docs.

No run on the 85k part here (minutes per unit): the parsers are checked on the
real output of Yosys and nextpnr-ecp5 for a tiny design on the 25k part, and
the committed results/synth.json against docs/synthesis.md and the README.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from pathlib import Path

import pytest

from mccp import cli, paths
from mccp.report import synthesis as report
from mccp.report.markdown import replace_between
from mccp.synth import flow, nextpnr, results, run, units, yosys

def _unit(raw: dict, name: str = "u"):
    """A unit record from a hand-written JSON entry (a top unless it says otherwise)."""
    return results.unit_record(name, {"top": "mccp_synth_top", **raw})


def _results(units: dict):
    return results.records({"units": {n: {"top": "mccp_synth_top", **u} for n, u in units.items()}})


TINY = """\
module tiny_top (
  input  logic        clk_i,
  input  logic [8:0]  a_i,
  input  logic [8:0]  b_i,
  input  logic        we_i,
  output logic [17:0] prod_o,
  output logic [17:0] rd_o,
  output logic [7:0]  cnt_o
);
  logic [7:0]  cnt_q;
  logic [8:0]  a_q, b_q;
  logic [17:0] prod_q, rd_q;
  logic [17:0] mem_q [512];

  always_ff @(posedge clk_i) begin
    cnt_q  <= cnt_q + 8'd1;
    a_q    <= a_i;
    b_q    <= b_i;
    prod_q <= a_q * b_q;
    if (we_i) mem_q[{1'b0, cnt_q}] <= prod_q;
    rd_q   <= mem_q[a_q];
  end

  assign prod_o = prod_q;
  assign rd_o   = rd_q;
  assign cnt_o  = cnt_q;
endmodule
"""

DEVICE_25K = units.Device(name="LFE5U-25F", option="--25k", package="CABGA381")


@pytest.fixture(scope="module")
def tiny_run():
    """Yosys + nextpnr-ecp5 (25k, speed 6) on a counter, a multiplier and a block RAM."""
    # Inside the repository so the RTL lines in the critical path resolve, and not
    # under /tmp, which the YoWASP tools cannot see.
    paths.BUILD.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="synth-selftest-", dir=paths.BUILD))
    try:
        src = work / "tiny_top.sv"
        src.write_text(TINY)
        syn = yosys.yosys_synth("tiny_top", {}, [src], work / "yosys")
        pnr = nextpnr.nextpnr(Path(syn["netlist"]), work / "pnr", grade=6, target_mhz=300.0,
                           device=DEVICE_25K)
        yield src, syn, pnr
    finally:
        shutil.rmtree(work, ignore_errors=True)


def test_yosys_cells_of_tiny_design(tiny_run):
    _, syn, _ = tiny_run
    fig = units.figures(syn["cells"])
    # At least the counter and the product; at most a few times all registers of the design
    # (the RAM's read-during-write bypass adds some).
    assert 8 + 18 <= fig["FF"] <= 4 * (8 + 9 + 9 + 18 + 18)
    assert fig["EBR"] == 1, syn["cells"]
    assert fig["DSP"] == 1, syn["cells"]
    assert fig["LUT4"] + fig["CCU2C"] > 0
    assert all(not t.startswith("$") for t in syn["cells"])


def test_nextpnr_report_of_tiny_design(tiny_run):
    src, syn, pnr = tiny_run
    assert set(pnr["clocks"]) == {"clk_i"}
    assert 20.0 < pnr["fmax_mhz"] < 600.0
    assert pnr["clocks"]["clk_i"]["target_mhz"] == 300.0
    # nextpnr places exactly what Yosys produced.
    assert pnr["utilization"]["TRELLIS_FF"] == syn["cells"]["TRELLIS_FF"]
    assert pnr["utilization"]["DP16KD"] == 1
    assert pnr["utilization"]["MULT18X18D"] == 1
    cp = pnr["critical_path"]
    assert cp["clock"] == "clk_i"
    # The critical path's delay is the clock period at Fmax.
    assert cp["delay_ns"] == pytest.approx(1000.0 / pnr["fmax_mhz"], rel=0.02)
    assert cp["logic_ns"] + cp["routing_ns"] <= cp["delay_ns"] + 1e-6
    rel = str(src.relative_to(paths.ROOT))
    for end in (cp["from"], cp["to"]):
        if end:  # a register of the design, or the EBR/DSP cell it ends in
            assert end.startswith(rel + ":")


def test_retime_reads_the_routing_and_applies_the_other_grade(tiny_run):
    """--retime: the routed design of one grade, timed again: the same grade gives the same
    Fmax (nothing placed or routed anew), a slower grade a lower one, and a netlist that is
    not placed and routed is refused (nextpnr fails on it) rather than timed."""
    _, syn, _ = tiny_run
    work = Path(syn["netlist"]).parent.parent
    placed = nextpnr.nextpnr(Path(syn["netlist"]), work / "pnr8", grade=8, target_mhz=300.0,
                          device=DEVICE_25K, write_routed=True)
    routed = Path(placed["routed"])
    assert routed.exists()
    same = nextpnr.retime(routed, Path(syn["netlist"]), work / "rt8", 8, 300.0, device=DEVICE_25K)
    slow = nextpnr.retime(routed, Path(syn["netlist"]), work / "rt6", 6, 300.0, device=DEVICE_25K)
    assert same["fmax_mhz"] == pytest.approx(placed["fmax_mhz"], rel=1e-6)
    assert same["utilization"] == placed["utilization"]
    assert slow["fmax_mhz"] < placed["fmax_mhz"]
    with pytest.raises(run.ToolError):
        nextpnr.retime(Path(syn["netlist"]), Path(syn["netlist"]), work / "rt_raw", 6, 300.0, device=DEVICE_25K)


def test_extra_nextpnr_options_reach_nextpnr_and_the_record(tiny_run, capsys):
    """--pnr-option: one token per option, value after '=' (nextpnr's option parser takes
    that form); the router named is the one that runs, and the command line keeps it."""
    _, syn, _ = tiny_run
    work = Path(syn["netlist"]).parent.parent
    res = nextpnr.nextpnr(Path(syn["netlist"]), work / "pnr_r2", grade=6, target_mhz=300.0,
                       device=DEVICE_25K, options=["--router=router2"])
    assert res["options"] == ["--router=router2"]
    assert res["fmax_mhz"] > 20.0
    log = (work / "pnr_r2" / "nextpnr.log").read_text()
    assert "Running router2" in log   # (router1 then only checks its routing)
    cmd = flow.command_line(["top_c8_s128"], [8], 1, pnr_options=["--router=router2"])
    assert cmd.endswith("--pnr-option=--router=router2")
    assert _synth_exit(["--unit", "aes_enc", "--speed", "8", "--pnr-option=router2"]) == 2
    assert "one nextpnr option with its value" in capsys.readouterr().err


def _synth_exit(argv: list[str]) -> int:
    """Exit status of `mccp synth ARGV` when the command line refuses it (before any tool runs)."""
    with pytest.raises(SystemExit) as exc:
        cli.main(["synth", *argv])
    return exc.value.code


def test_main_rejects_a_grade_both_placed_and_retimed(capsys):
    assert _synth_exit(["--unit", "aes_enc", "--speed", "6", "--speed", "8", "--retime", "6"]) == 2
    assert "choose one" in capsys.readouterr().err


def test_parse_nextpnr_report_synthetic():
    step = lambda kind, cell_from, cell_to, d: {  # noqa: E731
        "type": kind, "delay": d, "from": {"cell": cell_from, "port": "Q"},
        "to": {"cell": cell_to, "port": "D"}}
    rep = {
        "fmax": {"$glbnet$clk_i$TRELLIS_IO_IN": {"achieved": 123.456, "constraint": 150}},
        "utilization": {"TRELLIS_COMB": {"used": 10, "available": 100},
                        "DP16KD": {"used": 0, "available": 208}},
        "critical_paths": [
            {"from": "<async>", "to": "posedge $glbnet$clk_i$TRELLIS_IO_IN",
             "path": [step("routing", "a", "b", 9.0)]},
            {"from": "posedge $glbnet$clk_i$TRELLIS_IO_IN", "to": "posedge $glbnet$clk_i$TRELLIS_IO_IN",
             "path": [step("clk-to-q", "ff0", "ff0", 0.5), step("routing", "ff0", "lut", 1.0),
                      step("logic", "lut", "lut", 0.25), step("routing", "lut", "ff1", 2.0),
                      step("setup", "ff1", "ff1", 0.1)]},
        ],
    }
    out = nextpnr.parse_nextpnr_report(rep)
    assert out["fmax_mhz"] == 123.46
    assert out["clocks"] == {"clk_i": {"fmax_mhz": 123.46, "target_mhz": 150.0}}
    assert out["utilization"] == {"TRELLIS_COMB": 10}
    cp = out["critical_path"]
    assert cp["delay_ns"] == pytest.approx(3.85)
    assert cp["logic_levels"] == 1
    assert cp["logic_ns"] == pytest.approx(0.25) and cp["routing_ns"] == pytest.approx(3.0)


def test_parse_yosys_stat_and_figures():
    stat = {"design": {"num_cells_by_type": {
        "$scopeinfo": 3, "LUT4": 100, "TRELLIS_FF": 50, "CCU2C": 4, "DP16KD": 2,
        "MULT18X18D": 1, "TRELLIS_DPR16X4": 3, "PFUMX": 7, "$paramod\\x": 1,
        "mccp_aes_sbox": 17}}}
    cells = yosys.parse_yosys_stat(stat)
    assert cells == {"CCU2C": 4, "DP16KD": 2, "LUT4": 100, "MULT18X18D": 1, "PFUMX": 7,
                     "TRELLIS_DPR16X4": 3, "TRELLIS_FF": 50}
    assert units.figures(cells) == {"LUT4": 100, "FF": 50, "EBR": 2, "DSP": 1, "DPR": 3, "CCU2C": 4}


def test_yosys_script_paths_and_parameters(tmp_path):
    a, b = tmp_path / "rtl" / "x_pkg.sv", tmp_path / "rtl" / "x.sv"
    script = yosys.yosys_script("top_w", {"DigitBits": 8}, [a, b], tmp_path / "out",
                               netlist="n.json", stat="s.json", interface_only=[b])
    lines = script.splitlines()
    assert lines[0] == "read_verilog -sv -I../rtl ../rtl/x_pkg.sv"
    assert lines[1] == "read_verilog -sv -lib -I../rtl ../rtl/x.sv"
    assert "chparam -set DigitBits 8 top_w" in lines
    assert "synth_ecp5 -top top_w -json n.json" in lines
    assert lines[-1] == "tee -q -o s.json stat -json"
    assert "/" + str(tmp_path).lstrip("/") not in script  # no absolute paths (YoWASP and /tmp)


def test_tool_failure_shows_log_tail(tmp_path):
    bad = paths.BUILD / "synth-selftest-bad.sv"
    paths.BUILD.mkdir(parents=True, exist_ok=True)
    bad.write_text("module broken(input logic a_i); assign nope = ; endmodule\n")
    try:
        with pytest.raises(run.ToolError) as err:
            yosys.yosys_synth("broken", {}, [bad], paths.BUILD / "synth-selftest-bad")
    finally:
        bad.unlink()
        shutil.rmtree(paths.BUILD / "synth-selftest-bad", ignore_errors=True)
    msg = str(err.value)
    assert "yosys synth_ecp5 -top broken failed" in msg
    assert "ERROR" in msg and "synth-selftest-bad.sv" in msg


def test_utilization_of_a_design_that_does_not_fit():
    # nextpnr-ecp5's log of a design larger than the part (top_c8_s128 on the 85k part, abridged)
    log = """Info: Device utilisation:
Info: \t          TRELLIS_IO:       4/    365     1%
Info: \t              DP16KD:     160/    208    76%
Info: \t          TRELLIS_FF:   26692/  83640    31%
Info: \t        TRELLIS_COMB:   90140/  83640   107%
Info: \t        TRELLIS_RAMW:    1568/  10455    14%

ERROR: Unable to find legal placement for all cells, design is probably at utilisation limit.
"""
    util = nextpnr.log_utilization(log)
    assert util["TRELLIS_COMB"] == [90140, 83640] and util["DP16KD"] == [160, 208]
    assert nextpnr.overfull(util) == {"TRELLIS_COMB": [90140, 83640]}
    unit = {"grades": {"8": {"fmax_mhz": None, "does_not_fit": nextpnr.overfull(util)}}}
    assert report.fmax_cell(_unit(unit), 8) == "does not fit: TRELLIS_COMB 90,140 of 83,640"


def test_run_stopped_at_its_time_limit(tiny_run):
    # nextpnr on the tiny design, stopped long before it can finish: recorded as not routed
    _, syn, _ = tiny_run
    out = Path(syn["netlist"]).parent.parent / "pnr-limited"
    res = nextpnr.nextpnr(Path(syn["netlist"]), out, grade=6, target_mhz=300.0, device=DEVICE_25K,
                       time_limit_s=0.05)
    assert res["fmax_mhz"] is None and res["critical_path"] == {}
    assert res["did_not_route"] == {"limit_s": 0.05, "stage": "placement"}
    assert not (out / "report.json").exists()
    cell = report.fmax_cell(_unit({"grades": {"6": res}}), 6)
    assert cell.startswith("did not route in ") and "placement" in cell


def test_router_progress_of_unfinished_runs():
    # router1 (top_c6_s32 on the 85k part, abridged) stopped at the limit
    log1 = """Info: Device utilisation:
Info: \t        TRELLIS_COMB:   70629/  83640    84%
Info: Routing globals...
Info: Routing..
Info: Routing 326703 arcs.
Info:            |   (re-)routed arcs  |   delta    | remaining|       time spent     |
Info:    IterCnt |  w/ripup   wo/ripup |  w/r  wo/r |      arcs| batch(sec) total(sec)|
Info:       1000 |      159        840 |  159   840 |    326038|       4.88       4.88|
Info:     476000 |    58389     417610 |  128   872 |    258945|       8.20     922.43|
"""
    prog = nextpnr.router_progress(log1)
    assert prog == {"stage": "routing", "router": "router1", "arcs": 326703, "iterations": 476000,
                    "arcs_left": 258945, "route_s": 922.43}
    assert nextpnr.log_utilization(log1)["TRELLIS_COMB"] == [70629, 83640]
    assert nextpnr.describe_unrouted({"limit_s": 1800.0, **prog}) == (
        "did not route in 30 min (router1: 258,945 of 326,703 arcs unrouted after 15 min of routing)")
    # router2
    log2 = """Info: Routing globals...
Info: Running router2...
Info:     iter=1 wires=1306103 overused=125959 overuse=154863 archfail=NA
Info:     iter=4 wires=1429611 overused=72024 overuse=76018 archfail=NA
"""
    prog2 = nextpnr.router_progress(log2)
    assert prog2 == {"stage": "routing", "router": "router2", "iterations": 4, "wires": 1429611,
                     "overused_wires": 72024}
    assert "72,024 overused wires after 4 iterations" in nextpnr.describe_unrouted({"limit_s": 60, **prog2})
    assert nextpnr.router_progress("Info: Running main analytical placer\n") == {"stage": "placement"}
    # router1 finished, then the limit stopped nextpnr while it wrote its outputs (top_c8_s128,
    # abridged): the post-placement estimate before routing is not the figure
    log3 = log1.replace("Info: Routing..", "Info: Max frequency for clock 'clk': 65.30 MHz (FAIL at 130.00 MHz)\n"
                        "Info: Routing..") + """Info:    1577011 |   571230     996012 |    17    88 |         0|       2.10    7216.41|
Info: Routing complete.
Info: Router1 time 7216.48s
Warning: Max frequency for clock '$glbnet$clk_i$TRELLIS_IO_IN': 92.46 MHz (FAIL at 130.00 MHz)
"""
    prog3 = nextpnr.router_progress(log3)
    assert prog3["route_complete"] and prog3["stage"] == "writing" and prog3["arcs_left"] == 0
    assert prog3["log_fmax_mhz"] == 92.46
    assert "its log's timing summary: 92.46 MHz" in nextpnr.describe_unrouted({"limit_s": 7800, **prog3})
    assert "route_complete" not in prog and "route_complete" not in prog2
    top = {"grades": {"8": {"fmax_mhz": None, "did_not_route": {"limit_s": 60, **prog2}}}}
    assert report._top_path(_unit(top)) == "— (did not route)"


def test_run_tool_stops_at_the_time_limit(tmp_path):
    import sys
    with pytest.raises(run.ToolTimeout) as err:
        run.run_tool([sys.executable, "-c", "import time; time.sleep(30)"], tmp_path,
                      tmp_path / "none.log", "sleeper", time_limit_s=0.5)
    assert err.value.limit_s == 0.5 and "sleeper" in str(err.value)


def test_nextpnr_records_a_design_that_does_not_fit(tmp_path, monkeypatch):
    # nextpnr stopping on an overfull device (its log as in the test above) is a result
    def overfull_run(cmd, cwd, log, what, time_limit_s=None):
        log.write_text("Info: Device utilisation:\n"
                       "Info: \t        TRELLIS_COMB:   90140/  83640   107%\n"
                       "Info: \t              DP16KD:     160/    208    76%\n"
                       "ERROR: Unable to find legal placement for all cells\n")
        raise run.ToolError(f"{what} failed")
    monkeypatch.setattr(nextpnr, "run_tool", overfull_run)
    res = nextpnr.nextpnr(tmp_path / "design.json", tmp_path / "pnr", grade=8, target_mhz=130.0)
    assert res["fmax_mhz"] is None and "did_not_route" not in res
    assert res["does_not_fit"] == {"TRELLIS_COMB": [90140, 83640]}
    assert res["utilization"] == {"TRELLIS_COMB": 90140, "DP16KD": 160}

    def broken_run(cmd, cwd, log, what, time_limit_s=None):
        log.write_text("ERROR: something else\n")
        raise run.ToolError(f"{what} failed")
    monkeypatch.setattr(nextpnr, "run_tool", broken_run)
    with pytest.raises(run.ToolError):
        nextpnr.nextpnr(tmp_path / "design.json", tmp_path / "pnr", grade=8, target_mhz=130.0)

    # nextpnr still placing an overfull design when the time limit stops it (top_c8_s128 at
    # ca0c026: 102 % TRELLIS_COMB, in the analytic placer after 5 min): it does not fit,
    # however long it ran
    def overfull_timeout(cmd, cwd, log, what, time_limit_s=None):
        log.write_text("Info: Device utilisation:\n"
                       "Info: \t        TRELLIS_COMB:   85468/  83640   102%\n"
                       "Info: Running main analytical placer, max placement attempts per cell = 71996319.\n")
        raise run.ToolTimeout(f"{what} stopped", time_limit_s)
    monkeypatch.setattr(nextpnr, "run_tool", overfull_timeout)
    res = nextpnr.nextpnr(tmp_path / "design.json", tmp_path / "pnr", grade=8, target_mhz=130.0,
                       time_limit_s=300.0)
    assert "did_not_route" not in res and res["does_not_fit"] == {"TRELLIS_COMB": [85468, 83640]}


def test_best_of_seeds_keeps_every_seed():
    runs = {1: {"fmax_mhz": 91.8, "seed": 1}, 2: {"fmax_mhz": 104.7, "seed": 2}, 3: {"fmax_mhz": 99.0, "seed": 3}}
    best = flow.best_of_seeds(runs)
    assert best["seed"] == 2 and best["fmax_mhz"] == 104.7
    assert best["seeds"] == {"1": 91.8, "2": 104.7, "3": 99.0}
    assert report.fmax_cell(_unit({"grades": {"8": best}}), 8) == "104.7 †"
    one = flow.best_of_seeds({1: {"fmax_mhz": 50.0, "seed": 1}})
    assert "seeds" not in one and report.fmax_cell(_unit({"grades": {"8": one}}), 8) == "50.0"


def test_merge_keeps_only_grades_of_the_same_netlist():
    old = {"netlist_sha1": "a", "grades": {"6": {"netlist_sha1": "a", "fmax_mhz": 1.0},
                                           "8": {"netlist_sha1": "a", "fmax_mhz": 2.0}}}
    same = results.merge_unit(old, {"netlist_sha1": "a", "grades": {"8": {"netlist_sha1": "a",
                                                                       "fmax_mhz": 3.0}}})
    assert same["grades"] == {"6": {"netlist_sha1": "a", "fmax_mhz": 1.0},
                              "8": {"netlist_sha1": "a", "fmax_mhz": 3.0}}
    changed = results.merge_unit(old, {"netlist_sha1": "b", "grades": {"8": {"netlist_sha1": "b",
                                                                          "fmax_mhz": 4.0}}})
    assert list(changed["grades"]) == ["8"]


def test_main_rejects_unknown_unit_and_grade(capsys):
    assert _synth_exit(["--unit", "no_such_unit"]) == 2
    assert "no_such_unit" in capsys.readouterr().err
    assert _synth_exit(["--unit", "aes_enc", "--speed", "5"]) == 2
    assert _synth_exit(["--unit", "aes_enc", "--pnr-limit", "0"]) == 2
    assert _synth_exit(["--breakdown", "no_such_unit"]) == 2


def test_unit_table_points_at_wrappers():
    for name, unit in units.UNITS.items():
        wrapper = paths.RTL / "synth" / f"{unit.top}.sv"
        assert wrapper.exists(), f"{name}: {wrapper} missing"
        text = wrapper.read_text()
        assert re.search(rf"^\s*module\s+{unit.top}\b", text, re.M)
        for param in unit.parameters:
            assert re.search(rf"parameter\b[^;]*\b{param}\b", text), f"{name}: no parameter {param}"


def test_readme_block_replacement():
    text = f"intro\n{report.BEGIN}\nold table\n{report.END}\nrest\n"
    assert replace_between(text, report.BEGIN, report.END, "| new |\n") == \
        f"intro\n{report.BEGIN}\n| new |\n{report.END}\nrest\n"
    assert replace_between("no markers\n", report.BEGIN, report.END, "x") is None


# --------------------------------------------------------------------------- committed results


@pytest.fixture(scope="module")
def committed():
    data = results.load()
    if not data.units:
        pytest.skip("results/synth.json not generated yet (run `make synth`)")
    return data


def test_markdown_shows_the_committed_numbers(committed):
    # the headline table (render_table); the doc has other per-unit tables too
    text = report.render_markdown(committed)
    rows = {line.split("|")[1].strip().strip("`"): line for line in report.render_table(committed).splitlines()
            if line.startswith("| `")}
    for name, unit in committed.units.items():
        row = rows[name]
        cols = [c.strip() for c in row.strip("|").split("|")]
        f = unit.figures
        assert cols[2:6] == [str(f["LUT4"]), str(f["FF"]), str(f["EBR"]), str(f["DSP"])], row
        for grade, res in unit.grades.items():
            if res.does_not_fit or res.did_not_route:
                assert res.fmax_mhz is None, (name, grade)
                assert report.fmax_cell(unit, grade) in cols, (name, grade, row)
                continue
            assert any(c.split()[0] == f"{res.fmax_mhz:.1f}" for c in cols if c), (name, grade, row)
    assert report.short_version(committed.tools["yosys"]) in text
    assert report.short_version(committed.tools["nextpnr-ecp5"]) in text
    assert committed.device in text


def test_docs_synthesis_md_is_up_to_date(committed):
    doc = paths.DOCS / report.DOC_NAME
    assert doc.exists(), "docs/synthesis.md missing: run `mccp docs` (or `make synth`)"
    assert doc.read_text() == report.render_markdown(committed), (
        "docs/synthesis.md differs from results/synth.json: regenerate it with `mccp docs`"
        " (it is generated; do not edit it by hand)")


def test_readme_table_is_up_to_date(committed):
    readme = paths.ROOT / "README.md"
    if not readme.exists() or report.BEGIN not in readme.read_text():
        pytest.skip("README has no synth-table markers")
    text = readme.read_text()
    assert replace_between(text, report.BEGIN, report.END, report.render_readme(committed)) == text, (
        "README synthesis table is stale: regenerate it with `mccp docs`")


def test_demo_quotes_the_fmax_of_its_own_stream_width(monkeypatch):
    # two 4-core rows that differ only in stream width: the demo's Gbps must use its own
    units = {"core": {"top": "mccp_synth_core", "grades": {"8": {"fmax_mhz": 113.0}}},
             "top_c4_s32": {"top": "mccp_synth_top", "parameters": {"NumCores": 4, "StreamBits": 32},
                            "grades": {"8": {"fmax_mhz": 76.0}}},
             "top_c4_s64": {"top": "mccp_synth_top", "parameters": {"NumCores": 4, "StreamBits": 64},
                            "grades": {"8": {"fmax_mhz": 82.6}}},
             "top_c6_s32": {"top": "mccp_synth_top", "parameters": {"NumCores": 6, "StreamBits": 32},
                            "grades": {"8": {"fmax_mhz": None, "did_not_route": {"limit_s": 60, "stage": "placement"}}}}}
    monkeypatch.setattr(report, "load", lambda: _results(units))
    monkeypatch.setattr(report, "is_current", lambda u: u.name != "top_c4_s32")
    assert report.latest_fmax(4, 64) == (82.6, "mccp_top with 4 cores, 64-bit streams (top_c4_s64), speed 8")
    assert report.latest_fmax(4, 32)[0] == 76.0
    # a record of older RTL says so; asked for the RTL at HEAD only, the lone core bounds the top
    assert report.latest_fmax(4, 32)[1].endswith("speed 8, synthesized from older RTL (`?`)")
    assert report.latest_fmax(4, 32, current_only=True) == (
        113.0, "one core alone (core), speed 8 (no mccp_top report for 4 cores, 32-bit streams yet)")
    fmax, why = report.latest_fmax(4, 128)
    assert fmax == 113.0 and "no mccp_top report for 4 cores, 128-bit streams" in why
    fmax, why = report.latest_fmax(6, 32)
    assert fmax == 113.0 and "did not route" in why


def test_an_unrouted_top_is_bounded_by_the_slowest_core_kind_it_holds(monkeypatch):
    # 8 cores hold encrypt-only cores: their Fmax bounds the top, not the faster decrypting
    # kind nor the lone core with its own key expander; 2 cores decrypt, both of them
    def core(fmax, **params):
        return {"top": "mccp_synth_core", "parameters": params, "grades": {"8": {"fmax_mhz": fmax}}}
    units = {"core": core(113.0), "core_rk": core(112.0, KeyExpand=0),
             "core_enc_rk": core(107.0, DecryptEnable=0, KeyExpand=0)}
    monkeypatch.setattr(report, "load", lambda: _results(units))
    fmax, why = report.latest_fmax(8, 128)
    assert fmax == 107.0 and why.startswith("one core alone (core_enc_rk), speed 8")
    assert report.latest_fmax(2, 128)[0] == 112.0
    del units["core_rk"], units["core_enc_rk"]
    assert report.latest_fmax(8, 128)[0] == 113.0


def test_a_failed_place_and_route_keeps_the_previous_record(tmp_path, monkeypatch):
    # a unit whose every place and route failed (here: nextpnr killed) must not replace
    # the figures of its last successful run with an empty row
    results_file = tmp_path / "synth.json"
    old = {"units": {"aes_enc": {"top": "mccp_synth_aes_engine", "netlist_sha1": "old",
                                 "grades": {"8": {"fmax_mhz": 128.6, "netlist_sha1": "old"}}}}}
    results.write_results(old, results_file)

    def fake_synth(name, root=None):
        return {"cells": {"LUT4": 1}, "netlist": str(tmp_path / "n.json"), "netlist_sha1": "new",
                "runtime_s": 0.0, "wrapper_cells": {}}

    def killed_pnr(*args, **kwargs):
        raise run.ToolError("nextpnr-ecp5 failed (killed)")
    monkeypatch.setattr(flow, "synthesize_unit", fake_synth)
    monkeypatch.setattr(flow, "place_unit", killed_pnr)
    monkeypatch.setattr(flow, "ProcessPoolExecutor", _InlineExecutor)
    assert flow.main(["aes_enc"], [8], 1, results_file=results_file) == 1
    kept = results.load_raw(results_file)["units"]["aes_enc"]
    assert kept["grades"]["8"]["fmax_mhz"] == 128.6 and kept["netlist_sha1"] == "old"


class _InlineExecutor:
    """ProcessPoolExecutor stand-in that runs each job at once (for monkeypatched flows)."""

    def __init__(self, max_workers=None):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def submit(self, fn, *args, **kwargs):
        from concurrent.futures import Future
        fut = Future()
        try:
            fut.set_result(fn(*args, **kwargs))
        except Exception as exc:  # noqa: BLE001 - the future carries it, as a pool's would
            fut.set_exception(exc)
        return fut


def test_table1_groups_fmax_by_core_count_and_placement():
    pinned = {"floorplan": {"kind": "x"}}

    def top(cores, fmax, **grade):
        return {"top": "mccp_synth_top", "parameters": {"NumCores": cores, "StreamBits": 32},
                "grades": {"8": {"fmax_mhz": fmax, **grade}}}
    units = {"a": top(4, 76.0), "b": top(4, 88.3, **pinned), "c": top(4, 88.6, **pinned),
             "d": top(6, None, did_not_route={"limit_s": 60}, **pinned),
             "e": top(8, None, does_not_fit={"TRELLIS_COMB": [89060, 83640]})}
    assert report._placement(_unit(units["a"])) == "free" and report._placement(_unit(units["b"])) == "core EBRs pinned"
    assert report._placement(_unit(top(8, 90.0, floorplan={"kind": "x", "fabric": {"m": "s"}}))) == "core + fabric EBRs pinned"
    assert report._placement_effect(_results(units)).splitlines() == [
        "- 4 cores, core EBRs pinned: 88.3 to 88.6 MHz (2 of 2 tops)",
        "- 4 cores, free: 76.0 MHz (1 of 1 tops)",
        "- 6 cores, core EBRs pinned: no Fmax (0 of 1 tops; 1 did not route)",
        "- 8 cores, free: no Fmax (0 of 1 tops; 1 does not fit)"]
    # one core, and tops that do not fit beside one stopped while placing
    units = {"a": top(1, 98.0),
             "f": top(8, None, does_not_fit={"TRELLIS_COMB": [89060, 83640]}, utilization={"TRELLIS_COMB": 89060}),
             "g": top(8, None, does_not_fit={"TRELLIS_COMB": [84498, 83640]}, utilization={"TRELLIS_COMB": 84498}),
             "h": top(8, None, did_not_route={"limit_s": 300}, utilization={"TRELLIS_COMB": 82243})}
    assert report._placement_effect(_results(units)).splitlines() == [
        "- 1 core, free: 98.0 MHz (1 of 1 tops)",
        "- 8 cores, free: no Fmax (0 of 3 tops; 2 do not fit, 1 did not route)"]
    assert report._eight_core_fill(_results(units)) == (
        "the 8-core tops fill 98 to 106 % of the device's logic (COMB sites, Table 1); the placement column "
        "says which were pinned.")
    assert report._eight_core_fill(_results({"a": units["a"]})) == "the 8-core tops have not been packed yet."


def test_area_budget_fits_comb_per_core_and_uses_the_fullest_routed_top():
    def top(cores, comb, fmax, tree="t1"):
        return {"top": "mccp_synth_top", "parameters": {"NumCores": cores, "StreamBits": 32},
                "rtl": {"commit": "c" + tree, "dirty": False, "tree": tree},
                "grades": {"8": {"fmax_mhz": fmax, "utilization": {"TRELLIS_COMB": comb}}}}
    # COMB = 5,000 + 10,000 per core exactly; the 6-core top did not route, the 4-core one did
    units = {"a": top(2, 25000, 90.0), "b": top(4, 45000, 88.0), "c": top(6, 65000, None),
             "d": top(8, 85000, None)}
    text = report._area_budget(_results(units))
    assert "grows by 10000 per core over 5000 for the fabric" in text
    # rows of other RTL stay out of the fit: two of them alone would fit 30,000 per core
    other = {**units, "e": top(2, 20000, 95.0, tree="t2"), "f": top(4, 80000, None, tree="t2")}
    assert "grows by 10000 per core over 5000 for the fabric (least squares over the 4 tops placed from the same RTL, `ct1`)" \
        in report._area_budget(_results(other))
    assert "8 cores need 85000 of 83640" in text
    assert "`b` at 54 %" in text
    # (45,000 - 5,000) / 8 = 5,000 per core: half of what a core takes
    assert "may take 5000 COMB each, 50 % less" in text
    assert "from other RTL" not in text
    # an 8-core top of the fit's RTL that routed: its cores fit, which the sentence says (no "-0 % less")
    fits = report._area_budget(_results({**units, "d": top(8, 85000, 80.0)}))
    assert "may take 10000 COMB each, as much as a core of that RTL takes or more: 8 cores of it fit." in fits
    assert "% less" not in fits
    # an 8-core top placed from other RTL is named with its own count, outside the fit
    newer = {**units, "g": top(8, 75531, None, tree="t3")}
    assert "8 cores need 85000 of 83640" in report._area_budget(_results(newer))
    assert "`g` from other RTL (`ct3`) takes 75531 (90 %)." in report._area_budget(_results(newer))
    assert report._area_budget(_results({"a": units["a"]})) == ""
    # LUT RAM: (COMB - LUT4 - 2 x CCU2C) / DPR16X4 over the tops with figures
    units["a"]["figures"] = {"LUT4": 20000, "CCU2C": 500, "DPR": 600}   # 4,000 / 600
    units["b"]["figures"] = {"LUT4": 38000, "CCU2C": 1000, "DPR": 800}  # 5,000 / 800
    assert "comes to 6.2 to 6.7 per TRELLIS_DPR16X4" in report._area_budget(_results(units))


def test_table1_steps_only_between_rows_of_the_same_rtl():
    def top(cores, lut4, tree, dirty=False):
        return {"top": "mccp_synth_top", "parameters": {"NumCores": cores, "StreamBits": 64},
                "figures": {"LUT4": lut4}, "rtl": {"commit": "c" + tree, "dirty": dirty, "tree": tree},
                "grades": {"8": {"fmax_mhz": 90.0}}}

    def steps(units):
        rows = [r.split(" | ") for r in report._table1(_results(units)).split("The paper")[0].splitlines()
                if r.startswith("| ") and r[2].isdigit()]
        return [r[7] for r in rows]
    assert steps({"a": top(2, 20000, "t1"), "b": top(4, 38000, "t1")}) == ["—", "9000"]
    assert steps({"a": top(2, 20000, "t1"), "b": top(4, 38000, "t2")}) == ["—", "—"]
    # local changes: the commit does not say what was placed
    assert steps({"a": top(2, 20000, "t1", dirty=True), "b": top(4, 38000, "t1", dirty=True)}) == ["—", "—"]


def test_rtl_tree_names_the_logic_not_the_commit(tmp_path, monkeypatch):
    import subprocess

    def git(*args):
        subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=tmp_path,
                       check=True, capture_output=True)
    for d in ("a", "b"):
        (tmp_path / "rtl" / d).mkdir(parents=True)
        (tmp_path / "rtl" / d / "x.sv").write_text(f"module {d}; endmodule\n")
    git("init", "-q")
    git("add", ".")
    git("commit", "-qm", "one")
    (tmp_path / "README").write_text("docs only\n")
    git("add", ".")
    git("commit", "-qm", "two")
    (tmp_path / "rtl" / "b" / "x.sv").write_text("module b2; endmodule\n")
    git("add", ".")
    git("commit", "-qm", "three")
    monkeypatch.setattr(paths, "ROOT", tmp_path)
    assert results.rtl_tree(("a", "b"), "HEAD~2") == results.rtl_tree(("a", "b"), "HEAD~1")
    assert results.rtl_tree(("a", "b"), "HEAD~1") != results.rtl_tree(("a", "b"), "HEAD")
    assert results.rtl_tree(("a",), "HEAD~1") == results.rtl_tree(("a",), "HEAD")
    # a directory the commit lacks counts as absent, not as an error
    assert results.rtl_tree(("a", "common"), "HEAD") != results.rtl_tree(("a",), "HEAD")
    assert results.rtl_state(("a", "b")) == {"commit": subprocess.run(
        ["git", "rev-parse", "--short=12", "HEAD"], cwd=tmp_path, capture_output=True, text=True).stdout.strip(),
        "dirty": False, "tree": results.rtl_tree(("a", "b"))}


def test_fmax_against_cores_uses_the_tops_of_one_rtl():
    def top(cores, bits, tree, fmax=None, fit=True):
        g8 = {"fmax_mhz": fmax, "utilization": {"TRELLIS_COMB": 1000 * cores}}
        if not fit:
            g8["does_not_fit"] = {"TRELLIS_COMB": [90000, 83640]}
        return {"top": "mccp_synth_top", "parameters": {"NumCores": cores, "StreamBits": bits},
                "rtl": {"commit": "c" + tree, "dirty": False, "tree": tree}, "date": "2026-01-01",
                "grades": {"8": g8}}
    units = {"a": top(2, 64, "new", 106.8), "b": top(4, 64, "new", 104.0), "c": top(8, 64, "new", fit=False),
             "d": top(4, 32, "old", 88.3), "e": top(6, 32, "old", 76.0)}
    text = report._fmax_same_rtl(_results(units))
    assert "2 cores 106.8 MHz (64-bit streams); 4 cores 104.0 MHz (64-bit streams); 8 cores does not fit" in text
    assert "88.3" not in text and "`cnew`" in text
    # one core count is no trend
    assert report._fmax_same_rtl(_results({"a": units["a"], "d": units["d"]})) == ""


def test_path_site_from_end_points_and_cells():
    core = "rtl/core/mccp_core.sv:1020"
    fab = "rtl/fabric/mccp_stream_out.sv:149"
    one = ["u_unit.g_core[3].u_core.u_valu", "u_unit.g_core[3].u_core"]
    assert report.path_site(results.path_record({"from": core, "to": "rtl/core/mccp_core.sv:578", "through": one})) == "inside one core"
    # no end points known (a path through the AES round layer): the cells decide
    assert report.path_site(results.path_record({"from": "", "to": "", "through": one})) == "inside one core"
    assert report.path_site(results.path_record({"from": core, "to": core, "through": one + ["u_unit.g_core[5].u_core"]})) \
        == "between cores"
    assert report.path_site(results.path_record({"from": core, "to": fab, "through": one})) == "core → fabric"
    assert report.path_site(results.path_record({"from": "rtl/fabric/mccp_fw_loader.sv:62", "to": "", "through": one})) == "fabric → core"
    # the shared key expander is fabric although its file lives in rtl/aes/
    assert report.path_site(results.path_record({"from": core, "to": "rtl/aes/mccp_aes_key_expand.sv:170", "through": one})) \
        == "core → fabric"
    assert report.path_site(results.path_record({"from": "rtl/fabric/mccp_stream_in.sv:188", "to": "rtl/fabric/mccp_sched.sv:206",
                             "through": ["u_unit.u_chan_table.mem.0"]})) == "fabric"
    assert report.path_site(results.path_record({"from": fab, "to": fab, "through": ["u_unit.u_chan_table.mem.0"] + one})) \
        == "core ↔ fabric"
    # a lone core's wrapper has no fabric: its cells (u_unit.u_salu) are the core's
    assert report.path_site(results.path_record({"from": core, "to": "", "through": ["u_unit.u_salu"]}), in_top=False) \
        == "inside one core"
    assert report.path_site(results.path_record({"from": core, "to": "", "through": ["u_unit.u_salu"]})) == "core → fabric"


def test_fill_effect_splits_in_core_paths_at_half_the_device():
    inside = {"from": "rtl/core/mccp_core.sv:1", "to": "rtl/core/mccp_core.sv:2",
              "through": ["u_unit.g_core[0].u_core"], "routing_ns": 7.0, "delay_ns": 9.0}
    crossing = {**inside, "to": "rtl/fabric/mccp_sched.sv:3"}

    def top(cores, comb, fmax, cp, **grade):
        return {"top": "mccp_synth_top", "parameters": {"NumCores": cores, "StreamBits": 64},
                "rtl": {"commit": "abc"},
                "grades": {"8": {"fmax_mhz": fmax, "critical_path": cp,
                                 "utilization": {"TRELLIS_COMB": comb}, **grade}}}
    units = {"a": top(2, 22000, 105.0, inside), "b": top(4, 41000, 103.0, inside),
             "c": top(6, 58000, 88.0, inside), "d": top(8, 75000, 84.0, inside),
             "e": top(8, 76000, 86.0, crossing),
             # retimed from another grade's routing: not its own place and route
             "f": top(6, 60000, 70.0, inside, timed_from={"grade": 8}),
             "core_enc_rk": {"top": "mccp_synth_core", "grades": {"8": {"fmax_mhz": 107.0, "critical_path": {**inside, "through": ["u_unit.u_salu"]},
                                              "utilization": {"TRELLIS_COMB": 9000}}}, "rtl": {"commit": "abc"}}}
    text = report._fill_effect(_results(units))
    rows = [r for r in text.splitlines() if r.startswith("| `")]
    assert [r.split(" | ")[0] for r in rows] == ["| `core_enc_rk` (one core alone)", "| `a`", "| `b`", "| `c`",
                                                 "| `d`", "| `e`"]
    assert "| `c` | 6 | 69 % | 88.0 | inside one core | 7.0 of 9.0 |" in text
    assert "| `e` | 8 | 91 % | 86.0 | core → fabric |" in text
    assert ("the tops at most half full reach 103.0 to 105.0 MHz (2 tops) and those more than half full"
            " 84.0 to 88.0 MHz (2 tops); one core alone in its wrapper reaches 107.0 MHz") in text
    assert "The fastest of the fuller tops is 15 % below the slowest of the emptier ones" in text
    assert report._fill_effect(_results({})) == ""


def test_results_loader_names_the_file_unit_and_missing_field(tmp_path):
    path = tmp_path / "synth.json"
    results.write_results({"units": {"core": {"top": "mccp_synth_core", "grades": {}},
                                     "odd": {"grades": {"8": {"fmax_mhz": 1.0}}}}}, path)
    with pytest.raises(results.ResultsError, match=r"synth.json: unit odd: no field 'top'"):
        results.load(path)
    assert results.load(tmp_path / "absent.json").units == {}


def test_used_sources_are_the_hierarchy_files_and_the_packages(tmp_path):
    rtl = tmp_path / "rtl"
    rtl.mkdir()
    files = {
        "t_pkg.sv": "package t_pkg; localparam int W = 4; endpackage\n",
        "t_top.sv": "module t_top #(parameter int N = 1) (input logic [t_pkg::W-1:0] a_i, output logic [3:0] y_o);\n"
                    "  t_sub u_sub (.a_i, .y_o);\nendmodule\n",
        "t_sub.sv": "module t_sub (input logic [3:0] a_i, output logic [3:0] y_o);\n  assign y_o = ~a_i;\nendmodule\n",
        "t_unused.sv": "module t_unused (input logic a_i, output logic y_o);\n  assign y_o = a_i;\nendmodule\n",
    }
    for name, text in files.items():
        (rtl / name).write_text(text)
    sources = [rtl / n for n in ("t_pkg.sv", "t_sub.sv", "t_top.sv", "t_unused.sv")]
    used = yosys.used_sources("t_top", {"N": 2}, sources, tmp_path / "out")
    assert [p.name for p in used] == ["t_pkg.sv", "t_sub.sv", "t_top.sv"]
    (rtl / "t_other.sv").write_text(files["t_sub.sv"].replace("t_sub", "t_renamed"))
    (rtl / "t_top.sv").write_text(files["t_top.sv"].replace("t_sub u_sub", "t_renamed u_sub"))
    with pytest.raises(run.ToolError, match="without a file of their name: t_renamed"):
        yosys.used_sources("t_top", {}, [rtl / "t_pkg.sv", rtl / "t_other.sv", rtl / "t_top.sv"], tmp_path / "out2")


def test_a_unit_is_current_while_its_files_read_as_at_head(tmp_path, monkeypatch):
    import subprocess

    def git(*args):
        subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=tmp_path,
                       check=True, capture_output=True)
    (tmp_path / "rtl").mkdir()
    for name in ("a.sv", "b.sv"):
        (tmp_path / "rtl" / name).write_text(f"// {name}\n")
    git("init", "-q")
    git("add", ".")
    git("commit", "-qm", "one")
    monkeypatch.setattr(paths, "ROOT", tmp_path)
    report._head_blobs.cache_clear()
    blobs = results.source_blobs([tmp_path / "rtl" / "a.sv"])
    unit = _unit({"grades": {}, "rtl": {"commit": "c1", "files": blobs}}, "x")
    assert list(blobs) == ["rtl/a.sv"] and report.is_current(unit)
    (tmp_path / "rtl" / "b.sv").write_text("// b changed\n")      # a file the unit does not use
    git("commit", "-qam", "two")
    report._head_blobs.cache_clear()
    assert report.is_current(unit) and report.rtl_cell(unit) == "current"
    (tmp_path / "rtl" / "a.sv").write_text("// a changed\n")
    git("commit", "-qam", "three")
    report._head_blobs.cache_clear()
    assert not report.is_current(unit) and report.rtl_cell(unit) == "stale: `c1`"
    report._head_blobs.cache_clear()


def test_path_site_takes_a_primitive_end_from_the_cells():
    fifo = "rtl/prim/mccp_prim_fifo_flop.sv:60"
    one = ["u_unit.g_core[2].u_core.u_fetch"]
    assert report.path_site(results.path_record({"from": fifo, "to": fifo, "through": one})) == "inside one core"
    assert report.path_site(results.path_record({"from": fifo, "to": "rtl/fabric/mccp_sched.sv:3",
                                                 "through": ["u_unit.u_sched"]})) == "fabric"


def test_logic_hash_ignores_generated_name_numbers():
    """The same design read after an unused module (Yosys' name counters shifted) has another
    file hash and the same logic_sha1; a real change of the logic changes it.  (Each netlist in
    a directory of its own beside the sources, as the flow's build directories are: the
    netlist's src attributes name the sources by relative path.)"""
    paths.BUILD.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="synth-logic-", dir=paths.BUILD))
    try:
        src = work / "tiny_top.sv"
        src.write_text(TINY)
        unused = work / "unused.sv"
        unused.write_text("module unused_mod (input logic [7:0] a_i, output logic [7:0] y_o);\n"
                          "  assign y_o = a_i * a_i + 8'd3;\nendmodule\n")
        first = yosys.yosys_synth("tiny_top", {}, [src], work / "first")
        again = yosys.yosys_synth("tiny_top", {}, [unused, src], work / "again")
        src.write_text(TINY.replace("cnt_q + 8'd1", "cnt_q + 8'd3"))
        other = yosys.yosys_synth("tiny_top", {}, [src], work / "other")
        assert again["netlist_sha1"] != first["netlist_sha1"]
        assert again["logic_sha1"] == first["logic_sha1"]
        assert other["logic_sha1"] != first["logic_sha1"]
    finally:
        shutil.rmtree(work, ignore_errors=True)
