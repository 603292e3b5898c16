"""Drive the RTL core (mccp_core) from cocotb: the one harness every core-level bench uses (tests, benchmarks, demo).

    results = await run_on_rtl(dut, program_words, key, tasks)

loads the firmware (all ImemWords words, the program padded with zeros, so the
image equals the one `iss_run` gives the ISS), loads the key, runs the tasks one
after the other and returns one `mccp.iss.Result` per task:

* `status`, `output` (the released words as (data, byte count)), `data`;
* `cycles`: from the start handshake (cycle 0) to the first cycle res_valid_o
  is high, which is how the ISS counts;
* `retired` / `writebacks`: the trace ports' events as `mccp.iss.Retire` /
  `mccp.iss.Writeback`, with cycles relative to the start handshake (the RTL
  presents trace events one cycle after the cycle they describe; the harness
  subtracts it).

Timing equal to the ISS needs the packet in the input FIFO when the task
starts: by default a task is started only once its words have been pushed (or
the FIFO is full) and have had time to reach the FIFO head.  With
`in_gap`, `out_stall` or `res_stall` the inputs and outputs are throttled
at random; status and data must not change, cycles may.

Also here: `iss_run` (the ISS on the same image), `assert_same` (event by
event comparison; stops at the first difference and prints both lines), and
`CoreHarness`, the object behind `run_on_rtl`, for tests that need more
control (reset, key errors, firmware reload between tasks).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, ReadOnly
from cocotb.utils import get_sim_time

from mccp.iss import Iss, Result, Retire, Writeback
from mccp.aes.task import Task

CLOCK_NS = 10
IMEM_WORDS = 1024
KEY_LEN_CODE = {16: 0, 24: 1, 32: 2}


def _u(sig) -> int:
    return int(sig.value)


def padded_image(program_words, imem_words: int = IMEM_WORDS) -> list[int]:
    words = list(getattr(program_words, "words", program_words))
    if len(words) > imem_words:
        raise ValueError(f"program of {len(words)} words does not fit {imem_words}")
    return words + [0] * (imem_words - len(words))


def iss_run(program_words, key: bytes | None, tasks: list[Task], imem_words: int = IMEM_WORDS,
            digit_bits: int = 32, decrypt_enable: bool = True, out_words: int = 130,
            max_cycles: int = 2_000_000) -> list[Result]:
    """The ISS on the image the harness loads into the RTL."""
    iss = Iss(padded_image(program_words, imem_words), digit_bits=digit_bits,
              decrypt_enable=decrypt_enable, out_words=out_words, max_cycles=max_cycles)
    if key is not None:
        iss.load_key(key)
    return [iss.run(t) for t in tasks]


def assert_same(rtl: Result, iss: Result, what: str = "", cycles: bool = True, trace: bool = True) -> None:
    """RTL and ISS agree: status, output and (optionally) cycles and both event streams."""
    where = f"{what}: " if what else ""
    if trace:
        for kind, a, b in (("retire", rtl.retired, iss.retired), ("write-back", rtl.writebacks, iss.writebacks)):
            for i in range(max(len(a), len(b))):
                ea = a[i] if i < len(a) else None
                eb = b[i] if i < len(b) else None
                if ea is None or eb is None or ea.key() != eb.key() or (cycles and ea.cycle != eb.cycle):
                    raise AssertionError(f"{where}{kind} event {i} differs\n  RTL: {ea}\n  ISS: {eb}")
    assert rtl.status == iss.status, f"{where}status RTL {rtl.status} ISS {iss.status}"
    assert rtl.output == iss.output, (f"{where}output differs\n  RTL: {[(hex(d), n) for d, n in rtl.output]}\n"
                                      f"  ISS: {[(hex(d), n) for d, n in iss.output]}")
    if cycles:
        assert rtl.cycles == iss.cycles, f"{where}cycles RTL {rtl.cycles} ISS {iss.cycles}"


@dataclass
class _Run:
    task: Task
    first_word: int            # index of the task's first word in the input stream
    start_cycle: int | None = None
    res_cycle: int | None = None
    result: Result | None = None
    bytes: int = 0
    retired: list = field(default_factory=list)
    writebacks: list = field(default_factory=list)


class CoreHarness:
    """Clock, reset and per-cycle driving of one mccp_core instance.

    Inputs are driven after the falling clock edge and outputs sampled in the
    ReadOnly phase before the next rising edge; a handshake seen there happens
    at that rising edge.  `self.cycle` counts cycles since the harness started.
    """

    def __init__(self, dut, imem_words: int = IMEM_WORDS, seed: int = 1, pair_ports: bool = True):
        self.dut = dut
        self.pair_ports = pair_ports       # the core's split-task ports are the bench's to drive
        self.start_times: list[int] = []   # absolute cycle (sim time / period) of each start handshake
        self.imem_words = imem_words
        self.rng = random.Random(seed)
        self.cycle = 0
        self.clock_task = None
        self.image: list[int] | None = None   # instruction memory contents as last written
        self.max_task_cycles = 1_000_000

    # ---- basics -----------------------------------------------------------
    def drive_idle(self) -> None:
        d = self.dut
        for name in ("imem_we_i", "imem_addr_i", "imem_wdata_i", "key_valid_i", "key_i", "key_len_i",
                     "rk_we_i", "rk_idx_i", "rk_i", "rk_dec_i", "rk_done_i", "rk_len_i",
                     "start_valid_i", "start_entry_i", "start_args_i", "start_empty_i", "in_valid_i", "in_data_i",
                     "in_last_i", "out_ready_i", "res_ready_i"):
            getattr(d, name).value = 0
        if self.pair_ports:   # a lone core: no partner (vsend / vrecv trap)
            for name in ("pair_en_i", "abort_i", "tx_space_i", "tx_space_next_push_i", "tx_space_next_hold_i",
                         "rx_valid_i", "rx_data_i", "rx_valid_next_pop_i", "rx_valid_next_hold_i"):
                getattr(d, name).value = 0

    @property
    def started(self) -> bool:
        """The clock runs (cocotb ends a test's coroutines, the clock too, with the test)."""
        return self.clock_task is not None and not self.clock_task.done()

    async def start(self) -> None:
        """Start the clock and reset the core."""
        if not self.started:
            self.clock_task = cocotb.start_soon(Clock(self.dut.clk_i, CLOCK_NS, unit="ns").start())
        await self.reset()

    async def reset(self, clocks: int = 3) -> None:
        d = self.dut
        await FallingEdge(d.clk_i)
        d.rst_ni.value = 0
        self.drive_idle()
        for _ in range(clocks):
            await FallingEdge(d.clk_i)
            self.cycle += 1
        d.rst_ni.value = 1
        await ReadOnly()

    async def tick(self) -> None:
        """Advance to the driving point of the next cycle."""
        await FallingEdge(self.dut.clk_i)
        self.cycle += 1

    # ---- firmware and key -------------------------------------------------
    async def load_program(self, program_words) -> None:
        """Make the instruction memory hold the program padded with zeros (only words
        that differ from what the harness wrote before are written).  Core must be idle."""
        d = self.dut
        image = padded_image(program_words, self.imem_words)
        await self.tick()
        for addr, word in enumerate(image):
            if self.image is not None and self.image[addr] == word:
                continue   # already there (the memory keeps its words across resets)
            d.imem_we_i.value = 1
            d.imem_addr_i.value = addr
            d.imem_wdata_i.value = word
            await self.tick()
        d.imem_we_i.value = 0
        self.image = image

    async def load_key(self, key: bytes, key_len: int | None = None) -> int:
        """Offer a key until accepted, then wait for the expansion; returns key_error_o seen."""
        d = self.dut
        code = KEY_LEN_CODE[len(key)] if key_len is None else key_len
        await self.tick()
        d.key_valid_i.value = 1
        d.key_i.value = int.from_bytes(key.ljust(32, b"\0"), "big")
        d.key_len_i.value = code
        while True:
            await ReadOnly()
            fired = _u(d.key_ready_o)
            await self.tick()
            if fired:
                break
        d.key_valid_i.value = 0
        error = 0
        for _ in range(200):
            await ReadOnly()
            error |= _u(d.key_error_o)
            if not _u(d.busy_o) and (error or _u(d.key_expanded_o)):
                break
            await self.tick()
        await self.tick()
        return error

    # ---- tasks ------------------------------------------------------------
    async def run(self, tasks: list[Task], in_gap: float = 0.0, out_stall: float = 0.0,
                  res_stall: float = 0.0, settle: int = 3) -> list[Result]:
        """Run the tasks in order; see the module doc.  Returns one Result per task."""
        d = self.dut
        rng = self.rng
        words = []
        runs = []
        for t in tasks:
            runs.append(_Run(t, len(words)))
            words.extend(t.words)
        pushed = 0               # input words accepted by the core
        last_push = -10**9
        started = 0              # tasks started
        done = 0                 # results taken
        current: _Run | None = None
        out_words: list[tuple[int, int, int]] = []   # (data, bytes, last)
        offer_in = offer_start = False
        deadline = self.cycle + self.max_task_cycles

        await self.tick()
        while True:
            if self.cycle > deadline:
                raise TimeoutError(f"task {started - 1} did not finish within {self.max_task_cycles} cycles"
                                   f" (pc {_u(d.trace_pc_o)})")
            # ---- drive this cycle ----
            limit = runs[started].first_word + len(runs[started].task.words) if started < len(runs) else len(words)
            if not offer_in and pushed < limit and rng.random() >= in_gap:
                offer_in = True
            d.in_valid_i.value = int(offer_in)
            if offer_in:
                d.in_data_i.value = words[pushed].data
                d.in_last_i.value = int(words[pushed].last)
            if (not offer_start and started < len(runs) and started == done
                    and self.cycle - last_push > settle):
                nxt = runs[started]
                ready_words = pushed >= nxt.first_word + len(nxt.task.words)
                if ready_words or not _u(d.in_ready_o) or in_gap:
                    offer_start = True
            d.start_valid_i.value = int(offer_start)
            if offer_start:
                nxt = runs[started]
                d.start_entry_i.value = nxt.task.entry
                args = 0
                for a in nxt.task.args:
                    args = (args << 32) | (a & 0xFFFFFFFF)
                d.start_args_i.value = args
                d.start_empty_i.value = int(not nxt.task.words)
            d.out_ready_i.value = int(rng.random() >= out_stall)
            d.res_ready_i.value = int(rng.random() >= res_stall)

            # ---- sample ----
            await ReadOnly()
            cyc = self.cycle
            if offer_in and _u(d.in_ready_o):
                pushed += 1
                last_push = cyc
                offer_in = False
            if offer_start and _u(d.start_ready_o):
                current = runs[started]
                current.start_cycle = cyc
                self.start_times.append(get_sim_time("ns") // CLOCK_NS)
                started += 1
                offer_start = False
                deadline = cyc + self.max_task_cycles
            if current is not None and current.start_cycle is not None and current.result is None:
                rel = cyc - current.start_cycle - 1   # trace events describe the previous cycle
                if _u(d.trace_valid_o):
                    reg = val = None
                    if _u(d.trace_we_o):
                        reg = ("s" if _u(d.trace_wsreg_o) else "v") + str(_u(d.trace_wreg_o))
                        val = _u(d.trace_wdata_o)
                    current.retired.append(Retire(_u(d.trace_pc_o), _u(d.trace_insn_o), reg, val, rel))
                if _u(d.trace_wb_valid_o):
                    current.writebacks.append(Writeback(f"v{_u(d.trace_wb_reg_o)}", _u(d.trace_wb_data_o), rel))
            if _u(d.out_valid_o) and _u(d.out_ready_i):
                out_words.append((_u(d.out_data_o), _u(d.out_bytes_o), _u(d.out_last_o)))
            if _u(d.res_valid_o) and current is not None:
                if current.res_cycle is None:
                    current.res_cycle = cyc
                if _u(d.res_ready_i):
                    current.result = Result(status=_u(d.res_status_o), output=[],
                                            cycles=current.res_cycle - current.start_cycle,
                                            retired=current.retired, writebacks=current.writebacks,
                                            instructions=len(current.retired))
                    current.bytes = _u(d.res_bytes_o)
                    done += 1
                    current = None
            if done == len(runs):
                expected = sum(r.bytes for r in runs)
                if sum(n for _, n, _ in out_words) >= expected and not _u(d.out_valid_o):
                    break
            await self.tick()
        await self.tick()
        d.in_valid_i.value = 0
        d.start_valid_i.value = 0
        d.res_ready_i.value = 0
        d.out_ready_i.value = 0

        # ---- cut the output stream into packets ----
        pos = 0
        for i, r in enumerate(runs):
            if r.bytes == 0:
                continue
            assert r.result.status == 0, f"task {i}: res_bytes {r.bytes} with status {r.result.status}"
            total = 0
            while total < r.bytes:
                assert pos < len(out_words), f"task {i}: output ended after {total} of {r.bytes} bytes"
                data, n, last = out_words[pos]
                pos += 1
                total += n
                r.result.output.append((data, n))
                assert 1 <= n <= 16, f"task {i}: out_bytes_o = {n}"
                assert last == (total >= r.bytes), f"task {i}: out_last_o wrong on word {len(r.result.output) - 1}"
            assert total == r.bytes, f"task {i}: output words carry {total} bytes, res_bytes_o {r.bytes}"
        assert pos == len(out_words), f"{len(out_words) - pos} output words belong to no packet"
        return [r.result for r in runs]


_HARNESSES: dict[int, CoreHarness] = {}


def harness(dut) -> CoreHarness:
    """The harness attached to `dut` (created on first use)."""
    h = _HARNESSES.get(id(dut))
    if h is None or h.dut is not dut:
        h = CoreHarness(dut)
        _HARNESSES[id(dut)] = h
    return h


async def run_on_rtl(dut, program_words, key: bytes | None, tasks: list[Task], *, reset: bool = False,
                     **run_args) -> list[Result]:
    """Load firmware (None: keep), key (None: keep) and run the tasks on the RTL core.

    The first call of a cocotb test starts the clock and resets the core;
    `reset=True` resets it again (this also forgets the key).  `run_args` go to CoreHarness.run.
    """
    h = harness(dut)
    if not h.started:
        await h.start()
    elif reset:
        await h.reset()
    if program_words is not None:
        await h.load_program(program_words)
    if key is not None:
        await h.load_key(key)
    return await h.run(tasks, **run_args)
