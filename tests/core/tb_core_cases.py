"""cocotb: run a list of packet cases (JSON from the pytest side) on the RTL core.

The pytest wrapper computes every case and its expected answer with the
independent references (hypothesis draws the inputs, `cryptography` gives the
answers) and writes them to $CORE_CASES; this bench only drives the RTL and
compares.  Each case: mode, op, key, data, nonce, aad, tag, tag_len (hex
strings for bytes) and expect_status, expect_output (the whole output byte
string).  Cases run back to back; the core must answer every one correctly
whatever came before.
"""

from __future__ import annotations

import json
import os

import cocotb

from mccp.tb.coreharness import run_on_rtl
from mccp.asm import assemble_file
from mccp.aes.modes import build_task
from mccp.paths import ROOT
from mccp.aes.task import Word

FIRMWARE = assemble_file(ROOT / "firmware" / "mccp.s")


@cocotb.test()
async def run_cases(dut):
    cases = json.loads(open(os.environ["CORE_CASES"]).read())
    loaded = False
    for i, c in enumerate(cases):
        b = {k: bytes.fromhex(c[k]) for k in ("key", "data", "nonce", "aad", "tag")}
        task = build_task(FIRMWARE.entries, c["mode"], c["op"], b["data"], b["nonce"], b["aad"], b["tag"],
                          c["tag_len"])
        if "words" in c:   # a deliberately malformed word stream (truncated, too long)
            task.words = [Word(int(d, 16), bool(last)) for d, last in c["words"]]
        (res,) = await run_on_rtl(dut, None if loaded else FIRMWARE, b["key"], [task],
                                  **c.get("run_args", {}))
        loaded = True
        what = f"case {i} ({c['mode']} {c['op']}, {len(b['data'])} bytes, {c.get('why', '')})"
        assert res.status == c["expect_status"], f"{what}: status {res.status}, expected {c['expect_status']}"
        assert res.data == bytes.fromhex(c["expect_output"]), f"{what}: output differs"
    dut._log.info(f"{len(cases)} cases passed")
