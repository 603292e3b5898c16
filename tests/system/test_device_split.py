"""CCM on two cores (split policy) through the device API, against `cryptography`.

A split packet runs its CTR half on core 2p (the core the output header
names) and its CBC-MAC half on core 2p+1; both cores count the task.
"""

import pytest

from conftest import KEYS
from cases import make_case
from mccp import AuthError, Device

SPLIT = {"ordered", "affinity", "split"}


def core_tasks(dev, cores: int) -> list[int]:
    out = []
    for c in range(cores):
        dev.write_reg("CORE_SEL", c)
        out.append(dev.read_reg("CORE_TASKS"))
    return out


@pytest.fixture(scope="module")
def keyed(dev):
    for i, key in enumerate(KEYS.values()):
        dev.load_key(i, key)
    return dev


@pytest.mark.parametrize("key_len", [16, 24, 32])
def test_split_ccm_matches_reference(keyed, rng, key_len):
    dev, key = keyed, KEYS[key_len]
    slot = list(KEYS).index(key_len)
    for nonce_len, tag_len in [(13, 16), (7, 4), (12, 10)]:
        with dev.open_channel("ccm", slot, tag_len=tag_len, nonce_len=nonce_len, policy=SPLIT) as ch:
            for size, aad_len in [(0, 0), (1, 14), (37, 0), (160, 19), (2048, 40)]:
                before = core_tasks(dev, 2)
                c = make_case(rng, "ccm", "encrypt", key, size, nonce_len, tag_len, aad_len)
                assert ch.encrypt(c.data, nonce=c.nonce, aad=c.aad) == (c.want_data, c.want_tag), (size, aad_len)
                d = make_case(rng, "ccm", "decrypt", key, size, nonce_len, tag_len, aad_len)
                assert ch.decrypt(d.data, nonce=d.nonce, aad=d.aad, tag=d.tag) == d.want_data, (size, aad_len)
                # both packets ran on the pair: both cores started two tasks
                assert [a - b for a, b in zip(core_tasks(dev, 2), before)] == [2, 2]


def test_split_failed_tag_releases_nothing(keyed, rng):
    dev = keyed
    with dev.open_channel("ccm", 0, policy=SPLIT) as ch:
        c = make_case(rng, "ccm", "decrypt", KEYS[16], 100, 13, 16, 7)
        bad = bytearray(c.tag)
        bad[3] ^= 0x10
        t = dev.submit(ch, "decrypt", c.data, nonce=c.nonce, aad=c.aad, tag=bytes(bad))
        (r,) = dev.drain()
        assert r.ticket == t and r.status == "AUTH_FAIL" and r.data == b""
        with pytest.raises(AuthError):
            ch.decrypt(c.data, nonce=c.nonce, aad=c.aad, tag=bytes(bad))
        # the pair runs normally afterwards
        assert ch.decrypt(c.data, nonce=c.nonce, aad=c.aad, tag=c.tag) == c.want_data


def test_global_split_register(keyed, rng):
    """SCHED.CCM_SPLIT splits the CCM packets of a channel without the split bit;
    the split packet is faster than on one core."""
    dev = keyed
    with dev.open_channel("ccm", 0) as ch:
        c = make_case(rng, "ccm", "encrypt", KEYS[16], 2048, 13, 16)
        lat = {}
        for split in (0, 1):
            dev.write_reg("SCHED", affinity=1, in_order=1, ccm_split=split)
            before = core_tasks(dev, 2)
            dev.submit(ch, "encrypt", c.data, nonce=c.nonce)
            (r,) = dev.drain()
            assert (r.data, r.tag) == (c.want_data, c.want_tag)
            delta = [a - b for a, b in zip(core_tasks(dev, 2), before)]
            assert sum(delta) == 1 + split
            lat[split] = r.exit_cycle - r.start_cycle
        dev.write_reg("SCHED", affinity=1, in_order=1, ccm_split=0)
        assert lat[1] < 0.65 * lat[0], lat


def test_split_mixed_with_other_traffic(rng):
    """4 cores: a split CCM channel beside GCM and one-core CCM channels, submitted
    in a burst; every result right and each channel's results in order."""
    with Device(cores=4) as dev:
        dev.load_key(0, KEYS[16])
        dev.load_key(1, KEYS[32])
        chans = [(dev.open_channel("ccm", 0, policy=SPLIT), KEYS[16]),
                 (dev.open_channel("gcm", 1), KEYS[32]),
                 (dev.open_channel("ccm", 1, tag_len=8), KEYS[32])]
        want = {}
        for i in range(36):
            ch, key = chans[i % 3]
            op = rng.choice(["encrypt", "decrypt"])
            c = make_case(rng, ch.mode, op, key, rng.choice([16, 100, 512, 1500]), ch.cfg.nonce_len,
                          ch.cfg.tag_len, rng.choice([0, 20]))
            t = dev.submit(ch, op, c.data, nonce=c.nonce, aad=c.aad, tag=c.tag)
            want[t] = (ch.index, c.want_data, c.want_tag if op == "encrypt" else b"", ch.cfg.policy.split)
        results = dev.drain()
        assert sorted(r.ticket for r in results) == sorted(want)
        last = {}
        for r in results:
            idx, data, tag, split = want[r.ticket]
            assert r.ok and (r.data, r.tag) == (data, tag), r
            assert r.ticket > last.get(idx, -1), "results of a channel out of order"
            last[idx] = r.ticket
            if split:
                assert r.core % 2 == 0, f"split packet's output from core {r.core}"
