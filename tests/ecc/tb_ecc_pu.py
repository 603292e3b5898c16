"""cocotb bench: the EC processing unit (rtl/ecc/mccp_ecc_cluster.sv, one
unit) in lock-step with the ISS (mccp.iss.ecc).

The firmware firmware/ecc/ec.s is loaded through the microcode write port;
each task runs on the RTL and on an EcUnit with the same parameters, both
keeping their instruction buffers from task to task.  For every task the
bench compares, instruction by instruction, the retire events (pc, word,
register written and its value, issue cycle; the two of a dual-issue pair in
program order, from trace_* then trace2_*) and the multiplier's
write-backs, then the output words, the status and the cycles from the start
handshake to the result.  The ISS itself is checked against the galois
reference by the pytest side (tests/ecc/test_ecc_pu.py); here only
RTL == ISS.  Tasks come from the pytest wrapper as JSON in ECC_TASKS; a task
with "reload" true is preceded by a reload of the firmware (which empties the
instruction buffer, on the RTL and the ISS alike); "key" is K at the start
(start_key_i: the private scalar of `ec_public`); "firmware" names another
microcode file (under tests/ecc) the task runs from, loaded before it (the
standard image is loaded again before the next task).  With ECC_RESULTS set, the
RTL's cycles, status and output words of every task are written there as
JSON, for the pytest side to check (tests/ecc/test_ecc_ct.py).
"""

from __future__ import annotations

import json
import os

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ReadOnly, RisingEdge

from mccp.aes.task import Task, Word
from mccp.asm import assemble_file
from mccp.ecc.configs import iss_config
from mccp.isa import load
from mccp.iss.ecc import EcUnit
from mccp.paths import ROOT

FIRMWARE = ROOT / "firmware" / "ecc" / "ec.s"
DEBUG = [int(x) for x in os.environ.get("ECC_DEBUG", "").split(",") if x]   # cycles to log: first,last


def _u(sig) -> int:
    return int(sig.value)


async def _load(dut, words):
    for addr, w in enumerate(words):
        dut.mc_we_i.value = 1
        dut.mc_waddr_i.value = addr
        dut.mc_wdata_i.value = w
        await RisingEdge(dut.clk_i)
    dut.mc_we_i.value = 0
    for _ in range(3):
        await RisingEdge(dut.clk_i)


async def _run(dut, task: Task, key: int, max_cycles: int):
    """One task: (retire events, write-backs, output words, status, cycles).

    Cycle 1 is the first cycle after the start handshake (busy_o rises); the
    result's cycle is the first with res_valid_o, as the ISS counts it.
    """
    words = list(task.words)
    dut.start_entry_i.value = task.entry
    dut.start_args_i.value = (task.args[0] << 96) | (task.args[1] << 64)
    dut.start_key_i.value = key
    dut.start_empty_i.value = int(not words)
    dut.start_valid_i.value = 1
    dut.res_ready_i.value = 1
    rd, cycle, took = 0, 0, False
    retired, wbs, out = [], [], []
    while True:
        await RisingEdge(dut.clk_i)
        if took:
            rd += 1
        if cycle:
            dut.start_valid_i.value = 0
        dut.in_valid_i.value = int(rd < len(words))
        if rd < len(words):
            dut.in_data_i.value = words[rd].data
            dut.in_last_i.value = int(words[rd].last)
        await ReadOnly()
        if cycle or _u(dut.busy_o):
            cycle += 1
        took = bool(rd < len(words) and _u(dut.in_ready_o) and _u(dut.in_valid_i))
        if not cycle:
            continue
        if DEBUG and DEBUG[0] <= cycle <= DEBUG[1]:
            pu = dut.g_unit[0].u_pu
            dut._log.info("cycle %d ir_valid %s issue %s stall %s ir %08x pend %s done %s rd %s look %s hit %s fstate %s",
                          cycle, pu.ir_valid_q.value, pu.issue.value, pu.stall.value, _u(pu.ir_q), pu.mul_pend_q.value,
                          pu.mul_done.value, _u(pu.mul_rd_q), pu.look.value, pu.hit.value, pu.fstate_q.value)
            dut._log.info("  ra %d opa %x rf_a %x sq_y %x swap %s", _u(pu.ra), _u(pu.opa), _u(pu.rf_a), _u(pu.sq_y), pu.swap_q.value)
        for port in ("trace", "trace2"):     # the first instruction retiring in the cycle, the second of a pair
            if _u(getattr(dut, f"{port}_valid_o")):
                reg = None
                if _u(getattr(dut, f"{port}_we_o")):
                    reg = ("c" if _u(getattr(dut, f"{port}_creg_o")) else "f") + str(_u(getattr(dut, f"{port}_reg_o")))
                retired.append((_u(getattr(dut, f"{port}_pc_o")), _u(getattr(dut, f"{port}_insn_o")), reg,
                                _u(getattr(dut, f"{port}_data_o")) if reg else None, _u(dut.trace_cycle_o)))
        if _u(dut.trace_wb_valid_o):
            wbs.append((f"f{_u(dut.trace_wb_reg_o)}", _u(dut.trace_wb_data_o), _u(dut.trace_wb_cycle_o)))
        if _u(dut.out_we_o):
            out.append(_u(dut.out_data_o))
        if _u(dut.res_valid_o):
            status = _u(dut.res_status_o)
            await RisingEdge(dut.clk_i)
            dut.in_valid_i.value = 0
            return retired, wbs, out, status, cycle
        assert cycle < max_cycles, "the RTL did not finish"


@cocotb.test()
async def lockstep(dut):
    params = json.loads(os.environ["ECC_CONFIG"])
    tasks = json.loads(os.environ["ECC_TASKS"])
    cfg = iss_config(params)
    prog = assemble_file(FIRMWARE, isa=load("ecc"))
    iss = EcUnit(prog.words, cfg)
    cocotb.start_soon(Clock(dut.clk_i, 10, unit="ns").start())
    for name in ("mc_we_i", "start_valid_i", "in_valid_i", "res_ready_i", "in_last_i", "abort_i", "start_empty_i", "start_key_i"):
        getattr(dut, name).value = 0
    dut.out_space_i.value = 1
    dut.rst_ni.value = 0
    for _ in range(3):
        await RisingEdge(dut.clk_i)
    dut.rst_ni.value = 1
    await _load(dut, prog.words)
    rtl_results = []
    for spec in tasks:
        current = (assemble_file(ROOT / "tests" / "ecc" / spec["firmware"], isa=load("ecc"))
                   if spec.get("firmware") else prog)
        if spec.get("reload") or iss.mcode != current.words:
            await _load(dut, current.words)
            iss.load(current.words)
        task = Task(current.entries[spec["entry"]], (spec["curve"], spec.get("arg", 0), 0, 0),
                    [Word(w, i == len(spec["words"]) - 1) for i, w in enumerate(spec["words"])])
        want = iss.run(task, spec.get("key", 0))
        retired, wbs, out, status, cycles = await _run(dut, task, spec.get("key", 0), want.cycles + 1000)
        exp = [(r.pc, r.word, r.reg, r.value, r.cycle) for r in want.retired]
        for i, (g, e) in enumerate(zip(retired, exp)):
            assert g == e, f"{spec['entry']} {spec['curve']}: retire {i}: RTL {g} != ISS {e} ({want.retired[i]})"
        assert len(retired) == len(exp), (f"{len(retired)} retired on the RTL (status {status}, {cycles} cycles), "
                                          f"{len(exp)} on the ISS; next: {want.retired[len(retired)]}")
        assert wbs == [(w.reg, w.value, w.cycle) for w in want.writebacks]
        assert out == [d for d, _ in want.output] or (want.status != 0 and status == want.status)
        assert status == want.status, f"status {status} != {want.status}"
        assert cycles == want.cycles, f"cycles {cycles} != {want.cycles}"
        dut._log.info("%s %s: %d cycles, status %d, %d instructions", spec["entry"], spec["curve"],
                      cycles, status, len(retired))
        rtl_results.append({"cycles": cycles, "status": status, "out": out})
    if os.environ.get("ECC_RESULTS"):
        with open(os.environ["ECC_RESULTS"], "w") as handle:
            json.dump(rtl_results, handle)
