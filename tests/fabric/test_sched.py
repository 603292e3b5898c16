"""pytest wrappers: the cocotb bench tb_sched on mccp_sched (1, 3 and 4 cores)."""

from __future__ import annotations

import pytest

from mccp import paths, sim

SOURCES = [paths.RTL / "core" / "mccp_isa_pkg.sv", paths.RTL / "fabric" / "mccp_regs_pkg.sv",
           paths.RTL / "fabric" / "mccp_fabric_pkg.sv", paths.RTL / "fabric" / "mccp_sched.sv"]

# (NumCores, DecryptCores): some cores without decryption where there are several
CONFIGS = [(1, 0x0000), (3, 0x0005), (4, 0x000E)]


@pytest.mark.parametrize("cores,decrypt", CONFIGS, ids=[f"n{n}-dec{d:x}" for n, d in CONFIGS])
def test_sched(cores, decrypt):
    sim.run(
        toplevel="mccp_sched",
        test_module="tb_sched",
        sources=SOURCES,
        parameters={"NumCores": cores, "DecryptCores": decrypt},
        module_dirs=[paths.TESTS / "fabric"],
        extra_env={"SCHED_CORES": str(cores), "SCHED_DECRYPT": str(decrypt), "SCHED_REQUESTS": "300"},
    )
