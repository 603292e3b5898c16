"""docs/performance.md blocks of the performance model and of Table 2 on the RTL, rendered from
results/perf_model.json, results/fig3.json and results/table2.json (laid out by
mccp.report.docs.render_performance; nothing here simulates).  Comparisons with the paper:
mccp.report.paper."""

from __future__ import annotations

from mccp.bench.results import BenchCore, Fig3, ModelStamp, PerfModel, Table2
from mccp.report.markdown import md_table
from mccp.report.synthesis import latest_fmax


def _tools(d: ModelStamp) -> str:
    t = d.get("tools", {})
    return (f"{t.get('simulator', '?')}; Python {t.get('python', '?')}; "
            f"generated {d.get('date', '?')} by `{d.get('command', '?')}`")


# ---- Table 2 on the RTL ---------------------------------------------------------------------

def table2_tables(t2: Table2) -> list[str]:
    """Bits per cycle and lone-packet latency per mode, key size and packet size, on one core
    and on eight."""
    runs = t2["runs"]
    widths = ", ".join(f"{r['stream_bits']} bits for {c} core(s)" for c, r in runs.items())
    out = ["Measured on `mccp_top` through the device API (Verilator model), every answer checked against "
           "`cryptography`; keys already loaded in the cores (a warm-up round first). Throughput: payload bits per "
           f"cycle in steady state, {runs['1']['burst_per_core']} packets per core back to back, from the exit "
           "of the first `cores` packets to the last. Latency: one packet alone on the idle device, first input "
           "beat to last output beat (cycles). Stream width: the device API's default "
           f"({widths}). Tools: {_tools(t2)}. Regenerate: `mccp model table2` (then `mccp docs`).", ""]
    sizes = sorted({int(s) for r in runs.values() for m in r["modes"].values() for k in m.values() for s in k})
    for c, r in runs.items():
        fmax, what = latest_fmax(int(c), r["stream_bits"])
        out += [f"**{c} core(s), {r['stream_bits']}-bit stream** — bits per cycle / latency in cycles"
                + (f" (Gbps at {fmax} MHz = bits/cycle × {fmax / 1000:.3f}; Fmax: {what})" if fmax else "") + ":", ""]
        rows = []
        for mode, per in r["modes"].items():
            for bits, v in per.items():
                rows.append([mode, f"AES-{bits}"] + [f"{v[str(s)]['bits_per_cycle']:.2f} / {v[str(s)]['latency']}"
                                                     for s in sizes])
        out += md_table(["mode", "key"] + [f"{s} B" for s in sizes], rows) + [""]
    if "8" in runs:
        small = runs["8"]["modes"]["gcm"]["128"]["64"]["bits_per_cycle"] / runs["1"]["modes"]["gcm"]["128"]["64"][
            "bits_per_cycle"]
        out += [f"Small packets do not scale with the cores: 64-byte GCM packets give {small:.1f}× one core's "
                "throughput on eight, because the scheduler handles one request at a time (header, channel lookup, "
                "key-store read, core start: about 8 cycles plus the header and body beats) while a 64-byte packet "
                "keeps a core busy for only ~60 cycles."]
    return out


# ---- the model ------------------------------------------------------------------------------

def model_intro(f3: Fig3 | None) -> list[str]:
    """What the model is, how to call it, its commands."""
    speed = []
    if f3 and f3.get("seconds"):
        speed = ["", f"Speed: the Fig. 3 sweep below, {f3['scenarios']} scenarios and {f3['packets']:,} packets, took "
                 f"{f3['seconds']:.0f} s on {f3['workers']} process{'es' if f3['workers'] != 1 else ''} "
                 f"({f3['packets'] / f3['seconds'] / f3['workers']:,.0f} packets per second per process)."]
    return ["It models:", "",
            "- the serial input stream: header, scheduler, key load, body at one word per 128/StreamBits cycles;",
            "- the cores: the cost of each task from the ISS, including the cycle each input word is read and each "
            "output word written, so a slow stream or a full output buffer stalls the core; the key expansion "
            "from results/bench_engines.json;",
            "- the serial output stage: round robin, per-channel order;",
            "- the scheduler policies (key affinity, round robin, in-order) and the host's input gaps / output "
            "stalls;",
            "- CCM split over core pairs: a free pair, the key loaded into the MAC core then the I/O core, the MAC "
            "core free when its half ends; both halves' costs from the ISS's co-simulation of the pair;",
            "- the fabric's own pipeline latencies (`Timing` in tlm.py: header to start, result to next start, key "
            "load beside the expansion, split MAC start to I/O start, record to emission): the cycles of the RTL's "
            "state machines, checked cycle for cycle on lone packets and short batches through the device API "
            "(tests/perf/test_timing.py).", "",
            "What-ifs the hardware does not have are options, off by default and labelled where used (the paper's "
            "core costs, several expanded keys per core)."] + speed + ["",
            "```python",
            "from mccp.perf.tlm import Config, Channel, Packet, simulate",
            "from mccp.perf.tasks import measured_alpha",
            "chans = [Channel(\"gcm\", key_slot=0), Channel(\"ccm\", key_slot=1)]",
            "res = simulate(Config(cores=8, stream_bits=128), chans, [Packet(i % 2, 2048) for i in range(64)])",
            "print(max(p.exit for p in res))          # cycles; per packet: entry, start, end, chosen, exit, core",
            "print(measured_alpha(Config(cores=8, stream_bits=64), chans)[\"alpha\"])",
            "```", "",
            "Commands: `mccp model validate` (model against the RTL), `mccp model fig3` (the sweep, "
            "`--workers N` processes, progress bar), `mccp model deadlines` (sporadic task model), "
            "`mccp model table2` (RTL measurements), `mccp model all`; each writes results/*.json and "
            "regenerates this file. Tests: tests/perf (`make test` runs the short validation set, "
            "`make test-long` the rest)."]


def validation_section(pm: PerfModel | None, t2: Table2 | None) -> list[str]:
    """The model against the RTL: the validation scenarios, and Table 2's cells."""
    out = []
    v = pm.get("validation") if pm else None
    if v:
        rows = [[r["name"], r["packets"], r["rtl_cycles"], r["model_cycles"], f"{100 * r['error']:+.2f} %",
                 r["max_latency_error_cycles"], f"{100 * r['same_core']:.0f} %"] for r in v["data"]]
        out += ["Each scenario runs on `mccp_top` through the device API (every answer checked against "
                "`cryptography`) and on the model; total cycles from the first input beat to the last output "
                f"beat. tests/perf fails beyond 5 %. Tools: {_tools(v)}. Regenerate: `mccp model validate`.", ""]
        out += md_table(["scenario", "packets", "RTL cycles", "model cycles", "error",
                         "max per-packet latency error (cycles)", "same core chosen"], rows)
        worst = max(abs(r["error"]) for r in v["data"])
        out += ["", f"Worst total-cycle error: {100 * worst:.2f} %."]
    mv = t2.get("model_vs_rtl") if t2 else None
    if mv:
        out += ([""] if out else []) + [
                "Fed the packet sequence of [By packet size](#by-packet-size-on-one-and-eight-cores) (warm-up, "
                f"lone packet, burst; each batch on an idle device), the model gives all {mv['cells']} cells of "
                f"those tables: largest throughput error {100 * mv['max_throughput_error']:.2f} %, largest latency "
                f"error {mv['max_latency_error_cycles']} cycles."]
    return out


def deadlines_section(pm: PerfModel) -> list[str]:
    """The sporadic task model: the α each fabric needs, and deadline misses per scheduler policy."""
    d = pm.get("deadlines")
    if not d:
        return []
    dd = d["data"]
    out = ["The sporadic task model of the paper's section 5: channel C_i is a sporadic task (e_i, p_i, d_i); the "
           "set is allocable on m cores iff Σ e_i/p_i ≤ m; α = Σ e_i/pmax_i, and p_i = α/m · pmax_i makes the set "
           "allocable. With pmax_i = e_i (section 6.3) the analysis gives α = n whatever the fabric. The "
           "model measures the α the fabric needs: every channel backlogged, its share of the packets "
           "∝ 1/e_i, steady-state core utilisation η = Σ e_k / (m T), α = n/η. Here e_i = the ISS's "
           "cycles for one 2 KB packet; channels alternate GCM and CCM, AES-128, one key each; device "
           "API default stream width. Maximum maintainable throughput: each channel at m/α of its pmax, "
           "Mbps at 190 MHz. Two measurements: saturated (all channels backlogged, random order) and "
           "sporadic (the smallest α whose periodic arrivals p_i = α/m · e_i, random phases, still keep up: "
           "response times stop growing; bisection).", ""]
    rows = [[r["cores"], r["stream_bits"], r["channels"], f"{r['alpha_analytic']:.2f}",
             f"{r['alpha_saturated']:.2f}", f"{r['alpha_sporadic']:.2f}", f"{r['mbps_analytic']:.0f}",
             f"{r['mbps_saturated']:.0f}", f"{r['mbps_sporadic']:.0f}"] for r in dd["alpha_table"]]
    out += md_table(["cores", "stream bits", "channels", "α (3), analytic", "α, model saturated",
                     "α, model sporadic", "Mbps analytic", "Mbps saturated", "Mbps sporadic"], rows)
    out += ["", "The saturated figure is the pessimistic one where the fabric is the limit (16 cores): "
            "backlogged random-order traffic causes more head-of-line blocking and key loads than smooth "
            "periodic arrivals.", "",
            f"Deadline misses per scheduler policy: 12 channels (GCM / CCM alternately, a key each), packets "
            f"of {', '.join(str(s) for s in dd['sizes'])} bytes at random, arrivals periodic (the paper's "
            "worst case) or sporadic (p_i plus a random extra of up to 50 %), offered load as a fraction of "
            f"the analytic capacity (p_i = n/(load·m) · e_i, e_i the channel's mean cost), d_i = "
            f"{dd['deadline_factor']:g} × the cost of the channel's 2 KB packet. Miss ratio / p99 response "
            f"(cycles) / key loads per packet. Tools: {_tools(d)}. Regenerate: `mccp model deadlines`.", ""]
    pols = list(dict.fromkeys(r["policy"] for r in dd["deadlines"]))
    whatif = ""
    wi = [p for p in pols if "what-if" in p]
    sel = {(r["policy"], r["load"]): r for r in dd["deadlines"]
           if r["cores"] == 8 and r["jitter"] == 0 and r["load"] in (0.7, 0.8)}
    if wi and ("affinity+ordered", 0.7) in sel and (wi[0], 0.8) in sel:
        f = lambda p, x: f"{100 * sel[(p, x)]['miss_ratio']:.0f} %"  # noqa: E731
        whatif = (f": 8 cores, periodic arrivals at loads 0.7 / 0.8 miss {f(wi[0], 0.7)} / {f(wi[0], 0.8)} of "
                  f"the deadlines instead of {f('affinity+ordered', 0.7)} / {f('affinity+ordered', 0.8)}")
    keyf = {}
    for r in dd["deadlines"]:
        keyf.setdefault((r["cores"], r["stream_bits"], r["jitter"], r["load"]), {})[r["policy"]] = r
    rows = []
    for (m, s, jit, load), per in keyf.items():
        rows.append([m, s, "periodic" if jit == 0 else f"sporadic (+{int(100 * jit)} %)", f"{load:g}"] +
                    [f"{100 * per[p]['miss_ratio']:.0f} % / {per[p]['response_p99']} / {per[p]['key_loads']:.2f}"
                     for p in pols])
    out += md_table(["cores", "stream bits", "arrivals", "load"] + pols, rows)
    out += ["", "- With more channels than cores nearly every packet reloads its key (an 86-cycle expansion, more "
            "than a 64-byte packet's work), so the fabric saturates well below the analytic capacity, which "
            "ignores key loads.",
            "- Affinity helps only where several cores are free (16 cores: without it most packets miss even at "
            "half load); per-channel order costs little.",
            "- The last column is not the hardware: four expanded keys per core (what-if)" + whatif + "."]
    return out


# ---- Fig. 3 ---------------------------------------------------------------------------------

def _curve_label(name: str) -> str:
    return (name.replace("/no-affinity", " (affinity off)").replace("/paper-cores", " (paper's cores)")
            .replace("/split", " (CCM split)").replace("B", " B").replace("/", " / ").replace("c ", " cores ")
            .replace("b", "-bit"))


def fig3_section(f3: Fig3, core: BenchCore | None) -> list[str]:
    curves = f3["curves"]
    out = [f"The experiment of the paper's section 6.3 on the model: channels use CCM or GCM with AES-128 keys "
           f"(one key slot per channel), {f3['payload']}-byte packets in random order, pmax_i = e_i; for each number "
           "of channels every CCM/GCM combination is simulated and the worst α kept (channels are "
           "interchangeable, so the combinations are the numbers of CCM channels). 100/n is the curve without "
           "any fabric cost; the table gives 100/α for n channels. "
           f"{f3['scenarios']} scenarios; tools: {_tools(f3)}. Regenerate: `mccp model fig3`.", "",
           "![Fig. 3 reproduced](img/fig3.png)", "", "![Fig. 3 extended](img/fig3_ext.png)", "",
           "![Fig. 3 by packet size](img/fig3_sizes.png)", "",
           "![Fig. 3 with the CCM channels split](img/fig3_split.png)", "",
           "![Every channel CCM, split or not](img/fig3_split_ccm.png)", ""]
    ns = sorted({int(n) for c in curves.values() for n in c["points"]})
    show = [n for n in ns if n in (1, 2, 3, 4, 6, 8, 12, 16)]
    rows = [[_curve_label(name)] + [f"{100 / c['points'][str(n)]['alpha']:.1f}" for n in show] +
            [f"{c['points']['1']['mbps_at_190']:.0f}"] for name, c in curves.items()]
    out += md_table(["cores / stream (/ packet)"] + [f"n={n}" for n in show] +
                    ["max. maintainable Mbps, n=1 @ 190 MHz"], rows)
    p864 = curves.get("8c/64b", {}).get("points", {})
    p83 = curves.get("8c/32b", {}).get("points", {})
    if p864 and p83:
        c8, c16 = curves.get("8c/128b", {}).get("points", {}), curves.get("16c/128b", {}).get("points", {})
        eff8 = ""
        if c8 and c16:
            eff8 = (f" With 128-bit streams, 8 cores keep {100 / c8['1']['alpha']:.0f} % of the 1/x law with one "
                    f"channel and {800 / c8['8']['alpha']:.0f} % with 8 (key loads when channels move between "
                    f"cores), 16 cores {100 / c16['1']['alpha']:.0f} % and {800 / c16['8']['alpha']:.0f} %: "
                    "16 cores need more than one 128-bit stream.")
        cpb = ((core or {}).get("modes", {}).get("gcm", {}).get("128", {}).get("cycles_per_block")
               or float("nan"))
        out += ["", f"8 cores at 64 bits maintain {p864['1']['mbps_at_190']:.0f} Mbps (one channel, 190 MHz) and "
                f"32 bits lose {100 * fig3_stream_loss(f3, '8c/32b', '8c/64b'):.0f} % on average against 64 bits. "
                f"One AES-128 GCM core ({cpb:g} cycles per block) consumes ≈ {128 / cpb:.1f} bits per cycle; with "
                f"one channel a 32-bit stream keeps {8 / p83['1']['alpha']:.1f} of 8 cores busy and a 64-bit one "
                f"{8 / p864['1']['alpha']:.1f} (input and output streams each carry the whole packet)." + eff8
                + " Key affinity matters once channels outnumber cores (16 cores, 128 bits: compare the dashed "
                "curves)."]
    out += _split_paragraph(f3)
    k8, k8n = curves.get("8c/128b", {}).get("points", {}), curves.get("8c/128b/no-affinity", {}).get("points", {})
    k16, k16n = curves.get("16c/128b", {}).get("points", {}), curves.get("16c/128b/no-affinity", {}).get("points", {})
    if k8 and k8n and k16 and k16n:
        kl = lambda c, n: f"{100 * c[n]['key_loads']:.0f} %"  # noqa: E731
        out += ["", "Key loads per packet (worst combination): with 2 / 8 channels, 8 cores at 128 bits reload "
                f"the key for {kl(k8, '2')} / {kl(k8, '8')} of the packets with affinity and {kl(k8n, '2')} / "
                f"{kl(k8n, '8')} without; 16 cores {kl(k16, '2')} / {kl(k16, '8')} against {kl(k16n, '2')} / "
                f"{kl(k16n, '8')}. Affinity only helps when several cores are free at a request (16 cores, "
                "stream-bound); when the cores are the bottleneck the one core that frees up takes the next "
                "packet whatever key it holds, and a channel switch costs a key expansion."]
    return out


def fig3_stream_loss(f3: Fig3, narrow: str, wide: str) -> float:
    """Mean loss of 100/α of curve `narrow` against curve `wide` over their numbers of channels."""
    a, b = f3["curves"][narrow]["points"], f3["curves"][wide]["points"]
    return sum(1 - b[n]["alpha"] / a[n]["alpha"] for n in a) / len(a)


def _split_pairs(f3: Fig3) -> tuple[dict[str, str], str] | None:
    """({one-core curve: its split curve}, the reference curve) when fig3.json has the split runs."""
    curves = f3["curves"]
    pairs = {name.removesuffix("/split"): name for name, c in curves.items()
             if c.get("split") and name.removesuffix("/split") in curves}
    if not pairs or "split_cycles" not in f3 or "all_ccm" not in curves[next(iter(pairs))]["points"]["1"]:
        return None
    return pairs, "8c/128b" if "8c/128b" in pairs else next(iter(pairs))


def _split_label(x: str) -> str:
    return x.replace("c/", " cores / ").replace("b", "-bit")


def split_latency_line(f3: Fig3 | None) -> list[str]:
    """What the split buys: the model's median packet latency, every channel CCM, split against one core."""
    found = _split_pairs(f3) if f3 else None
    if not found:
        return []
    pairs, ref = found
    points = f3["curves"][ref]["points"]
    lat = " and ".join(f"{f3['curves'][pairs[ref]]['points'][n]['all_ccm']['latency_median']} / "
                       f"{points[n]['all_ccm']['latency_median']} cycles at n = {n}" for n in ("1", "8") if n in points)
    return [f"In the performance model (Fig. 3's sweep, every channel CCM, {_split_label(ref)}, saturated), the "
            f"median packet latency from entry to exit, split / one core: {lat}."]


def _split_paragraph(f3: Fig3) -> list[str]:
    """Fig. 3 with the CCM channels split over core pairs against the same curves with CCM on one core."""
    found = _split_pairs(f3)
    if not found:
        return []
    pairs, ref = found
    curves = f3["curves"]
    sc, e_ccm = f3["split_cycles"], f3["e_cycles"]["ccm"]
    ns = sorted(curves[next(iter(pairs))]["points"], key=int)
    pt = lambda name, n: curves[name]["points"][n]  # noqa: E731
    label = _split_label

    def vs(one, n, all_ccm=False):
        a, b = pt(one, n), pt(pairs[one], n)
        if all_ccm:
            a, b = a["all_ccm"], b["all_ccm"]
        return f"{100 / b['alpha']:.1f} against {100 / a['alpha']:.1f}"

    def triple(one, all_ccm=False):
        return " / ".join(vs(one, n, all_ccm) for n in ("1", "8", "16") if n in ns)

    same = [one for one in pairs if all(abs(pt(one, n)["alpha"] / pt(pairs[one], n)["alpha"] - 1) < 1e-3 for n in ns)]
    keep = {one: 100 * sum(pt(one, n)["all_ccm"]["alpha"] / pt(pairs[one], n)["all_ccm"]["alpha"] for n in ns) / len(ns)
            for one in pairs}
    lo, hi = min(keep, key=keep.get), max(keep, key=keep.get)
    big = "16c/128b" if "16c/128b" in pairs else ref
    mix = pt(pairs[ref], "8")["ccm_channels"] if "8" in ns else None
    out = ["", "**CCM split over core pairs** (rows \"(CCM split)\", dashed curves in the last two figures): every CCM "
           "channel has the split policy, so its packets wait for a free pair (2p, 2p+1) and run CTR and the "
           "packet's I/O on core 2p, the CBC-MAC on core 2p+1. e_i stays the packet's cost on one core "
           f"({e_ccm} cycles for 2 KB), so equal 100/α means equal throughput. A split 2 KB packet holds two "
           f"cores for {sc['io']} and {sc['mac']} cycles ({sc['io'] + sc['mac']} core cycles against {e_ccm}), a "
           "split request waits at the head of the stream until both cores of a pair are free, and a key miss "
           f"loads the key into both cores, one {sc['key_load']}-cycle key load (the expansion and a cycle) after the other."]
    out[-1] += (f" Worst case over the mixes (the paper's measure), split against one core: "
                f"{label(ref)}, n = 1 / 8 / 16: {triple(ref)}")
    if mix is not None:
        out[-1] += (f"; the worst mix holds both kinds (n = 8: {mix} CCM channels): one-core GCM packets take "
                    "single cores, and a split request at the head of the stream waits until both cores of a pair "
                    "are free")
    if same:
        out[-1] += (". Where the stream is the limit the worst mix is all GCM and the split changes nothing ("
                    + ", ".join(label(x) for x in same) + ")")
    out[-1] += (f". With every channel CCM (the split's own effect): {label(ref)} {triple(ref, True)}, "
                f"{label(big)} {triple(big, True)}; averaged over n, split keeps {keep[lo]:.0f} % ({label(lo)}) "
                f"to {keep[hi]:.0f} % ({label(hi)}) of the one-core 100/α: the pair's extra core cycles at one "
                "channel, then key loads into two cores, which the one expander and the serial scheduler take "
                "in turn while the stream waits. What the split buys is latency ([Latency](#latency)).")
    return out
