"""`mccp` command line: one entry point for every flow of the project."""

from __future__ import annotations

import argparse
import sys


def _lint(args: argparse.Namespace) -> int:
    from mccp import lint

    return lint.main()


def _synth(args: argparse.Namespace) -> int:
    from mccp.synth import flow

    return flow.main(units=args.unit, grades=args.speed, jobs=args.jobs)


def _docs(args: argparse.Namespace) -> int:
    from mccp import docs

    return docs.main()


def _bench(args: argparse.Namespace) -> int:
    from mccp import bench

    return bench.main()


def _demo(args: argparse.Namespace) -> int:
    from mccp import demo

    return demo.main(seed=args.seed, blocks=args.blocks)


def _isa(args: argparse.Namespace) -> int:
    from mccp.isa import gen

    return gen.main(check=args.action == "check")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="mccp", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("lint", help="verilator -Wall lint and Yosys read of all RTL")
    p.set_defaults(func=_lint)

    p = sub.add_parser("synth", help="Yosys + nextpnr-ecp5 on the synthesis wrappers; writes results/synth.json")
    p.add_argument("--unit", action="append", help="unit name (repeatable); default: all")
    p.add_argument("--speed", action="append", type=int, help="speed grade (repeatable); default: 6 and 8")
    p.add_argument("--jobs", type=int, default=2, help="parallel place-and-route runs")
    p.set_defaults(func=_synth)

    p = sub.add_parser("bench", help="cycle-count benchmarks; writes results/*.json and docs tables")
    p.set_defaults(func=_bench)

    p = sub.add_parser("docs", help="regenerate docs tables from results/*.json")
    p.set_defaults(func=_docs)

    p = sub.add_parser("demo", help="run the engines end to end and print the figures")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--blocks", type=int, default=2000, help="random blocks per key size")
    p.set_defaults(func=_demo)

    p = sub.add_parser("isa", help="generate (or check) the RTL ISA package and docs/isa.md from insns.yml")
    p.add_argument("action", choices=["gen", "check"])
    p.set_defaults(func=_isa)

    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
