"""pytest wrapper: the EC processing unit in lock-step with the ISS
(tests/ecc/tb_ecc_pu.py), and the ISS's answers against the galois reference.

Every task the bench runs is first run on the ISS here and its status and
output checked against mccp.ref.ec_galois, so a bench that passes means RTL ==
ISS == reference.  The tasks take every entry of the firmware and every path
of its routines (routine_tasks), on a dual-issue unit (fast283) and a
single-issue one (compact163).
"""

from __future__ import annotations

import json
import random

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
from mccp.iss.ecc import Config, EcUnit, element_words

from sweeps import sweep

FIRMWARE = paths.ROOT / "firmware" / "ecc" / "ec.s"


def elements(*values: int, m: int) -> list[int]:
    w = element_words(m)
    return [(v >> (128 * i)) & ((1 << 128) - 1) for v in values for i in reversed(range(w))]


def values(out: list[tuple[int, int]], m: int) -> list[int]:
    w = element_words(m)
    got = []
    for j in range(0, len(out), w):
        v = 0
        for d, _ in out[j:j + w]:
            v = (v << 128) | d
        got.append(v)
    return got


def mul_tasks(rng: random.Random, per_curve: int, max_m: int) -> list[dict]:
    """k*G and k*P on every curve the unit supports, edge scalars first."""
    tasks = []
    for c in curves.CURVES:
        if c.m > max_m:
            continue
        ref = RefCurve.of(c)
        g = ref.point(c.gx, c.gy)
        ks = [1, 2, c.n - 1][:per_curve] + [rng.randrange(1, c.n) for _ in range(max(0, per_curve - 3))]
        for k in ks:
            tasks.append(_task("ec_mulg", c, [k], ref.ints(ref.mul(k, g))))
        k, j = rng.randrange(1, c.n), rng.randrange(1, c.n)
        p = ref.mul(j, g)
        tasks.append(_task("ec_mul", c, [k, *ref.ints(p)], ref.ints(ref.mul(k, p))))
    return tasks


def _task(entry: str, c: curves.Curve, inputs: list[int], want, status: str = "OK", **extra) -> dict:
    """A task of the lock-step bench and what the reference says of it (output elements, status)."""
    return {"entry": entry, "curve": c.id, "words": elements(*inputs, m=c.m),
            "want": list(want) if want else [], "status": status, **extra}


def routine_tasks(rng: random.Random, max_m: int) -> list[dict]:
    """Every entry of firmware/ecc/ec.s and every path of its routines, on the curves the unit
    supports: k*G (edge scalars 1, 2, n-1), k*P, d*G from a key-store scalar, ECDH and P + Q on
    each (both ladders, every inversion chain); on the first and last curve also P + P, P + (-P),
    O + Q, P + O, a full validation, and the error statuses (scalars 0, n and >= 2^m, points off
    the curve, of order 2 or with a coordinate >= 2^m, a packet cut short or too long)."""
    tasks = mul_tasks(rng, 3, max_m)
    mine = [c for c in curves.CURVES if c.m <= max_m]
    for c in mine:
        ref = RefCurve.of(c)
        g = ref.point(c.gx, c.gy)
        p, q = ref.mul(rng.randrange(2, c.n - 1), g), ref.mul(rng.randrange(2, c.n - 1), g)
        d = rng.randrange(1, c.n)
        tasks.append(_task("ec_public", c, [], ref.ints(ref.mul(d, g)), key=d))
        tasks.append(_task("ec_add", c, [*ref.ints(p), *ref.ints(q)], ref.ints(ref.add(p, q))))
        # ECC CDH with the cofactor: x of (h d) Q (the cofactor doubled into Q first)
        tasks.append(_task("ecdh", c, list(ref.ints(q)), (ref.ints(ref.mul(c.h * d % c.n, q))[0],), key=d))
    for c in (mine[0], mine[-1]):
        ref = RefCurve.of(c)
        g = ref.point(c.gx, c.gy)
        p, q = ref.mul(rng.randrange(2, c.n - 1), g), ref.mul(rng.randrange(2, c.n - 1), g)
        pi, qi = ref.ints(p), ref.ints(q)
        off = (pi[0], pi[1] ^ 1)
        big = 1 << c.m
        tasks += [
            _task("ec_add", c, [*pi, *pi], ref.ints(ref.add(p, p))),
            _task("ec_add", c, [*pi, *ref.ints(ref.neg(p))], (0, 0)),
            _task("ec_add", c, [0, 0, *qi], qi),
            _task("ec_add", c, [*pi, 0, 0], pi),
            _task("ec_add", c, [*off, *qi], None, "INVALID_POINT"),
            _task("ec_validate", c, list(pi), None),
            _task("ec_validate", c, list(off), None, "INVALID_POINT"),
            _task("ec_validate", c, [0, c.sqrt_b], None, "INVALID_POINT"),
            _task("ec_validate", c, [pi[0] | big, pi[1]], None, "INVALID_POINT"),
            _task("ec_mul", c, [0, *pi], None, "BAD_SCALAR"),
            _task("ec_mul", c, [c.n, *pi], None, "BAD_SCALAR"),
            _task("ec_mul", c, [5, *off], None, "INVALID_POINT"),
            _task("ec_mulg", c, [big | 5], None, "BAD_SCALAR"),
            _task("ec_public", c, [], None, "BAD_SCALAR", key=0),
            _task("ecdh", c, list(off), None, "INVALID_POINT", key=5),
            _task("ecdh", c, [0, c.sqrt_b], None, "INVALID_POINT", key=5),
            _task("ecdh", c, list(qi), None, "BAD_SCALAR", key=0),
            # after an ECDH (its shared secret in f4), a task of other microcode that writes out
            # every register it has not written sees zeros
            _task("ecdh", c, list(qi), (ref.ints(ref.mul(c.h * 7 % c.n, q))[0],), key=7),
            _task("peek", c, [], (0,) * 16, firmware="firmware/peek.s"),
            _task("ec_mul", c, [5, pi[0]], None, "TRUNCATED"),
            _task("ec_mulg", c, [5, 5], None, "LENGTH"),
        ]
    return tasks


def check_on_iss(tasks: list[dict], cfg: Config) -> None:
    """Each task's status and output on the ISS are the reference's."""
    isa = load("ecc")
    prog = assemble_file(FIRMWARE, isa=isa)
    unit = EcUnit(prog.words, cfg)
    for spec in tasks:
        c = curves.CURVES[spec["curve"]]
        p = assemble_file(paths.TESTS / "ecc" / spec["firmware"], isa=isa) if spec.get("firmware") else prog
        if unit.mcode != p.words:
            unit.load(p.words)
        res = unit.run(Task(p.entries[spec["entry"]], (c.id, 0, 0, 0),
                            [Word(w, i == len(spec["words"]) - 1) for i, w in enumerate(spec["words"])]),
                       spec.get("key", 0))
        what = (c.name, spec["entry"], spec["status"])
        assert res.status == isa.status(spec["status"]), what
        assert values(res.output, c.m) == spec["want"], what


# of mccp.ecc.configs.CONFIGS: every field (make test-long), and the smallest unit
LOCKSTEP = ("fast283", "compact163")


@pytest.mark.parametrize("name", sweep([(n,) for n in LOCKSTEP], list(LOCKSTEP), long={"fast283"}))
def test_ecc_pu_lockstep(name):
    params = CONFIGS[name]
    tasks = routine_tasks(random.Random(name), params["MaxM"])
    check_on_iss(tasks, iss_config(params))
    sim.run(
        toplevel="mccp_ecc_cluster",
        test_module="tb_ecc_pu",
        sources=sources("ecc"),
        parameters={"NumUnits": 1, **params},
        module_dirs=[paths.TESTS / "ecc"],
        extra_env={"ECC_CONFIG": json.dumps(params),
                   "ECC_TASKS": json.dumps([{k: v for k, v in t.items() if k not in ("want", "status")}
                                            for t in tasks])},
    )
