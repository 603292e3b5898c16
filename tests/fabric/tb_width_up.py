"""cocotb bench for rtl/prim/mccp_prim_width_up.sv (AXI4-Stream beats -> 128-bit words).

The bench's model of docs/fabric.md "Words and beats": a word is 128/StreamBits
beats, beat 0 its most significant part; a TLAST in the middle of a word ends it
there, the rest of the word zero, word_last set.  TKEEP (bit i = byte lane
[8i+7:8i], so byte 0 of a beat is the top bit): every beat full but a packet's
last, whose valid bytes are a nonempty run from byte 0; the bytes TKEEP leaves
out arrive as zeros, word_bytes_o counts the word's valid bytes and
word_keep_err_o flags a word with a beat that broke the rule.  Every packet is
a random number of beats of random data, its last beat with a random legal
TKEEP, some with a broken one (a hole, a partial beat before TLAST, an empty
last beat); the expected word list is computed from the beats alone and
compared with the words taken from word_*_o, in order (so a lost, duplicated
or reordered beat fails).

Phases: random tvalid gaps and word_ready stalls; then both always on, where a
beat must be taken every clock (one word per clock at 128 bits, one per
128/StreamBits clocks below).  A word on offer must hold still until taken.

The beats go in through cocotbext-axi's AxiStreamSource (one frame per packet,
bubbles from a pause generator); the word side is the fabric's own handshake,
not AXI4-Stream, and is driven and checked by the bench clock by clock.

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
from cocotbext.axi import AxiStreamBus, AxiStreamSource

from axibus import Ports, beats_to_frame, quiet, random_pause
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


def beat_source(dut) -> AxiStreamSource:
    """AxiStreamSource on the instance's s_t* port, in reset while rst_ni is low."""
    quiet(dut._dut, "s")
    return AxiStreamSource(AxiStreamBus.from_prefix(Ports(dut._dut, dut._prefix), "s"), dut.clk_i,
                           dut.rst_ni, reset_active_level=False)


def start_clock(dut) -> None:
    cocotb.start_soon(Clock(dut.clk_i, 10, unit="ns").start())


def full_keep() -> int:
    return (1 << (BITS // 8)) - 1


def keep_run(n: int) -> int:
    """TKEEP of a beat whose first n bytes are valid: the top n lanes."""
    return full_keep() & ~(full_keep() >> n)


def beat_of(b) -> tuple[int, int]:
    """(data, keep) of a beat given as data alone (full) or as (data, keep)."""
    return b if isinstance(b, tuple) else (b, full_keep())


def expected_words(packets: list[list]) -> list[tuple[int, int, int, int]]:
    """(data, last, bytes, keep_err) of every word the beats of `packets` make; bytes is
    None for a word with a keep error (its count is then unspecified)."""
    bb = BITS // 8
    words = []
    for beats in packets:
        beats = [beat_of(b) for b in beats]
        for start in range(0, len(beats), BEATS):
            part = beats[start:start + BEATS]
            last = start + BEATS >= len(beats)
            data, nbytes, err = 0, 0, False
            for i in range(BEATS):
                masked = 0
                if i < len(part):
                    d, k = part[i]
                    masked = sum(d & (0xFF << 8 * j) for j in range(bb) if k >> j & 1)
                    run = bin(k).count("1")
                    if last and i == len(part) - 1:
                        err |= not (run > 0 and k == keep_run(run))
                    else:
                        err |= k != full_keep()
                    nbytes = i * bb + run
                data = (data << BITS) | masked
            words.append((data, int(last), None if err else nbytes, int(err)))
    return words


class WidthUpTb:
    def __init__(self, dut, rng: random.Random):
        self.dut = dut
        self.rng = rng
        self.src = None

    async def reset(self):
        dut = self.dut
        await FallingEdge(dut.clk_i)       # out of a previous run's ReadOnly phase
        self.src = beat_source(dut)
        dut.word_ready_i.value = 0
        dut.rst_ni.value = 0
        await FallingEdge(dut.clk_i)
        await FallingEdge(dut.clk_i)
        dut.rst_ni.value = 1
        await FallingEdge(dut.clk_i)
        assert int(dut.word_valid_o.value) == 0, "word_valid_o after reset"

    async def run(self, packets: list[list], p_valid: float, p_ready: float,
                  full_rate: bool = False) -> list[tuple[int, int, int, int]]:
        """Send `packets`, take words, return (data, last, bytes, keep_err) of the taken words
        (bytes None where keep_err is set)."""
        dut, src = self.dut, self.src
        nbeats = sum(len(p) for p in packets)
        want = len(expected_words(packets))
        # a tvalid bubble before each beat with probability 1 - p_valid per clock
        src.set_pause_generator(random_pause(random.Random(self.rng.getrandbits(32)), 1 - p_valid)
                                if p_valid < 1.0 else None)
        src.pause = False
        for p in packets:
            src.send_nowait(beats_to_frame([beat_of(b) for b in p], BITS // 8))
        garbage = random.Random(self.rng.getrandbits(32))
        ready_rng = random.Random(self.rng.getrandbits(32))
        got: list[tuple[int, int]] = []
        held = None              # (data, last) of the word on offer last clock, not taken
        cycles = 0
        limit = 50 * nbeats + 100
        while len(got) < want:
            await FallingEdge(dut.clk_i)
            cycles += 1
            assert cycles < limit, f"stalled: {len(got)} of {want} words after {cycles} clocks"
            # garbage on the bus while tvalid is low must not matter (the source leaves the
            # last beat there; it drives every signal anew when it raises tvalid)
            if not int(dut.s_tvalid_i.value):
                dut.s_tdata_i.value = garbage.getrandbits(BITS)
                dut.s_tkeep_i.value = garbage.getrandbits(BITS // 8)
                dut.s_tlast_i.value = garbage.getrandbits(1)
            ready = ready_rng.random() < p_ready
            dut.word_ready_i.value = int(ready)
            await ReadOnly()
            wvalid = int(dut.word_valid_o.value)
            if held is not None:
                assert wvalid, "word_valid_o dropped before the word was taken"
                now = self.word()
                assert now == held, f"word on offer changed before taken: {held} -> {now}"
            held = None
            if wvalid:
                word = self.word()
                if ready:
                    got.append(word)
                else:
                    held = word
            if full_rate and not src.idle():
                assert int(dut.s_tready_o.value), \
                    f"s_tready_o low at clock {cycles} with word_ready_i always high"
        src.clear_pause_generator()
        # nothing more may come out
        assert src.idle(), f"beats not taken after the last word ({src.count()} packets not begun)"
        for _ in range(3):
            await FallingEdge(dut.clk_i)
            dut.word_ready_i.value = 1
            await ReadOnly()
            assert not int(dut.word_valid_o.value), "a word beyond the expected ones"
        return got, cycles

    def word(self) -> tuple[int, int, int, int]:
        dut = self.dut
        err = int(dut.word_keep_err_o.value)
        return (int(dut.word_data_o.value), int(dut.word_last_o.value),
                None if err else int(dut.word_bytes_o.value), err)


def random_packets(rng: random.Random, count: int, p_bad: float = 0.0) -> list[list]:
    """Packets of random beats, the last with a random legal TKEEP; with probability p_bad a
    packet has one beat with a broken TKEEP."""
    packets = []
    bb = BITS // 8
    for _ in range(count):
        n = rng.choice([1, 1, 2, 3, BEATS, BEATS + 1, rng.randint(1, 6 * BEATS)])
        p = [rng.getrandbits(BITS) for _ in range(n)]
        p[-1] = (p[-1], keep_run(rng.choice([bb, rng.randint(1, bb)])))
        if rng.random() < p_bad:
            i = rng.randrange(n)
            keep = rng.choice([0, rng.getrandbits(bb), keep_run(rng.randint(0, bb - 1)),
                               keep_run(rng.randint(1, bb)) >> 1])
            p[i] = (beat_of(p[i])[0], keep)
        packets.append(p)
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
    assert got == [(int.from_bytes(data, "big"), 1, 16, 0)], f"got {got[0][0]:032x}"
    # a one-beat packet at a narrow width: the beat on top, zeros below
    if BEATS > 1:
        got, _ = await tb.run([[0xA5]], 1.0, 1.0)
        assert got == [(0xA5 << (128 - BITS), 1, BITS // 8, 0)], f"got {got[0][0]:032x}"
    # TKEEP: three valid bytes in the last beat; the lanes left out arrive as zeros
    last = int.from_bytes(data[16 - BITS // 8:], "big")
    got, _ = await tb.run([beats[:-1] + [(last, keep_run(3))]], 1.0, 1.0)
    want = int.from_bytes(data[:16 - BITS // 8 + 3] + bytes(BITS // 8 - 3), "big")
    assert got == [(want, 1, 16 - BITS // 8 + 3, 0)], f"got {got}"
    # holes, a partial beat before TLAST, an empty last beat: keep_err
    for pkt in ([(last, keep_run(3) >> 1)], [(last, 0)], [(last, keep_run(2)), last]):
        got, _ = await tb.run([pkt], 1.0, 1.0)
        assert got[0][3] == 1 and got == expected_words([pkt]), f"{pkt}: got {got}"


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
        packets = random_packets(rng, PACKETS // 3, p_bad=0.2)
        got, _ = await tb.run(packets, p_valid, p_ready)
        want = expected_words(packets)
        for i, (g, w) in enumerate(zip(got, want)):
            assert g == w, (f"word {i}: got {g[0]:032x} last/bytes/err {g[1:]}, "
                            f"want {w[0]:032x} last/bytes/err {w[1:]}")
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
