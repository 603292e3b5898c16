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

import logging
import random

from mccp.ref.paper import PAPER_CLOCK_MHZ, PAPER_TABLE2
from mccp.perf.rtl import open_device, run_packets
from mccp.perf.tlm import Channel, Config, Packet
from mccp.device.api import default_stream_bits
from mccp.perf.tlm import simulate

logger = logging.getLogger(__name__)

MODES = ("ecb", "cbc", "ctr", "cbc-mac", "cmac", "ccm", "gcm", "gmac")
KEYS = (128, 192, 256)
SIZES = (64, 256, 512, 1024, 2048)
CORES = (1, 8)
BURST = 4
PAPER_8CORE_MBPS = 3460      # section 6.3: 8 cores, 64-bit crossbar, one channel


def measure(cores: int, modes=MODES, keys=KEYS, sizes=SIZES, seed: int = 1) -> dict:
    stream = default_stream_bits(cores)
    rng = random.Random(seed)
    channels = [Channel(m, key_slot=KEYS.index(k), key_bits=k) for m in modes for k in keys]
    dev, chans = open_device(Config(cores, stream), channels, rng)
    out = {"cores": cores, "stream_bits": stream, "burst_per_core": BURST, "modes": {}}
    with dev:
        for ci, ch in enumerate(channels):
            logger.info(f"  {cores} core(s): {ch.mode} AES-{ch.key_bits} ...")
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


def model(run: dict) -> dict:
    """The same packet sequence as `measure` on the transaction-level model: the warm-up, then per
    size the lone packet and the burst, each batch arriving on an idle device (as after a drain)."""
    cores, stream = run["cores"], run["stream_bits"]
    channels = [Channel(m, key_slot=KEYS.index(int(k)), key_bits=int(k)) for m in run["modes"]
                for k in run["modes"][m]]
    gap = 200_000
    batches, packets = [], []
    for ci, ch in enumerate(channels):
        sizes = [int(x) for x in run["modes"][ch.mode][str(ch.key_bits)]]
        seq = [("warm", ci, 64, cores)] + [(kind, ci, size, n) for size in sizes
                                          for kind, n in (("one", 1), ("burst", BURST * cores))]
        for kind, c, size, n in seq:
            t = gap * len(batches)
            batches.append((kind, c, size, len(packets), n))
            packets += [Packet(c, size, arrival=t) for _ in range(n)]
    res = simulate(Config(cores, stream), channels, packets)
    out: dict = {}
    for kind, c, size, i0, n in batches:
        ch = channels[c]
        cell = out.setdefault(ch.mode, {}).setdefault(str(ch.key_bits), {}).setdefault(str(size), {})
        got = res[i0:i0 + n]
        if kind == "one":
            cell["latency"] = got[0].exit - got[0].entry
        elif kind == "burst":
            exits = sorted(p.exit for p in got)
            cell["bits_per_cycle"] = 8 * size * (n - cores) / (exits[-1] - exits[cores - 1])
    return out


def compare(t2: dict) -> dict:
    """Model against the measured cells: worst throughput error and worst latency error."""
    worst_tp, worst_lat, cells = 0.0, 0, 0
    for run in t2["runs"].values():
        mod = run["model"]
        for mode, per in run["modes"].items():
            for bits, sizes in per.items():
                for size, v in sizes.items():
                    m = mod[mode][bits][size]
                    worst_tp = max(worst_tp, abs(m["bits_per_cycle"] / v["bits_per_cycle"] - 1))
                    worst_lat = max(worst_lat, abs(m["latency"] - v["latency"]))
                    cells += 1
    return {"cells": cells, "max_throughput_error": worst_tp, "max_latency_error_cycles": worst_lat}


def run(cores=CORES, **kw) -> dict:
    runs = {str(c): measure(c, **kw) for c in cores}
    for r in runs.values():
        r["model"] = model(r)
    out = {"paper": {"clock_mhz": PAPER_CLOCK_MHZ, "table2": PAPER_TABLE2, "eight_cores_mbps": PAPER_8CORE_MBPS},
           "runs": runs}
    out["model_vs_rtl"] = compare(out)
    return out
