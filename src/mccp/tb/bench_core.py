"""cocotb benchmark of the programmable core running the standard firmware.

For every mode and key size: the cycles of a 1 KB and a 2 KB packet, measured
on the RTL from the start handshake to the result (the same count the ISS
reports), every output checked against `cryptography` first.  Also GCM with a
one-block packet.  Writes JSON to $MCCP_BENCH_OUT.
"""

from __future__ import annotations

import json
import os
import random

import cocotb

from mccp.asm import assemble_file
from mccp.tb.coreharness import run_on_rtl
from mccp.aes.modes import MODES, build_task, split_output
from mccp.paths import ROOT
from mccp.ref.aes import reference

SIZES = (16, 1024, 2048)


def _nonce(mode: str, rng: random.Random) -> bytes:
    if mode in ("gcm", "gmac"):
        return rng.randbytes(12)
    if mode == "ccm":
        return rng.randbytes(12)
    return rng.randbytes(16) if MODES[mode].nonce_lens else b""


@cocotb.test()
async def bench_core_modes(dut):
    firmware = assemble_file(ROOT / "firmware" / "mccp.s")
    rng = random.Random(3)
    results: dict = {"sizes": list(SIZES), "modes": {}}
    loaded = False
    for mode, m in MODES.items():
        op = "mac" if m.mac_only else "encrypt"
        per_key = {}
        for klen in (16, 24, 32):
            key = rng.randbytes(klen)
            nonce = _nonce(mode, rng)
            tag_len = 16 if m.tag_lens else 0
            cycles = {}
            for size in SIZES:
                data = rng.randbytes(size)
                task = build_task(firmware.entries, mode, op, data, nonce, b"", tag_len=tag_len)
                (res,) = await run_on_rtl(dut, None if loaded else firmware, key, [task])
                loaded = True
                assert res.status == 0, f"{mode}: status {res.status}"
                got = split_output(mode, op, res.data, size, tag_len)
                assert got == reference(mode, key, data, nonce, b"", tag_len), f"{mode}: wrong output"
                cycles[str(size)] = res.cycles
            per_block = (cycles["2048"] - cycles["1024"]) / 64
            per_key[str(klen * 8)] = {"cycles": cycles, "cycles_per_block": per_block,
                                      "fixed_cycles": cycles["2048"] - 128 * per_block}
        results["modes"][mode] = per_key
        dut._log.info(f"{mode}: {per_key['128']['cycles_per_block']} cycles/block (AES-128)")
    with open(os.environ["MCCP_BENCH_OUT"], "w") as handle:
        json.dump(results, handle, indent=2)
