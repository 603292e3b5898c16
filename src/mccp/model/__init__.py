"""Python reference models shaped like the hardware (used by the ISS and tests)."""
