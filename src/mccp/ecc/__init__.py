"""The elliptic-curve kind: scalar multiplication on the NIST binary curves K/B-163, K/B-233 and
K/B-283.  `curves` is the single source of the curves' parameters; `gen` writes the RTL package
and docs table from it."""
