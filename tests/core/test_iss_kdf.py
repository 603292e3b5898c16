"""The SP 800-108 counter-mode KDF with AES-CMAC (the cmac entry with n in s3[19:18]) on the ISS.

Expected values come from `cryptography` only: its KBKDFCMAC for whole derivations and
its CMAC on [i]_32 || F for every block T(i).  The RTL core runs a few of these cases in
lock-step with the ISS (tests/core/tb_core_modes.py, `kdf_cmac`).
"""

import random

import pytest

from mccp.aes.modes import MAC, VERIFY, build_kdf_task, build_task, kdf_fixed_input, with_kdf_blocks
from mccp.aes.task import Task, Word
from mccp.asm import assemble_file
from mccp.cli import main
from mccp.iss import Iss
from mccp.paths import ROOT
from mccp.ref.aes import cmac, kbkdf_cmac
from mccp.ref.cavp import STATUS

FIRMWARE = assemble_file(ROOT / "firmware" / "mccp.s")
ENTRIES = FIRMWARE.entries


def run_iss(key: bytes, task: Task):
    iss = Iss(FIRMWARE.words)
    iss.load_key(key)
    return iss.run(task)


def blocks(key: bytes, fixed: bytes, n: int) -> bytes:
    """T(1) || .. || T(n), T(i) = CMAC(K, [i]_32 || F), from `cryptography`."""
    return b"".join(cmac(key, i.to_bytes(4, "big") + fixed, 16) for i in range(1, n + 1))


def test_fixed_input_is_label_zero_context_and_length():
    """cryptography's KBKDFCMAC formats label and context as our F = label || 0x00 || context || [L]_32."""
    rng = random.Random(5)
    for label, context, bits in [(b"", b"", 128), (b"ECDH", b"\0\1party", 256), (rng.randbytes(20), b"", 192)]:
        key = rng.randbytes(16)
        fixed = kdf_fixed_input(label, context, bits)
        assert fixed == label + b"\x00" + context + bits.to_bytes(4, "big")
        assert kbkdf_cmac(key, bits // 8, label, context) == kbkdf_cmac(key, bits // 8, fixed=fixed)
        assert kbkdf_cmac(key, bits // 8, fixed=fixed) == blocks(key, fixed, -(-bits // 128))[:bits // 8]


@pytest.mark.parametrize("klen", (16, 32))
@pytest.mark.parametrize("bits", (128, 192, 256))
def test_iss_kdf_against_kbkdf(klen, bits):
    """L = 128, 192, 256 (n = 1, 2, 2): F of 5..70 bytes (every residue mod 16), the output cut to L."""
    rng = random.Random(klen * 1000 + bits)
    n = -(-bits // 128)
    for flen in range(5, 71):
        cut = rng.randint(0, flen - 5)
        label, context, key = rng.randbytes(cut), rng.randbytes(flen - 5 - cut), rng.randbytes(klen)
        r = run_iss(key, build_kdf_task(ENTRIES, kdf_fixed_input(label, context, bits), n))
        assert r.status == STATUS["OK"] and len(r.data) == 16 * n, f"|F| = {flen}: status {r.status}"
        assert r.data[:bits // 8] == kbkdf_cmac(key, bits // 8, label, context), f"|F| = {flen}"


@pytest.mark.parametrize("klen", (16, 24, 32))
@pytest.mark.parametrize("n", (1, 2))
def test_iss_kdf_blocks_are_cmac_of_counter_and_fixed(klen, n):
    """Any F, the empty one included: each T(i) against `cryptography`'s CMAC."""
    rng = random.Random(klen * 10 + n)
    for flen in [*range(0, 50), 63, 64, 65, 255, 1000]:
        key, fixed = rng.randbytes(klen), rng.randbytes(flen)
        r = run_iss(key, build_kdf_task(ENTRIES, fixed, n))
        assert r.status == STATUS["OK"] and r.data == blocks(key, fixed, n), f"|F| = {flen}"


@pytest.mark.parametrize("flen", (1, 11, 12, 13, 16, 17, 27, 28, 29, 40))
def test_iss_kdf_ignores_the_padding_of_the_last_word(flen):
    """The bytes after F in its last input word are not part of the message."""
    rng = random.Random(flen)
    key, fixed = rng.randbytes(16), rng.randbytes(flen)
    task = build_kdf_task(ENTRIES, fixed, 2)
    pad = 8 * (-flen % 16)
    task.words[-1] = Word(task.words[-1].data | ((1 << pad) - 1), True)
    r = run_iss(key, task)
    assert r.status == STATUS["OK"] and r.data == blocks(key, fixed, 2)


def _kdf(op=MAC, tag_len=16, n=1, **kw):
    return with_kdf_blocks(build_task(ENTRIES, "cmac", op, bytes(40), tag_len=tag_len, **kw), n)


BAD = {
    "n = 3": _kdf(n=3),
    "tag length 8": _kdf(tag_len=8),
    "tag length 15, n = 2": _kdf(tag_len=15, n=2),
    "tag length 17": _kdf(tag_len=17),
    "AAD": _kdf(aad=b"label"),
    "nonce": _kdf(nonce=bytes(16), n=2),
    "cmac_verify": _kdf(op=VERIFY, tag=bytes(16)),
    "split role": _kdf(tag_len=16 | 1 << 16),
}


@pytest.mark.parametrize("what", BAD)
def test_iss_kdf_bad_params(what):
    r = run_iss(bytes(16), BAD[what])
    assert r.status == STATUS["BAD_PARAM"] and r.data == b""


def test_iss_kdf_truncated_and_length():
    key, fixed = bytes(16), bytes(range(40))
    task = build_kdf_task(ENTRIES, fixed, 2)
    short = Task(task.entry, task.args, task.words[:-2] + [Word(task.words[-2].data, True)])
    assert run_iss(key, short).status == STATUS["TRUNCATED"]
    long = Task(task.entry, task.args, task.words[:-1] + [Word(task.words[-1].data, False), Word(1, True)])
    r = run_iss(key, long)
    assert r.status == STATUS["LENGTH"] and r.data == b""


def test_mccp_iss_runs_the_kdf(capsys):
    key, fixed = bytes(range(16)), bytes(range(40))
    assert main(["iss", "--mode", "cmac", "--kdf", "2", "--key", key.hex(), "--data", fixed.hex()]) == 0
    assert f"data {blocks(key, fixed, 2).hex()}" in capsys.readouterr().out.splitlines()
    assert main(["iss", "--mode", "gcm", "--kdf", "1"]) == 1
