"""What a real host can do to the device, on a 2-core device (issue 38): a stuck consumer, a
careless AXI4-Lite master, an abandoned packet, raw packets that repeat a sequence number.
Every answer is checked against `cryptography` (mccp.ref.aes through tests/system/cases.py)."""

from conftest import KEYS
from cases import make_case
from mccp.ref import aes as aes_ref
from mccp.device import packets

OTHER = bytes(range(0xB0, 0xC0))


def _retiring(dev) -> int:
    return dev.rm.field("KEY_CMD", "RETIRING").extract(dev.read_reg("KEY_CMD"))


def test_stuck_consumer_and_zeroize(dev, rng):
    """Output ready held low for 30,000 cycles while packets of slot 0 finish: nothing leaves,
    the registers still answer, a zeroize of an unrelated slot takes effect at once.  A zeroize
    of slot 0 then leaves KEY_CMD.RETIRING set for as long as outputs of tasks that started
    with the old key wait; once the consumer comes back, those that started before the
    zeroize come out right, the others answer KEY_ERROR, and RETIRING clears."""
    dev.load_key(0, KEYS[16])
    dev.load_key(5, OTHER)
    ch = dev.open_channel("gcm", 0)
    want = {}
    try:
        dev.hold_output(True)
        for _ in range(12):
            c = make_case(rng, "gcm", "encrypt", KEYS[16], rng.choice([64, 600]), 12, 16)
            want[dev.submit(ch, "encrypt", c.data, nonce=c.nonce)] = c
        out0 = dev.read_reg("PKT_OUT")
        dev.model.step(30_000)
        assert dev.read_reg("PKT_OUT") == out0 and dev.model.out_count == 0, "a packet left a stuck consumer"
        c0 = dev.cycles
        dev.zeroize(5)                                     # no output of slot 5 waits
        assert dev.cycles - c0 < 200 and not dev.read_reg("KEY_VALID") & (1 << 5)
        dev.write_reg("KEY_SEL", 0)
        dev.write_reg("KEY_CMD", op=2)
        erased = dev.cycles
        dev.model.step(2_000)
        assert _retiring(dev), "RETIRING clear while outputs of the erased key wait"
        dev.hold_output(False)
        results = dev.drain()
        assert sorted(r.ticket for r in results) == sorted(want)
        started_before = 0
        for r in results:
            c = want[r.ticket]
            if r.status == "OK":
                assert r.start_cycle < erased, f"ticket {r.ticket} started after the zeroize and ran"
                assert (r.data, r.tag) == (c.want_data, c.want_tag)
                started_before += 1
            else:
                assert r.status == "KEY_ERROR", r
        assert started_before and started_before < len(want), "the zeroize should split the batch"
        dev.model.step(8)
        assert not _retiring(dev)
    finally:
        dev.hold_output(False)
        ch.close()


def test_careless_bus_master(dev, rng):
    """AW and W in separate cycles (either first), B and R not always ready: keys, channels,
    traffic and refused writes behave as with a tidy master."""
    dev.bus_jitter(True, seed=3)
    try:
        dev.load_key(1, KEYS[24])
        chans = [dev.open_channel(m, 1) for m in ("gcm", "ctr", "cmac", "ccm")]
        assert dev.read_reg("KEY_VALID") & 0b10
        assert dev.model.write_resp(dev.rm.addr("KEY_SEL"), 1) == 0
        assert dev.model.write_resp(dev.rm.addr("KEY_CMD"), dev.rm.encode("KEY_CMD", op=1, len=3)) == 2
        want = {}
        for _ in range(24):
            ch = rng.choice(chans)
            op = ch.cfg.ops()[0]
            c = make_case(rng, ch.mode, op, KEYS[24], rng.randint(0, 300), ch.cfg.nonce_len, ch.cfg.tag_len)
            want[dev.submit(ch, op, c.data, nonce=c.nonce)] = c
        for r in dev.drain():
            c = want.pop(r.ticket)
            assert (r.status, r.data, r.tag) == ("OK", c.want_data, c.want_tag), r
        assert not want
        for ch in chans:
            ch.close()
    finally:
        dev.bus_jitter(False)


def test_abandoned_packet(dev, rng):
    """A packet sent without TLAST: the device takes the next packet's beats as its
    continuation (AXI4-Stream has no other packet boundary), answers the abandoned one LENGTH
    and nothing else of the pair, and the packet after them runs normally."""
    dev.load_key(2, KEYS[16])
    ch = dev.open_channel("ctr", 2)
    try:
        a = make_case(rng, "ctr", "encrypt", KEYS[16], 48, 16, 0)
        b = make_case(rng, "ctr", "encrypt", KEYS[16], 32, 16, 0)
        pa = packets.build_packet(ch.cfg, "encrypt", 0x1000, a.data, a.nonce, rm=dev.rm)
        pb = packets.build_packet(ch.cfg, "encrypt", 0x1001, b.data, b.nonce, rm=dev.rm)
        dev.submit_raw(pa, tlast=False)
        dev.model.push(pb, 0x1001)                         # swallowed: no answer of its own
        c = make_case(rng, "ctr", "encrypt", KEYS[16], 80, 16, 0)
        t = dev.submit(ch, "encrypt", c.data, nonce=c.nonce)
        res = {r.ticket: r for r in dev.drain()}
        assert set(res) == {0x1000, t}
        assert res[0x1000].status == "LENGTH"
        assert (res[t].status, res[t].data) == ("OK", c.want_data)
    finally:
        ch.close()


def test_repeated_sequence_numbers(dev, rng):
    """Raw packets on two channels that all carry one sequence number: each gets its own
    answer, and together they are the expected ciphertexts."""
    dev.load_key(3, KEYS[16])
    dev.load_key(4, OTHER)
    chans = [dev.open_channel("ctr", 3, policy={"ordered"}), dev.open_channel("ctr", 4, policy={"ordered"})]
    try:
        want = []
        for i in range(6):
            ch = chans[i % 2]
            key = KEYS[16] if ch.cfg.key_slot == 3 else OTHER
            data, nonce = rng.randbytes(32), rng.randbytes(16)
            want.append((ch.index, aes_ref.reference("ctr", key, data, nonce, b"", 0)[0]))
            dev.submit_raw(packets.build_packet(ch.cfg, "encrypt", 77, data, nonce, rm=dev.rm))
        results = dev.drain()
        assert len(results) == 6 and all(r.ticket == 77 and r.status == "OK" for r in results)
        assert sorted((r.channel, r.data) for r in results) == sorted(want)
        # per channel, in submission order
        for ch in chans:
            assert [r.data for r in results if r.channel == ch.index] == [d for i, d in want if i == ch.index]
    finally:
        for ch in chans:
            ch.close()
