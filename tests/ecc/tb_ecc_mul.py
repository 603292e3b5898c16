"""cocotb bench for rtl/ecc/mccp_ecc_mul.sv (digit-serial GF(2^m) multiplier), clock-exact.

Reference: galois_ref (the `galois` package).  Every supported field of each instance
gets the edge operand pairs (0, 1, all ones below x^m, x^(m-1), each with each) and random
pairs, run as one stream of tasks: mostly back to back (a start in the clock of the
previous done), some with idle clocks between, a few abandoned by a start while busy, a
few with a field index the build lacks (computed as field 0).

The contract checked in every clock (t = a start clock, c = ceil(m / Digit)):
busy_o high exactly in t .. t+c-1, last_o exactly in t+c-1 with r_o = a * b mod f then,
ending_o exactly in t+c-1 when c > 1 (also if a start in that clock abandons the task),
done_o exactly in t+c, p_o = a * b mod f in t+c and held through the next start clock,
the bits of p_o at and above m zero.
Outside its start clock every task's a_i, b_i and field_i are random (all MaxM bits, any
field index), so a unit that read them after the start clock fails.

Inputs are written at the falling edge and the outputs read 1 ns later (busy_o depends
combinationally on start_i); the bench drives by hand because the contract is per clock.

The top holds one instance per (MaxM, Digit, Karatsuba) (tests/fabric/multitop.py).
Knobs: MULTI_INSTANCES (set by the pytest wrapper), ECC_MUL_RANDOM (random pairs per
field), ECC_MUL_SEED.
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, Timer

from mccp.ref import ec_galois as galois_ref
from multitop import Prefixed, instances_from_env

INSTANCES = instances_from_env()
N_RANDOM = int(os.environ.get("ECC_MUL_RANDOM", "24"))
SEED = int(os.environ.get("ECC_MUL_SEED", "1"))


def steps(field: int, digit: int) -> int:
    return -(-galois_ref.field_m(field) // digit)


@dataclass
class Task:
    field: int        # the index driven on field_i
    ref_field: int    # the field it computes in (0 for an unsupported index)
    a: int
    b: int
    start: int = 0    # clock of start_i
    steps: int = 0

    @property
    def expected(self) -> int:
        return galois_ref.mul(self.ref_field, self.a, self.b)


def make_tasks(rng: random.Random, max_m: int, digit: int) -> list[Task]:
    tasks = []
    fields = galois_ref.supported(max_m)
    for f in fields:
        edges = galois_ref.edge_operands(f)
        pairs = [(a, b) for a in edges for b in edges]
        pairs += [(galois_ref.random_element(rng, f), galois_ref.random_element(rng, f)) for _ in range(N_RANDOM)]
        tasks += [Task(f, f, a, b) for a, b in pairs]
    for f in [i for i in range(4) if i not in fields]:
        for _ in range(2):
            tasks.append(Task(f, 0, galois_ref.random_element(rng, 0), galois_ref.random_element(rng, 0)))
    rng.shuffle(tasks)
    return tasks


def schedule(rng: random.Random, tasks: list[Task], digit: int) -> int:
    """Set each task's start clock; return the clock after the last done.  A start is
    mostly back to back, sometimes after 1-3 idle clocks, sometimes (a restart) while the
    previous task is still busy."""
    t = 4
    prev = None
    for task in tasks:
        task.steps = steps(task.ref_field, digit)
        if prev is not None:
            t = prev.start + prev.steps
            r = rng.random()
            if r < 0.05 and prev.steps > 1:
                t = prev.start + rng.randrange(1, prev.steps)      # abandons prev
            elif r < 0.3:
                t += rng.randint(1, 3)
        task.start = t
        prev = task
    return prev.start + prev.steps + 3


def expectations(tasks: list[Task], end: int) -> tuple[dict, set, set, dict, dict, set]:
    """Per clock: the task started (by clock), busy clocks, done clocks, the p_o value that
    must be shown (by clock), the task whose last step is taken (by clock: last_o, r_o) and
    the ending_o clocks."""
    starts = {task.start: task for task in tasks}
    busy, done, p_at, last_at, ending = set(), set(), {}, {}, set()
    for i, task in enumerate(tasks):
        nxt = tasks[i + 1].start if i + 1 < len(tasks) else end
        finish = task.start + task.steps
        busy.update(range(task.start, min(finish, nxt)))
        if nxt >= finish - 1 and task.steps > 1:
            ending.add(finish - 1)
        if nxt >= finish:                       # not abandoned
            done.add(finish)
            last_at[finish - 1] = task
            for c in range(finish, min(nxt, end - 1) + 1):
                p_at[c] = task
    return starts, busy, done, p_at, last_at, ending


async def reset(dut) -> None:
    await FallingEdge(dut.clk_i)
    dut.rst_ni.value = 0
    dut.start_i.value = 0
    dut.field_i.value = 0
    dut.a_i.value = 0
    dut.b_i.value = 0
    await FallingEdge(dut.clk_i)
    await FallingEdge(dut.clk_i)
    dut.rst_ni.value = 1


async def run_instance(dut, prefix: str, params: dict, rng: random.Random) -> None:
    max_m, digit = params["MaxM"], params["Digit"]
    tasks = make_tasks(rng, max_m, digit)
    end = schedule(rng, tasks, digit)
    starts, busy, done, p_at, last_at, ending = expectations(tasks, end)
    await reset(dut)
    assert int(dut.busy_o.value) == 0 and int(dut.done_o.value) == 0 and int(dut.p_o.value) == 0, \
        f"{prefix}: outputs after reset"
    for clk in range(end):
        await FallingEdge(dut.clk_i)
        task = starts.get(clk)
        if task is not None:
            dut.start_i.value = 1
            dut.field_i.value = task.field
            dut.a_i.value = task.a
            dut.b_i.value = task.b
        else:
            dut.start_i.value = 0
            dut.field_i.value = rng.randrange(4)
            dut.a_i.value = rng.getrandbits(max_m)
            dut.b_i.value = rng.getrandbits(max_m)
        await Timer(1, unit="ns")
        where = f"{prefix} clock {clk}"
        assert int(dut.busy_o.value) == (clk in busy), f"{where}: busy_o {int(dut.busy_o.value)}"
        assert int(dut.done_o.value) == (clk in done), f"{where}: done_o {int(dut.done_o.value)}"
        assert int(dut.last_o.value) == (clk in last_at), f"{where}: last_o {int(dut.last_o.value)}"
        assert int(dut.ending_o.value) == (clk in ending), f"{where}: ending_o {int(dut.ending_o.value)}"
        if clk in last_at:
            t = last_at[clk]
            assert int(dut.r_o.value) == t.expected, f"{where}: r_o {int(dut.r_o.value):#x}, expected {t.expected:#x}"
        if clk in p_at:
            t = p_at[clk]
            p = int(dut.p_o.value)
            m = galois_ref.field_m(t.ref_field)
            assert p >> m == 0, f"{where}: p_o has bits at or above x^{m}: {p:#x}"
            assert p == t.expected, (f"{where}: field {t.field} a={t.a:#x} b={t.b:#x} (started {t.start}): "
                                     f"p_o {p:#x}, expected {t.expected:#x}")
    dut._log.info(f"{prefix}: MaxM {max_m} Digit {digit} Karatsuba {params.get('Karatsuba', 0)}: "
                  f"{len(tasks)} tasks in {end} clocks")


@cocotb.test()
async def test_mul_contract(dut):
    """Every instance: edge and random operands in every supported field, clock-exact."""
    cocotb.start_soon(Clock(dut.clk_i, 10, unit="ns").start())
    rng = random.Random(SEED)
    for prefix, params in INSTANCES:
        await run_instance(Prefixed(dut, prefix), prefix, params, rng)
