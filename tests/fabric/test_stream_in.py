"""pytest wrapper: the cocotb bench tb_stream_in on mccp_stream_in (one build:
a test top with one instance per configuration)."""

from __future__ import annotations

from mccp import paths
from mccp.eda import sim
from mccp.eda.filelist import pick

from multitop import instances_env, multi_top

[SOURCE] = pick("fabric", "mccp_stream_in")
PACKAGES = pick("fabric", "mccp_isa_pkg", "mccp_regs_pkg", "mccp_ecc_curves_pkg", "mccp_fabric_pkg")
# (NumCores, Channels, InWords): small input buffers so OVERSIZE is cheap to reach
INSTANCES = [(f"c{c}_", {"NumCores": c, "Channels": h, "InWords": w}) for c, h, w in ((3, 5, 12), (1, 64, 24))]


def test_stream_in():
    top, wrapper = multi_top("mccp_stream_in", SOURCE, INSTANCES, paths.BUILD / "sim" / "tops")
    sim.run(
        toplevel=top,
        test_module="tb_stream_in",
        sources=[*PACKAGES, SOURCE, wrapper],
        module_dirs=[paths.TESTS / "fabric"],
        extra_env={"MULTI_INSTANCES": instances_env(INSTANCES), "STREAM_IN_PACKETS": "450"},
    )
