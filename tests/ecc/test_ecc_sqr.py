"""pytest wrapper: the cocotb bench tb_ecc_sqr on mccp_ecc_sqr, one build holding an
instance per MaxM (tests/fabric/multitop.py)."""

from __future__ import annotations

from mccp import paths
from mccp.eda import sim
from mccp.eda.filelist import pick

from fabric.multitop import instances_env, multi_top

SOURCES = pick("ecc", "mccp_ecc_curves_pkg", "mccp_ecc_reduce", "mccp_ecc_sqr")
INSTANCES = [(f"m{m}_", {"MaxM": m}) for m in (163, 233, 283)]


def test_ecc_sqr():
    top, wrapper = multi_top("mccp_ecc_sqr", SOURCES[-1], INSTANCES, paths.BUILD / "sim" / "tops")
    sim.run(
        toplevel=top,
        test_module="tb_ecc_sqr",
        sources=[*SOURCES, wrapper],
        module_dirs=[paths.TESTS / "ecc", paths.TESTS / "fabric"],
        extra_env={"MULTI_INSTANCES": instances_env(INSTANCES)},
    )
