"""Transaction-level model of `mccp_top` (docs/fabric.md), event driven.

Resources and their rules, as the RTL has them:

* **input stream** (one packet at a time): the header word takes 128/StreamBits
  beats; the parser then asks the scheduler, which picks an idle capable core
  (not busy, fewer than two records in the output stage: the running task and
  one finished packet not yet emitted), loads the channel's key into it if its
  cache misses (the shared expander writes its round keys before the start), and starts the
  task; the body then streams into the core at one word per 128/StreamBits
  cycles.  The next packet's header follows the last body word.  While no core
  is free the stream stalls (head-of-line): packets are taken in arrival order.
* **core**: the task costs what the ISS says (mccp.perf.costs: total cycles and
  the cycle each input word is read and each output word written); a word read
  before it arrived stalls the core, and an output word written while the
  core's output buffer (130 words) still holds the previous packet's unread
  words stalls it until they leave.
* **output stage** (one packet at a time): a finished task's packet (status
  header + output words) may leave once the core's result is in and -- per
  channel order -- its channel's previously dispatched packet has been chosen;
  round robin among the cores from the one after the last chosen; the packet
  takes (1 + words) x 128/StreamBits cycles.
* **policies**: key affinity (a free core that holds the channel's key wins,
  then round robin from the core after the last one chosen), per-channel order.
* **split CCM** (the channel's `split` bit or the global `Config.ccm_split`,
  as CHAN_CFG0.SPLIT / SCHED.CCM_SPLIT): with two cores or more, a CCM packet
  waits for a pair (2p, 2p+1) whose cores are both free (with affinity, a pair
  whose cores both hold the key wins; else the lowest free pair; the round robin
  pointer stays); the scheduler loads the key into the MAC core 2p+1 if it
  misses and starts it, then loads it into the I/O core 2p if it misses and
  starts that one (the one expander: the loads follow each other).  The I/O core
  is the packet's task (body, record, output) with the I/O half's ISS cost; the
  MAC core has no record and is free again when its half ends, `lead` cycles
  (ISS) before the I/O core's result.  One core (no pair): as any packet.
* **host**: input gaps / output stalls (`Device.backpressure`, a probability per
  cycle) stretch each stream's word time to beats / (1 - p) on average.

The small pipeline constants (`Timing`) are the cycle counts of the RTL's state
machines (parser StHdr->StLookup->StCheck->StReq, scheduler StIdle->StKeyRd->
StPick->StKey/StStart, the core's start handshake, the output stage's record
and header cycles), checked against the RTL by tests/perf; the per-core costs
come from the ISS, the key expansion from results/bench_engines.json.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field, replace

from mccp.perf import costs


@dataclass(frozen=True)
class Timing:
    hdr_to_start: int = 7      # header word taken -> start handshake (core free, key cached)
    free_to_start: int = 3     # result taken -> next start on that core, when a request waits
    key_extra: int = 1         # a key miss delays the start by the expansion (bench_engines.json) + this
    split_start: int = 2       # a split packet: the MAC core's start handshake -> the I/O core's (key cached)
    read_lat: int = 2          # body word handed to the core -> the core can read it (from the start)
    res_to_emit: int = 3       # result taken -> the packet may be chosen by the output stage
    emit_to_exit: int = 3      # chosen -> TLAST beat, beyond (1 + words) x beats
    out_read_lat: int = 1      # chosen -> first output word leaves the core buffer, beyond beats
    out_depth: int = costs.OUT_WORDS   # core output buffer (words), BufBytes/16 + 2


@dataclass(frozen=True)
class Config:
    cores: int = 4
    stream_bits: int = 128
    affinity: bool = True      # global SCHED.AFFINITY
    in_order: bool = True      # global SCHED.IN_ORDER
    timing: Timing = Timing()
    in_gap: float = 0.0        # host: probability per cycle that no input beat is offered (Device.backpressure)
    out_stall: float = 0.0     # host: probability per cycle that the output's tready is low
    paper_cores: bool = False  # what-if: the paper's core costs (costs.paper_cost) instead of the ISS's
    key_cache: int = 1         # expanded keys a core holds (the hardware: 1; more is a what-if)
    ccm_split: bool = False    # global SCHED.CCM_SPLIT: every CCM packet on a core pair

    @property
    def beats(self) -> int:
        return 128 // self.stream_bits


@dataclass(frozen=True)
class Channel:
    mode: str = "gcm"
    key_slot: int = 0
    key_bits: int = 128
    op: str = ""               # default: encrypt / mac
    affinity: bool = True      # the channel's policy bits
    ordered: bool = True
    split: bool = False        # CCM on a core pair (CHAN_CFG0.SPLIT)
    nonce: int = -1            # -1: the device API's default
    tag_len: int = -1


@dataclass
class Packet:
    channel: int
    payload: int
    aad: int = 0
    arrival: int = 0           # cycle the host offers it (the stream takes packets in list order)
    deadline: int | None = None  # relative to arrival
    # results
    entry: int = -1            # first header beat accepted
    start: int = -1            # start handshake with the core
    end: int = -1              # the core's result taken
    chosen: int = -1           # output stage picks the packet
    exit: int = -1             # TLAST beat of the output packet
    core: int = -1             # the core that ran it (a split packet: its I/O core 2p)
    mac_core: int = -1         # a split packet's MAC core (2p+1); -1: one core
    mac_start: int = -1        # a split packet: the MAC core's start handshake
    mac_end: int = -1          # a split packet: the MAC core's result taken (the core is free again)
    key_load: bool = False     # a key expansion before the start (either core of a pair)
    out_stall: int = 0         # cycles the core waited for room in its output buffer

    @property
    def latency(self) -> int:
        return self.exit - self.entry

    @property
    def response(self) -> int:
        return self.exit - self.arrival


@dataclass
class _Core:
    busy: bool = False
    free_at: int = 0           # earliest start after the last result
    records: list = field(default_factory=list)   # packets (FIFO) held by the output stage
    keys: list = field(default_factory=list)     # key slots whose expanded keys the core holds (LRU last)
    last_out: Packet | None = None    # last packet chosen for output (its words may still drain)


def shape_of(ch: Channel, p: Packet) -> costs.Shape:
    return costs.Shape(ch.mode, ch.op or costs.default_op(ch.mode), ch.key_bits, p.payload, p.aad,
                       ch.nonce, ch.tag_len)


class Model:
    """One scenario: `run(packets)` fills in the packets' timing."""

    def __init__(self, cfg: Config, channels: list[Channel]):
        self.cfg = cfg
        self.channels = channels
        self._cost_cache: dict = {}
        if cfg.paper_cores and any(self.splits(ch) for ch in channels):
            raise ValueError("the paper's core costs (what-if) have no split CCM")

    def splits(self, ch: Channel) -> bool:
        """The channel's packets ask for a core pair (mccp_sched's want_split)."""
        return ch.mode == "ccm" and (ch.split or self.cfg.ccm_split)

    def _cost(self, p: Packet) -> costs.Cost:
        k = (p.channel, p.payload, p.aad)
        c = self._cost_cache.get(k)
        if c is None:
            fn = costs.paper_cost if self.cfg.paper_cores else costs.cost
            c = self._cost_cache[k] = fn(shape_of(self.channels[p.channel], p))
        return c

    def _split_cost(self, p: Packet, offset: int) -> costs.SplitCost:
        k = (p.channel, p.payload, p.aad, offset)
        c = self._cost_cache.get(k)
        if c is None:
            c = self._cost_cache[k] = costs.split_cost(shape_of(self.channels[p.channel], p), offset)
        return c

    def run(self, packets: list[Packet]) -> list[Packet]:
        cfg, tm = self.cfg, self.cfg.timing
        # cycles per word on each stream: 128/StreamBits beats, slowed by the host's gaps / stalls
        Bi = cfg.beats / (1.0 - cfg.in_gap) if cfg.in_gap else cfg.beats
        Bo = cfg.beats / (1.0 - cfg.out_stall) if cfg.out_stall else cfg.beats
        cores = [_Core() for _ in range(cfg.cores)]
        pairs = cfg.cores // 2                 # (2p, 2p+1); the last core of an odd count has no partner
        ev: list = []
        seq = [0]

        def post(t, kind, arg=None):
            seq[0] += 1
            heapq.heappush(ev, (t, seq[0], kind, arg))

        nxt = 0                  # next packet of the input stream
        in_free = 0              # the stream can take the next header beat
        req_at = None            # the head packet's request reaches the scheduler's pick state
        sched_rr = 0
        out_free, out_rr, out_busy_until = 0, cfg.cores, 0
        last_of_chan: dict[int, Packet] = {}   # per-channel previous dispatched ordered packet
        pred: dict[int, Packet] = {}           # id(packet) -> predecessor in channel order
        emittable_at: dict[int, int] = {}      # id(packet) -> cycle its result is in
        pending_end: dict[int, tuple] = {}     # core -> (packet, cost, stall_in) waiting for the output buffer
        task_cost: dict[int, costs.Cost] = {}  # id(packet) -> the cost of its (I/O) core's task
        mac_lead: dict[int, int] = {}          # id(split packet) -> its MAC core's result, cycles before the I/O's

        def read_time(prev: Packet, i: int) -> int:
            return prev.chosen + tm.out_read_lat + (i + 1) * Bo

        def finish(c: int, p: Packet, cst: costs.Cost, stall_in: int, now: float) -> bool:
            """Schedule the core's end, or return False if it depends on an output not chosen yet."""
            core = cores[c]
            stall = stall_in
            prev = core.records[0] if core.records and core.records[0] is not p else core.last_out
            if prev is not None:
                prev_out = task_cost[id(prev)].out_words
                if prev_out + cst.out_words > tm.out_depth:
                    if prev.chosen < 0:
                        return False
                    for j, w in enumerate(cst.writes):
                        i = prev_out + j - tm.out_depth
                        if i >= 0:
                            stall = max(stall, read_time(prev, i) + 1 - (p.start + w))
            p.out_stall = stall - stall_in
            p.end = p.start + cst.cycles + stall
            post(p.end, "end", (c, p))
            if p.mac_core >= 0:
                # the MAC core waits for the I/O core's blocks: its stalls move the MAC core's end too
                p.mac_end = max(now, p.end - mac_lead[id(p)])
                post(p.mac_end, "mac_end", p.mac_core)
            return True

        def is_free(i: int, t) -> bool:
            co = cores[i]
            return not co.busy and len(co.records) < 2 and co.free_at <= t

        def load_key(core: _Core, ch: Channel) -> int:
            """The channel's key into the core's cache (the one expander): the cycles it adds to the start."""
            slot = ch.key_slot
            if slot in core.keys:
                core.keys.remove(slot)                           # hit: becomes the most recent
                core.keys.append(slot)
                return 0
            if len(core.keys) >= cfg.key_cache:
                core.keys.pop(0)
            core.keys.append(slot)
            return tm.key_extra + costs.key_expansion_cycles(ch.key_bits)

        def try_input(t):
            nonlocal nxt, in_free, req_at, sched_rr
            if nxt >= len(packets):
                return
            p = packets[nxt]
            ch = self.channels[p.channel]
            if req_at is None:
                p.entry = max(p.arrival, in_free)
                req_at = p.entry + Bi + tm.hdr_to_start        # start handshake, at best (core free, key cached)
                if req_at > t:
                    post(req_at, "in")
                    return
            if t < req_at:
                return
            affine = cfg.affinity and ch.affinity
            if self.splits(ch) and pairs:
                # a free pair (both cores), the MAC core 2q+1 started first, then the I/O core 2q
                free = [q for q in range(pairs) if is_free(2 * q, t) and is_free(2 * q + 1, t)]
                if not free:
                    return                                      # retried on the next core event
                hit = [q for q in free if all(ch.key_slot in cores[i].keys for i in (2 * q, 2 * q + 1))]
                q = (hit if affine and hit else free)[0]
                c, mac = 2 * q, 2 * q + 1
                mac_start = t + load_key(cores[mac], ch)
                start = mac_start + tm.split_start + load_key(cores[c], ch)
                p.key_load = start > t + tm.split_start
                sc = self._split_cost(p, start - mac_start)
                cst = sc.io
                p.mac_core, p.mac_start = mac, mac_start
                mac_lead[id(p)] = sc.lead
                cores[mac].busy = True
            else:
                free = [i for i in range(cfg.cores) if is_free(i, t)]
                if not free:
                    return                                      # retried on the next core event
                hit = [i for i in free if ch.key_slot in cores[i].keys]
                cand = hit if affine and hit else free
                c = min(cand, key=lambda i: (i - sched_rr) % cfg.cores)
                sched_rr = (c + 1) % cfg.cores
                start = t + load_key(cores[c], ch)
                p.key_load = start > t
                cst = self._cost(p)
            core = cores[c]
            p.start, p.core = start, c
            core.busy = True
            core.records.append(p)
            task_cost[id(p)] = cst
            if ch.ordered and cfg.in_order:
                if p.channel in last_of_chan:
                    pred[id(p)] = last_of_chan[p.channel]
                last_of_chan[p.channel] = p
            n = cst.in_words
            x = start + 1                                        # first body word taken by the core
            stall_in = 0
            for k, r in enumerate(cst.reads):
                stall_in = max(stall_in, x + k * Bi + tm.read_lat - 1 - (start + r))
            if not finish(c, p, cst, stall_in, t):
                pending_end[c] = (p, cst, stall_in)
            in_free = x + max(n - 1, 0) * Bi
            nxt += 1
            req_at = None
            if nxt < len(packets):
                post(max(in_free, packets[nxt].arrival), "in")

        def try_output(t):
            nonlocal out_free, out_rr
            if t < out_free:
                post(out_free, "out")
                return
            best = None
            for k in range(1, cfg.cores + 2):
                c = (out_rr + k) % (cfg.cores + 1)
                if c >= cfg.cores or not cores[c].records:
                    continue
                p = cores[c].records[0]
                e = emittable_at.get(id(p))
                if e is None or e > t:
                    continue
                q = pred.get(id(p))
                if q is not None and q.chosen < 0:
                    continue
                best = c
                break
            if best is None:
                return
            core = cores[best]
            p = core.records.pop(0)
            out_rr = best
            p.chosen = t
            w = task_cost[id(p)].out_words
            p.exit = t + tm.emit_to_exit + (1 + w) * Bo - 1
            out_free = t + (1 + w) * Bo
            core.last_out = p
            post(out_free, "out")
            post(t + 1, "in")                                    # a record slot was freed
            if best in pending_end:
                q, cst, stall_in = pending_end.pop(best)
                finish(best, q, cst, stall_in, t)

        def core_free(c: int, t) -> None:
            cores[c].busy = False
            cores[c].free_at = t + tm.free_to_start
            post(t + tm.free_to_start, "in")

        post(packets[0].arrival if packets else 0, "in")
        while ev:
            t, _, kind, arg = heapq.heappop(ev)
            if kind == "in":
                try_input(t)
            elif kind == "end":
                c, p = arg
                emittable_at[id(p)] = t + tm.res_to_emit
                post(t + tm.res_to_emit, "out")
                core_free(c, t)
            elif kind == "mac_end":
                core_free(arg, t)                                # no record: mccp_top takes the result
            elif kind == "out":
                try_output(t)
        return packets


def simulate(cfg: Config, channels: list[Channel], packets: list[Packet]) -> list[Packet]:
    return Model(cfg, channels).run([replace(p) for p in packets])
