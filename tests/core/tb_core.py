"""cocotb bench for rtl/core/mccp_core.sv (see tests/core/rtl_core.py for the harness)."""

from __future__ import annotations

import os

import cocotb

from mccp.asm import assemble_text
from mccp.task import Task, Word, make_task
from rtl_core import assert_same, iss_run, run_on_rtl

DECRYPT_ENABLE = os.environ.get("CORE_DECRYPT_ENABLE", "1") == "1"
DIGIT_BITS = int(os.environ.get("CORE_DIGIT_BITS", "32"))
KEY128 = bytes(range(16))


def iss(prog, key, tasks, **kw):
    return iss_run(prog, key, tasks, digit_bits=DIGIT_BITS, decrypt_enable=DECRYPT_ENABLE, **kw)


async def check(dut, text, tasks, key=KEY128, **kw):
    prog = assemble_text(text)
    rtl = await run_on_rtl(dut, prog, key, tasks, **kw)
    ref = iss(prog, key, tasks)
    for i, (a, b) in enumerate(zip(rtl, ref)):
        assert_same(a, b, f"task {i}")
    return rtl


def one_word_task(entry=0, args=(0, 0, 0, 0), data=0):
    return Task(entry, args, [Word(data, True)])


@cocotb.test()
async def smoke(dut):
    res = await check(dut, "vld v0\ndone 0\n", [one_word_task()])
    assert res[0].status == 0 and res[0].cycles == 3, res[0]
