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

import random

from mccp.bench.fabric import PACKET, open_device, run_packets
from mccp.docs import md_table

CORES = (2, 4, 8)
SIZES = (64, 256, 512, 1024, 2048)
POLICIES = {"one core": {"ordered", "affinity"}, "split": {"ordered", "affinity", "split"}}


def bench_ccm(seed: int = 1, per_core: int = 8) -> dict:
    rng = random.Random(seed)
    out = {"throughput": {}, "latency": {}}
    for cores in CORES:
        for name, policy in POLICIES.items():
            print(f"  CCM 2 KB: {cores} cores, {name} ...", flush=True)
            dev, chans = open_device(cores, 128, 1, "ccm", rng, policy=policy)
            with dev:
                run_packets(dev, chans, cores, PACKET, rng)            # warm up: keys loaded
                out["throughput"].setdefault(str(cores), {})[name] = run_packets(dev, chans, per_core * cores, PACKET, rng)
    for name, policy in POLICIES.items():
        print(f"  CCM latency, {name}: one packet at a time ...", flush=True)
        dev, chans = open_device(2, 128, 1, "ccm", rng, policy=policy)
        with dev:
            run_packets(dev, chans, 1, 64, rng)
            for size in SIZES:
                out["latency"].setdefault(str(size), {})[name] = run_packets(dev, chans, 1, size, rng)["latency_median"]
    return out


def ccm_section(res: dict) -> list[str]:
    out = ["### CCM on one core and split over two", "",
           "AES-128-CCM through the device API (128-bit streams), every answer checked against "
           "`cryptography`. One core: CTR and CBC-MAC of a packet on one core (2 AES per block). "
           "Split: CTR and the packet's input and output on core 2p, CBC-MAC on core 2p+1, blocks passed "
           "through the pair's queues (`vsend` / `vrecv`). Regenerate: `mccp bench ccm`.", ""]
    rows = []
    for cores, per in res["throughput"].items():
        one, split = per["one core"], per["split"]
        rows.append([cores, f"{one['steady_bits_per_cycle']:.2f}", f"{split['steady_bits_per_cycle']:.2f}",
                     one["latency_median"], split["latency_median"]])
    out += md_table(["cores", "bits / cycle, one core (steady)", "bits / cycle, split (steady)",
                     "median latency, one core", "median latency, split"], rows)
    out += ["", "Latency of one packet on an idle device (cycles from its first input beat to its last "
            "output beat):", ""]
    rows = [[size, per["one core"], per["split"], f"{per['one core'] / per['split']:.2f}"]
            for size, per in res["latency"].items()]
    out += md_table(["bytes", "one core", "split", "one core / split"], rows)
    return out
