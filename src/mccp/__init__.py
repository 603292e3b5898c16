"""MCCP: an open, synthesizable, programmable multi-core crypto-processor and its toolchain."""

__version__ = "0.1.0"

# The device API (mccp.device) is imported on first use so `import mccp` stays light.
_DEVICE_NAMES = ("AuthError", "Device", "DeviceError", "InvalidPoint", "Policy")


def __getattr__(name):
    if name in _DEVICE_NAMES:
        from mccp import device

        return getattr(device, name)
    raise AttributeError(f"module 'mccp' has no attribute {name!r}")
