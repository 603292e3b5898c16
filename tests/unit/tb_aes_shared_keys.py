"""cocotb bench: one key expander shared by two engines (tests/unit/hdl/tb_aes_shared_keys.sv).

mccp_aes_key_expand (stand-alone, its own S-box ROM) fills the round-key stores of two
mccp_aes_engine_rk (KeyExpand = 0) through their round-key ports, engine 0 with
decryption, engine 1 encrypt-only, as the fabric would.  The bench loads keys into both
engines or into one of them (while the other keeps computing with its own key) and runs
blocks on both at once with random stalls.  Expected values: the `cryptography` package.

Checked: every result (data, error flag, order) of both engines; key_expanded_o of an
engine drops while its schedule is written and rises when it is complete, and an engine
not selected keeps its key and its blocks running; blocks go in only on a complete
schedule; the selected engines hold the new key (key_expanded_o high) 87/87/115 cycles
after the start, as with an engine's own expander.
"""

from __future__ import annotations

import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, ReadOnly, RisingEdge

from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

LEN_CODE = {16: 0, 24: 1, 32: 2}
ROUNDS = {16: 10, 24: 12, 32: 14}


def reference(key: bytes, block: bytes, decrypt: bool) -> bytes:
    cipher = Cipher(algorithms.AES(key), modes.ECB())
    op = cipher.decryptor() if decrypt else cipher.encryptor()
    return op.update(block) + op.finalize()


class Engine:
    """Block driver and checker of one engine (signals e<n>_*)."""

    def __init__(self, dut, n: int, decrypt_enable: bool, rng: random.Random):
        self.dut = dut
        self.p = f"e{n}_"
        self.decrypt_enable = decrypt_enable
        self.rng = rng
        self.key: bytes | None = None
        self.checked = 0

    def sig(self, name):
        return getattr(self.dut, self.p + name)

    async def run_blocks(self, count: int, in_stall: float = 0.3, out_stall: float = 0.3):
        """Offer `count` random blocks (both directions) and check every result in order."""
        pending: list[tuple[bytes, bool, int]] = []   # expected data, error, accept clock
        todo = count
        offer = None
        clock = 0
        while todo or pending or offer:
            await FallingEdge(self.dut.clk_i)
            if offer is None and todo and self.rng.random() >= in_stall:
                data = self.rng.randbytes(16)
                decrypt = self.rng.random() < 0.5
                if decrypt and not self.decrypt_enable:
                    offer = (data, decrypt, bytes(16), True)
                else:
                    offer = (data, decrypt, reference(self.key, data, decrypt), False)
                todo -= 1
            self.sig("in_valid_i").value = int(offer is not None)
            if offer is not None:
                self.sig("in_data_i").value = int.from_bytes(offer[0], "big")
                self.sig("in_decrypt_i").value = int(offer[1])
            out_ready = self.rng.random() >= out_stall
            self.sig("out_ready_i").value = int(out_ready)
            await ReadOnly()
            assert int(self.sig("key_expanded_o").value) == 1
            if int(self.sig("out_valid_o").value) and out_ready:
                assert pending, f"{self.p}: output without a block"
                exp, err, _ = pending.pop(0)
                got = int(self.sig("out_data_o").value).to_bytes(16, "big")
                got_err = int(self.sig("out_error_o").value)
                assert (got, got_err) == (exp, int(err)), \
                    f"{self.p}: got {got.hex()} error {got_err}, expected {exp.hex()} error {int(err)}"
                self.checked += 1
            if offer is not None and int(self.sig("in_ready_o").value):
                pending.append((offer[2], offer[3], clock))
                offer = None
            clock += 1
        await FallingEdge(self.dut.clk_i)
        self.sig("in_valid_i").value = 0
        self.sig("out_ready_i").value = 0


async def load_key(dut, engines: list[Engine], sel: int, key: bytes) -> int:
    """Start the shared expander for the engines in `sel`; return the clocks from the start
    to the cycle the expander is idle again and the selected engines hold the key, checking
    key_expanded_o of the selected and the other engines."""
    code = LEN_CODE[len(key)]
    # wait until the expander is free and the selected engines compute no block
    while True:
        await FallingEdge(dut.clk_i)
        await ReadOnly()
        if int(dut.kx_busy_o.value):
            continue
        if all(int(e.sig("key_ready_o").value) for i, e in enumerate(engines) if sel >> i & 1):
            break
    await FallingEdge(dut.clk_i)
    dut.kx_key_i.value = int.from_bytes(key.ljust(32, b"\0"), "big")
    dut.kx_len_i.value = code
    dut.kx_sel_i.value = sel
    dut.kx_start_i.value = 1
    await RisingEdge(dut.clk_i)
    await FallingEdge(dut.clk_i)
    dut.kx_start_i.value = 0
    clocks = 1
    seen_low = [False] * len(engines)
    before = [int(e.sig("key_expanded_o").value) for e in engines]
    while True:
        await ReadOnly()
        busy = int(dut.kx_busy_o.value)
        for i, e in enumerate(engines):
            exp = int(e.sig("key_expanded_o").value)
            if sel >> i & 1:
                seen_low[i] |= not exp
                if not exp:
                    assert int(e.sig("in_ready_o").value) == 0
            else:
                assert exp == before[i], f"engine {i} not selected changed key_expanded_o"
        if not busy:
            break
        await FallingEdge(dut.clk_i)
        clocks += 1
    await FallingEdge(dut.clk_i)
    await ReadOnly()
    for i, e in enumerate(engines):
        if sel >> i & 1:
            assert seen_low[i], f"engine {i}: key_expanded_o never dropped"
            assert int(e.sig("key_expanded_o").value) == 1, f"engine {i}: no key after done"
            e.key = key
    return clocks


@cocotb.test()
async def test_shared_expander(dut):
    cocotb.start_soon(Clock(dut.clk_i, 10, unit="ns").start())
    for name in ("kx_start_i", "kx_len_i", "kx_sel_i", "e0_in_valid_i", "e0_in_decrypt_i",
                 "e0_out_ready_i", "e1_in_valid_i", "e1_in_decrypt_i", "e1_out_ready_i"):
        getattr(dut, name).value = 0
    dut.kx_key_i.value = 0
    dut.e0_in_data_i.value = 0
    dut.e1_in_data_i.value = 0
    dut.rst_ni.value = 0
    for _ in range(3):
        await FallingEdge(dut.clk_i)
    dut.rst_ni.value = 1
    rng = random.Random(2028)
    e0 = Engine(dut, 0, True, random.Random(1))
    e1 = Engine(dut, 1, False, random.Random(2))
    engines = [e0, e1]
    timing = {}
    for klen in (16, 24, 32):
        # one schedule into both engines, blocks on both at once
        timing[klen * 8] = await load_key(dut, engines, 0b11, rng.randbytes(klen))
        t0 = cocotb.start_soon(e0.run_blocks(30))
        t1 = cocotb.start_soon(e1.run_blocks(30))
        await t0
        await t1
        # separate keys: engine 1 is reloaded while engine 0 computes with its own key
        await load_key(dut, engines, 0b01, rng.randbytes(klen))
        t0 = cocotb.start_soon(e0.run_blocks(40))
        await load_key(dut, engines, 0b10, rng.randbytes(48 - klen if klen != 24 else 16))
        t1 = cocotb.start_soon(e1.run_blocks(30))
        await t0
        await t1
    assert timing == {128: 87, 192: 87, 256: 115}, f"expander clocks {timing}"
    dut._log.info("shared expander: %d + %d blocks checked; clocks from start to key %s",
                  e0.checked, e1.checked, timing)
