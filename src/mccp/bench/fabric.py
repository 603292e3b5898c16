"""The multi-core benchmark: `mccp_top` through the device API (`mccp bench fabric`).

Every figure is simulated clock cycles of the Verilator model of mccp_top;
every answer is checked against `cryptography` before it counts.

* scaling: AES-128-GCM, 2 KB packets, 1/2/4/8 cores x 32/64/128-bit streams,
  one channel and 8 channels (each its own key).  Throughput = payload bits /
  cycles from the first input beat to the last output beat.
* CCM, one core against the two-core split: mccp.bench.ccm (`mccp bench ccm`).
* key affinity: 8 cores, 16 channels with 16 keys, 512-byte GCM packets, each
  on a channel drawn at random, with the scheduler's affinity on and off (in
  strict round robin over 16 channels no core could ever keep its key: each
  would alternate between two, whatever the policy).
* the C++ harness's simulation speed (cycles per second).
"""

from __future__ import annotations

import logging
import os
import random
import time

from mccp.ref import aes as aes_ref
from mccp.device import Device

logger = logging.getLogger(__name__)

CORES = (1, 2, 4, 8)
STREAMS = (32, 64, 128)
PACKET = 2048


def run_packets(dev, chans, count: int, size: int, rng: random.Random, aad_len: int = 0,
         shuffle: bool = False) -> dict:
    """`count` encrypt packets spread over `chans` (round robin, or a random channel each with
    `shuffle`); checked; cycles measured."""
    cores = dev.cores
    jobs = {}
    for i in range(count):
        ch, mode, key = rng.choice(chans) if shuffle else chans[i % len(chans)]
        data, nonce, aad = rng.randbytes(size), rng.randbytes(12 if mode == "gcm" else 13), rng.randbytes(aad_len)
        t = dev.submit(ch, "encrypt", data, nonce=nonce, aad=aad)
        jobs[t] = aes_ref.reference(mode, key, data, nonce, aad, 16)
    results = dev.drain()
    for r in results:
        want = jobs.pop(r.ticket)
        if r.status != "OK" or (r.data, r.tag) != want:
            raise AssertionError(f"bench: wrong answer for ticket {r.ticket} ({r.status})")
    first = min(r.entry_cycle for r in results)
    exits = sorted(r.exit_cycle for r in results)
    lat = sorted(r.latency for r in results)
    # Steady state: the packets that left after the first `cores` did, over the
    # cycles between (the pipeline fill -- packets streaming into idle cores one
    # after the other -- and the drain at the end are left out).
    k = min(cores, count - 1)
    steady = 8 * (count - 1 - k) * size / (exits[-1] - exits[k]) if count > k + 1 else None
    return {"packets": count, "bytes": count * size, "cycles": exits[-1] - first,
            "bits_per_cycle": 8 * count * size / (exits[-1] - first), "steady_bits_per_cycle": steady,
            "latency_median": lat[len(lat) // 2]}


def open_device(cores: int, stream: int, channels: int, mode: str, rng: random.Random, policy=None, **params):
    dev = Device(cores=cores, stream_bits=stream, **params)
    chans = []
    for i in range(channels):
        key = rng.randbytes(16)
        dev.load_key(i % dev.key_slots, key)
        chans.append((dev.open_channel(mode, key_slot=i % dev.key_slots, policy=policy), mode, key))
    return dev, chans


def sim_speed(dev, chans, rng: random.Random, seconds: float) -> dict:
    """Simulated cycles per wall-clock second over at least `seconds` of the same traffic (a run
    of a few packets lasts milliseconds on one core, too short to time): end to end, Python
    included, and inside the C++ clock loop alone.  Its own random source, so the packets of
    the measured runs do not depend on how long this takes."""
    t0, c0, (hc0, hs0) = time.monotonic(), dev.cycles, dev.model.speed()
    while time.monotonic() - t0 < seconds:
        run_packets(dev, chans, dev.cores, PACKET, rng)
    wall, (hc, hs) = time.monotonic() - t0, dev.model.speed()
    return {"sim_cycles_per_s": (dev.cycles - c0) / wall, "harness_cycles_per_s": (hc - hc0) / (hs - hs0),
            "sim_seconds": wall, "build_seconds": dev.build_seconds}


def bench_fabric(seed: int = 1, per_core: int = 8, speed_seconds: float = 2.0) -> dict:
    rng = random.Random(seed)
    out = {"scaling": {}, "affinity": {}, "sim_speed": {}, "machine": machine()}
    load = [os.getloadavg()[0]]
    for stream in STREAMS:
        for cores in CORES:
            for nch in (1, 8):
                logger.info(f"  GCM 2 KB: {cores} cores, {stream}-bit streams, {nch} channel(s) ...")
                dev, chans = open_device(cores, stream, nch, "gcm", rng)
                with dev:
                    run_packets(dev, chans, cores, PACKET, rng)                  # warm up: keys loaded
                    r = run_packets(dev, chans, per_core * cores, PACKET, rng)
                    r.update(sim_speed(dev, chans, random.Random(seed), speed_seconds))
                out["scaling"].setdefault(str(stream), {}).setdefault(str(cores), {})[str(nch)] = r
    for on in (1, 0):
        logger.info(f"  key affinity {'on' if on else 'off'}: 8 cores, 16 channels / keys, 512-byte GCM ...")
        arng = random.Random(seed + 1)           # the same packet sequence for on and off
        dev, chans = open_device(8, 128, 16, "gcm", arng)
        with dev:
            dev.write_reg("SCHED", affinity=on, in_order=1)
            run_packets(dev, chans, 16, 512, arng, shuffle=True)
            out["affinity"]["on" if on else "off"] = run_packets(dev, chans, 128, 512, arng, shuffle=True)
    speeds = [r["sim_cycles_per_s"] for s in out["scaling"].values() for c in s.values() for r in c.values()]
    load.append(os.getloadavg()[0])
    out["sim_speed"] = {"min": min(speeds), "max": max(speeds), "load_average": load}
    return out


def machine() -> dict:
    """What the simulation speed depends on: the CPU, how many, and how busy (1-minute load
    average at the start and at the end of the bench)."""
    cpu = "unknown"
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next((line.split(":", 1)[1].strip() for line in f if line.startswith("model name")), cpu)
    except OSError:
        pass
    return {"cpu": cpu, "cpus": os.cpu_count()}


