"""cocotb bench for rtl/fabric/mccp_stream_out.sv (the fabric's output stage).

The bench plays everything around the output stage in Python:

* a parser that grants packets to cores one after another and reports each
  packet's input completion (in_done, sometimes with len_err, sometimes before
  the task is even dispatched) and emits error records now and then;
* a scheduler that dispatches a granted packet to its core when the core is
  free (previous result taken) and ``rec_space_o`` as sampled at the end of
  the previous clock allows (it tells the room of the next clock, as
  mccp_sched registers it), after a random delay;
* cores with a random result latency, random status, random output words
  (1..16 valid bytes each, garbage beyond them) released into a first-word-
  fall-through buffer shown with random gaps;
* random ``m_axis_tready``: the output stream is taken by cocotbext-axi's
  AxiStreamSink, back-pressure from its pause generator (``p_ready``, none in
  the first ``hold`` clocks).

A scoreboard written from docs/fabric.md ("Output packet", "Per-channel
order", "Output stage") -- not from the RTL -- checks on every clock:
every packet exactly once, header fields exact, data words exact (bytes beyond
each word's count zero) and only with status OK, the LENGTH rule (len_err:
header only, the core's released words popped and dropped), error records
(core 0xFF), per-channel order of ordered records, no header before the
record's result and in_done, the AXI-Stream rule (tdata/tkeep/tlast/tvalid hold
while tvalid && !tready), TKEEP (all ones but on the TLAST beat, which ends at
the packet's last valid byte: the core's count of its last word, 16 for a
header alone; the bench pads the missing bytes back with zeros and compares
whole words; checked on the sink's frames, one per packet, at their beats'
clocks), the pkt_out/pkt_err pulses, rec_empty, rec_space (exactly: fewer than two
records of the core left after this clock's grant, counting the records
dispatched before this clock; the grant read from the arbiter's grant/gsel),
fairness (packets from other sources while one waits, bounded), and in the
throughput test one beat per cycle with no gaps.

Retiring keys (docs/fabric.md "Key store"): each task carries a key slot, a few
are dispatched stale, and key-store invalidations (a slot, or all) come at
random.  A task is old from the first invalidation of its slot at or after its
dispatch (a stale one from the clock after its dispatch); retiring_o must be
set in every clock from then until its TLAST beat is taken, and may be set
only while such a task is out there or in the two clocks after a pulse.

Knobs (environment, from tests/fabric/test_stream_out.py): SO_NUM_CORES,
SO_STREAM_BITS, SO_CHANNELS, SO_PACKETS, SO_SEED.
"""

from __future__ import annotations

import os
import random
from collections import deque

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, ReadOnly
from cocotb.utils import get_sim_steps, get_sim_time
from cocotbext.axi import AxiStreamBus, AxiStreamSink

from axibus import Ports, frame_beats, quiet, random_pause


N = int(os.environ.get("SO_NUM_CORES", "3"))
SB = int(os.environ.get("SO_STREAM_BITS", "128"))
CHANNELS = int(os.environ.get("SO_CHANNELS", "4"))
PACKETS = int(os.environ.get("SO_PACKETS", "300"))
SEED = int(os.environ.get("SO_SEED", "1"))
BEATS = 128 // SB
MASK128 = (1 << 128) - 1
PERIOD = 10                        # ns

# docs/fabric.md / core.md codes
OUT_MAGIC = 0x5A
ST_OK, ST_LENGTH = 0, 4
CORE_BAD = (1, 2, 3, 5, 6)         # core statuses that discard the output
FABRIC_ERR = (8, 9, 10, 11)        # NO_CHANNEL, BAD_HEADER, KEY_ERROR, NO_CORE


def pack_header(status, channel, seq, out_len, core, start):
    """The output header word from the spec's byte table (byte 0 = bits 127:120)."""
    b = bytes([OUT_MAGIC, status]) + channel.to_bytes(2, "big") + seq.to_bytes(4, "big") \
        + out_len.to_bytes(2, "big") + bytes([core, 0]) + start.to_bytes(4, "big")
    return int.from_bytes(b, "big")


def masked(word, nbytes):
    return word & ~((1 << (8 * (16 - nbytes))) - 1) & MASK128


class Pkt:
    """One task (or error record) and everything the bench learns about it."""

    def __init__(self, seq):
        self.seq = seq
        self.err = False           # error record from the parser (no core)
        self.core = None
        self.channel = 0
        self.ordered = False
        self.status = ST_OK        # the core's status
        self.len_err = False
        self.words = []            # (data with garbage, nbytes)
        self.start = 0
        # timestamps (cycles)
        self.grant = self.disp = self.res_taken = self.in_done = None
        self.first_word = None     # first word shown on the core's out port
        self.drain_end = None      # last dropped word popped
        self.first_beat = None     # header's first beat accepted on m_axis
        self.offered = None        # error records: err_valid raised
        self.slot = 0              # key slot of the task
        self.stale = False         # dispatched with a key replaced after its read
        self.old_at = None         # first clock its output depends on a replaced key

    @property
    def final(self):
        if self.err:
            return self.status
        return ST_LENGTH if self.len_err else self.status

    @property
    def nbytes(self):
        return sum(n for _, n in self.words) if self.status == ST_OK else 0

    def expected(self):
        if self.err:
            return [pack_header(self.status, self.channel, self.seq, 0, 0xFF, 0)]
        ok = self.final == ST_OK
        hdr = pack_header(self.final, self.channel, self.seq, self.nbytes if ok else 0,
                          self.core, self.start)
        return [hdr] + ([masked(w, n) for w, n in self.words] if ok else [])

    def last_bytes(self):
        """Valid bytes of the packet's last word: the core's count of its last word, or the
        header's 16 when the packet is its header alone."""
        return self.words[-1][1] if len(self.expected()) > 1 else 16


class Core:
    def __init__(self, idx):
        self.idx = idx
        self.granted = deque()     # granted, not yet dispatched: (pkt, earliest disp cycle)
        self.running = None
        self.finish_at = 0
        self.res = None            # result on offer
        self.res_at = 0
        self.fifo = deque()        # released words: [data, nbytes, last, pkt, visible_at]
        self.presenting = False
        self.history = []          # dispatched packets in order
        self.held = 0              # records: dispatched in an earlier clock, not yet granted


def ready_pauses(rng, p_ready, hold):
    """m_axis_tready low in the first `hold` clocks, then high with probability p_ready."""
    for _ in range(hold):
        yield True
    yield from random_pause(rng, 1.0 - p_ready)


class Tb:
    def __init__(self, dut, rng, *, n_pkts, p_ready=0.7, p_err=0.03, p_len_err=0.1,
                 p_bad=0.15, p_ordered=0.6, max_words=6, res_lat=(0, 30), word_lat=(0, 4),
                 disp_lat=(0, 12), done_lat=(0, 20), p_gap=0.2, p_zero=0.05, p_early=0.3,
                 min_words=1, res_gap=(0, 3), hold=0, p_inv=0.02):
        self.dut, self.rng = dut, rng
        self.n_pkts = n_pkts
        self.p_ready, self.p_err, self.p_len_err, self.p_bad = p_ready, p_err, p_len_err, p_bad
        self.p_ordered, self.max_words, self.p_gap, self.p_zero = p_ordered, max_words, p_gap, p_zero
        self.res_lat, self.word_lat, self.disp_lat, self.done_lat = res_lat, word_lat, disp_lat, done_lat
        self.p_early, self.min_words, self.res_gap, self.hold = p_early, min_words, res_gap, hold
        self.p_inv = p_inv
        self.live = set()          # tasks dispatched and not yet past their TLAST beat
        self.inv_cycles = set()    # clocks with an invalidation pulse
        self.retiring_seen = 0
        self.cycle = 0
        self.cores = [Core(i) for i in range(N)]
        self.next_seq = rng.getrandbits(32) & 0xFFFF0000
        self.generated = 0
        self.by_seq = {}
        self.parser_cur = None     # (pkt, in_done due cycle)
        self.err_cur = None
        self.expected_order = {}   # channel -> deque of ordered packets in dispatch order
        self.order_log = {}        # channel -> every ordered packet in dispatch order
        self.done = []             # packets received, in output order
        # output stream state
        self.cur_words = []
        self.cur_beats = []
        self.prev_beat = None      # (tdata, tkeep, tlast) of a beat offered but not taken
        self.tlast_taken = None    # (status != OK) of the TLAST beat taken in the previous cycle
        self.frames = []           # (first beat's clock, last beat's clock, beats) of each packet out
        self.t0 = None             # sim time (steps) of clock 0's falling edge
        quiet(dut, "m_axis")
        self.sink = AxiStreamSink(AxiStreamBus.from_prefix(Ports(dut), "m_axis"), dut.clk_i, dut.rst_ni,
                                  reset_active_level=False)
        self.sink.set_pause_generator(ready_pauses(random.Random(rng.getrandbits(32)), p_ready, hold))
        self.len_err_drops = 0
        self.space = (1 << N) - 1  # rec_space_o at the end of the previous clock

    # ------------------------------------------------------------ generation
    def new_pkt(self, err=False):
        seq = (self.next_seq + len(self.by_seq)) & 0xFFFFFFFF
        p = Pkt(seq)
        self.by_seq[seq] = p
        r = self.rng
        if err:
            p.err = True
            p.status = r.choice(FABRIC_ERR)
            p.channel = r.getrandbits(16)
            return p
        p.channel = r.randrange(CHANNELS)
        p.slot = r.randrange(4)
        p.stale = r.random() < 0.03
        p.ordered = r.random() < self.p_ordered
        p.status = r.choice(CORE_BAD) if r.random() < self.p_bad else ST_OK
        p.len_err = r.random() < self.p_len_err
        if p.status == ST_OK and r.random() >= self.p_zero:
            for _ in range(r.randint(self.min_words, self.max_words)):
                n = 16 if r.random() < 0.6 else r.randint(1, 16)
                p.words.append((r.getrandbits(128), n))
        return p

    # ------------------------------------------------------------ driving
    def drive(self):
        dut, r, cyc = self.dut, self.rng, self.cycle
        # parser: grant the next packet to a core without a granted one, then in_done
        in_done = None
        if self.parser_cur is None and self.generated < self.n_pkts:
            free = [c for c in self.cores if not c.granted]
            if free:
                c = r.choice(free)
                p = self.new_pkt()
                self.generated += 1
                p.core, p.grant = c.idx, cyc
                early = r.random() < self.p_early
                c.granted.append((p, cyc + r.randint(*self.disp_lat)))
                self.parser_cur = (p, cyc + (0 if early else r.randint(*self.done_lat)), early)
        if self.parser_cur is not None:
            p, due, early = self.parser_cur
            # "early": in_done may come before the dispatch; otherwise only after it
            if cyc >= due and (early or p.disp is not None):
                in_done = p
                self.parser_cur = None
        dut.in_done_valid_i.value = int(in_done is not None)
        dut.in_done_core_i.value = in_done.core if in_done else r.randrange(16)
        dut.in_done_len_err_i.value = int(in_done.len_err) if in_done else r.getrandbits(1)
        if in_done is not None:
            in_done.in_done = cyc
        # parser error records
        if self.err_cur is None and self.generated < self.n_pkts and r.random() < self.p_err:
            self.err_cur = self.new_pkt(err=True)
            self.err_cur.offered = cyc
        e = self.err_cur
        dut.err_valid_i.value = int(e is not None)
        dut.err_status_i.value = e.status if e else r.getrandbits(8)
        dut.err_channel_i.value = e.channel if e else r.getrandbits(16)
        dut.err_seq_i.value = e.seq if e else r.getrandbits(32)
        # scheduler: one dispatch per cycle
        cands = [c for c in self.cores if c.granted and c.running is None and c.res is None
                 and c.granted[0][1] <= cyc and (self.space >> c.idx) & 1]
        disp = r.choice(cands) if cands else None
        dut.disp_valid_i.value = int(disp is not None)
        if disp is not None:
            p, _ = disp.granted.popleft()
            p.disp = cyc
            p.start = r.getrandbits(32)
            disp.running, disp.finish_at = p, cyc + 1 + r.randint(*self.res_lat)
            disp.history.append(p)
            if p.ordered:
                self.expected_order.setdefault(p.channel, deque()).append(p)
                self.order_log.setdefault(p.channel, []).append(p)
            dut.disp_core_i.value = disp.idx
            dut.disp_channel_i.value = p.channel
            dut.disp_seq_i.value = p.seq
            dut.disp_ordered_i.value = int(p.ordered)
            dut.disp_start_cycle_i.value = p.start
            dut.disp_key_slot_i.value = p.slot
            dut.disp_stale_i.value = int(p.stale)
            self.live.add(p)
            if p.stale:
                p.old_at = cyc + 1
        else:
            dut.disp_key_slot_i.value = r.getrandbits(5)
            dut.disp_stale_i.value = r.getrandbits(1)
            dut.disp_core_i.value = r.randrange(16)
            dut.disp_channel_i.value = r.getrandbits(8)
            dut.disp_seq_i.value = r.getrandbits(32)
            dut.disp_ordered_i.value = r.getrandbits(1)
            dut.disp_start_cycle_i.value = r.getrandbits(32)
        # key-store invalidations: a slot (0..4, 4 unused by the tasks) or all
        inv = r.random() < self.p_inv
        slot, every = r.randrange(5), int(r.random() < 0.1)
        dut.ks_inv_valid_i.value = int(inv)
        dut.ks_inv_slot_i.value = slot
        dut.ks_inv_all_i.value = every
        if inv:
            self.inv_cycles.add(cyc)
            for p in self.live:
                if (every or p.slot == slot) and p.old_at is None:
                    p.old_at = cyc
        # cores
        ov = ol = rv = 0
        od = ob = rs = rb = 0
        for c in self.cores:
            if c.running is not None and cyc >= c.finish_at:
                p = c.running
                c.running = None
                if p.status == ST_OK:
                    vis = cyc + r.randint(*self.word_lat)
                    for i, (w, n) in enumerate(p.words):
                        c.fifo.append([w, n, i == len(p.words) - 1, p, vis])
                c.res, c.res_at = p, cyc + r.randint(*self.res_gap)
            if c.res is not None and cyc >= c.res_at:
                rv |= 1 << c.idx
                rs |= c.res.status << (8 * c.idx)
                rb |= c.res.nbytes << (16 * c.idx)
            else:
                rs |= r.getrandbits(8) << (8 * c.idx)
                rb |= r.getrandbits(16) << (16 * c.idx)
            if not c.presenting and c.fifo and c.fifo[0][4] <= cyc and r.random() >= self.p_gap:
                c.presenting = True
                w = c.fifo[0]
                if w[3].first_word is None:
                    w[3].first_word = cyc
            if c.presenting:
                w = c.fifo[0]
                ov |= 1 << c.idx
                ol |= int(w[2]) << c.idx
                od |= w[0] << (128 * c.idx)
                ob |= w[1] << (5 * c.idx)
            else:
                od |= r.getrandbits(128) << (128 * c.idx)
                ob |= r.randint(1, 16) << (5 * c.idx)
                ol |= r.getrandbits(1) << c.idx
        dut.core_out_valid_i.value = ov
        dut.core_out_last_i.value = ol
        dut.core_out_data_i.value = od
        dut.core_out_bytes_i.value = ob
        dut.core_res_valid_i.value = rv
        dut.core_res_status_i.value = rs
        dut.core_res_bytes_i.value = rb

    # ------------------------------------------------------------ sampling
    def sample(self):
        dut, cyc = self.dut, self.cycle
        # packets whose TLAST beat the sink took at the end of the previous clock
        while not self.sink.empty():
            self.take_frame(self.sink.recv_nowait(compact=False))
        # pkt_out / pkt_err: one cycle after the TLAST handshake
        po, pe = int(dut.pkt_out_o.value), int(dut.pkt_err_o.value)
        exp_po = self.tlast_taken is not None
        exp_pe = bool(self.tlast_taken)
        assert (po, pe) == (int(exp_po), int(exp_pe)), \
            f"cycle {cyc}: pkt_out/pkt_err = {po}/{pe}, expected {int(exp_po)}/{int(exp_pe)}"
        self.tlast_taken = None
        # cores
        oready = int(dut.core_out_ready_o.value)
        rready = int(dut.core_res_ready_o.value)
        empty = int(dut.rec_empty_o.value)
        # record space: room after this clock's grant, for a dispatch in the next clock
        space = int(dut.rec_space_o.value)
        grant, gsel = int(dut.grant.value), int(dut.gsel.value)
        for c in self.cores:
            c.held -= int(grant and (gsel >> c.idx) & 1)
            assert c.held >= 0, f"cycle {cyc}: core {c.idx} granted with no record"
            assert (space >> c.idx) & 1 == int(c.held < 2), (
                f"cycle {cyc}: rec_space[{c.idx}] = {(space >> c.idx) & 1} with {c.held} records left")
            c.held += int(c.running is not None and c.running.disp == cyc)
        self.space = space
        for c in self.cores:
            if (c.running is not None and c.running.disp < cyc) or c.res is not None:
                assert not (empty >> c.idx) & 1, f"cycle {cyc}: rec_empty[{c.idx}] with a task on the core"
            if c.presenting and (oready >> c.idx) & 1:
                w, n, last, p, _ = c.fifo.popleft()
                c.presenting = False
                assert p.res_taken is not None and p.in_done is not None, \
                    f"cycle {cyc}: core {c.idx}: word of seq {p.seq:#x} taken before its result and in_done"
                if p.len_err:
                    if last:
                        p.drain_end = cyc
                        self.len_err_drops += 1
            if c.res is not None and cyc >= c.res_at and (rready >> c.idx) & 1:
                c.res.res_taken = cyc
                c.res = None
        if self.err_cur is not None and int(dut.err_ready_o.value):
            self.err_cur.res_taken = self.err_cur.in_done = cyc
            self.err_cur = None
        # retiring keys (before this clock's beats: a TLAST taken now still counts)
        ret = int(dut.retiring_o.value)
        must = [p for p in self.live if p.old_at is not None and p.old_at <= cyc]
        assert ret or not must, (f"cycle {cyc}: retiring_o low while seq {must[0].seq:#x} (slot {must[0].slot}, "
                                 f"old since {must[0].old_at}) is not out")
        assert not ret or must or {cyc, cyc - 1} & self.inv_cycles, (
            f"cycle {cyc}: retiring_o high with no task of a replaced key out there")
        self.retiring_seen += ret
        # output stream: the sink takes the beats; a sink only sees handshakes, so the rule
        # that a beat on offer holds until taken is checked here, clock by clock
        tv, tr = int(dut.m_axis_tvalid_o.value), int(dut.m_axis_tready_i.value)
        if self.prev_beat is not None:
            assert tv, f"cycle {cyc}: tvalid dropped before the beat was taken"
            cur = (int(dut.m_axis_tdata_o.value), int(dut.m_axis_tkeep_o.value), int(dut.m_axis_tlast_o.value))
            assert cur == self.prev_beat, f"cycle {cyc}: tdata/tkeep/tlast changed while tvalid && !tready"
        self.prev_beat = None
        if tv and not tr:
            self.prev_beat = (int(dut.m_axis_tdata_o.value), int(dut.m_axis_tkeep_o.value),
                              int(dut.m_axis_tlast_o.value))

    def clock_of(self, t) -> int:
        """The clock whose closing rising edge is at sim time t (steps)."""
        period = get_sim_steps(PERIOD, "ns")
        c, rem = divmod(t - self.t0 - period // 2, period)
        assert rem == 0, f"sim time {t} is not a rising edge"
        return c

    def take_frame(self, frame):
        """One packet from the sink: its beats in order, TLAST on the last."""
        first, last = self.clock_of(frame.sim_time_start), self.clock_of(frame.sim_time_end)
        beats = frame_beats(frame, SB // 8)
        self.frames.append((first, last, len(beats)))
        self.word_cycle = first
        for i, (data, keep) in enumerate(beats):     # errors name the clock of the TLAST beat
            self.take_beat(data, keep, int(i == len(beats) - 1), last)

    def take_beat(self, data, keep, last, cyc):
        bb = SB // 8
        full = (1 << bb) - 1
        run = 0
        while run < bb and keep >> (bb - 1 - run) & 1:
            run += 1
        if last:
            assert run > 0 and keep == full & ~(full >> run), \
                f"cycle {cyc}: TLAST beat with TKEEP {keep:#x}, not a nonempty run from byte 0"
            # the packet's last word: its valid bytes, then zeros in place of the beats and
            # bytes it left out
            self.last_bytes = len(self.cur_beats) * bb + run
            data &= ~((1 << (8 * (bb - run))) - 1)
            self.cur_beats += [data] + [0] * (BEATS - 1 - len(self.cur_beats))
        else:
            assert keep == full, f"cycle {cyc}: TKEEP {keep:#x} on a beat before TLAST"
            self.cur_beats.append(data)
        if len(self.cur_beats) == BEATS:
            word = 0
            for b in self.cur_beats:
                word = (word << SB) | b
            self.cur_beats = []
            self.cur_words.append(word)
            if len(self.cur_words) == 1:
                self.header_seen(word, self.word_cycle)
        else:
            assert not last, f"cycle {cyc}: TLAST in the middle of a word"
        if last:
            self.packet_done(self.cur_words, cyc)
            self.cur_words = []

    def header_seen(self, hdr, cyc):
        seq = (hdr >> 64) & 0xFFFFFFFF
        p = self.by_seq.get(seq)
        assert p is not None, f"cycle {cyc}: header {hdr:032x} with unknown seq {seq:#x}"
        assert p.first_beat is None, f"cycle {cyc}: seq {seq:#x} emitted twice"
        p.first_beat = cyc
        assert p.res_taken is not None and p.res_taken < cyc, \
            f"cycle {cyc}: seq {seq:#x} header before its result was taken"
        assert p.in_done is not None and p.in_done < cyc, \
            f"cycle {cyc}: seq {seq:#x} header before its in_done"
        if p.ordered:
            q = self.expected_order[p.channel]
            assert q[0] is p, (f"cycle {cyc}: channel {p.channel}: seq {seq:#x} out of order "
                               f"(expected {q[0].seq:#x})")
            q.popleft()

    def packet_done(self, words, cyc):
        seq = (words[0] >> 64) & 0xFFFFFFFF
        p = self.by_seq[seq]
        exp = p.expected()
        assert len(words) == len(exp), \
            f"cycle {cyc}: seq {seq:#x}: {len(words)} words, expected {len(exp)}"
        assert self.last_bytes == p.last_bytes(), \
            f"cycle {cyc}: seq {seq:#x}: last word of {self.last_bytes} bytes, expected {p.last_bytes()}"
        for i, (got, want) in enumerate(zip(words, exp)):
            assert got == want, f"cycle {cyc}: seq {seq:#x} word {i}: {got:032x}, expected {want:032x}"
        self.done.append(p)
        self.live.discard(p)
        self.tlast_taken = p.final != ST_OK

    # ------------------------------------------------------------ checks at the end
    def all_done(self):
        return (self.generated == self.n_pkts and self.parser_cur is None and self.err_cur is None
                and all(not c.granted and c.running is None and c.res is None and not c.fifo
                        for c in self.cores)
                and all(p.first_beat is not None for p in self.by_seq.values())
                and not self.cur_words and not self.cur_beats)

    def fairness(self):
        """Packets from other sources whose header went out while one waited
        (ready by the bench's conservative reckoning).  Round robin over N+1
        sources allows N of them, plus packets already chosen or in the
        downsizer's two registers when the wait began."""
        worst = 0
        by_core = {}
        for p in sorted(self.by_seq.values(), key=lambda q: q.first_beat):
            if p.err:
                ready = p.offered
            else:
                prev = by_core.get(p.core)
                t = [p.res_taken, p.in_done]
                if prev is not None:
                    t.append(prev.first_beat)
                    if prev.drain_end is not None:
                        t.append(prev.drain_end)
                if p.final == ST_OK and p.words:
                    t.append(p.first_word)
                if p.ordered:
                    idx = self.order_log[p.channel]
                    k = idx.index(p)
                    if k:
                        t.append(idx[k - 1].first_beat)
                ready = max(t)
                by_core[p.core] = p
            src = -1 if p.err else p.core
            others = sum(1 for q in self.by_seq.values()
                         if ready < q.first_beat < p.first_beat and (-1 if q.err else q.core) != src)
            worst = max(worst, others)
        return worst


async def reset(dut):
    cocotb.start_soon(Clock(dut.clk_i, 10, unit="ns").start())
    for sig in ("disp_valid_i", "in_done_valid_i", "err_valid_i", "core_out_valid_i", "core_res_valid_i",
                "ks_inv_valid_i", "disp_stale_i", "disp_secret_i", "disp_dest_i", "sec_busy_i"):
        getattr(dut, sig).value = 0
    dut.m_axis_tready_i.value = 0
    dut.rst_ni.value = 0
    await FallingEdge(dut.clk_i)
    await FallingEdge(dut.clk_i)
    dut.rst_ni.value = 1
    await FallingEdge(dut.clk_i)
    assert int(dut.rec_empty_o.value) == (1 << N) - 1
    assert int(dut.rec_space_o.value) == (1 << N) - 1
    assert int(dut.m_axis_tvalid_o.value) == 0


async def run(tb, limit):
    dut = tb.dut
    tb.t0 = get_sim_time("step")
    while not tb.all_done():
        assert tb.cycle < limit, f"no progress: {len(tb.done)} packets out after {tb.cycle} cycles"
        tb.drive()
        await ReadOnly()
        tb.sample()
        await FallingEdge(dut.clk_i)
        tb.cycle += 1
    # tail: the pkt pulse of the last packet, then everything idle
    for _ in range(3):
        tb.drive()
        await ReadOnly()
        tb.sample()
        await FallingEdge(dut.clk_i)
        tb.cycle += 1
    assert int(dut.rec_empty_o.value) == (1 << N) - 1, "rec_empty not all ones at the end"
    assert int(dut.rec_space_o.value) == (1 << N) - 1, "rec_space not all ones at the end"
    assert int(dut.m_axis_tvalid_o.value) == 0
    assert all(not q for q in tb.expected_order.values())
    dut._log.info(f"{len(tb.done)} packets ({sum(p.err for p in tb.done)} error records, "
                  f"{sum(p.final != ST_OK for p in tb.done)} non-OK, {tb.len_err_drops} with dropped words) "
                  f"in {tb.cycle} cycles, {sum(f[2] for f in tb.frames)} beats")


def make_tb(dut, salt, **kw):
    return Tb(dut, random.Random(SEED * 1000 + salt), **kw)


@cocotb.test()
async def test_random(dut):
    """Everything at random: statuses, len_err, error records, gaps, back-pressure."""
    await reset(dut)
    tb = make_tb(dut, 1, n_pkts=PACKETS)
    await run(tb, 400 * PACKETS)
    worst = tb.fairness()
    dut._log.info(f"fairness: at most {worst} packets of other sources while one waited")
    assert worst <= N + 3, f"unfair: {worst} packets of other sources went out while one waited"
    assert tb.retiring_seen and sum(p.old_at is not None for p in tb.done) > 10, "coverage: no retiring task"


@cocotb.test()
async def test_fairness(dut):
    """Every core loaded, error records always on offer, heavy back-pressure."""
    await reset(dut)
    tb = make_tb(dut, 2, n_pkts=PACKETS // 2, p_ready=0.4, p_err=0.5, p_ordered=0.0,
                 res_lat=(0, 4), done_lat=(0, 2), disp_lat=(0, 1), p_gap=0.0, max_words=3)
    await run(tb, 400 * PACKETS)
    worst = tb.fairness()
    dut._log.info(f"fairness: at most {worst} packets of other sources while one waited")
    assert worst <= N + 3, f"unfair: {worst} packets of other sources went out while one waited"


@cocotb.test()
async def test_throughput(dut):
    """No back-pressure, data always there: one beat per cycle from the first
    beat to the last, across packet boundaries."""
    await reset(dut)
    n = max(PACKETS // 3, 40)
    tb = make_tb(dut, 3, n_pkts=n, p_ready=1.01, p_err=0.0, p_len_err=0.0, p_bad=0.0,
                 p_ordered=0.0, res_lat=(0, 0), word_lat=(0, 0), disp_lat=(0, 0), done_lat=(0, 0),
                 p_gap=0.0, p_zero=0.0, min_words=6, max_words=12, p_early=1.0,
                 res_gap=(0, 0), hold=80)
    await run(tb, 400 * n)
    first, last, beats = tb.frames[0][0], tb.frames[-1][1], sum(f[2] for f in tb.frames)
    gaps = (last - first + 1) - beats
    dut._log.info(f"throughput: {beats} beats in {last - first + 1} cycles")
    assert gaps == 0, f"{gaps} idle cycles between the first and the last beat"
