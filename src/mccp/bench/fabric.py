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

import os
import random
import time

from mccp import refs
from mccp.docs import md_table
from mccp.synth.report import cores_text

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
        jobs[t] = refs.reference(mode, key, data, nonce, aad, 16)
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
    from mccp import Device

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
                print(f"  GCM 2 KB: {cores} cores, {stream}-bit streams, {nch} channel(s) ...", flush=True)
                dev, chans = open_device(cores, stream, nch, "gcm", rng)
                with dev:
                    run_packets(dev, chans, cores, PACKET, rng)                  # warm up: keys loaded
                    r = run_packets(dev, chans, per_core * cores, PACKET, rng)
                    r.update(sim_speed(dev, chans, random.Random(seed), speed_seconds))
                out["scaling"].setdefault(str(stream), {}).setdefault(str(cores), {})[str(nch)] = r
    for on in (1, 0):
        print(f"  key affinity {'on' if on else 'off'}: 8 cores, 16 channels / keys, 512-byte GCM ...", flush=True)
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


def target_line(fab: dict, routed: list[tuple[float, int, int]], cores: int = 8, gbps: float = 10.0,
                ceiling: tuple[float, list[tuple[str, str, float]]] | None = None) -> list[str]:
    """The Fmax `cores` cores need for `gbps` at their best measured rate, next to the fastest
    routed top (routed: (MHz, cores, stream bits) of the tops placed and routed).  ceiling:
    (AES-128 cycles per block of the engine, [(unit, what it is, speed-8 MHz)]): the Fmax the
    same needs even at the engine's bound, next to those units' own."""
    rates = [(r["steady_bits_per_cycle"], int(stream)) for stream, per_cores in fab["scaling"].items()
             for c, per_ch in per_cores.items() if int(c) == cores for r in per_ch.values()]
    if not rates:
        return []
    rate, stream = max(rates)
    line = (f"{gbps:g} Gbps with {cores} cores needs {1000 * gbps / rate:.1f} MHz at their best rate here"
            f" ({rate:.2f} bits / cycle, {stream}-bit streams)")
    if routed:
        fmax, c, s = max(routed)
        line += (f"; the fastest `mccp_top` placed and routed so far runs at {fmax:.2f} MHz"
                 f" ({cores_text(c)}, {s}-bit streams)")
    out = ["", line + "."]
    if ceiling:
        cpb, units = ceiling
        bound = cores * 128 / cpb
        out += ["", f"A core computes one AES block per {cpb:g} cycles (AES-128, one round per clock), so "
                f"{cores} cores give at most {bound:.2f} bits / cycle and {gbps:g} Gbps needs at least "
                f"{1000 * gbps / bound:.1f} MHz however well the fabric feeds them"
                + "".join(f"; {what} (`{name}`) runs at {mhz:.2f} MHz" for name, what, mhz in units) + "."]
    return out


def fabric_section(fab: dict, fmax_of, ceiling=None) -> list[str]:
    """The scaling table; fmax_of(cores, stream_bits) -> (MHz or None, where it comes from)
    gives each row's Gbps at the Fmax of that very top when it has been placed and routed;
    ceiling as in target_line."""
    one = fab["scaling"]["128"]["1"]["1"]["steady_bits_per_cycle"]
    out = ["## The multi-core processor (`mccp_top`)", "",
           "AES-128-GCM, 2 KB packets, through the device API on the Verilator model, every answer checked "
           "against `cryptography`. Steady state: payload bits of the packets that left after the first "
           "`cores` did, over the cycles between (leaves out the fill, when packets stream one after "
           "another into idle cores, and the drain); whole run: from the first input beat to the last "
           "output beat. Efficiency = steady throughput / (cores × one core's at 128 bits). "
           "Gbps = steady bits per cycle × the Fmax (speed 8) of `mccp_top` with that many cores and that "
           "stream width (Table 1 of docs/synthesis.md). "
           "Regenerate: `make bench` (or `mccp bench fabric`).", ""]
    rows, notes, routed = [], {}, []
    for stream, per_cores in fab["scaling"].items():
        for cores, per_ch in per_cores.items():
            fmax, what = fmax_of(int(cores), int(stream))
            if fmax and what.startswith("one core alone"):
                mark = notes.setdefault(what, "¹²³⁴⁵⁶⁷⁸⁹"[len(notes)])
                fcell = f"{fmax:.2f} {mark}"
            elif fmax:
                routed.append((fmax, int(cores), int(stream)))
                fcell = f"{fmax:.2f}"
            else:
                fcell = "—"
            for nch, r in per_ch.items():
                eff = r["steady_bits_per_cycle"] / (int(cores) * one)
                gbps = f"{r['steady_bits_per_cycle'] * fmax / 1000:.2f}" if fmax else "—"
                rows.append([cores, stream, nch, f"{r['steady_bits_per_cycle']:.2f}", f"{100 * eff:.0f}%",
                             f"{r['bits_per_cycle']:.2f}", r["latency_median"], fcell, gbps])
    out += md_table(["cores", "stream bits", "channels", "bits / cycle (steady)", "efficiency",
                     "bits / cycle (whole run)", "median latency (cycles)", "Fmax (MHz)", "Gbps (steady)"], rows)
    if notes:
        out += [""] + [f"{mark} no routed `mccp_top` of this size: the Fmax of {what[0].lower() + what[1:]}, "
                       "an upper bound for the top, not a measurement of it." for what, mark in notes.items()]
    out += target_line(fab, routed, ceiling=ceiling)
    out += ["", "Key affinity: 8 cores, 16 channels each with its own key, 512-byte GCM packets, each on a "
            "channel drawn at random (the same sequence both times). A key load costs 86 cycles of the "
            "shared expander, during which the scheduler starts no other task:", ""]
    rows = [[k, f"{r['steady_bits_per_cycle']:.2f}", r["latency_median"]] for k, r in fab["affinity"].items()]
    out += md_table(["affinity", "bits / cycle (steady)", "median latency (cycles)"], rows)
    s = fab["sim_speed"]
    out += ["", f"Simulation speed of the C++ harness (Verilator `-O3`, C++ `-O2`): {s['min'] / 1e3:.0f}–"
            f"{s['max'] / 1e3:.0f} k cycles per second over these runs{_machine_text(fab)} "
            "(per model: docs/api.md)."]
    return out


def _machine_text(fab: dict) -> str:
    m, load = fab.get("machine"), fab["sim_speed"].get("load_average")
    if not m or not load:
        return ""
    return (f" on {m['cpus']} CPUs ({m['cpu']}), 1-minute load average {load[0]:.1f} at the start and "
            f"{load[-1]:.1f} at the end")


def speed_section(fab: dict) -> list[str] | None:
    """docs/api.md's table of the harness's speed per model, from the scaling runs (one channel);
    None for results written before the bench recorded it."""
    rows = [(int(c), int(st), per_ch["1"]) for st, per_cores in fab["scaling"].items()
            for c, per_ch in per_cores.items()]
    if not all("harness_cycles_per_s" in r for _, _, r in rows):
        return None
    rows.sort(key=lambda x: (x[0], x[1]))
    out = [f"Measured by `mccp bench fabric` ({fab['date']}){_machine_text(fab)}: AES-128-GCM, "
           "2 KB packets on one channel, every core busy, timed over at least 2 s of traffic "
           "(`python -m mccp.device` runs a similar workload). Simulated cycles per wall-clock second "
           "end to end (Python included: submitting, the `cryptography` reference and the check) and "
           "inside the C++ clock loop alone; core-cycles = cycles × cores. "
           "Build: the C++ compile of the generated model (`make -j` over the CPUs), as recorded when "
           "the model was built. The speed depends on the machine and on what else runs on it.", ""]
    out += md_table(["cores", "StreamBits", "build (s)", "cycles / s (end to end)", "cycles / s (inside the harness)",
                     "core-cycles / s (inside)"],
                    [[c, st, _build_cell(r.get("build_seconds")), f"{r['sim_cycles_per_s']:,.0f}",
                      f"{r['harness_cycles_per_s']:,.0f}", f"{c * r['harness_cycles_per_s']:,.0f}"]
                     for c, st, r in rows])
    return out


def _build_cell(seconds) -> str:
    return "—" if seconds is None else f"{seconds:.0f}"
