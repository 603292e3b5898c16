"""pytest wrapper: the cocotb bench tb_ecc_mul on mccp_ecc_mul, one build holding every
(MaxM, Digit, Karatsuba) of INSTANCES (tests/fabric/multitop.py)."""

from __future__ import annotations

from mccp import paths
from mccp.eda import sim
from mccp.eda.filelist import sources

from fabric.multitop import instances_env, multi_top

SOURCES = sources("ecc")
[MUL] = [f for f in SOURCES if f.stem == "mccp_ecc_mul"]


def inst(max_m: int, digit: int, karatsuba: int = 0) -> tuple[str, dict]:
    return (f"m{max_m}d{digit}{'k' if karatsuba else 's'}_",
            {"MaxM": max_m, "Digit": digit, "Karatsuba": karatsuba})


# D = 1 .. MaxM: digits dividing m and not, the full multiplier (D = MaxM), a 233 build
# whose field-1 steps need the second fold (D > 159) while field 0 takes one step, and the
# Karatsuba partial product both as chunks (D < MaxM) and whole (D = MaxM).
INSTANCES = [
    inst(163, 7), inst(163, 16), inst(163, 41), inst(163, 163),
    inst(163, 41, 1), inst(163, 163, 1),
    inst(233, 200, 1),
    inst(283, 16), inst(283, 71), inst(283, 283),
    inst(283, 71, 1), inst(283, 283, 1),
]


def test_ecc_mul():
    top, wrapper = multi_top("mccp_ecc_mul", MUL, INSTANCES, paths.BUILD / "sim" / "tops")
    sim.run(
        toplevel=top,
        test_module="tb_ecc_mul",
        sources=[*SOURCES, wrapper],
        module_dirs=[paths.TESTS / "ecc", paths.TESTS / "fabric"],
        extra_env={"MULTI_INSTANCES": instances_env(INSTANCES)},
    )
