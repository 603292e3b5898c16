"""`mccp demo` / `make demo`: the multi-core crypto-processor end to end.

N cores (default 4) behind one `mccp_top`, M channels (default 8) cycling
through the chosen modes (default GCM, CCM, CTR, CMAC), each with its own key
(AES-128/192/256 in turn); packets of 64..2048 bytes arrive in random order on
random channels in random bursts, encrypt / MAC and decrypt / verify mixed, a few with a
corrupted tag.  Every answer is checked against `cryptography`; a corrupted tag
must come back AUTH_FAIL with no data.  At the end: per-core utilization and
packets, bits per cycle, Gbps at the Fmax of the latest synthesis report, and
a PNG timeline of core occupancy (build/demo/timeline.png; a split CCM packet
shows on its I/O core, its MAC core counts in the utilization).  `--split` runs
the CCM channels split over core pairs.

`mccp demo --units` runs the earlier single-engine / single-core demo
(mccp.demo.units).
"""

from __future__ import annotations

import json
import random
import sys
import time
from dataclasses import dataclass

from tqdm import tqdm

from mccp import paths
from mccp.ref import aes as aes_ref
from mccp.aes.modes import DECRYPT, ENCRYPT, MAC, MODES, VERIFY
from mccp.device import Device
from mccp.report.synthesis import latest_fmax

DEFAULT_MODES = ("gcm", "ccm", "ctr", "cmac")
KEY_BYTES = (16, 24, 32)


@dataclass
class Job:
    channel: object
    mode: str
    op: str
    key: bytes
    data: bytes
    nonce: bytes
    aad: bytes
    tag: bytes
    want_data: bytes
    want_tag: bytes
    want_status: str


def _nonce_len(mode: str) -> int:
    return {"gcm": 12, "gmac": 12, "ccm": 13, "ctr": 16, "cbc": 16}.get(mode, 0)


def make_job(rng: random.Random, channel, mode: str, key: bytes, tag_len: int,
             min_size: int, max_size: int, bad_tag_rate: float) -> Job:
    """One random request and the answer `cryptography` gives for it."""
    m = MODES[mode]
    size = rng.randint(min_size, max_size)
    if m.block_only:
        size -= size % 16
    data = rng.randbytes(size)
    nonce = rng.randbytes(_nonce_len(mode))
    aad = rng.randbytes(rng.choice((0, 16, 20))) if m.aead else b""
    ct, tag = aes_ref.reference(mode, key, data, nonce, aad, tag_len)
    forward = rng.random() < 0.5
    if m.mac_only:
        if forward:
            return Job(channel, mode, MAC, key, data, nonce, b"", b"", b"", tag, "OK")
        bad = rng.random() < bad_tag_rate
        sent = bytes([tag[0] ^ 1]) + tag[1:] if bad else tag
        return Job(channel, mode, VERIFY, key, data, nonce, b"", sent, b"", b"",
                   "AUTH_FAIL" if bad else "OK")
    if forward:
        return Job(channel, mode, ENCRYPT, key, data, nonce, aad, b"", ct, tag, "OK")
    bad = m.aead and rng.random() < bad_tag_rate
    sent = bytes([tag[0] ^ 1]) + tag[1:] if bad else tag
    return Job(channel, mode, DECRYPT, key, ct, nonce, aad, sent, b"" if bad else data, b"",
               "AUTH_FAIL" if bad else "OK")


def check(job: Job, r) -> str | None:
    """None if the device's answer is right, else what is wrong."""
    if r.status != job.want_status:
        return f"status {r.status}, expected {job.want_status}"
    if r.data != job.want_data:
        return f"data differs ({len(r.data)} bytes, expected {len(job.want_data)})"
    if r.tag != job.want_tag:
        return f"tag {r.tag.hex()}, expected {job.want_tag.hex()}"
    return None


def plot_timeline(results, cores: int, path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(11, 0.5 * cores + 1.6))
    colors = {"gcm": "tab:blue", "ccm": "tab:orange", "ctr": "tab:green", "cmac": "tab:red",
              "gmac": "tab:purple", "cbc-mac": "tab:brown", "ecb": "tab:gray", "cbc": "tab:olive"}
    for r, mode in results:
        if r.core is None:
            continue
        ax.broken_barh([(r.start_cycle, r.exit_cycle - r.start_cycle)], (r.core - 0.4, 0.8),
                       facecolors=colors.get(mode, "black"), edgecolor="white", linewidth=0.3)
    ax.set_yticks(range(cores), [f"core {c}" for c in range(cores)])
    ax.set_xlabel("cycle (task start to last output beat)")
    ax.invert_yaxis()
    handles = [plt.Rectangle((0, 0), 1, 1, color=colors[m]) for m in colors if any(md == m for _, md in results)]
    ax.legend(handles, [m for m in colors if any(md == m for _, md in results)], loc="upper right",
              ncol=4, fontsize=8)
    ax.set_title("MCCP core occupancy")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main(cores: int = 4, channels: int = 8, modes: tuple[str, ...] = DEFAULT_MODES, packets: int = 400,
         seed: int = 1, min_size: int = 64, max_size: int = 2048, bad_tag_rate: float = 0.05,
         split: bool = False) -> int:
    unknown = [m for m in modes if m not in MODES]
    if unknown:
        print(f"demo: unknown mode(s) {', '.join(unknown)}; known: {', '.join(MODES)}", file=sys.stderr)
        return 2
    outdir = paths.BUILD / "demo"
    outdir.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    t0 = time.time()
    print(f"[1/4] building / opening the device: {cores} cores (Verilator model, built once and cached) ...",
          flush=True)
    with Device(cores=cores, seed=seed) as dev:
        print(f"      mccp_top: {cores} cores, {dev.params['StreamBits']}-bit streams, "
              f"{dev.buf_bytes}-byte buffers; opened in {dev.open_seconds:.1f} s", flush=True)
        print(f"[2/4] {channels} channels, one key each ...", flush=True)
        chans = []
        for i in range(channels):
            mode = modes[i % len(modes)]
            key = rng.randbytes(KEY_BYTES[i % 3])
            slot = i % dev.key_slots
            dev.load_key(slot, key)
            tag_len = 16 if MODES[mode].tag_lens else 0
            policy = {"ordered", "affinity", "split"} if split and mode == "ccm" else None
            ch = dev.open_channel(mode, key_slot=slot, tag_len=tag_len or None, policy=policy)
            chans.append((ch, mode, key, tag_len))
            print(f"      channel {ch.index}: {mode.upper():5} AES-{8 * len(key)}  key slot {slot}"
                  f"{'  split over a core pair' if policy else ''}")
        print(f"[3/4] {packets} packets of {min_size}..{max_size} bytes in random order, "
              "every answer checked against cryptography ...", flush=True)
        jobs: dict[int, Job] = {}
        results, errors = [], []
        c0 = dev.cycles
        submitted = done = payload_bytes = 0
        # Random arrivals: bursts of 0..2N packets between polls of the output, so the
        # input keeps flowing while results come back (at most 4N in flight).
        bar = tqdm(total=packets, unit="packet", ncols=80, leave=True)
        while done < packets:
            burst = min(rng.randint(0, 2 * cores), packets - submitted, 4 * cores - len(jobs))
            for _ in range(max(burst, 0 if jobs else 1)):
                ch, mode, key, tag_len = rng.choice(chans)
                job = make_job(rng, ch, mode, key, tag_len, min_size, max_size, bad_tag_rate)
                t = dev.submit(ch, job.op, job.data, nonce=job.nonce, aad=job.aad, tag=job.tag)
                jobs[t] = job
                submitted += 1
            for r in dev.poll(1):
                job = jobs.pop(r.ticket)
                problem = check(job, r)
                if problem:
                    errors.append(f"ticket {r.ticket} {job.mode} {job.op} {len(job.data)} B: {problem}")
                payload_bytes += len(job.data)
                results.append((r, job.mode))
                done += 1
                bar.update()
        bar.close()
        cycles = dev.cycles - c0
        busy = []
        for c in range(cores):
            dev.write_reg("CORE_SEL", c)
            busy.append(dev.read_reg("CORE_BUSY"))
        speed = dev.speed()
        stream_bits = dev.params["StreamBits"]

    print("[4/4] results")
    per_core = [sum(1 for r, _ in results if r.core == c) for c in range(cores)]
    auth = sum(1 for r, _ in results if r.status == "AUTH_FAIL")
    print(f"      {'core':>6} {'packets':>8} {'busy cycles':>12} {'utilization':>12}")
    for c in range(cores):
        print(f"      {c:>6} {per_core[c]:>8} {busy[c]:>12} {100 * busy[c] / max(cycles, 1):>11.1f}%")
    bpc = 8 * payload_bytes / max(cycles, 1)
    fmax, what = latest_fmax(cores, stream_bits)
    print(f"      {len(results)} packets, {payload_bytes} payload bytes in {cycles} cycles: "
          f"{bpc:.2f} bits per cycle")
    if fmax:
        print(f"      at {fmax:g} MHz ({what}): {bpc * fmax / 1000:.2f} Gbps")
    else:
        print(f"      Gbps: {what}")
    print(f"      corrupted tags caught: {auth}; simulation speed {speed / 1e3:.0f} k cycles/s")
    png = outdir / "timeline.png"
    plot_timeline(results, cores, png)
    summary = {"cores": cores, "channels": channels, "modes": list(modes), "packets": len(results),
               "payload_bytes": payload_bytes, "cycles": cycles, "bits_per_cycle": bpc,
               "per_core_packets": per_core, "per_core_busy": busy, "fmax_mhz": fmax, "seed": seed,
               "errors": len(errors)}
    (outdir / "summary.json").write_text(json.dumps(summary, indent=1) + "\n")
    print(f"      timeline: {png.relative_to(paths.ROOT)}; summary: "
          f"{(outdir / 'summary.json').relative_to(paths.ROOT)}")
    if errors:
        print(f"demo FAILED: {len(errors)} wrong answers", file=sys.stderr)
        for e in errors[:20]:
            print("  " + e, file=sys.stderr)
        return 1
    print(f"demo finished in {time.time() - t0:.0f} s: every answer correct")
    return 0
