"""`mccp` command line: one entry point for every flow of the project."""

from __future__ import annotations

import argparse
import logging
import sys

from mccp.bench import BENCHES
from mccp.synth.units import UNITS, VALID_GRADES


def _positive(kind):
    """argparse type: a number of `kind` above zero."""
    def parse(text: str):
        value = kind(text)
        if value <= 0:
            raise argparse.ArgumentTypeError(f"must be above zero, not {text}")
        return value
    return parse


def _one_of(names):
    """argparse type: one of `names` (`choices` refuses an empty `nargs="*"` list)."""
    def parse(text: str) -> str:
        if text not in names:
            raise argparse.ArgumentTypeError(f"unknown {text!r}; known: {', '.join(names)}")
        return text
    return parse


def _nextpnr_option(text: str) -> str:
    if not text.startswith("-"):
        raise argparse.ArgumentTypeError(
            f"takes one nextpnr option with its value, e.g. --pnr-option=--router=router2; not {text}")
    return text


def _lint(args: argparse.Namespace) -> int:
    from mccp.eda import lint

    return lint.main()


def _synth(args: argparse.Namespace) -> int:
    from mccp.report import docs
    from mccp.synth import breakdown, flow

    if args.breakdown:
        rc = breakdown.main(args.breakdown)
    elif args.refresh:
        rc = flow.refresh(units=args.unit, jobs=args.jobs)
    else:
        both = sorted(set(args.retime) & set(args.speed or ()))
        if both:
            args.parser.error(f"speed grade(s) {both} both placed (--speed) and timed from another "
                              "grade's routing (--retime); choose one")
        rc = flow.main(units=args.unit, grades=args.speed, jobs=args.jobs, seeds=args.seeds,
                       retime_grades=args.retime, pnr_limit_min=args.pnr_limit,
                       pnr_options=args.pnr_option)
    return docs.main() or rc


def _docs(args: argparse.Namespace) -> int:
    from mccp.report import docs

    return docs.main()


def _bench(args: argparse.Namespace) -> int:
    from mccp.bench import main as bench
    from mccp.report import docs

    rc = bench.main(args.which or None)
    return rc or docs.main()


def _model(args: argparse.Namespace) -> int:
    from mccp.perf import main as perf
    from mccp.report import docs

    return perf.main(args.what, workers=args.workers, which=args.set) or docs.main()


def _demo(args: argparse.Namespace) -> int:
    if args.units:
        from mccp.demo import units as demo_units

        return demo_units.main(seed=args.seed, blocks=args.blocks, packets=args.packets or 12)
    from mccp.demo import fabric as demo

    return demo.main(cores=args.cores, channels=args.channels, modes=tuple(args.modes.split(",")),
                     packets=args.packets or 400, seed=args.seed, min_size=args.min_size,
                     max_size=args.max_size, split=args.split)


def _isa(args: argparse.Namespace) -> int:
    from mccp.isa import gen

    return gen.main(check=args.action == "check")


def _ecc(args: argparse.Namespace) -> int:
    from mccp.ecc import gen

    return gen.main(check=args.action == "check")


def _ugrid_source(args: argparse.Namespace) -> int:
    from mccp.ugrid.lang import UgridSourceError, compile_file

    try:
        compiled = compile_file(args.source)
    except UgridSourceError as exc:
        print(exc, file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"{args.source}: cannot read: {exc.strerror or exc}", file=sys.stderr)
        return 2
    prog = compiled.program
    if args.listing:
        print(prog.listing())
    links = f"wrap {compiled.wrap_rows} {compiled.wrap_cols}" if compiled.wrap_rows or compiled.wrap_cols else "mesh"
    span = f", {prog.io_cycles()[0]} from the first input beat to the last output beat" \
        if prog.inputs and prog.outputs else ""
    print(f"{args.source}: {prog.rows} x {prog.cols} grid ({links}): {prog.length} cycles "
          f"({prog.length} of {compiled.imem_depth} control words per core){span}, "
          f"{100 * prog.utilisation():.0f} % of core-cycles busy")
    return 0


def _ugrid(args: argparse.Namespace) -> int:
    from mccp.ugrid import aes

    if args.source:
        return _ugrid_source(args)
    ap = aes.encrypt_program(args.key_bytes, wrap=not args.mesh, rows=args.rows, cols=args.cols)
    prog = ap.program
    if args.listing:
        print(prog.listing())
    print(f"AES-{8 * args.key_bytes} on a {args.rows} x {args.cols} grid ({'mesh' if args.mesh else 'rings'}): "
          f"{ap.blocks} block(s) per run, {prog.io_cycles()[0]} cycles from the first input beat to the last "
          f"output beat, {100 * prog.utilisation():.0f} % of core-cycles busy")
    return 0


def _regs(args: argparse.Namespace) -> int:
    from mccp.regmap import gen

    return gen.main(check=args.action == "check")


def _asm(args: argparse.Namespace) -> int:
    import json
    from pathlib import Path

    from mccp.asm import AsmError, assemble_file
    from mccp.isa import load

    try:
        prog = assemble_file(args.source, isa=load(args.kind))
    except AsmError as exc:
        print(exc, file=sys.stderr)
        return 1
    out = Path(args.output or Path(args.source).with_suffix(".hex"))
    out.write_text(prog.hex_text())
    sym = out.with_suffix(".sym.json")
    sym.write_text(json.dumps({"kind": args.kind, "entries": prog.entries, "symbols": prog.symbols,
                               **({"consts": [f"{c:032x}" for c in prog.consts]} if prog.consts else {})},
                              indent=2) + "\n")
    print(f"{args.source}: {len(prog.words)} words -> {out} (symbols: {sym})")
    return 0


def _disasm(args: argparse.Namespace) -> int:
    import json
    from pathlib import Path

    from mccp.asm import disassemble

    from mccp.isa import load

    words = [int(line, 16) for line in Path(args.image).read_text().split()]
    sym_path = Path(args.image).with_suffix(".sym.json")
    sym = json.loads(sym_path.read_text()) if sym_path.exists() else {}
    kind = args.kind or sym.get("kind", "aes")
    print("\n".join(disassemble(words, sym.get("symbols", {}), isa=load(kind))))
    return 0


def _iss(args: argparse.Namespace) -> int:
    import os

    from mccp.asm import AsmError, assemble_file
    from mccp.iss import Iss
    from mccp.aes.modes import MODES, build_kdf_task, build_task, split_output

    try:
        prog = assemble_file(args.source)
    except AsmError as exc:
        print(exc, file=sys.stderr)
        return 1
    m = MODES[args.mode]
    if args.kdf and (args.mode, args.op or "mac") != ("cmac", "mac"):
        print("--kdf runs on the cmac entry: --mode cmac (op mac)", file=sys.stderr)
        return 1
    op = args.op or ("mac" if m.mac_only else "encrypt")
    key = bytes.fromhex(args.key) if args.key else os.urandom(16)
    data = bytes.fromhex(args.data) if args.data is not None else os.urandom(args.size)
    nonce = bytes.fromhex(args.nonce) if args.nonce is not None else os.urandom(
        12 if args.mode in ("gcm", "gmac", "ccm") else (16 if m.nonce_lens else 0))
    aad = bytes.fromhex(args.aad) if args.aad else b""
    tag = bytes.fromhex(args.tag) if args.tag else b""
    tag_len = args.tag_len if args.tag_len is not None else (16 if m.tag_lens else 0)
    iss = Iss(prog.words, digit_bits=args.digit_bits, out_words=args.out_words)
    iss.load_key(key)
    if args.kdf:
        task, op = build_kdf_task(prog.entries, data, args.kdf), f"kdf n={args.kdf}"
    else:
        task = build_task(prog.entries, args.mode, op, data, nonce, aad, tag, tag_len)
    res = iss.run(task)
    if args.trace:
        for r in res.retired:
            print(r)
    names = {s["code"]: s["name"] for s in iss.isa.status_codes}
    out, tag_out = (res.data, b"") if args.kdf else split_output(args.mode, op, res.data, len(data), tag_len)
    print(f"mode {args.mode} {op}, key {len(key) * 8} bits, {len(data)} bytes: status {names[res.status]}, "
          f"{res.cycles} cycles, {res.instructions} instructions")
    if out:
        print(f"data {out.hex()}")
    if tag_out:
        print(f"tag  {tag_out.hex()}")
    return 0 if res.status == 0 else 2


def _soc_run(args: argparse.Namespace) -> int:
    from mccp.soc import sim, toolchain

    defines = {}
    for d in args.define:
        name, _, value = d.partition("=")
        defines[name] = value or None
    try:
        image = toolchain.compile_program(args.sources, defines=defines, include_dirs=args.include, opt=args.opt)
    except toolchain.CompileError as e:
        print(e, file=sys.stderr)
        return 2
    lib = sim.build_soc({"NumCores": args.cores}, trace="vcd" if args.trace else False, quiet=False)
    try:
        with sim.Soc(lib, image, trace=args.trace) as soc:
            res = soc.run(args.max_cycles)
    except sim.SimTimeout as e:
        sys.stdout.write(e.console)
        print(f"\nsoc: no EXIT within {args.max_cycles} cycles", file=sys.stderr)
        return 3
    sys.stdout.write(res.console)
    print(f"soc: exit code {res.exit_code} (0x{res.exit_code:08x}), {res.cycles} cycles", file=sys.stderr)
    return 0 if res.exit_code == 0 else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="mccp", description=__doc__)
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="also log each tool's command line and where its log goes")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("lint", help="verilator -Wall lint and Yosys read of all RTL")
    p.set_defaults(func=_lint)

    p = sub.add_parser("synth", help="Yosys + nextpnr-ecp5 on the synthesis wrappers; writes results/synth.json")
    p.add_argument("--unit", action="append", choices=list(UNITS), metavar="UNIT",
                   help="unit name (repeatable); default: all but the tops (top_c<cores>_s<bits>)")
    p.add_argument("--speed", action="append", type=int, choices=VALID_GRADES,
                   help="speed grade (repeatable); default: 6 and 8")
    p.add_argument("--jobs", type=_positive(int), default=2, help="parallel place-and-route runs")
    p.add_argument("--seeds", type=_positive(int), default=1,
                   help="place and route each unit with seeds 1..N; the best Fmax is reported, every seed's "
                        "is recorded")
    p.add_argument("--breakdown", action="append", default=[], metavar="UNIT", choices=list(UNITS),
                   help="instead of place and route: synthesize UNIT with its hierarchy kept and write "
                        "where its LUT4 go, module by module (results/synth_breakdown.json, synthesis.md)")
    p.add_argument("--refresh", action="store_true",
                   help="instead of place and route: synthesize the units again and, where the netlist is "
                        "the same as the recorded one, mark the record current for this RTL (an RTL change "
                        "that does not change the logic, such as a package constant the unit does not use)")
    p.add_argument("--retime", action="append", type=int, default=[], choices=VALID_GRADES,
                   help="speed grade (repeatable) not placed again but timed on the routed design of the "
                        "fastest --speed grade (minutes instead of an hour for the large tops)")
    p.add_argument("--pnr-limit", type=_positive(float), metavar="MINUTES",
                   help="stop a place and route after MINUTES and record it as not routed, with how "
                        "far the router got (for the tops that fill the device)")
    p.add_argument("--pnr-option", action="append", default=[], metavar="OPTION", type=_nextpnr_option,
                   help="extra nextpnr-ecp5 option (repeatable; one token, value after '=', e.g. "
                        "--pnr-option=--router=router2), added to the unit's own and recorded per grade")
    p.set_defaults(func=_synth, parser=p)

    p = sub.add_parser("bench", help="cycle-count benchmarks; writes results/*.json and docs tables")
    p.add_argument("which", nargs="*", type=_one_of(BENCHES), metavar="{" + ",".join(BENCHES) + "}",
                   help="benchmarks to run (default: all)")
    p.set_defaults(func=_bench)

    p = sub.add_parser("model", help="performance model: TLM validation, Fig. 3, deadlines, Table 2 -> results, docs")
    p.add_argument("what", choices=["validate", "fig3", "deadlines", "table2", "all"])
    p.add_argument("--workers", type=int, default=2, help="processes for the sweeps")
    p.add_argument("--set", default="all", choices=["short", "long", "all"], help="validate: scenario set")
    p.set_defaults(func=_model)

    p = sub.add_parser("docs", help="regenerate docs tables from results/*.json")
    p.set_defaults(func=_docs)

    p = sub.add_parser("demo", help="the multi-core, multi-channel simulation end to end")
    p.add_argument("--cores", type=int, default=4)
    p.add_argument("--channels", type=int, default=8)
    p.add_argument("--modes", default="gcm,ccm,ctr,cmac", help="comma-separated modes the channels cycle through")
    p.add_argument("--packets", type=int, default=None, help="packets (default 400; with --units: per mode, 12)")
    p.add_argument("--min-size", type=int, default=64)
    p.add_argument("--max-size", type=int, default=2048)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--split", action="store_true", help="run the CCM channels split over core pairs")
    p.add_argument("--units", action="store_true", help="the single-engine / single-core demo instead")
    p.add_argument("--blocks", type=int, default=256, help="--units: back-to-back blocks per engine measurement")
    p.set_defaults(func=_demo)

    p = sub.add_parser("isa", help="generate (or check) the RTL ISA package and docs/isa.md from insns.yml")
    p.add_argument("action", choices=["gen", "check"])
    p.set_defaults(func=_isa)

    p = sub.add_parser("regs", help="generate (or check) the fabric register package, block and docs/registers.md from regs.yml")
    p.add_argument("action", choices=["gen", "check"])
    p.set_defaults(func=_regs)

    p = sub.add_parser("ecc", help="generate (or check) the RTL curve and field package and docs/ecc-curves.md from mccp.ecc.curves")
    p.add_argument("action", choices=["gen", "check"])
    p.set_defaults(func=_ecc)

    p = sub.add_parser("ugrid", help="compile AES (or a macro-language file) for the micro-core grid: cycles, and "
                                     "which core does what in which cycle")
    p.add_argument("--source", metavar="FILE", help="compile this macro-language file (.ugm, docs/ugrid.md) instead "
                                                    "of AES; errors as FILE:LINE: message, exit status 2")
    p.add_argument("--key-bytes", type=int, default=16, choices=[16, 24, 32])
    p.add_argument("--rows", type=int, default=4)
    p.add_argument("--cols", type=int, default=4)
    p.add_argument("--mesh", action="store_true", help="the paper's mesh (default: rings of 4 in each tile)")
    p.add_argument("--listing", action="store_true", help="print every cycle's control word of every core")
    p.set_defaults(func=_ugrid)

    p = sub.add_parser("asm", help="assemble firmware to a hex image (+ .sym.json)")
    p.add_argument("source")
    p.add_argument("-o", "--output")
    p.add_argument("--kind", default="aes", choices=["aes", "ecc", "arx", "ugrid"], help="the core kind's ISA (default aes)")
    p.set_defaults(func=_asm)

    p = sub.add_parser("disasm", help="disassemble a hex image")
    p.add_argument("image")
    p.add_argument("--kind", choices=["aes", "ecc", "arx", "ugrid"], help="the ISA (default: the .sym.json's, else aes)")
    p.set_defaults(func=_disasm)

    p = sub.add_parser("iss", help="run one packet through the firmware on the instruction-set simulator")
    p.add_argument("source", nargs="?", default="firmware/mccp.s")
    p.add_argument("--mode", default="gcm", choices=["ecb", "cbc", "ctr", "cbc-mac", "cmac", "ccm", "gcm", "gmac"])
    p.add_argument("--op", choices=["encrypt", "decrypt", "mac", "verify"])
    p.add_argument("--key", help="hex; default random AES-128")
    p.add_argument("--data", help="hex; default random of --size bytes")
    p.add_argument("--size", type=int, default=64)
    p.add_argument("--nonce", help="hex")
    p.add_argument("--aad", help="hex")
    p.add_argument("--tag", help="hex (decrypt / verify)")
    p.add_argument("--tag-len", type=int)
    p.add_argument("--kdf", type=int, choices=[1, 2], metavar="N",
                   help="with --mode cmac: the counter-mode KDF, data = its fixed input F, output "
                        "CMAC([i]_32 || F) for i = 1..N")
    p.add_argument("--digit-bits", type=int, default=32)
    p.add_argument("--out-words", type=int, default=130)
    p.add_argument("--trace", action="store_true", help="print the retire trace")
    p.set_defaults(func=_iss)

    p = sub.add_parser("soc", help="the RISC-V SoC (docs/soc.md): compile a C program for it and run it in Verilator")
    soc_sub = p.add_subparsers(dest="soc_command", required=True)
    q = soc_sub.add_parser("run", help="compile C / assembly sources (with sw/soc's crt0 and runtime) and run "
                                       "them to EXIT: the console on stdout, exit code and cycles on stderr; "
                                       "status 0 for exit code 0, 1 otherwise, 2 compile error, 3 cycle limit")
    q.add_argument("sources", nargs="+", metavar="SOURCE")
    q.add_argument("-D", dest="define", action="append", default=[], metavar="NAME[=VALUE]", help="a C macro")
    q.add_argument("-I", dest="include", action="append", default=[], metavar="DIR", help="an include directory")
    q.add_argument("-O", dest="opt", default="-O2", type=lambda t: t if t.startswith("-O") else f"-O{t}",
                   help="optimisation level (default 2)")
    q.add_argument("--max-cycles", type=_positive(int), default=50_000_000)
    q.add_argument("--cores", type=_positive(int), default=2, help="mccp_top's AES cores (NumCores)")
    q.add_argument("--trace", metavar="FILE.vcd", help="write a VCD waveform (a model built with --trace)")
    q.set_defaults(func=_soc_run)

    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO, format="%(message)s",
                        stream=sys.stdout, force=True)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
