"""The EC benchmark (`mccp bench ecc`, results/bench_ecc.json).

`cycles`: the ISS's cycles (equal to the RTL's for a unit alone on its microcode port: docs/ecc.md,
held by tests/ecc) of each task entry on each curve, for every named configuration of
mccp.ecc.configs: from an empty instruction buffer (cold: the firmware just loaded) and with
the buffer the same task left (warm: the task run twice).  Also the line fetches from the shared
memory and the instructions issued.  The scalar multiplications take the same cycles for every
scalar (tests/ecc/test_ecc_ct.py); the point addition is the general case P + Q, P != +-Q,
both finite (its other cases take other paths); the validation is of a valid point.

`table1`: paper 002's Table I on the RTL.  mccp_ecc_cluster with N = 1..6 units on one
microcode memory (Verilator, mccp.tb.bench_ecc_cluster), all starting k*G on K-163 in the same
cycle, first from empty buffers (cold), then again (warm); each unit's cycles from its start
to its result.  Efficiency, the paper's equation (2): E = n_EC T_EC / (n_PU T), with n_PU = N
units, n_EC = N operations done in the interval T from the common start to the last result,
and T_EC the cycles of one unit alone (the ISS's, which the N = 1 run must equal): E =
T_EC / T.

Every output is checked against mccp.ref.ec_galois (textbook arithmetic on the `galois`
package, independent of the ISS and the RTL) before a figure is kept.
"""

from __future__ import annotations

import json
import logging
import random
from pathlib import Path

from mccp import paths
from mccp.aes.task import Task, Word
from mccp.asm import assemble_file
from mccp.bench.run import run_bench
from mccp.ecc import curves
from mccp.ecc.configs import CONFIGS, iss_config
from mccp.eda.filelist import sources
from mccp.isa import load
from mccp.ref import ec_galois
from mccp.iss.ecc import Config, EcUnit, element_words

logger = logging.getLogger(__name__)

FIRMWARE = paths.ROOT / "firmware" / "ecc" / "ec.s"
ENTRIES = ("ec_mul", "ec_mulg", "ec_add", "ec_validate")
TABLE1_CONFIGS = ("compact163", "fast283")
TABLE1_CURVE = "K-163"
TABLE1_ENTRY = "ec_mulg"
TABLE1_UNITS = tuple(range(1, 7))
ROUNDS = ("cold", "warm")


def _words(*values: int, m: int) -> list[int]:
    """Field elements or scalars as packet words: W words each, most significant first."""
    w = element_words(m)
    return [(v >> (128 * i)) & ((1 << 128) - 1) for v in values for i in reversed(range(w))]


def _task(prog, entry: str, curve: curves.Curve, words: list[int]) -> Task:
    return Task(prog.entries[entry], (curve.id, 0, 0, 0), [Word(w, i == len(words) - 1) for i, w in enumerate(words)])


def cases(curve: curves.Curve, rng: random.Random) -> dict[str, tuple[list[int], list[int]]]:
    """entry -> (input words, the reference's output words) on this curve."""
    ref_mod = ec_galois
    ref = ref_mod.RefCurve.of(curve)
    g = ref.point(curve.gx, curve.gy)
    p, q = ref.mul(rng.randrange(2, curve.n - 1), g), ref.mul(rng.randrange(2, curve.n - 1), g)
    pi, qi = ref.ints(p), ref.ints(q)
    assert pi[0] != qi[0] and pi != (curve.gx, curve.gy), "draw again: the general case is wanted"
    assert ref.validate_public_key(*pi)[0]
    k = rng.randrange(1, curve.n)
    m = curve.m
    return {
        "ec_mul": (_words(k, *pi, m=m), _words(*ref.ints(ref.mul(k, p)), m=m)),
        "ec_mulg": (_words(k, m=m), _words(*ref.ints(ref.mul(k, g)), m=m)),
        "ec_add": (_words(*pi, *qi, m=m), _words(*ref.ints(ref.add(p, q)), m=m)),
        "ec_validate": (_words(*pi, m=m), []),
    }


def entry_cycles(prog, cfg: Config, curve: curves.Curve, entry: str, words: list[int], want: list[int]) -> dict:
    """One entry on a fresh unit (cold), then the same task again (warm)."""
    unit = EcUnit(prog.words, cfg)
    out = {}
    for kind in ROUNDS:
        before = unit.fetches
        res = unit.run(_task(prog, entry, curve, words))
        what = f"{entry} {curve.name} ({cfg})"
        assert res.status == 0, f"{what}: status {res.status}"
        assert [d for d, _ in res.output] == want, f"{what}: output differs from the reference"
        out[kind] = res.cycles
        out[f"fetches_{kind}"] = unit.fetches - before
    out["instructions"] = res.instructions
    return out


def iss_cycles(rng: random.Random) -> dict:
    """config -> curve -> entry -> cycles, for every configuration and curve it supports."""
    prog = assemble_file(FIRMWARE, isa=load("ecc"))
    inputs = {c.name: cases(c, rng) for c in curves.CURVES}
    result: dict = {}
    for name, params in CONFIGS.items():
        cfg = iss_config(params)
        result[name] = {c.name: {e: entry_cycles(prog, cfg, c, e, *inputs[c.name][e]) for e in ENTRIES}
                        for c in curves.CURVES if cfg.supports(c)}
        logger.info(f"  {name}: " + ", ".join(f"{c} k*G {v['ec_mulg']['warm']}" for c, v in result[name].items()))
    return result


def efficiency(t_single: int, cycles: list[int]) -> float:
    """Paper 002's equation (2), E = (n_EC T_EC) / (n_PU T), for one operation on each of the
    n_PU units, all started at once: n_EC = n_PU, T = the cycle of the last result."""
    n = len(cycles)
    return n * t_single / (n * max(cycles))


def table1(rng: random.Random, configs=TABLE1_CONFIGS, units=TABLE1_UNITS, log_dir: Path | None = None) -> dict:
    """Paper 002's Table I on mccp_ecc_cluster: N units running k*G at once, cold then warm."""
    curve = curves.by_name(TABLE1_CURVE)
    ref_mod = ec_galois
    ref = ref_mod.RefCurve.of(curve)
    g = ref.point(curve.gx, curve.gy)
    prog = assemble_file(FIRMWARE, isa=load("ecc"))
    rounds = []
    for _ in ROUNDS:
        specs = []
        for _ in range(max(units)):
            k = rng.randrange(1, curve.n)
            specs.append({"entry": TABLE1_ENTRY, "args": [curve.id, 0], "words": _words(k, m=curve.m),
                          "want": _words(*ref.ints(ref.mul(k, g)), m=curve.m)})
        rounds.append(specs)
    out: dict = {"curve": curve.name, "entry": TABLE1_ENTRY, "configs": {}}
    for name in configs:
        params = CONFIGS[name]
        unit = EcUnit(prog.words, iss_config(params))
        single, fetches = {}, {}
        for kind, specs in zip(ROUNDS, rounds):
            before = unit.fetches
            single[kind] = unit.run(_task(prog, TABLE1_ENTRY, curve, specs[0]["words"])).cycles
            fetches[kind] = unit.fetches - before
        per_n: dict = {}
        for n in units:
            logger.info(f"  table1 {name}: {n} unit{'s' if n > 1 else ''} ...")
            log = log_dir / f"ecc_cluster_{name}_n{n}.log" if log_dir else None
            data = run_bench("mccp_ecc_cluster", "mccp.tb.bench_ecc_cluster",
                             {"NumUnits": n, **params, "TraceEnable": 0}, sources("ecc"),
                             {"ECC_ROUNDS": json.dumps([specs[:n] for specs in rounds])}, log)
            per_n[str(n)] = {}
            for kind, r in zip(ROUNDS, data):
                if n == 1:      # alone on the port: the ISS's cycles and line fetches
                    assert r["cycles"] == [single[kind]], f"{name} {kind}: RTL {r['cycles']} != ISS {single[kind]}"
                    assert r["fetches"] == [fetches[kind]], f"{name} {kind}: RTL {r['fetches']} != ISS {fetches[kind]}"
                per_n[str(n)][kind] = {**r, "last": max(r["cycles"]),
                                       "efficiency": efficiency(single[kind], r["cycles"])}
            logger.info(f"    E cold {per_n[str(n)]['cold']['efficiency']:.4f}, "
                        f"warm {per_n[str(n)]['warm']['efficiency']:.4f}")
        out["configs"][name] = {"single": single, "units": per_n}
    return out


def bench_ecc(log_dir: Path | None = None) -> dict:
    rng = random.Random(2)
    return {"configs": dict(CONFIGS), "cycles": iss_cycles(rng), "table1": table1(rng, log_dir=log_dir)}
