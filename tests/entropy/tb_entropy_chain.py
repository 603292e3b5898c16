"""cocotb bench for the entropy source's simulation model with the health tests and the raw
block collector (tests/entropy/hdl/tb_entropy_chain.sv).

Each fault is injected through the model's knobs from a known sample on; the test computes
from the knobs and 90B's cutoffs (its own binomial, not mccp.entropy.health) how many samples
the alarm may take, and checks that the right test raised it within that, not before the
fault, and that no raw block is offered after it."""

from __future__ import annotations

import math
import os

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, ReadOnly, RisingEdge

RINGS = 24
SAMPLE_DIV = 3                    # a sample every 4 clocks
WINDOW = 1024
H_CLAIM, ALPHA_LOG2 = 0.5, 40     # the claim the cutoffs below are for
ONE = 65536                       # the model's rates are in 1/65536


def rct_cutoff(h: float, alpha_log2: int) -> int:
    return 1 + math.ceil(alpha_log2 / h)


def binom_tail_ge(n: int, p: float, k: int) -> float:
    """P(X >= k), X ~ Binomial(n, p), by direct summation of exact terms."""
    return sum(math.comb(n, j) * p ** j * (1 - p) ** (n - j) for j in range(k, n + 1))


def apt_cutoff(h: float, alpha_log2: int) -> int:
    p, alpha = 2.0 ** -h, 2.0 ** -alpha_log2
    k = WINDOW
    while binom_tail_ge(WINDOW, p, k) <= alpha:
        k -= 1
    return k + 1                  # the smallest C with P(X >= C) <= alpha


RCT_C = rct_cutoff(H_CLAIM, ALPHA_LOG2)
APT_C = apt_cutoff(H_CLAIM, ALPHA_LOG2)


def xor_p1(p_ring: float, rings: int) -> float:
    """P(1) of the XOR of independent rings showing 1 with p_ring (piling-up lemma)."""
    return 0.5 - 0.5 * (1 - 2 * p_ring) ** rings


class Chain:
    def __init__(self, dut):
        self.dut = dut
        self.model = dut.u_src.g_model.u_model

    async def start(self, seed: int) -> None:
        dut = self.dut
        cocotb.start_soon(Clock(dut.clk_i, 10, unit="ns").start())
        dut.en_i.value = 0
        dut.restart_i.value = 0
        dut.rct_cutoff_i.value = RCT_C
        dut.apt_cutoff_i.value = APT_C
        dut.raw_ready_i.value = 1
        self.model.seed.value = seed
        dut.rst_ni.value = 0
        await ClockCycles(dut.clk_i, 2)
        dut.rst_ni.value = 1
        dut.en_i.value = 1
        dut.restart_i.value = 1
        await RisingEdge(dut.clk_i)
        dut.restart_i.value = 0

    def fault(self, at_sample: int, p1: float = 0.5, corr: float = 0.0, dead: int = 0,
              die_every: int = 0, stuck: int = -1) -> None:
        m = self.model
        m.p1.value = round(p1 * ONE)
        m.corr.value = round(corr * ONE)
        m.dead.value = dead
        m.die_every.value = die_every
        m.stuck.value = stuck & 0xFFFFFFFF
        m.fault_at.value = at_sample

    async def run_until_alarm(self, max_samples: int, check_every: int = 256) -> int | None:
        """Samples tested when the alarm rose (None: no alarm within max_samples); checks
        that no raw block is offered while the alarm is up."""
        dut = self.dut
        while True:
            await ClockCycles(dut.clk_i, check_every)
            await ReadOnly()
            n = int(dut.samples_o.value)
            if int(dut.alarm_o.value):
                assert int(dut.raw_valid_o.value) == 0, "a raw block offered in alarm"
                return n
            if n >= max_samples:
                return None


async def nominal(dut, samples: int) -> None:
    c = Chain(dut)
    await c.start(seed=11)
    got = await c.run_until_alarm(samples, check_every=4096)
    assert got is None, f"false alarm at sample {got}"
    assert int(dut.startup_done_o.value) == 1
    assert int(dut.rct_max_o.value) < RCT_C and int(dut.apt_max_o.value) < APT_C


@cocotb.test()
async def nominal_source(dut):
    """The ideal model: start-up passes and no alarm (10^6 samples with ENTROPY_LONG=1)."""
    await nominal(dut, 1_000_000 if os.environ.get("ENTROPY_LONG") == "1" else 60_000)


@cocotb.test()
async def stuck_at(dut):
    """Every ring stuck (the XOR at 1) from sample T: the RCT fires within RCT_C samples of T
    (the run may have begun before T), never before it.  (Stuck at 0: dead_rings.)"""
    c = Chain(dut)
    fault_at = 3000
    await c.start(seed=20)
    c.fault(fault_at, stuck=1)
    got = await c.run_until_alarm(fault_at + 4 * RCT_C, check_every=8)
    assert got is not None, "no alarm"
    assert fault_at < got <= fault_at + RCT_C + 4, got
    assert int(dut.rct_fail_o.value) == 1


@cocotb.test()
async def dead_rings(dut):
    """All rings dead from sample T: the combined output is constant, the RCT fires."""
    c = Chain(dut)
    fault_at = 2500
    await c.start(seed=30)
    c.fault(fault_at, dead=RINGS)
    got = await c.run_until_alarm(fault_at + 4 * RCT_C, check_every=8)
    assert got is not None and fault_at < got <= fault_at + RCT_C + 4
    assert int(dut.rct_fail_o.value) == 1


@cocotb.test()
async def heavy_bias(dut):
    """Rings biased so that their XOR shows one value with p ~ 0.85 (min-entropy 0.23, below
    the claimed 0.5): the APT fires, the RCT does not.  A window misses the fault when it
    starts with the rare value or its count stays under the cutoff; the bound is the number
    of windows after which all would have missed with probability < 1e-6 (the binomial here)."""
    p_ring = 0.5 + 0.5 * 0.7 ** (1 / RINGS)
    p_maj = max(xor_p1(p_ring, RINGS), 1 - xor_p1(p_ring, RINGS))
    assert 0.84 < p_maj < 0.86
    miss = (1 - p_maj) + p_maj * (1 - binom_tail_ge(WINDOW - 1, p_maj, APT_C - 1))
    windows = math.ceil(math.log(1e-6) / math.log(miss))
    c = Chain(dut)
    fault_at = 5000
    await c.start(seed=40)
    c.fault(fault_at, p1=p_ring)
    bound = fault_at + (windows + 1) * WINDOW
    got = await c.run_until_alarm(bound + WINDOW, check_every=64)
    assert got is not None and fault_at < got <= bound + 16, (got, bound)
    assert int(dut.apt_fail_o.value) == 1 and int(dut.rct_fail_o.value) == 0


@cocotb.test()
async def high_correlation(dut):
    """Each ring repeats its last value with probability c: the XOR flips with probability
    f per sample and runs grow to 1/f; the RCT fires within the number of samples after
    which a run of RCT_C would have been missed with probability < 1e-6."""
    c_rep = 0.999
    q = (1 - c_rep) * 0.5                              # a ring flips: redrawn and changed
    f = 0.5 - 0.5 * (1 - 2 * q) ** RINGS               # an odd number of rings flip
    r = (1 - f) ** (RCT_C - 1)                         # a run reaches RCT_C
    runs = math.log(1e-6) / math.log(1 - r)            # runs until one did, at 1 - 1e-6
    bound = int(runs * 3 / f) + RCT_C                  # generous: 3x the mean run length
    c = Chain(dut)
    fault_at = 4000
    await c.start(seed=50)
    c.fault(fault_at, corr=c_rep)
    got = await c.run_until_alarm(fault_at + bound, check_every=64)
    assert got is not None and got > fault_at, got
    assert int(dut.rct_fail_o.value) == 1


@cocotb.test()
async def dying_rings(dut):
    """Weak rings (P(1) = 0.9 each) dying one every D samples: the XOR stays near 0.5 while
    many live; the alarm must not come while 5 or more live (the output's min-entropy is
    then above the claim, p <= 0.664) and must come by the time the last died, plus the RCT
    cutoff."""
    die_every = 1500
    c = Chain(dut)
    await c.start(seed=60)
    c.fault(0, p1=0.9, die_every=die_every)
    last_death = RINGS * die_every
    got = await c.run_until_alarm(last_death + 4 * RCT_C, check_every=64)
    assert got is not None, "no alarm"
    alive_at_alarm = RINGS - got // die_every
    assert xor_p1(0.9, 5) < 0.67
    assert alive_at_alarm < 5, f"alarm with {alive_at_alarm} rings alive"
    assert got <= last_death + RCT_C + 64
