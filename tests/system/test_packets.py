"""The device API's pure-Python layers: request checks, input packet layout, output parsing.

Expected layouts are written out from docs/fabric.md by hand (byte offsets,
word padding), not produced by the code under test.
"""

import pytest

from mccp.device import packets as P
from mccp.device.api import default_stream_bits, entry_table, firmware_program
from mccp import paths, regmap


def cfg(mode, **kw):
    key_len = kw.pop("key_len", 16)
    return P.channel_config(kw.pop("index", 5), mode, kw.pop("key_slot", 2), key_len, **kw)


def test_channel_defaults():
    assert (cfg("gcm").nonce_len, cfg("gcm").tag_len) == (12, 16)
    assert (cfg("gmac").nonce_len, cfg("gmac").tag_len) == (12, 16)
    assert (cfg("ccm").nonce_len, cfg("ccm").tag_len) == (13, 16)
    assert (cfg("cbc").nonce_len, cfg("ctr").nonce_len) == (16, 16)
    for mode in ("ecb", "cmac", "cbc-mac"):
        assert cfg(mode).nonce_len == 0
    for mode in ("ecb", "cbc", "ctr"):
        assert cfg(mode).tag_len == 0
    assert cfg("gcm").policy == P.Policy(ordered=True, affinity=True)
    assert cfg("gcm", policy={"ordered"}).policy == P.Policy(ordered=True, affinity=False)
    assert cfg("gcm", policy=set()).policy == P.Policy(ordered=False, affinity=False)


@pytest.mark.parametrize("mode, kw, words", [
    ("aes", {}, "unknown mode"),
    ("gcm", {"key_len": 20}, "16, 24 or 32"),
    ("gcm", {"tag_len": 3}, "tag length 3"),
    ("ccm", {"tag_len": 5}, "tag length 5"),
    ("ccm", {"nonce_len": 6}, "nonce length 6"),
    ("gcm", {"nonce_len": 0}, "nonce length 0"),
    ("ecb", {"nonce_len": 16}, "takes no nonce"),
    ("ctr", {"tag_len": 16}, "has no tag"),
    ("cbc", {"nonce_len": 12}, "nonce length 12"),
    ("gcm", {"policy": {"fast"}}, "unknown policy"),
])
def test_channel_errors(mode, kw, words):
    with pytest.raises(ValueError, match=words):
        cfg(mode, **kw)


@pytest.mark.parametrize("mode, op, data, nonce, aad, tag, words", [
    ("ecb", "encrypt", bytes(17), b"", b"", b"", "multiple of 16"),
    ("cbc", "decrypt", bytes(15), bytes(16), b"", b"", "multiple of 16"),
    ("gcm", "encrypt", b"", bytes(11), b"", b"", "nonce of 11 bytes"),
    ("gcm", "decrypt", b"", bytes(12), b"", bytes(15), "tag of 15 bytes"),
    ("gcm", "encrypt", b"", bytes(12), b"", bytes(16), "takes no tag"),
    ("gcm", "mac", b"", bytes(12), b"", b"", "not supported"),
    ("cmac", "encrypt", b"", b"", b"", b"", "not supported"),
    ("ctr", "encrypt", b"", bytes(16), b"a", b"", "takes no AAD"),
    ("ctr", "wrap", b"", bytes(16), b"", b"", "unknown operation"),
    ("ctr", "encrypt", bytes(2049), bytes(16), b"", b"", "buffer of 2048 bytes"),
    ("gmac", "mac", bytes(2064), bytes(12), b"", b"", "buffer of 2048 bytes"),
    ("gcm", "encrypt", bytes(2048), bytes(12), bytes(200), b"", "input buffer"),
    ("ctr", "encrypt", "text", bytes(16), b"", b"", "must be bytes"),
])
def test_request_errors(mode, op, data, nonce, aad, tag, words):
    with pytest.raises(ValueError, match=words):
        P.check_request(cfg(mode), op, data, nonce, aad, tag, buf_bytes=2048)


def test_request_limits_fit():
    # a full buffer is fine: 2048 payload bytes + nonce + tag + AAD in the 8 spare words
    # (1 + 5 + 128 + 1 = 135 of 136 words)
    P.check_request(cfg("gcm"), "decrypt", bytes(2048), bytes(12), bytes(80), bytes(16), buf_bytes=2048)
    with pytest.raises(ValueError, match="137 words"):
        P.check_request(cfg("gcm"), "decrypt", bytes(2048), bytes(12), bytes(100), bytes(16), buf_bytes=2048)
    P.check_request(cfg("gmac"), "verify", bytes(2048), bytes(12), b"", bytes(16), buf_bytes=2048)
    P.check_request(cfg("ctr"), "encrypt", bytes(2048), bytes(16), b"", b"", buf_bytes=2048)
    P.check_request(cfg("ecb"), "encrypt", b"", b"", b"", b"", buf_bytes=2048)
    with pytest.raises(ValueError):
        P.check_request(cfg("ctr"), "encrypt", bytes(1025), bytes(16), b"", b"", buf_bytes=1024)


def test_packet_layout_gcm_decrypt():
    c = cfg("gcm", index=0x0102)
    data, nonce, aad, tag = bytes(range(20)), bytes([0xEE] * 12), b"xyz", bytes([0x77] * 16)
    pkt = P.build_packet(c, "decrypt", 0xDEADBEEF, data, nonce, aad, tag)
    hdr = bytes([0xA5, 1, 0x01, 0x02, 0xDE, 0xAD, 0xBE, 0xEF, 0, 20, 0, 3, 0, 12, 16, 0])
    body = (nonce + bytes(4)) + (aad + bytes(13)) + data[:16] + (data[16:] + bytes(12)) + tag
    assert pkt == hdr + body


def test_packet_layout_gmac_and_encrypt():
    c = cfg("gmac", index=1, tag_len=12)
    msg, nonce = bytes([1] * 17), bytes([2] * 12)
    pkt = P.build_packet(c, "mac", 9, msg, nonce)
    # GMAC: the message travels as AAD, payload_len 0; mac sends no tag
    hdr = bytes([0xA5, 2, 0, 1, 0, 0, 0, 9, 0, 0, 0, 17, 0, 12, 0, 0])
    assert pkt == hdr + nonce + bytes(4) + msg[:16] + msg[16:]             # ends at its last byte
    assert P.build_packet(c, "mac", 9, msg, nonce, padded=True) == pkt + bytes(15)
    pkt = P.build_packet(c, "verify", 10, msg, nonce, tag=bytes([3] * 12))
    assert pkt[1] == 3 and pkt[14] == 12 and pkt[-27:] == bytes(15) + bytes([3] * 12)
    c = cfg("ccm", index=2, tag_len=8)
    pkt = P.build_packet(c, "encrypt", 1, b"", bytes(13))
    assert pkt[:16] == bytes([0xA5, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 13, 0, 0]) and len(pkt) == 29   # the nonce ends it
    pkt = P.build_packet(cfg("ecb"), "encrypt", 1, bytes(32))
    assert len(pkt) == 48 and pkt[8:10] == b"\0\x20"


def _out(status, channel, seq, out_len, core, start, body):
    return bytes([0x5A, status]) + channel.to_bytes(2, "big") + seq.to_bytes(4, "big") + \
        out_len.to_bytes(2, "big") + bytes([core, 0]) + start.to_bytes(4, "big") + body


def test_output_parsing():
    ct, tag = bytes(range(1, 21)), bytes(range(100, 116))
    pkt = _out(0, 5, 77, 36, 3, 0x01020304, ct + bytes(12) + tag)
    h = P.parse_output(pkt)
    assert (h.status_name, h.channel, h.seq, h.out_len, h.core, h.start_cycle) == ("OK", 5, 77, 36, 3, 0x01020304)
    assert P.split_body(cfg("gcm"), "encrypt", 20, h.body) == (ct, tag)
    assert P.split_body(cfg("gcm"), "decrypt", 20, ct + bytes(12)) == (ct, b"")
    assert P.split_body(cfg("cmac", tag_len=8), "mac", 100, tag) == (b"", tag[:8])
    assert P.split_body(cfg("ctr"), "encrypt", 20, ct + bytes(12)) == (ct, b"")
    h = P.parse_output(_out(1, 5, 78, 0, 0xFF, 0, b""))
    assert (h.status_name, h.core) == ("AUTH_FAIL", None)
    assert P.parse_output(_out(10, 5, 79, 0, 0xFF, 0, b"")).status_name == "KEY_ERROR"
    with pytest.raises(ValueError, match="magic"):
        P.parse_output(b"\x5B" + _out(0, 0, 0, 0, 0, 0, b"")[1:])
    with pytest.raises(ValueError, match="whole number"):
        P.parse_output(bytes(20))
    with pytest.raises(ValueError, match="carries"):
        P.parse_output(_out(0, 0, 0, 17, 0, 0, bytes(16)))
    assert P.expected_out_len(cfg("gcm"), "encrypt", 20) == 36
    assert P.expected_out_len(cfg("ccm", tag_len=8), "decrypt", 20) == 20
    assert P.expected_out_len(cfg("gmac", tag_len=12), "mac", 20) == 12
    assert P.expected_out_len(cfg("gmac"), "verify", 20) == 0


def test_default_stream_bits():
    # one AES-128 core moves ~128/11 = 11.6 bits per cycle each way
    assert [default_stream_bits(n) for n in (1, 2, 3, 4, 5, 8, 16)] == [32, 32, 64, 64, 128, 128, 128]


def test_entry_table():
    rm = regmap.load()
    prog = firmware_program()
    table = {f: (a, v) for f, a, v in entry_table(prog, rm)}
    # function = mode*2 + op[0]; gcm (6): encrypt 12, decrypt 13; cmac (4): mac 8, verify 9
    assert table[12] == (prog.entries["gcm_enc"], True) and table[13] == (prog.entries["gcm_dec"], True)
    assert table[8] == (prog.entries["cmac"], True) and table[9] == (prog.entries["cmac_verify"], True)
    assert table[15] == (prog.entries["gmac_verify"], True) and table[0] == (prog.entries["ecb_enc"], True)
    funcs = 2 << rm.field("CHAN_CFG0", "MODE").width          # every function of the table: 32
    assert sorted(table) == list(range(funcs))
    assert [f for f, (_, v) in table.items() if v] == list(range(16))     # the eight AES modes' 16
    ctr = firmware_program(paths.ROOT / "firmware" / "ctr.s")
    table = {f: v for f, _, v in entry_table(ctr, rm)}
    assert [f for f, v in table.items() if v] == [4, 5]       # ctr (mode 2) only; the rest invalid
    assert len(table) == funcs
