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
16 cores, key affinity off.  CCM split over two cores is not implemented in
the hardware (the channel table's split bit is reserved), so it is not modelled.
"""

from __future__ import annotations

import time

from mccp.perf import tasks
from mccp.perf.sweep import run_parallel
from mccp.perf.tlm import Channel, Config

PAYLOAD = 2048
MAX_CHANNELS = 16
PAPER = [(2, 32), (4, 32), (6, 32), (8, 32), (8, 64)]   # the paper's configurations (Table 1)
SWEEP_PAPER = [(m, s) for s in (32, 64) for m in (2, 4, 6, 8)]
SWEEP_EXT = [(m, 128) for m in (2, 4, 6, 8, 16)] + [(16, 32), (16, 64)]
SWEEP_AFF = [(8, 128), (16, 128)]       # with key affinity off
SWEEP_PAPER_CORES = [(8, 32), (8, 64)]  # what-if: the paper's (4.5x slower) cores on our fabric
SWEEP_SIZES = [(m, s, size) for m, s in ((4, 64), (8, 128)) for size in (1024, 512, 256)]   # smaller packets
CLOCK_MHZ = 190                          # the paper's clock, for Mbps per clock comparison


def _job(arg):
    m, s, aff, paper, size, n, k, seed = arg
    chans = [Channel("ccm" if i < k else "gcm", key_slot=i) for i in range(n)]
    r = tasks.measured_alpha(Config(m, s, affinity=aff, paper_cores=paper), chans, size, seed=seed)
    return {"alpha": r["alpha"], "bits_per_cycle": r["bits_per_cycle"], "key_loads": r["key_loads"],
            "packets": r["packets"]}


def sweep(workers: int = 2, max_channels: int = MAX_CHANNELS, seed: int = 1) -> dict:
    # warm the ISS cost cache in this process (the workers inherit it)
    for mode in ("gcm", "ccm"):
        tasks.channel_cost(Channel(mode), PAYLOAD)
    configs = ([(m, s, True, False, PAYLOAD) for m, s in SWEEP_PAPER + SWEEP_EXT] +
               [(m, s, False, False, PAYLOAD) for m, s in SWEEP_AFF] +
               [(m, s, True, True, PAYLOAD) for m, s in SWEEP_PAPER_CORES] +
               [(m, s, True, False, size) for m, s, size in SWEEP_SIZES])
    jobs = [(m, s, aff, paper, size, n, k, seed) for m, s, aff, paper, size in configs
            for n in range(1, max_channels + 1) for k in range(n + 1)]
    t0 = time.monotonic()
    res = run_parallel(_job, jobs, workers, "fig3")
    seconds = time.monotonic() - t0
    curves: dict = {}
    for (m, s, aff, paper, size, n, k, _), r in zip(jobs, res):
        name = (f"{m}c/{s}b" + ("" if aff else "/no-affinity") + ("/paper-cores" if paper else "") +
                ("" if size == PAYLOAD else f"/{size}B"))
        c = curves.setdefault(name, {"cores": m, "stream_bits": s, "affinity": aff, "paper_cores": paper,
                                     "payload": size, "points": {}})
        pt = c["points"].setdefault(str(n), {"alpha": 0.0})
        if r["alpha"] > pt["alpha"]:
            # worst case over the CCM/GCM combinations
            pt.update(alpha=r["alpha"], ccm_channels=k, bits_per_cycle=r["bits_per_cycle"],
                      key_loads=r["key_loads"])
    for c in curves.values():
        size = c["payload"]
        e = {mode: tasks.channel_cost(Channel(mode), size, c["paper_cores"]) for mode in ("gcm", "ccm")}
        for n, pt in c["points"].items():
            # maximum maintainable throughput of the worst combination: each channel at m/alpha of pmax
            k, nn = pt["ccm_channels"], int(n)
            rate = c["cores"] / pt["alpha"] * (k * 8 * size / e["ccm"] + (nn - k) * 8 * size / e["gcm"])
            pt["mbps_at_190"] = rate * CLOCK_MHZ
    e = {mode: tasks.channel_cost(Channel(mode), PAYLOAD) for mode in ("gcm", "ccm")}
    return {"payload": PAYLOAD, "packets_per_scenario": "max(60, 30 m + 10 n)", "e_cycles": e,
            "clock_mhz": CLOCK_MHZ, "scenarios": len(jobs), "packets": sum(r["packets"] for r in res),
            "workers": workers, "seconds": round(seconds, 1), "curves": curves}


def plot(fig: dict, path_paper, path_ext, path_sizes=None) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    def draw(names, path, title):
        fig_, (ax, ax2) = plt.subplots(1, 2, figsize=(10, 3.8))
        ns = list(range(1, MAX_CHANNELS + 1))
        ax.plot(ns, [100 / n for n in ns], "k:", lw=1, label="no congestion (100/n)")
        ax2.axhline(100, color="k", ls=":", lw=1)
        for name in names:
            c = fig["curves"][name]
            xs = sorted(int(n) for n in c["points"])
            label = (name.replace("c/", " cores, ").replace("b", "-bit", 1).replace("/no-affinity", ", affinity off")
                     .replace("/paper-cores", ", the paper's cores").replace("B", " B").replace("/", ", "))
            ls = "--" if not c["affinity"] else ("-." if c.get("paper_cores") else "-")
            line, = ax.plot(xs, [100 / c["points"][str(n)]["alpha"] for n in xs], marker="o", ms=3, ls=ls,
                            label=label)
            ax2.plot(xs, [100 * n / c["points"][str(n)]["alpha"] for n in xs], marker="o", ms=3, ls=ls,
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
