"""The MCCP device: a Verilator model of `mccp_top` with a C++ harness, and its Python API."""
