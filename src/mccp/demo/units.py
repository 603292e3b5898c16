"""`mccp demo --units`: the engines and the programmable core end to end.

1. The AES engine and the GHASH unit on the RTL: cycles per block measured
   (the same benchmark as `make bench`, results checked against cryptography).
2. The programmable core running the standard firmware: random packets of
   every mode in both directions, corrupted tags, every answer checked against
   `cryptography`.
3. The synthesized figures from the latest `make synth` report.

Simulation output goes to build/demo/*.log; the terminal gets the summary.
"""

from __future__ import annotations

import json
import time

from mccp import paths
from mccp.eda import sim
from mccp.bench import engines as bench
from mccp.report import synthesis as report
from mccp.synth.results import load as load_synth
from mccp.eda.filelist import sources_in_dirs


def _progress(step: int, total: int, text: str) -> None:
    print(f"[{step}/{total}] {text}", flush=True)


def main(seed: int = 1, blocks: int = 256, packets: int = 12) -> int:
    logdir = paths.BUILD / "demo"
    logdir.mkdir(parents=True, exist_ok=True)
    t0 = time.time()
    _progress(1, 3, "AES engine and GHASH unit on the RTL (Verilator builds on first use) ...")
    eng = bench.bench_engines(blocks=blocks, log_dir=logdir)
    print("      AES engine, cycles per block back to back (encrypt / decrypt), key expansion once per key:")
    for bits, e in eng["aes"]["aes_encdec"]["key_sizes"].items():
        print(f"        AES-{bits}: {e['encrypt']['cycles_per_block']:g} / {e['decrypt']['cycles_per_block']:g}"
              f"   (key expansion {e['key_expansion_cycles']} cycles)")
    print("      GHASH cycles per block: " + ", ".join(
        f"{d}-bit digits {g['cycles_per_block']:g}" for d, g in eng["ghash"].items()))

    _progress(2, 3, f"programmable core: NIST vectors, then {packets} random packets per mode "
                    "(both directions, bad tags) ...")
    out = logdir / "core.jsonl"
    out.unlink(missing_ok=True)
    sim.run("mccp_core", "mccp.tb.demo_units", sources=sources_in_dirs("aes", "core"),
            extra_env={"MCCP_DEMO_OUT": str(out), "MCCP_DEMO_PACKETS": str(packets), "MCCP_DEMO_SEED": str(seed)},
            log_file=logdir / "core.log")
    total_packets = 0
    records = [json.loads(line) for line in out.read_text().splitlines()]
    print("      NIST CAVP vectors (cryptography-vectors), a sample of every file section:")
    for s in (r for r in records if "cavp" in r):
        print(f"        {s['cavp']:8} {s['vectors']:4} vectors from {s['files']:2} files: all correct")
    print(f"      {'mode':8} {'packets':>8} {'bytes':>9} {'cycles':>9} {'bytes/cycle':>12} {'bad tags caught':>16}")
    for s in (r for r in records if "mode" in r):
        total_packets += s["packets"]
        rate = s["bytes"] / s["cycles"] if s["cycles"] else 0.0
        caught = str(s["auth_fail_caught"]) if s["mode"] in ("gcm", "ccm", "gmac", "cmac", "cbc-mac") else "—"
        print(f"      {s['mode']:8} {s['packets']:>8} {s['bytes']:>9} {s['cycles']:>9} {rate:>12.2f} {caught:>16}")
    print(f"      {total_packets} packets, every output checked against cryptography: all correct")

    _progress(3, 3, "synthesis (results/synth.json from the latest `make synth`):")
    synth = load_synth()
    if synth.units:
        print("\n".join("      " + line for line in report.render_readme(synth).splitlines()))
    else:
        print("      no synthesis report yet: run `make synth`")
    print(f"demo finished in {time.time() - t0:.0f} s; logs in {logdir.relative_to(paths.ROOT)}/")
    return 0
