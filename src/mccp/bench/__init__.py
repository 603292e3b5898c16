"""`mccp bench`: cycle-count benchmarks on the RTL, written to results/*.json.

Each benchmark runs the RTL on Verilator (a cocotb module of mccp.tb, or the device API over
the Verilator model of mccp_top); it measures simulated clocks and checks every result against
an independent reference before reporting it.  `mccp docs` (mccp.report) turns the JSON into
docs/performance.md and the README table.
"""

BENCHES = ("engines", "core", "fabric", "ccm")
