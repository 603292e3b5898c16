"""cocotb bench: AES-GCM from the RTL datapath (mccp_aes_engine + mccp_ghash).

The bench plays the core's sequencer, cycle by cycle:

1. loads the key into the engine; H = E(K, 0^128) from the engine goes into the
   GHASH unit;
2. J0 = IV || 0^31 || 1 for 96-bit IVs, else GHASH_H(IV || 0 || [len(IV)]64)
   on the RTL GHASH unit;
3. streams inc32(J0), inc32^2(J0), ... and then J0 through the engine; each
   keystream block XOR the plaintext gives a ciphertext block, which goes to
   the GHASH unit (after the AAD blocks) while the engine computes the next;
4. S = GHASH_H(A || C || lengths) from the RTL, tag = E(K, J0) xor S.

Ciphertext and tag are compared with the NIST CAVP gcmEncryptExtIV records,
which were produced by no code of this project.  Knobs: GCM_VECTORS (records,
spread over the three key sizes), GCM_OUT_STALL (probability that the engine's
out_ready_i is low in a clock).
"""

from __future__ import annotations

import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, ReadOnly

from mccp.ref import vectors
from mccp.model.ghash import blocks_of, inc32, length_block

GCM_FILES = (("gcmEncryptExtIV128.rsp", 0), ("gcmEncryptExtIV192.rsp", 1),
             ("gcmEncryptExtIV256.rsp", 2))
GCM_VECTORS = int(os.environ.get("GCM_VECTORS", "24"))
OUT_STALL = float(os.environ.get("GCM_OUT_STALL", "0.2"))


class Datapath:
    def __init__(self, dut, rng):
        self.dut = dut
        self.rng = rng
        self.cycle = 0
        self.idle_inputs()

    def idle_inputs(self):
        d = self.dut
        for name in ("aes_key_valid_i", "aes_in_valid_i", "aes_in_decrypt_i", "aes_out_ready_i",
                     "gh_h_we_i", "gh_clear_i", "gh_in_valid_i"):
            getattr(d, name).value = 0
        d.aes_key_i.value = 0
        d.aes_key_len_i.value = 0
        d.aes_in_data_i.value = 0
        d.gh_h_i.value = 0
        d.gh_in_data_i.value = 0

    async def reset(self):
        d = self.dut
        cocotb.start_soon(Clock(d.clk_i, 10, unit="ns").start())
        d.rst_ni.value = 0
        await FallingEdge(d.clk_i)
        await FallingEdge(d.clk_i)
        d.rst_ni.value = 1
        await FallingEdge(d.clk_i)

    async def settle(self):
        """Wait until the inputs written at this falling edge have settled."""
        await ReadOnly()

    async def next_cycle(self):
        await FallingEdge(self.dut.clk_i)
        self.cycle += 1
        assert self.cycle < 2_000_000, "datapath bench ran away"

    async def load_key(self, key: bytes, key_len: int):
        d = self.dut
        d.aes_key_i.value = int.from_bytes(key.ljust(32, b"\0"), "big")
        d.aes_key_len_i.value = key_len
        d.aes_key_valid_i.value = 1
        while True:
            await self.settle()
            fired = int(d.aes_key_ready_o.value)
            await self.next_cycle()
            if fired:
                break
        d.aes_key_valid_i.value = 0
        while True:
            await self.settle()
            done = int(d.aes_key_expanded_o.value) and not int(d.aes_busy_o.value)
            await self.next_cycle()
            if done:
                break

    async def stream(self, aes_blocks, ghash_blocks, on_aes_out):
        """Run both units until every block is through.

        `aes_blocks` are encrypted in order; `on_aes_out(index, block)` is called
        for each result and may append to `ghash_blocks`, which the GHASH unit
        absorbs in order.  Returns when the engine has answered every block and
        the GHASH unit has absorbed everything and is idle.
        """
        d = self.dut
        sent = received = absorbed = 0
        while True:
            aes_valid = sent < len(aes_blocks)
            d.aes_in_valid_i.value = int(aes_valid)
            d.aes_in_data_i.value = aes_blocks[sent] if aes_valid else 0
            out_ready = self.rng.random() >= OUT_STALL
            d.aes_out_ready_i.value = int(out_ready)
            gh_valid = absorbed < len(ghash_blocks)
            d.gh_in_valid_i.value = int(gh_valid)
            d.gh_in_data_i.value = ghash_blocks[absorbed] if gh_valid else 0
            await self.settle()
            aes_fire = aes_valid and int(d.aes_in_ready_o.value)
            out_fire = out_ready and int(d.aes_out_valid_o.value)
            out_data = int(d.aes_out_data_o.value) if out_fire else None
            if out_fire:
                assert not int(d.aes_out_error_o.value), "engine flagged an error on an encryption"
            gh_fire = gh_valid and int(d.gh_in_ready_o.value)
            gh_busy = int(d.gh_busy_o.value)
            await self.next_cycle()
            sent += bool(aes_fire)
            absorbed += bool(gh_fire)
            if out_fire:
                on_aes_out(received, out_data)
                received += 1
            if (received == len(aes_blocks) and absorbed == len(ghash_blocks)
                    and not gh_fire and not gh_busy):
                break
        d.aes_in_valid_i.value = 0
        d.gh_in_valid_i.value = 0
        d.aes_out_ready_i.value = 0
        assert sent == received == len(aes_blocks)

    async def ghash_setup(self, h: int | None, clear: bool):
        d = self.dut
        if h is not None:
            d.gh_h_we_i.value = 1
            d.gh_h_i.value = h
        d.gh_clear_i.value = int(clear)
        await self.next_cycle()
        d.gh_h_we_i.value = 0
        d.gh_clear_i.value = 0

    async def ghash_y(self) -> int:
        await self.settle()
        assert not int(self.dut.gh_busy_o.value)
        value = int(self.dut.gh_y_o.value)
        await self.next_cycle()
        return value


async def gcm_encrypt(dp: Datapath, key: bytes, key_len: int, iv: bytes, pt: bytes, aad: bytes):
    """Ciphertext and full 16-byte tag, from the RTL units."""
    await dp.load_key(key, key_len)

    results = {}

    def keep(i, block):
        results[i] = block

    # H = E(K, 0^128)
    await dp.stream([0], [], keep)
    h = results[0]
    await dp.ghash_setup(h, clear=True)

    # J0
    if len(iv) == 12:
        j0 = (int.from_bytes(iv, "big") << 32) | 1
    else:
        await dp.stream([], blocks_of(iv) + [len(iv) * 8], keep)
        j0 = await dp.ghash_y()
        await dp.ghash_setup(None, clear=True)

    # counters, then J0 itself for the tag mask
    n = (len(pt) + 15) // 16
    counters = []
    cb = j0
    for _ in range(n):
        cb = inc32(cb)
        counters.append(cb)
    aes_blocks = counters + [j0]
    ghash_blocks = blocks_of(aad)
    ct = bytearray()
    mask = {}

    def on_out(i, block):
        if i < n:
            chunk = pt[16 * i:16 * i + 16]
            ks = block.to_bytes(16, "big")
            c = bytes(p ^ k for p, k in zip(chunk, ks))
            ct.extend(c)
            ghash_blocks.extend(blocks_of(c))
            if i == n - 1:
                ghash_blocks.append(length_block(len(aad), len(pt)))
        else:
            mask["ej0"] = block
            if n == 0:
                ghash_blocks.append(length_block(len(aad), len(pt)))

    await dp.stream(aes_blocks, ghash_blocks, on_out)
    s = await dp.ghash_y()
    tag = (mask["ej0"] ^ s).to_bytes(16, "big")
    return bytes(ct), tag


@cocotb.test()
async def gcm_cavp_encrypt(dut):
    rng = random.Random(int(os.environ.get("GCM_SEED", "5")))
    dp = Datapath(dut, rng)
    await dp.reset()
    per_file = max(1, GCM_VECTORS // len(GCM_FILES))
    checked = 0
    for name, key_len in GCM_FILES:
        recs = list(vectors.parse(vectors.aes_file("GCM", name)))
        # the same number of records for each IV length (8, 96, 1024 bits)
        by_iv: dict[int, list] = {}
        for rec in recs:
            by_iv.setdefault(len(rec["iv"]), []).append(rec)
        assert len(by_iv) == 3
        picks = []
        for i, group in enumerate(sorted(by_iv.values(), key=lambda g: len(g[0]["iv"]))):
            picks += rng.sample(group, per_file // 3 + (i < per_file % 3))
        for rec in picks:
            start = dp.cycle
            ct, tag = await gcm_encrypt(dp, rec["key"], key_len, rec["iv"], rec["pt"], rec["aad"])
            assert ct == rec["ct"], f"{name} Count={rec['count']}: ciphertext"
            assert tag[:len(rec["tag"])] == rec["tag"], f"{name} Count={rec['count']}: tag"
            checked += 1
            dut._log.info("%s Count=%d IV %d bytes, PT %d bytes, AAD %d bytes: %d clocks", name,
                          rec["count"], len(rec["iv"]), len(rec["pt"]), len(rec["aad"]), dp.cycle - start)
    assert checked == per_file * len(GCM_FILES)
    dut._log.info("%d CAVP GCM encryptions match (ciphertext and tag)", checked)
