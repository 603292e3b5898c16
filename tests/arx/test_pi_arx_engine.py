"""pytest wrapper: the fixed-function pi-Cipher ARX engines (rtl/arx/mccp_pi_arx.sv), every
build (W 16 / 32 / 64 x Lanes 1 / 2 / 4), against mccp.ref.pi_cipher (tests/arx/tb_pi_arx_engine.py:
random and extreme words, back to back and with stalls).  The nine builds sit in one model
(tests/arx/hdl/tb_pi_arx_builds.sv): one Verilator build, shared by the nine tests and by
`mccp bench pi` (mccp.bench.pi_engines)."""

from __future__ import annotations

import pytest

from mccp.bench.pi_engines import BUILDS, run_build


@pytest.mark.parametrize("w,lanes", BUILDS, ids=[f"pi{w}_lanes{lanes}" for w, lanes in BUILDS])
def test_pi_arx_engine(w: int, lanes: int):
    run_build(w, lanes, operations=300)


def test_tables_compute_equation_1():
    """docs/arx.md's tables (mccp.report.pi_engines) from made-up records: Gbps = 4 w x Fmax /
    cycles, slices = (LUT4 - the wrapper's + 2 per CCU2C) / 2 rounded up, and the element's
    row empty of throughput without its x * y entry in bench_arx.json."""
    from mccp.report.pi_engines import table
    from mccp.synth.results import SynthResults, unit_record

    def unit(name, lut4, ccu2c, mhz):
        return unit_record(name, {"top": "mccp_synth_pi", "figures": {"LUT4": lut4, "CCU2C": ccu2c, "FF": 150},
                                  "wrapper": {"LUT4": 10, "FF": 20},
                                  "grades": {"8": {"fmax_mhz": mhz, "target_mhz": 200.0}}})

    synth = SynthResults(units={"pi16_quad": unit("pi16_quad", 110, 20, 200.0),
                                "arx_pe": unit("arx_pe", 1011, 0, 50.0)})
    pi = {"engines": {"pi16_quad": {"w": 16, "lanes": 4, "operations": 9, "cycles_per_op": 1.0, "latency": 3}}}
    arx = {"element": {"pi16_ast": {"cycles": {}, "block_bytes": 8, "per_block": 8.0, "fixed": 0.0}}}

    def rows(arx_results):
        lines = table(16, pi, arx_results, synth)
        return {r.split("|")[1].strip().removesuffix(" (stale)"): [c.strip() for c in r.split("|")[2:-1]]
                for r in lines[2:]}

    quad, ppe = rows(arx)["quad width (ours, `pi16_quad`)"], rows(arx)["ARX element (ours, `pi16_ast`)"]
    assert quad[1:] == ["1", "200.0", "—", "12.80", "140", "40", "130", "70", "182.86", "229.03"]
    assert ppe[1:] == ["8", "50.0", "—", "0.40", "1,001", "0", "130", "501", "0.80", "1.00"]
    assert rows(arx)["quad width (paper)"][1:4] == ["5.12 (eq. 1)", "347", "—"]
    bare = rows(None)
    assert bare["ARX element (ours, `pi16_ast`)"][1] == "—" and bare["quad width (ours, `pi16_quad`)"][-1] == "—"
