"""The ARX element through the device API (mccp.Device(arx_units=...)): ChaCha20-Poly1305
channels on the RTL of mccp_top against `cryptography`, beside AES-GCM traffic, and the bad
input of docs/arx.md (refused in Python, or answered by the device with a status)."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.ciphers.aead import AESGCM, ChaCha20Poly1305

import mccp
from arx.pi_vectors import files as pi_vector_files, load as load_pi_vectors
from builds import MIXED
from mccp import regmap
from mccp.arx.image import PI_FIRMWARE
from mccp.ref import xchacha
from mccp.ref.pi_cipher import PiCipher
from mccp.ref.siphash import siphash

KEY = bytes(range(0x40, 0x60))


@pytest.fixture(scope="module")
def dev():
    with mccp.Device(**MIXED) as d:
        d.load_key(1, KEY)
        d.load_key(2, bytes(16))
        yield d


def test_lengths_against_cryptography(dev):
    """Payload lengths 0..4096 (every word-boundary case and random ones), AAD of every
    length up to 48 and long: sealed bytes and opened plaintext equal `cryptography`'s."""
    ch = dev.open_channel("chacha20-poly1305", key_slot=1)
    rng = random.Random(5)
    lengths = [0, 1, 15, 16, 17, 63, 64, 65, 128, 255, 256, 1000, 2047, 4096] + rng.sample(range(4097), 10)
    ref = ChaCha20Poly1305(KEY)
    for n in lengths:
        nonce, pt = rng.randbytes(12), rng.randbytes(n)
        aad = rng.randbytes(rng.choice([0, 1, 12, 16, 33, 48, 300]))
        ct, tag = ch.encrypt(pt, nonce=nonce, aad=aad)
        assert ct + tag == ref.encrypt(nonce, pt, aad), n
        assert ch.decrypt(ct, nonce=nonce, aad=aad, tag=tag) == pt
    ch.close()


def test_xchacha20_poly1305(dev):
    """XChaCha20-Poly1305 channels: the draft's vector and random lengths against mccp.ref.xchacha
    (HChaCha20 from the draft, the AEAD from `cryptography`)."""
    a = json.loads((Path(__file__).resolve().parent / "vectors" / "xchacha.json").read_text())["aead"]
    dev.load_key(3, bytes.fromhex(a["key"]))
    ch = dev.open_channel("xchacha20-poly1305", key_slot=3)
    ct, tag = ch.encrypt(bytes.fromhex(a["plaintext"]), nonce=bytes.fromhex(a["nonce"]), aad=bytes.fromhex(a["aad"]))
    assert (ct + tag).hex() == a["ciphertext"] + a["tag"]
    ch.close()
    ch = dev.open_channel("xchacha20-poly1305", key_slot=1)
    rng = random.Random(24)
    for n in (0, 17, 64, 1000):
        nonce, pt, aad = rng.randbytes(24), rng.randbytes(n), rng.randbytes(n % 29)
        ct, tag = ch.encrypt(pt, nonce=nonce, aad=aad)
        assert ct + tag == xchacha.seal(KEY, nonce, pt, aad)
        assert ch.decrypt(ct, nonce=nonce, aad=aad, tag=tag) == pt
    with pytest.raises(mccp.AuthError):
        ch.decrypt(ct, nonce=nonce, aad=aad + b"!", tag=tag)
    ch.close()


def test_failed_tags_release_nothing(dev):
    """A modified tag, ciphertext or AAD: AuthError, and the result carries no byte."""
    ch = dev.open_channel("chacha20-poly1305", key_slot=1)
    nonce, pt, aad = bytes(12), bytes(range(200)), b"header"
    ct, tag = ch.encrypt(pt, nonce=nonce, aad=aad)
    bad = [(ct, aad, bytes([tag[0] ^ 1]) + tag[1:]), (bytes([ct[7] ^ 0x80]) + ct[1:], aad, tag),
           (ct, b"Header", tag), (ct[:-1], aad, tag)]
    for c, a, t in bad:
        with pytest.raises(mccp.AuthError):
            ch.decrypt(c, nonce=nonce, aad=a, tag=t)
        ticket = dev.submit(ch, "decrypt", c, nonce=nonce, aad=a, tag=t)
        (r,) = dev.drain()
        assert r.ticket == ticket and r.status == "AUTH_FAIL" and r.data == b""
    assert ch.decrypt(ct, nonce=nonce, aad=aad, tag=tag) == pt       # and the channel still works
    ch.close()


def test_mixed_traffic(dev):
    """ChaCha20-Poly1305 on both elements and AES-GCM on the AES core at once: every result
    right, each channel's results in order."""
    cc = [dev.open_channel("chacha20-poly1305", key_slot=1) for _ in range(3)]
    gcm = dev.open_channel("gcm", key_slot=2)
    rng = random.Random(9)
    want = {}
    for i in range(24):
        nonce, pt, aad = rng.randbytes(12), rng.randbytes(rng.randrange(0, 700)), rng.randbytes(rng.randrange(0, 40))
        if i % 4 == 3:
            t = dev.submit(gcm, "encrypt", pt, nonce=nonce, aad=aad)
            want[t] = (gcm.index, AESGCM(bytes(16)).encrypt(nonce, pt, aad))
        else:
            ch = cc[i % 3]
            t = dev.submit(ch, "encrypt", pt, nonce=nonce, aad=aad)
            want[t] = (ch.index, ChaCha20Poly1305(KEY).encrypt(nonce, pt, aad))
    results = dev.drain()
    assert sorted(r.ticket for r in results) == sorted(want)
    cores = set()
    for r in results:
        assert r.ok and r.data + r.tag == want[r.ticket][1]
        cores.add(r.core)
    assert {dev.arx_slots[0], dev.arx_slots[1], 0} <= cores      # both elements and the AES core worked
    for index in {c for c, _ in want.values()}:
        tickets = [r.ticket for r in results if r.channel == index]
        assert tickets == sorted(tickets)
    for ch in cc + [gcm]:
        ch.close()


def test_siphash_channel(dev):
    """siphash-2-4 channels (a 16-byte key from the key store): Channel.mac against
    mccp.ref.siphash over lengths, verify of the right tag and of flipped ones (AuthError),
    and an AES-GCM packet between them unaffected."""
    dev.load_key(4, KEY[:16])
    ch = dev.open_channel("siphash-2-4", key_slot=4)
    rng = random.Random(31)
    for n in (0, 1, 7, 8, 15, 16, 17, 100, 1000):
        data = rng.randbytes(n)
        tag = ch.mac(data)
        assert tag == siphash(KEY[:16], data), n
        ch.verify(data, tag)
        with pytest.raises(mccp.AuthError):
            ch.verify(data, bytes([tag[0] ^ 0x10]) + tag[1:])
    with pytest.raises(ValueError, match="16 bytes"):
        dev.open_channel("siphash-2-4", key_slot=1)                # slot 1 holds a 32-byte key
    with pytest.raises(ValueError, match="tag length"):
        dev.open_channel("siphash-2-4", key_slot=4, tag_len=16)
    gcm = dev.open_channel("gcm", key_slot=2)
    ct, tag = gcm.encrypt(b"beside", nonce=bytes(12))
    assert ct + tag == AESGCM(bytes(16)).encrypt(bytes(12), b"beside", b"")
    assert ch.mac(b"after") == siphash(KEY[:16], b"after")
    ch.close()
    gcm.close()


def test_hashes(dev):
    """Device.hash on the elements against hashlib: SHA-256, BLAKE2s and BLAKE2b over lengths,
    keyed from bytes, every digest size class; the refusals in Python; a hash beside AEAD
    traffic leaves it right."""
    rng = random.Random(77)
    for n in (0, 1, 55, 56, 64, 65, 128, 129, 1000, 4000):
        data = rng.randbytes(n)
        assert dev.hash("sha256", data) == hashlib.sha256(data).digest(), n
        key, nn = rng.randbytes(rng.choice([0, 1, 16, 32])), rng.randint(1, 32)
        assert dev.hash("blake2s", data, key=key, digest_size=nn) == hashlib.blake2s(data, key=key, digest_size=nn).digest()
        key, nn = rng.randbytes(rng.choice([0, 7, 33, 64])), rng.choice([1, 20, 64])
        assert dev.hash("blake2b", data, key=key, digest_size=nn) == hashlib.blake2b(data, key=key, digest_size=nn).digest()
    assert dev.hash("blake2b", b"abc") == hashlib.blake2b(b"abc").digest()            # the defaults
    for args, match in ((("md5", b""), "unknown hash"), (("sha256", b"", b"k"), "no key"),
                        (("blake2s", b"", bytes(33)), "at most 32"), (("sha256", b"", b"", 16), "tag length"),
                        (("blake2b", b"", b"", 65), "tag length"), (("blake2s", b"", b"", 0), "tag length")):
        with pytest.raises(ValueError, match=match):
            dev.hash(*args)
    ch = dev.open_channel("chacha20-poly1305", key_slot=1)
    t = dev.submit(ch, "encrypt", b"beside a hash", nonce=bytes(12))
    assert dev.hash("sha256", b"x" * 300) == hashlib.sha256(b"x" * 300).digest()
    (r,) = dev.drain()
    assert r.ticket == t and r.data + r.tag == ChaCha20Poly1305(KEY).encrypt(bytes(12), b"beside a hash", b"")
    ch.close()


@pytest.mark.parametrize("alg", ["blake2s", "blake2b"])
def test_blake2_mac_channels(dev, alg):
    """blake2s-mac / blake2b-mac channels under 16-, 24- and 32-byte keys of the key store:
    Channel.mac against hashlib's keyed BLAKE2, verify of right and wrong tags."""
    ref = getattr(hashlib, alg)
    rng = random.Random(alg)
    for slot, key in ((5, rng.randbytes(16)), (6, rng.randbytes(24)), (1, KEY)):
        dev.load_key(slot, key)
        for nn in (1, 16, 32) + ((64,) if alg == "blake2b" else ()):
            ch = dev.open_channel(f"{alg}-mac", key_slot=slot, tag_len=nn)
            for n in (0, 3, 64, 129):
                data = rng.randbytes(n)
                tag = ch.mac(data)
                assert tag == ref(data, key=key, digest_size=nn).digest(), (len(key), nn, n)
                ch.verify(data, tag)
                with pytest.raises(mccp.AuthError):
                    ch.verify(data, bytes([tag[0] ^ 1]) + tag[1:])
            ch.close()
    with pytest.raises(ValueError, match="tag length"):
        dev.open_channel(f"{alg}-mac", key_slot=1, tag_len=65)


def test_bad_input(dev):
    """Refused in Python: a key of the wrong size, a nonce or tag length the mode does not
    take, a device without ARX elements.  Answered by the device: a header whose nonce length
    is not the channel's (BAD_HEADER); the channel keeps working."""
    with pytest.raises(ValueError, match="32 bytes"):
        dev.open_channel("chacha20-poly1305", key_slot=2)          # slot 2 holds a 16-byte key
    with pytest.raises(ValueError, match="nonce length"):
        dev.open_channel("chacha20-poly1305", key_slot=1, nonce_len=8)
    with pytest.raises(ValueError, match="tag length"):
        dev.open_channel("chacha20-poly1305", key_slot=1, tag_len=12)
    ch = dev.open_channel("chacha20-poly1305", key_slot=1)
    with pytest.raises(ValueError, match="nonce"):
        ch.encrypt(b"x", nonce=bytes(8))
    rm = regmap.load()
    header = rm.pack_header("in", op=rm.op_code["encrypt"], channel=ch.index, seq=77, payload_len=16,
                            aad_len=0, nonce_len=8, tag_len=0)
    dev.submit_raw(header + bytes(8) + bytes(16))
    (r,) = dev.drain()
    assert r.status == "BAD_HEADER"
    ct, tag = ch.encrypt(b"still here", nonce=bytes(12))
    assert ct + tag == ChaCha20Poly1305(KEY).encrypt(bytes(12), b"still here", b"")
    ch.close()
    with mccp.Device(cores=1) as plain:
        plain.load_key(0, KEY)
        with pytest.raises(ValueError, match="ARX elements"):
            plain.open_channel("chacha20-poly1305", key_slot=0)


def test_pi_cipher_lengths(dev):
    """pi16/32/64 on the RTL through the API: payloads of 0..4096 bytes (around a rate block,
    the longest the buffers take with the tag, random ones) with AAD of random length (none with the longest), sealed as mccp.ref.pi_cipher seals
    them and opened back."""
    dev.load_firmware(dev.arx_slots[1:], PI_FIRMWARE)
    rng = random.Random(17)
    key = rng.randbytes(16)
    dev.load_key(6, key)
    for w in (16, 32, 64):
        ch, ref = dev.open_channel(f"pi{w}cipher", key_slot=6), PiCipher(w)
        longest = 4096 + 16 - w                                         # its output fits the 4 KB buffer
        for n in [0, 1, w - 1, w, w + 1, longest] + rng.sample(range(longest + 1), 2):
            ad_len = rng.randrange(3 * w) if n < 4000 else 0             # (the body fits the 4 KB buffer)
            npub, msg, ad = rng.randbytes(ch.cfg.nonce_len), rng.randbytes(n), rng.randbytes(ad_len)
            ct, tag = ch.encrypt(msg, nonce=npub, aad=ad)
            assert ct + tag == ref.encrypt(key, npub, msg, ad), (w, n, len(ad))
            assert ch.decrypt(ct, nonce=npub, aad=ad, tag=tag) == msg
        ch.close()
    dev.load_firmware(dev.arx_slots[1:])                          # the standard image back


def test_pi_cipher_channels(dev):
    """The pi image in the second element, the standard image left in the first: pi16, pi32
    and pi64 channels with and without the secret message number against mccp.ref.pi_cipher,
    a forged tag refused with nothing released, and ChaCha20-Poly1305 still served beside them
    (by the first element only: the second no longer has its entries)."""
    dev.load_firmware(dev.arx_slots[1:], PI_FIRMWARE)
    rng = random.Random(16)
    key32 = rng.randbytes(32)
    dev.load_key(4, key32)
    cc = dev.open_channel("chacha20-poly1305", key_slot=1)
    for w in (16, 32, 64):
        slot, key = (2, bytes(16)) if w == 16 else (4, key32)
        ref = PiCipher(w)
        for nsec in (b"", rng.randbytes(w)):
            ch = dev.open_channel(f"pi{w}cipher" + ("-nsec" if nsec else ""), key_slot=slot)
            for n in (0, w + 5):
                npub, msg, ad = rng.randbytes(ch.cfg.nonce_len), rng.randbytes(n), rng.randbytes(n // 3)
                t_pi = dev.submit(ch, "encrypt", nsec + msg, nonce=npub, aad=ad)
                t_cc = dev.submit(cc, "encrypt", msg, nonce=bytes(12))
                results = {r.ticket: r for r in dev.drain()}
                want = ref.encrypt(key, npub, msg, ad, nsec or None)
                assert results[t_pi].data + results[t_pi].tag == want, (w, n, bool(nsec))
                assert results[t_pi].core == dev.arx_slots[1] and results[t_cc].core == dev.arx_slots[0]
                assert results[t_cc].data + results[t_cc].tag == ChaCha20Poly1305(KEY).encrypt(bytes(12), msg, b"")
                assert ch.decrypt(want[:-w], nonce=npub, aad=ad, tag=want[-w:]) == nsec + msg
            with pytest.raises(mccp.AuthError):
                ch.decrypt(want[:-w], nonce=npub, aad=ad, tag=bytes([want[-w] ^ 1]) + want[-w + 1:])
            ch.close()
    with pytest.raises(ValueError, match="key of 12 or 16 bytes"):
        dev.open_channel("pi16cipher", key_slot=4)                 # pi16: a 96- or 128-bit key
    # pi16cipher096: a 96-bit key in the key store; known answers of its file (every fifth,
    # each with a secret message number), and the key refused by channels of other sizes
    dev.load_key(5, bytes(12))
    with pytest.raises(ValueError, match="slot holds 12"):
        dev.open_channel("gcm", key_slot=5)
    with pytest.raises(ValueError, match="slot holds 12"):
        dev.open_channel("pi32cipher", key_slot=5)
    (path,) = [p for p in pi_vector_files() if "096" in p.name]
    for v in load_pi_vectors(path)[::5][:6]:
        dev.load_key(5, v.key)
        ch = dev.open_channel("pi16cipher-nsec", key_slot=5, nonce_len=len(v.npub))
        assert b"".join(ch.encrypt(v.nsec + v.msg, nonce=v.npub, aad=v.ad)) == v.cipher, (len(v.msg), len(v.ad))
        assert ch.decrypt(v.cipher[:-16], nonce=v.npub, aad=v.ad, tag=v.cipher[-16:]) == v.nsec + v.msg
        ch.close()
    cc.close()
    dev.load_firmware(dev.arx_slots[1:])                          # the standard image back
