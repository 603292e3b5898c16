"""Performance model of MCCP: per-core costs from the ISS (costs), a transaction-level
model of `mccp_top` (tlm), RTL scenarios for its validation (rtl), the paper's sporadic
task analysis (tasks), Fig. 3 (fig3) and Table 2 (table2)."""
