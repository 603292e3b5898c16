"""Independent references for every mode, built on the `cryptography` package.

Tests compare the core (ISS or RTL) with these; none of them uses MCCP code.
"""

from __future__ import annotations

from cryptography.hazmat.primitives import cmac as _cmac
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from cryptography.hazmat.primitives.ciphers.aead import AESCCM, AESGCM
from cryptography.hazmat.primitives.kdf.kbkdf import KBKDFCMAC, CounterLocation, Mode


def _run(cipher, data: bytes, decrypt: bool = False) -> bytes:
    op = cipher.decryptor() if decrypt else cipher.encryptor()
    return op.update(data) + op.finalize()


def ecb(key: bytes, data: bytes, decrypt: bool = False) -> bytes:
    return _run(Cipher(algorithms.AES(key), modes.ECB()), data, decrypt)


def cbc(key: bytes, iv: bytes, data: bytes, decrypt: bool = False) -> bytes:
    return _run(Cipher(algorithms.AES(key), modes.CBC(iv)), data, decrypt)


def ctr32(key: bytes, counter: bytes, data: bytes) -> bytes:
    """CTR with a 32-bit counter in the last 4 bytes (wraps without carry).

    Built from ECB so the wrap rule is explicit; equals `cryptography`'s CTR
    whenever the low word does not wrap.
    """
    prefix, low = counter[:12], int.from_bytes(counter[12:], "big")
    blocks = b"".join(prefix + ((low + i) & 0xFFFFFFFF).to_bytes(4, "big")
                      for i in range((len(data) + 15) // 16))
    stream = ecb(key, blocks)
    return bytes(a ^ b for a, b in zip(data, stream))


def cbc_mac(key: bytes, data: bytes, tag_len: int) -> bytes:
    padded = data + bytes(-len(data) % 16) if data else bytes(16)
    return cbc(key, bytes(16), padded)[-16:][:tag_len]


def cmac(key: bytes, data: bytes, tag_len: int) -> bytes:
    c = _cmac.CMAC(algorithms.AES(key))
    c.update(data)
    return c.finalize()[:tag_len]


def kbkdf_cmac(key: bytes, length: int, label: bytes | None = None, context: bytes | None = None,
               fixed: bytes | None = None) -> bytes:
    """`length` bytes of the SP 800-108 counter-mode KDF with AES-CMAC as PRF
    (`cryptography`'s KBKDFCMAC: a 32-bit counter before the fixed input, [L]_32).
    Either `label` and `context`, which `cryptography` formats into the fixed
    input, or the fixed input itself."""
    return KBKDFCMAC(algorithms.AES, Mode.CounterMode, length, rlen=4, llen=4,
                     location=CounterLocation.BeforeFixed, label=label, context=context, fixed=fixed).derive(key)


def gcm_encrypt(key: bytes, iv: bytes, data: bytes, aad: bytes, tag_len: int) -> tuple[bytes, bytes]:
    out = AESGCM(key).encrypt(iv, data, aad)
    return out[:len(data)], out[len(data):][:tag_len]


def ccm_encrypt(key: bytes, nonce: bytes, data: bytes, aad: bytes, tag_len: int) -> tuple[bytes, bytes]:
    out = AESCCM(key, tag_length=tag_len).encrypt(nonce, data, aad)
    return out[:len(data)], out[len(data):]


def reference(mode: str, key: bytes, data: bytes, nonce: bytes, aad: bytes, tag_len: int) -> tuple[bytes, bytes]:
    """(ciphertext or b"", tag or b"") of the encrypt / MAC direction."""
    if mode == "ecb":
        return ecb(key, data), b""
    if mode == "cbc":
        return cbc(key, nonce, data), b""
    if mode == "ctr":
        return ctr32(key, nonce, data), b""
    if mode == "cbc-mac":
        return b"", cbc_mac(key, data, tag_len)
    if mode == "cmac":
        return b"", cmac(key, data, tag_len)
    if mode == "gcm":
        return gcm_encrypt(key, nonce, data, aad, tag_len)
    if mode == "gmac":
        return b"", gcm_encrypt(key, nonce, b"", data, tag_len)[1]
    if mode == "ccm":
        return ccm_encrypt(key, nonce, data, aad, tag_len)
    raise ValueError(mode)
