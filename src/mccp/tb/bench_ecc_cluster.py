"""cocotb benchmark of mccp_ecc_cluster: the units sharing one microcode memory (paper 002's
Table I).

The firmware (firmware/ecc/ec.s) is loaded through the microcode write port, which empties
every unit's instruction buffer.  Then rounds: in each, the first `ECC_ACTIVE` units (all by
default) start a task in the same cycle, and each unit's cycles are counted from its start
handshake to its result (the count the ISS gives for a unit alone on the port).  The first
round runs from empty buffers (cold), each later one from the buffers the round before left
(warm).  Each unit's output words and status are checked against the expected ones the caller
computed with an independent reference; a figure is never reported for a wrong answer.  Also
counted per unit: the line fetches it was granted and the cycles its requests waited for the
port (another unit granted first).

Input (environment): ECC_ROUNDS, JSON [[{"entry": name, "args": [curve id, argument 1], "words": input
words, "want": output words} per unit] per round].
Writes JSON to $MCCP_BENCH_OUT: [{"cycles": [...], "fetches": [...], "waits": [...]} per round].
"""

from __future__ import annotations

import json
import os

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ReadOnly, RisingEdge

from mccp.asm import assemble_file
from mccp.isa import load
from mccp.paths import ROOT

FIRMWARE = ROOT / "firmware" / "ecc" / "ec.s"
WORD = (1 << 128) - 1


def _slice(value: int, i: int, width: int) -> int:
    return (value >> (i * width)) & ((1 << width) - 1)


def _pack(values: list[int], width: int) -> int:
    out = 0
    for i, v in enumerate(values):
        out |= v << (i * width)
    return out


async def _load(dut, words: list[int]) -> None:
    for addr, w in enumerate(words):
        dut.mc_we_i.value = 1
        dut.mc_waddr_i.value = addr
        dut.mc_wdata_i.value = w
        await RisingEdge(dut.clk_i)
    dut.mc_we_i.value = 0
    for _ in range(3):
        await RisingEdge(dut.clk_i)


async def _round(dut, units: int, specs: list[dict], entry_bits: int, max_cycles: int) -> dict:
    """One task on each of the first len(specs) units, all started in the same cycle."""
    n = len(specs)
    words = [s["words"] for s in specs]
    rd, took, cycle, done = [0] * n, [False] * n, [0] * n, [False] * n
    out: list[list[int]] = [[] for _ in range(n)]
    status, fetches, waits = [0] * n, [0] * n, [0] * n
    dut.start_entry_i.value = _pack([s["entry"] for s in specs] + [0] * (units - n), entry_bits)
    dut.start_args_i.value = _pack([(s["args"][0] << 96) | (s["args"][1] << 64) for s in specs]
                                   + [0] * (units - n), 128)
    dut.start_valid_i.value = (1 << n) - 1
    dut.res_ready_i.value = (1 << units) - 1
    while not all(done):
        await RisingEdge(dut.clk_i)
        valid, data, last, start = 0, [0] * units, 0, 0
        for u in range(n):
            if took[u]:
                rd[u] += 1
            if not cycle[u] and not done[u]:
                start |= 1 << u
            if rd[u] < len(words[u]):
                valid |= 1 << u
                data[u] = words[u][rd[u]]
                last |= int(rd[u] == len(words[u]) - 1) << u
        dut.start_valid_i.value = start
        dut.in_valid_i.value = valid
        dut.in_data_i.value = _pack(data, 128)
        dut.in_last_i.value = last
        await ReadOnly()
        busy, ready = int(dut.busy_o.value), int(dut.in_ready_o.value)
        we, res = int(dut.out_we_o.value), int(dut.res_valid_o.value)
        req, gnt = int(dut.req.value), int(dut.gnt.value)
        odata = int(dut.out_data_o.value) if we else 0
        st = int(dut.res_status_o.value) if res else 0
        for u in range(n):
            if done[u]:
                continue
            if cycle[u] or busy >> u & 1:
                cycle[u] += 1
            took[u] = bool(valid >> u & 1 and ready >> u & 1)
            fetches[u] += gnt >> u & 1
            waits[u] += (req >> u & 1) and not (gnt >> u & 1)
            if we >> u & 1:
                out[u].append(_slice(odata, u, 128))
            if res >> u & 1:
                status[u], done[u] = _slice(st, u, 8), True
            assert cycle[u] < max_cycles, f"unit {u} did not finish within {max_cycles} cycles"
    await RisingEdge(dut.clk_i)
    dut.in_valid_i.value = 0
    dut.start_valid_i.value = 0
    for _ in range(4):
        await RisingEdge(dut.clk_i)
    for u, s in enumerate(specs):
        assert status[u] == 0, f"unit {u}: status {status[u]}"
        assert out[u] == s["want"], f"unit {u}: wrong output"
    return {"cycles": cycle, "fetches": fetches, "waits": waits}


@cocotb.test()
async def cluster(dut):
    rounds = json.loads(os.environ["ECC_ROUNDS"])
    units = len(dut.busy_o)
    prog = assemble_file(FIRMWARE, isa=load("ecc"))
    entry_bits = len(dut.start_entry_i) // units
    cocotb.start_soon(Clock(dut.clk_i, 10, unit="ns").start())
    for name in ("mc_we_i", "start_valid_i", "in_valid_i", "res_ready_i", "in_last_i"):
        getattr(dut, name).value = 0
    dut.out_space_i.value = (1 << units) - 1
    dut.rst_ni.value = 0
    for _ in range(3):
        await RisingEdge(dut.clk_i)
    dut.rst_ni.value = 1
    await _load(dut, prog.words)
    results = []
    for i, specs in enumerate(rounds):
        assert len(specs) <= units
        specs = [{**s, "entry": prog.entries[s["entry"]]} for s in specs]
        r = await _round(dut, units, specs, entry_bits, max_cycles=100_000)
        dut._log.info("round %d, %d of %d units: cycles %s, fetches %s, waits %s", i, len(specs), units,
                      r["cycles"], r["fetches"], r["waits"])
        results.append(r)
    with open(os.environ["MCCP_BENCH_OUT"], "w") as handle:
        json.dump(results, handle)
