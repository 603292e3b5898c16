"""A small cocotb AXI4-Lite master for the MCCP benches.

Drives the slave-side ports of a DUT named `<prefix>_<sig>_i` / `_o` as in
docs/fabric.md ("Ports of mccp_top"), e.g. s_axil_awvalid_i, s_axil_awready_o:

    bus = AxilMaster(dut, dut.clk_i)                  # idles every master output
    resp = await bus.write(0x104, 0x9)                 # -> OKAY (0) / SLVERR (2)
    data, resp = await bus.read(0x108)
    await bus.write_ok(addr, data)   /  await bus.read_ok(addr)   # assert OKAY

One transaction per channel at a time (a lock per channel; a read and a write may
overlap).  Random timing knobs, per master (a seeded `random.Random`):
  stall    probability that bready / rready is held low in a cycle
  delay    maximum idle cycles before AW, W and AR are raised (each drawn separately,
           so AW and W arrive in any order or in the same cycle)
Handshakes are sampled in the ReadOnly phase before the rising edge, so the bench
never races the DUT's registered ready / valid outputs.
"""

from __future__ import annotations

import random

import cocotb
from cocotb.triggers import Lock, ReadOnly, RisingEdge

OKAY, SLVERR = 0, 2


class AxilError(AssertionError):
    """An access answered a response other than the expected one."""


class AxilMaster:
    def __init__(self, dut, clk, prefix: str = "s_axil", *, stall: float = 0.0, delay: int = 0,
                 seed: int = 1, timeout: int = 1000):
        self.dut, self.clk, self.prefix = dut, clk, prefix
        self.stall, self.delay, self.timeout = stall, delay, timeout
        self.rng = random.Random(seed)
        self._wlock, self._rlock = Lock(), Lock()
        for name in ("awvalid", "awaddr", "wvalid", "wdata", "wstrb", "bready", "arvalid", "araddr", "rready"):
            self._in(name).value = 0

    def _in(self, name: str):      # a DUT input the master drives
        return getattr(self.dut, f"{self.prefix}_{name}_i")

    def _out(self, name: str):     # a DUT output the master samples
        return getattr(self.dut, f"{self.prefix}_{name}_o")

    async def _idle(self) -> None:
        for _ in range(self.rng.randint(0, self.delay) if self.delay else 0):
            await RisingEdge(self.clk)

    async def _send(self, valid: str, ready: str, values: dict[str, int]) -> None:
        """Raise `valid` with `values` until a cycle with `ready` high."""
        await self._idle()
        for name, v in values.items():
            self._in(name).value = v
        self._in(valid).value = 1
        for _ in range(self.timeout):
            await ReadOnly()
            done = int(self._out(ready).value) == 1
            await RisingEdge(self.clk)
            if done:
                self._in(valid).value = 0
                return
        raise AxilError(f"{self.prefix}_{valid}: no {ready} in {self.timeout} cycles")

    async def _receive(self, ready: str, valid: str, fields: tuple[str, ...]) -> list[int]:
        """Take one beat on a slave-to-master channel, `ready` randomly stalled."""
        for _ in range(self.timeout):
            rdy = self.rng.random() >= self.stall
            self._in(ready).value = int(rdy)
            await ReadOnly()
            beat = None
            if rdy and int(self._out(valid).value) == 1:
                beat = [int(self._out(f).value) for f in fields]
            await RisingEdge(self.clk)
            if beat is not None:
                self._in(ready).value = 0
                return beat
        raise AxilError(f"{self.prefix}: no {valid} in {self.timeout} cycles")

    async def write(self, addr: int, data: int, strb: int = 0xF) -> int:
        """Write one word; returns BRESP."""
        async with self._wlock:
            aw = cocotb.start_soon(self._send("awvalid", "awready", {"awaddr": addr}))
            w = cocotb.start_soon(self._send("wvalid", "wready", {"wdata": data, "wstrb": strb}))
            (resp,) = await self._receive("bready", "bvalid", ("bresp",))
            await aw
            await w
            return resp

    async def read(self, addr: int) -> tuple[int, int]:
        """Read one word; returns (RDATA, RRESP)."""
        async with self._rlock:
            await self._send("arvalid", "arready", {"araddr": addr})
            data, resp = await self._receive("rready", "rvalid", ("rdata", "rresp"))
            return data, resp

    async def write_ok(self, addr: int, data: int, strb: int = 0xF) -> None:
        resp = await self.write(addr, data, strb)
        if resp != OKAY:
            raise AxilError(f"write {addr:#05x} <- {data:#010x}: response {resp}, expected OKAY")

    async def read_ok(self, addr: int) -> int:
        data, resp = await self.read(addr)
        if resp != OKAY:
            raise AxilError(f"read {addr:#05x}: response {resp}, expected OKAY")
        return data
