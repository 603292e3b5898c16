"""Table 2 of the paper, measured on the RTL through the device API.

Per mode (encrypt / MAC direction) and key size, packets of 64, 256, 512,
1024 and 2048 bytes, on one core and on eight (each with the device API's
default stream width: 32 bits for one core, 128 for eight).  Every answer is
checked against `cryptography`.  Keys are loaded into the cores first (a
warm-up round), so the figures are those of a running channel:

* latency: one packet alone on the idle device, first input beat to the last
  output beat (exit - entry);
* throughput: payload bits per cycle in steady state -- `BURST` packets per
  core submitted back to back, measured between the exit of the first
  `cores` packets and the last one (fill and drain left out).

The paper's Table 2 (Mbps at 190 MHz, 2 KB, one core per packet, GCM and
CCM) and its 8-core figure (3460 Mbps, 64-bit bus, one channel) stand beside
ours at the same clock, so the ratio is per clock cycle.
"""

from __future__ import annotations

import random

from mccp.bench.core import PAPER_CLOCK_MHZ, PAPER_TABLE2
from mccp.perf.rtl import open_device, run_packets
from mccp.perf.tlm import Channel, Config, Packet

MODES = ("ecb", "cbc", "ctr", "cbc-mac", "cmac", "ccm", "gcm", "gmac")
KEYS = (128, 192, 256)
SIZES = (64, 256, 512, 1024, 2048)
CORES = (1, 8)
BURST = 4
PAPER_8CORE_MBPS = 3460      # section 6.3: 8 cores, 64-bit crossbar, one channel


def measure(cores: int, modes=MODES, keys=KEYS, sizes=SIZES, seed: int = 1) -> dict:
    from mccp.device.api import default_stream_bits

    stream = default_stream_bits(cores)
    rng = random.Random(seed)
    channels = [Channel(m, key_slot=KEYS.index(k), key_bits=k) for m in modes for k in keys]
    dev, chans = open_device(Config(cores, stream), channels, rng)
    out = {"cores": cores, "stream_bits": stream, "burst_per_core": BURST, "modes": {}}
    with dev:
        for ci, ch in enumerate(channels):
            print(f"  {cores} core(s): {ch.mode} AES-{ch.key_bits} ...", flush=True)
            run_packets(dev, chans, channels, [Packet(ci, 64) for _ in range(cores)], rng)   # keys in
            per = out["modes"].setdefault(ch.mode, {}).setdefault(str(ch.key_bits), {})
            for size in sizes:
                one = run_packets(dev, chans, channels, [Packet(ci, size)], rng)[0]
                n = BURST * cores
                res = run_packets(dev, chans, channels, [Packet(ci, size) for _ in range(n)], rng)
                exits = sorted(p.exit for p in res)
                span = exits[-1] - exits[cores - 1]
                bpc = 8 * size * (n - cores) / span
                lat = sorted(p.exit - p.entry for p in res)
                per[str(size)] = {"latency": one.exit - one.entry, "bits_per_cycle": bpc,
                                  "burst_latency_median": lat[len(lat) // 2],
                                  "mbps_at_190": bpc * PAPER_CLOCK_MHZ}
    return out


def run(cores=CORES, **kw) -> dict:
    return {"paper": {"clock_mhz": PAPER_CLOCK_MHZ, "table2": PAPER_TABLE2, "eight_cores_mbps": PAPER_8CORE_MBPS},
            "runs": {str(c): measure(c, **kw) for c in cores}}
