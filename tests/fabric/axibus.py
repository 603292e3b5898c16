"""cocotbext-axi bus models on MCCP's port names.

cocotbext-axi finds a bus's signals as `<prefix>_<signal>` (s_axil_awvalid,
m_axis_tdata); MCCP's ports carry a direction suffix (s_axil_awvalid_i,
m_axis_tdata_o, docs/CONVENTIONS.md).  `Ports(dut)` shows a DUT (or one
instance of a multi top, `Ports(top, "w32_")`) with the suffixes taken off, so
the library's own bus classes bind to it:

    master = axil_master(dut)                       # AxiLiteMaster on s_axil_*
    src = AxiStreamSource(AxiStreamBus.from_prefix(Ports(dut), "s"), ...)

Pause generators for the random knobs of the benches: `random_pause(rng, p)`
pauses a cycle with probability p (back-pressure on a sink, bubbles on a
source); `idle_bursts(rng, n)` lets a source start a transfer only after 0..n
idle cycles, drawn afresh each time.

MCCP puts byte 0 of a beat on the top lane (docs/fabric.md "Words and
beats"), cocotbext-axi puts a frame's byte 0 on lane 0: `beats_to_frame` and
`frame_beats` convert between a list of (tdata, tkeep) integers as on the wires
and a frame, lane by lane, so every beat (holes in TKEEP included) reaches the
wires exactly as the bench wrote it.
"""

from __future__ import annotations

import logging
import random
import warnings
from typing import Iterator

from cocotbext.axi import AxiLiteBus, AxiLiteMaster, AxiStreamFrame

# cocotbext-axi 0.1.28 calls APIs that cocotb 2.x deprecates (Event.data,
# Task.kill, setimmediatevalue, Edge); they still work in the pinned cocotb.
warnings.filterwarnings("ignore", category=DeprecationWarning, module=r"cocotbext\.")

SUFFIXES = ("_i", "_o")


class Ports:
    """A DUT's ports without their `_i`/`_o` suffix (and without a multi-top prefix)."""

    def __init__(self, dut, prefix: str = ""):
        self._dut, self._prefix = dut, prefix
        self._name, self._log = dut._name, dut._log

    def __dir__(self):
        # cocotb_bus looks signals up through dir() (case-insensitive match)
        p = self._prefix
        return [n[len(p):-2] for n in dir(self._dut) if n.startswith(p) and n.endswith(SUFFIXES)]

    def __getattr__(self, name: str):
        if name.startswith("_"):
            raise AttributeError(name)
        for suffix in SUFFIXES:
            try:
                return getattr(self._dut, self._prefix + name + suffix)
            except AttributeError:
                pass
        raise AttributeError(f"{self._dut._name} has no port {self._prefix}{name}_i/_o")


def quiet(dut, prefix: str) -> None:
    """Log only warnings from the bus models on `prefix` (they log every transfer at INFO).
    Call before creating them: the library names its loggers cocotb.<dut>.<prefix>."""
    logging.getLogger(f"cocotb.{dut._name}.{prefix}").setLevel(logging.WARNING)


def axil_master(dut, prefix: str = "s_axil") -> AxiLiteMaster:
    """AxiLiteMaster on the DUT's AXI4-Lite slave port, held in reset while rst_ni is low."""
    quiet(dut, prefix)
    return AxiLiteMaster(AxiLiteBus.from_prefix(Ports(dut), prefix), dut.clk_i, dut.rst_ni,
                         reset_active_level=False)


def random_pause(rng: random.Random, p: float) -> Iterator[bool]:
    """Pause each cycle with probability p."""
    while True:
        yield rng.random() < p


def idle_bursts(rng: random.Random, max_idle: int) -> Iterator[bool]:
    """0..max_idle paused cycles (drawn each time), then one cycle where a transfer may start."""
    while True:
        for _ in range(rng.randint(0, max_idle)):
            yield True
        yield False


def beats_to_frame(beats: list[tuple[int, int]], lanes: int) -> AxiStreamFrame:
    """A frame whose beats put exactly these (tdata, tkeep) on the wires."""
    data = bytearray()
    keep = []
    for d, k in beats:
        data += d.to_bytes(lanes, "little")
        keep += [k >> j & 1 for j in range(lanes)]
    return AxiStreamFrame(data, tkeep=keep)


def frame_beats(frame: AxiStreamFrame, lanes: int) -> list[tuple[int, int]]:
    """(tdata, tkeep) of each beat of a frame received with recv(compact=False)."""
    out = []
    for i in range(0, len(frame.tdata), lanes):
        d = int.from_bytes(bytes(frame.tdata[i:i + lanes]), "little")
        k = sum(frame.tkeep[i + j] << j for j in range(lanes))
        out.append((d, k))
    return out
