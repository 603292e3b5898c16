"""A chaos soak of the device: traffic on many channels while the host misbehaves.

Between batches of requests the host, at random: loads, re-keys and zeroizes used and unused
key slots, toggles core enables, reloads firmware (good images, and malformed ones the device
must refuse: a wrong CRC, a word past the declared length, an oversize length), changes the
scheduling policy, sends garbage packets, and throttles the output stream up to a stuck
consumer.  The scoreboard checks every
answer against `cryptography` and the timing of the key changes the host made:

* every request and garbage packet answered exactly once; results of an ordered channel leave
  in submission order;
* an OK result equals the reference under a key its slot held while the request waited (from
  its submission to its start), it started before the command that replaced that key (or at
  most a few cycles after: a start already offered), and it left the device before the call
  that replaced the key returned (zeroize / load_key return once no output depends on it);
* KEY_ERROR only when the slot was empty at some point while the request waited; NO_CORE only
  while every core was being loaded with firmware; AUTH_FAIL only for a tag the host
  corrupted; garbage gets a defined status.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from cases import make_case
from mccp.ref import aes as aes_ref
from mccp.device import packets
from mccp.device.api import fw_crc
from mccp.aes.modes import MODES

INF = float("inf")
OFFERED = 4       # cycles a start offered before a key command may still take to happen
SPLIT_HALF = 200  # a split CCM task's I/O half follows its MAC half after its own key load


@dataclass
class Version:
    key: bytes | None     # None: the slot is empty
    since: int            # cycle the call that installed it began
    until: float = INF    # cycle the call that replaced it returned
    replaced: float = INF # cycle the command that replaced it was written


@dataclass
class Sent:
    channel: object
    slot: int
    case: object
    want_status: str      # "OK" or "AUTH_FAIL" (a corrupted tag)
    cycle: int            # cycle it was submitted


@dataclass
class Counts:
    requests: int = 0
    garbage: int = 0
    ok: int = 0
    key_error: int = 0
    auth_fail: int = 0
    rekeys: int = 0
    zeroizes: int = 0
    enable_toggles: int = 0
    firmware_reloads: int = 0
    firmware_refused: int = 0
    policy_changes: int = 0
    stalls: int = 0
    by_status: dict = field(default_factory=dict)


class Soak:
    MODES = ("gcm", "ctr", "cmac", "ccm", "ecb", "gmac", "cbc", "cbc-mac")
    USED = 6              # slots 0..5 carry channels; the others get keys nobody uses

    def __init__(self, dev, seed: int):
        self.dev, self.rng = dev, random.Random(seed)
        self.n = Counts()
        self.history: dict[int, list[Version]] = {}
        self.sent: dict[int, Sent] = {}
        self.garbage: set[int] = set()
        self.order: dict[int, list[int]] = {}
        self.next_garbage = 0x80000000
        self.key_sizes: dict[int, int] = {}
        self.chans = []
        self.statuses: set[str] = set()
        self.last_slot = 0
        self.log: list[tuple[int, str]] = []     # (cycle, host action): printed with a failure
        self.no_firmware: list[tuple[int, int]] = []   # cycles every core was without an image

    # ---- host actions ------------------------------------------------------------------
    def _set_key(self, slot: int, key: bytes | None) -> None:
        t0 = self.dev.cycles
        self.log.append((t0, f"{'zeroize' if key is None else 'load key'} slot {slot}"))
        if key is None:
            self.dev.zeroize(slot)
        else:
            self.dev.load_key(slot, key)
        t1 = self.dev.cycles
        versions = self.history.setdefault(slot, [])
        if versions:
            versions[-1].until = t1
            versions[-1].replaced = self.dev.key_command_cycle
        versions.append(Version(key, t0))

    def setup(self) -> None:
        dev, rng = self.dev, self.rng
        dev.write_reg("SCHED", affinity=1, in_order=1, ccm_split=0)
        for slot in range(min(dev.key_slots, self.USED + 2)):
            size = rng.choice((16, 24, 32))
            self.key_sizes[slot] = size
            self._set_key(slot, rng.randbytes(size))
        for i, mode in enumerate(self.MODES[:self.USED]):
            policy = {"ordered", "affinity"} if i % 2 == 0 else {"affinity"}
            if mode == "ccm":
                policy.add("split")
            self.chans.append(dev.open_channel(mode, i, policy=policy))

    def request(self) -> None:
        dev, rng = self.dev, self.rng
        ch = rng.choice(self.chans)
        slot = ch.cfg.key_slot
        key = self.history[slot][-1].key or bytes(self.key_sizes[slot])
        m = MODES[ch.mode]
        op = "mac" if m.mac_only else "encrypt"
        want = "OK"
        if m.mac_only and rng.random() < 0.1:
            op, want = "verify", "AUTH_FAIL"          # a tag that cannot be right
        size = rng.choice([0, 16, rng.randint(1, 200), rng.randint(200, 900)])
        aad = 16 if ch.mode in ("gcm", "ccm") and rng.random() < 0.5 else 0
        c = make_case(rng, ch.mode, op, key, size, ch.cfg.nonce_len, ch.cfg.tag_len, aad)
        if op == "verify":
            c.tag = bytes(b ^ 0xA5 for b in rng.randbytes(len(c.tag)))
        t = dev.submit(ch, op, c.data, nonce=c.nonce, aad=c.aad, tag=c.tag)
        self.sent[t] = Sent(ch, slot, c, want, dev.cycles)
        self.last_slot = slot
        if ch.cfg.policy.ordered:
            self.order.setdefault(ch.index, []).append(t)
        self.n.requests += 1

    def bad_firmware(self, cores: list[int]) -> None:
        """A malformed image for `cores`: refused (SLVERR), the cores left with no valid entry."""
        dev, rng = self.dev, self.rng
        mask = sum(1 << c for c in cores)
        dev.write_reg("CORE_ENABLE", dev.read_reg("CORE_ENABLE") & ~mask)
        dev.wait_idle(mask)
        dev.write_reg("FW_CORES", mask)
        fw_len, fw_data, fw_check = (dev.rm.addr(r) for r in ("FW_LEN", "FW_DATA", "FW_CHECK"))
        words = list(dev.program.words)
        kind = rng.choice(["crc", "overrun", "oversize"])
        if kind == "oversize":
            assert dev.model.write_resp(fw_len, 1100) == 2, "an image of 1,100 words accepted"
        else:
            assert dev.model.write_resp(fw_len, len(words)) == 0
            dev._fw_ready()
            dev.model.write_many(fw_data, words)
            if kind == "overrun":
                assert dev.model.write_resp(fw_data, 0) == 2, "a word past the declared length accepted"
            else:
                assert dev.model.write_resp(fw_check, fw_crc(words) ^ 1) == 2, "a wrong CRC accepted"
        self.log.append((dev.cycles, f"malformed firmware ({kind}) refused"))
        self.n.firmware_refused += 1

    def garbage_packet(self) -> None:
        """A header with a random defect (or none), a body of random length, TLAST anywhere."""
        dev, rng = self.dev, self.rng
        seq = self.next_garbage
        self.next_garbage += 1
        ch = rng.choice(self.chans)
        c = make_case(rng, ch.mode, ch.cfg.ops()[0], bytes(16), rng.randint(0, 64), ch.cfg.nonce_len,
                      ch.cfg.tag_len)
        pkt = bytearray(packets.build_packet(ch.cfg, ch.cfg.ops()[0], seq, c.data, c.nonce, c.aad, c.tag,
                                             rm=dev.rm))
        defect = rng.randrange(8)
        if defect == 0:
            pkt[0] ^= 0xFF                                # magic
        elif defect == 1:
            pkt[1] = rng.randrange(256)                   # op
        elif defect == 2:
            pkt[2:4] = rng.randrange(dev.channels, 65536).to_bytes(2, "big")   # no such channel
        elif defect == 3:
            pkt[8:14] = rng.randbytes(6)                  # lengths
        elif defect == 4 and len(pkt) > 16:
            pkt = pkt[:rng.randrange(16, len(pkt))]       # TLAST early
        elif defect == 5:
            pkt += rng.randbytes(16 * rng.randint(1, 3))  # TLAST late
        elif defect == 6:
            pkt[15] = rng.randrange(1, 256)               # reserved byte
        dev.submit_raw(bytes(pkt))
        self.garbage.add(seq)
        self.n.garbage += 1

    def host_action(self) -> None:
        dev, rng = self.dev, self.rng
        dev.model.step(rng.randint(0, 3000))      # with traffic in flight
        r = rng.random()
        if r < 0.30:
            # half the time the slot of a request in flight
            slot = self.last_slot if rng.random() < 0.5 else rng.randrange(len(self.key_sizes))
            if rng.random() < 0.3:
                self._set_key(slot, None)
                self.n.zeroizes += 1
            else:
                self._set_key(slot, rng.randbytes(self.key_sizes[slot]))
                self.n.rekeys += 1
        elif r < 0.45:
            mask = rng.randrange(1, 1 << dev.cores)
            dev.write_reg("CORE_ENABLE", mask)
            self.log.append((dev.cycles, f"CORE_ENABLE {mask:#x} for a while"))
            dev.model.step(rng.randint(50, 2000))
            dev.write_reg("CORE_ENABLE", (1 << dev.cores) - 1)
            self.n.enable_toggles += 1
        elif r < 0.55:
            cores = rng.sample(range(dev.cores), rng.randint(1, dev.cores))
            self.log.append((dev.cycles, f"firmware to cores {cores}"))
            t0 = dev.cycles
            if rng.random() < 0.4:
                self.bad_firmware(cores)
            dev.load_firmware(cores)
            if len(cores) == dev.cores:
                self.no_firmware.append((t0, dev.cycles))
            self.n.firmware_reloads += 1
        elif r < 0.70:
            aff, split = rng.getrandbits(1), rng.getrandbits(1)
            self.log.append((dev.cycles, f"SCHED affinity {aff} ccm_split {split}"))
            dev.write_reg("SCHED", affinity=aff, in_order=1, ccm_split=split)
            self.n.policy_changes += 1
        elif r < 0.85:
            dev.backpressure(out_stall=rng.choice([0.0, 0.3, 0.7, 0.95]), in_gap=rng.choice([0.0, 0.2]),
                             seed=rng.getrandbits(32))
            self.n.stalls += 1
        else:
            # a stuck consumer for a while; the host keeps feeding requests meanwhile
            self.log.append((dev.cycles, "stuck consumer"))
            dev.hold_output(True)
            for _ in range(rng.randint(1, 8)):
                self.request()
            dev.model.step(rng.randint(1000, 20000))
            dev.hold_output(False)
            self.n.stalls += 1

    # ---- scoreboard --------------------------------------------------------------------
    def _ok_versions(self, s: Sent, start: int):
        """Key versions the slot held while the request waited (submission .. start)."""
        return [v for v in self.history[s.slot] if v.since <= start and v.until >= s.cycle]

    def check(self, results) -> None:
        seen = set()
        for r in results:
            assert r.ticket not in seen, f"ticket {r.ticket} answered twice"
            seen.add(r.ticket)
            self.n.by_status[r.status] = self.n.by_status.get(r.status, 0) + 1
            if r.ticket in self.garbage:
                self.garbage.discard(r.ticket)
                assert r.status in self.statuses, r
                continue
            s = self.sent.pop(r.ticket)
            c = s.case
            if r.status == "NO_CORE":
                assert any(t0 <= r.exit_cycle and t1 >= s.cycle for t0, t1 in self.no_firmware), (
                    f"NO_CORE with firmware on some core: {r}")
                continue
            if r.status == "KEY_ERROR":
                assert any(v.key is None for v in self.history[s.slot] if v.until >= s.cycle
                           and v.since <= r.exit_cycle), f"KEY_ERROR though slot {s.slot} held a key: {r}"
                self.n.key_error += 1
                continue
            versions = [v for v in self._ok_versions(s, r.start_cycle) if v.key is not None]
            assert versions, f"ticket {r.ticket} ran while its slot {s.slot} held no key: {r}"
            if s.want_status == "AUTH_FAIL":
                assert r.status == "AUTH_FAIL" and not r.data, r
                self.n.auth_fail += 1
                continue
            assert r.status == "OK", f"{s.channel.mode}: {r}"
            match = [v for v in versions
                     if (r.data, r.tag) == aes_ref.reference(s.channel.mode, v.key, c.data, c.nonce, c.aad,
                                                           s.channel.cfg.tag_len)]
            assert match, (f"{s.channel.mode} ticket {r.ticket} (submitted at {s.cycle}, entry {r.entry_cycle}, "
                           f"start {r.start_cycle}, exit {r.exit_cycle}, core {r.core}): no key of slot {s.slot} "
                           f"gives this output; its versions (since, replaced, until): "
                           f"{[(v.since, v.replaced, v.until, v.key is not None) for v in self.history[s.slot]][-4:]}; "
                           f"host actions before: {[a for a in self.log if a[0] <= r.exit_cycle][-6:]}")
            slack = SPLIT_HALF if s.channel.mode == "ccm" else OFFERED
            assert any(r.start_cycle <= v.replaced + slack for v in match), (
                f"{s.channel.mode} ticket {r.ticket} started at {r.start_cycle} with a key replaced at "
                f"{[v.replaced for v in match]}")
            assert any(r.exit_cycle <= v.until for v in match), (
                f"ticket {r.ticket} left at {r.exit_cycle}, after the call that replaced its key returned "
                f"({[v.until for v in match]})")
            self.n.ok += 1
        # per-channel order of the ordered channels' requests that reached a core (a request
        # refused before any core, e.g. KEY_ERROR, is answered at once, outside the order)
        out = [r.ticket for r in results if r.core is not None]
        pos = {t: i for i, t in enumerate(out)}
        for chan, tickets in self.order.items():
            done = [t for t in tickets if t in pos]
            assert [pos[t] for t in done] == sorted(pos[t] for t in done), f"channel {chan} out of order"
            self.order[chan] = [t for t in tickets if t not in seen]

    def run(self, packets: int, batch: int = 40) -> Counts:
        self.statuses = set(self.dev.rm.status_code)
        self.setup()
        try:
            while self.n.requests + self.n.garbage < packets:
                for _ in range(batch):
                    if self.rng.random() < 0.15:
                        self.garbage_packet()
                    else:
                        self.request()
                    if self.rng.random() < 0.06:
                        self.host_action()
                self.check(self.dev.drain())
                assert not self.sent and not self.garbage, "answers missing after drain"
        finally:
            self.dev.hold_output(False)
            self.dev.backpressure(0.0, 0.0)
            for ch in self.chans:
                ch.close()
        return self.n

