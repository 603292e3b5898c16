"""Packets on the RTL core: hypothesis-drawn round trips and every error path.

The cases and their expected answers are computed here (hypothesis for the
inputs, `cryptography` for the answers) and run on the RTL by tb_core_cases.
"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mccp import paths
from mccp.eda import sim
from mccp.eda.filelist import sources
from mccp.isa import load
from mccp.aes.modes import MODES
from mccp.ref.aes import reference
from mccp.aes.task import make_task

STATUS = {s["name"]: s["code"] for s in load().status_codes}
SOURCES = sources("core")


def _run_on_rtl(cases: list[dict], tmp_path, name: str) -> None:
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(cases))
    sim.run(toplevel="mccp_core", test_module="tb_core_cases", sources=SOURCES,
            module_dirs=[paths.TESTS / "core", paths.TESTS], extra_env={"CORE_CASES": str(path)})


def _case(mode, op, key, data=b"", nonce=b"", aad=b"", tag=b"", tag_len=0, status="OK", output=b"", why="", **kw):
    c = dict(mode=mode, op=op, key=key.hex(), data=data.hex(), nonce=nonce.hex(), aad=aad.hex(), tag=tag.hex(),
             tag_len=tag_len, expect_status=STATUS[status], expect_output=output.hex(), why=why)
    c.update(kw)
    return c


@st.composite
def packet(draw, mode):
    m = MODES[mode]
    key = draw(st.sampled_from([16, 24, 32]).flatmap(lambda n: st.binary(min_size=n, max_size=n)))
    data = draw(st.binary(max_size=2048))
    if m.block_only:
        data = data[:len(data) - len(data) % 16]
    if mode in ("gcm", "gmac"):
        nonce = draw(st.one_of(st.binary(min_size=12, max_size=12), st.binary(min_size=8, max_size=64)))
    elif m.nonce_lens:
        n = draw(st.sampled_from(m.nonce_lens))
        nonce = draw(st.binary(min_size=n, max_size=n))
    else:
        nonce = b""
    aad = draw(st.binary(max_size=512)) if m.aead else b""
    tag_len = draw(st.sampled_from(m.tag_lens)) if m.tag_lens else 0
    flip = draw(st.integers(0, 8 * max(tag_len, 1) - 1))
    return mode, key, data, nonce, aad, tag_len, flip


def _round_trip_cases(mode, key, data, nonce, aad, tag_len, flip) -> list[dict]:
    m = MODES[mode]
    ct, tag = reference(mode, key, data, nonce, aad, tag_len)
    fwd, back = ("mac", "verify") if m.mac_only else ("encrypt", "decrypt")
    src = data if m.mac_only else ct
    out = [_case(mode, fwd, key, data, nonce, aad, tag_len=tag_len, output=ct + tag, why="forward"),
           _case(mode, back, key, src, nonce, aad, tag, tag_len, output=b"" if m.mac_only else data, why="back")]
    if tag_len:
        bad = bytearray(tag)
        bad[flip // 8] ^= 1 << (flip % 8)
        out.append(_case(mode, back, key, src, nonce, aad, bytes(bad), tag_len, status="AUTH_FAIL",
                         why="corrupted tag"))
    return out


def test_core_hypothesis_round_trips(tmp_path):
    """Hypothesis draws packets of every mode (payload 0..2048, AAD 0..512, all key sizes)."""
    cases: list[dict] = []
    for mode in sorted(MODES):
        @settings(max_examples=8, deadline=None, database=None,
                  suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
        @given(packet(mode))
        def collect(p):
            cases.extend(_round_trip_cases(*p))

        collect()
    assert {c["mode"] for c in cases} == set(MODES)
    _run_on_rtl(cases, tmp_path, "hypothesis")


def _words(task, keep: int | None = None, extra: int = 0) -> list:
    words = [(f"{w.data:032x}", False) for w in task.words][:keep]
    words += [(f"{0x1234 + i:032x}", False) for i in range(extra)]
    return [(d, i == len(words) - 1) for i, (d, _) in enumerate(words)]


def test_core_error_paths(tmp_path):
    """Every bad input gives its status, releases nothing, and the next packet is fine."""
    key = bytes(range(16))
    iv, data, aad = bytes(12), bytes(range(64)), b"aad"
    good = _case("gcm", "encrypt", key, data, iv, aad, tag_len=16,
                 output=b"".join(reference("gcm", key, data, iv, aad, 16)), why="good packet")
    gcm = make_task(0, iv, aad, data, tag_len=16)
    big = bytes(2048 + 48)
    cases = [
        _case("gcm", "encrypt", key, data, b"", aad, tag_len=16, status="BAD_PARAM", why="empty IV"),
        good,
        _case("gcm", "encrypt", key, data, iv, aad, tag_len=10, status="BAD_PARAM", why="tag length 10"),
        good,
        _case("ccm", "encrypt", key, data, bytes(6), aad, tag_len=8, status="BAD_PARAM", why="CCM nonce 6"),
        good,
        _case("ccm", "encrypt", key, data, bytes(13), aad, tag_len=5, status="BAD_PARAM", why="CCM odd tag"),
        good,
        _case("ctr", "encrypt", key, data, bytes(8), status="BAD_PARAM", why="CTR counter block of 8 bytes"),
        good,
        _case("ecb", "encrypt", key, data[:20], status="BAD_PARAM", why="ECB partial block"),
        good,
        _case("gcm", "encrypt", key, data, iv, aad, tag_len=16, status="TRUNCATED", why="packet cut short",
              words=_words(gcm, keep=len(gcm.words) - 2)),
        good,
        _case("gcm", "encrypt", key, data, iv, aad, tag_len=16, status="LENGTH", why="packet longer than its lengths",
              words=_words(gcm, extra=3)),
        good,
        _case("ctr", "encrypt", key, big, bytes(16), status="OVERSIZE", why="output larger than the buffer"),
        good,
        _case("gcm", "decrypt", key, data, iv, aad, bytes(16), 16, status="AUTH_FAIL", why="wrong tag"),
        good,
    ]
    _run_on_rtl(cases, tmp_path, "errors")
