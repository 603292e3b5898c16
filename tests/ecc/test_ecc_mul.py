"""pytest wrappers: the cocotb bench tb_ecc_mul on mccp_ecc_mul, one build holding every
(MaxM, Digit, Karatsuba) of a list (tests/fabric/multitop.py): INSTANCES in the test suite,
LONG_INSTANCES (more digit sizes, more random operands) in `make test-long`."""

from __future__ import annotations

import pytest

from mccp import paths
from mccp.eda import sim
from mccp.eda.filelist import sources

from fabric.multitop import instances_env, multi_top

SOURCES = sources("ecc")
[MUL] = [f for f in SOURCES if f.stem == "mccp_ecc_mul"]


def inst(max_m: int, digit: int, karatsuba: int = 0) -> tuple[str, dict]:
    return (f"m{max_m}d{digit}{'k' if karatsuba else 's'}_",
            {"MaxM": max_m, "Digit": digit, "Karatsuba": karatsuba})


# Digits dividing m and not, the full multiplier (D = MaxM), a 233 build whose field-1
# steps need the second fold (D > 159) while field 0 takes one step, and the Karatsuba
# partial product both in chunks (D < MaxM) and whole (D = MaxM).
INSTANCES = [
    inst(163, 7), inst(163, 163),
    inst(163, 41, 1),
    inst(233, 200, 1),
    inst(283, 71), inst(283, 283, 1),
]

# Bit-serial (D = 1); the digit sizes of the area table; field 1 just below and at the
# second fold (D = 159, 160) and whole; field 2 just below and at it in a serial build
# (D = 271, 272: fields 0 and 1 in one step, field 2 in two).
LONG_INSTANCES = [
    inst(163, 16), inst(163, 41), inst(163, 163, 1), inst(283, 16), inst(283, 283), inst(283, 71, 1),
    inst(163, 1), inst(163, 28, 1), inst(163, 82), inst(163, 82, 1),
    inst(233, 16), inst(233, 159), inst(233, 160), inst(233, 233), inst(233, 233, 1),
    inst(283, 1), inst(283, 32, 1), inst(283, 142), inst(283, 142, 1), inst(283, 271), inst(283, 272),
]


def run(instances, top: str, extra: dict[str, str]) -> None:
    top, wrapper = multi_top("mccp_ecc_mul", MUL, instances, paths.BUILD / "sim" / "tops", top=top)
    sim.run(
        toplevel=top,
        test_module="tb_ecc_mul",
        sources=[*SOURCES, wrapper],
        module_dirs=[paths.TESTS / "ecc", paths.TESTS / "fabric"],
        extra_env={"MULTI_INSTANCES": instances_env(instances), **extra},
    )


def test_ecc_mul():
    run(INSTANCES, "tb_mccp_ecc_mul_multi", {})


@pytest.mark.long
def test_ecc_mul_long():
    run(LONG_INSTANCES, "tb_mccp_ecc_mul_long", {"ECC_MUL_RANDOM": "80", "ECC_MUL_SEED": "2"})
