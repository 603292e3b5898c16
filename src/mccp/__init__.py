"""MCCP: an open, synthesizable, programmable multi-core crypto-processor and its toolchain."""

__version__ = "0.1.0"
