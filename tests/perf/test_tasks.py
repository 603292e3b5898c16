"""The sporadic task model's formulas (paper section 5) on hand-computed sets, and
properties of the model that hold whatever its timing constants."""

from mccp.perf import tasks
from mccp.perf.tlm import Channel, Config, Packet, simulate


def test_allocability_condition():
    ts = [tasks.Task(e=10, p=20, d=20), tasks.Task(e=30, p=40, d=40)]   # 0.5 + 0.75 = 1.25
    assert abs(tasks.utilisation(ts) - 1.25) < 1e-12
    assert not tasks.allocable(ts, 1)
    assert tasks.allocable(ts, 2)


def test_alpha_and_scaled_periods():
    e, pmax = [100, 300], [200, 100]            # alpha = 0.5 + 3 = 3.5
    a = tasks.alpha(e, pmax)
    assert abs(a - 3.5) < 1e-12
    p = tasks.scaled_periods(pmax, a, 2)        # x 1.75
    assert p == [350.0, 175.0]
    assert tasks.allocable([tasks.Task(x, q, q) for x, q in zip(e, p)], 2)
    assert tasks.scaled_periods(pmax, 1.0, 2) == [100, 50]    # room to spare: faster arrivals still fit


def test_model_never_beats_the_cores_or_the_stream():
    """Lower bounds any schedule must respect: total work / cores and the input beats."""
    chans = [Channel("gcm", 0), Channel("ccm", 1)]
    pk = [Packet(i % 2, 2048) for i in range(16)]
    for cores, bits in ((1, 32), (4, 32), (8, 128)):
        res = simulate(Config(cores, bits), chans, pk)
        total = max(p.exit for p in res) - min(p.entry for p in res)
        work = sum(tasks.channel_cost(chans[p.channel], p.payload) for p in res)
        beats = len(res) * (1 + 1 + 128) * (128 // bits)       # header, nonce, payload words
        assert total >= work / cores
        assert total >= beats
        assert all(p.entry <= p.start < p.end <= p.chosen < p.exit for p in res)
