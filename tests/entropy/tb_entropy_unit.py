"""cocotb bench for rtl/entropy/mccp_entropy_unit.sv (simulation model source, TestEntropy = 1),
driven on its task ports as mccp_slot_io drives them.

Known answers come from mccp.ref.ctr_drbg (checked against every CAVP vector) and the
curve orders of mccp.ecc.curves' source (FIPS 186-4 D.1.3; cross-checked in tests/ecc)."""

from __future__ import annotations

import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, ReadOnly, ReadWrite, RisingEdge

from drbg_vectors import load_vectors
from mccp.ref.ctr_drbg import CtrDrbg

from mccp import regmap
from mccp.ecc.curves import CURVES

RM = regmap.load()
STATUS = RM.status_code
FUNC = RM.rng_mode_code
STATE = {s["name"]: s["code"] for s in RM.rng_states}
DRBG_INST, DRBG_RESEED, DRBG_GEN = 0, 1, 2
CURVE_IDS = {c.name: c.id for c in CURVES}


def words(data: bytes) -> list[int]:
    data = data + bytes(-len(data) % 16)
    return [int.from_bytes(data[i:i + 16], "big") for i in range(0, len(data), 16)]


def request(out_bytes: int = 0, pr: int = 0, op: int = 0, k256: int = 1, df: int = 1, ent: int = 0) -> bytes:
    return (out_bytes.to_bytes(4, "big") + bytes([pr, op, k256 | (df << 1), ent]) + bytes(8))


class Unit:
    def __init__(self, dut, seed: int = 1):
        self.dut = dut
        self.rng = random.Random(seed)
        self.out: list[int] = []
        self.space_p = 1.0

    async def start(self, rct: int = 81, apt: int = 824, cond: int = 3, en: int = 1) -> None:
        dut = self.dut
        cocotb.start_soon(Clock(dut.clk_i, 10, unit="ns").start())
        for name in ("start_valid_i", "start_func_i", "start_curve_i", "start_bytes_i", "in_valid_i",
                     "in_data_i", "res_ready_i", "abort_i", "restart_i", "capture_i", "cap_pop_i"):
            getattr(dut, name).value = 0
        dut.out_space_i.value = 1
        dut.en_i.value = en
        dut.rct_cutoff_i.value = rct
        dut.apt_cutoff_i.value = apt
        dut.cond_blocks_i.value = cond
        dut.reseed_interval_i.value = 1 << 20
        dut.rst_ni.value = 0
        await ClockCycles(dut.clk_i, 2)
        dut.rst_ni.value = 1
        cocotb.start_soon(self._collect())

    async def _collect(self) -> None:
        dut = self.dut
        while True:
            dut.out_space_i.value = int(self.rng.random() < self.space_p)
            await ReadOnly()
            if int(dut.out_we_o.value):
                assert int(dut.out_space_i.value), "a word written without space"
                self.out.append(int(dut.out_data_o.value))
            await RisingEdge(dut.clk_i)

    async def wait_state(self, name: str, max_cycles: int = 100_000) -> None:
        dut = self.dut
        for _ in range(max_cycles // 16):
            await ClockCycles(dut.clk_i, 16)
            await ReadOnly()
            if int(dut.state_o.value) == STATE[name]:
                await RisingEdge(dut.clk_i)
                return
        raise AssertionError(f"state {name} not reached (at {int(dut.state_o.value)})")

    async def task(self, func: int, body: bytes, curve: int = 0, abort_after: int | None = None,
                   max_cycles: int = 200_000) -> tuple[int, bytes]:
        """Start a task, feed its body (with gaps), return (status, output bytes)."""
        dut = self.dut
        self.out = []
        dut.start_valid_i.value = 1
        dut.start_func_i.value = func
        dut.start_curve_i.value = curve
        dut.start_bytes_i.value = len(body)
        while True:
            await ReadOnly()
            ready = int(dut.start_ready_o.value)
            await RisingEdge(dut.clk_i)
            if ready:
                break
        dut.start_valid_i.value = 0
        pending = words(body)
        for cycle in range(max_cycles):
            gap = self.rng.random() < 0.2
            dut.in_valid_i.value = int(bool(pending) and not gap)
            dut.in_data_i.value = pending[0] if pending else self.rng.getrandbits(128)
            dut.abort_i.value = int(abort_after is not None and cycle >= abort_after)
            dut.res_ready_i.value = 1
            await ReadOnly()
            if pending and not gap and int(dut.in_ready_o.value):
                pending.pop(0)
            if int(dut.res_valid_o.value):
                status = int(dut.res_status_o.value)
                await RisingEdge(dut.clk_i)
                dut.in_valid_i.value = 0
                dut.abort_i.value = 0
                assert not pending, f"{len(pending)} body words left unread"
                return status, b"".join(w.to_bytes(16, "big") for w in self.out)
            await RisingEdge(dut.clk_i)
        raise AssertionError("no result")

    async def drbg_test(self, op: int, entropy: bytes = b"", add: bytes = b"", out_bytes: int = 0,
                        k256: int = 1, df: int = 1, pr: int = 0) -> tuple[int, bytes]:
        ent = words(entropy)
        body = request(out_bytes, pr, op, k256, df, len(ent)) + b"".join(w.to_bytes(16, "big") for w in ent) + add
        return await self.task(FUNC["drbg-test"], body)


@cocotb.test()
async def bring_up_and_known_answers(dut):
    """Bring-up reaches READY through start-up and self-test; CAVP counts through the
    drbg-test task; generate and the refusals."""
    u = Unit(dut)
    await u.start()
    status, _ = await u.task(FUNC["generate"], request(16))
    assert status == STATUS["RNG_NOT_READY"]
    await u.wait_state("READY")
    assert int(dut.kat_fail_o.value) == 0 and int(dut.samples_o.value) >= 1024
    status, out = await u.task(FUNC["generate"], request(37) + b"additional")
    assert status == STATUS["OK"] and len(out) == 48 and out[37:] == bytes(11)
    status, out2 = await u.task(FUNC["generate"], request(37))
    assert status == STATUS["OK"] and out2[:37] != out[:37]

    for vec in load_vectors()[::97]:
        k256, df = int(vec.key_bits == 256), int(vec.df)
        nonce = vec.get("Nonce") + bytes(-len(vec.get("Nonce")) % 16)
        st, _ = await u.drbg_test(DRBG_INST, vec.get("Entropy") + (nonce if df else b""),
                                  vec.get("PersonalisationString"), k256=k256, df=df)
        assert st == STATUS["OK"], vec.name
        if "ReseedEntropy" in vec.fields:
            st, _ = await u.drbg_test(DRBG_RESEED, vec.get("ReseedEntropy"), vec.get("ReseedAdditionalInput"))
            assert st == STATUS["OK"]
        out = b""
        for call in "AB":
            ent = vec.get(f"EntropyPredictionResistance{call}") if vec.pr else b""
            st, out = await u.drbg_test(DRBG_GEN, ent, vec.get(f"AdditionalInput{call}"), 64, pr=int(vec.pr))
            assert st == STATUS["OK"], vec.name
        assert out == vec.get("Output"), vec.name

    # refusals: each drains its body and leaves the unit serving
    for func, body, want in [
        (FUNC["generate"], b"short", "BAD_PARAM"),
        (FUNC["generate"], request(16 * 128 + 1), "BAD_PARAM"),
        (FUNC["generate"], request(16) + bytes(257), "BAD_PARAM"),
        (4, request(16), "BAD_PARAM"),
        (FUNC["ec-keygen"], request(0), "BAD_CURVE"),
    ]:
        st, out = await u.task(func, body, curve=6)
        assert (st, out) == (STATUS[want], b""), (func, want)
    status, _ = await u.task(FUNC["generate"], b"")
    assert status == STATUS["BAD_PARAM"]
    status, out = await u.task(FUNC["generate"], request(16 * 128))
    assert status == STATUS["OK"] and len(out) == 16 * 128


@cocotb.test()
async def ec_keygen_known(dut):
    """ec-keygen on a DRBG of known seed: d is the reference's first candidate of
    bitlen(n) bits that is <= n - 2, plus 1 (FIPS 186-5 A.2.2), W words right aligned;
    seeds chosen so that some first candidates are rejected."""
    u = Unit(dut, seed=3)
    await u.start()
    await u.wait_state("READY")
    rng = random.Random(7)
    rejected_seen = 0
    for curve in CURVES:
        w = (curve.m + 127) // 128
        nbits = curve.n.bit_length()
        for _ in range(3):
            ent, nonce, add = rng.randbytes(32), rng.randbytes(16), rng.randbytes(rng.randrange(0, 20))
            ref = CtrDrbg(256, True)
            ref.instantiate(ent, nonce)
            st, _ = await u.drbg_test(DRBG_INST, ent + nonce)
            assert st == STATUS["OK"]
            tries, first = 0, True
            while True:
                c = int.from_bytes(ref.generate(16 * w, add if first else b""), "big") & ((1 << nbits) - 1)
                first = False
                tries += 1
                if c <= curve.n - 2:
                    break
            rejected_seen += tries > 1
            st, out = await u.task(FUNC["ec-keygen"], request() + add, curve=CURVE_IDS[curve.name])
            assert st == STATUS["OK"], curve.name
            assert len(out) == 16 * w
            d = int.from_bytes(out, "big")
            assert d == c + 1 and 1 <= d <= curve.n - 1, curve.name
    assert rejected_seen > 0, "no rejected candidate: the rejection path was not exercised"


@cocotb.test()
async def alarm_abort_restart_capture(dut):
    """A stuck source raises the alarm: tasks answer RNG_ALARM; a restart brings the unit
    back.  An aborted generate ends PARTNER with no output and the unit instantiates again.
    Capture mode hands out the raw samples the source gave, 32 a word, in order."""
    u = Unit(dut, seed=5)
    await u.start()
    await u.wait_state("READY")
    model = dut.u_src.g_model.u_model
    model.stuck.value = 1
    model.fault_at.value = 0
    await u.wait_state("ALARM", max_cycles=20_000)
    assert int(dut.rct_fail_o.value) == 1
    st, out = await u.task(FUNC["generate"], request(32) + bytes(40))
    assert (st, out) == (STATUS["RNG_ALARM"], b"")
    st, out = await u.task(FUNC["ec-keygen"], request(), curve=0)
    assert (st, out) == (STATUS["RNG_ALARM"], b"")
    model.stuck.value = 0xFFFFFFFF            # -1: the fault gone
    dut.restart_i.value = 1
    await RisingEdge(dut.clk_i)
    dut.restart_i.value = 0
    await u.wait_state("READY")
    st, out = await u.task(FUNC["generate"], request(64))
    assert st == STATUS["OK"] and len(out) == 64

    u.space_p = 0.3
    st, out = await u.task(FUNC["generate"], request(16 * 64), abort_after=200)
    assert (st, out[:0]) == (STATUS["PARTNER"], b"")
    u.space_p = 1.0
    await u.wait_state("READY")
    st, out = await u.task(FUNC["generate"], request(16))
    assert st == STATUS["OK"]

    # capture: the samples the health tests see, in order
    seen: list[int] = []

    async def watch():
        while True:
            await ReadOnly()
            if int(dut.state_o.value) == STATE["CAPTURE"] and int(dut.u_src.sample_valid_o.value):
                seen.append(int(dut.u_src.sample_o.value))
            await RisingEdge(dut.clk_i)

    dut.capture_i.value = 1
    cocotb.start_soon(watch())
    await u.wait_state("CAPTURE")
    st, _ = await u.task(FUNC["generate"], request(16))
    assert st == STATUS["RNG_NOT_READY"]
    got: list[int] = []
    while len(got) < 8:
        await ReadOnly()
        if int(dut.cap_count_o.value):
            got.append(int(dut.cap_data_o.value))
            await RisingEdge(dut.clk_i)
            dut.cap_pop_i.value = 1
            await RisingEdge(dut.clk_i)
            dut.cap_pop_i.value = 0
        else:
            await RisingEdge(dut.clk_i)
    bits = "".join(format(w, "032b") for w in got)
    stream = "".join(map(str, seen))
    assert bits in stream and stream.index(bits) < 64, "captured words are not the samples in order"


@cocotb.test()
async def self_test_failure(dut):
    """A DRBG whose output differs from the known answer in one bit fails the start-up self-test:
    ALARM with kat_fail_o, tasks refused, and a restart passes it again."""
    u = Unit(dut, seed=8)
    await u.start()
    flipped = False
    for _ in range(100_000):
        await RisingEdge(dut.clk_i)
        await ReadWrite()
        if int(dut.ctl_q.value) == 6 and int(dut.u_drbg.out_valid_o.value):   # CtKatGen2
            # the word the unit compares at the next edge
            dut.u_drbg.out_data_o.value = int(dut.u_drbg.out_data_o.value) ^ (1 << 77)
            flipped = True
            break
    assert flipped
    await u.wait_state("ALARM", max_cycles=5_000)
    assert int(dut.kat_fail_o.value) == 1 and int(dut.rct_fail_o.value) == 0
    st, _ = await u.task(FUNC["generate"], request(16))
    assert st == STATUS["RNG_ALARM"]
    dut.restart_i.value = 1
    await RisingEdge(dut.clk_i)
    dut.restart_i.value = 0
    await u.wait_state("READY")
    assert int(dut.kat_fail_o.value) == 0
