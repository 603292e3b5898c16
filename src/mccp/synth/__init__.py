"""Open synthesis flow: Yosys `synth_ecp5` + nextpnr-ecp5 on the synthesis wrappers.

`flow` runs the tools and writes `results/synth.json`; `report` turns that file
into `docs/synthesis.md` and the README table.
"""
