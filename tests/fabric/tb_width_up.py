"""cocotb bench for rtl/fabric/mccp_width_up.sv (AXI4-Stream beats -> 128-bit words).

The bench's model of docs/fabric.md "Words and beats": a word is 128/StreamBits
beats, beat 0 its most significant part; a TLAST in the middle of a word ends it
there, the rest of the word zero, word_last set.  Every packet is a random
number of beats of random data; the expected word list is computed from the
beats alone and compared with the words taken from word_*_o, in order (so a
lost, duplicated or reordered beat fails).

Phases: random tvalid gaps and word_ready stalls; then both always on, where a
beat must be taken every clock (one word per clock at 128 bits, one per
128/StreamBits clocks below).  A word on offer must hold still until taken.

The top holds one instance per StreamBits (tests/fabric/multitop.py); every
test runs on each in turn.  Knobs: MULTI_INSTANCES (prefix and parameters of
each instance, set by the pytest wrapper), WIDTH_UP_PACKETS, WIDTH_UP_SEED.
"""

from __future__ import annotations

import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, ReadOnly

from multitop import Prefixed, instances_from_env

INSTANCES = instances_from_env()
PACKETS = int(os.environ.get("WIDTH_UP_PACKETS", "60"))
BITS = BEATS = 0            # of the instance under test (configure())


def configure(params: dict) -> None:
    global BITS, BEATS
    BITS = params["StreamBits"]
    BEATS = 128 // BITS


def each_instance():
    """(handle, StreamBits) of every instance, the module constants set for it."""
    for prefix, params in INSTANCES:
        configure(params)
        yield Prefixed(cocotb.top, prefix), BITS


def start_clock(dut) -> None:
    cocotb.start_soon(Clock(dut.clk_i, 10, unit="ns").start())


def expected_words(packets: list[list[int]]) -> list[tuple[int, int]]:
    """(data, last) of every word the beats of `packets` make."""
    words = []
    for beats in packets:
        for start in range(0, len(beats), BEATS):
            part = beats[start:start + BEATS]
            data = 0
            for i in range(BEATS):
                data = (data << BITS) | (part[i] if i < len(part) else 0)
            words.append((data, int(start + BEATS >= len(beats))))
    return words


class WidthUpTb:
    def __init__(self, dut, rng: random.Random):
        self.dut = dut
        self.rng = rng

    async def reset(self):
        dut = self.dut
        await FallingEdge(dut.clk_i)       # out of a previous run's ReadOnly phase
        dut.s_tvalid_i.value = 0
        dut.s_tdata_i.value = 0
        dut.s_tlast_i.value = 0
        dut.word_ready_i.value = 0
        dut.rst_ni.value = 0
        await FallingEdge(dut.clk_i)
        await FallingEdge(dut.clk_i)
        dut.rst_ni.value = 1
        await FallingEdge(dut.clk_i)
        assert int(dut.word_valid_o.value) == 0, "word_valid_o after reset"

    async def run(self, packets: list[list[int]], p_valid: float, p_ready: float,
                  full_rate: bool = False) -> list[tuple[int, int]]:
        """Send `packets`, take words, return (data, last) of the taken words."""
        dut = self.dut
        beats = [(b, int(i == len(p) - 1)) for p in packets for i, b in enumerate(p)]
        want = len(expected_words(packets))
        got: list[tuple[int, int]] = []
        pos = 0
        offered = False          # a beat is on the bus and must stay until taken
        held = None              # (data, last) of the word on offer last clock, not taken
        cycles = 0
        limit = 50 * len(beats) + 100
        while len(got) < want:
            await FallingEdge(dut.clk_i)
            cycles += 1
            assert cycles < limit, f"stalled: {len(got)} of {want} words after {cycles} clocks"
            if not offered and pos < len(beats) and self.rng.random() < p_valid:
                offered = True
            dut.s_tvalid_i.value = int(offered)
            if offered:
                dut.s_tdata_i.value = beats[pos][0]
                dut.s_tlast_i.value = beats[pos][1]
            else:
                # garbage on the bus while tvalid is low must not matter
                dut.s_tdata_i.value = self.rng.getrandbits(BITS)
                dut.s_tlast_i.value = self.rng.getrandbits(1)
            ready = self.rng.random() < p_ready
            dut.word_ready_i.value = int(ready)
            await ReadOnly()
            wvalid = int(dut.word_valid_o.value)
            if held is not None:
                assert wvalid, "word_valid_o dropped before the word was taken"
                now = (int(dut.word_data_o.value), int(dut.word_last_o.value))
                assert now == held, f"word on offer changed before taken: {held} -> {now}"
            held = None
            if wvalid:
                word = (int(dut.word_data_o.value), int(dut.word_last_o.value))
                if ready:
                    got.append(word)
                else:
                    held = word
            tready = int(dut.s_tready_o.value)
            if full_rate and pos < len(beats):
                assert tready, f"s_tready_o low at clock {cycles} with word_ready_i always high"
            if offered and tready:
                pos += 1
                offered = False
        # nothing more may come out
        assert pos == len(beats), f"{len(beats) - pos} beats not taken after the last word"
        for _ in range(3):
            await FallingEdge(dut.clk_i)
            dut.s_tvalid_i.value = 0
            dut.word_ready_i.value = 1
            await ReadOnly()
            assert not int(dut.word_valid_o.value), "a word beyond the expected ones"
        return got, cycles


def random_packets(rng: random.Random, count: int) -> list[list[int]]:
    packets = []
    for _ in range(count):
        n = rng.choice([1, 1, 2, 3, BEATS, BEATS + 1, rng.randint(1, 6 * BEATS)])
        packets.append([rng.getrandbits(BITS) for _ in range(n)])
    return packets


@cocotb.test()
async def test_byte_order(top):
    """A known word: bytes 0..15 arrive most significant first."""
    start_clock(top)
    for dut, _ in each_instance():
        await byte_order(dut)


async def byte_order(dut):
    tb = WidthUpTb(dut, random.Random(1))
    await tb.reset()
    data = bytes(range(16))
    beats = [int.from_bytes(data[i * BITS // 8:(i + 1) * BITS // 8], "big") for i in range(BEATS)]
    got, _ = await tb.run([beats], 1.0, 1.0)
    assert got == [(int.from_bytes(data, "big"), 1)], f"got {got[0][0]:032x}"
    # a one-beat packet at a narrow width: the beat on top, zeros below
    if BEATS > 1:
        got, _ = await tb.run([[0xA5]], 1.0, 1.0)
        assert got == [(0xA5 << (128 - BITS), 1)], f"got {got[0][0]:032x}"


@cocotb.test()
async def test_random_stalls(top):
    """Random packets, random tvalid gaps and word_ready stalls."""
    start_clock(top)
    for dut, bits in each_instance():
        await random_stalls(dut, bits)


async def random_stalls(dut, bits):
    rng = random.Random(int(os.environ.get("WIDTH_UP_SEED", "7")) + bits)
    tb = WidthUpTb(dut, rng)
    await tb.reset()
    for p_valid, p_ready in ((0.5, 0.5), (0.9, 0.3), (0.3, 0.9)):
        packets = random_packets(rng, PACKETS // 3)
        got, _ = await tb.run(packets, p_valid, p_ready)
        want = expected_words(packets)
        for i, (g, w) in enumerate(zip(got, want)):
            assert g == w, f"word {i}: got {g[0]:032x} last {g[1]}, want {w[0]:032x} last {w[1]}"
        assert len(got) == len(want)


@cocotb.test()
async def test_full_rate(top):
    """tvalid and word_ready always high: a beat every clock, no bubble."""
    start_clock(top)
    for dut, _ in each_instance():
        await full_rate(dut)


async def full_rate(dut):
    rng = random.Random(3)
    tb = WidthUpTb(dut, rng)
    await tb.reset()
    packets = random_packets(rng, PACKETS // 2)
    got, cycles = await tb.run(packets, 1.0, 1.0, full_rate=True)
    assert got == expected_words(packets)
    nbeats = sum(len(p) for p in packets)
    # every beat taken on its first clock; the last word leaves one clock later
    assert cycles <= nbeats + 1, f"{nbeats} beats took {cycles} clocks"
