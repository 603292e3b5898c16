"""`mccp bench`: cycle-count benchmarks on the RTL, written to results/*.json.

Each benchmark runs the RTL on Verilator (a cocotb module of mccp.tb, or the device API over
the Verilator model of mccp_top); it measures simulated clocks and checks every result against
an independent reference before reporting it.  `mccp docs` (mccp.report) turns the JSON into
docs/performance.md, the README table and docs/ecc.md's performance block.  The EC benchmark
(`ecc`) also takes its per-entry cycles from the ISS, which the RTL matches cycle for cycle.
"""

BENCHES = ("engines", "core", "fabric", "ccm", "ecc", "ecc-fabric", "entropy", "arx", "pi", "ugrid")
