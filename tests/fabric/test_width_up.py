"""pytest wrapper: the cocotb bench tb_width_up on mccp_prim_width_up at every
StreamBits (one build: a test top with one instance per width)."""

from __future__ import annotations

from mccp import paths
from mccp.eda import sim
from mccp.eda.filelist import pick

from multitop import instances_env, multi_top

[SOURCE] = pick("prim", "mccp_prim_width_up")
INSTANCES = [(f"w{b}_", {"StreamBits": b, "WordBits": 128}) for b in (32, 64, 128)]


def test_width_up():
    top, wrapper = multi_top("mccp_prim_width_up", SOURCE, INSTANCES, paths.BUILD / "sim" / "tops")
    sim.run(
        toplevel=top,
        test_module="tb_width_up",
        sources=[SOURCE, wrapper],
        module_dirs=[paths.TESTS / "fabric"],
        extra_env={"MULTI_INSTANCES": instances_env(INSTANCES), "WIDTH_UP_PACKETS": "60"},
    )
