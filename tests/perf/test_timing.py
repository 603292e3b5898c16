"""The TLM's pipeline constants (mccp.perf.tlm.Timing) against the RTL, cycle for cycle.

Short batches of packets, each on an idle device (drained before the next; the
cores keep their keys), run through the device API and on the model.  For
every packet the model's start - entry (header, scheduler, key loads, the split
dispatch's second start) and exit - start (the core's ISS cost, result to
emission, output) must equal the RTL's exactly, on the same core.  The batches
put each dispatch case in front of the scheduler: one core with its key cached
or not; a split packet whose MAC core, I/O core, both or neither miss the key;
a packet that waits for the MAC core of a split packet (the MAC half ends
before the I/O half), a split packet that waits for a busy pair.
"""

import pytest

from mccp.perf import costs
from mccp.perf.tlm import Channel, Config, Packet, Timing, shape_of
from mccp.perf.validate import run_batches

from sweeps import sweep


def _channels(key_bits: int) -> list[Channel]:
    return [Channel("ccm", 0, key_bits), Channel("ccm", 1, key_bits),                       # one core, keys A, B
            Channel("ccm", 0, key_bits, split=True), Channel("ccm", 1, key_bits, split=True),  # split, keys A, B
            Channel("gcm", 1, key_bits)]


# 2 cores; the comments say what the scheduler meets (round robin from core 0, affinity on)
BATCHES = [
    [Packet(0, 2048)],                         # A on core 0: miss
    [Packet(1, 2048)],                         # B on core 1: miss
    [Packet(2, 2048)],                         # split A: MAC core 1 misses (holds B), I/O core 0 holds A
    [Packet(1, 512)],                          # B on core 0 (round robin): miss; now core 0 B, core 1 A
    [Packet(2, 2048)],                         # split A: MAC core hits, I/O core misses
    [Packet(2, 64)],                           # split A: both hit
    [Packet(3, 1024)],                         # split B: both miss
    [Packet(2, 2048), Packet(4, 2048)],        # GCM waits for a core: the split packet's MAC core frees first
    [Packet(2, 1024), Packet(2, 1024)],        # the second split packet waits for the pair
    [Packet(3, 512), Packet(0, 2048), Packet(3, 512)],   # a split packet waits behind a one-core packet
]


DISPATCH = [(32, 128), (32, 256), (128, 128), (128, 256)]


# make test: each stream width and key size once; make test-long: all four
@pytest.mark.parametrize("stream_bits,key_bits", sweep(DISPATCH, [f"{s}-{k}" for s, k in DISPATCH],
                                                       long={"32-256", "128-128", "128-256"}))
def test_dispatch_cycles_equal_rtl(stream_bits, key_bits):
    rtl, model, _ = run_batches(Config(2, stream_bits), _channels(key_bits), BATCHES)
    for i, (r, m) in enumerate(zip(rtl, model)):
        what = f"packet {i} (channel {r.channel}, {r.payload} B)"
        assert m.core == r.core, f"{what}: model core {m.core}, RTL core {r.core}"
        assert m.start - m.entry == r.start - r.entry, (
            f"{what}: start - entry model {m.start - m.entry}, RTL {r.start - r.entry} "
            "(Timing.hdr_to_start / key_extra / split_start / free_to_start)")
        assert m.exit - m.start == r.exit - r.start, (
            f"{what}: exit - start model {m.exit - m.start}, RTL {r.exit - r.start} (core cost / res_to_emit / "
            "emit_to_exit)")
    assert any(m.mac_core >= 0 for m in model) and any(m.mac_core < 0 for m in model)


def test_mac_core_busy_equals_iss_for_the_model_offset():
    """The MAC core's busy cycles (CORE_BUSY) of a lone split packet equal the ISS's MAC half for the
    delay between the two starts the model takes (split_start, plus a key load if the I/O core misses):
    the MAC core waits for the I/O core's blocks, so its cycles tell the delay the RTL had."""
    chans = _channels(128)

    def busy(dev):
        out = []
        for c in range(2):
            dev.write_reg("CORE_SEL", c)
            out.append(dev.read_reg("CORE_BUSY"))
        return out

    rtl, model, probes = run_batches(Config(2, 128), chans, BATCHES[:7], after=busy)
    tm = Timing()
    offsets = set()
    for i in (2, 4, 5, 6):                       # the lone split packets of BATCHES[:7]
        m = model[i]
        offset = m.start - m.mac_start
        offsets.add(offset)
        sc = costs.split_cost(shape_of(chans[m.channel], m), offset)
        io_busy, mac_busy = (a - b for a, b in zip(probes[i], probes[i - 1]))
        assert (io_busy, mac_busy) == (sc.io.cycles, sc.mac.cycles), (i, offset)
        assert m.mac_end == m.end - sc.lead
    # both cached, and the I/O core's key load between the two starts
    assert offsets == {tm.split_start, tm.split_start + tm.key_extra + costs.key_expansion_cycles(128)}
