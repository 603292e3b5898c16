"""pytest wrapper: the EC processing unit in lock-step with the ISS
(tests/ecc/tb_ecc_pu.py), and the ISS's answers against the galois reference.

Every task the bench runs is first run on the ISS here and its output checked
against mccp.ref.ec_galois, so a bench that passes means RTL == ISS ==
reference.
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
        ks = [1, 2, c.n - 1][:per_curve] + [rng.randrange(1, c.n) for _ in range(max(0, per_curve - 3))]
        for k in ks:
            tasks.append({"entry": "ec_mulg", "curve": c.id, "words": elements(k, m=c.m), "k": k})
        k, j = rng.randrange(1, c.n), rng.randrange(1, c.n)
        ref = RefCurve.of(c)
        p = ref.ints(ref.mul(j, ref.point(c.gx, c.gy)))
        tasks.append({"entry": "ec_mul", "curve": c.id, "words": elements(k, *p, m=c.m), "k": k, "p": p})
    return tasks


def check_on_iss(tasks: list[dict], cfg: Config) -> None:
    prog = assemble_file(FIRMWARE, isa=load("ecc"))
    unit = EcUnit(prog.words, cfg)
    for spec in tasks:
        c = curves.CURVES[spec["curve"]]
        res = unit.run(Task(prog.entries[spec["entry"]], (c.id, 0, 0, 0),
                            [Word(w, i == len(spec["words"]) - 1) for i, w in enumerate(spec["words"])]))
        ref = RefCurve.of(c)
        base = spec.get("p", (c.gx, c.gy))
        want = ref.ints(ref.mul(spec["k"], ref.point(*base)))
        assert res.status == 0 and values(res.output, c.m) == list(want), (c.name, spec["entry"], hex(spec["k"]))


LOCKSTEP = ("fast283", "compact163")     # of mccp.ecc.configs.CONFIGS: every field, and the smallest unit


@pytest.mark.parametrize("name", LOCKSTEP)
def test_ecc_pu_lockstep(name):
    params = CONFIGS[name]
    tasks = mul_tasks(random.Random(name), 3, params["MaxM"])
    cfg = iss_config(params)
    check_on_iss(tasks, cfg)
    for t in tasks:
        t.pop("k"), t.pop("p", None)
    sim.run(
        toplevel="mccp_ecc_cluster",
        test_module="tb_ecc_pu",
        sources=sources("ecc"),
        parameters={"NumUnits": 1, **params},
        module_dirs=[paths.TESTS / "ecc"],
        extra_env={"ECC_CONFIG": json.dumps(params), "ECC_TASKS": json.dumps(tasks)},
    )
