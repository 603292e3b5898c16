"""CCM on one core vs split over a core pair: `mccp bench ccm` (results/bench_ccm.json).

Both through the device API on the Verilator model of mccp_top (128-bit
streams), every answer checked against `cryptography`:

* throughput: AES-128-CCM, 2 KB packets, 2 / 4 / 8 cores, 8 packets per core,
  one channel with the one-core policy and one with the split policy;
* latency: one packet at a time on an idle 2-core device, 64..2048 bytes,
  from its first input beat to its last output beat.

A split packet holds two cores for about half the time one core needs, so
the throughput of a loaded device stays about the same; what the split buys
is latency.
"""

from __future__ import annotations

import logging
import random

from mccp.bench.fabric import PACKET, open_device, run_packets

logger = logging.getLogger(__name__)

CORES = (2, 4, 8)
SIZES = (64, 256, 512, 1024, 2048)
POLICIES = {"one core": {"ordered", "affinity"}, "split": {"ordered", "affinity", "split"}}


def bench_ccm(seed: int = 1, per_core: int = 8) -> dict:
    rng = random.Random(seed)
    out = {"throughput": {}, "latency": {}}
    for cores in CORES:
        for name, policy in POLICIES.items():
            logger.info(f"  CCM 2 KB: {cores} cores, {name} ...")
            dev, chans = open_device(cores, 128, 1, "ccm", rng, policy=policy)
            with dev:
                run_packets(dev, chans, cores, PACKET, rng)            # warm up: keys loaded
                out["throughput"].setdefault(str(cores), {})[name] = run_packets(dev, chans, per_core * cores, PACKET, rng)
    for name, policy in POLICIES.items():
        logger.info(f"  CCM latency, {name}: one packet at a time ...")
        dev, chans = open_device(2, 128, 1, "ccm", rng, policy=policy)
        with dev:
            run_packets(dev, chans, 1, 64, rng)
            for size in SIZES:
                out["latency"].setdefault(str(size), {})[name] = run_packets(dev, chans, 1, size, rng)["latency_median"]
    return out


