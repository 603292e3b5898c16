"""The model's per-core costs (ISS, mccp.perf.costs) against the RTL core's measured cycles.

results/bench_core.json holds the cycles the RTL core took (mccp bench core, tb_core on
Verilator: mccp_core with its default GhashDigitBits, nonces of 12 bytes for ccm/gcm/gmac,
16 for cbc/ctr, no AAD); the ISS shapes the model uses must give the same numbers.  (The
cores inside mccp_top get mccp_top's GhashDigitBits; tests/perf/test_tlm.py covers those.)
"""

import pytest

from mccp.bench.results import load_bench_core
from mccp.perf.costs import Shape, _top_default, cost, default_op

BENCH = load_bench_core()
CASES = [(m, int(b), int(s), c) for m, per in BENCH["modes"].items() for b, r in per.items()
         for s, c in r["cycles"].items()]


@pytest.mark.parametrize("mode,bits,size,cycles", CASES, ids=lambda x: str(x))
def test_iss_cost_equals_rtl_core(mode, bits, size, cycles):
    nonce = 12 if mode in ("ccm", "gcm", "gmac") else -1
    digits = _top_default("GhashDigitBits", "core/mccp_core.sv")
    got = cost(Shape(mode, default_op(mode), bits, size, nonce=nonce), digits).cycles
    assert got == cycles, (f"ISS {got} vs RTL {cycles} cycles (GhashDigitBits {digits}); if the core changed, "
                           "results/bench_core.json needs `mccp bench core`")


def test_body_words():
    # header fields on whole words: nonce 12 -> 1, AAD 20 -> 2, payload 33 -> 3, tag only on decrypt
    assert Shape("gcm", "encrypt", 128, 33, 20, 12, 16).body_words == 6
    assert Shape("gcm", "decrypt", 128, 33, 20, 12, 16).body_words == 7
    assert Shape("gmac", "mac", 128, 33, 0, 12, 16).body_words == 4
