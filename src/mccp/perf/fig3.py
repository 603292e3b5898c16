"""Fig. 3 of the paper, 100/alpha against the number of channels, on the TLM.

As in the paper's section 6.3: channels use CCM or GCM with AES-128 keys (one
key slot per channel), packets of 2 KB arrive in random order, each channel's
maximum rate is pmax_i = e_i, and for each number of channels n every
combination of CCM and GCM channels is simulated and the worst (largest
alpha) kept.  Channels are interchangeable, so the combinations are the
numbers of CCM channels 0..n.  alpha = n / eta (mccp.perf.tasks), so the
fabric's congestion shows as the distance below the 100/n curve.

Paper sweep: 2/4/6/8 cores x 32/64-bit streams, and 8 cores with the paper's
own (slower) core costs on our fabric (what-if).  Extension: 128-bit streams,
16 cores, key affinity off, and the CCM channels split over core pairs (the
channels' split policy bit, as the hardware runs it: a CCM packet waits for a
free pair, its CTR and packet I/O on core 2p, its CBC-MAC on core 2p+1).  For a
split channel e_i stays the packet's cost on one core, so 100/alpha compares
the throughput of the split and one-core curves on one scale (a split packet
holds two cores for about half the time); the all-CCM combination's median
packet latency is kept beside it.
"""

from __future__ import annotations

import time

from mccp.perf import costs, tasks
from mccp.perf.sweep import run_parallel
from mccp.perf.tlm import Channel, Config, Packet, Timing, shape_of

PAYLOAD = 2048
MAX_CHANNELS = 16
PAPER = [(2, 32), (4, 32), (6, 32), (8, 32), (8, 64)]   # the paper's configurations (Table 1)
SWEEP_PAPER = [(m, s) for s in (32, 64) for m in (2, 4, 6, 8)]
SWEEP_EXT = [(m, 128) for m in (2, 4, 6, 8, 16)] + [(16, 32), (16, 64)]
SWEEP_AFF = [(8, 128), (16, 128)]       # with key affinity off
SWEEP_PAPER_CORES = [(8, 32), (8, 64)]  # what-if: the paper's (4.5x slower) cores on our fabric
SWEEP_SIZES = [(m, s, size) for m, s in ((4, 64), (8, 128)) for size in (1024, 512, 256)]   # smaller packets
SWEEP_SPLIT = SWEEP_PAPER + [(m, 128) for m in (2, 4, 6, 8, 16)]   # CCM channels split over core pairs
CLOCK_MHZ = 190                          # the paper's clock, for Mbps per clock comparison


def _job(arg):
    m, s, aff, paper, size, split, n, k, seed = arg
    chans = [Channel("ccm", key_slot=i, split=split) if i < k else Channel("gcm", key_slot=i) for i in range(n)]
    r = tasks.measured_alpha(Config(m, s, affinity=aff, paper_cores=paper), chans, size, seed=seed)
    return {"alpha": r["alpha"], "bits_per_cycle": r["bits_per_cycle"], "key_loads": r["key_loads"],
            "latency_median": r["latency_median"], "packets": r["packets"]}


def curve_name(m: int, s: int, aff: bool = True, paper: bool = False, size: int = PAYLOAD, split: bool = False) -> str:
    return (f"{m}c/{s}b" + ("" if aff else "/no-affinity") + ("/paper-cores" if paper else "") +
            ("" if size == PAYLOAD else f"/{size}B") + ("/split" if split else ""))


def sweep(workers: int = 2, max_channels: int = MAX_CHANNELS, seed: int = 1) -> dict:
    # warm the ISS cost cache in this process (the workers inherit it)
    for mode in ("gcm", "ccm"):
        tasks.channel_cost(Channel(mode), PAYLOAD)
    configs = ([(m, s, True, False, PAYLOAD, False) for m, s in SWEEP_PAPER + SWEEP_EXT] +
               [(m, s, False, False, PAYLOAD, False) for m, s in SWEEP_AFF] +
               [(m, s, True, True, PAYLOAD, False) for m, s in SWEEP_PAPER_CORES] +
               [(m, s, True, False, size, False) for m, s, size in SWEEP_SIZES] +
               [(m, s, True, False, PAYLOAD, True) for m, s in SWEEP_SPLIT])
    jobs = [(m, s, aff, paper, size, split, n, k, seed) for m, s, aff, paper, size, split in configs
            for n in range(1, max_channels + 1) for k in range(n + 1)]
    t0 = time.monotonic()
    res = run_parallel(_job, jobs, workers, "fig3")
    seconds = time.monotonic() - t0
    curves: dict = {}
    for (m, s, aff, paper, size, split, n, k, _), r in zip(jobs, res):
        c = curves.setdefault(curve_name(m, s, aff, paper, size, split),
                              {"cores": m, "stream_bits": s, "affinity": aff, "paper_cores": paper,
                               "payload": size, "split": split, "points": {}})
        pt = c["points"].setdefault(str(n), {"alpha": 0.0})
        if r["alpha"] > pt["alpha"]:
            # worst case over the CCM/GCM combinations
            pt.update(alpha=r["alpha"], ccm_channels=k, bits_per_cycle=r["bits_per_cycle"],
                      key_loads=r["key_loads"])
        if k == n:
            # every channel CCM (split or not): alpha and the packets' median latency (entry to exit)
            pt["all_ccm"] = {"alpha": r["alpha"], "latency_median": r["latency_median"]}
    for c in curves.values():
        size = c["payload"]
        e = {mode: tasks.channel_cost(Channel(mode), size, c["paper_cores"]) for mode in ("gcm", "ccm")}
        for n, pt in c["points"].items():
            # maximum maintainable throughput of the worst combination: each channel at m/alpha of pmax
            k, nn = pt["ccm_channels"], int(n)
            rate = c["cores"] / pt["alpha"] * (k * 8 * size / e["ccm"] + (nn - k) * 8 * size / e["gcm"])
            pt["mbps_at_190"] = rate * CLOCK_MHZ
    e = {mode: tasks.channel_cost(Channel(mode), PAYLOAD) for mode in ("gcm", "ccm")}
    tm = Timing()
    sc = costs.split_cost(shape_of(Channel("ccm"), Packet(0, PAYLOAD)), tm.split_start)   # both keys cached
    split = {"io": sc.io.cycles, "mac": sc.mac.cycles, "key_load": tm.key_extra + costs.key_expansion_cycles(128)}
    return {"payload": PAYLOAD, "packets_per_scenario": "max(60, 30 m + 10 n)", "e_cycles": e, "split_cycles": split,
            "clock_mhz": CLOCK_MHZ, "scenarios": len(jobs), "packets": sum(r["packets"] for r in res),
            "workers": workers, "seconds": round(seconds, 1), "curves": curves}


SPLIT_PLOT = [(2, 32), (4, 64), (8, 128), (16, 128)]   # one-core and split curves side by side


def plot(fig: dict, path_paper, path_ext, path_sizes=None, path_split=None, path_split_ccm=None) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    def draw(names, path, title, alpha=lambda pt: pt["alpha"]):
        fig_, (ax, ax2) = plt.subplots(1, 2, figsize=(10, 3.8))
        ns = list(range(1, MAX_CHANNELS + 1))
        ax.plot(ns, [100 / n for n in ns], "k:", lw=1, label="no congestion (100/n)")
        ax2.axhline(100, color="k", ls=":", lw=1)
        colours = {}
        for name in names:
            c = fig["curves"][name]
            xs = sorted(int(n) for n in c["points"])
            label = (name.replace("c/", " cores, ").replace("b", "-bit", 1).replace("/no-affinity", ", affinity off")
                     .replace("/paper-cores", ", the paper's cores").replace("/split", ", CCM split")
                     .replace("B", " B").replace("/", ", "))
            ls = "--" if not c["affinity"] or c.get("split") else ("-." if c.get("paper_cores") else "-")
            # a split curve takes the colour of its one-core curve
            colour = colours.get(name.removesuffix("/split")) if c.get("split") else None
            line, = ax.plot(xs, [100 / alpha(c["points"][str(n)]) for n in xs], marker="o", ms=3, ls=ls,
                            label=label, color=colour)
            colours[name] = line.get_color()
            ax2.plot(xs, [100 * n / alpha(c["points"][str(n)]) for n in xs], marker="o", ms=3, ls=ls,
                     color=line.get_color())
        ax.set_xlabel("channels n")
        ax.set_ylabel("100 / alpha")
        ax2.set_xlabel("channels n")
        ax2.set_ylabel("100 n / alpha  (% of the 1/x law)")
        ax2.set_ylim(0, 110)
        for a in (ax, ax2):
            a.grid(alpha=0.3)
        ax.legend(fontsize=7)
        fig_.suptitle(title, fontsize=10)
        fig_.tight_layout()
        fig_.savefig(path, dpi=80)
        plt.close(fig_)

    draw([f"{m}c/{s}b" for m, s in SWEEP_PAPER] + [f"{m}c/{s}b/paper-cores" for m, s in SWEEP_PAPER_CORES],
         path_paper,
         "Fig. 3 reproduced: worst case over CCM/GCM mixes, 2 KB, AES-128 (TLM)")
    draw([f"{m}c/{s}b" for m, s in SWEEP_EXT] + [f"{m}c/{s}b/no-affinity" for m, s in SWEEP_AFF], path_ext,
         "Fig. 3 extended: 128-bit streams, 16 cores, key affinity off")
    if path_sizes:
        draw([f"{m}c/{s}b" + ("" if size == PAYLOAD else f"/{size}B") for m, s in ((4, 64), (8, 128))
              for size in (PAYLOAD, 1024, 512, 256)], path_sizes,
             "Fig. 3 by packet size (2048 B and smaller), GCM/CCM worst case")
    split_names = [name for m, s in SPLIT_PLOT for name in (curve_name(m, s), curve_name(m, s, split=True))]
    if path_split:
        draw(split_names, path_split,
             "Fig. 3 with the CCM channels split over core pairs (dashed) and on one core (solid), GCM/CCM worst case")
    if path_split_ccm:
        draw(split_names, path_split_ccm, "Every channel CCM: split over core pairs (dashed) and on one core (solid)",
             alpha=lambda pt: pt["all_ccm"]["alpha"])
