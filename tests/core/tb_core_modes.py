"""cocotb: the standard firmware (firmware/mccp.s) on the RTL core, every mode.

* NIST CAVP cases of every mode (a spread sample: the first records of each
  file section) and random packets against `cryptography`, checked by
  core.checks (independent references only);
* lock-step: for a share of the packets the RTL's retire and write-back
  streams and its cycle count must equal the ISS's, event by event;
* random back-pressure on input, output and result: same answers;
* the counter-mode KDF on the cmac entry (n in s3[19:18]) against
  `cryptography`'s KBKDFCMAC and CMAC, and its bad parameters, in lock-step.

Knobs (environment): MODES_CAVP_PER_SECTION, MODES_RANDOM, MODES_SEED.
"""

from __future__ import annotations

import os
import random

import cocotb

from mccp.ref.cavp import STATUS, all_cases, check, sample, task_for
from mccp.tb.coreharness import assert_same, iss_run, run_on_rtl
from mccp.asm import assemble_file
from mccp.aes.modes import MAC, MODES, build_kdf_task, build_task, kdf_fixed_input, split_output, with_kdf_blocks
from mccp.aes.task import Word
from mccp.paths import ROOT
from mccp.ref.aes import cmac, kbkdf_cmac, reference

FIRMWARE = assemble_file(ROOT / "firmware" / "mccp.s")
PER_SECTION = int(os.environ.get("MODES_CAVP_PER_SECTION", "1"))
RANDOM = int(os.environ.get("MODES_RANDOM", "40"))
SEED = int(os.environ.get("MODES_SEED", "11"))
# GhashDigitBits of the build (the core's default unless set), for the ISS's cycle count
DIGIT_BITS = int(os.environ.get("CORE_DIGIT_BITS", "16"))
# How many of the sampled GCM / CCM cases run on the RTL (the files have thousands).
CAP = {"gcm": int(os.environ.get("MODES_GCM_CASES", "120")), "ccm": int(os.environ.get("MODES_CCM_CASES", "120"))}


def _pick(cases, n, rng):
    return cases if len(cases) <= n else rng.sample(cases, n)


async def _run_case(dut, case, loaded: list, lockstep: bool):
    prog = None if loaded else FIRMWARE
    loaded.append(True)
    task = task_for(FIRMWARE.entries, case)
    (rtl,) = await run_on_rtl(dut, prog, case.key, [task])
    check(case, rtl.status, rtl.data)
    if lockstep:
        (iss,) = iss_run(FIRMWARE, case.key, [task], digit_bits=DIGIT_BITS)
        assert_same(rtl, iss, case.name)


@cocotb.test()
async def cavp_all_modes(dut):
    """NIST CAVP samples of every mode, a third of them in lock-step with the ISS."""
    rng = random.Random(SEED)
    loaded: list = []
    total = 0
    for mode, cases in sorted(all_cases().items()):
        picked = _pick(sample(cases, PER_SECTION), CAP.get(mode, 10**6), rng)
        for i, case in enumerate(picked):
            await _run_case(dut, case, loaded, lockstep=(i % 3 == 0))
        total += len(picked)
        dut._log.info(f"{mode}: {len(picked)} CAVP cases passed")
    dut._log.info(f"{total} CAVP cases passed on the RTL")


def _random_case(rng: random.Random, mode: str):
    m = MODES[mode]
    key = rng.randbytes(rng.choice([16, 24, 32]))
    size = rng.choice([0, 1, 15, 16, 17, rng.randint(0, 2048), rng.randint(0, 300)])
    if m.block_only:
        size -= size % 16
    if mode in ("gcm", "gmac"):
        nonce = rng.randbytes(rng.choice([12, 12, 12, 1, 8, 16, 40]))
    else:
        nonce = rng.randbytes(rng.choice(m.nonce_lens)) if m.nonce_lens else b""
    aad = rng.randbytes(rng.choice([0, rng.randint(0, 512)])) if m.aead else b""
    tag_len = rng.choice(m.tag_lens) if m.tag_lens else 0
    return key, rng.randbytes(size), nonce, aad, tag_len


@cocotb.test()
async def random_all_modes(dut):
    """Random packets of every mode, both directions and a corrupted tag, against cryptography."""
    rng = random.Random(SEED + 1)
    loaded: list = []
    for mode in sorted(MODES):
        m = MODES[mode]
        for i in range(RANDOM):
            key, payload, nonce, aad, tag_len = _random_case(rng, mode)
            if mode in ("gcm", "gmac") and len(nonce) < 8:
                nonce = nonce + rng.randbytes(8 - len(nonce))   # cryptography needs >= 8 bytes
            want_data, want_tag = reference(mode, key, payload, nonce, aad, tag_len)
            fwd = "mac" if m.mac_only else "encrypt"
            back = "verify" if m.mac_only else "decrypt"
            src = payload if m.mac_only else want_data
            tasks = [build_task(FIRMWARE.entries, mode, fwd, payload, nonce, aad, tag_len=tag_len),
                     build_task(FIRMWARE.entries, mode, back, src, nonce, aad, want_tag, tag_len)]
            if tag_len:
                bad = bytearray(want_tag)
                bad[rng.randrange(tag_len)] ^= 1 << rng.randrange(8)
                tasks.append(build_task(FIRMWARE.entries, mode, back, src, nonce, aad, bytes(bad), tag_len))
            stall = 0.3 if i % 4 == 3 else 0.0
            rtl = await run_on_rtl(dut, None if loaded else FIRMWARE, key, tasks,
                                   in_gap=stall, out_stall=stall, res_stall=stall)
            loaded.append(True)
            assert rtl[0].status == STATUS["OK"], f"{mode} #{i}: status {rtl[0].status}"
            got = split_output(mode, fwd, rtl[0].data, len(payload), tag_len)
            assert got == (want_data, want_tag), f"{mode} #{i}: output differs from cryptography"
            assert rtl[1].status == STATUS["OK"], f"{mode} #{i}: reverse status {rtl[1].status}"
            if not m.mac_only:
                assert rtl[1].data == payload, f"{mode} #{i}: decryption differs"
            if tag_len:
                assert rtl[2].status == STATUS["AUTH_FAIL"] and rtl[2].data == b"", f"{mode} #{i}: bad tag accepted"
            if stall == 0.0 and i % 2 == 0:
                for r, s in zip(rtl, iss_run(FIRMWARE, key, tasks, out_words=130, digit_bits=DIGIT_BITS)):
                    assert_same(r, s, f"{mode} #{i}")
        dut._log.info(f"{mode}: {RANDOM} random packets in both directions passed")


# (key bytes, L in bits, label bytes, context bytes): F = label || 0x00 || context || [L]_32 of
# 5, 12, 13, 16, 28, 40 and 60 bytes, so [i]_32 || F ends in a partial block, a whole one, one
# held in the 4 bytes carried from the word before, and after 1 to 4 blocks.
KDF_CASES = [(16, 128, 0, 0), (32, 256, 3, 4), (16, 192, 4, 4), (32, 128, 3, 8), (16, 256, 10, 13),
             (16, 128, 14, 21), (32, 192, 20, 35)]


@cocotb.test()
async def kdf_cmac(dut):
    """The CMAC KDF: derivations against KBKDFCMAC, an empty F and a last word with non-zero
    padding against CMAC, and the bad parameters; every task in lock-step with the ISS."""
    rng = random.Random(SEED + 2)
    runs = []
    for klen, bits, llen, clen in KDF_CASES:
        label, context, key = rng.randbytes(llen), rng.randbytes(clen), rng.randbytes(klen)
        task = build_kdf_task(FIRMWARE.entries, kdf_fixed_input(label, context, bits), -(-bits // 128))
        runs.append((f"L={bits} |F|={llen + clen + 5}", key, task, kbkdf_cmac(key, bits // 8, label, context)))
    key, fixed = rng.randbytes(16), rng.randbytes(21)
    padded = build_kdf_task(FIRMWARE.entries, fixed, 2)
    padded.words[-1] = Word(padded.words[-1].data | (1 << 88) - 1, True)
    for what, task, fixed in [("empty F", build_kdf_task(FIRMWARE.entries, b"", 2), b""),
                              ("padding", padded, fixed)]:
        runs.append((what, key, task, b"".join(cmac(key, i.to_bytes(4, "big") + fixed, 16) for i in (1, 2))))
    for what, tag_len, n, aad in [("n = 3", 16, 3, b""), ("tag length 8", 8, 1, b""), ("AAD", 16, 2, b"x")]:
        task = with_kdf_blocks(build_task(FIRMWARE.entries, "cmac", MAC, bytes(40), aad=aad, tag_len=tag_len), n)
        runs.append((what, key, task, None))
    for i, (what, key, task, want) in enumerate(runs):
        (rtl,) = await run_on_rtl(dut, FIRMWARE if i == 0 else None, key, [task])
        if want is None:
            assert rtl.status == STATUS["BAD_PARAM"] and rtl.data == b"", f"KDF {what}: status {rtl.status}"
        else:
            assert rtl.status == STATUS["OK"], f"KDF {what}: status {rtl.status}"
            assert rtl.data[:len(want)] == want, f"KDF {what}: output differs from cryptography"
        (iss,) = iss_run(FIRMWARE, key, [task], digit_bits=DIGIT_BITS)
        assert_same(rtl, iss, f"KDF {what}")
    dut._log.info(f"{len(runs)} KDF tasks passed in lock-step")
