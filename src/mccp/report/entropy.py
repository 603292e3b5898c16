"""docs/entropy.md's generated blocks: the health tests' cutoffs (mccp.entropy.health) and the
randomness unit's figures (results/bench_entropy.json, results/synth.json)."""

from __future__ import annotations

from mccp.bench.results import BenchEntropy
from mccp.entropy import health
from mccp.report.markdown import md_table
from mccp.report.synthesis import is_current
from mccp.synth.breakdown import load as load_breakdown
from mccp.synth.results import SynthResults

SYNTH_UNITS = ("entropy_src", "entropy_unit")
CLAIMS = (0.1, 0.25, 0.5, 0.75, 1.0)
ALPHAS = (20, 30, 40)


def _n(x) -> str:
    return f"{x:,.0f}" if isinstance(x, (int, float)) else str(x)


def cutoffs_section() -> str:
    """RCT / APT cutoffs and the conditioning ratio per claimed min-entropy and alpha."""
    rows = []
    for h in CLAIMS:
        row = [f"{h:g}"]
        for a in ALPHAS:
            row.append(f"{health.rct_cutoff(h, a)} / {health.apt_cutoff(h, a)}")
        row.append(str(health.cond_blocks(h)))
        rows.append(row)
    head = ["claimed H (bits per sample)"] + [f"RCT / APT cutoff, alpha = 2^-{a}" for a in ALPHAS] + \
           ["raw blocks per conditioned word"]
    return "\n".join(md_table(head, rows))


def _breakdown() -> list[str]:
    """Where the whole unit's LUT4 go (`mccp synth --breakdown entropy_unit`), if on record."""
    b = (load_breakdown() or {}).get("entropy_unit")
    if not b:
        return []
    rows = [[("&nbsp;&nbsp;" * r["depth"]) + f"`{r['module']}`", _n(r["total"].get("LUT4", 0)),
             _n(r["own_lut4"]), _n(r["total"].get("TRELLIS_FF", 0))] for r in b["rows"]]
    return ["", f"Where `entropy_unit`'s LUT4 go (`{b['command']}`, results/synth_breakdown.json, "
            f"RTL `{b['rtl'].get('commit', '?')}`); the ring oscillators are `mccp_entropy_ring`:", ""] + \
        md_table(["module", "LUT4 (with its submodules)", "own LUT4", "FF"], rows)


def figures_section(b: BenchEntropy | None, synth: SynthResults | None) -> str:
    out: list[str] = []
    if b:
        c, s = b["config"], b["source"]
        out += [f"Measured on the RTL through the device API (`mccp bench entropy`, results/bench_entropy.json): "
                f"mccp_top with {c['cores']} AES core, an EC unit \"{c['ec_config']}\" and the randomness unit "
                f"({c['rings']} rings in the simulation model, a sample every {c['sample_div'] + 1} cycles, "
                f"cutoffs {c['rct_cutoff']} / {c['apt_cutoff']}, {c['cond_blocks']} raw blocks per conditioned "
                f"word, {c['buf_bytes']}-byte buffer); every output checked against the reference CTR_DRBG, "
                "every key through its use.", ""]
        out += md_table(["source", "value"], [
            ["raw samples per cycle", f"{s['samples_per_cycle']:.3f}"],
            ["raw bits per full-entropy bit (conditioning)", str(s["raw_bits_per_seed_bit"])],
            ["restart to READY (start-up test, self-test, instantiation), cycles", _n(s["restart_to_ready_cycles"])],
        ])
        out.append("")
        rows = [[_n(g["bytes"]), _n(g["latency"]), f"{g['bytes_per_cycle']:.3f}"] for g in b["generate"]]
        st = b["generate_stream"]
        rows.append([f"{st['requests']} x {_n(st['bytes'])} queued", _n(st["cycles"]),
                     f"{st['bytes_per_cycle']:.3f}"])
        out += md_table(["generate (bytes)", "latency (cycles)", "bytes per cycle"], rows)
        out.append("")
        sd = b["seeded"]
        out += md_table(["with entropy from the source", "latency (cycles)"], [
            ["generate 64 bytes with prediction resistance", _n(sd["generate_pr_64"])],
            ["reseed", _n(sd["reseed"])],
            ["instantiate", _n(sd["instantiate"])],
        ])
        out.append("")
        rows = [[f"AES-{k['bits']} key into a slot", _n(k["latency"]), "—", "—"] for k in b["aes_keygen"]]
        rows += [[f"{k['curve']} private scalar into a slot", f"{_n(k['mean'])} ({_n(k['min'])} .. {_n(k['max'])})",
                  f"{k['candidates_mean']:.2f}", _n(k["public_key_cycles"])] for k in b["ec_keygen"]]
        out += md_table(["key generation", f"latency (cycles; EC: mean of {b['ec_keygen'][0]['trials']}, min .. max)",
                         "candidates drawn (mean)", "its public key d*G (cycles, EC unit)"], rows)
        out.append("")
    units = [synth.units[u] for u in SYNTH_UNITS if synth and u in synth.units]
    if units:
        out += ["Area and Fmax on the LFE5U-85F (`mccp synth --unit entropy_src --unit entropy_unit`, "
                "results/synth.json, [synthesis.md](synthesis.md)); the rings are real here (one LUT4 per "
                "stage, kept), the LUT4 include the wrapper's (its own columns in synthesis.md):", ""]
        rows = []
        for u in units:
            f8, f6 = u.fmax(8), u.fmax(6)
            rows.append([f"`{u.name}`" + ("" if is_current(u) else " (stale)"), u.description,
                         _n(u.figures.get("LUT4", 0)), _n(u.figures.get("FF", 0)), _n(u.figures.get("EBR", 0)),
                         f"{f8:.1f}" if f8 else "—", f"{f6:.1f}" if f6 else "—"])
        out += md_table(["unit", "what", "LUT4", "FF", "EBR", "Fmax speed 8 (MHz)", "speed 6"], rows)
        out += _breakdown()
    return "\n".join(out).rstrip() if out else "No results yet: `mccp bench entropy`, `mccp synth --unit entropy_unit`."
