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
