"""Scenarios run on the RTL (`mccp_top` through the device API) for the model's validation.

A scenario is channels (mode, key size, key slot, policy bits: ordered,
affinity, split) and a packet list
(channel, payload bytes, AAD bytes), all submitted at once so the stream
carries them back to back.  Every answer is checked against `cryptography`;
the cycles are the device's entry / start / exit cycles of each packet.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from mccp.ref import aes as aes_ref
from mccp.perf import costs
from mccp.perf.tlm import Channel, Config, Packet
from mccp.device import Device, Policy


@dataclass
class Scenario:
    name: str
    cfg: Config
    channels: list[Channel]
    packets: list[Packet]


def open_device(cfg: Config, channels: list[Channel], rng: random.Random):
    """A Device with one key per distinct slot and the channels opened (lowest index first)."""
    dev = Device(cores=cfg.cores, stream_bits=cfg.stream_bits)
    dev.write_reg("SCHED", affinity=int(cfg.affinity), in_order=int(cfg.in_order), ccm_split=int(cfg.ccm_split))
    if cfg.in_gap or cfg.out_stall:
        dev.backpressure(out_stall=cfg.out_stall, in_gap=cfg.in_gap, seed=rng.randrange(1 << 30))
    keys: dict[int, bytes] = {}
    chans = []
    for ch in channels:
        if ch.key_slot not in keys:
            keys[ch.key_slot] = rng.randbytes(ch.key_bits // 8)
            dev.load_key(ch.key_slot, keys[ch.key_slot])
        kw = {}
        if ch.nonce >= 0:
            kw["nonce_len"] = ch.nonce
        if ch.tag_len >= 0:
            kw["tag_len"] = ch.tag_len
        policy = Policy(ordered=ch.ordered, affinity=ch.affinity, split=ch.split)
        h = dev.open_channel(ch.mode, key_slot=ch.key_slot, policy=policy, **kw)
        chans.append((h, keys[ch.key_slot]))
    return dev, chans


def run_packets(dev, chans, channels: list[Channel], packets: list[Packet], rng: random.Random) -> list[Packet]:
    """Submit every packet, drain, check against the references; packets with the measured cycles."""
    want = {}
    order = {}
    for i, p in enumerate(packets):
        ch = channels[p.channel]
        h, key = chans[p.channel]
        op = ch.op or costs.default_op(ch.mode)
        data, aad = rng.randbytes(p.payload), rng.randbytes(p.aad)
        nonce = rng.randbytes(h.cfg.nonce_len)
        tag_len = h.cfg.tag_len
        ref = aes_ref.reference(ch.mode, key, data, nonce, aad, tag_len)
        if op in ("encrypt", "mac"):
            t = dev.submit(h, op, data, nonce=nonce, aad=aad)
            want[t] = ref
        elif op == "decrypt":                      # ciphertext (and tag) in, plaintext out
            t = dev.submit(h, op, ref[0], nonce=nonce, aad=aad, tag=ref[1])
            want[t] = (data, b"")
        else:                                      # verify: the message and its tag, nothing out
            t = dev.submit(h, op, data, nonce=nonce, tag=ref[1])
            want[t] = (b"", b"")
        order[t] = i
    out = [None] * len(packets)
    for r in dev.drain():
        exp = want.pop(r.ticket)
        got = (r.data, r.tag)
        if r.status != "OK" or got != exp:
            raise AssertionError(f"RTL: wrong answer for ticket {r.ticket} ({r.status})")
        i = order[r.ticket]
        p = packets[i]
        out[i] = Packet(p.channel, p.payload, p.aad, arrival=p.arrival, entry=r.entry_cycle, start=r.start_cycle,
                        exit=r.exit_cycle, core=r.core)
    return out


def run_rtl(sc: Scenario, seed: int = 1) -> list[Packet]:
    rng = random.Random(seed)
    dev, chans = open_device(sc.cfg, sc.channels, rng)
    with dev:
        return run_packets(dev, chans, sc.channels, sc.packets, rng)
