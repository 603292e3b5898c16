"""Issue 38, defect 6: firmware images are checked, and a task cannot run forever.

Written from the description of the defect (docs/fabric.md "Firmware update" and
"Watchdog and host abort"), not from the RTL: an image declares its length and CRC-32,
words beyond it are refused (SLVERR, no wrap), the rest of the memory reads as an
undefined instruction (ILLEGAL), a bad CRC leaves the cores without entries; a task
that spins ends with status TIMEOUT after its budget (WATCHDOG: BASE + PER_WORD * body
words; defaults 2048 and 64), or ABORTED by CORE_ABORT, and the other results (ordered
channel) keep flowing.  Expected data from `cryptography` (tests/system/cases.py).
"""

from __future__ import annotations

import dataclasses
import zlib

import pytest

from mccp import paths
from mccp.asm import assemble_text
from mccp.device.api import FirmwareError, entry_table, firmware_program

from cases import make_case
from conftest import KEYS

FULL = paths.ROOT / "firmware" / "mccp.s"
SPIN_CTR = ".entry ctr_enc\nctr_enc:\n    jmp ctr_enc\n"
SPIN_CCM = ".entry ccm_enc\nccm_enc:\n    jmp ccm_enc\n"
DEFAULT_BASE, DEFAULT_PER_WORD = 2048, 64          # WATCHDOG reset values (docs/registers.md)


def crc(words) -> int:
    """CRC-32 of an image as the register map documents it (zlib, words little endian)."""
    return zlib.crc32(b"".join(w.to_bytes(4, "little") for w in words))


def resp(dev, name: str, value: int) -> int:
    return dev.model.write_resp(dev.rm.addr(name), value)


def caps(dev, core: int) -> int:
    dev.write_reg("CORE_SEL", core)
    return dev.read_fields("CORE_FUNCS")["funcs"]


def disable(dev, mask: int) -> int:
    enable = dev.read_reg("CORE_ENABLE")
    dev.write_reg("CORE_ENABLE", enable & ~mask)
    dev.wait_idle(mask)
    return enable


def run_ctr(dev, ch, rng, n: int, size=(32, 400)):
    """n CTR encryptions; returns (results, expected cases by ticket)."""
    expect = {}
    for _ in range(n):
        c = make_case(rng, "ctr", "encrypt", KEYS[16], rng.randint(*size), 16, 0)
        expect[dev.submit(ch, "encrypt", c.data, nonce=c.nonce)] = c
    return dev.drain(), expect


def assert_all_ok(results, expect):
    assert sorted(r.ticket for r in results) == sorted(expect)
    for r in results:
        c = expect[r.ticket]
        assert r.status == "OK" and r.data == c.want_data, r


@pytest.fixture
def ctr(dev):
    dev.load_key(0, KEYS[16])
    ch = dev.open_channel("ctr", 0)
    yield ch
    ch.close()
    dev.write_reg("CORE_ENABLE", 0b11)


def test_oversize_image_refused_no_wrap(dev, ctr, rng):
    """An image of 1,100 words is refused; words past the declared length or past the memory
    answer SLVERR and never wrap onto the start of the image."""
    full = firmware_program(FULL)
    pad = assemble_text("done 2\n").words[0]           # BAD_PARAM, were it to run
    big = dataclasses.replace(full, words=list(full.words) + [pad] * (1100 - len(full.words)))
    with pytest.raises(FirmwareError):
        dev.load_firmware([1], big)
    # by hand: 1024 declared, 1100 sent; the last 76 and FW_ADDR = 1024 are refused
    disable(dev, 0b10)
    dev.write_reg("FW_CORES", 0b10)
    assert resp(dev, "FW_LEN", 1100) == 2
    assert resp(dev, "FW_LEN", 1024) == 0
    while dev.read_fields("FW_LEN")["busy"]:
        dev.model.step(64)
    words = big.words[:1024]
    assert [resp(dev, "FW_DATA", w) for w in big.words] == [0] * 1024 + [2] * 76
    assert resp(dev, "FW_ADDR", 1024) == 2
    assert resp(dev, "FW_CHECK", crc(words)) == 0
    for func, addr, valid in entry_table(full, dev.rm):
        assert resp(dev, "FW_ENTRY", dev.rm.encode("FW_ENTRY", func=func, addr=addr, valid=int(valid))) == 0
    # only core 1 runs: its code at the start must be intact
    dev.write_reg("CORE_ENABLE", 0b10)
    results, expect = run_ctr(dev, ctr, rng, 6)
    assert_all_ok(results, expect)
    assert {r.core for r in results} == {1}


def test_short_image_leaves_no_old_code(dev, ctr, rng):
    """After the full image, a 1-word image jumping to where the old CTR code was: that code
    is gone (the word there traps ILLEGAL), and so is every word past the new image."""
    full = firmware_program(FULL)
    old = full.entries["ctr_enc"]
    assert old > 1
    dev.load_firmware([1], full)
    for target in (old, 1, 1023):
        short = assemble_text(f".entry ctr_enc\nctr_enc:\n    jmp {target}\n")
        assert len(short.words) == 1
        dev.load_firmware([1], short)
        disable(dev, 0b01)                            # only core 1 runs the packets
        results, expect = run_ctr(dev, ctr, rng, 3)
        assert [r.status for r in results] == ["ILLEGAL"] * 3, (target, results)
        assert {r.core for r in results} == {1}
        dev.write_reg("CORE_ENABLE", 0b11)
    dev.load_firmware([1])
    results, expect = run_ctr(dev, ctr, rng, 8)
    assert_all_ok(results, expect)


def test_bad_checksum_refused_nothing_runs(dev, ctr, rng):
    """A word changed on its way (CRC of the intended image) fails the commit: SLVERR, the
    entry writes are refused, core 1 offers no function and runs nothing."""
    full = firmware_program(FULL)
    disable(dev, 0b10)
    dev.write_reg("FW_CORES", 0b10)
    assert resp(dev, "FW_LEN", len(full.words)) == 0
    while dev.read_fields("FW_LEN")["busy"]:
        dev.model.step(64)
    sent = list(full.words)
    sent[full.entries["ctr_enc"]] ^= 1 << 3
    dev.model.write_many(dev.rm.addr("FW_DATA"), sent)
    assert resp(dev, "FW_CHECK", crc(full.words)) == 2
    assert not dev.read_fields("FW_LEN")["committed"]
    assert resp(dev, "FW_ENTRY", dev.rm.encode("FW_ENTRY", func=4, addr=full.entries["ctr_enc"], valid=1)) == 2
    assert caps(dev, 1) == 0 and caps(dev, 0) == 0xFFFF
    dev.write_reg("CORE_ENABLE", 0b11)
    results, expect = run_ctr(dev, ctr, rng, 10)
    assert_all_ok(results, expect)
    assert {r.core for r in results} == {0}
    dev.load_firmware([1])
    assert caps(dev, 1) == 0xFFFF


def budget(size: int, nonce: int, base: int, per_word: int) -> int:
    return base + per_word * ((size + nonce) // 16 + 4)


def test_spinning_entry_times_out_and_others_flow(dev, ctr, rng):
    """Core 0's CTR entry spins.  Its tasks end with TIMEOUT after the default budget; core 1's
    results of the same ordered channel all arrive, correct; core 0 turns idle and loads the
    good image again, and the device then serves normally."""
    dev.load_firmware([0], assemble_text(SPIN_CTR))
    results, expect = run_ctr(dev, ctr, rng, 60, size=(16, 200))
    assert sorted(r.ticket for r in results) == sorted(expect)
    assert [r.ticket for r in results] == sorted(expect)          # ordered channel
    spun = [r for r in results if r.core == 0]
    good = [r for r in results if r.core == 1]
    assert spun and good
    for r in good:
        assert r.status == "OK" and r.data == expect[r.ticket].want_data
    for r in spun:
        assert r.status == "TIMEOUT" and r.data == b"", r
        b = budget(len(expect[r.ticket].data), 16, DEFAULT_BASE, DEFAULT_PER_WORD)
        assert b <= r.exit_cycle - r.start_cycle <= b + 400, (b, r)
    # a tighter budget (WATCHDOG) is honoured
    dev.set_watchdog(base=300, per_word=8)
    try:
        disable(dev, 0b10)
        results, expect = run_ctr(dev, ctr, rng, 4, size=(16, 200))
        for r in results:
            b = budget(len(expect[r.ticket].data), 16, 300, 8)
            assert r.status == "TIMEOUT" and r.core == 0 and b <= r.exit_cycle - r.start_cycle <= b + 400, (b, r)
    finally:
        dev.set_watchdog()
        dev.write_reg("CORE_ENABLE", 0b11)
    disable(dev, 0b01)                                   # CORE_IDLE comes back
    dev.load_firmware([0])
    results, expect = run_ctr(dev, ctr, rng, 20)
    assert_all_ok(results, expect)
    assert {r.core for r in results} == {0, 1}


def test_host_abort(dev, ctr, rng):
    """With the watchdog off a spinning task runs until CORE_ABORT ends it (ABORTED), also while
    its body is still streaming in slowly; the other core keeps serving; the core reloads."""
    dev.set_watchdog(enable=False)
    try:
        dev.load_firmware([0], assemble_text(SPIN_CTR))
        disable(dev, 0b10)
        c = make_case(rng, "ctr", "encrypt", KEYS[16], 2000, 16, 0)
        dev.backpressure(in_gap=0.9, seed=3)
        t = dev.submit(ctr, "encrypt", c.data, nonce=c.nonce)
        dev.model.step(600)                                # started; most of its body still to come
        assert not dev.read_reg("CORE_IDLE") & 1
        assert dev.model.counters()["in_queued"] == 1      # the packet is not all in yet
        dev.abort_core(0)
        dev.write_reg("CORE_ENABLE", 0b10)                # core 0 still holds the spinning image
        results, expect = run_ctr(dev, ctr, rng, 6)
        dev.backpressure()
        got = {r.ticket: r for r in results}
        assert got.pop(t).status == "ABORTED"
        for r in got.values():
            assert r.core == 1 and r.status == "OK" and r.data == expect[r.ticket].want_data
    finally:
        dev.backpressure()
        dev.set_watchdog()
    disable(dev, 0b01)
    dev.load_firmware([0])
    results, expect = run_ctr(dev, ctr, rng, 10)
    assert_all_ok(results, expect)


def test_split_ccm_spin_ends_both_halves(dev, rng):
    """A split CCM task whose firmware spins on both cores: the watchdog ends it (TIMEOUT), and
    CORE_ABORT of its MAC half ends it too (ABORTED); both cores come back and serve."""
    dev.load_key(1, KEYS[16])
    ch = dev.open_channel("ccm", 1, policy={"ordered", "affinity", "split"})
    try:
        dev.load_firmware([0, 1], assemble_text(SPIN_CCM))
        c = make_case(rng, "ccm", "encrypt", KEYS[16], 64, 13, 16)
        dev.submit(ch, "encrypt", c.data, nonce=c.nonce)
        (r,) = dev.drain()
        assert r.status == "TIMEOUT" and r.core == 0, r
        dev.wait_idle(0b11)
        dev.set_watchdog(enable=False)
        t = dev.submit(ch, "encrypt", c.data, nonce=c.nonce)
        dev.model.step(5000)
        assert dev.read_reg("CORE_IDLE") & 0b11 == 0
        dev.abort_core(1)
        (r,) = dev.drain()
        assert r.ticket == t and r.status == "ABORTED", r
        dev.wait_idle(0b11)
        dev.set_watchdog()
        dev.load_firmware([0, 1])
        for _ in range(4):
            c = make_case(rng, "ccm", "encrypt", KEYS[16], rng.randint(0, 300), 13, 16)
            ct, tag = ch.encrypt(c.data, nonce=c.nonce)
            assert (ct, tag) == (c.want_data, c.want_tag)
    finally:
        dev.set_watchdog()
        ch.close()


def test_watchdog_counts_work_not_waiting(dev, ctr, rng):
    """The budget counts the task's own cycles: 2 KB CTR packets (about 1,450 cycles of work on
    a core) fit a budget of 200 + 16 per word even when the host feeds the input at 5 % of the
    beats and takes the output rarely (those waits are not counted), and time out when the
    budget (100 + 2 per word) is below the work."""
    dev.set_watchdog(base=200, per_word=16)
    try:
        dev.backpressure(out_stall=0.8, in_gap=0.95, seed=5)
        results, expect = run_ctr(dev, ctr, rng, 4, size=(2000, 2048))
        dev.backpressure()
        assert_all_ok(results, expect)
        assert max(r.exit_cycle - r.start_cycle for r in results) > 3 * budget(2048, 16, 200, 16)
        dev.set_watchdog(base=100, per_word=2)
        results, expect = run_ctr(dev, ctr, rng, 4, size=(2000, 2048))
        assert [r.status for r in results] == ["TIMEOUT"] * 4
    finally:
        dev.backpressure()
        dev.set_watchdog()
    results, expect = run_ctr(dev, ctr, rng, 6)
    assert_all_ok(results, expect)
