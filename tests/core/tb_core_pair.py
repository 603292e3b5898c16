"""cocotb bench for split tasks: two mccp_core joined by mccp_core_pair
(the top tests/core/test_core_pair.py generates; core a = I/O half, core b = MAC half).

Each core is driven by its own CoreHarness.  Every split run is compared
with the ISS's pair co-simulation (mccp.iss.run_pair) event by event, cycles
included, with the two halves started at the same absolute cycles as on the
RTL; CCM results are checked against `cryptography` (mccp.ref.aes).  Directed
programs check the queue timing (latency, a full queue), the traps and the
abort rules.
"""

from __future__ import annotations

import random

import cocotb
from cocotb.triggers import ClockCycles, FallingEdge

from mccp.asm import assemble_file, assemble_text
from mccp.tb.coreharness import CoreHarness, assert_same, padded_image
from mccp.isa import load
from mccp.iss import Iss, run_pair
from mccp.aes.modes import build_split_tasks, build_task, split_output
from mccp.paths import ROOT
from mccp.ref.aes import reference
from mccp.aes.task import Task, Word
from multitop import Prefixed

ISA = load()
ST = {s["name"]: s["code"] for s in ISA.status_codes}
FIRMWARE = assemble_file(ROOT / "firmware" / "mccp.s")
KEY = bytes(range(16))


async def setup(dut, program_words, key=KEY):
    """Harnesses for both halves (one clock, one reset), firmware and key loaded."""
    io = CoreHarness(Prefixed(dut, "a_"), pair_ports=False, seed=11)
    mac = CoreHarness(Prefixed(dut, "b_"), pair_ports=False, seed=12)
    dut.split_i.value = 0
    mac.drive_idle()
    await io.start()
    mac.clock_task = io.clock_task
    mac.image = None
    for h in (io, mac):
        await h.load_program(program_words)
        if key is not None:
            await h.load_key(key)
    return io, mac


def _iss(program_words, key):
    iss = Iss(padded_image(program_words))
    if key is not None:
        iss.load_key(key)
    return iss


async def run_split(dut, io, mac, program_words, io_task, mac_task, key=KEY, delay=0, check_cycles=True,
                    **run_args):
    """Start the MAC half, `delay` cycles later the I/O half; compare both with the ISS."""
    await FallingEdge(dut.clk_i)
    dut.split_i.value = 1
    started = len(mac.start_times)
    mac_run = cocotb.start_soon(mac.run([mac_task], **run_args))
    while len(mac.start_times) == started:      # the MAC half starts first (its start empties the queues)
        await ClockCycles(dut.clk_i, 1)
    if delay:
        await ClockCycles(dut.clk_i, delay)
    (io_rtl,) = await io.run([io_task], **run_args)
    (mac_rtl,) = await mac_run
    dut.split_i.value = 0
    io_ref, mac_ref = run_pair(_iss(program_words, key), io_task, _iss(program_words, key), mac_task,
                               io_start=io.start_times[-1], mac_start=mac.start_times[-1])
    assert_same(io_rtl, io_ref, "I/O half", cycles=check_cycles, trace=check_cycles)
    assert_same(mac_rtl, mac_ref, "MAC half", cycles=check_cycles, trace=check_cycles)
    return io_rtl, mac_rtl


@cocotb.test()
async def split_ccm_against_reference(dut):
    """Split CCM, encrypt and decrypt, on RTL == ISS (cycles, traces) == cryptography."""
    rng = random.Random(5)
    io, mac = await setup(dut, FIRMWARE.words, key=None)
    cases = [(16, 0, 0, 13, 16), (16, 1, 0, 7, 4), (24, 16, 14, 12, 8), (32, 17, 15, 11, 10),
             (16, 64, 30, 8, 16), (16, 300, 3, 13, 12), (16, 2048, 20, 12, 16)]
    for klen, plen, alen, nlen, tlen in cases:
        key = bytes(rng.randrange(256) for _ in range(klen))
        for h in (io, mac):
            await h.load_key(key)
        payload = bytes(rng.randrange(256) for _ in range(plen))
        aad = bytes(rng.randrange(256) for _ in range(alen))
        nonce = bytes(rng.randrange(256) for _ in range(nlen))
        want_ct, want_tag = reference("ccm", key, payload, nonce, aad, tlen)
        io_t, mac_t = build_split_tasks(FIRMWARE.entries, "encrypt", payload, nonce, aad, tag_len=tlen)
        r, m = await run_split(dut, io, mac, FIRMWARE.words, io_t, mac_t, key=key, delay=rng.randrange(0, 20),
                               in_gap=0.2, out_stall=0.2)
        assert r.status == ST["OK"] and m.status == ST["OK"], (r.status, m.status)
        assert split_output("ccm", "encrypt", r.data, plen, tlen) == (want_ct, want_tag)
        io_t, mac_t = build_split_tasks(FIRMWARE.entries, "decrypt", want_ct, nonce, aad, want_tag, tag_len=tlen)
        r, m = await run_split(dut, io, mac, FIRMWARE.words, io_t, mac_t, key=key, delay=rng.randrange(0, 20))
        assert r.status == ST["OK"] and r.data == payload
        bad = bytearray(want_tag)
        bad[rng.randrange(tlen)] ^= 1 << rng.randrange(8)
        io_t, mac_t = build_split_tasks(FIRMWARE.entries, "decrypt", want_ct, nonce, aad, bytes(bad), tag_len=tlen)
        r, m = await run_split(dut, io, mac, FIRMWARE.words, io_t, mac_t, key=key)
        assert r.status == ST["AUTH_FAIL"] and r.data == b"" and m.status == ST["OK"]


@cocotb.test()
async def split_faster_than_one_core(dut):
    """The I/O half of a 2 KB split CCM takes well under the single-core cycles."""
    io, mac = await setup(dut, FIRMWARE.words)
    payload = bytes(range(256)) * 8
    nonce = bytes(12)
    io_t, mac_t = build_split_tasks(FIRMWARE.entries, "encrypt", payload, nonce, b"", tag_len=16)
    r, _ = await run_split(dut, io, mac, FIRMWARE.words, io_t, mac_t)
    (single,) = await io.run([build_task(FIRMWARE.entries, "ccm", "encrypt", payload, nonce, tag_len=16)])
    assert single.status == ST["OK"] and r.data == single.data
    assert r.cycles < 0.6 * single.cycles, (r.cycles, single.cycles)


@cocotb.test()
async def bad_parameters_abort_mac_half(dut):
    """The I/O half refuses the parameters; the MAC half, waiting for blocks, ends PARTNER."""
    io, mac = await setup(dut, FIRMWARE.words)
    io_t, mac_t = build_split_tasks(FIRMWARE.entries, "encrypt", bytes(32), bytes(6), b"", tag_len=16)
    r, m = await run_split(dut, io, mac, FIRMWARE.words, io_t, mac_t, check_cycles=False)
    assert r.status == ST["BAD_PARAM"] and r.data == b""
    assert m.status == ST["PARTNER"]


QUEUE_PROGRAM = """
.entry io
.entry mac
io:
    vld   v1
    vsend v1
    vinc  v1, v1
    vsend v1
    vinc  v1, v1
    vsend v1
    vinc  v1, v1
    vsend v1
    vrecv v2
    vst   v2
    vrecv v3
    vst   v3
    done  OK
mac:
    vrecv v1
    nop
    nop
    nop
    nop
    vrecv v2
    vrecv v3
    vxor  v4, v1, v2
    vrecv v5
    vsend v4
    vsend v5
    done  OK
"""


@cocotb.test()
async def queue_timing(dut):
    """A full queue stalls the sender until the receiver frees a place; every stall on
    RTL == ISS with random start offsets (the latency rules of pair_link)."""
    prog = assemble_text(QUEUE_PROGRAM)
    io, mac = await setup(dut, prog.words)
    rng = random.Random(3)
    for delay in [0, 1, 2, 3, 5, 9] + [rng.randrange(30) for _ in range(4)]:
        x = rng.getrandbits(128)
        io_t = Task(prog.entries["io"], (0, 0, 0, 0), [Word(x, True)])
        mac_t = Task(prog.entries["mac"], (0, 0, 0, 0), [])
        r, m = await run_split(dut, io, mac, prog.words, io_t, mac_t, delay=delay)
        inc = lambda v: (v & ~0xFFFFFFFF) | ((v + 1) & 0xFFFFFFFF)  # noqa: E731
        assert r.status == ST["OK"] and m.status == ST["OK"]
        assert [d for d, _ in r.output] == [x ^ inc(x), inc(inc(inc(x)))]


ABORT_PROGRAM = """
.entry io
.entry mac
io:
    vrecv v1
    vst   v1
    done  OK
mac:
    done  BAD_PARAM
lone:
    vsend v1
    done  OK
"""


@cocotb.test()
async def mac_error_aborts_io_half_and_lone_queue_use_traps(dut):
    """A MAC half ending with an error ends the waiting I/O half with PARTNER (its
    output discarded); vsend outside a split task traps ILLEGAL; both cores run
    normally afterwards."""
    prog = assemble_text(ABORT_PROGRAM)
    io, mac = await setup(dut, prog.words)
    io_t = Task(prog.entries["io"], (0, 0, 0, 0), [])
    mac_t = Task(prog.entries["mac"], (0, 0, 0, 0), [])
    r, m = await run_split(dut, io, mac, prog.words, io_t, mac_t, check_cycles=False)
    assert m.status == ST["BAD_PARAM"]
    assert r.status == ST["PARTNER"] and r.data == b""
    lone = Task(prog.symbols["lone"], (0, 0, 0, 0), [])
    for h in (io, mac):
        (res,) = await h.run([lone])
        assert res.status == ST["ILLEGAL"]
    # and a split CCM right after works
    for h in (io, mac):
        await h.load_program(FIRMWARE.words)
    io_t, mac_t = build_split_tasks(FIRMWARE.entries, "encrypt", b"abc", bytes(12), b"", tag_len=16)
    r, m = await run_split(dut, io, mac, FIRMWARE.words, io_t, mac_t)
    want = reference("ccm", KEY, b"abc", bytes(12), b"", 16)
    assert split_output("ccm", "encrypt", r.data, 3, 16) == want
