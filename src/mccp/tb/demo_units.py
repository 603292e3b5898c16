"""cocotb part of `mccp demo`: the programmable core running every mode.

NIST CAVP vectors of every mode (a sample of every file section), then random packets of every mode and key size, both directions, a share with a
corrupted tag, and a sample of NIST CAVP vectors; every answer is checked
against `cryptography` or the NIST file.  Progress and a summary go to
$MCCP_DEMO_OUT (JSON lines) for the demo to print.
"""

from __future__ import annotations

import json
import os
import random

import cocotb

from mccp.asm import assemble_file
from mccp.ref.cavp import all_cases, check, sample, task_for
from mccp.tb.coreharness import run_on_rtl
from mccp.aes.modes import MODES, build_task, split_output
from mccp.paths import ROOT
from mccp.ref.aes import reference

PACKETS = int(os.environ.get("MCCP_DEMO_PACKETS", "12"))
SEED = int(os.environ.get("MCCP_DEMO_SEED", "1"))


def _emit(record: dict) -> None:
    with open(os.environ["MCCP_DEMO_OUT"], "a") as handle:
        handle.write(json.dumps(record) + "\n")


@cocotb.test()
async def demo_core(dut):
    firmware = assemble_file(ROOT / "firmware" / "mccp.s")
    rng = random.Random(SEED)
    loaded = False
    for mode, m in MODES.items():
        stats = {"mode": mode, "packets": 0, "bytes": 0, "cycles": 0, "auth_fail_caught": 0, "errors": 0}
        for i in range(PACKETS):
            key = rng.randbytes(rng.choice([16, 24, 32]))
            size = rng.randint(0, 2048)
            size -= size % 16 if m.block_only else 0
            if mode in ("gcm", "gmac", "ccm"):
                nonce = rng.randbytes(12 if mode != "ccm" else rng.randint(7, 13))
            else:
                nonce = rng.randbytes(16) if m.nonce_lens else b""
            aad = rng.randbytes(rng.randint(0, 64)) if m.aead else b""
            tag_len = 16 if m.tag_lens else 0
            data = rng.randbytes(size)
            want = reference(mode, key, data, nonce, aad, tag_len)
            fwd = "mac" if m.mac_only else "encrypt"
            back = "verify" if m.mac_only else "decrypt"
            src = data if m.mac_only else want[0]
            tasks = [build_task(firmware.entries, mode, fwd, data, nonce, aad, tag_len=tag_len),
                     build_task(firmware.entries, mode, back, src, nonce, aad, want[1], tag_len)]
            if tag_len:
                bad = bytes([want[1][0] ^ 1]) + want[1][1:]
                tasks.append(build_task(firmware.entries, mode, back, src, nonce, aad, bad, tag_len))
            res = await run_on_rtl(dut, None if loaded else firmware, key, tasks)
            loaded = True
            ok = (res[0].status == 0 and split_output(mode, fwd, res[0].data, size, tag_len) == want
                  and res[1].status == 0 and (m.mac_only or res[1].data == data))
            if tag_len:
                caught = res[2].status == 1 and res[2].data == b""
                stats["auth_fail_caught"] += caught
                ok = ok and caught
            stats["errors"] += not ok
            stats["packets"] += len(tasks)
            stats["bytes"] += 2 * size
            stats["cycles"] += res[0].cycles + res[1].cycles
        _emit(stats)
        assert stats["errors"] == 0, f"{mode}: {stats['errors']} wrong answers"


@cocotb.test()
async def demo_cavp(dut):
    firmware = assemble_file(ROOT / "firmware" / "mccp.s")
    rng = random.Random(SEED)
    per_mode = int(os.environ.get("MCCP_DEMO_CAVP", "60"))
    loaded = False
    for mode, cases in sorted(all_cases().items()):
        picked = sample(cases, 1)
        picked = picked if len(picked) <= per_mode else rng.sample(picked, per_mode)
        fails = 0
        for case in picked:
            (res,) = await run_on_rtl(dut, None if loaded else firmware, case.key,
                                      [task_for(firmware.entries, case)])
            loaded = True
            try:
                check(case, res.status, res.data)
            except AssertionError:
                fails += 1
        files = sorted({c.name.partition("#")[0] for c in picked})
        _emit({"cavp": mode, "vectors": len(picked), "files": len(files), "fails": fails})
        assert fails == 0, f"{mode}: {fails} NIST vectors failed"
