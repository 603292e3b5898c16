"""pytest wrappers: the health tests' cutoffs (mccp.entropy.health against an independent
high-precision binomial), the cocotb benches tb_entropy_health on mccp_entropy_health and
tb_entropy_chain on the source model + health tests + collector (10^6 nominal samples in
`make test-long`)."""

from __future__ import annotations

from decimal import Decimal, getcontext
from math import comb

import pytest

from mccp import paths
from mccp.eda import sim
from mccp.eda.filelist import sources
from mccp.entropy import health


def apt_cutoff_decimal(h: float, alpha_log2: int, window: int = 1024) -> int:
    """1 + CRITBINOM(W, 2^-H, 1 - alpha) in 60-digit decimal arithmetic: the smallest k
    with P(X <= k) >= 1 - alpha."""
    getcontext().prec = 60
    p = Decimal(2) ** Decimal(-h)
    q = 1 - p
    alpha = Decimal(2) ** -alpha_log2
    cdf = Decimal(0)
    for k in range(window + 1):
        cdf += comb(window, k) * p ** k * q ** (window - k)
        if cdf >= 1 - alpha:
            return 1 + k
    return window + 1


@pytest.mark.parametrize("h", [0.1, 0.25, 0.5, 0.75, 1.0])
@pytest.mark.parametrize("alpha_log2", [20, 30, 40])
def test_cutoffs(h, alpha_log2):
    assert health.apt_cutoff(h, alpha_log2) == apt_cutoff_decimal(h, alpha_log2)
    # 90B 4.4.1: a run of C identical samples has probability <= alpha at min-entropy H
    c = health.rct_cutoff(h, alpha_log2)
    assert 2.0 ** (-h * (c - 1)) <= 2.0 ** -alpha_log2 < 2.0 ** (-h * (c - 2))


def test_conditioning_ratio():
    for h in (0.1, 0.2, 0.5, 0.75, 1.0):
        n = health.cond_blocks(h)
        assert 128 * n * h >= 128 + 64 > 128 * (n - 1) * h
    for bad in (0.0, -1.0, 1.5, 0.09):
        with pytest.raises(ValueError):
            health.HealthConfig.for_claim(bad)
    with pytest.raises(ValueError):
        health.rct_cutoff(0.5, 19)
    with pytest.raises(ValueError):
        health.apt_cutoff(0.5, 41)


def test_entropy_health():
    sim.run(toplevel="mccp_entropy_health", test_module="tb_entropy_health", sources=sources("entropy"),
            module_dirs=[paths.TESTS / "entropy"])


CHAIN = [*sources("entropy"), paths.TESTS / "entropy" / "hdl" / "tb_entropy_chain.sv"]


def test_entropy_chain():
    sim.run(toplevel="tb_entropy_chain", test_module="tb_entropy_chain", sources=CHAIN,
            module_dirs=[paths.TESTS / "entropy"])


@pytest.mark.long
def test_entropy_chain_nominal_long():
    sim.run(toplevel="tb_entropy_chain", test_module="tb_entropy_chain", sources=CHAIN,
            module_dirs=[paths.TESTS / "entropy"], extra_env={"ENTROPY_LONG": "1"},
            testcase="nominal_source")
