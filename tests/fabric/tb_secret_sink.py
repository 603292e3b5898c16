"""cocotb bench for rtl/fabric/mccp_secret_sink.sv.

The expected commits are built from the documented layout (the module header and
docs/fabric.md "Secret inputs and outputs"), from the words' bytes: an AES key is the
output's first 16/24/32 bytes, left aligned in the slot's 288 bits, the rest zero; a shared
secret is the value right aligned in the last words, the low 288 bits of them.  Each test
also checks busy_o from the start to the commit, the key store's back-pressure (sc_ready_i),
and that a host command erasing the destination cancels the commit, whenever it comes.
"""

from __future__ import annotations

import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ReadOnly, RisingEdge

import fabric_pkg

DEST = fabric_pkg.struct("secret_dest_t")
INPUTS = ("start_i", "dest_i", "word_valid_i", "word_i", "word_last_i", "inv_valid_i", "inv_all_i",
          "inv_slot_i", "sc_ready_i")


async def reset(dut):
    cocotb.start_soon(Clock(dut.clk_i, 10, unit="ns").start())
    for name in INPUTS:
        getattr(dut, name).value = 0
    dut.rst_ni.value = 0
    await RisingEdge(dut.clk_i)
    await RisingEdge(dut.clk_i)
    dut.rst_ni.value = 1
    await RisingEdge(dut.clk_i)


async def send(dut, dest: dict, words: list[int], rng: random.Random, ready_p: float = 1.0,
               inv_at: int | None = None, inv: tuple[int, int] = (0, 0), ready_from: int = 0) -> dict | None:
    """Start a secret, give its words one per cycle, offer the commit; returns what was
    committed (None if nothing).  inv_at: the cycle (from the start) of an invalidation;
    the key store takes no commit before cycle ready_from, then with probability ready_p."""
    dut.start_i.value = 1
    dut.dest_i.value = DEST.pack(**dest)
    await RisingEdge(dut.clk_i)
    dut.start_i.value = 0
    dut.dest_i.value = rng.getrandbits(DEST.bits)
    committed, cycle, i = None, 1, 0
    while True:
        dut.word_valid_i.value = int(i < len(words))
        dut.word_i.value = words[i] if i < len(words) else rng.getrandbits(128)
        dut.word_last_i.value = int(i == len(words) - 1)
        dut.sc_ready_i.value = int(cycle >= ready_from and rng.random() < ready_p)
        hit = inv_at == cycle
        dut.inv_valid_i.value = int(hit)
        dut.inv_all_i.value, dut.inv_slot_i.value = inv if hit else (0, 0)
        await ReadOnly()
        busy = int(dut.busy_o.value)
        if int(dut.sc_valid_o.value) and int(dut.sc_ready_i.value):
            assert committed is None, "two commits of one secret"
            committed = {"slot": int(dut.sc_slot_o.value), "data": int(dut.sc_data_o.value),
                         "len": int(dut.sc_len_o.value), "curve": int(dut.sc_curve_o.value),
                         "restricted": int(dut.sc_restricted_o.value)}
        await RisingEdge(dut.clk_i)
        i += 1
        cycle += 1
        if not busy:
            break
        assert cycle < 40, "the sink stays busy"
    dut.word_valid_i.value = 0
    dut.inv_valid_i.value = 0
    assert int(dut.sc_data_o.value) == 0, "secret bits on the commit port after the commit"
    return committed


def aes_expected(words: list[int], length: int) -> int:
    raw = b"".join(w.to_bytes(16, "big") for w in words)[:16 + 8 * length]
    return int.from_bytes(raw.ljust(36, b"\0"), "big")


@cocotb.test()
async def test_aes_keys(dut):
    """Keys of 16, 24, 32 bytes from one or two words, restricted or not, any slot."""
    rng = random.Random(1)
    await reset(dut)
    for length, nwords in ((0, 1), (1, 2), (2, 2)):
        for restricted in (0, 1):
            words = [rng.getrandbits(128) for _ in range(nwords)]
            dest = dict(slot=rng.randrange(32), ec=0, len=length, curve=rng.randrange(8), restricted=restricted,
                        need=16 + 8 * length)
            got = await send(dut, dest, words, rng, ready_p=0.5)
            assert got == {"slot": dest["slot"], "data": aes_expected(words, length), "len": length,
                           "curve": dest["curve"], "restricted": restricted}, (length, restricted)


@cocotb.test()
async def test_shared_secrets(dut):
    """A shared secret from 2 or 3 words (m = 163, 233: 2; 283: 3): the low 288 bits, size 3."""
    rng = random.Random(2)
    await reset(dut)
    for m, nwords in ((163, 2), (233, 2), (283, 3)):
        z = rng.getrandbits(m)
        words = [(z >> (128 * k)) & ((1 << 128) - 1) for k in reversed(range(nwords))]
        dest = dict(slot=rng.randrange(32), ec=1, len=rng.randrange(4), curve=rng.randrange(6), restricted=1,
                    need=16 * nwords)
        got = await send(dut, dest, words, rng, ready_p=0.3)
        assert got == {"slot": dest["slot"], "data": z, "len": 3, "curve": dest["curve"], "restricted": 1}, m


@cocotb.test()
async def test_host_command_cancels(dut):
    """An invalidation of the destination (or of every slot) while the secret is on its way
    cancels the commit; one of another slot does not."""
    rng = random.Random(3)
    await reset(dut)
    dest = dict(slot=7, ec=0, len=2, curve=0, restricted=1, need=32)
    # two words: taken in cycles 1 and 2, the commit offered from cycle 3 (held to cycle 5)
    for at in (1, 2, 3, 4):
        for inv, cancels in (((0, 7), True), ((1, 0), True), ((0, 8), False)):
            words = [rng.getrandbits(128) for _ in range(2)]
            got = await send(dut, dest, words, rng, inv_at=at, inv=inv, ready_from=5)
            if cancels:
                assert got is None, (at, inv)
            else:
                assert got is not None and got["data"] == aes_expected(words, 2), (at, inv)
