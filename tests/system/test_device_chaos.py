"""The chaos soak (tests/system/chaos.py): a short run on the 2-core device in `make test`,
10,000 packets on 1, 2, 4 and 8 cores in `make test-long`."""

import pytest

from chaos import Soak
from mccp import Device


def _report(n, cores):
    print(f"\nchaos soak, {cores} cores: {n.requests} requests + {n.garbage} garbage packets; "
          f"{n.ok} OK, {n.key_error} KEY_ERROR, {n.auth_fail} AUTH_FAIL; {n.rekeys} re-keys, "
          f"{n.zeroizes} zeroizes, {n.enable_toggles} enable toggles, {n.firmware_reloads} firmware "
          f"reloads ({n.firmware_refused} after a refused malformed image), {n.policy_changes} policy changes, {n.stalls} stalls; statuses {n.by_status}")


def test_chaos_short(dev):
    n = Soak(dev, seed=38).run(packets=2000)
    _report(n, dev.cores)
    assert n.ok > 1000 and n.garbage > 150 and n.key_error
    assert n.rekeys + n.zeroizes and n.enable_toggles + n.firmware_reloads + n.policy_changes + n.stalls


@pytest.mark.long
@pytest.mark.parametrize("cores", [1, 2, 4, 8])
def test_chaos_long(cores):
    with Device(cores=cores) as d:
        n = Soak(d, seed=1000 + cores).run(packets=10_000)
    _report(n, cores)
    assert n.ok > 5000 and n.key_error and n.zeroizes and n.firmware_reloads and n.firmware_refused
