"""The micro-core grid kind (paper 001): the macro-instruction compiler (`compiler`, `macros`),
the AES program written in it (`aes`), and `Grid`, a bare grid on the RTL (`api`, over the
Verilator model in `model`).  The grid's control words: mccp.isa.load("ugrid"); its ISS:
mccp.iss.ugrid; its semantics: docs/ugrid.md."""

from mccp.ugrid.api import Grid

__all__ = ["Grid"]
