"""pytest wrapper: AES-GCM encryption on the RTL datapath (AES engine + GHASH unit)
against NIST CAVP gcmEncryptExtIV records (tests/unit/tb_gcm_datapath.py).

Icarus: it compiles the engine in a second where a Verilator build takes about
50 s, and the run is only a few thousand clocks (the units' own benches run on
Verilator)."""

from __future__ import annotations

import pytest

from mccp import paths
from mccp.eda import sim
from mccp.eda.filelist import sources

TOP = paths.TESTS / "unit" / "hdl" / "tb_gcm_datapath.sv"


@pytest.mark.parametrize("simulator,digit_bits", [("icarus", 16)])
def test_gcm_datapath(simulator, digit_bits):
    sim.run(
        toplevel="tb_gcm_datapath",
        test_module="tb_gcm_datapath",
        sources=sources("aes") + [TOP],
        parameters={"DigitBits": digit_bits},
        sim=simulator,
        module_dirs=[paths.TESTS / "unit"],
        extra_env={"GCM_VECTORS": "45", "GCM_OUT_STALL": "0.2"},
    )
