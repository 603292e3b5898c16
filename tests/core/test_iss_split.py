"""Split CCM (docs/core.md "Split tasks") on the ISS: two cores, against `cryptography`.

The I/O core's output is checked against the reference; the MAC core must end
OK with no output.  The queue rules and the abort rules of `run_pair` are
checked on small hand-written programs whose cycles are counted by hand from
the rules in docs/core.md.
"""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mccp.asm import assemble_file, assemble_text
from mccp.ref.cavp import STATUS
from mccp.isa import load as load_isa
from mccp.iss import Iss, run_pair
from mccp.aes.modes import MODES, build_split_tasks, build_task
from mccp.paths import ROOT
from mccp.ref.aes import reference
from mccp.aes.task import Task, pack
from mccp.bench.results import load_bench_core

FIRMWARE = assemble_file(ROOT / "firmware" / "mccp.s")
AES_LATENCY = {16: 11, 24: 13, 32: 15}        # docs/core.md, rule 4
TAG_LENS = MODES["ccm"].tag_lens
OUT_WORDS = 200


def _iss(key: bytes, words=None) -> Iss:
    iss = Iss(FIRMWARE.words if words is None else words, out_words=OUT_WORDS)
    iss.load_key(key)
    return iss


def split(key, op, data, nonce, aad, tag=b"", tag_len=16, io_start=0, mac_start=0):
    io, mac = build_split_tasks(FIRMWARE.entries, op, data, nonce, aad, tag, tag_len)
    return run_pair(_iss(key), io, _iss(key), mac, io_start=io_start, mac_start=mac_start)


def single(key, op, data, nonce, aad, tag=b"", tag_len=16):
    return _iss(key).run(build_task(FIRMWARE.entries, "ccm", op, data, nonce, aad, tag, tag_len))


def check_roundtrip(key, data, nonce, aad, tag_len, io_start=0):
    want_ct, want_tag = reference("ccm", key, data, nonce, aad, tag_len)
    io, mac = split(key, "encrypt", data, nonce, aad, tag_len=tag_len, io_start=io_start)
    assert (io.status, mac.status) == (STATUS["OK"], STATUS["OK"])
    assert io.data == want_ct + want_tag and mac.output == []
    io, mac = split(key, "decrypt", want_ct, nonce, aad, want_tag, tag_len, io_start=io_start)
    assert (io.status, mac.status) == (STATUS["OK"], STATUS["OK"])
    assert io.data == data and mac.output == []
    return want_ct, want_tag


SIZES = (0, 1, 15, 16, 17, 64, 2048)
AAD_LENS = (0, 1, 13, 14, 15, 16, 17, 40)


@pytest.mark.parametrize("klen", (16, 24, 32))
@pytest.mark.parametrize("size", SIZES)
def test_split_ccm_against_cryptography(klen, size):
    rng = random.Random(klen * 10007 + size)
    for i, alen in enumerate(AAD_LENS):
        nlen = 7 + (i + size) % 7                     # every nonce length 7..13 across the sweep
        tag_len = TAG_LENS[(i + klen) % len(TAG_LENS)]
        key, data = rng.randbytes(klen), rng.randbytes(size)
        check_roundtrip(key, data, rng.randbytes(nlen), rng.randbytes(alen), tag_len, io_start=i * 3)


@pytest.mark.parametrize("nlen", range(7, 14))
@pytest.mark.parametrize("tag_len", TAG_LENS)
def test_split_ccm_nonce_and_tag_lengths(nlen, tag_len):
    rng = random.Random(nlen * 100 + tag_len)
    key = rng.randbytes(16)
    check_roundtrip(key, rng.randbytes(37), rng.randbytes(nlen), rng.randbytes(20), tag_len)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_split_random_roundtrip(data):
    key = data.draw(st.sampled_from([16, 24, 32]).flatmap(lambda n: st.binary(min_size=n, max_size=n)))
    payload = data.draw(st.binary(max_size=2048))
    nonce = data.draw(st.integers(7, 13).flatmap(lambda n: st.binary(min_size=n, max_size=n)))
    aad = data.draw(st.binary(max_size=512))
    tag_len = data.draw(st.sampled_from(TAG_LENS))
    io_start = data.draw(st.integers(0, 100))
    ct, tag = check_roundtrip(key, payload, nonce, aad, tag_len, io_start)
    bad = bytearray(tag)
    bad[data.draw(st.integers(0, tag_len - 1))] ^= 1 << data.draw(st.integers(0, 7))
    io, mac = split(key, "decrypt", ct, nonce, aad, bytes(bad), tag_len, io_start=io_start)
    assert (io.status, io.data, mac.status) == (STATUS["AUTH_FAIL"], b"", STATUS["OK"])


def test_split_failed_tag():
    rng = random.Random(5)
    key, data, nonce, aad = rng.randbytes(16), rng.randbytes(100), rng.randbytes(12), rng.randbytes(30)
    ct, tag = reference("ccm", key, data, nonce, aad, 8)
    for bad_ct, bad_tag in ((ct, bytes([tag[0] ^ 0x80]) + tag[1:]),
                            (ct[:50] + bytes([ct[50] ^ 1]) + ct[51:], tag)):
        io, mac = split(key, "decrypt", bad_ct, nonce, aad, bad_tag, 8)
        assert io.status == STATUS["AUTH_FAIL"] and io.data == b"" and io.output == []
        assert mac.status == STATUS["OK"] and mac.output == []


BAD_PARAMS = [
    dict(nonce=bytes(6), tag_len=8),                  # nonce too short
    dict(nonce=bytes(14), tag_len=8),                 # nonce too long
    dict(nonce=bytes(13), tag_len=5),                 # odd tag
    dict(nonce=bytes(13), tag_len=2),                 # tag too short
    dict(nonce=bytes(13), tag_len=18),                # tag too long
    dict(nonce=bytes(13), tag_len=8, data=bytes(1 << 16)),   # q = 2: payload < 2^16
    dict(nonce=bytes(12), tag_len=8, aad=bytes(65280)),      # AAD too long
]


@pytest.mark.parametrize("kw", BAD_PARAMS)
@pytest.mark.parametrize("io_start", (0, 7))
def test_split_bad_params(kw, io_start):
    kw = dict(kw)
    data, aad = kw.pop("data", bytes(32)), kw.pop("aad", b"")
    io, mac = split(bytes(16), "encrypt", data, aad=aad, io_start=io_start, **kw)
    assert io.status == STATUS["BAD_PARAM"] and io.data == b""
    # the MAC core waited for B0 and was ended by the I/O core's result
    assert mac.status == STATUS["PARTNER"] and mac.output == []
    io_end = io_start + io.cycles
    assert mac.cycles > io_end and all(r.cycle <= io_end for r in mac.retired)
    # the single-core path gives the same answer for the same parameters
    assert single(bytes(16), "encrypt", data, kw["nonce"], aad, tag_len=kw["tag_len"]).status == STATUS["BAD_PARAM"]


def test_split_unknown_role():
    io, mac = build_split_tasks(FIRMWARE.entries, "encrypt", bytes(32), bytes(13), b"", tag_len=8)
    role3 = Task(mac.entry, mac.args[:3] + (8 | 3 << 16,), [])
    r_io, r_mac = run_pair(_iss(bytes(16)), io, _iss(bytes(16)), role3, io_start=4)
    # the MAC half ends with an error, which ends the I/O half
    assert r_mac.status == STATUS["BAD_PARAM"] and r_io.status == STATUS["PARTNER"] and r_io.output == []
    # a role on a lone core, outside a split task
    assert _iss(bytes(16)).run(role3).status == STATUS["BAD_PARAM"]


def test_split_halves_on_a_lone_core_are_illegal():
    io, mac = build_split_tasks(FIRMWARE.entries, "encrypt", bytes(32), bytes(13), bytes(3), tag_len=8)
    r = _iss(bytes(16)).run(io)
    assert r.status == STATUS["ILLEGAL"] and r.data == b""
    assert _iss(bytes(16)).run(mac).status == STATUS["ILLEGAL"]


@pytest.mark.parametrize("src", ["vsend v3\ndone OK", "vrecv v3\ndone OK"])
def test_vsend_vrecv_on_a_lone_core_are_illegal(src):
    prog = assemble_text("nop\n" + src)
    r = Iss(prog.words).run(Task(0, (0, 0, 0, 0), pack(bytes(16))))
    assert r.status == STATUS["ILLEGAL"] and [x.pc for x in r.retired] == [0]
    assert r.cycles == 3 + 1 + 1          # issue cycle 3, result next cycle, one input word drained


# ---- the queue rules, counted by hand -------------------------------------------
# pair_link: depth 1, latency 2 (docs/core.md "Split tasks").

SENDER = """
    vinc  v1, v0
    vsend v1
    vinc  v1, v1
    vsend v1
    vinc  v1, v1
    vsend v1
    done  OK
"""
RECEIVER = """
.rept 7
    nop
.endr
    vrecv v2
    vrecv v3
    vrecv v4
    done  OK
"""


def _pair(sender_src, receiver_src, io_start, mac_start):
    """The MAC core runs `sender_src`, the I/O core `receiver_src`."""
    mac_iss, io_iss = Iss(assemble_text(sender_src).words), Iss(assemble_text(receiver_src).words)
    return run_pair(io_iss, Task(0, (0, 0, 0, 0), []), mac_iss, Task(0, (0, 0, 0, 0), []),
                    io_start=io_start, mac_start=mac_start)


def _cycles(res, mnemonic):
    return [r.cycle for r in res.retired if load_isa().decode(r.word)[0].mnemonic == mnemonic]


def test_queue_timing_same_start():
    io, mac = _pair(SENDER, RECEIVER, 0, 0)
    # MAC: vinc 2, vsend 3, vinc 4; the second vsend needs the place of block
    # 0, freed by the I/O core's vrecv in cycle 9: 9 + 2 = 11; vinc 12, the
    # third vsend waits for the vrecv of block 1 (13): 15; done 16
    assert _cycles(mac, "vsend") == [3, 11, 15]
    assert mac.status == STATUS["OK"] and mac.cycles == 17
    # I/O: nops 2..8, vrecv 9 (block 0 sent in 3), then block 1 (sent in 11):
    # 13, block 2 (sent in 15): 17; done 18
    assert _cycles(io, "vrecv") == [9, 13, 17]
    assert io.status == STATUS["OK"] and io.cycles == 19
    assert [(r.reg, r.value) for r in io.retired if r.reg in ("v2", "v3", "v4")] == [("v2", 1), ("v3", 2), ("v4", 3)]


def test_queue_timing_absolute_cycles():
    io, mac = _pair(SENDER, RECEIVER, 5, 1)
    # absolute: MAC vsend of block 0 at 4; I/O vrecv of it at 5 + 9 = 14, so
    # the second vsend at 16 (MAC cycle 15); the I/O core takes it at 18 (its
    # 13), so the third vsend at 20 (MAC 19), taken at 22 (I/O 17)
    assert _cycles(mac, "vsend") == [3, 15, 19]
    assert _cycles(io, "vrecv") == [9, 13, 17]
    # a receiver that starts late finds one block waiting; the second is sent
    # once the first vrecv (its cycle 9, absolute 49) has freed the place
    io, mac = _pair(SENDER, RECEIVER, 40, 0)
    assert _cycles(mac, "vsend") == [3, 40 + 9 + 2, 40 + 13 + 2]
    assert _cycles(io, "vrecv") == [9, 13, 17]


def test_mac_core_starts_first():
    with pytest.raises(ValueError, match="starts first"):
        _pair(SENDER, RECEIVER, 0, 1)


def test_deadlocks_are_reported():
    with pytest.raises(ValueError, match="deadlock"):
        _pair("vrecv v1\ndone OK", "vrecv v1\ndone OK", 0, 0)
    # the MAC core ends OK without sending what the I/O core waits for
    with pytest.raises(ValueError, match="has ended"):
        _pair("done OK", "vrecv v1\ndone OK", 0, 0)


def test_abort_rules():
    # the I/O core ends (cycle 3) while the MAC core waits: PARTNER, nothing it
    # did after that cycle retires
    io, mac = _pair("nop\nvrecv v1\ndone OK", "nop\ndone OK", 0, 0)
    assert io.status == STATUS["OK"] and io.cycles == 4
    assert mac.status == STATUS["PARTNER"] and [r.cycle for r in mac.retired] == [2]
    # the MAC core ends with an error: the I/O core, waiting, ends with PARTNER
    io, mac = _pair("done BAD_PARAM", "vrecv v1\ndone OK", 0, 0)
    assert mac.status == STATUS["BAD_PARAM"] and io.status == STATUS["PARTNER"] and io.retired == []
    # ... but an I/O core that has ended by then keeps its status
    io, mac = _pair("nop\nnop\nnop\ndone BAD_PARAM", "done OK", 0, 0)
    assert (io.status, mac.status) == (STATUS["OK"], STATUS["PARTNER"])
    # a MAC core that ends OK first does not end the I/O core
    io, mac = _pair("vsend v0\ndone OK", "nop\nnop\nnop\nvrecv v1\ndone OK", 0, 0)
    assert (io.status, mac.status) == (STATUS["OK"], STATUS["OK"])


# ---- cycles ---------------------------------------------------------------------

def test_single_core_ccm_cycles_are_the_benchmarked_ones():
    """The single-core path is what `make bench` measured on the RTL (results/bench_core.json):
    the split path must not cost a plain task a cycle."""
    bench = load_bench_core()
    rng = random.Random(3)
    for bits, per_key in bench["modes"]["ccm"].items():
        for size, cycles in per_key["cycles"].items():
            key, data = rng.randbytes(int(bits) // 8), rng.randbytes(int(size))
            iss = Iss(FIRMWARE.words, digit_bits=32, out_words=OUT_WORDS)
            iss.load_key(key)
            r = iss.run(build_task(FIRMWARE.entries, "ccm", "encrypt", data, rng.randbytes(12), b"", tag_len=16))
            assert r.status == STATUS["OK"] and r.cycles == cycles, (bits, size)


@pytest.mark.parametrize("klen", (16, 24, 32))
@pytest.mark.parametrize("op", ("encrypt", "decrypt"))
def test_split_runs_one_aes_latency_per_block(klen, op):
    rng = random.Random(klen)
    key, nonce, aad = rng.randbytes(klen), rng.randbytes(12), b""
    cycles = {}
    for size in (1024, 2048):
        data = rng.randbytes(size)
        ct, tag = reference("ccm", key, data, nonce, aad, 16)
        src, tag = (data, b"") if op == "encrypt" else (ct, tag)
        io, mac = split(key, op, src, nonce, aad, tag, 16, io_start=3)
        one = single(key, op, src, nonce, aad, tag, 16)
        assert io.status == mac.status == one.status == STATUS["OK"]
        cycles[size] = (io.cycles, mac.cycles, one.cycles)
    latency = AES_LATENCY[klen]
    io_per_block = (cycles[2048][0] - cycles[1024][0]) / 64
    mac_per_block = (cycles[2048][1] - cycles[1024][1]) / 64
    one_per_block = (cycles[2048][2] - cycles[1024][2]) / 64
    assert io_per_block == mac_per_block == latency
    assert one_per_block == 2 * latency
    io_2k, mac_2k, one_2k = cycles[2048]
    assert io_2k < 0.6 * one_2k and mac_2k < 0.6 * one_2k
