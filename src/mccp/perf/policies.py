"""Sporadic task model on the TLM: alpha and throughput per configuration, deadline misses per policy.

* `alpha_table`: for the device API's default stream width per core count and a
  mixed channel set (GCM and CCM, 2 KB, AES-128, a key per channel), the paper's
  analytic alpha (3) with pmax_i = e_i (= n), the TLM's alpha (fabric included),
  the maximum maintainable throughput each gives: alpha measured with every
  channel backlogged (saturated) and by bisection on sporadic arrivals
  (the smallest alpha whose p_i = alpha/m e_i keep up).
* `deadlines`: 12 channels (GCM and CCM alternately, a key each), packets of
  64..2048 bytes at random; arrivals periodic (the paper's worst case) or
  sporadic (p_i plus a random extra up to 50 %) at a fraction `load` of the
  analytic capacity; d_i = 2 x the cost of the channel's 2 KB packet; the
  last policy is a what-if the hardware does not have (4 expanded keys per core);
  deadline-miss ratio and response times for each scheduler policy (key
  affinity on/off x per-channel order on/off).
"""

from __future__ import annotations

from mccp.perf import tasks
from mccp.perf.sweep import run_parallel
from mccp.perf.tlm import Channel, Config
from mccp.device.api import default_stream_bits
from mccp.perf.fig3 import CLOCK_MHZ

PAYLOAD = 2048
LOADS = (0.5, 0.7, 0.8, 0.9, 1.0, 1.1)
SIZES = (64, 256, 512, 1024, 2048)      # per packet, at random (deadline study)
JITTERS = (0.0, 0.5)                    # 0: periodic, the paper's worst case
POLICIES = {"affinity+ordered": (True, True, 1), "affinity": (True, False, 1), "ordered": (False, True, 1),
            "neither": (False, False, 1),
            "affinity+ordered, 4 keys per core (what-if)": (True, True, 4)}
DEADLINE_FACTOR = 2.0


def _mix(n: int) -> list[Channel]:
    return [Channel("ccm" if i % 2 else "gcm", key_slot=i) for i in range(n)]


def _alpha_job(arg):
    m, s, n = arg
    chans = _mix(n)
    r = tasks.measured_alpha(Config(m, s), chans, PAYLOAD)
    e = r["e"]
    analytic = tasks.alpha(e, e)
    a_sat = r["alpha"]
    a_spo = tasks.bisect_alpha(Config(m, s), chans, 0.9 * min(analytic, a_sat), 1.2 * max(analytic, a_sat), PAYLOAD)

    def mbps(a):
        ts = [tasks.Task(x, p, p, 8 * PAYLOAD) for x, p in zip(e, tasks.scaled_periods(e, a, m))]
        return tasks.throughput_bits_per_cycle(ts) * CLOCK_MHZ

    t_an = [tasks.Task(x, p, p, 8 * PAYLOAD) for x, p in zip(e, tasks.scaled_periods(e, analytic, m))]
    return {"cores": m, "stream_bits": s, "channels": n, "alpha_analytic": analytic,
            "allocable_analytic": tasks.allocable(t_an, m), "alpha_saturated": a_sat, "alpha_sporadic": a_spo,
            "mbps_analytic": mbps(analytic), "mbps_saturated": mbps(a_sat), "mbps_sporadic": mbps(a_spo)}


def _deadline_job(arg):
    m, s, n, pol, load, jit = arg
    aff, ordered, kc = POLICIES[pol]
    chans = [Channel(c.mode, c.key_slot, affinity=aff, ordered=ordered) for c in _mix(n)]
    r = tasks.deadline_stats(Config(m, s, affinity=aff, in_order=ordered, key_cache=kc), chans, load,
                             DEADLINE_FACTOR, SIZES,
                             jitter=jit)
    return {"cores": m, "stream_bits": s, "channels": n, "policy": pol, "load": load, "jitter": jit, **r}


def study(workers: int = 2) -> dict:
    for mode in ("gcm", "ccm"):
        tasks.channel_cost(Channel(mode), PAYLOAD)
    ajobs = [(m, default_stream_bits(m), n) for m in (1, 2, 4, 8, 16) for n in (2, 8)]
    alpha_rows = run_parallel(_alpha_job, ajobs, workers, "alpha")
    djobs = [(m, s, 12, pol, load, jit) for m, s in ((4, 64), (8, 128), (16, 128)) for jit in JITTERS
             for pol in POLICIES for load in LOADS]
    dl_rows = run_parallel(_deadline_job, djobs, workers, "deadlines")
    return {"payload": PAYLOAD, "sizes": SIZES, "deadline_factor": DEADLINE_FACTOR, "alpha_table": alpha_rows,
            "deadlines": dl_rows}
