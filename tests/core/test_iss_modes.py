"""Every firmware mode on the ISS against NIST CAVP files and `cryptography`.

The RTL runs the same cases (tests/core/test_core_modes.py); the ISS runs
more of them because it is fast.
"""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mccp.ref.cavp import STATUS, all_cases, check, sample, task_for
from mccp.asm import assemble_file
from mccp.iss import Iss
from mccp.aes.modes import MODES, build_task, split_output
from mccp.paths import ROOT
from mccp.ref.aes import reference

FIRMWARE = assemble_file(ROOT / "firmware" / "mccp.s")
CASES = all_cases()


def run_iss(key: bytes, task, **kw):
    iss = Iss(FIRMWARE.words, **kw)
    iss.load_key(key)
    return iss.run(task)


@pytest.mark.parametrize("mode", sorted(CASES))
def test_iss_cavp(mode):
    per = {"gcm": 1, "ccm": 2}.get(mode, 1000)
    cases = sample(CASES[mode], per)
    assert cases
    for case in cases:
        r = run_iss(case.key, task_for(FIRMWARE.entries, case))
        check(case, r.status, r.data)


def _random_case(data, mode: str):
    m = MODES[mode]
    key = data.draw(st.sampled_from([16, 24, 32]).flatmap(lambda n: st.binary(min_size=n, max_size=n)))
    size = data.draw(st.integers(0, 2048))
    if m.block_only:
        size -= size % 16
    payload = data.draw(st.binary(min_size=size, max_size=size))
    if mode in ("gcm", "gmac"):
        nlen = data.draw(st.sampled_from([12, 12, 8, 16, 20, 60]))
    else:
        nlen = data.draw(st.sampled_from(m.nonce_lens)) if m.nonce_lens else 0
    nonce = data.draw(st.binary(min_size=nlen, max_size=nlen))
    aad = data.draw(st.binary(max_size=512)) if m.aead else b""
    tag_len = data.draw(st.sampled_from(m.tag_lens)) if m.tag_lens else 0
    return key, payload, nonce, aad, tag_len


@pytest.mark.parametrize("mode", sorted(MODES))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_iss_random_roundtrip(mode, data):
    key, payload, nonce, aad, tag_len = _random_case(data, mode)
    m = MODES[mode]
    want_data, want_tag = reference(mode, key, payload, nonce, aad, tag_len)
    fwd = "mac" if m.mac_only else "encrypt"
    r = run_iss(key, build_task(FIRMWARE.entries, mode, fwd, payload, nonce, aad, tag_len=tag_len), out_words=160)
    assert r.status == STATUS["OK"]
    got_data, got_tag = split_output(mode, fwd, r.data, len(payload), tag_len)
    assert (got_data, got_tag) == (want_data, want_tag)
    back = "verify" if m.mac_only else "decrypt"
    src = payload if m.mac_only else want_data
    r = run_iss(key, build_task(FIRMWARE.entries, mode, back, src, nonce, aad, want_tag, tag_len), out_words=160)
    assert r.status == STATUS["OK"]
    if not m.mac_only:
        assert r.data == payload
    if tag_len:
        bad = bytearray(want_tag)
        bad[data.draw(st.integers(0, tag_len - 1))] ^= 1 << data.draw(st.integers(0, 7))
        r = run_iss(key, build_task(FIRMWARE.entries, mode, back, src, nonce, aad, bytes(bad), tag_len),
                    out_words=160)
        assert r.status == STATUS["AUTH_FAIL"] and r.data == b""


BAD_PARAMS = [
    ("gcm", dict(nonce=b"", tag_len=16)),            # empty IV
    ("gcm", dict(nonce=bytes(12), tag_len=5)),       # tag length not allowed
    ("gcm", dict(nonce=bytes(12), tag_len=17)),
    ("ccm", dict(nonce=bytes(6), tag_len=8)),        # nonce too short
    ("ccm", dict(nonce=bytes(14), tag_len=8)),       # nonce too long
    ("ccm", dict(nonce=bytes(13), tag_len=7)),       # odd tag
    ("ccm", dict(nonce=bytes(13), tag_len=2)),
    ("ctr", dict(nonce=bytes(12))),                  # counter block not 16 bytes
    ("cbc", dict(nonce=bytes(16), data=bytes(17))),  # not whole blocks
    ("ecb", dict(data=bytes(15))),
    ("cmac", dict(tag_len=0)),
    ("cmac", dict(tag_len=17)),
    ("cbc-mac", dict(nonce=bytes(16), tag_len=16)),  # MACs take no nonce
]


@pytest.mark.parametrize("mode,kw", BAD_PARAMS)
def test_iss_bad_params(mode, kw):
    m = MODES[mode]
    op = "mac" if m.mac_only else "encrypt"
    kw = dict(kw)
    data = kw.pop("data", bytes(32))
    r = run_iss(bytes(16), build_task(FIRMWARE.entries, mode, op, data, **kw))
    assert r.status == STATUS["BAD_PARAM"] and r.data == b""
    # the core is usable again right after
    ok = run_iss(bytes(16), build_task(FIRMWARE.entries, "ecb", "encrypt", bytes(16)))
    assert ok.status == STATUS["OK"]


def test_iss_truncated_and_length_errors():
    rng = random.Random(7)
    key, iv, pt = rng.randbytes(16), rng.randbytes(12), rng.randbytes(40)
    task = build_task(FIRMWARE.entries, "gcm", "encrypt", pt, iv, b"", tag_len=16)
    short = type(task)(task.entry, task.args, task.words[:-1])
    short.words[-1] = type(short.words[-1])(short.words[-1].data, True)
    assert run_iss(key, short).status == STATUS["TRUNCATED"]
    long = type(task)(task.entry, task.args, task.words[:-1] + [type(task.words[0])(task.words[-1].data, False),
                                                              type(task.words[0])(123, True)])
    r = run_iss(key, long)
    assert r.status == STATUS["LENGTH"] and r.data == b""
