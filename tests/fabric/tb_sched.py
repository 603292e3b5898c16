"""cocotb bench for rtl/fabric/mccp_sched.sv (task scheduler and key scheduler).

The bench plays the parser (one request at a time, held until answered), the
key store (a dict of slots; the read port refuses a read at random, as the
store does in a host command's cycle, and answers a taken one after a random
latency; slot writes / zeroize change the contents and pulse ks_inv_*; ks_busy
at random),
the cores (random key / start ready delays, results after a random run time,
random rec_space) and the host (random CORE_ENABLE flips, entry-table writes
through ent_* between requests).

Its model of docs/fabric.md "Scheduling" decides every request:
  * KEY_ERROR when the slot read is empty or holds a key of another size;
    else NO_CORE when no core has the function (decrypt functions 1 and 3 only
    on DecryptCores cores);
  * otherwise the core picked is, in the first clock a candidate exists
    (capable, enabled, not busy, rec_space; enable_i and rec_space_i as driven
    in the clock before: the scheduler registers its candidates, and
    rec_space_i tells the room of the next clock), among the key-cache hits if
    affinity is on globally and for the channel and some candidate hits, else
    among all candidates: the first at or after the core following the last
    one granted (round robin);
  * a read request stays up until it is answered (a refused read is not lost);
    the request reads its slot again -- dropping the core it chose -- iff the
    slot was written after its read began and before its start was offered; a
    start offered is never withdrawn, and a write after the offer marks the
    dispatch record stale (disp_stale_o);
  * a key load happens iff the chosen core's cache tag is not the slot: once the
    core's core_key_ready_i is up, kx_start_o hands the shared expander (played
    by the bench: kx_done_i after a random time) the key the store returned,
    its size and the core; the start waits for kx_done_i; a core's tag is
    valid after the load unless its slot was written since the read; a write
    drops the tags for it.
Invariants checked every clock: kx_key_o is zero unless kx_start_o, which
comes only for the chosen core while its key_ready is up and the expander is
idle; a valid cache tag means the core holds the store's current key for that
slot; busy_o = started-and-not-finished cores plus the one chosen and not yet
started (the pick is seen there first); caps_funcs_o = the entry tables
written; at most one core's start valid.
The start handshake carries the core's entry-table address for the function,
the request's args/empty, and the same clock grants the parser and emits the
dispatch record.

The top holds one instance per (NumCores, DecryptCores) (tests/fabric/multitop.py);
every test runs on each in turn.  Knobs: MULTI_INSTANCES (set by the pytest
wrapper), SCHED_REQUESTS, SCHED_SEED.
"""

from __future__ import annotations

import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, ReadOnly

import fabric_pkg
from mccp import regmap
from multitop import Prefixed, instances_from_env

INSTANCES = instances_from_env()
N = DEC = 0                 # NumCores, DecryptCores of the instance under test (configure())
REQUESTS = int(os.environ.get("SCHED_REQUESTS", "300"))
SEED = int(os.environ.get("SCHED_SEED", "5"))
SLOTS = 4
ST = regmap.load().status_code
NF = 2 << regmap.load().field("CHAN_CFG0", "MODE").width    # functions: mode * 2 + dir

REQ = fabric_pkg.struct("task_req_t")
REQ_BITS = REQ.bits


def pack_req(r: dict) -> int:
    """task_req_t; kind and keyless default to 0 (AES requests: every slot here is an AES core)."""
    return REQ.pack(**r)


def configure(params: dict) -> None:
    global N, DEC
    N, DEC = params["NumCores"], params["DecryptCores"]


async def for_each_instance(top, body, seed: int) -> None:
    """Run `body(tb)` on every instance (a fresh model each, after a reset)."""
    cocotb.start_soon(Clock(top.clk_i, 10, unit="ns").start())
    for prefix, params in INSTANCES:
        configure(params)
        top._log.info("instance %s: NumCores=%d DecryptCores=%#x", prefix, N, DEC)
        tb = SchedTb(Prefixed(top, prefix), random.Random(seed * 100 + N))
        tb.inst = getattr(top, "u_" + prefix.rstrip("_")) if prefix else top
        await tb.reset()
        await body(tb)


class SchedTb:
    def __init__(self, dut, rng: random.Random):
        self.dut = dut
        self.inst = None            # the instance's hierarchy (internal key register)
        self.rng = rng
        self.cycle = 0
        self.store: dict[int, tuple[int, int] | None] = {s: None for s in range(SLOTS)}
        self.funcs = [[0] * NF for _ in range(N)]
        self.entries = [[0] * NF for _ in range(N)]
        self.tag: list[int | None] = [None] * N
        self.core_key: list[tuple[int, int] | None] = [None] * N
        self.busy = [False] * N
        self.res_timer = [0] * N
        self.rr = 0
        self.last_slot = 0
        self.enable = (1 << N) - 1
        self.affinity_en = 1
        self.cov = {k: 0 for k in ("grant", "load", "hit_noload", "affinity_won", "key_empty", "key_size",
                                   "no_core", "dec_only", "wait", "stale_write", "inv_all", "refused_read",
                                   "reread", "stale_start")}
        self.grants: list[int] = []
        self.last_load: list[tuple[int, int] | None] = [None] * N    # (clock, slot) per core
        self.last_write: dict[int, int] = {}                          # slot -> clock
        # knobs a directed test may change
        self.p_write = 0.04
        self.p_inv_all = 0.0007
        self.p_busy = 0.1
        self.p_rec = 0.85
        self.p_key_ready = 0.5
        self.p_start_ready = 0.5
        self.p_refuse = 0.3
        self.p_flip = 0.03
        self.run_time = (1, 40)

    async def reset(self):
        dut = self.dut
        await FallingEdge(dut.clk_i)       # out of a previous run's ReadOnly phase
        for name in ("cycle_i", "affinity_en_i", "split_en_i", "enable_i", "req_valid_i", "req_i", "ks_rd_ack_i",
                     "ks_rd_key_i", "ks_rd_len_i", "ks_rd_valid_i", "ks_busy_i", "ks_inv_valid_i",
                     "ks_inv_slot_i", "ks_inv_all_i", "rec_space_i", "res_fire_i", "core_key_ready_i",
                     "kx_done_i", "core_start_ready_i", "ent_we_i", "ent_cores_i", "ent_func_i", "ent_addr_i", "ent_valid_i",
                     "ks_rd_restricted_i", "sec_pop_i", "sec_last_i"):
            getattr(dut, name).value = 0
        dut.rst_ni.value = 0
        await FallingEdge(dut.clk_i)
        await FallingEdge(dut.clk_i)
        dut.rst_ni.value = 1

    def capable(self, c: int, func: int) -> bool:
        return bool(self.funcs[c][func]) and (func not in (1, 3) or bool((DEC >> c) & 1))

    def candidates(self, req: dict, enable: int, rec: int, tags: list) -> tuple[list[int], bool, list[int]]:
        free = [c for c in range(N) if self.capable(c, req["func"]) and (enable >> c) & 1
                and not self.busy[c] and (rec >> c) & 1]
        hit = [c for c in free if tags[c] == req["key_slot"]]
        if self.affinity_en and req["affinity"] and hit:
            return hit, True, free
        return free, False, free

    def rr_pick(self, cand: list[int]) -> int:
        for k in range(N):
            c = (self.rr + k) % N
            if c in cand:
                return c
        raise AssertionError("no candidate")

    def new_request(self) -> dict:
        rng = self.rng
        # the slot of the last request again half the time (key-cache hits)
        slot = self.last_slot if rng.random() < 0.5 else rng.randrange(SLOTS)
        self.last_slot = slot
        stored = self.store[slot]
        key_len = stored[1] if stored is not None and rng.random() < 0.85 else rng.randrange(3)
        func = rng.choice([rng.randrange(NF), 0, 2, 1, 3, 12, 13])
        return dict(channel=rng.randrange(256), seq=rng.getrandbits(32), func=func, key_slot=slot,
                    key_len=key_len, affinity=int(rng.random() < 0.7), ordered=rng.getrandbits(1),
                    split=0, empty=rng.getrandbits(1), args=rng.getrandbits(128))

    def program(self, mask: int, func: int, addr: int, valid: int) -> None:
        for c in range(N):
            if (mask >> c) & 1:
                self.entries[c][func] = addr
                self.funcs[c][func] = valid

    def write_slot(self, slot: int | None) -> tuple[int, int, int]:
        """A key-store write (slot) or zeroize-all (None): (inv_valid, inv_slot, inv_all)."""
        rng = self.rng
        if slot is None:
            for s in self.store:
                self.store[s] = None
            self.tag = [None] * N
            return 1, rng.randrange(32), 1
        # sizes 0..2 (AES), now and then 4 (a 96-bit key, which AES tasks must refuse)
        self.store[slot] = None if rng.random() < 0.15 else (rng.getrandbits(256), rng.choice([0, 1, 2] * 3 + [4]))
        self.tag = [None if t == slot else t for t in self.tag]
        return 1, slot, 0

    async def quiet(self):
        dut = self.dut
        await FallingEdge(dut.clk_i)
        for name in ("req_valid_i", "ks_rd_ack_i", "ks_inv_valid_i", "res_fire_i", "core_key_ready_i",
                     "kx_done_i", "core_start_ready_i", "ent_we_i"):
            getattr(dut, name).value = 0

    async def run(self, nreq: int, p_req: float = 0.5, reqs: list[dict] | None = None,
                  ent_writes: int = 0, idle_first: bool = False) -> None:
        dut, rng = self.dut, self.rng
        pending = list(reqs) if reqs is not None else None
        done = 0
        cur = None          # the request on offer and its progress
        read_timer = None   # clocks until the key store answers
        kx_timer = None     # clocks until the expander's last round-key write
        ent_left = ent_writes
        held_start = 0        # a start valid not yet taken: it must stay (the core relies on it)
        enable_now, rec_now = self.enable, 0   # enable_i / rec_space_i as last driven
        while done < nreq:
            await FallingEdge(dut.clk_i)
            self.cycle += 1
            cyc = self.cycle
            dut.cycle_i.value = (cyc * 7 + 3) & 0xFFFFFFFF
            dut.affinity_en_i.value = self.affinity_en
            if rng.random() < self.p_flip:
                self.enable ^= 1 << rng.randrange(N)
            if rng.random() < 0.01:
                self.enable = (1 << N) - 1
            dut.enable_i.value = self.enable
            prev_enable, prev_rec = enable_now, rec_now   # what the candidates of this clock were made of
            enable_now = self.enable
            # host: entry-table writes only between requests
            ent = None
            if cur is None and ent_left and rng.random() < 0.5:
                # func 1 stays as the test set it (decrypt-capability coverage)
                ent = (rng.randrange(1, 1 << N), rng.choice([f for f in range(NF) if f != 1]),
                       rng.randrange(1024), int(rng.random() < 0.8))
                ent_left -= 1
            dut.ent_we_i.value = int(ent is not None)
            if ent is not None:
                dut.ent_cores_i.value, dut.ent_func_i.value, dut.ent_addr_i.value, dut.ent_valid_i.value = ent
            else:
                dut.ent_cores_i.value = rng.randrange(1 << N)
                dut.ent_func_i.value = rng.randrange(NF)
            # parser
            if cur is None and ent is None and rng.random() < p_req and not (idle_first and any(self.busy)):
                if pending is not None:
                    if pending:
                        cur = dict(req=pending.pop(0))
                else:
                    cur = dict(req=self.new_request())
                if cur is not None:
                    cur.update(read=None, ack=None, chosen=None, snaps={}, writes=[], loaded=None, key_fired=False,
                               key_done=False, rd_first=None, reread=False, offered=None)
            dut.req_valid_i.value = int(cur is not None)
            dut.req_i.value = pack_req(cur["req"]) if cur is not None else rng.getrandbits(REQ_BITS)
            # key store: writes, then the read answer (which sees the write)
            store_before = dict(self.store)
            tags_before = list(self.tag)
            inv = (0, rng.randrange(32), 0)
            r = rng.random()
            if r < self.p_inv_all:
                inv = self.write_slot(None)
                self.cov["inv_all"] += 1
            elif r < self.p_write:
                inv = self.write_slot(rng.randrange(SLOTS))
            if inv[0]:
                for s in (range(SLOTS) if inv[2] else [inv[1]]):
                    self.last_write[s] = cyc
            if inv[0] and cur is not None:
                cur["writes"].append((cyc, inv[1], inv[2]))
            dut.ks_inv_valid_i.value, dut.ks_inv_slot_i.value, dut.ks_inv_all_i.value = inv
            acking = read_timer == 0
            dut.ks_rd_ack_i.value = int(acking)
            if acking:
                stored = self.store[cur["read"]]
                cur["ack"] = cyc
                cur["ack_data"] = stored
                dut.ks_rd_valid_i.value = int(stored is not None)
                # an AES key sits in bits [287:32] of the slot; the low word must not matter
                dut.ks_rd_key_i.value = ((stored[0] << 32) | rng.getrandbits(32)) if stored else rng.getrandbits(288)
                dut.ks_rd_len_i.value = stored[1] if stored else rng.randrange(8)
                read_timer = None
            else:
                dut.ks_rd_valid_i.value = rng.getrandbits(1)
                dut.ks_rd_key_i.value = rng.getrandbits(288)
                dut.ks_rd_len_i.value = rng.randrange(8)
            if read_timer is not None:
                read_timer -= 1
            ks_busy = rng.random() < self.p_busy
            dut.ks_busy_i.value = int(ks_busy)
            # cores
            rec = sum(int(rng.random() < self.p_rec) << c for c in range(N))
            dut.rec_space_i.value = rec
            rec_now = rec
            res = 0
            for c in range(N):
                if self.busy[c]:
                    if self.res_timer[c] == 0:
                        res |= 1 << c
                    else:
                        self.res_timer[c] -= 1
            dut.res_fire_i.value = res
            key_ready = sum(int(rng.random() < self.p_key_ready) << c for c in range(N))
            start_ready = sum(int(rng.random() < self.p_start_ready) << c for c in range(N))
            dut.core_key_ready_i.value = key_ready
            dut.core_start_ready_i.value = start_ready
            kx_done = kx_timer == 0
            dut.kx_done_i.value = int(kx_done)
            if kx_timer is not None:
                kx_timer = None if kx_done else kx_timer - 1

            await ReadOnly()
            # ---- state outputs against the model (registered state, before this clock's events)
            kx_start = int(dut.kx_start_o.value)
            start_valid = int(dut.core_start_valid_o.value)
            key_out = int(dut.kx_key_o.value)
            assert kx_start or key_out == 0, f"clock {cyc}: kx_key_o = {key_out:064x} with no expander start"
            if cur is None and self.inst is not None:
                # between requests no key bits stay in the scheduler
                assert int(self.inst.key_q.value) == 0, f"clock {cyc}: key register holds a key with no request"
            assert start_valid & (start_valid - 1) == 0
            assert not (kx_start and start_valid), "expander start and task start together"
            assert not held_start or start_valid == held_start, (
                f"clock {cyc}: start valid {held_start:b} withdrawn (now {start_valid:b}) without a handshake")
            # ---- key store read (before the busy check: a second read drops the core chosen)
            rd = int(dut.ks_rd_req_o.value)
            if rd:
                assert cur is not None, "key store read without a request"
                assert int(dut.ks_rd_slot_o.value) == cur["req"]["key_slot"]
                if cur["ack"] is not None and cur["ack"] < cyc:
                    assert self.dirty(cur, cur["offered"] or cyc), (
                        f"clock {cyc}: slot read again with no write of it since clock {cur['rd_first']}")
                    assert cur["offered"] is None, f"clock {cyc}: slot read again after the start was offered"
                    cur.update(read=None, ack=None, chosen=None, snaps={}, loaded=None, key_fired=False,
                               key_done=False, rd_first=None, reread=True)
                    self.cov["reread"] += 1
                if cur["rd_first"] is None:
                    cur["rd_first"] = cyc
                if cur["read"] is None:
                    if not ks_busy and rng.random() >= self.p_refuse:
                        cur["read"] = cur["req"]["key_slot"]
                        cur["read_cycle"] = cyc
                        read_timer = rng.choice([0, 0, 1, 2, 4])
                    else:
                        self.cov["refused_read"] += 1
            elif cur is not None and cur["rd_first"] is not None and cur["ack"] is None:
                raise AssertionError(f"clock {cyc}: key read request withdrawn before its answer")
            tv = int(dut.key_tag_valid_o.value)
            ts = int(dut.key_tag_slot_o.value)
            for c in range(N):
                dut_tag = ((ts >> (5 * c)) & 31) if (tv >> c) & 1 else None
                if dut_tag is not None:
                    assert self.core_key[c] is not None and store_before.get(dut_tag) == self.core_key[c], (
                        f"clock {cyc}: core {c} tagged with slot {dut_tag} but holds another key than the store's "
                        f"(its last key load: clock, slot = {self.last_load[c]}; last write of the slot at clock "
                        f"{self.last_write.get(dut_tag)})")
                assert dut_tag == tags_before[c], f"clock {cyc}: core {c} key tag {dut_tag}, model {tags_before[c]}"
            caps = int(dut.caps_funcs_o.value)
            for c in range(N):
                want = sum(b << f for f, b in enumerate(self.funcs[c]))
                got = (caps >> (NF * c)) & ((1 << NF) - 1)
                assert got == want, f"core {c}: caps {got:x}, want {want:x}"
            model_busy = sum(int(b) << c for c, b in enumerate(self.busy))
            busy_out = int(dut.busy_o.value)
            picked = busy_out & ~model_busy      # the core chosen for the request on offer, if any
            want_busy = model_busy | (1 << cur["chosen"] if cur is not None and cur["chosen"] is not None else 0)
            if cur is not None and cur["chosen"] is None and picked:
                want_busy |= picked              # a new pick: checked below
            assert busy_out == want_busy, f"clock {cyc}: busy_o {busy_out:b}, want {want_busy:b}"

            # ---- candidates this clock (for the pick check)
            if cur is not None and cur["ack"] is not None and cur["ack"] < cyc and cur["chosen"] is None:
                cur["snaps"][cyc] = (self.candidates(cur["req"], prev_enable, prev_rec, tags_before), self.rr,
                                     tags_before)

            # ---- pick (the chosen core turns busy: loading its key or starting)
            if cur is not None and cur["chosen"] is None and picked:
                assert picked & (picked - 1) == 0, f"clock {cyc}: two cores picked ({picked:b})"
                assert cur["ack"] is not None, "core picked without an answered key read"
                c = picked.bit_length() - 1
                self.check_pick(cur, c, not start_valid, cyc)
                cur["chosen"] = c
                self.rr = (c + 1) % N     # the round robin moves on at the pick, even if the request reads again
                cur["loaded"] = not start_valid
            if start_valid:
                assert cur is not None and cur["chosen"] == start_valid.bit_length() - 1, (
                    f"clock {cyc}: start valid {start_valid:b} for a core not chosen")
                if cur["offered"] is None:
                    cur["offered"] = cyc
                    assert not self.dirty(cur, cyc), (
                        f"clock {cyc}: start offered though slot {cur['req']['key_slot']} was written since its "
                        f"read began at clock {cur['rd_first']} (writes {cur['writes']})")
                if cur["loaded"]:
                    assert cur["key_done"], "start before the expander's last round key"
            if kx_start:
                assert cur is not None and cur["loaded"], f"clock {cyc}: expander started with no key load"
                c = cur["chosen"]
                assert not cur["key_fired"], "second key load"
                assert (key_ready >> c) & 1, f"clock {cyc}: expander started while core {c} takes no round keys"
                assert int(dut.kx_core_o.value) == c, f"expander aimed at core {int(dut.kx_core_o.value)}, chosen {c}"
                want = cur["ack_data"]
                assert (key_out, int(dut.kx_len_o.value)) == want, (
                    f"core {c}: key {key_out:064x} len {int(dut.kx_len_o.value)}, store gave {want}")
                cur["key_fired"] = True
                kx_timer = rng.choice([0, 1, 3, 10, 85])
            if kx_done:
                assert cur is not None and cur["key_fired"] and not cur["key_done"]
                c = cur["chosen"]
                cur["key_done"] = True
                self.core_key[c] = cur["ack_data"]
                self.last_load[c] = (cyc, cur["req"]["key_slot"])
                slot = cur["req"]["key_slot"]
                stale = any(cw > cur["read_cycle"] and (a or s == slot) for cw, s, a in cur["writes"])
                self.tag[c] = None if stale else slot
                self.cov["stale_write"] += stale

            # ---- answers to the parser
            granted = bool(start_valid and (start_ready >> cur["chosen"]) & 1)
            held_start = 0 if granted else start_valid
            ready = int(dut.req_ready_o.value)
            err = int(dut.req_err_o.value)
            disp = int(dut.disp_valid_o.value)
            start_p = int(dut.start_o.value)
            if granted:
                c = cur["chosen"]
                req = cur["req"]
                assert ready and not err, f"start handshake on core {c} without a grant to the parser"
                assert int(dut.req_core_o.value) == c
                entry = (int(dut.core_start_entry_o.value) >> (10 * c)) & 0x3FF
                assert entry == self.entries[c][req["func"]], (
                    f"core {c} func {req['func']}: entry {entry}, table {self.entries[c][req['func']]}")
                assert int(dut.core_start_args_o.value) == req["args"]
                assert int(dut.core_start_empty_o.value) == req["empty"]
                assert disp, "no dispatch record at the start"
                got = (int(dut.disp_core_o.value), int(dut.disp_channel_o.value), int(dut.disp_seq_o.value),
                       int(dut.disp_ordered_o.value), int(dut.disp_start_cycle_o.value))
                assert got == (c, req["channel"], req["seq"], req["ordered"], (cyc * 7 + 3) & 0xFFFFFFFF), \
                    f"dispatch record {got}"
                assert int(dut.disp_key_slot_o.value) == req["key_slot"]
                stale = self.dirty(cur, cyc + 1)      # written since the offer, this clock included
                assert int(dut.disp_stale_o.value) == stale, f"clock {cyc}: disp_stale_o, model {stale}"
                self.cov["stale_start"] += stale
                assert start_p == 1 << c, f"start_o {start_p:b}"
                self.busy[c] = True
                self.res_timer[c] = rng.randint(*self.run_time)
                self.rr = (c + 1) % N
                self.grants.append(c)
                self.cov["grant"] += 1
                self.cov["load" if cur["loaded"] else "hit_noload"] += 1
                cur = None
                done += 1
            else:
                assert not disp and not start_p, f"clock {cyc}: dispatch/start pulse without a start handshake"
                if ready:
                    assert err, "grant without a start handshake"
                    assert cur is not None and cur["ack"] is not None and cur["ack"] < cyc, "refusal before the key read"
                    assert cur["chosen"] is None, "refusal after a core was chosen"
                    self.check_refusal(cur, int(dut.req_err_status_o.value))
                    cur = None
                    done += 1
            # ---- results: busy ends
            for c in range(N):
                if (res >> c) & 1:
                    self.busy[c] = False
            # ---- entry writes take effect
            if ent is not None:
                self.program(*ent)
            if cur is not None:
                assert cyc - cur.get("since", cyc) < 400, f"request {cur['req']} not answered in 400 clocks"
                cur.setdefault("since", cyc)
        await self.quiet()

    @staticmethod
    def dirty(cur: dict, before: int) -> bool:
        """The request's slot was written after its current read began (a re-read's first
        clock counts; a first read's does not: the scheduler is still idle then) and before
        clock `before`."""
        slot, first = cur["req"]["key_slot"], cur["rd_first"]
        return first is not None and any(
            (a or s == slot) and (cw > first or (cw == first and cur["reread"])) and cw < before
            for cw, s, a in cur["writes"])

    def check_pick(self, cur: dict, c: int, load: bool, cyc: int) -> None:
        req = cur["req"]
        data = cur["ack_data"]
        assert data is not None and data[1] == req["key_len"] <= 2, f"core {c} chosen though the key is {data}"
        snaps = cur["snaps"]
        assert cyc - 1 in snaps, f"pick at clock {cyc}, key read answered at {cur['ack']}"
        for q in range(cur["ack"] + 1, cyc - 1):
            assert not snaps[q][0][0], (f"clock {q}: candidates {snaps[q][0][0]} for func {req['func']} "
                                        f"but the pick waited until {cyc - 1}")
        (cand, aff, free), rr, tags = snaps[cyc - 1]
        if cyc - 1 > cur["ack"] + 1:
            self.cov["wait"] += 1
        assert cand, f"core {c} chosen with no candidate"
        saved, self.rr = self.rr, rr
        want = self.rr_pick(cand)
        plain = self.rr_pick(free)
        self.rr = saved
        assert c == want, (f"chose core {c}, model {want} (candidates {cand}, affinity hits {aff}, rr {rr}, "
                           f"tags {tags}, slot {req['key_slot']})")
        assert load == (tags[c] != req["key_slot"]), (
            f"core {c} tag {tags[c]}, slot {req['key_slot']}: key load {load}")
        self.cov["affinity_won"] += int(aff and c != plain)

    def check_refusal(self, cur: dict, status: int) -> None:
        req = cur["req"]
        data = cur["ack_data"]
        if data is None or data[1] != req["key_len"] or data[1] > 2:
            self.cov["key_empty" if data is None else "key_size"] += 1
            assert status == ST["KEY_ERROR"], f"slot {req['key_slot']} = {data}, len {req['key_len']}: status {status}"
            return
        assert not any(self.capable(c, req["func"]) for c in range(N)), (
            f"refused ({status}) func {req['func']} though cores can run it")
        assert status == ST["NO_CORE"], f"func {req['func']} without a core: status {status}"
        self.cov["no_core"] += 1
        if any(self.funcs[c][req["func"]] for c in range(N)):
            self.cov["dec_only"] += 1


async def program_all(tb: SchedTb, funcs: list[int], mask: int | None = None):
    """Entry writes, one per clock, outside a request."""
    dut = tb.dut
    for f in funcs:
        await FallingEdge(dut.clk_i)
        m = (1 << N) - 1 if mask is None else mask
        addr = 100 + 16 * f
        dut.ent_we_i.value, dut.ent_cores_i.value, dut.ent_func_i.value = 1, m, f
        dut.ent_addr_i.value, dut.ent_valid_i.value = addr, 1
        tb.program(m, f, addr, 1)
    await FallingEdge(dut.clk_i)
    dut.ent_we_i.value = 0


def fill_store(tb: SchedTb):
    for s in range(SLOTS):
        tb.store[s] = (tb.rng.getrandbits(256), tb.rng.randrange(3))


@cocotb.test()
async def test_round_robin(top):
    """All cores capable and free, affinity off: grants rotate 0, 1, ..., N-1, 0, ..."""
    await for_each_instance(top, round_robin, SEED)


async def round_robin(tb: SchedTb):
    fill_store(tb)
    await program_all(tb, [0, 2, 12])
    tb.affinity_en = 0
    tb.p_write = tb.p_inv_all = tb.p_busy = tb.p_flip = 0
    tb.p_rec = 1.0
    tb.run_time = (0, 2)
    reqs = []
    for i in range(3 * N):
        r = tb.new_request()
        r.update(func=12, key_len=tb.store[r["key_slot"]][1])
        reqs.append(r)
    await tb.run(len(reqs), p_req=0.3, reqs=reqs, idle_first=True)
    assert tb.grants == [i % N for i in range(3 * N)], f"grants {tb.grants}"


@cocotb.test()
async def test_affinity(top):
    """Same slot again: with affinity the core holding it runs it without a key load;
    with affinity off the next core in turn runs it and loads the key."""
    await for_each_instance(top, affinity, SEED + 1)


async def affinity(tb: SchedTb):
    dut = tb.dut
    fill_store(tb)
    await program_all(tb, [12])
    tb.p_write = tb.p_inv_all = tb.p_busy = tb.p_flip = 0
    tb.p_rec = 1.0
    tb.run_time = (0, 1)
    base = tb.new_request()
    base.update(func=12, key_slot=2, key_len=tb.store[2][1], affinity=1)
    await tb.run(1, reqs=[dict(base)])
    first = tb.grants[-1]
    loads = tb.cov["load"]
    for _ in range(3):
        await tb.run(1, reqs=[dict(base, seq=tb.rng.getrandbits(32))], idle_first=True)
        assert tb.grants[-1] == first, f"affinity: core {tb.grants[-1]} instead of {first}"
    assert tb.cov["load"] == loads, "a key load although the core holds the key"
    if N > 1:
        tb.affinity_en = 0
        await tb.run(1, reqs=[dict(base)], idle_first=True)
        assert tb.grants[-1] == (first + 1) % N, f"no affinity: core {tb.grants[-1]}"
        assert tb.cov["load"] == loads + 1, "no key load on a tag miss"
    # a write to the slot drops the tag: the next one reloads
    tb.affinity_en = 1
    await FallingEdge(dut.clk_i)
    tb.dut.ks_inv_valid_i.value, tb.dut.ks_inv_slot_i.value, tb.dut.ks_inv_all_i.value = tb.write_slot(2)
    while tb.store[2] is None or tb.store[2][1] > 2:       # until it holds an AES key
        await FallingEdge(dut.clk_i)
        tb.dut.ks_inv_valid_i.value, tb.dut.ks_inv_slot_i.value, tb.dut.ks_inv_all_i.value = tb.write_slot(2)
    await FallingEdge(dut.clk_i)
    tb.dut.ks_inv_valid_i.value = 0
    loads = tb.cov["load"]
    await tb.run(1, reqs=[dict(base, key_len=tb.store[2][1])], idle_first=True)
    assert tb.cov["load"] == loads + 1, "no reload after the slot was written"


@cocotb.test()
async def test_random(top):
    """Random requests, keys, writes, entry tables, enables and back-pressure."""
    await for_each_instance(top, random_run, SEED + 2)


async def random_run(tb: SchedTb):
    dut = tb.dut
    fill_store(tb)
    await program_all(tb, [tb.rng.choice([0, 2, 3, 4, 12, 13, 15]) for _ in range(4)] + [0, 3], mask=None)
    # ecb decrypt only on the cores without decryption (if any): NO_CORE
    no_dec = ((1 << N) - 1) & ~DEC
    await program_all(tb, [1], mask=no_dec or None)
    for phase in range(2):
        tb.affinity_en = 1 - phase
        await tb.run(REQUESTS // 2, ent_writes=REQUESTS // 10)
    for k in ("grant", "load", "hit_noload", "key_empty", "key_size", "no_core", "wait", "refused_read", "reread"):
        assert tb.cov[k] > 0, f"coverage: no '{k}' case in {tb.cov}"
    # (affinity beating round robin is covered deterministically by test_affinity)
    if DEC != (1 << N) - 1:
        assert tb.cov["dec_only"] > 0, f"coverage: no decrypt refusal {tb.cov}"
    dut._log.info("coverage %s", tb.cov)


@cocotb.test()
async def test_split_pairs(top):
    """CCM with the split policy: the MAC half (core 2p+1: role 2 in s3[17:16], an empty
    packet, no dispatch record, no grant) starts first, then the I/O half (core 2p: role 1,
    record and grant), each after its own key load; a split request waits for a whole free
    pair; the global split enable splits a request without the channel bit; other modes and a
    device without a pair run on one core (role 0)."""
    await for_each_instance(top, split_pairs, SEED + 3)


async def split_pairs(tb: SchedTb):
    dut = tb.dut
    fill_store(tb)
    ccm, gcm = 10, 12                               # function = mode * 2 + dir
    await program_all(tb, [ccm, gcm])
    key, klen = tb.store[1]
    args = (5 << 96) | (7 << 64) | (13 << 32) | 16
    busy = 0                                        # cores the bench keeps running

    async def dispatch(func: int, split: int, split_en: int = 0, empty: int = 0, release: int = 0,
                       wait_for: int = 200):
        """Offer one request; answer key reads, expander and starts at once; return the
        starts seen: (core, role, args, empty, dispatch record, grant, key loaded)."""
        nonlocal busy
        req = dict(channel=3, seq=tb.rng.getrandbits(32), func=func, key_slot=1, key_len=klen, affinity=1,
                   ordered=1, split=split, empty=empty, args=args)
        starts, loaded, kx, rd = [], False, None, False
        for cyc in range(wait_for):
            await FallingEdge(dut.clk_i)
            dut.split_en_i.value = split_en
            dut.affinity_en_i.value = 1
            dut.enable_i.value = (1 << N) - 1
            dut.rec_space_i.value = (1 << N) - 1
            dut.core_key_ready_i.value = (1 << N) - 1
            dut.core_start_ready_i.value = (1 << N) - 1
            dut.res_fire_i.value = release if cyc == 20 else 0
            if cyc == 20:
                busy &= ~release
            dut.req_valid_i.value = 1
            dut.req_i.value = pack_req(req)
            dut.ks_rd_ack_i.value = int(rd)       # the key store answers the cycle after the read
            rd = False
            dut.ks_rd_valid_i.value, dut.ks_rd_key_i.value, dut.ks_rd_len_i.value = 1, key << 32, klen
            dut.kx_done_i.value = int(kx == 0)
            kx = None if kx in (None, 0) else kx - 1
            await ReadOnly()
            rd = bool(int(dut.ks_rd_req_o.value)) and not int(dut.ks_rd_ack_i.value)   # held until answered
            if int(dut.kx_start_o.value):
                loaded, kx = True, 3
            sv = int(dut.core_start_valid_o.value)
            if sv:
                c = sv.bit_length() - 1
                a = int(dut.core_start_args_o.value)
                starts.append((c, int(dut.start_role_o.value), a, int(dut.core_start_empty_o.value),
                               int(dut.disp_valid_o.value), int(dut.req_ready_o.value), loaded))
                assert a & ~(3 << 16) == args, f"start args {a:x}"
                assert (a >> 16) & 3 == int(dut.start_role_o.value)
                assert int(dut.start_o.value) == sv
                busy |= sv
                loaded = False
                if int(dut.req_ready_o.value):
                    break
            else:
                assert not int(dut.req_ready_o.value), "grant without a start"
        await FallingEdge(dut.clk_i)
        dut.req_valid_i.value = 0
        dut.res_fire_i.value = 0
        return starts

    # a lone request of another mode with the split bit: one core, role 0
    s = await dispatch(gcm, split=1)
    assert len(s) == 1 and s[0][1] == 0 and s[0][4] and s[0][5], s
    first = s[0][0]
    await FallingEdge(dut.clk_i)
    dut.res_fire_i.value = 1 << first                # done
    busy = 0
    await FallingEdge(dut.clk_i)
    dut.res_fire_i.value = 0
    s = await dispatch(ccm, split=1, empty=0)
    if N < 2:
        assert [(c, r) for c, r, *_ in s] == [(0, 0)], f"no pair: one core, role 0 ({s})"
        return
    mac, io = s
    assert (mac[0] % 2, mac[1], mac[3], mac[4], mac[5]) == (1, 2, 1, 0, 0), f"MAC half {mac}"
    assert (io[0], io[1], io[3], io[4], io[5]) == (mac[0] - 1, 1, 0, 1, 1), f"I/O half {io}"
    # each half loads the key unless it holds it (core `first` does, from the GCM request)
    assert (mac[6], io[6]) == (mac[0] != first, io[0] != first), (mac, io, first)
    pair = mac[0] // 2
    # a second split request: another free pair, or it waits until the first one's pair is free
    if N >= 4:
        s = await dispatch(ccm, split=0, split_en=1)
        assert [(c, r) for c, r, *_ in s] == [(2 * (1 - pair) + 1, 2), (2 * (1 - pair), 1)], s
        busy_pairs = 3
    else:
        busy_pairs = 1
    # now every pair is taken: a split request waits although a lone core may be free
    s = await dispatch(ccm, split=1, wait_for=20)
    assert s == [], f"split request started without a free pair: {s}"
    # release pair `pair` (both halves): the request runs there, keys cached (no loads)
    s = await dispatch(ccm, split=1, release=3 << (2 * pair))
    assert [(c, r, ld) for c, r, *_, ld in s] == [(2 * pair + 1, 2, False), (2 * pair, 1, False)], (s, busy_pairs)
    if N >= 4:
        # pair `pair` now runs; release the other one, whose cores hold the key since the
        # second request: it runs there without loads (the pair pick chooses that pair's hits,
        # not another pair's)
        other = 1 - pair
        s = await dispatch(ccm, split=1, release=3 << (2 * other))
        assert [(c, r, ld) for c, r, *_, ld in s] == [(2 * other + 1, 2, False), (2 * other, 1, False)], s
