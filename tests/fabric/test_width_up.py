"""pytest wrappers: the cocotb bench tb_width_up on mccp_width_up at every StreamBits."""

from __future__ import annotations

import pytest

from mccp import paths, sim

SOURCES = [paths.RTL / "fabric" / "mccp_width_up.sv"]


@pytest.mark.parametrize("bits", [32, 64, 128])
def test_width_up(bits):
    sim.run(
        toplevel="mccp_width_up",
        test_module="tb_width_up",
        sources=SOURCES,
        parameters={"StreamBits": bits},
        module_dirs=[paths.TESTS / "fabric"],
        extra_env={"WIDTH_UP_BITS": str(bits), "WIDTH_UP_PACKETS": "60"},
    )
