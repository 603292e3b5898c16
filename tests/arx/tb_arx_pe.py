"""cocotb bench: the ARX element (rtl/arx/mccp_arx_pe.sv) in lock-step with the ISS
(mccp.iss.arx).

The firmware image comes from the pytest wrapper (ARX_IMAGE: words and constants); each task
(ARX_TASKS: entry, argument words, body words, key) runs on the RTL and on an ArxElement with
the same image.  For every task the bench compares, instruction by instruction, the retire
events (pc, word, register written and its value, cycle; an `arx` gives two, the second write
port's after the first's), then the output words and their byte counts, the status and the
cycles from the start handshake to the result.  A task with "stream" names words written into
the instruction memory while it runs (address, word, the cycle to write them in), on the RTL
and (at the same point of the run) the ISS.  With ARX_STALLS = "p,q" the input shows no word
in a cycle with probability p and the output has no room with probability q: the RTL then
takes more cycles than the ISS, and the bench compares what must not change (the retire events
but their cycles, the output, the status).  The ISS itself is checked against independent
references by the pytest side; here only RTL == ISS.
"""

from __future__ import annotations

import json
import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ReadOnly, RisingEdge

from mccp.aes.task import Task, Word
from mccp.iss.arx import ArxElement, Config


def _u(sig) -> int:
    return int(sig.value)


async def _load(dut, words, consts):
    for addr, w in enumerate(words):
        dut.im_we_i.value, dut.im_waddr_i.value, dut.im_wdata_i.value = 1, addr, w
        await RisingEdge(dut.clk_i)
    dut.im_we_i.value = 0
    for addr, w in enumerate(consts):
        dut.cm_we_i.value, dut.cm_waddr_i.value, dut.cm_wdata_i.value = 1, addr, w
        await RisingEdge(dut.clk_i)
    dut.cm_we_i.value = 0
    await RisingEdge(dut.clk_i)


IN_GAP, OUT_STALL = (float(x) for x in os.environ.get("ARX_STALLS", "0,0").split(","))
STALLS = random.Random(5)


async def _run(dut, task: Task, key: int, key_len: int, stream: list, max_cycles: int):
    """One task: (retire events, output words, status, cycles)."""
    words = list(task.words)
    dut.start_entry_i.value = task.entry
    dut.start_args_i.value = sum((a & 0xFFFFFFFF) << (96 - 32 * i) for i, a in enumerate(task.args))
    dut.start_key_i.value = key
    dut.start_key_len_i.value = key_len
    dut.start_empty_i.value = int(not words)
    dut.start_valid_i.value = 1
    dut.res_ready_i.value = 1
    rd, cycle, took = 0, 0, False
    retired, out = [], []
    pending = sorted(stream, key=lambda s: s[2])
    while True:
        await RisingEdge(dut.clk_i)
        if took:
            rd += 1
        if cycle:
            dut.start_valid_i.value = 0
        gap = STALLS.random() < IN_GAP
        dut.in_valid_i.value = int(rd < len(words) and not gap)
        dut.out_space_i.value = int(STALLS.random() >= OUT_STALL)
        if rd < len(words):
            dut.in_data_i.value = words[rd].data
            dut.in_last_i.value = int(words[rd].last)
        # the imem write port: words due in the next cycle (cycle + 1)
        due = [s for s in pending if s[2] == cycle + 1]
        if due:
            addr, word, _ = due[0]
            dut.im_we_i.value, dut.im_waddr_i.value, dut.im_wdata_i.value = 1, addr, word
            pending.remove(due[0])
        else:
            dut.im_we_i.value = 0
        await ReadOnly()
        if cycle or _u(dut.busy_o):
            cycle += 1
        took = bool(rd < len(words) and _u(dut.in_ready_o) and _u(dut.in_valid_i))
        if _u(dut.out_we_o):
            assert _u(dut.out_space_i), "an output word written without room"
        if not cycle:
            continue
        if _u(dut.trace_valid_o):
            pc, insn, t = _u(dut.trace_pc_o), _u(dut.trace_insn_o), _u(dut.trace_cycle_o)
            events = []
            if _u(dut.trace_we_o):
                events.append((("c" if _u(dut.trace_creg_o) else "v") + str(_u(dut.trace_reg_o)), _u(dut.trace_data_o)))
            if _u(dut.trace2_we_o):
                events.append((f"v{_u(dut.trace2_reg_o)}", _u(dut.trace2_data_o)))
            for reg, value in events or [(None, None)]:
                retired.append((pc, insn, reg, value, t))
        if _u(dut.out_we_o):
            out.append((_u(dut.out_data_o), _u(dut.out_bytes_o)))
        if _u(dut.res_valid_o):
            status = _u(dut.res_status_o)
            await RisingEdge(dut.clk_i)
            dut.in_valid_i.value = 0
            dut.im_we_i.value = 0
            return retired, out, status, cycle
        assert cycle < max_cycles, "the RTL did not finish"


@cocotb.test()
async def lockstep(dut):
    image = json.loads(os.environ["ARX_IMAGE"])
    tasks = json.loads(os.environ["ARX_TASKS"])
    iss = ArxElement(image["words"], image["consts"], Config(pi_phi=os.environ.get("ARX_PI_PHI", "1") == "1"))
    cocotb.start_soon(Clock(dut.clk_i, 10, unit="ns").start())
    for name in ("im_we_i", "cm_we_i", "start_valid_i", "in_valid_i", "res_ready_i", "in_last_i", "abort_i",
                 "start_empty_i", "start_key_i", "start_key_len_i"):
        getattr(dut, name).value = 0
    dut.out_space_i.value = 1
    dut.rst_ni.value = 0
    for _ in range(3):
        await RisingEdge(dut.clk_i)
    dut.rst_ni.value = 1
    await _load(dut, image["words"], image["consts"])
    for n, spec in enumerate(tasks):
        task = Task(spec["entry"], tuple(spec["args"]),
                    [Word(w, i == len(spec["words"]) - 1) for i, w in enumerate(spec["words"])])
        stream = [tuple(s) for s in spec.get("stream", [])]
        key, key_len = spec.get("key", 0), spec.get("key_len", 0)
        want = iss.run(task, key, stream=stream, key_len=key_len)
        retired, out, status, cycles = await _run(dut, task, key, key_len, stream, 4 * want.cycles + 1000)
        exp = [(r.pc, r.word, r.reg, r.value, r.cycle) for r in want.retired]
        if IN_GAP or OUT_STALL:                 # the cycles move; nothing else may
            retired, exp, cycles = [g[:4] for g in retired], [e[:4] for e in exp], want.cycles
        for i, (g, e) in enumerate(zip(retired, exp)):
            assert g == e, f"task {n}: retire {i}: RTL {g} != ISS {e} ({want.retired[i]})"
        assert len(retired) == len(exp), (f"task {n}: {len(retired)} retired on the RTL (status {status}, "
                                          f"{cycles} cycles), {len(exp)} on the ISS")
        assert status == want.status, f"task {n}: status {status} != {want.status}"
        if status == 0:
            assert out == want.output, f"task {n}: output differs"
        assert cycles == want.cycles, f"task {n}: cycles {cycles} != {want.cycles}"
        dut._log.info("task %d: %d cycles, status %d, %d instructions", n, cycles, status, want.instructions)
