"""The custom-instruction coprocessor port of mccp_top (CopEnable, docs/soc.md): one AES block
per command with a key from the key store, against `cryptography`; the keys it refuses, a key
the host replaces or zeroizes under it, bad functions, and the port beside stream traffic on
the same key store."""

from __future__ import annotations

import random

import pytest
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

import mccp
from builds import MIXED
from mccp import regmap

RM = regmap.load()
FN = {m["name"]: m["code"] for m in RM.cop_functions}
ST = RM.status_code


def _ecb(key: bytes, block: bytes, decrypt: bool = False) -> bytes:
    c = Cipher(algorithms.AES(key), modes.ECB())
    op = c.decryptor() if decrypt else c.encryptor()
    return op.update(block) + op.finalize()


def _words(block: bytes) -> list[int]:
    return [int.from_bytes(block[i:i + 4], "big") for i in range(0, 16, 4)]


def cop_block(dev, block: bytes, decrypt: bool = False) -> tuple[int, bytes]:
    """The program a CPU runs per block: load, encrypt or decrypt, read the four words."""
    w = _words(block)
    assert dev.model.cop(FN["load-lo"], w[0], w[1]) == 0
    assert dev.model.cop(FN["load-hi"], w[2], w[3]) == 0
    status = dev.model.cop(FN["decrypt" if decrypt else "encrypt"])
    out = b"".join(dev.model.cop(FN["read"], i).to_bytes(4, "big") for i in range(4))
    return status, out


@pytest.fixture(scope="module")
def dev():
    with mccp.Device(**MIXED) as d:
        yield d


@pytest.mark.parametrize("key_bytes", [16, 24, 32])
def test_blocks_against_cryptography(dev, key_bytes):
    """Random keys and blocks, both directions; info names the slot and size it holds."""
    rng = random.Random(key_bytes)
    slot = {16: 3, 24: 4, 32: 5}[key_bytes]
    key = rng.randbytes(key_bytes)
    dev.load_key(slot, key)
    assert dev.model.cop(FN["key"], slot) == ST["OK"]
    info = dev.model.cop(FN["info"])
    assert (info >> 31, info & 0x1F, info >> 8 & 3) == (1, slot, RM.key_size_code[f"k{8 * key_bytes}"])
    for i in range(12):
        block = rng.randbytes(16)
        decrypt = bool(i & 1)
        status, out = cop_block(dev, block, decrypt)
        assert status == ST["OK"]
        assert out == _ecb(key, block, decrypt), f"block {i} ({'decrypt' if decrypt else 'encrypt'})"


def test_refused_keys_leave_no_key_held(dev):
    """An empty slot, a slot beyond the key store, a 96-bit key: KEY_ERROR, and afterwards no
    key is held (encrypt answers ILLEGAL with a zero result), not even the one held before."""
    dev.load_key(6, bytes(range(16)))
    dev.load_key(7, bytes(range(12)))          # a pi16cipher096 key: not AES
    dev.zeroize(8)
    for bad in (8, 7, dev.key_slots, 31, 0xFFFF_FFFF):
        assert dev.model.cop(FN["key"], 6) == ST["OK"]
        assert dev.model.cop(FN["key"], bad) == ST["KEY_ERROR"], f"slot {bad}"
        assert dev.model.cop(FN["info"]) >> 31 == 0
        status, out = cop_block(dev, bytes(16))
        assert (status, out) == (ST["ILLEGAL"], bytes(16))


def test_key_replaced_or_zeroized_under_the_port(dev):
    """The host's commit or zeroize of the held slot ends its use at once; a new key command
    takes the new key."""
    old, new = bytes(range(16)), bytes(range(100, 116))
    block = bytes(range(32, 48))
    dev.load_key(9, old)
    assert dev.model.cop(FN["key"], 9) == ST["OK"]
    assert cop_block(dev, block) == (ST["OK"], _ecb(old, block))
    dev.load_key(9, new)
    assert cop_block(dev, block)[0] == ST["ILLEGAL"]
    assert dev.model.cop(FN["key"], 9) == ST["OK"]
    assert cop_block(dev, block) == (ST["OK"], _ecb(new, block))
    dev.load_key(10, old)                     # another slot's commit does not touch the held key
    assert cop_block(dev, block) == (ST["OK"], _ecb(new, block))
    dev.zeroize(9)
    assert cop_block(dev, block)[0] == ST["ILLEGAL"]
    assert dev.model.cop(FN["key"], 9) == ST["KEY_ERROR"]


def test_clear_and_bad_function(dev):
    """clear forgets the key and zeroes block and result; a function with funct7 != 0 is
    BAD_PARAM and changes nothing."""
    key, block = bytes(range(16)), bytes(range(16))
    dev.load_key(11, key)
    assert dev.model.cop(FN["key"], 11) == ST["OK"]
    assert cop_block(dev, block) == (ST["OK"], _ecb(key, block))
    assert dev.model.cop(FN["encrypt"] | 1 << 3) == ST["BAD_PARAM"]
    assert dev.model.cop(FN["info"]) >> 31 == 1
    assert dev.model.cop(FN["clear"]) == 0
    assert dev.model.cop(FN["info"]) >> 31 == 0
    assert [dev.model.cop(FN["read"], i) for i in range(4)] == [0, 0, 0, 0]
    assert dev.model.cop(FN["encrypt"]) == ST["ILLEGAL"]


def test_beside_stream_traffic(dev):
    """GCM packets on the AES core read the key store while the port loads keys and encrypts:
    both answers right (the key store's read port is shared)."""
    rng = random.Random(5)
    gkey, ckey = rng.randbytes(16), rng.randbytes(32)
    dev.load_key(12, gkey)
    dev.load_key(13, ckey)
    ch = dev.open_channel("gcm", 12, kind="aes")
    msgs = [(rng.randbytes(12), rng.randbytes(rng.randrange(1, 200))) for _ in range(6)]
    tickets = [dev.submit(ch, "encrypt", data=m, nonce=n) for n, m in msgs]
    for _ in range(3):
        assert dev.model.cop(FN["key"], 13) == ST["OK"]
        block = rng.randbytes(16)
        assert cop_block(dev, block) == (ST["OK"], _ecb(ckey, block))
    results = {r.ticket: r for r in dev.drain()}
    for t, (n, m) in zip(tickets, msgs):
        r = results[t]
        assert r.ok
        assert r.data + r.tag == AESGCM(gkey).encrypt(n, m, None)
    ch.close()


def test_without_the_port_every_command_answers_no_core():
    """A build without CopEnable answers NO_CORE, so a CPU that issues one does not hang."""
    with mccp.Device(cores=1) as plain:
        plain.load_key(0, bytes(16))
        assert plain.model.cop(FN["key"], 0) == ST["NO_CORE"]
        assert plain.model.cop(FN["encrypt"]) == ST["NO_CORE"]
