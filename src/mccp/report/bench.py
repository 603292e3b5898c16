"""Tables and sentences of the measured benchmarks (results/bench_*.json) for
docs/performance.md, docs/api.md and the README.  Comparisons with the paper: mccp.report.paper."""

from __future__ import annotations

from typing import Callable

from mccp.bench.results import BenchCcm, BenchCore, BenchEngines, BenchFabric
from mccp.ref.paper import PAPER_CLOCK_MHZ
from mccp.report.markdown import fmt, md_table
from mccp.report.synthesis import OLDER_RTL, core_bound, cores_text, is_current
from mccp.synth.results import load as load_synth

FmaxOf = Callable[[int, int], tuple[float | None, str]]
"""(cores, stream bits) -> (speed-8 MHz of that `mccp_top` or None, where it comes from):
mccp.report.synthesis.latest_fmax."""

MARKS = "¹²³⁴⁵⁶⁷⁸⁹"


# ---- one core, the engines ------------------------------------------------------------------

def engines_section(eng: BenchEngines) -> list[str]:
    out = [f"Measured on the RTL ({eng['simulator']}), {eng['aes']['aes_encdec']['blocks']} back-to-back "
           "blocks per figure, every result checked against `cryptography`. Latency: cycles from a block in "
           "to its result.", ""]
    rows = []
    for build, label in (("aes_enc", "encrypt-only"), ("aes_encdec", "encrypt + decrypt")):
        for bits, e in eng["aes"][build]["key_sizes"].items():
            for d in ("encrypt", "decrypt"):
                if d in e:
                    rows.append([label, f"AES-{bits}", d, fmt(e[d]["cycles_per_block"]), e[d]["latency_cycles"],
                                 e["key_expansion_cycles"]])
    out += md_table(["build", "key", "direction", "cycles / block", "latency", "key expansion (cycles, once per key)"],
                    rows)
    out += ["", "GHASH (`mccp_ghash`, DigitBits = digit size):", ""]
    out += md_table(["DigitBits", "cycles / block", "latency to Y"],
                    [[d, fmt(g["cycles_per_block"]), g["latency_cycles"]]
                     for d, g in sorted(eng["ghash"].items(), key=lambda kv: int(kv[0]))])
    return out


def _mbps(bits: int, cycles: float, mhz: float) -> float:
    return bits * mhz / cycles


def _core_fmax() -> float | None:
    """Speed-8 Fmax of the lone core, when it was synthesized from the RTL at HEAD."""
    unit = load_synth().units.get("core")
    return unit.fmax() if unit and is_current(unit) else None


def core_table(core: BenchCore) -> list[str]:
    """Every mode and key size on one core: cycles, and Mbps on 2 KB at the core's Fmax and at
    the paper's clock."""
    fmax = _core_fmax()
    out = [f"Standard firmware (`firmware/mccp.s`) on the RTL core ({core['simulator']}). Cycles from the "
           "task start to the result; every output checked against `cryptography`. Cycles per block = "
           "(cycles(2 KB) − cycles(1 KB)) / 64; fixed cost = cycles(2 KB) − 128 × cycles per block.", ""]
    rows = []
    for mode, per_key in core["modes"].items():
        for bits, r in per_key.items():
            c = r["cycles"]
            mbps = _mbps(2048 * 8, c["2048"], fmax) if fmax else None
            rows.append([mode, f"AES-{bits}", f"{r['cycles_per_block']:g}", f"{r['fixed_cycles']:g}",
                         c["16"], c["2048"], f"{mbps:.0f}" if mbps else "—",
                         f"{_mbps(2048 * 8, c['2048'], PAPER_CLOCK_MHZ):.0f}"])
    head = ["mode", "key", "cycles / block", "fixed cycles", "1-block packet", "2 KB packet",
            "Mbps 2 KB @ core Fmax (speed 8)", f"Mbps 2 KB @ {PAPER_CLOCK_MHZ} MHz (the paper's clock)"]
    return out + md_table(head, rows)


def readme_rows(core: BenchCore) -> list[str]:
    """The README's per-mode table: Mbps at the core's own speed-8 Fmax (results/synth.json),
    and at the paper's clock, labelled as such, for the comparison per clock."""
    fmax = _core_fmax()
    rows = []
    for mode, per_key in core["modes"].items():
        r = per_key["128"]
        c = r["cycles"]["2048"]
        rows.append([mode, f"{r['cycles_per_block']:g}", f"{r['fixed_cycles']:g}",
                     f"{_mbps(2048 * 8, c, fmax):.0f}" if fmax else "—",
                     f"{_mbps(2048 * 8, c, PAPER_CLOCK_MHZ):.0f}"])
    own = f"Mbps 2 KB @ {fmax:g} MHz (core Fmax, speed 8)" if fmax else "Mbps 2 KB @ core Fmax (not synthesized at this RTL yet)"
    return md_table(["mode (AES-128, one core)", "cycles / block", "fixed cycles", own,
                     f"Mbps 2 KB @ {PAPER_CLOCK_MHZ} MHz (the paper's clock)"], rows)


# ---- the multi-core processor ---------------------------------------------------------------

def top_fmax(fab: BenchFabric, fmax_of: FmaxOf) -> tuple[dict[tuple[int, int], tuple[float | None, str, bool]],
                                                          dict[str, str]]:
    """For each (cores, stream bits) of the scaling runs: (speed-8 MHz or None, table cell, whether
    that very top was placed and routed); and {where a bound comes from: its mark} for the cells
    that only bound the top by one core alone."""
    cells, notes = {}, {}
    for stream, per_cores in fab["scaling"].items():
        for cores in per_cores:
            fmax, what = fmax_of(int(cores), int(stream))
            if fmax and what.startswith("one core alone"):
                mark = notes.setdefault(what, MARKS[len(notes)] if len(notes) < len(MARKS) else f"[{len(notes) + 1}]")
                cells[(int(cores), int(stream))] = (fmax, f"{fmax:.2f} {mark}", False)
            elif fmax and OLDER_RTL in what:
                cells[(int(cores), int(stream))] = (fmax, f"{fmax:.2f} (older RTL)", True)
            elif fmax:
                cells[(int(cores), int(stream))] = (fmax, f"{fmax:.2f}", True)
            else:
                cells[(int(cores), int(stream))] = (None, "—", False)
    return cells, notes


def _older_note(cells) -> list[str]:
    if not any("(older RTL)" in cell for _, cell, _ in cells.values()):
        return []
    return ["", "(older RTL): that top was last placed and routed from RTL older than HEAD's; "
            "[docs/synthesis.md](synthesis.md) names the commit."]


def _bound_notes(notes: dict[str, str]) -> list[str]:
    return [f"{mark} no routed `mccp_top` of this size: the Fmax of {what[0].lower() + what[1:]}, "
            "an upper bound for the top, not a measurement of it." for what, mark in notes.items()]


def _bound_refs(notes: dict[str, str]) -> list[str]:
    return [f"{mark} an upper bound for the top, not a measurement of it: [Area and clock](#area-and-clock)."
            for mark in notes.values()]


def scaling_section(fab: BenchFabric, fmax_of: FmaxOf) -> list[str]:
    """The scaling table: every core count, stream width and channel count, with the Gbps at the
    Fmax of that very top when it has been placed and routed."""
    one = fab["scaling"]["128"]["1"]["1"]["steady_bits_per_cycle"]
    out = ["Steady state: payload bits of the packets that left after the first `cores` did, over the cycles "
           "between (leaves out the fill, when packets stream one after another into idle cores, and the "
           "drain); whole run: from the first input beat to the last output beat. Efficiency = steady "
           "throughput / (cores × one core's at 128 bits). Gbps = steady bits per cycle × the Fmax (speed 8) "
           "of `mccp_top` with that many cores and that stream width ([Area and clock](#area-and-clock)).", ""]
    cells, notes = top_fmax(fab, fmax_of)
    rows = []
    for stream, per_cores in fab["scaling"].items():
        for cores, per_ch in per_cores.items():
            fmax, fcell, _ = cells[(int(cores), int(stream))]
            for nch, r in per_ch.items():
                eff = r["steady_bits_per_cycle"] / (int(cores) * one)
                gbps = f"{r['steady_bits_per_cycle'] * fmax / 1000:.2f}" if fmax else "—"
                rows.append([cores, stream, nch, f"{r['steady_bits_per_cycle']:.2f}", f"{100 * eff:.0f}%",
                             f"{r['bits_per_cycle']:.2f}", r["latency_median"], fcell, gbps])
    out += md_table(["cores", "stream bits", "channels", "bits / cycle (steady)", "efficiency",
                     "bits / cycle (whole run)", "median latency (cycles)", "Fmax (MHz)", "Gbps (steady)"], rows)
    if notes:
        out += [""] + _bound_refs(notes)
    out += _older_note(cells)
    return out


def best_gbps(fab: BenchFabric, fmax_of: FmaxOf) -> tuple[float, int, int, str, float] | None:
    """The device's best steady Gbps among the tops placed and routed: (Gbps, cores, stream bits,
    channels, MHz); None before any has been."""
    cells, _ = top_fmax(fab, fmax_of)
    best = [(r["steady_bits_per_cycle"] * fmax / 1000, int(cores), int(stream), nch, fmax)
            for stream, per_cores in fab["scaling"].items() for cores, per_ch in per_cores.items()
            for nch, r in per_ch.items()
            for fmax, _, routed in [cells[(int(cores), int(stream))]] if routed]
    return max(best) if best else None


def best_line(fab: BenchFabric, fmax_of: FmaxOf, link: str) -> list[str]:
    best = best_gbps(fab, fmax_of)
    if not best:
        return []
    gbps, cores, stream, nch, fmax = best
    return [f"The whole device at its best: **{gbps:.2f} Gbps**, {cores_text(cores)}, {stream}-bit streams, "
            f"{nch} channel{'s' if nch != '1' else ''}, AES-128-GCM 2 KB packets in steady state at the Fmax of that "
            f"top ({fmax:.2f} MHz, speed 8); every configuration: [scaling]({link})."]


def affinity_section(fab: BenchFabric) -> list[str]:
    out = ["8 cores, 16 channels each with its own key, 512-byte GCM packets, each on a channel drawn at random "
           "(the same sequence both times). A key load costs 86 cycles of the shared expander, during which the "
           "scheduler starts no other task:", ""]
    rows = [[k, f"{r['steady_bits_per_cycle']:.2f}", r["latency_median"]] for k, r in fab["affinity"].items()]
    return out + md_table(["affinity", "bits / cycle (steady)", "median latency (cycles)"], rows)


def sim_speed_line(fab: BenchFabric) -> list[str]:
    s = fab["sim_speed"]
    return [f"Simulation speed of the C++ harness (Verilator `-O3`, C++ `-O2`): {s['min'] / 1e3:.0f}–"
            f"{s['max'] / 1e3:.0f} k cycles per second over these runs{_machine_text(fab)} "
            "(per model: [docs/api.md](api.md))."]


def target_line(fab: BenchFabric, routed: list[tuple[float, int, int]], cores: int = 8, gbps: float = 10.0,
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


def clock_section(fab: BenchFabric | None, eng: BenchEngines | None, fmax_of: FmaxOf) -> list[str]:
    """The speed-8 Fmax of each top the scaling runs use, of one core alone, and the clock 10 Gbps
    needs."""
    out = []
    fmax = _core_fmax()
    cells, notes = top_fmax(fab, fmax_of) if fab else ({}, {})
    if fab:
        cores = sorted({c for c, _ in cells})
        streams = sorted({s for _, s in cells})
        out += md_table(["`mccp_top`, Fmax speed 8 (MHz)"] + [cores_text(c) for c in cores],
                        [[f"{s}-bit streams"] + [cells[(c, s)][1] if (c, s) in cells else "—" for c in cores]
                         for s in streams])
        if notes:
            out += [""] + _bound_notes(notes)
        out += _older_note(cells)
    if fmax:
        out += ["", f"One core alone (`core`, speed 8): {fmax:g} MHz, the clock of the one-core Mbps in "
                "[One core](#one-core) and the README."]
    if fab:
        routed = [(f, c, s) for (c, s), (f, _, ok) in cells.items() if ok]
        out += target_line(fab, routed, ceiling=aes_ceiling(eng))
    return out


def _machine_text(fab: BenchFabric) -> str:
    m, load = fab.get("machine"), fab["sim_speed"].get("load_average")
    if not m or not load:
        return ""
    return (f" on {m['cpus']} CPUs ({m['cpu']}), 1-minute load average {load[0]:.1f} at the start and "
            f"{load[-1]:.1f} at the end")


def speed_section(fab: BenchFabric) -> list[str] | None:
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


# ---- CCM on one core and split over two -----------------------------------------------------

CCM_POLICIES = ("One core: CTR and CBC-MAC of a packet on one core (2 AES per block). Split: CTR and the packet's "
                "input and output on core 2p, CBC-MAC on core 2p+1, blocks passed through the pair's queues "
                "(`vsend` / `vrecv`).")


def ccm_throughput(ccm: BenchCcm) -> list[str]:
    out = ["AES-128-CCM, 2 KB packets, through the device API (128-bit streams), every answer checked against "
           f"`cryptography`. {CCM_POLICIES} Regenerate: `mccp bench ccm`.", ""]
    rows = []
    for cores, per in ccm["throughput"].items():
        one, split = per["one core"], per["split"]
        rows.append([cores, f"{one['steady_bits_per_cycle']:.2f}", f"{split['steady_bits_per_cycle']:.2f}",
                     one["latency_median"], split["latency_median"]])
    return out + md_table(["cores", "bits / cycle, one core (steady)", "bits / cycle, split (steady)",
                           "median latency, one core", "median latency, split"], rows)


def ccm_latency(ccm: BenchCcm) -> list[str]:
    out = ["AES-128-CCM through the device API on an idle 2-core device (128-bit streams), one packet at a "
           "time, every answer checked against `cryptography`; cycles from its first input beat to its last "
           "output beat. One core and split as in [CCM on one core and split over two]"
           "(#ccm-on-one-core-and-split-over-two). Regenerate: `mccp bench ccm`.", ""]
    rows = [[size, per["one core"], per["split"], f"{per['one core'] / per['split']:.2f}"]
            for size, per in ccm["latency"].items()]
    return out + md_table(["bytes", "one core", "split", "one core / split"], rows)


# ---- the README -----------------------------------------------------------------------------

def readme_block(core: BenchCore | None, fab: BenchFabric | None, fmax_of: FmaxOf) -> list[str]:
    out = []
    if core:
        out += readme_rows(core)
    best = best_line(fab, fmax_of, "docs/performance.md#scaling-with-cores-and-stream-width") if fab else []
    if best:
        out += [""] + best
    out += ["", "Every mode, key size, packet size and core count, latency, the performance model and the "
            "comparison with the paper: [docs/performance.md](docs/performance.md)."]
    return out


def aes_ceiling(eng: BenchEngines | None, cores: int = 8):
    """(AES-128 encrypt cycles per block measured on the engine, [(unit, what, speed-8 MHz)])
    for the ceiling sentence of target_line: the encrypt-only engine alone and the slowest core
    kind a top of `cores` cores holds (core_bound); None without the figures."""
    if not eng or "aes_enc" not in eng.get("aes", {}):
        return None
    synth = load_synth()
    fmax = []
    engine = synth.units.get("aes_enc_rk")
    if engine and engine.fmax():
        fmax.append(("aes_enc_rk", "the encrypt-only AES engine alone", engine.fmax()))
    core = core_bound(synth, cores)
    if core:
        fmax.append((core[1], f"one core of the slowest kind in a top of {cores} cores", core[0]))
    return eng["aes"]["aes_enc"]["key_sizes"]["128"]["encrypt"]["cycles_per_block"], fmax
