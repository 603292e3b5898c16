"""cocotb bench for rtl/fabric/mccp_watchdog.sv (task budget and host abort).

The contract of docs/fabric.md "Watchdog and host abort", in cycles: a task started
(start_i) in cycle t, with the request's body of b bytes on offer since cycle t - 1
at least, has the budget B = BASE + PER_WORD * (b // 16 + 4) (4 * PER_WORD on a core of
SlowSlots).  Its core's kill_o
rises in cycle t + 2 + B + w, where w counts the cycles from t + 1 on in which it
waits for the host: its body is open (from t + 1, for a start that is not empty and
not a MAC half, through the cycle of its in_done) and word_valid_i is low, or its
out_wait_i is high.  A CORE_ABORT write in cycle a (task running, from t + 1 until
its res_valid_i) raises kill_o in a + 1.  kill_o stays up until res_fire_i; while it
is up a PARTNER (7) result reads TIMEOUT (12), or ABORTED (13) after a host abort,
and any other status passes unchanged.  A kill of one core of a pair (2p, 2p+1) with
both pair_en_i kills the other in the same cycle with the same cause.  The expected
cycles below are worked out from that text, per scenario.

Knobs: WD_CORES (NumCores of the build), WD_SLOW (its SlowSlots mask).
"""

from __future__ import annotations

import os

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, ReadOnly

N = int(os.environ.get("WD_CORES", "3"))
SLOW = int(os.environ.get("WD_SLOW", "0"))
PARTNER, TIMEOUT, ABORTED, ILLEGAL, OK = 7, 12, 13, 6, 0
INPUTS = ("enable_i", "base_i", "per_word_i", "abort_we_i", "abort_mask_i", "body_bytes_i", "start_i",
          "start_role_i", "start_empty_i", "in_done_valid_i", "in_done_core_i", "word_valid_i",
          "out_wait_i", "pair_en_i", "res_valid_i", "res_fire_i", "res_status_i")


class Tb:
    def __init__(self, dut):
        self.dut = dut
        self.cycle = 0
        self.hold = {"enable_i": 1, "word_valid_i": 1}      # inputs that stay until changed
        self.status = [OK] * N

    async def reset(self):
        dut = self.dut
        cocotb.start_soon(Clock(dut.clk_i, 10, unit="ns").start())
        for name in INPUTS:
            getattr(dut, name).value = 0
        dut.rst_ni.value = 0
        await FallingEdge(dut.clk_i)
        await FallingEdge(dut.clk_i)
        dut.rst_ni.value = 1

    def set(self, **kw):
        self.hold.update(kw)

    async def offer(self, **kw):
        """Holds a new request (its byte counts, WATCHDOG) for the three cycles before its
        earliest start, as the scheduler's key read and pick take."""
        self.set(**kw)
        for _ in range(3):
            await self.step()

    async def step(self, **pulse):
        """One cycle: the held inputs plus one-cycle pulses; returns (kill_o, statuses out)."""
        dut = self.dut
        await FallingEdge(dut.clk_i)
        self.cycle += 1
        values = {**self.hold, **pulse}
        for name in INPUTS:
            if name == "res_status_i":
                continue
            getattr(dut, name).value = values.get(name, 0)
        dut.res_status_i.value = sum(s << (8 * c) for c, s in enumerate(self.status))
        await ReadOnly()
        kill = int(dut.kill_o.value)
        out = int(dut.res_status_o.value)
        return kill, [(out >> (8 * c)) & 0xFF for c in range(N)]

    async def run_until_kill(self, limit: int, **pulse) -> int:
        """Steps until kill_o is nonzero; returns the cycle."""
        for _ in range(limit):
            kill, _ = await self.step(**pulse)
            if kill:
                return self.cycle
        raise AssertionError(f"no kill within {limit} cycles")

    async def finish(self, core: int, status: int, expect: int):
        """The core offers a result with `status`; the output must read `expect`; taken next cycle."""
        self.status[core] = status
        _, out = await self.step(res_valid_i=1 << core)
        assert out[core] == expect, f"core {core}: status {out[core]}, expected {expect}"
        kill, out = await self.step(res_valid_i=1 << core, res_fire_i=1 << core)
        assert out[core] == expect
        kill, out = await self.step()
        assert not (kill >> core) & 1, "kill_o stays up after the result was taken"
        assert out[core] == status
        self.status[core] = OK


def budget(base, per_word, body, core=None):
    scale = 4 if core is not None and (SLOW >> core) & 1 else 1
    return base + scale * per_word * (body // 16 + 4)


@cocotb.test()
async def test_budget_exact(dut):
    """No waits: kill_o in t + 2 + B, on that core only; PARTNER reads TIMEOUT until taken."""
    tb = Tb(dut)
    await tb.reset()
    for c, (base, per_word, body) in zip([N - 1, 0] * 2 + [N - 1], ((40, 3, 100), (9, 5, 70), (0, 0, 0), (7, 1, 15),
                                                                   (300, 255, 17))):
        b = budget(base, per_word, body, c)
        await tb.offer(base_i=base, per_word_i=per_word, body_bytes_i=body)
        await tb.step(start_i=1 << c, start_empty_i=1)
        t = tb.cycle
        hit = await tb.run_until_kill(b + 10)
        assert hit == t + 2 + b, (base, per_word, body, hit - t)
        kill, _ = await tb.step()
        assert kill == 1 << c
        await tb.finish(c, PARTNER, TIMEOUT)
    # a task ending on its own within budget is not killed, its status unchanged
    await tb.offer(base_i=50, per_word_i=0, body_bytes_i=0)
    await tb.step(start_i=1, start_empty_i=1)
    for _ in range(20):
        kill, _ = await tb.step()
        assert kill == 0
    await tb.finish(0, PARTNER, PARTNER)
    for _ in range(80):
        kill, _ = await tb.step()
        assert kill == 0, "a finished task's counter went on"


@cocotb.test()
async def test_waits_not_counted(dut):
    """Cycles with the body open and no word, or with the output waiting, are not counted;
    after in_done an absent word no longer pauses; a MAC half's start opens no body."""
    tb = Tb(dut)
    await tb.reset()
    base, per_word, body = 30, 2, 64
    b = budget(base, per_word, body)                 # 46
    await tb.offer(base_i=base, per_word_i=per_word, body_bytes_i=body)
    await tb.step(start_i=1)                         # body open from t + 1
    t = tb.cycle
    waits = 0
    pattern = [0, 1, 1, 0, 1, 0, 0, 1]               # word_valid low in these cycles
    for i, low in enumerate(pattern):
        kill, _ = await tb.step(word_valid_i=0 if low else 1)
        waits += low
    kill, _ = await tb.step(in_done_valid_i=1, in_done_core_i=0, word_valid_i=0)   # still open
    waits += 1
    for _ in range(5):                               # closed: no word is no wait now
        await tb.step(word_valid_i=0)
    for _ in range(4):
        await tb.step(out_wait_i=1)
        waits += 1
    hit = await tb.run_until_kill(b + 40)
    assert hit == t + 2 + b + waits, (hit - t, b, waits)
    await tb.finish(0, PARTNER, TIMEOUT)
    # a MAC half (role 2) and an empty packet: an absent word does not pause them
    for kw in ({"start_role_i": 2}, {"start_empty_i": 1}):
        await tb.step()
        await tb.step(start_i=1, **kw)
        t = tb.cycle
        hit = await tb.run_until_kill(b + 10, word_valid_i=0)
        assert hit == t + 2 + b, (kw, hit - t)
        await tb.finish(0, PARTNER, TIMEOUT)


@cocotb.test()
async def test_host_abort(dut):
    """CORE_ABORT: kill_o the next cycle, ABORTED; ignored by an idle core; works with the
    watchdog off, which never expires; a trap's own status is kept."""
    tb = Tb(dut)
    await tb.reset()
    tb.set(enable_i=0, base_i=5, per_word_i=0, body_bytes_i=0)
    kill, _ = await tb.step(abort_we_i=1, abort_mask_i=(1 << N) - 1)       # nothing runs
    kill, _ = await tb.step()
    assert kill == 0
    await tb.step(start_i=1, start_empty_i=1)
    for _ in range(100):
        kill, _ = await tb.step()
        assert kill == 0, "expired with the watchdog off"
    await tb.step(abort_we_i=1, abort_mask_i=1)
    a = tb.cycle
    kill, _ = await tb.step()
    assert kill == 1 and tb.cycle == a + 1
    await tb.finish(0, PARTNER, ABORTED)
    # killed while the core traps on its own: its status stays
    tb.set(enable_i=1)
    await tb.step(start_i=1, start_empty_i=1)
    await tb.run_until_kill(20)
    await tb.finish(0, ILLEGAL, ILLEGAL)


@cocotb.test()
async def test_pair(dut):
    """A split task: a kill of either half kills both in the same cycle, with its cause;
    without pair_en a kill stays on its core."""
    if N < 2:
        return
    tb = Tb(dut)
    await tb.reset()
    await tb.offer(base_i=20, per_word_i=0, body_bytes_i=0)
    b = 20 + 0
    await tb.step(start_i=0b10, start_role_i=2, start_empty_i=1)     # MAC half first
    t = tb.cycle
    tb.set(pair_en_i=0b10)
    await tb.step()
    await tb.step()
    await tb.step(start_i=0b01, start_role_i=1, start_empty_i=1)     # then the I/O half
    tb.set(pair_en_i=0b11)
    hit = await tb.run_until_kill(b + 10)
    assert hit == t + 2 + b
    kill, _ = await tb.step()
    assert kill == 0b11
    tb.set(pair_en_i=0)
    await tb.finish(1, PARTNER, TIMEOUT)
    await tb.finish(0, PARTNER, TIMEOUT)
    # host abort of the I/O half: both ABORTED
    tb.set(enable_i=0)
    await tb.step(start_i=0b10, start_role_i=2, start_empty_i=1)
    await tb.step(start_i=0b01, start_role_i=1)
    tb.set(pair_en_i=0b11)
    await tb.step()
    await tb.step(abort_we_i=1, abort_mask_i=0b01)
    kill, _ = await tb.step()
    assert kill == 0b11
    tb.set(pair_en_i=0)
    await tb.finish(0, PARTNER, ABORTED)
    await tb.finish(1, PARTNER, ABORTED)
    # two lone tasks on cores 0 and 1: an abort of one leaves the other
    await tb.step(start_i=0b01, start_empty_i=1)
    await tb.step(start_i=0b10, start_empty_i=1)
    await tb.step(abort_we_i=1, abort_mask_i=0b10)
    for _ in range(30):
        kill, _ = await tb.step()
        assert kill == 0b10
    await tb.finish(1, PARTNER, ABORTED)
    await tb.step(abort_we_i=1, abort_mask_i=0b01)
    await tb.step()
    await tb.finish(0, PARTNER, ABORTED)
