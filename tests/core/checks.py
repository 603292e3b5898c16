"""Run a Case on a core (ISS or RTL) and check what comes out against the case.

`expect_ok(case, result)` is the one place that decides whether a core's
answer to a NIST or reference case is right, for the ISS tests and the RTL
tests alike.
"""

from __future__ import annotations

from mccp.isa import load
from mccp.modes import MODES, build_task, split_output

STATUS = {s["name"]: s["code"] for s in load().status_codes}


def task_for(entries: dict[str, int], case):
    return build_task(entries, case.mode, case.op, case.data, case.nonce, case.aad, case.tag, case.tag_len)


def check(case, status: int, output: bytes) -> None:
    """Assert the core's status and output bytes for `case`."""
    if case.expect_fail:
        assert status == STATUS["AUTH_FAIL"], f"{case.name}: status {status}, expected AUTH_FAIL"
        assert output == b"", f"{case.name}: a failed tag released {len(output)} bytes"
        return
    assert status == STATUS["OK"], f"{case.name}: status {status}, expected OK"
    data, tag = split_output(case.mode, case.op, output, len(case.data), case.tag_len)
    m = MODES[case.mode]
    if not (m.mac_only and case.op == "verify"):
        assert data == case.expect_data, f"{case.name}: data {data.hex()} != {case.expect_data.hex()}"
    if case.op in ("encrypt", "mac") and (m.aead or m.mac_only):
        assert tag == case.expect_tag, f"{case.name}: tag {tag.hex()} != {case.expect_tag.hex()}"
