"""The transaction-level model (mccp.perf.tlm) against the RTL through the device API.

The expected values are the RTL's own cycle counts (the device's entry / exit
cycles, every answer checked against `cryptography`); the model must land
within 5 % of the total cycles of each scenario.
"""

import pytest

from mccp.perf import validate


def _check(sc):
    r = validate.compare(sc)
    assert abs(r["error"]) <= validate.TOLERANCE, (
        f"{sc.name}: model {r['model_cycles']} cycles vs RTL {r['rtl_cycles']} ({100 * r['error']:+.2f} %)")


@pytest.mark.parametrize("sc", validate.scenarios("short"), ids=lambda s: s.name)
def test_model_matches_rtl(sc):
    _check(sc)


@pytest.mark.long
@pytest.mark.parametrize("sc", validate.scenarios("long"), ids=lambda s: s.name)
def test_model_matches_rtl_long(sc):
    _check(sc)


@pytest.mark.long
def test_table2_cells_model_equals_rtl():
    """A corner of Table 2 measured on the RTL (1 core, GCM and CCM, AES-128 and -256, 64 B and 2 KB)
    and the model fed the same packet sequence: throughput within 5 %, latency within 5 %."""
    from mccp.perf import table2

    run = table2.measure(1, modes=("gcm", "ccm"), keys=(128, 256), sizes=(64, 2048))
    mod = table2.model(run)
    for mode, per in run["modes"].items():
        for bits, sizes in per.items():
            for size, v in sizes.items():
                m = mod[mode][bits][size]
                assert abs(m["bits_per_cycle"] / v["bits_per_cycle"] - 1) <= validate.TOLERANCE, (mode, bits, size)
                assert abs(m["latency"] / v["latency"] - 1) <= validate.TOLERANCE, (mode, bits, size)
