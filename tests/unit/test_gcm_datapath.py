"""pytest wrapper: AES-GCM encryption on the RTL datapath (AES engine + GHASH unit)
against NIST CAVP gcmEncryptExtIV records (tests/unit/tb_gcm_datapath.py)."""

from __future__ import annotations

import pytest

from mccp import paths, sim

TOP = paths.TESTS / "unit" / "hdl" / "tb_gcm_datapath.sv"


@pytest.mark.parametrize("digit_bits", [16])
def test_gcm_datapath(digit_bits):
    sim.run(
        toplevel="tb_gcm_datapath",
        test_module="tb_gcm_datapath",
        sources=paths.rtl_files("common", "aes") + [TOP],
        parameters={"DigitBits": digit_bits},
        module_dirs=[paths.TESTS / "unit"],
        extra_env={"GCM_VECTORS": "30", "GCM_OUT_STALL": "0.2"},
    )
