"""cocotb benchmark of mccp_aes_engine: cycles per block and key-expansion cycles.

Measured in simulated clocks on the RTL, every result also checked against the
`cryptography` package so a figure is never reported for a wrong answer.
Writes a JSON dict to $MCCP_BENCH_OUT.
"""

from __future__ import annotations

import json
import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, FallingEdge, ReadOnly, RisingEdge

from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

BLOCKS = int(os.environ.get("MCCP_BENCH_BLOCKS", "256"))
LEN_CODE = {16: 0, 24: 1, 32: 2}


def _ecb(key: bytes, data: bytes, decrypt: bool) -> bytes:
    c = Cipher(algorithms.AES(key), modes.ECB())
    op = c.decryptor() if decrypt else c.encryptor()
    return op.update(data) + op.finalize()


async def _load_key(dut, key: bytes) -> int:
    """Load a key; return the clocks from the accepting edge to key_expanded_o."""
    await FallingEdge(dut.clk_i)
    dut.key_i.value = int.from_bytes(key.ljust(32, b"\0"), "big")
    dut.key_len_i.value = LEN_CODE[len(key)]
    dut.key_valid_i.value = 1
    while True:
        await ReadOnly()
        if dut.key_ready_o.value:
            break
        await FallingEdge(dut.clk_i)
    await RisingEdge(dut.clk_i)          # accepted here: clock 0
    await FallingEdge(dut.clk_i)
    dut.key_valid_i.value = 0
    clocks = 0
    while True:
        await ReadOnly()
        if dut.key_expanded_o.value:
            return clocks
        await RisingEdge(dut.clk_i)
        clocks += 1


async def _stream(dut, key: bytes, blocks: list[bytes], decrypt: bool) -> tuple[int, int]:
    """Stream blocks back to back; return (clocks from first accept to last output, first latency)."""
    outs, accepts, out_times = [], [], []
    cycle = 0
    i = 0
    await FallingEdge(dut.clk_i)
    dut.out_ready_i.value = 1
    while len(outs) < len(blocks):
        dut.in_valid_i.value = int(i < len(blocks))
        if i < len(blocks):
            dut.in_data_i.value = int.from_bytes(blocks[i], "big")
            dut.in_decrypt_i.value = int(decrypt)
        await ReadOnly()
        if dut.out_valid_o.value:
            outs.append(int(dut.out_data_o.value).to_bytes(16, "big"))
            out_times.append(cycle)
        if i < len(blocks) and dut.in_ready_o.value:
            accepts.append(cycle)
            i += 1
        await FallingEdge(dut.clk_i)
        cycle += 1
    dut.in_valid_i.value = 0
    expected = _ecb(key, b"".join(blocks), decrypt)
    assert b"".join(outs) == expected, "engine output differs from cryptography"
    return out_times[-1] - accepts[0], out_times[0] - accepts[0]


@cocotb.test()
async def bench_aes_engine(dut):
    cocotb.start_soon(Clock(dut.clk_i, 10, unit="ns").start())
    for sig in (dut.key_valid_i, dut.in_valid_i, dut.out_ready_i, dut.in_decrypt_i):
        sig.value = 0
    dut.rst_ni.value = 0
    await ClockCycles(dut.clk_i, 3)
    dut.rst_ni.value = 1
    rng = random.Random(1)
    decrypt_enable = os.environ.get("MCCP_BENCH_DECRYPT", "1") == "1"
    results = {"blocks": BLOCKS, "key_sizes": {}}
    for klen in (16, 24, 32):
        key = rng.randbytes(klen)
        entry = {"key_expansion_cycles": await _load_key(dut, key)}
        for decrypt in (False, True) if decrypt_enable else (False,):
            blocks = [rng.randbytes(16) for _ in range(BLOCKS)]
            span, latency = await _stream(dut, key, blocks, decrypt)
            # BLOCKS results; the first costs `latency`, each further one span/(BLOCKS-1)
            entry["decrypt" if decrypt else "encrypt"] = {
                "cycles_per_block": round((span - latency) / (BLOCKS - 1), 3),
                "latency_cycles": latency,
            }
        results["key_sizes"][str(klen * 8)] = entry
    with open(os.environ["MCCP_BENCH_OUT"], "w") as handle:
        json.dump(results, handle, indent=2)
