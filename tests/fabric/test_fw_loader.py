"""pytest wrapper: the cocotb bench tb_fw_loader on mccp_fw_loader."""

from __future__ import annotations

from mccp import paths
from mccp.eda import sim
from mccp.eda.filelist import pick

SOURCES = pick("fabric", "mccp_regs_pkg", "mccp_fw_loader")


def test_fw_loader():
    sim.run(
        toplevel="mccp_fw_loader",
        test_module="tb_fw_loader",
        sources=SOURCES,
        parameters={"NumCores": 3},
        module_dirs=[paths.TESTS / "fabric"],
        extra_env={"FW_CORES_N": "3", "FW_OPS": "12000"},
    )
