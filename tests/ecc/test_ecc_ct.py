"""Constant time: k*P (ec_mul, P not the generator) and k*G (ec_mulg) take the same cycles for
every scalar of a curve, on the RTL.

One curve per field the configuration supports, each with the edge scalars 1, 2, n-1, n-2,
a scalar of high Hamming weight (2^(L-1) - 1, L = bitlen(n): L-1 ones), one of low weight
(2^(L-1): a single one, in the ladder's first step) and random ones.  Every group of runs of
one entry and curve starts with a warm-up run of that entry and curve (after a firmware
reload, so from an empty instruction buffer), then runs each scalar; each scalar run thus
starts from the buffer the previous run of the same routine left.  Asserted, on the RTL's
measurements (tests/ecc/tb_ecc_pu.py, which also holds the RTL to the ISS in lock step):
the scalar runs of a group all take the same cycles, from the start handshake to the result;
every output equals mccp.ref.ec_galois's; and the ISS, run on the same sequence, counts
the same cycles as the RTL for every run.
"""

from __future__ import annotations

import json
import random
from collections import defaultdict

import pytest

from mccp.ref.ec_galois import RefCurve
from mccp import paths
from mccp.aes.task import Task, Word
from mccp.asm import assemble_file
from mccp.ecc import curves
from mccp.ecc.configs import CONFIGS, iss_config
from mccp.eda import sim
from mccp.eda.filelist import sources
from mccp.isa import load
from mccp.iss.ecc import EcUnit
from sweeps import sweep
from test_ecc_pu import FIRMWARE, elements, values

# configuration -> curves: both ladders (Koblitz b = 1, generic b), and with m283-d71 one curve
# per field.  compact163 (single issue) and fast283 (dual issue: the Koblitz ladder with two-cycle
# products on K-283, the generic one with one-cycle products on B-163); m283-d71, every field,
# single issue.  make test runs compact163, make test-long all three.
CASES = {"compact163": ("K-163", "B-163"), "fast283": ("K-283", "B-163"), "m283-d71": ("B-163", "K-233", "B-283")}
LONG = ("fast283", "m283-d71")
RANDOM_SCALARS = 2


def scalars(c: curves.Curve, rng: random.Random) -> dict[str, int]:
    top = 1 << (c.n_bits - 1)
    ks = {"1": 1, "2": 2, "n-1": c.n - 1, "n-2": c.n - 2, "high weight": top - 1, "low weight": top}
    for i in range(RANDOM_SCALARS):
        ks[f"random {i}"] = rng.randrange(3, c.n - 2)
    return ks


def expected(ref: RefCurve, k: int, p) -> tuple[int, int]:
    """k*P by the reference (doubling and negation for the edge scalars: cheaper than a ladder)."""
    n = ref.n
    q = {1: p, 2: ref.double(p), n - 1: ref.neg(p), n - 2: ref.neg(ref.double(p))}.get(k)
    return ref.ints(q if q is not None else ref.mul(k, p))


def ct_tasks(rng: random.Random, names: tuple[str, ...]) -> list[dict]:
    tasks = []
    for name in names:
        c = curves.by_name(name)
        ref = RefCurve.of(c)
        g = ref.point(c.gx, c.gy)
        p = ref.mul(rng.randrange(2, c.n - 1), g)
        assert ref.ints(p) != (c.gx, c.gy)
        for entry, base in (("ec_mul", p), ("ec_mulg", g)):
            pin = list(ref.ints(p)) if entry == "ec_mul" else []
            ks = scalars(c, rng)
            warm = rng.randrange(1, c.n)
            for label, k in [("warm-up", warm)] + list(ks.items()):
                tasks.append({"entry": entry, "curve": c.id, "words": elements(k, *pin, m=c.m),
                              "reload": label == "warm-up", "label": label,
                              "want": list(expected(ref, k, base))})
    return tasks


@pytest.mark.parametrize("config", sweep([(n,) for n in CASES], list(CASES), long=LONG))
def test_ecc_constant_time(config, tmp_path):
    params = CONFIGS[config]
    tasks = ct_tasks(random.Random(config), CASES[config])
    out = tmp_path / "rtl.json"
    sim.run(
        toplevel="mccp_ecc_cluster",
        test_module="tb_ecc_pu",
        sources=sources("ecc"),
        parameters={"NumUnits": 1, **params},
        module_dirs=[paths.TESTS / "ecc"],
        extra_env={"ECC_CONFIG": json.dumps(params), "ECC_RESULTS": str(out),
                   "ECC_TASKS": json.dumps([{k: t[k] for k in ("entry", "curve", "words", "reload")}
                                            for t in tasks])},
    )
    rtl = json.loads(out.read_text())
    assert len(rtl) == len(tasks)

    prog = assemble_file(FIRMWARE, isa=load("ecc"))
    iss = EcUnit(prog.words, iss_config(params))
    groups: dict[tuple[str, str], dict[str, int]] = defaultdict(dict)
    for spec, got in zip(tasks, rtl):
        c = curves.CURVES[spec["curve"]]
        what = f"{spec['entry']} {c.name} k={spec['label']}"
        assert got["status"] == 0, f"{what}: status {got['status']}"
        assert values([(w, 16) for w in got["out"]], c.m) == spec["want"], f"{what}: wrong point"
        if spec["reload"]:
            iss.load(prog.words)
        words = spec["words"]
        res = iss.run(Task(prog.entries[spec["entry"]], (c.id, 0, 0, 0),
                           [Word(w, i == len(words) - 1) for i, w in enumerate(words)]))
        assert res.cycles == got["cycles"], f"{what}: ISS {res.cycles} cycles, RTL {got['cycles']}"
        if not spec["reload"]:
            groups[(spec["entry"], c.name)][spec["label"]] = got["cycles"]
    assert len(groups) == 2 * len(CASES[config])
    for (entry, name), cycles in groups.items():
        assert len(set(cycles.values())) == 1, f"{entry} {name}: cycles depend on the scalar: {cycles}"
