"""pytest wrapper: the cocotb bench tb_sched on mccp_sched with 1, 3 and 4
cores (one build: a test top with one instance per configuration)."""

from __future__ import annotations

from mccp import paths
from mccp.eda import sim
from mccp.eda.filelist import pick

from multitop import instances_env, multi_top

[SOURCE] = pick("fabric", "mccp_sched")
PACKAGES = pick("fabric", "mccp_isa_pkg", "mccp_regs_pkg", "mccp_ecc_curves_pkg", "mccp_fabric_pkg", "mccp_prim_arb_rr")
# (NumCores, DecryptCores): some cores without decryption
INSTANCES = [(f"n{n}_", {"NumCores": n, "DecryptCores": d}) for n, d in ((1, 0x0000), (3, 0x0005), (4, 0x000E))]


def test_sched():
    top, wrapper = multi_top("mccp_sched", SOURCE, INSTANCES, paths.BUILD / "sim" / "tops")
    sim.run(
        toplevel=top,
        test_module="tb_sched",
        sources=[*PACKAGES, SOURCE, wrapper],
        module_dirs=[paths.TESTS / "fabric"],
        extra_env={"MULTI_INSTANCES": instances_env(INSTANCES), "SCHED_REQUESTS": "600"},
    )
