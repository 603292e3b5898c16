"""mccp.synth.breakdown.tree: module totals from a kept-hierarchy Yosys stat."""

import pytest

from mccp.synth.breakdown import base_name, tree

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
