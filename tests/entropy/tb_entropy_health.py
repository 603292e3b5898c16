"""cocotb bench for rtl/entropy/mccp_entropy_health.sv, samples driven from Python.

The expected failures, counters and start-up are computed here from the sample stream by the
definitions of SP 800-90B 4.4.1 (RCT) and 4.4.2 (APT, window 1024), not from the RTL."""

from __future__ import annotations

import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ReadOnly, RisingEdge

WINDOW = 1024
STARTUP = 1024


class Expect:
    """The health tests as 90B defines them, on the samples since a restart."""

    def __init__(self, rct_c: int, apt_c: int):
        self.rct_c, self.apt_c = rct_c, apt_c
        self.n = 0
        self.last = None
        self.run = 0
        self.ref = None
        self.cnt = 0
        self.rct_max = self.apt_max = 0
        self.rct_fail = self.apt_fail = False

    def push(self, s: int) -> bool:
        """One sample; True if it may be used (start-up over, no failure up to and with it)."""
        self.run = self.run + 1 if s == self.last else 1
        self.last = s
        if self.n % WINDOW == 0:
            self.ref, self.cnt = s, 1
        elif s == self.ref:
            self.cnt += 1
        self.n += 1
        self.rct_max = max(self.rct_max, self.run)
        self.apt_max = max(self.apt_max, self.cnt)
        self.rct_fail |= self.run >= self.rct_c
        self.apt_fail |= self.cnt >= self.apt_c
        return self.n > STARTUP and not (self.rct_fail or self.apt_fail)

    @property
    def startup_done(self) -> bool:
        return self.n >= STARTUP and not self.failed_in_startup

    failed_in_startup = False


async def start(dut, rct_c: int, apt_c: int) -> None:
    cocotb.start_soon(Clock(dut.clk_i, 10, unit="ns").start())
    dut.restart_i.value = 0
    dut.sample_valid_i.value = 0
    dut.sample_i.value = 0
    dut.rct_cutoff_i.value = rct_c
    dut.apt_cutoff_i.value = apt_c
    dut.rst_ni.value = 0
    await RisingEdge(dut.clk_i)
    dut.rst_ni.value = 1
    await RisingEdge(dut.clk_i)


async def restart(dut) -> None:
    dut.restart_i.value = 1
    await RisingEdge(dut.clk_i)
    dut.restart_i.value = 0


async def feed(dut, samples: list[int], exp: Expect, rng: random.Random) -> int | None:
    """Drive the samples (with idle cycles between some), check use_o, alarm and counters
    after each; return the index of the sample that raised the alarm (None if none)."""
    alarm_at = None
    for i, s in enumerate(samples):
        while rng.random() < 0.2:
            dut.sample_valid_i.value = 0
            await RisingEdge(dut.clk_i)
        dut.sample_valid_i.value = 1
        dut.sample_i.value = s
        failed_before = exp.rct_fail or exp.apt_fail
        done_before = exp.n >= STARTUP and not failed_before
        use = exp.push(s)
        await ReadOnly()
        assert int(dut.use_o.value) == int(use and done_before), f"use_o at sample {i}"
        await RisingEdge(dut.clk_i)
        dut.sample_valid_i.value = 0
        await ReadOnly()
        failed = exp.rct_fail or exp.apt_fail
        assert int(dut.alarm_o.value) == int(failed), f"alarm_o after sample {i}"
        assert int(dut.rct_fail_o.value) == int(exp.rct_fail)
        assert int(dut.apt_fail_o.value) == int(exp.apt_fail)
        assert int(dut.samples_o.value) == exp.n
        assert int(dut.rct_max_o.value) == exp.rct_max
        assert int(dut.apt_max_o.value) == exp.apt_max
        if exp.n <= STARTUP and failed:
            exp.failed_in_startup = True
        assert int(dut.startup_done_o.value) == int(exp.startup_done), f"startup_done_o after sample {i}"
        if failed and alarm_at is None:
            alarm_at = i
        await RisingEdge(dut.clk_i)
    dut.sample_valid_i.value = 0
    return alarm_at


@cocotb.test()
async def nominal_and_runs(dut):
    """Random samples: no alarm, start-up after 1024, counters exact.  Then a run of C-1
    identical samples passes and a run of C fails at its C-th sample; a restart clears the
    alarm and needs a fresh start-up."""
    rct_c, apt_c = 41, 793
    await start(dut, rct_c, apt_c)
    rng = random.Random(5)
    await restart(dut)
    exp = Expect(rct_c, apt_c)
    assert await feed(dut, [rng.getrandbits(1) for _ in range(3000)], exp, rng) is None
    flip = 1 - exp.last
    assert await feed(dut, [flip] * (rct_c - 1) + [1 - flip], exp, rng) is None
    at = await feed(dut, [flip] * rct_c + [1 - flip] * 3, exp, rng)
    assert at == rct_c - 1 and exp.rct_fail and not exp.apt_fail
    await restart(dut)
    exp = Expect(rct_c, apt_c)
    assert await feed(dut, [rng.getrandbits(1) for _ in range(1100)], exp, rng) is None


@cocotb.test()
async def adaptive_proportion(dut):
    """A window holding its first value C-1 times passes, C times fails at the sample that
    makes it C; the count restarts with each window; a failure inside start-up keeps
    startup_done_o low."""
    rct_c, apt_c = 200, 700
    await start(dut, rct_c, apt_c)
    rng = random.Random(6)

    def window(first: int, count: int) -> list[int]:
        """A window starting with `first` and holding it `count` times, runs kept short."""
        rest = [first] * (count - 1) + [1 - first] * (WINDOW - count)
        rng.shuffle(rest)
        return [first] + rest

    await restart(dut)
    exp = Expect(rct_c, apt_c)
    assert await feed(dut, window(1, apt_c - 1) + window(0, apt_c - 1), exp, rng) is None
    at = await feed(dut, window(0, apt_c), exp, rng)
    assert at is not None and exp.apt_fail and not exp.rct_fail
    await restart(dut)
    exp = Expect(rct_c, apt_c)
    at = await feed(dut, window(1, apt_c) + [rng.getrandbits(1) for _ in range(10)], exp, rng)
    assert at is not None and at < WINDOW and int(dut.startup_done_o.value) == 0
