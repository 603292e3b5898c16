"""The core benchmark: run tb_core on the RTL and render its tables.

Paper figures (Grand et al., MCCP for SDR base-stations, section 4.3 and
Table 2) are quoted for the side-by-side comparison; ours are measured.
"""

from __future__ import annotations

from mccp import paths
from mccp.docs import md_table

# The paper's loop times (cycles per 128-bit block, AES-128) and pre/post-loop
# invariant costs, section 4.3; 8 more cycles per block for each longer key.
PAPER_LOOP = {"gcm": 49, "ctr": 49, "cbc-mac": 55, "ccm": 104}
PAPER_FIXED = {"gcm": 337, "ccm": 710}
PAPER_CLOCK_MHZ = 190
# Table 2: Mbps at 190 MHz, theoretical / 2 KB packet, one core per packet.
PAPER_TABLE2 = {"gcm": {"128": (496, 437), "192": (426, 382), "256": (374, 337)},
                "ccm": {"128": (233, 214), "192": (202, 187), "256": (178, 171)}}


def bench_core() -> dict:
    from mccp.bench import run_bench

    return run_bench("mccp_core", "mccp.bench.tb_core", {}, paths.rtl_files("aes", "core"))


def _mbps(bits: int, cycles: float, mhz: float) -> float:
    return bits * mhz / cycles


def _core_fmax() -> float | None:
    from mccp.synth.flow import load_results

    unit = load_results().get("units", {}).get("core", {})
    return ((unit.get("grades") or {}).get("8") or {}).get("fmax_mhz")


def core_section(core: dict) -> list[str]:
    fmax = _core_fmax()
    out = ["## The programmable core", "",
           f"Standard firmware (`firmware/mccp.s`) on the RTL core ({core['simulator']}). Cycles from the "
           "task start to the result; every output checked against `cryptography`. Cycles per block = "
           "(cycles(2 KB) − cycles(1 KB)) / 64; fixed cost = cycles(2 KB) − 128 × cycles per block. "
           "Regenerate: `make bench`.", ""]
    rows = []
    for mode, per_key in core["modes"].items():
        for bits, r in per_key.items():
            c = r["cycles"]
            mbps = _mbps(2048 * 8, c["2048"], fmax) if fmax else None
            rows.append([mode, f"AES-{bits}", f"{r['cycles_per_block']:g}", f"{r['fixed_cycles']:g}",
                         c["16"], c["2048"], f"{_mbps(2048 * 8, c['2048'], PAPER_CLOCK_MHZ):.0f}",
                         f"{mbps:.0f}" if mbps else "—"])
    head = ["mode", "key", "cycles / block", "fixed cycles", "1-block packet", "2 KB packet",
            f"Mbps 2 KB @ {PAPER_CLOCK_MHZ} MHz", "Mbps 2 KB @ core Fmax (speed 8)"]
    out += md_table(head, rows)
    out += ["", "### Against the paper", "",
            f"The paper's cores (8-bit controller + AES unit, Virtex-4) against ours, AES-128; Mbps at "
            f"the paper's {PAPER_CLOCK_MHZ} MHz for both, so the comparison is per clock.", ""]
    rows = []
    for mode in ("gcm", "ctr", "cbc-mac", "ccm"):
        r = core["modes"][mode]["128"]
        paper_fixed = PAPER_FIXED.get(mode)
        rows.append([mode, PAPER_LOOP[mode], f"{r['cycles_per_block']:g}",
                     f"{PAPER_LOOP[mode] / r['cycles_per_block']:.1f}×",
                     paper_fixed or "—", f"{r['fixed_cycles']:g}",
                     f"{paper_fixed / r['fixed_cycles']:.1f}×" if paper_fixed else "—"])
    out += md_table(["mode", "paper cycles / block", "ours", "ratio", "paper fixed cycles", "ours", "ratio"], rows)
    out += ["", "Table 2 of the paper (Mbps at 190 MHz, 2 KB packets, one core per packet) and ours:", ""]
    rows = []
    for mode, keys in PAPER_TABLE2.items():
        for bits, (theory, measured) in keys.items():
            c = core["modes"][mode][bits]["cycles"]["2048"]
            ours = _mbps(2048 * 8, c, PAPER_CLOCK_MHZ)
            rows.append([mode, f"AES-{bits}", theory, measured, f"{ours:.0f}", f"{ours / measured:.1f}×"])
    out += md_table(["mode", "key", "paper theoretical", "paper 2 KB", "ours 2 KB", "ratio"], rows)
    return out


def readme_rows(core: dict) -> list[str]:
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
    own = f"Mbps 2 KB @ {fmax:g} MHz (core Fmax, speed 8)" if fmax else "Mbps 2 KB @ core Fmax (not synthesized)"
    return md_table(["mode (AES-128, one core)", "cycles / block", "fixed cycles", own,
                     f"Mbps 2 KB @ {PAPER_CLOCK_MHZ} MHz (the paper's clock)"], rows)

