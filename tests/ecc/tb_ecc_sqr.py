"""cocotb bench for rtl/ecc/mccp_ecc_sqr.sv (combinational add-then-square in GF(2^m)).

Reference: galois_ref (the `galois` package), y = (a + b)^2 mod f.  Every supported field
of each instance gets the edge operands (0, 1, all ones below x^m, x^(m-1)) as a with b = 0
(a plain square) and as every (a, b) pair, then random pairs, random a with b = 0 and
b = a (y = 0); a field index the build lacks is checked to compute as field 0.  The bits
of y_o at and above m must be zero.

The top holds one instance per MaxM (tests/fabric/multitop.py).  Knobs: MULTI_INSTANCES
(set by the pytest wrapper), ECC_SQR_RANDOM (random pairs per field), ECC_SQR_SEED.
"""

from __future__ import annotations

import os
import random

import cocotb
from cocotb.triggers import Timer

from mccp.ref import ec_galois as galois_ref
from multitop import Prefixed, instances_from_env

INSTANCES = instances_from_env()
N_RANDOM = int(os.environ.get("ECC_SQR_RANDOM", "40"))
SEED = int(os.environ.get("ECC_SQR_SEED", "1"))


def cases(rng: random.Random, max_m: int) -> list[tuple[int, int, int, int]]:
    """(field driven, field computed, a, b)."""
    out = []
    fields = galois_ref.supported(max_m)
    for f in fields:
        edges = galois_ref.edge_operands(f)
        out += [(f, f, a, 0) for a in edges]
        out += [(f, f, a, b) for a in edges for b in edges]
        for _ in range(N_RANDOM):
            a, b = galois_ref.random_element(rng, f), galois_ref.random_element(rng, f)
            out += [(f, f, a, b), (f, f, a, 0), (f, f, a, a)]
    for f in [i for i in range(4) if i not in fields]:
        out += [(f, 0, galois_ref.random_element(rng, 0), galois_ref.random_element(rng, 0)) for _ in range(4)]
    return out


@cocotb.test()
async def test_add_square(dut):
    rng = random.Random(SEED)
    for prefix, params in INSTANCES:
        d = Prefixed(dut, prefix)
        todo = cases(rng, params["MaxM"])
        for field, ref_field, a, b in todo:
            d.field_i.value = field
            d.a_i.value = a
            d.b_i.value = b
            await Timer(1, unit="ns")
            y = int(d.y_o.value)
            m = galois_ref.field_m(ref_field)
            exp = galois_ref.add_sqr(ref_field, a, b)
            where = f"{prefix} field {field} a={a:#x} b={b:#x}"
            assert y >> m == 0, f"{where}: y_o has bits at or above x^{m}: {y:#x}"
            assert y == exp, f"{where}: y_o {y:#x}, expected {exp:#x}"
        dut._log.info(f"{prefix}: MaxM {params['MaxM']}: {len(todo)} operand pairs")
