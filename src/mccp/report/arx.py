"""docs/arx.md's generated block: the ARX element's figures (results/bench_arx.json,
results/synth.json) beside the fixed-function cores of mccp.ref.arx_anchors."""

from __future__ import annotations

from mccp.bench.results import BenchArx
from mccp.ref.arx_anchors import FIXED_CORES
from mccp.report.markdown import md_table
from mccp.report.synthesis import is_current
from mccp.synth.results import SynthResults

UNIT = "arx_pe"
TOPS = ("top_c1_x1_s32", "top_c2_x1_s64")   # the element in mccp_top beside one and two AES cores
ENTRIES = {"chacha20": "ChaCha20", "chacha20_poly1305_enc": "ChaCha20-Poly1305 encrypt",
           "chacha20_poly1305_dec": "ChaCha20-Poly1305 decrypt", "siphash24": "SipHash-2-4",
           "sha256": "SHA-256", "blake2s": "BLAKE2s", "blake2b": "BLAKE2b",
           "pi16_enc": "pi16-Cipher encrypt (pi image)", "pi16_dec": "pi16-Cipher decrypt",
           "pi32_enc": "pi32-Cipher encrypt", "pi32_dec": "pi32-Cipher decrypt",
           "pi64_enc": "pi64-Cipher encrypt", "pi64_dec": "pi64-Cipher decrypt"}


def _n(x) -> str:
    return f"{x:,.0f}" if isinstance(x, (int, float)) else str(x)


def _gbps(bits: float, cycles: float, mhz: float | None) -> str:
    return f"{bits / cycles * mhz / 1000:.3f}" if mhz else "—"


def section(b: BenchArx | None, synth: SynthResults | None) -> str:
    unit = synth.units.get(UNIT) if synth else None
    mhz = unit.fmax(8) if unit else None
    lut4 = unit.figures.get("LUT4") if unit else None
    out: list[str] = []
    if b:
        where = (f"at `{UNIT}`'s {mhz:.1f} MHz (speed 8{'' if is_current(unit) else ', a stale record'})"
                 if mhz else "(no Fmax on record: `mccp synth --unit arx_pe`)")
        out += [f"Cycles on the element (`mccp bench arx`, results/bench_arx.json: the ISS, equal to the RTL "
                f"cycle for cycle), every output checked against `cryptography` or `hashlib` (SipHash: the reference of "
                f"mccp.ref.siphash; pi-Cipher: mccp.ref.pi_cipher, itself checked against the reference "
                f"implementation's known answers); "
                f"Gbps {where}.", ""]
        rows = []
        for name, title in ENTRIES.items():
            e = b["element"].get(name)
            if e:
                blk = e.get("block_bytes", 64)
                rows.append([title, str(blk), f"{e['per_block']:.1f}", f"{e['per_block'] * 64 / blk:.1f}", _n(e["fixed"]),
                             _gbps(8 * blk, e["per_block"], mhz)])
        rows.append([f"Poly1305 unit alone ({b['poly_cycles']} cycles per 16-byte block)", "16", f"{b['poly_cycles']}",
                     f"{b['poly_cycles'] * 4}", "—", _gbps(512, b["poly_cycles"] * 4, mhz)])
        out += md_table(["function", "block (bytes)", "cycles per block", "cycles per 64 bytes",
                         "fixed cycles (a one-block message less one block)", "Gbps, long messages"], rows)
        out += ["", "ChaCha20-Poly1305 in `mccp_top` through the device API (1 AES core beside), "
                f"{b['fabric'][0]['packet_bytes']}-byte packets queued on one channel per element:", ""]
        rows = [[str(f["elements"]), _n(f["cycles_per_packet"]), _gbps(8 * f["packet_bytes"], f["cycles_per_packet"], mhz),
                 _n(f["latency"])] for f in b["fabric"]]
        out += md_table(["ARX elements", "cycles per packet (steady state)", f"Gbps at {mhz:.1f} MHz" if mhz else "Gbps",
                         "one packet's latency (cycles)"], rows)
    if unit:
        out += ["", "Area and Fmax of one element with its memories, and of `mccp_top` with one beside AES cores "
                f"(`mccp synth --unit {UNIT}" + "".join(f" --unit {t}" for t in TOPS) + "`, results/synth.json, "
                "[synthesis.md](synthesis.md); LUT4 with the wrapper's):", ""]
        rows = []
        for u in [unit] + [synth.units[t] for t in TOPS if t in synth.units]:
            f = u.figures
            u8, u6 = u.fmax(8), u.fmax(6)
            rows.append([f"`{u.name}`" + ("" if is_current(u) else " (stale)"), u.description, _n(f.get("LUT4", 0)),
                         _n(f.get("FF", 0)), _n(f.get("EBR", 0)), _n(f.get("DSP", 0)), _n(f.get("DPR", 0)),
                         f"{u8:.1f}" if u8 else "—", f"{u6:.1f}" if u6 else "—"])
        out += md_table(["unit", "what", "LUT4", "FF", "EBR", "DSP", "LUT RAM (DPR16X4)", "Fmax speed 8 (MHz)",
                         "speed 6"], rows)
    if b and unit and mhz and lut4:
        out += ["", "Beside fixed-function cores on the same flow (figures of `mccp.ref.arx_anchors`, quoted); "
                "Gbps per 1,000 LUT4:", ""]
        rows = []
        for key, name in (("chacha20", "chacha20"), ("blake2s", "blake2s"), ("sha256", "sha256"), ("poly1305", None)):
            core, cyc, blk, c_lut, c_dsp, c_mhz, c_gbps = FIXED_CORES[key]
            if name and name not in b["element"]:
                continue
            if name:
                e = b["element"][name]
                ours = 8 * e.get("block_bytes", 64) / e["per_block"] * mhz / 1000
            else:
                ours = 128 / b["poly_cycles"] * mhz / 1000
            rows.append([key, core, f"{c_gbps:.2f}", f"{c_gbps / c_lut * 1000:.3f}" + (f" ({c_dsp} DSP)" if c_dsp else ""),
                         f"{ours:.3f}", f"{ours / lut4 * 1000:.3f} ({_n(unit.figures.get('DSP', 0))} DSP)",
                         f"{(ours / lut4) / (c_gbps / c_lut) * 100:.0f} %"])
        out += md_table(["algorithm", "fixed core", "its Gbps", "its Gbps / kLUT4", "element Gbps",
                         "element Gbps / kLUT4 (whole element)", "element / core"], rows)
    return "\n".join(out).rstrip() if out else "No results yet: `mccp bench arx`, `mccp synth --unit arx_pe`."
