"""The key boundary under a careless or hostile host (issue 38, defects 1-3), on a 2-core device.

1. A KEY_CMD write in the cycle the scheduler reads the key store must not lose that read.
2. A request whose key the scheduler fetched before a zeroize / re-key of its slot must not run
   with the old key once the zeroize (or the commit) has been issued.
3. Words staged in KEY_DATA do not survive a commit, a refused commit or a zeroize.

Expected values come from `cryptography` (mccp.ref.aes through tests/system/cases.py).
"""

import pytest

from conftest import KEYS
from cases import make_case
from mccp.ref import aes as aes_ref
from mccp.device.model import BusError

OTHER = bytes(range(0xB0, 0xC0))      # a second AES-128 key
NEW = bytes(range(0xD0, 0xE0))        # the key a re-key installs


def test_key_command_during_key_read_loses_no_request(dev, rng):
    """16 small GCM packets on one channel, then a key load into an unused slot after 0..119
    idle cycles: the KEY_CMD write meets the scheduler's key-store read at some alignment.
    Every packet must come back, right (before the fix the device stopped for good)."""
    dev.load_key(0, KEYS[16])
    ch = dev.open_channel("gcm", 0)
    try:
        for delay in range(120):
            want = {}
            for _ in range(16):
                c = make_case(rng, "gcm", "encrypt", KEYS[16], 16, 12, 16)
                want[dev.submit(ch, "encrypt", c.data, nonce=c.nonce)] = c
            dev.model.step(delay)
            dev.load_key(7, OTHER)
            results = dev.drain()
            assert sorted(r.ticket for r in results) == sorted(want), f"delay {delay}"
            for r in results:
                c = want[r.ticket]
                assert (r.status, r.data, r.tag) == ("OK", c.want_data, c.want_tag), f"delay {delay}"
    finally:
        ch.close()


def _busy_then_victim(dev, rng, busy_ch, victim_ch, key):
    """Both cores busy with a 2 KB CTR packet each, then one GCM packet on the victim channel:
    its key is read once its header arrives (~1,040 cycles on, at 32 bits a beat) and the request
    then waits for a core for a few hundred cycles."""
    for _ in range(2):
        c = make_case(rng, "ctr", "encrypt", KEYS[16], 2048, 16, 0)
        dev.submit(busy_ch, "encrypt", c.data, nonce=c.nonce)
    v = make_case(rng, "gcm", "encrypt", key, 64, 12, 16)
    return dev.submit(victim_ch, "encrypt", v.data, nonce=v.nonce), v


@pytest.mark.parametrize("action", ["zeroize", "rekey"])
def test_no_task_starts_with_a_key_erased_before(dev, rng, action):
    """The victim's key was fetched while every core was busy; the slot is then zeroized (or
    re-keyed) while the request still waits.  The request must not run with the erased key:
    after a zeroize it answers KEY_ERROR, after a re-key it runs under the new key."""
    dev.load_key(0, KEYS[16])
    busy = dev.open_channel("ctr", 0, policy={"ordered"})
    hit_window = 0
    try:
        for wait in range(800, 1700, 100):
            dev.load_key(3, KEYS[16])
            victim = dev.open_channel("gcm", 3, policy={"ordered"})
            try:
                ticket, v = _busy_then_victim(dev, rng, busy, victim, KEYS[16])
                dev.model.step(wait)
                erase = dev.cycles
                if action == "zeroize":
                    dev.zeroize(3)
                else:
                    dev.load_key(3, NEW)
                done = dev.cycles
                r = next(r for r in dev.drain() if r.ticket == ticket)
                old = (v.want_data, v.want_tag)
                if r.start_cycle > done:
                    # started after the erase returned: never under the old key
                    if action == "zeroize":
                        assert r.status == "KEY_ERROR", (wait, r)
                    else:
                        ct, tag = aes_ref.reference("gcm", NEW, v.data, v.nonce, b"", 16)
                        assert (r.status, r.data, r.tag) == ("OK", ct, tag), (wait, r)
                if r.entry_cycle + 16 < erase and (r.start_cycle > done or r.status == "KEY_ERROR"):
                    hit_window += 1         # its key was read before the erase; it ran after
                if r.status == "OK" and (r.data, r.tag) == old:
                    assert r.start_cycle <= done, f"wait {wait}: ran under the erased key after the {action}"
            finally:
                victim.close()
        assert hit_window, "no request had its key fetched before the erase and started after it"
    finally:
        busy.close()


def _commit(dev, slot, length_code=0):
    dev.write_reg("KEY_SEL", slot)
    return dev.model.write_resp(dev.rm.addr("KEY_CMD"), dev.rm.encode("KEY_CMD", op=1, len=length_code))


def _stage(dev, key):
    for i in range(len(key) // 4):
        dev.write_reg("KEY_DATA", int.from_bytes(key[4 * i:4 * i + 4], "big"), index=i)


@pytest.mark.parametrize("clear", ["refused_commit", "zeroize_all", "zeroize_slot"])
def test_staged_key_does_not_outlive(dev, rng, clear):
    """Key words staged, then a refused commit (slot out of range) or a zeroize: a later commit
    without new KEY_DATA writes must not install the old staged words."""
    dev.zeroize()
    _stage(dev, OTHER)
    if clear == "refused_commit":
        assert _commit(dev, dev.key_slots + 2) == 2          # SLVERR: no such slot
    elif clear == "zeroize_all":
        dev.write_reg("KEY_CMD", op=3)
    else:
        dev.write_reg("KEY_SEL", 9)
        dev.write_reg("KEY_CMD", op=2)
    dev._key_store_ready()
    resp = _commit(dev, 5)
    assert resp == 2, "a commit with no key words staged since the last clear must be refused"
    assert not dev.read_reg("KEY_VALID") & (1 << 5)
    # the device still takes keys the normal way and uses them
    dev.load_key(5, KEYS[16])
    ch = dev.open_channel("ecb", 5)
    try:
        block = rng.randbytes(32)
        assert ch.encrypt(block) == (aes_ref.ecb(KEYS[16], block), b"")
    finally:
        ch.close()


def test_commit_needs_every_word_of_its_size(dev):
    """A commit of an AES-256 key with only four words staged is refused, not padded."""
    dev.zeroize()
    _stage(dev, OTHER)                                     # 4 words
    assert _commit(dev, 6, length_code=2) == 2
    assert not dev.read_reg("KEY_VALID") & (1 << 6)
    with pytest.raises(BusError):
        dev.write_reg("KEY_SEL", 6)
        dev.write_reg("KEY_CMD", op=1, len=0)               # staging was cleared by the refusal


def test_split_request_refused_mid_key_load(dev, rng):
    """A split CCM request whose slot is zeroized while its MAC half loads the key is refused
    (KEY_ERROR); the request after it, on another channel, runs as an ordinary task with its own
    key (the chaos soak found it started as a second MAC half, under the erased key)."""
    dev.load_key(2, OTHER)
    mac = dev.open_channel("cmac", 2, policy={"ordered"})
    statuses = set()
    try:
        for delay in range(0, 260, 5):
            dev.load_key(3, KEYS[16])                      # caches cold: the MAC half loads the key
            ccm = dev.open_channel("ccm", 3, policy={"ordered", "split"})
            try:
                c = make_case(rng, "ccm", "encrypt", KEYS[16], 64, 13, 16)
                t = dev.submit(ccm, "encrypt", c.data, nonce=c.nonce)
                dev.model.step(delay)
                dev.zeroize(3)
                m = make_case(rng, "cmac", "mac", OTHER, 40, 0, 16)
                u = dev.submit(mac, "mac", m.data)
                res = {r.ticket: r for r in dev.drain()}
                assert res[t].status in ("OK", "KEY_ERROR"), (delay, res[t])
                if res[t].status == "OK":
                    assert (res[t].data, res[t].tag) == (c.want_data, c.want_tag), delay
                assert (res[u].status, res[u].tag) == ("OK", m.want_tag), (delay, res[u])
                statuses.add(res[t].status)
                dev.model.step(50)
                assert dev.read_reg("CORE_IDLE") == (1 << dev.cores) - 1, f"delay {delay}: a core stays busy"
            finally:
                ccm.close()
        # zeroized before the pair started: refused; after it: done with the old key
        assert statuses == {"OK", "KEY_ERROR"}, statuses
    finally:
        mac.close()
