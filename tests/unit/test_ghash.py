"""pytest wrappers: the cocotb bench tb_ghash on mccp_ghash for several digit sizes."""

from __future__ import annotations

import pytest

from mccp import paths
from mccp.eda import sim
from mccp.eda.filelist import pick

from sweeps import sweep

SOURCES = pick("aes", "mccp_ghash")

# (simulator, DigitBits, CAVP GCM records).  Digit size 1 is 128 clocks per
# block, so it checks fewer tags to keep the wall time down.
CONFIGS = [
    ("verilator", 1, 12),
    ("verilator", 8, 36),
    ("verilator", 32, 36),
    ("verilator", 128, 36),
    ("verilator", 12, 36),   # does not divide 128: 11 clocks, the first digit 8 bits
    ("icarus", 8, 9),
    ("icarus", 64, 9),       # the one size where T * g reaches the first digit
    ("icarus", 43, 9),       # 3 clocks, A held as 129 bits, the first digit 42 bits
]


@pytest.mark.parametrize("simulator,digit_bits,gcm_vectors",
                         sweep(CONFIGS, [f"{s}-D{d}" for s, d, _ in CONFIGS], long={"verilator-D1", "verilator-D32", "verilator-D12", "verilator-D128"}))
def test_ghash(simulator, digit_bits, gcm_vectors):
    sim.run(
        toplevel="mccp_ghash",
        test_module="tb_ghash",
        sources=SOURCES,
        parameters={"DigitBits": digit_bits},
        sim=simulator,
        module_dirs=[paths.TESTS / "unit"],
        extra_env={
            "GHASH_DIGIT_BITS": str(digit_bits),
            "GHASH_GCM_VECTORS": str(gcm_vectors),
            "GHASH_RANDOM_BLOCKS": "60" if digit_bits == 1 or simulator == "icarus" else "150",
        },
    )
