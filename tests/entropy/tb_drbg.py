"""cocotb bench for rtl/entropy/mccp_drbg.sv: CTR_DRBG and the conditioning of its entropy.

Expected outputs come from mccp.ref.ctr_drbg (checked against every CAVP vector by
test_ctr_drbg_ref) or from the CAVP vectors themselves.  The bench feeds entropy on ext_* (as the
start-up self-test and a simulation build's test functions do) or raw blocks on raw_* (the
conditioned path), additional input on data_*, and takes the output with random back-pressure.
"""

from __future__ import annotations

import hashlib
import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ReadOnly, RisingEdge

from drbg_vectors import load_vectors
from mccp.ref.ctr_drbg import COND_KEY_TEXT, CtrDrbg, cbc_mac

INSTANTIATE, RESEED, GENERATE, ZEROIZE = range(4)
OK, NOT_INSTANTIATED, BAD_LENGTH, ALARM = range(4)
COND_KEY = hashlib.sha256(COND_KEY_TEXT).digest()


def words(data: bytes) -> list[int]:
    """16-byte words, byte 0 at the top, the last one zero padded."""
    data = data + bytes(-len(data) % 16)
    return [int.from_bytes(data[i:i + 16], "big") for i in range(0, len(data), 16)]


class Bench:
    def __init__(self, dut, seed: int = 1):
        self.dut = dut
        self.rng = random.Random(seed)
        self.ext: list[int] = []
        self.raw: list[int] = []
        self.data: list[int] = []
        self.out: list[int] = []
        self.out_ready_p = 1.0
        self.raw_taken = 0
        self.cycle = 0

    async def start(self, reseed_interval: int = 1 << 20, cond_blocks: int = 3) -> None:
        dut = self.dut
        cocotb.start_soon(Clock(dut.clk_i, 10, unit="ns").start())
        for name in ("cmd_valid_i", "cmd_op_i", "cmd_k256_i", "cmd_df_i", "cmd_pr_i", "cmd_ext_i",
                     "cmd_add_bytes_i", "cmd_blocks_i", "alarm_i", "raw_valid_i", "raw_data_i",
                     "ext_valid_i", "ext_data_i", "data_valid_i", "data_i", "out_ready_i"):
            getattr(dut, name).value = 0
        dut.reseed_interval_i.value = reseed_interval
        dut.cond_blocks_i.value = cond_blocks
        dut.rst_ni.value = 0
        await RisingEdge(dut.clk_i)
        await RisingEdge(dut.clk_i)
        dut.rst_ni.value = 1
        cocotb.start_soon(self._streams())

    async def _streams(self) -> None:
        """Every cycle: offer the head of each input queue, take output words."""
        dut = self.dut
        while True:
            dut.ext_valid_i.value = int(bool(self.ext))
            dut.ext_data_i.value = self.ext[0] if self.ext else self.rng.getrandbits(128)
            dut.raw_valid_i.value = int(bool(self.raw))
            dut.raw_data_i.value = self.raw[0] if self.raw else self.rng.getrandbits(128)
            dut.data_valid_i.value = int(bool(self.data))
            dut.data_i.value = self.data[0] if self.data else self.rng.getrandbits(128)
            dut.out_ready_i.value = int(self.rng.random() < self.out_ready_p)
            await ReadOnly()
            if self.ext and int(dut.ext_ready_o.value):
                self.ext.pop(0)
            if self.raw and int(dut.raw_ready_o.value):
                self.raw.pop(0)
                self.raw_taken += 1
            if self.data and int(dut.data_ready_o.value):
                self.data.pop(0)
            if int(dut.out_valid_o.value) and int(dut.out_ready_i.value):
                self.out.append(int(dut.out_data_o.value))
            await RisingEdge(dut.clk_i)
            self.cycle += 1

    async def command(self, op: int, *, k256: int = 1, df: int = 1, pr: int = 0, ext: int = 1,
                      add: bytes = b"", blocks: int = 0, add_words: list[int] | None = None,
                      max_cycles: int = 200_000) -> tuple[int, bytes, int]:
        """Run one command: (status, output bytes, cycles from its acceptance to done_o)."""
        dut = self.dut
        self.data.extend(words(add) if add_words is None else add_words)
        self.out = []
        dut.cmd_op_i.value = op
        dut.cmd_k256_i.value = k256
        dut.cmd_df_i.value = df
        dut.cmd_pr_i.value = pr
        dut.cmd_ext_i.value = ext
        dut.cmd_add_bytes_i.value = len(add)
        dut.cmd_blocks_i.value = blocks
        dut.cmd_valid_i.value = 1
        while True:
            await ReadOnly()
            ready = int(dut.cmd_ready_o.value)
            await RisingEdge(dut.clk_i)
            if ready:
                break
        dut.cmd_valid_i.value = 0
        start = self.cycle
        for _ in range(max_cycles):
            await ReadOnly()
            if int(dut.done_o.value):
                status = int(dut.done_status_o.value)
                await RisingEdge(dut.clk_i)
                assert not self.data, f"{len(self.data)} data words left unread"
                return status, b"".join(w.to_bytes(16, "big") for w in self.out), self.cycle - start
            await RisingEdge(dut.clk_i)
        raise AssertionError("no done_o")


def ext_words_instantiate(k256: bool, df: bool, entropy: bytes, nonce: bytes) -> list[int]:
    """The entropy words an instantiate takes: entropy, then the nonce in its own word."""
    return words(entropy) + (words(nonce) if df else [])


@cocotb.test()
async def cavp_vectors(dut):
    """The CAVP counts (a stride of them in the default run, every one with DRBG_ALL=1)."""
    b = Bench(dut)
    b.out_ready_p = 0.7
    await b.start()
    vectors = load_vectors()
    stride = 1 if os.environ.get("DRBG_ALL") == "1" else 21
    checked = 0
    for vec in vectors[::stride]:
        k256, df = int(vec.key_bits == 256), int(vec.df)
        b.ext.extend(ext_words_instantiate(bool(k256), vec.df, vec.get("Entropy"), vec.get("Nonce")))
        st, _, _ = await b.command(INSTANTIATE, k256=k256, df=df, add=vec.get("PersonalisationString"))
        assert st == OK, vec.name
        assert int(dut.reseed_counter_o.value) == 1
        if "ReseedEntropy" in vec.fields:
            b.ext.extend(words(vec.get("ReseedEntropy")))
            st, _, _ = await b.command(RESEED, add=vec.get("ReseedAdditionalInput"))
            assert st == OK, vec.name
        out = b""
        for call in "AB":
            if vec.pr:
                b.ext.extend(words(vec.get(f"EntropyPredictionResistance{call}")))
            st, out, _ = await b.command(GENERATE, pr=int(vec.pr), blocks=4, add=vec.get(f"AdditionalInput{call}"))
            assert st == OK, vec.name
        assert out == vec.get("Output"), f"{vec.name}: {out.hex()} != {vec.get('Output').hex()}"
        assert not b.ext, f"{vec.name}: entropy words left"
        checked += 1
    dut._log.info("%d CAVP counts", checked)


@cocotb.test()
async def input_lengths(dut):
    """Personalization strings and additional inputs of every length 0..64 (the df packer's
    byte positions), AES-128 and AES-256, with and without df, odd output sizes."""
    b = Bench(dut, seed=2)
    await b.start()
    rng = b.rng
    for k256 in (0, 1):
        for df in (1, 0):
            ref = CtrDrbg(256 if k256 else 128, bool(df))
            seedlen = 48 if k256 else 32
            lengths = range(0, 65) if df else range(0, seedlen + 1, 3)
            entropy = rng.randbytes(32 if k256 else 16) if df else rng.randbytes(seedlen)
            nonce = rng.randbytes(16 if k256 else 8) if df else b""
            pers = rng.randbytes(rng.choice(list(lengths)))
            b.ext.extend(ext_words_instantiate(bool(k256), bool(df), entropy, nonce))
            st, _, _ = await b.command(INSTANTIATE, k256=k256, df=df, add=pers)
            assert st == OK
            ref.instantiate(entropy, nonce, pers)
            for n in lengths:
                add = rng.randbytes(n)
                if rng.random() < 0.3:
                    ent = rng.randbytes(len(entropy))
                    b.ext.extend(words(ent))
                    st, _, _ = await b.command(RESEED, add=add)
                    assert st == OK
                    ref.reseed(ent, add)
                    continue
                blocks = rng.randrange(0, 6)
                # bytes beyond the input's length are ignored: send garbage there
                ws = words(add)
                if n % 16:
                    ws[-1] |= rng.getrandbits(8 * (16 - n % 16))
                st, out, _ = await b.command(GENERATE, blocks=blocks, add=add, add_words=ws)
                assert st == OK
                assert out == ref.generate(16 * blocks, add), f"k256={k256} df={df} add of {n} bytes"
                assert int(dut.reseed_counter_o.value) == ref.reseed_counter


@cocotb.test()
async def conditioned_entropy(dut):
    """Entropy from raw blocks: each word is CBC-MAC over cond_blocks_i raw blocks under the
    fixed key; reseeds at the interval and with prediction resistance take fresh words."""
    for cond_blocks in (1, 3):
        b = Bench(dut, seed=3 + cond_blocks)
        await b.start(reseed_interval=2, cond_blocks=cond_blocks)
        rng = b.rng
        raw_log: list[int] = []

        def feed(n_words: int) -> list[bytes]:
            """Queue raw blocks for n_words conditioned words; return the words."""
            out = []
            for _ in range(n_words):
                blocks = [rng.getrandbits(128) for _ in range(cond_blocks)]
                raw_log.extend(blocks)
                b.raw.extend(blocks)
                out.append(cbc_mac(COND_KEY, b"".join(x.to_bytes(16, "big") for x in blocks)))
            return out

        for k256 in (1, 0):
            ref = CtrDrbg(256 if k256 else 128, True)
            w = feed(3 if k256 else 2)
            st, _, _ = await b.command(INSTANTIATE, k256=k256, df=1, ext=0, add=b"pers")
            assert st == OK
            entropy = b"".join(w[:2]) if k256 else w[0]
            nonce = w[2] if k256 else w[1][:8]
            ref.instantiate(entropy, nonce, b"pers")
            for i in range(5):
                pr = int(i == 3)
                add = rng.randbytes(rng.randrange(0, 20))
                reseeds = pr or ref.reseed_counter > 2
                w = feed(2 if k256 else 1) if reseeds else []
                st, out, _ = await b.command(GENERATE, ext=0, pr=pr, blocks=3, add=add)
                assert st == OK
                if reseeds:
                    ref.reseed(b"".join(w), add)
                    expect = ref.generate(48)
                else:
                    expect = ref.generate(48, add)
                assert out == expect, f"generate {i} (reseed: {reseeds})"
                assert not b.raw, "raw blocks left: the unit took fewer than it should"
        assert b.raw_taken == len(raw_log)


@cocotb.test()
async def refusals_and_alarm(dut):
    """Bad lengths and early requests get their status and change nothing; an alarm aborts a
    generate, forgets the state and refuses everything but zeroize until it clears."""
    b = Bench(dut, seed=9)
    await b.start()
    rng = b.rng
    st, out, _ = await b.command(GENERATE, blocks=2, add=b"x" * 20)
    assert (st, out) == (NOT_INSTANTIATED, b"")
    st, _, _ = await b.command(RESEED)
    assert st == NOT_INSTANTIATED
    # no df: a personalization string longer than seedlen
    b.ext.extend(words(rng.randbytes(48)))
    st, _, _ = await b.command(INSTANTIATE, df=0, add=bytes(49))
    assert st == BAD_LENGTH and int(dut.instantiated_o.value) == 0
    assert len(b.ext) == 3, "a refused instantiate took entropy"
    b.ext.clear()

    ref = CtrDrbg(256, True)
    ent, nonce = rng.randbytes(32), rng.randbytes(16)
    b.ext.extend(ext_words_instantiate(True, True, ent, nonce))
    assert (await b.command(INSTANTIATE))[0] == OK
    ref.instantiate(ent, nonce)
    # too much additional input (df: MaxAddBytes = 256), too many blocks: refused, state kept
    st, out, _ = await b.command(GENERATE, blocks=1, add=bytes(257))
    assert (st, out) == (BAD_LENGTH, b"")
    st, out, _ = await b.command(GENERATE, blocks=4097)
    assert (st, out) == (BAD_LENGTH, b"")
    st, out, _ = await b.command(GENERATE, blocks=2, add=bytes(256))
    assert st == OK and out == ref.generate(32, bytes(256))
    st, out, _ = await b.command(GENERATE, blocks=4096)
    assert st == OK and out == ref.generate(16 * 4096)
    assert int(dut.reseed_counter_o.value) == 3

    # alarm in the middle of a generate with additional input still to come
    b.out_ready_p = 0.0
    dut.cmd_op_i.value = GENERATE
    dut.cmd_pr_i.value = 0
    dut.cmd_ext_i.value = 1
    dut.cmd_add_bytes_i.value = 40
    dut.cmd_blocks_i.value = 8
    b.data.extend(words(bytes(range(40)))[:1])  # one of three words: the rest after the alarm
    dut.cmd_valid_i.value = 1
    await ReadOnly()
    assert int(dut.cmd_ready_o.value)
    await RisingEdge(dut.clk_i)
    dut.cmd_valid_i.value = 0
    for _ in range(rng.randrange(50, 400)):
        await RisingEdge(dut.clk_i)
    dut.alarm_i.value = 1
    b.data.extend(words(bytes(range(40)))[1:])
    status = None
    for _ in range(2000):
        await ReadOnly()
        if int(dut.done_o.value):
            status = int(dut.done_status_o.value)
            break
        await RisingEdge(dut.clk_i)
    assert status == ALARM
    await RisingEdge(dut.clk_i)
    await ReadOnly()
    assert int(dut.instantiated_o.value) == 0 and int(dut.reseed_counter_o.value) == 0
    assert int(dut.out_valid_o.value) == 0, "an output word survived the alarm"
    assert not b.data
    await RisingEdge(dut.clk_i)
    b.out_ready_p = 1.0
    b.ext.extend(ext_words_instantiate(True, True, ent, nonce))
    st, _, _ = await b.command(INSTANTIATE)
    assert st == ALARM and len(b.ext) == 3
    assert (await b.command(ZEROIZE))[0] == OK
    dut.alarm_i.value = 0
    st, out, _ = await b.command(GENERATE, blocks=1)
    assert (st, out) == (NOT_INSTANTIATED, b"")
    # re-instantiated, it is the DRBG of its new seed (nothing of the old state left)
    ref = CtrDrbg(256, True)
    ref.instantiate(ent, nonce)
    assert (await b.command(INSTANTIATE))[0] == OK
    st, out, _ = await b.command(GENERATE, blocks=3)
    assert st == OK and out == ref.generate(48)
    assert (await b.command(ZEROIZE))[0] == OK
    assert int(dut.instantiated_o.value) == 0
    st, _, _ = await b.command(GENERATE, blocks=1)
    assert st == NOT_INSTANTIATED
