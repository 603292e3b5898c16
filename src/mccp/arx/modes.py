"""Channel modes of the ARX element, in the form of the AES modes (mccp.aes.modes.Mode): the
firmware entry of each operation and the fields a packet takes.  The function index of an
entry is its mode's code (regs.yml arx_modes) * 2 + op[0], as for every kind."""

from __future__ import annotations

from mccp.aes.modes import DECRYPT, ENCRYPT, MAC, VERIFY, Mode

# key bytes each mode takes (key sizes of the key store: regs.yml key_sizes)
KEY_BYTES = {"chacha20-poly1305": (32,), "xchacha20-poly1305": (32,), "siphash-2-4": (16,),
             "blake2s-mac": (16, 24, 32), "blake2b-mac": (16, 24, 32)}
# pi-Cipher (the pi image, firmware/arx/pi.s): word bits -> (key bytes, nonce bytes at most); the
# tag is the whole rate, w bytes; a "-nsec" mode takes the secret message number (w bytes) as the
# payload's first block
PI_CIPHERS = {16: ((12, 16), 15), 32: ((16, 32), 16), 64: ((16, 32), 16)}    # pi16 12: pi16cipher096
for _w, (_keys, _nonce) in PI_CIPHERS.items():
    KEY_BYTES[f"pi{_w}cipher"] = KEY_BYTES[f"pi{_w}cipher-nsec"] = _keys
# the hashes: no key slot (regs.yml `keyless`), reached through Device.hash; a BLAKE2 key travels
# as the packet's AAD
HASHES = {"sha256": (32, 0), "blake2s": (32, 32), "blake2b": (64, 64)}     # name -> (digest, key) bytes at most

ARX_MODES = {
    "chacha20-poly1305": Mode("chacha20-poly1305", {ENCRYPT: "chacha20_poly1305_enc", DECRYPT: "chacha20_poly1305_dec"},
                              aead=True, nonce_lens=(12,), tag_lens=(16,)),
    "xchacha20-poly1305": Mode("xchacha20-poly1305", {ENCRYPT: "xchacha20_poly1305_enc", DECRYPT: "xchacha20_poly1305_dec"},
                               aead=True, nonce_lens=(24,), tag_lens=(16,)),
    "siphash-2-4": Mode("siphash-2-4", {MAC: "siphash24", VERIFY: "siphash24_verify"}, mac_only=True, tag_lens=(8,)),
    "blake2s-mac": Mode("blake2s-mac", {MAC: "blake2s_mac", VERIFY: "blake2s_mac_verify"}, mac_only=True,
                        tag_lens=tuple(range(1, 33))),
    "blake2b-mac": Mode("blake2b-mac", {MAC: "blake2b_mac", VERIFY: "blake2b_mac_verify"}, mac_only=True,
                        tag_lens=tuple(range(1, 65))),
    "sha256": Mode("sha256", {MAC: "sha256"}, mac_only=True, tag_lens=(32,)),
    "blake2s": Mode("blake2s", {MAC: "blake2s"}, mac_only=True, aead=True, tag_lens=tuple(range(1, 33))),
    "blake2b": Mode("blake2b", {MAC: "blake2b"}, mac_only=True, aead=True, tag_lens=tuple(range(1, 65))),
}
for _w, (_keys, _nonce) in PI_CIPHERS.items():
    for _suffix, _entry in (("", ""), ("-nsec", "_nsec")):
        ARX_MODES[f"pi{_w}cipher{_suffix}"] = Mode(
            f"pi{_w}cipher{_suffix}", {ENCRYPT: f"pi{_w}_enc{_entry}", DECRYPT: f"pi{_w}_dec{_entry}"}, aead=True,
            nonce_lens=tuple(range(_nonce + 1)), tag_lens=(_w,))
# the default nonces: the known-answer files' (pi16 4 bytes, pi32 and pi64 16)
DEFAULT_NONCE = {name: 0 for name in ARX_MODES} | {"chacha20-poly1305": 12, "xchacha20-poly1305": 24} | {
    f"pi{w}cipher{s}": 4 if w == 16 else 16 for w in PI_CIPHERS for s in ("", "-nsec")}
