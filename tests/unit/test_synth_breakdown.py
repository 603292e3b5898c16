"""mccp.synth.breakdown.tree: module totals from a kept-hierarchy Yosys stat."""

import pytest

from mccp.synth.breakdown import tree
from mccp.synth.yosys import base_module as base_name

# top: 10 LUT4 of its own, two `leaf` (3 LUT4, 1 FF each) and one `mid`;
# mid: 5 LUT4 of its own, four `leaf` and one parameterized `ram` (2 DPR).
STAT = {"modules": {
    "\\top": {"num_cells_by_type": {"LUT4": 10, "\\leaf": 2, "$paramod$ab12\\mid": 1}},
    "$paramod$ab12\\mid": {"num_cells_by_type": {"LUT4": 5, "TRELLIS_FF": 7, "\\leaf": 4,
                                                 "$paramod\\ram\\Depth=s32'00000000000000000000000000010000": 1}},
    "\\leaf": {"num_cells_by_type": {"LUT4": 3, "TRELLIS_FF": 1}},
    "$paramod\\ram\\Depth=s32'00000000000000000000000000010000": {"num_cells_by_type": {"TRELLIS_DPR16X4": 2}},
}}


def test_totals_multiply_instances():
    rows = tree(STAT, "top")
    by = {(r["module"], r["depth"]): r for r in rows}
    # mid = 5 + 4 * 3 LUT4, 7 + 4 FF, 2 DPR; top = 10 + 2 * 3 + 17 LUT4
    assert by[("mid", 1)]["total"]["LUT4"] == 17 and by[("mid", 1)]["total"]["TRELLIS_FF"] == 11
    assert by[("mid", 1)]["total"]["TRELLIS_DPR16X4"] == 2
    assert by[("top", 0)]["total"]["LUT4"] == 33 and by[("top", 0)]["own_lut4"] == 10
    assert by[("top", 0)]["total"]["TRELLIS_FF"] == 13
    # leaves under mid count 4 instances, under top 2; larger subtrees first
    assert [(r["module"], r["depth"], r["instances"]) for r in rows] == [
        ("top", 0, 1), ("mid", 1, 1), ("leaf", 2, 4), ("ram", 2, 1), ("leaf", 1, 2)]


def test_depth_limit_and_names():
    assert [r["module"] for r in tree(STAT, "top", max_depth=1)] == ["top", "mid", "leaf"]
    assert base_name("$paramod$9f\\mccp_core_fetch") == "mccp_core_fetch"
    assert base_name("$paramod\\mccp_ghash\\DigitBits=s32'1") == "mccp_ghash"
    with pytest.raises(KeyError):
        tree(STAT, "nope")


def _top_entry(cores, modules, glue_lut4, glue_ff, tree="t", bits=128):
    """A kept-hierarchy breakdown of mccp_synth_top: `modules` are (name, instances, LUT4, FF)
    directly under mccp_top; a wrapper module with a child of its own follows mccp_top."""
    lut = sum(n * l for _, n, l, _ in modules) + glue_lut4
    ff = sum(n * f for _, n, _, f in modules) + glue_ff

    def row(depth, name, n, lut4, ff_):
        return {"depth": depth, "module": name, "instances": n, "own_lut4": 0,
                "total": {"LUT4": lut4, "TRELLIS_FF": ff_, "TRELLIS_DPR16X4": 0, "CCU2C": 0, "DP16KD": 0}}

    rows = [row(0, "mccp_synth_top", 1, lut + 1000, ff + 1000), row(1, "mccp_top", 1, lut, ff)]
    rows += [row(2, m, n, l, f) for m, n, l, f in modules]
    rows += [row(1, "mccp_synth_misr", 1, 1000, 1000), row(2, "mccp_core", 1, 1000, 1000)]
    return {"top": "mccp_synth_top", "parameters": {"NumCores": cores, "StreamBits": bits},
            "yosys_options": [], "rows": rows, "rtl": {"commit": "abc", "tree": tree}}


def test_growth_per_added_core_sums_core_variants_and_keeps_the_glue():
    from mccp.report.breakdown import growth, growth_pairs, growth_section

    c2 = _top_entry(2, [("mccp_core", 2, 100, 10), ("mccp_stream_out", 1, 50, 5),
                        ("mccp_sched", 1, 20, 0)], glue_lut4=7, glue_ff=3)
    # 8 cores: the two decrypting cores as before, six smaller ones, a larger output stage
    c8 = _top_entry(8, [("mccp_core", 2, 100, 10), ("mccp_core", 6, 80, 8),
                        ("mccp_stream_out", 1, 140, 17), ("mccp_sched", 1, 20, 0)],
                    glue_lut4=7, glue_ff=3)
    rows = {r["module"]: r for r in growth(c2, c8)}
    assert rows["mccp_core"]["large"]["instances"] == 8
    assert rows["mccp_core"]["lut4_per_core"] == 80 and rows["mccp_core"]["ff_per_core"] == 8
    assert rows["mccp_stream_out"]["lut4_per_core"] == 15 and rows["mccp_stream_out"]["ff_per_core"] == 2
    assert rows["mccp_sched"]["lut4_per_core"] == 0
    # mccp_top's own logic; the wrapper's child named mccp_core is not one of mccp_top's
    assert rows["mccp_top (own)"]["small"]["LUT4"] == 7 and rows["mccp_top (own)"]["lut4_per_core"] == 0
    assert rows["mccp_top (own)"]["small"]["FF"] == 3

    data = {"top_c2_s128": c2, "top_c8_s128": c8,
            "top_c4_s128": _top_entry(4, [("mccp_core", 4, 90, 9)], 0, 0, tree="older RTL"),
            "top_c4_s64": _top_entry(4, [("mccp_core", 4, 90, 9)], 0, 0, bits=64),
            # local RTL changes: its logic is unknown, it pairs with nothing
            "top_c10_s128": {**_top_entry(10, [("mccp_core", 10, 90, 9)], 0, 0),
                             "rtl": {"commit": "abc", "tree": "t", "dirty": True}}}
    assert growth_pairs(data) == [("top_c2_s128", "top_c8_s128")]
    text = "\n".join(growth_section(data))
    assert "95 LUT4 per core" in text and "the core itself 80 (84 %)" in text
    assert "`mccp_stream_out` (15)" in text
