"""docs/ecc.md's "Performance": the EC unit's cycles per task entry, curve and configuration,
and paper 002's Table I on the RTL (results/bench_ecc.json, `mccp bench ecc`), beside the
figures of paper 002 and liuguangxi/ec_sec2 (mccp.ref.ecc, quoted)."""

from __future__ import annotations

from mccp.bench.results import BenchEcc, BenchEccFabric, ClusterRound
from mccp.ref.ecc import EC_SEC2, PAPER002, PAPER002_TABLE1
from mccp.report.markdown import md_table
from mccp.report.synthesis import is_current
from mccp.synth.results import SynthResults

ENTRY_HEADS = {"ec_mul": "k*P (`ec_mul`)", "ec_mulg": "k*G (`ec_mulg`)", "ec_add": "P + Q (`ec_add`)",
               "ec_validate": "validate (`ec_validate`)"}


def _n(x: int) -> str:
    return f"{x:,}"


def _pair(cold: int, warm: int) -> str:
    return _n(cold) if cold == warm else f"{_n(cold)} / {_n(warm)}"


def cycles_section(b: BenchEcc) -> list[str]:
    """The cycles of every entry, curve and configuration, and the other designs' figures."""
    out = [f"Cycles from the start handshake to the result, by the ISS, which the RTL matches cycle for cycle for "
           f"a unit alone on its microcode port (`mccp bench ecc`, {b['date']}: results/bench_ecc.json). "
           "A cell gives the cycles from an empty instruction buffer (cold: the firmware just loaded), then, "
           "when they differ, with the buffer the same task left (warm). k*P and k*G take the same cycles for "
           "every scalar of a curve (tests/ecc/test_ecc_ct.py); P + Q is the general case (P != ±Q, both "
           "finite); validate is the full check of a valid point, n·P included. `Lines` x `LineWords` = "
           + ", ".join(sorted({f"{c['Lines']} x {c['LineWords']}" for c in b["configs"].values()}))
           + " in every configuration.", ""]
    rows = []
    for name, per_curve in b["cycles"].items():
        cfg = b["configs"][name]
        for curve, entries in per_curve.items():
            rows.append([f"`{name}`", cfg["MaxM"], cfg["Digit"], "yes" if cfg["DualIssue"] else "no", curve]
                        + [_pair(entries[e]["cold"], entries[e]["warm"]) for e in ENTRY_HEADS])
    rows.append([f"{PAPER002['name']} (quoted)", "—", "—", "—", PAPER002["field"],
                 _n(PAPER002["scalar_mult"]), "—", _n(PAPER002["point_add"]), "—"])
    for curve, cycles in EC_SEC2["mulg"].items():
        rows.append([f"{EC_SEC2['name']} (quoted)", "—", "—", "—", curve, "—", _n(cycles), "—", "—"])
    out += md_table(["configuration", "MaxM", "Digit", "dual issue", "curve"] + list(ENTRY_HEADS.values()), rows)
    return out + [""] + _against(b)


def _against(b: BenchEcc) -> list[str]:
    """The quoted rows' sources, and our K-163 / K-283 figures against them."""
    def best(curve: str, entry: str) -> list[tuple[int, str]]:
        return sorted((per[curve][entry]["warm"], name) for name, per in b["cycles"].items() if curve in per)
    out = [f"Quoted rows (mccp.ref.ecc): {PAPER002['source']}, one EC PU alone on its microcode port, "
           f"{PAPER002['field']}; {EC_SEC2['source']}, a fixed-function k*G engine per curve (no other point, "
           "no point addition), its cycles from start to done as its state machine counts them."]
    mul = best("K-163", "ec_mul")
    if mul:
        (lo, lo_name), (hi, hi_name) = mul[0], mul[-1]
        p = PAPER002["scalar_mult"]
        out[-1] += (f" k*P on K-163 takes {_n(lo)} (`{lo_name}`) to {_n(hi)} (`{hi_name}`) cycles here, "
                    f"{p / hi:.0f}× to {p / lo:.0f}× fewer than paper 002's {_n(p)}.")
    parts = []
    for curve, theirs in EC_SEC2["mulg"].items():
        ours = best(curve, "ec_mulg")
        if ours:
            parts.append(f"{_n(ours[0][0])} cycles on {curve} (`{ours[0][1]}`) against {_n(theirs)} "
                         f"({ours[0][0] / theirs:.2f}× its cycles)")
    if parts:
        out[-1] += f" k*G at best: {'; '.join(parts)}."
    return out


def _cells(r: ClusterRound) -> str:
    lo, hi = min(r["cycles"]), max(r["cycles"])
    return _n(lo) if lo == hi else f"{_n(lo)} – {_n(hi)}"


def table1_section(b: BenchEcc) -> list[str]:
    """Paper 002's Table I on mccp_ecc_cluster, one table per configuration."""
    t = b["table1"]
    out = [f"N units of one `mccp_ecc_cluster` (Verilator), all starting `{t['entry']}` on {t['curve']} in the same "
           "cycle, first from empty instruction buffers (cold: the firmware just loaded), then again (warm); "
           "every result checked against mccp.ref.ec_galois. Each unit's cycles run from its start "
           "handshake to its result; the unit alone (N = 1) takes what the ISS says. Efficiency is the paper's "
           "equation (2), E = (n_EC T_EC) / (n_PU T): n_PU = N units complete n_EC = N scalar multiplications "
           "in the T cycles from the common start to the last result, T_EC being one unit's cycles alone on "
           "the port, so E = T_EC / T. Waits: the cycles a unit's line requests waited for the port (another "
           "unit granted first), the most of any unit. The paper's columns are its Table I (EC PUs only, "
           "GF(2^163)): the latency of its N PUs and its E.", ""]
    for name, cfg in t["configs"].items():
        params = b["configs"][name]
        fetch = b["cycles"][name][t["curve"]][t["entry"]]
        out += [f"`{name}` (MaxM {params['MaxM']}, Digit {params['Digit']}"
                + (", dual issue" if params["DualIssue"] else "") + "): one unit alone takes "
                f"{_n(cfg['single']['cold'])} cycles cold and {_n(cfg['single']['warm'])} warm, and fetches "
                f"{fetch['fetches_cold']} lines cold, {fetch['fetches_warm']} warm.", ""]
        rows = []
        for n, rounds in cfg["units"].items():
            cold, warm = rounds["cold"], rounds["warm"]
            paper = PAPER002_TABLE1.get(int(n))
            rows.append([n, _cells(cold), f"{100 * cold['efficiency']:.2f} %", max(cold["waits"]),
                         _cells(warm), f"{100 * warm['efficiency']:.2f} %", max(warm["waits"]),
                         f"{paper['latency_kcycles']:g}" if paper else "—",
                         f"{paper['efficiency']:.2f} %" if paper else "—"])
        out += md_table(["units N", "cycles per unit, cold", "E cold", "waits cold", "cycles per unit, warm",
                         "E warm", "waits warm", "paper 002: latency (k cycles)", "paper 002: E"], rows)
        out.append("")
    out += _why(b)
    return out


def _why(b: BenchEcc) -> list[str]:
    """Why E stays high here and fell in the paper, in the measured figures."""
    t = b["table1"]
    name, cfg = min(t["configs"].items(), key=lambda kv: kv[1]["units"][max(kv[1]["units"], key=int)]["warm"]
                    ["efficiency"])
    n = max(int(k) for k in cfg["units"])
    r = cfg["units"][str(n)]["warm"]
    paper = PAPER002_TABLE1.get(n)
    # beyond the first stagger (unit i waits i cycles for the first line): misses that met again
    again = [int(k) for k, rr in cfg["units"].items() if max(rr["warm"]["waits"]) > int(k) - 1]
    out = (f"At {n} units E is {100 * r['efficiency']:.2f} % at worst (`{name}`, warm)"
           + (f", against the paper's {paper['efficiency']:.2f} %" if paper else "") + ". A unit takes the shared "
           f"port only when its instruction buffer misses: {r['fetches'][0]} line fetches in a "
           f"{_n(cfg['single']['warm'])}-cycle k*G (warm), where the paper's PUs fetched every microinstruction "
           "through the arbiter. Started in the same cycle, the units collide on their first misses and the "
           "round-robin arbiter sets them a cycle apart")
    if again:
        out += (f"; from {min(again)} units on, later misses meet again (the waits column): a unit loses at most "
                f"{max(r['waits'])} cycles")
    return [out + "."]


def _config_of(b: BenchEcc, max_m, digit, dual_issue) -> str | None:
    """The named configuration of a synthesized EC build (same field, digit, issue width)."""
    for name, cfg in b["configs"].items():
        if (cfg["MaxM"], cfg["Digit"], cfg.get("DualIssue", 0)) == (max_m, digit, dual_issue or 0):
            return name
    return None


def area_time_section(b: BenchEcc, synth: SynthResults | None) -> list[str]:
    """LUT4 x cycles of k*P, each synthesized EC unit against ec_sec2 and paper 002."""
    units = [u for u in (synth.units.values() if synth else []) if u.top == "mccp_synth_ecc"]
    if not units:
        return []
    paper_lut4 = PAPER002["slices"] * PAPER002["lut4_per_slice"]
    paper_at = paper_lut4 * PAPER002["scalar_mult"]
    out = ["Area x time of one scalar multiplication: the LUT4 of one EC unit with its microcode memory (Yosys "
           "`synth_ecp5`, results/synth.json, the synthesis wrapper's own LUT4 taken off) times the cycles of "
           "k*P (warm, above). Against them the quoted anchors: liuguangxi/ec_sec2's k*G engines "
           f"({_n(EC_SEC2['lut4']['K-163'])} LUT4 x {_n(EC_SEC2['mulg']['K-163'])} cycles on K-163, "
           f"{_n(EC_SEC2['lut4']['K-283'])} x {_n(EC_SEC2['mulg']['K-283'])} on K-283, on our flow) and paper "
           f"002's PU ({PAPER002['slices']} Virtex-4 slices counted as {_n(paper_lut4)} LUT4, x "
           f"{_n(PAPER002['scalar_mult'])} cycles). A ratio above 1 is that many times better than the anchor.", ""]
    rows = []
    for u in sorted(units, key=lambda u: (u.parameters.get("MaxM", 0), u.name)):
        cfg = _config_of(b, u.parameters.get("MaxM"), u.parameters.get("Digit"), u.parameters.get("DualIssue"))
        if cfg is None or cfg not in b["cycles"]:
            continue
        lut4 = u.figures.get("LUT4", 0) - u.wrapper.get("LUT4", 0)
        fmax = u.fmax(8)
        state = "" if is_current(u) else " (stale)"
        for curve in ("K-163", "K-283"):
            if curve not in b["cycles"][cfg]:
                continue
            cycles = b["cycles"][cfg][curve]["ec_mul"]["warm"]
            at = lut4 * cycles
            sec2 = EC_SEC2["lut4"][curve] * EC_SEC2["mulg"][curve]
            rows.append([f"`{u.name}`{state}", f"`{cfg}`", curve, _n(lut4), f"{fmax:.1f}" if fmax else "not routed",
                         _n(cycles), f"{at / 1e6:.1f} M", f"{sec2 / at:.2f}",
                         f"{paper_at / at:.1f}" if curve == "K-163" else "—"])
    for curve in ("K-163", "K-283"):
        at = EC_SEC2["lut4"][curve] * EC_SEC2["mulg"][curve]
        rows.append([f"{EC_SEC2['name']} (quoted)", "k*G only", curve, _n(EC_SEC2["lut4"][curve]), "not routed",
                     _n(EC_SEC2["mulg"][curve]), f"{at / 1e6:.1f} M", "1.00",
                     f"{paper_at / at:.1f}" if curve == "K-163" else "—"])
    rows.append([f"{PAPER002['name']} (quoted)", "one PU", "GF(2^163)", _n(paper_lut4), "100 (Virtex-4)",
                 _n(PAPER002["scalar_mult"]), f"{paper_at / 1e6:.1f} M", "—", "1.0"])
    return out + md_table(["unit", "configuration", "curve", "LUT4", "Fmax speed 8 (MHz)", "k*P cycles",
                           "LUT4 x cycles", "vs ec_sec2", "vs paper 002"], rows)


TOP_WITH_EC = "top_c2_e1_s64"    # the mccp_top synthesis unit with EC units (mccp.synth.units)


def top_rate_section(b: BenchEcc, f: BenchEccFabric | None, synth: SynthResults | None) -> list[str]:
    """Scalar multiplications (and ECDHs) per second of a synthesized mccp_top with EC units at
    its Fmax: the cycles measured here at the clock nextpnr found."""
    u = synth.units.get(TOP_WITH_EC) if synth else None
    if u is None:
        return []
    cfg = _config_of(b, u.parameters.get("EcMaxM"), u.parameters.get("EcDigit"), u.parameters.get("EcDualIssue"))
    fmax, units = u.fmax(8), u.parameters.get("NumEcUnits", 0)
    state = "" if is_current(u) else f" (synthesized from older RTL, `{u.rtl.short}`)"
    if cfg is None:
        return []
    if not fmax:
        return [f"`{TOP_WITH_EC}` ({u.description}){state}: not placed and routed at speed 8, so no rate."]
    out = [f"`{TOP_WITH_EC}` ({u.description}){state} placed and routed at {fmax:.1f} MHz (speed 8, "
           f"{_n(u.figures.get('LUT4', 0))} LUT4): the cycles above at that clock, per EC unit ({units} here).", ""]
    rows = []
    for curve, entries in b["cycles"][cfg].items():
        kp = entries["ec_mul"]["warm"]
        ecdh = f["ecdh"].get(cfg, {}).get(curve, {}).get("total") if f else None
        rows.append([curve, _n(kp), f"{fmax * 1e6 / kp:,.0f}",
                     f"{fmax * 1e6 / ecdh:,.0f}" if ecdh else "—"])
    return out + md_table(["curve", "k*P cycles", "k*P per second, one unit",
                           "ECDH end to end per second (host steps included)"], rows)


def fabric_section(f: BenchEccFabric) -> str:
    """The generated block of docs/ecc.md on the units inside mccp_top."""
    lines = ["<!-- generated by `mccp docs` from results/bench_ecc_fabric.json; do not edit -->", "",
             "### ECDH end to end", "",
             f"`Device.ecdh` through the fabric (`mccp bench ecc-fabric`, {f['date']}: "
             "results/bench_ecc_fabric.json), one EC unit and two AES cores, cycles as the host sees them "
             "(its register writes included): the full validation of the peer point, the ECC CDH primitive "
             "(the shared secret into a key slot; in brackets its packet's latency alone), the key derivation "
             "on an AES core (CMAC extraction and the SP 800-108 KDF, two tasks), and the whole. Every derived "
             "key checked against `cryptography` and galois.", "",
             "| configuration | curve | validate | ECDH primitive | derive key | total |",
             "|---|---|---|---|---|---|"]
    for cfg, per in f["ecdh"].items():
        for curve, r in per.items():
            lines.append(f"| `{cfg}` | {curve} | {_n(r['validate'])} | {_n(r['primitive'])} "
                         f"({_n(r['primitive_latency'])}) | {_n(r['derive'])} | {_n(r['total'])} |")
    m = f["mix"]
    lines += ["", "### EC units beside AES traffic", "",
              f"A device with {m['aes_cores']} AES cores and N `{m['config']}` EC units on one microcode memory: "
              f"{m['rows'][0]['ops'] // m['rows'][0]['units']} k*G on {m['curve']} per unit submitted at once, "
              f"alone and while both AES cores encrypt {m['gcm_bytes']}-byte AES-128-GCM packets. Operations per "
              "1000 cycles from the first EC packet's entry to the last one's exit; efficiency E = ops x T_EC / "
              f"(N x T), T_EC = {_n(m['t_single'])} cycles for one k*G on a unit alone. A latency runs from the "
              "packet's first beat taken to its last beat out (the device holds the input stream while every "
              "unit of the kind is busy, so a queued packet's wait before that is not in it). Every result "
              "checked.", "",
              "| EC units N | AES traffic | EC ops | cycles T | ops / 1000 cycles | latency mean / max | E | AES bits / cycle |",
              "|---|---|---|---|---|---|---|---|"]
    for r in m["rows"]:
        aes = f"{r['aes_bits_per_cycle']:.2f}" if r["aes_bits_per_cycle"] is not None else "—"
        lines.append(f"| {r['units']} | {'GCM' if r['aes'] else '—'} | {r['ops']} | {_n(r['cycles'])} | "
                     f"{r['ops_per_kcycle']:.3f} | {_n(round(r['latency_mean']))} / {_n(r['latency_max'])} | "
                     f"{100 * r['efficiency']:.2f} % | {aes} |")
    return "\n".join(lines)


def section(b: BenchEcc, synth: SynthResults | None = None, fabric: BenchEccFabric | None = None) -> str:
    """The generated block of docs/ecc.md."""
    lines = ["<!-- generated by `mccp docs` from results/bench_ecc.json and results/synth.json; do not edit -->",
             "", "### Cycles per task", ""] + cycles_section(b)
    area = area_time_section(b, synth)
    if area:
        lines += ["", "### Area x time", ""] + area
    rate = top_rate_section(b, fabric, synth)
    if rate:
        lines += ["", "### Scalar multiplications per second in mccp_top", ""] + rate
    lines += ["", "### Units sharing the microcode memory (paper 002, Table I)", ""] + table1_section(b)
    return "\n".join(lines)
