"""Randomized multi-channel traffic with a scoreboard: 4 channels, random modes, keys,
sizes 0..2048 and operations, random back-pressure on both streams.

Checked for every request: returned exactly once, status OK (AUTH_FAIL for the ~5 % of
decrypt/verify requests sent with a corrupted tag), data and tag equal to `cryptography`'s
(none after AUTH_FAIL), and on an ordered channel results leave in submission order.
"""

import random

import pytest

from cases import random_case
from mccp.aes.modes import MODES

MODE_NAMES = list(MODES)


def run_random(dev, seed: int, packets: int, chunk: int = 200, channels: int = 4,
               modes: tuple[str, ...] | None = None):
    """`modes`: the channels' modes (default: `channels` drawn at random); a CCM channel
    on an even index runs split over a core pair."""
    rng = random.Random(seed)
    dev.backpressure(out_stall=0.3, in_gap=0.2, seed=seed)
    chans, keys = [], {}
    try:
        for i, mode in enumerate(modes or rng.sample(MODE_NAMES, channels)):
            key = rng.randbytes(rng.choice((16, 24, 32)))
            dev.load_key(i, key)
            keys[i] = key
            m = MODES[mode]
            kw = {}
            if m.tag_lens:
                kw["tag_len"] = rng.choice(m.tag_lens)
            if mode == "ccm":
                kw["nonce_len"] = rng.choice(m.nonce_lens)
            elif mode in ("gcm", "gmac"):
                kw["nonce_len"] = rng.choice((12, 12, 8, 16, 60))
            policy = {"ordered", "affinity"} if i % 2 == 0 else rng.choice([set(), {"affinity"}])
            if mode == "ccm" and i % 2 == 0:
                policy.add("split")
            chans.append(dev.open_channel(mode, i, policy=policy, **kw))
        done = 0
        while done < packets:
            n = min(chunk, packets - done)
            expect, order = {}, {}
            for _ in range(n):
                ch = rng.choice(chans)
                c = random_case(rng, ch.mode, keys[ch.cfg.key_slot], ch.cfg.nonce_len, ch.cfg.tag_len)
                want = "OK"
                if c.tag and rng.random() < 0.05:          # a wrong tag now and then
                    i = rng.randrange(len(c.tag))
                    c.tag = c.tag[:i] + bytes([c.tag[i] ^ (1 << rng.randrange(8))]) + c.tag[i + 1:]
                    c.want_data, want = b"", "AUTH_FAIL"
                t = dev.submit(ch, c.op, c.data, nonce=c.nonce, aad=c.aad, tag=c.tag)
                expect[t] = (ch, c, want)
                order.setdefault(ch.index, []).append(t)
            results = dev.drain()
            tickets = [r.ticket for r in results]
            assert len(tickets) == len(set(tickets)) == n, "lost or duplicated results"
            assert set(tickets) == set(expect)
            for r in results:
                ch, c, want = expect[r.ticket]
                what = f"ticket {r.ticket}: {ch.mode} {c.op} {len(c.data)} bytes"
                assert r.status == want, f"{what}: status {r.status}, expected {want}"
                assert (r.data, r.tag) == (c.want_data, c.want_tag), f"{what}: wrong output"
                assert r.channel == ch.index and r.core in range(dev.cores)
                assert r.entry_cycle <= r.start_cycle < r.exit_cycle
            for ch in chans:
                if ch.cfg.policy.ordered:
                    seen = [r.ticket for r in results if r.channel == ch.index]
                    assert seen == order.get(ch.index, []), f"channel {ch.index} ({ch.mode}) reordered"
            done += n
    finally:
        dev.backpressure(0.0, 0.0)
        for ch in chans:
            ch.close()


def test_random_traffic(dev):
    run_random(dev, seed=11, packets=200)


def test_random_traffic_split_ccm(dev):
    """A split CCM channel beside a one-core CCM channel, GCM and CMAC on the 2-core device."""
    run_random(dev, seed=12, packets=120, modes=("ccm", "ccm", "gcm", "cmac"))


@pytest.mark.long
def test_random_traffic_long(dev):
    run_random(dev, seed=12, packets=10_000, chunk=500)


@pytest.mark.long
def test_random_traffic_split_ccm_long(dev):
    run_random(dev, seed=13, packets=10_000, chunk=500, modes=("ccm", "ccm", "gcm", "ctr"))


def test_order_policy(dev):
    """Two CTR channels with packets of 16 and 2048 bytes interleaved on 2 cores: the ordered
    one's results leave in submission order, the unordered one's overtake each other (so the
    order check above has something to catch)."""
    rng = random.Random(3)
    dev.load_key(0, bytes(range(16)))
    chans = {"ordered": dev.open_channel("ctr", 0, policy={"ordered"}),
             "free": dev.open_channel("ctr", 0, policy=set())}
    try:
        order = {}
        for _ in range(120):
            ch = chans[rng.choice(list(chans))]
            order.setdefault(ch.index, []).append(
                dev.submit(ch, "encrypt", rng.randbytes(rng.choice([16, 2048])), nonce=bytes(16)))
        results = dev.drain()
        assert all(r.status == "OK" for r in results)
        seen = {k: [r.ticket for r in results if r.channel == ch.index] for k, ch in chans.items()}
        assert seen["ordered"] == order[chans["ordered"].index]
        assert sorted(seen["free"]) == order[chans["free"].index] and seen["free"] != order[chans["free"].index]
    finally:
        for ch in chans.values():
            ch.close()


def test_poll_returns_finished_requests_and_keeps_the_rest(dev):
    """poll(k) hands back at least k finished requests, each exactly once; the others stay in
    flight and come back from later polls / drain, with the right data."""
    from mccp.ref import aes as aes_ref

    rng = random.Random(7)
    key = rng.randbytes(16)
    dev.load_key(0, key)
    ch = dev.open_channel("ctr", 0)
    try:
        want = {}
        for _ in range(6):
            data, nonce = rng.randbytes(rng.randint(16, 400)), rng.randbytes(16)
            want[dev.submit(ch, "encrypt", data, nonce=nonce)] = aes_ref.ctr32(key, nonce, data)
        first = dev.poll(2)
        assert len(first) >= 2 and dev.pending == 6 - len(first)
        rest = dev.drain()
        got = first + rest
        assert sorted(r.ticket for r in got) == sorted(want)
        for r in got:
            assert r.status == "OK" and r.data == want[r.ticket]
        assert dev.poll(1) == []            # nothing outstanding: returns at once
    finally:
        ch.close()
