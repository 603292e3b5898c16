"""The model against the RTL: scenarios (modes, sizes, core counts, channel mixes, policies)
run on `mccp_top` through the device API and on the model; total cycles compared.

`mccp model validate` runs SHORT + LONG and writes results/perf_model.json["validation"];
tests/perf runs SHORT (and LONG under `-m long`) and fails beyond 5 %.  Both sets hold
scenarios with CCM split over core pairs (per-channel policy and SCHED.CCM_SPLIT).

`run_batches` runs packets batch by batch on an idle device (tests/perf/test_timing.py
checks the pipeline constants of `Timing` with it, cycle for cycle).
"""

from __future__ import annotations

import logging
import random
from dataclasses import replace

from mccp.perf.rtl import Scenario, open_device, run_packets, run_rtl
from mccp.perf.tlm import Channel, Config, Packet, simulate

logger = logging.getLogger(__name__)

TOLERANCE = 0.05
SIZES = (16, 64, 256, 512, 1024, 2048)


# a packet sequence (channel 0 CCM, 1 GCM) where the model has cores wait for room in their output
# buffer: a finished packet held back by channel order while the core's next task writes
OUT_STALL = [(0, 2048), (0, 512), (1, 1536), (1, 1536), (1, 2048), (1, 2048), (0, 512), (1, 512), (1, 1024),
             (0, 2048), (1, 1536), (0, 1536), (1, 1024), (0, 512), (1, 1536), (1, 1024)]


def _random_packets(rng: random.Random, nch: int, count: int, sizes=SIZES, aad=(0,)) -> list[Packet]:
    return [Packet(rng.randrange(nch), rng.choice(sizes), rng.choice(aad)) for _ in range(count)]


def scenarios(which: str = "short") -> list[Scenario]:
    rng = random.Random(5)
    gcm_ccm = [Channel("gcm", 0), Channel("ccm", 1)]
    mixed4 = [Channel("gcm", 0), Channel("ccm", 1), Channel("ctr", 2), Channel("cmac", 3)]
    keys = [Channel("gcm", 0, 128), Channel("gcm", 1, 192), Channel("ccm", 2, 256), Channel("gmac", 3, 128),
            Channel("cbc", 4, 128), Channel("ecb", 5, 256)]
    # split CCM (CCM on a core pair) beside GCM and one-core CCM channels; packets from their own generator,
    # so the other scenarios keep theirs
    rs = random.Random(6)
    split_mix = [Channel("ccm", 0, split=True), Channel("gcm", 1), Channel("ccm", 1)]
    short = [
        Scenario("2 cores, 32-bit, GCM+CCM, random sizes", Config(2, 32), gcm_ccm,
                 _random_packets(rng, 2, 12, aad=(0, 20))),
        Scenario("4 cores, 64-bit, GCM/CCM/CTR/CMAC, random sizes", Config(4, 64), mixed4,
                 _random_packets(rng, 4, 24)),
        Scenario("4 cores, 64-bit, 8 GCM channels / keys, 512 B, affinity off", Config(4, 64, affinity=False),
                 [Channel("gcm", i) for i in range(8)], [Packet(i % 8, 512) for i in range(24)]),
        Scenario("4 cores, 64-bit, ordered results wait, a core's output buffer fills", Config(4, 64), gcm_ccm[::-1],
                 [Packet(c, n) for c, n in OUT_STALL]),
        Scenario("2 cores, 32-bit, host gaps: 30 % input, 30 % output stalls", Config(2, 32, in_gap=0.3, out_stall=0.3),
                 mixed4, _random_packets(rng, 4, 16)),
        Scenario("2 cores, 32-bit, split CCM alone, random sizes", Config(2, 32), [Channel("ccm", 0, split=True)],
                 _random_packets(rs, 1, 12, aad=(0, 20))),
        Scenario("4 cores, 64-bit, split CCM beside GCM and one-core CCM, random sizes", Config(4, 64), split_mix,
                 _random_packets(rs, 3, 24, aad=(0, 20))),
    ]
    if which == "short":
        return short
    long = [
        Scenario("1 core, 32-bit, GCM 64..2048 B", Config(1, 32), [Channel("gcm", 0)],
                 [Packet(0, s) for s in (64, 256, 512, 1024, 2048, 64, 2048)]),
        Scenario("1 core, 32-bit, every key size / 6 modes", Config(1, 32), keys,
                 _random_packets(rng, 6, 12, sizes=(64, 512, 2048))),
        Scenario("2 cores, 32-bit, 6 channels, key sizes, affinity on", Config(2, 32), keys,
                 _random_packets(rng, 6, 18, sizes=(64, 512, 2048))),
        Scenario("2 cores, 32-bit, GCM 2 KB (stream bound)", Config(2, 32), [Channel("gcm", 0)],
                 [Packet(0, 2048) for _ in range(10)]),
        Scenario("4 cores, 64-bit, GCM 2 KB, unordered", Config(4, 64, in_order=False),
                 [Channel("gcm", 0, ordered=False), Channel("gcm", 1, ordered=False)],
                 [Packet(i % 2, 2048) for i in range(16)]),
        Scenario("4 cores, 64-bit, small packets 16..256 B, 4 modes", Config(4, 64), mixed4,
                 _random_packets(rng, 4, 40, sizes=(16, 64, 128, 256))),
        Scenario("4 cores, 64-bit, decrypt / verify: GCM, CCM, CTR, CMAC", Config(4, 64),
                 [Channel("gcm", 0, op="decrypt"), Channel("ccm", 1, op="decrypt"), Channel("ctr", 2, op="decrypt"),
                  Channel("cmac", 3, op="verify")], _random_packets(rng, 4, 20, sizes=(64, 512, 2048))),
        Scenario("4 cores, 64-bit, host gaps: 50 % input, 50 % output stalls", Config(4, 64, in_gap=0.5, out_stall=0.5),
                 mixed4, _random_packets(rng, 4, 24)),
        Scenario("8 cores, 128-bit, GCM+CCM 2 KB", Config(8, 128), gcm_ccm,
                 [Packet(i % 2, 2048) for i in range(32)]),
        Scenario("8 cores, 128-bit, 16 GCM channels / keys, 512 B", Config(8, 128),
                 [Channel("gcm", i) for i in range(16)], _random_packets(rng, 16, 48, sizes=(512,))),
        Scenario("2 cores, 128-bit, split CCM 64..2048 B", Config(2, 128), [Channel("ccm", 0, split=True)],
                 [Packet(0, s) for s in (64, 256, 512, 1024, 2048, 64, 2048, 2048)]),
        Scenario("4 cores, 128-bit, split CCM 2 KB, two channels / keys", Config(4, 128),
                 [Channel("ccm", 0, split=True), Channel("ccm", 1, split=True)], [Packet(i % 2, 2048) for i in range(16)]),
        Scenario("2 cores, 64-bit, SCHED.CCM_SPLIT: two CCM channels and GCM", Config(2, 64, ccm_split=True),
                 [Channel("ccm", 0), Channel("ccm", 1, 256), Channel("gcm", 2)],
                 _random_packets(rs, 3, 16, sizes=(64, 512, 2048))),
        Scenario("4 cores, 64-bit, split CCM decrypt beside GCM / CCM decrypt", Config(4, 64),
                 [Channel(c.mode, c.key_slot, op="decrypt", split=c.split) for c in split_mix],
                 _random_packets(rs, 3, 20, sizes=(16, 512, 2048), aad=(0, 20))),
        Scenario("3 cores, 64-bit, split CCM beside GCM: one pair and a lone core", Config(3, 64), split_mix[:2],
                 _random_packets(rs, 2, 18, sizes=(256, 1024, 2048))),
        Scenario("4 cores, 64-bit, split CCM, affinity off, 4 keys", Config(4, 64, affinity=False),
                 [Channel("ccm", i, split=True) for i in range(4)], [Packet(i % 4, 1024) for i in range(16)]),
        Scenario("4 cores, 64-bit, split CCM mix, host gaps: 30 % input, 30 % output stalls",
                 Config(4, 64, in_gap=0.3, out_stall=0.3), split_mix, _random_packets(rs, 3, 18)),
        Scenario("8 cores, 128-bit, split CCM + GCM + one-core CCM 2 KB", Config(8, 128), split_mix,
                 [Packet(i % 3, 2048) for i in range(36)]),
        Scenario("8 cores, 128-bit, 8 split CCM channels / keys, 1 KB", Config(8, 128),
                 [Channel("ccm", i, split=True) for i in range(8)], _random_packets(rs, 8, 40, sizes=(1024,))),
    ]
    return short + long if which == "all" else long


def compare(sc: Scenario, seed: int = 1) -> dict:
    rtl = run_rtl(sc, seed)
    e0 = min(p.entry for p in rtl)
    rtl_total = max(p.exit for p in rtl) - e0
    model = simulate(sc.cfg, sc.channels, sc.packets)
    tlm_total = round(max(p.exit for p in model) - min(p.entry for p in model))
    exits = [abs((m.exit - m.entry) - (r.exit - r.entry)) for m, r in zip(model, rtl)]
    return {"name": sc.name, "cores": sc.cfg.cores, "stream_bits": sc.cfg.stream_bits, "packets": len(rtl),
            "rtl_cycles": rtl_total, "model_cycles": tlm_total,
            "error": (tlm_total - rtl_total) / rtl_total,
            "max_latency_error_cycles": round(max(exits)),
            "same_core": sum(m.core == r.core for m, r in zip(model, rtl)) / len(rtl)}


BATCH_GAP = 200_000     # model: cycles between the batches of run_batches (each meets an idle device)


def run_batches(cfg: Config, channels: list[Channel], batches: list[list[Packet]], seed: int = 1,
                after=None) -> tuple[list[Packet], list[Packet], list]:
    """Each batch submitted at once and drained before the next (the cores keep their keys), on the
    RTL and on the model: (RTL packets, model packets, [after(dev) after each batch])."""
    rng = random.Random(seed)
    dev, chans = open_device(cfg, channels, rng)
    rtl, probes = [], []
    with dev:
        for b in batches:
            rtl += run_packets(dev, chans, channels, b, rng)
            if after:
                probes.append(after(dev))
    model = simulate(cfg, channels, [replace(p, arrival=i * BATCH_GAP) for i, b in enumerate(batches) for p in b])
    return rtl, model, probes


def run(which: str = "all") -> list[dict]:
    out = []
    for sc in scenarios(which):
        r = compare(sc)
        logger.info(f"  {sc.name}: RTL {r['rtl_cycles']} cycles, model {r['model_cycles']} ({100 * r['error']:+.2f} %), "
              f"max latency error {r['max_latency_error_cycles']} cycles, same core {100 * r['same_core']:.0f} %")
        out.append(r)
    return out
