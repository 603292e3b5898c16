"""The MCCP device: a Verilator model of `mccp_top` driven by a C++ harness, and its Python API.

    mccp.device.api      Device, Channel, Result, AuthError, DeviceError (docs/api.md)
    mccp.device.packets  request validation, input packets, output parsing (pure Python)
    mccp.device.ec_packets  the same for the elliptic-curve functions
    mccp.device.model    ctypes wrapper of the harness (harness.cpp)
    mccp.device.build    cached Verilator build of the harness + RTL
"""

from mccp.device.api import (AuthError, Channel, Device, DeviceError, FirmwareError, Result,
                             default_stream_bits)
from mccp.device.ec_packets import InvalidPoint
from mccp.device.model import BusError, SimTimeout
from mccp.device.packets import Policy

__all__ = ["AuthError", "BusError", "Channel", "Device", "DeviceError", "FirmwareError", "InvalidPoint", "Policy",
           "Result",
           "SimTimeout",
           "default_stream_bits"]
