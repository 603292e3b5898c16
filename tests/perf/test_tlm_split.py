"""Split CCM in the transaction-level model (no RTL here: tests/perf/test_timing.py and the
validation scenarios hold the model to the RTL).  Expected values are built from the
Timing constants and the ISS's costs of both halves, or are orderings any right
schedule has (a pair is two cores, one request at a time)."""

import pytest

from mccp.perf import costs
from mccp.perf.tlm import Channel, Config, Packet, Timing, shape_of, simulate

TM = Timing()
KEY = TM.key_extra + costs.key_expansion_cycles(128)   # one key load, cycles added to a start
SPLIT = Channel("ccm", 0, split=True)
ONE = Channel("ccm", 0)
GCM = Channel("gcm", 1)
GAP = 100_000                                            # arrivals this far apart meet an idle device


def _split_cost(payload: int, offset: int) -> costs.SplitCost:
    return costs.split_cost(shape_of(SPLIT, Packet(0, payload)), offset)


def test_lone_split_packet_costs_its_io_half():
    """Idle 2 cores, 128-bit stream, keys cold: the MAC core's key load, its start, split_start, the
    I/O core's key load, its start; then the I/O half's ISS cycles and the output."""
    p, = simulate(Config(2, 128), [SPLIT], [Packet(0, 2048)])
    mac_start = 0 + 1 + TM.hdr_to_start + KEY          # header beat, scheduler, MAC core's key
    start = mac_start + TM.split_start + KEY            # then the I/O core's key
    sc = _split_cost(2048, start - mac_start)
    assert (p.core, p.mac_core, p.key_load) == (0, 1, True)
    assert (p.mac_start, p.start) == (mac_start, start)
    assert p.end == start + sc.io.cycles
    assert p.mac_end == p.end - sc.lead < p.end        # the MAC half ends first
    assert p.exit == p.end + TM.res_to_emit + TM.emit_to_exit + (1 + sc.io.out_words) - 1
    one, = simulate(Config(2, 128), [ONE], [Packet(0, 2048)])
    assert one.mac_core == -1 and one.start == 1 + TM.hdr_to_start + KEY
    assert p.latency < 0.6 * one.latency


def test_split_packets_serialise_on_one_pair():
    """2 cores: the second split packet waits for both cores (its MAC core is free first, the I/O core
    when the first packet's I/O half ends); 4 cores: it runs at once on the second pair."""
    a, b = simulate(Config(2, 128), [SPLIT], [Packet(0, 1024), Packet(0, 1024)])
    assert a.mac_end < a.end
    assert b.mac_start == a.end + TM.free_to_start       # keys cached: no load
    assert b.start == b.mac_start + TM.split_start and not b.key_load
    assert (b.core, b.mac_core) == (0, 1)
    c, d = simulate(Config(4, 128), [SPLIT], [Packet(0, 1024), Packet(0, 1024)])
    assert (d.core, d.mac_core) == (2, 3) and d.start < c.end


def test_split_holds_two_cores():
    """Saturated split traffic: the cores' work is both halves, so the run takes at least
    packets x (I/O + MAC cycles) / cores, more than the one-core packets' bound."""
    n, cores = 24, 4
    res = simulate(Config(cores, 128), [SPLIT], [Packet(0, 2048) for _ in range(n)])
    sc = _split_cost(2048, TM.split_start)
    total = max(p.exit for p in res) - min(p.entry for p in res)
    assert total >= n * (sc.io.cycles + sc.mac.cycles) / cores
    assert {p.core for p in res} == {0, 2} and {p.mac_core for p in res} == {1, 3}


def test_split_request_waits_for_a_free_pair():
    """2 cores: a GCM packet on core 0, then a split packet: it waits until core 0 is free although
    core 1 is idle, and the GCM packet behind it waits with it (the stream stalls).  4 cores: the
    split packet takes the free pair (2, 3) at once."""
    g, s, g2 = simulate(Config(2, 128), [SPLIT, GCM], [Packet(1, 2048), Packet(0, 2048), Packet(1, 256)])
    assert g.core == 0 and (s.core, s.mac_core) == (0, 1)
    assert s.mac_start >= g.end + TM.free_to_start
    assert g2.start > s.start
    g, s = simulate(Config(4, 128), [SPLIT, GCM], [Packet(1, 2048), Packet(0, 2048)])
    assert g.core == 0 and (s.core, s.mac_core) == (2, 3) and s.start < g.end


def test_no_pair_runs_on_one_core():
    """One core: a split channel's packet runs like a one-core packet.  Three cores: only (0, 1) is a
    pair, so a second split packet waits for it instead of taking core 2."""
    s, = simulate(Config(1, 32), [SPLIT], [Packet(0, 512)])
    o, = simulate(Config(1, 32), [ONE], [Packet(0, 512)])
    assert s.mac_core == -1 and (s.start, s.end, s.exit) == (o.start, o.end, o.exit)
    a, b = simulate(Config(3, 64), [SPLIT], [Packet(0, 1024), Packet(0, 1024)])
    assert (a.core, b.core) == (0, 0) and b.mac_start >= a.end


@pytest.mark.parametrize("affinity", [True, False])
def test_pair_affinity(affinity):
    """Split A on pair 0 and split B on pair 1; later split B alone: with affinity the pair holding B
    (no key load), without it the lowest free pair (two key loads)."""
    chans = [SPLIT, Channel("ccm", 1, split=True, affinity=affinity)]
    res = simulate(Config(4, 128, affinity=affinity), chans,
                   [Packet(0, 512), Packet(1, 512), Packet(1, 512, arrival=GAP)])
    assert [p.core for p in res[:2]] == [0, 2]
    late = res[2]
    if affinity:
        assert late.core == 2 and not late.key_load
    else:
        assert late.core == 0 and late.start - late.mac_start == TM.split_start + KEY


def test_global_split_flag():
    """Config.ccm_split (SCHED.CCM_SPLIT) splits CCM channels without the split bit, not GCM ones."""
    res = simulate(Config(4, 128, ccm_split=True), [ONE, GCM], [Packet(0, 512), Packet(1, 512)])
    assert res[0].mac_core == 1 and res[1].mac_core == -1
    res = simulate(Config(4, 128), [ONE, GCM], [Packet(0, 512), Packet(1, 512)])
    assert res[0].mac_core == -1


def test_split_cost_cache_keys_role_and_offset():
    sc2, sc9 = _split_cost(512, 2), _split_cost(512, 9)
    assert sc2.io.cycles == sc9.io.cycles and sc9.mac.cycles == sc2.mac.cycles + 7
    assert sc2.mac.in_words == sc2.mac.out_words == 0 and sc2.io.out_words > 0
    with pytest.raises(ValueError):
        costs.split_cost(costs.Shape("gcm", "encrypt", 128, 512), 2)


def test_paper_cores_have_no_split():
    with pytest.raises(ValueError):
        simulate(Config(2, 64, paper_cores=True), [SPLIT], [Packet(0, 512)])
