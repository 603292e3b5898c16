"""Shared fixtures of the device tests: one simulated device per test module.

The model is built once (cached under build/device/) and loaded per module;
every test module starts from a freshly reset device.
"""

import random

import pytest

from mccp import Device

KEYS = {16: bytes(range(0x10, 0x20)), 24: bytes(range(0x40, 0x58)), 32: bytes(range(0x80, 0xA0))}


@pytest.fixture(scope="module")
def dev():
    """A 2-core device (default parameters for 2 cores)."""
    with Device(cores=2) as d:
        yield d


@pytest.fixture
def rng(request):
    return random.Random(request.node.name)
