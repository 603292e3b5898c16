"""The named build configurations of the EC unit: one place for the tests, the benchmark and
the docs.

Each is the RTL parameters of `mccp_ecc_pu` / `mccp_ecc_cluster` that change cycles or
results: `MaxM` (the largest field), `Digit` (the multiplier's digit: ceil(m/Digit) cycles a
product), `DualIssue` (an fmul and its neighbour in one cycle, docs/ecc.md) and the instruction
buffer's `Lines` x `LineWords`.  `Karatsuba` changes the
multiplier's structure only, never its cycles, so it is not part of a configuration here.
"""

from __future__ import annotations

from mccp.iss.ecc import Config

LINES, LINE_WORDS = 8, 4          # the RTL's default instruction buffer

CONFIGS: dict[str, dict[str, int]] = {
    "compact163": {"MaxM": 163, "Digit": 41, "DualIssue": 0, "Lines": LINES, "LineWords": LINE_WORDS},
    "m163-d28": {"MaxM": 163, "Digit": 28, "DualIssue": 0, "Lines": LINES, "LineWords": LINE_WORDS},
    "fast163": {"MaxM": 163, "Digit": 163, "DualIssue": 1, "Lines": LINES, "LineWords": LINE_WORDS},
    "m283-d71": {"MaxM": 283, "Digit": 71, "DualIssue": 0, "Lines": LINES, "LineWords": LINE_WORDS},
    "m283-d283": {"MaxM": 283, "Digit": 283, "DualIssue": 1, "Lines": LINES, "LineWords": LINE_WORDS},
    "fast283": {"MaxM": 283, "Digit": 163, "DualIssue": 1, "Lines": LINES, "LineWords": LINE_WORDS},
}


def iss_config(params: dict[str, int]) -> Config:
    """The ISS configuration of a set of RTL parameters (a CONFIGS value)."""
    return Config(max_m=params["MaxM"], digit=params["Digit"], lines=params["Lines"],
                  line_words=params["LineWords"], dual_issue=bool(params["DualIssue"]))
