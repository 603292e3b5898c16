"""The micro-core grid kind (paper 001): the macro-instruction compiler (`compiler`, `macros`)
and the programs written in it.  The grid's control words: mccp.isa.load("ugrid"); its ISS:
mccp.iss.ugrid; its semantics: docs/ugrid.md."""
