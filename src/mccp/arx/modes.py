"""Channel modes of the ARX element, in the form of the AES modes (mccp.aes.modes.Mode): the
firmware entry of each operation and the fields a packet takes.  The function index of an
entry is its mode's code (regs.yml arx_modes) * 2 + op[0], as for every kind."""

from __future__ import annotations

from mccp.aes.modes import DECRYPT, ENCRYPT, MAC, VERIFY, Mode

# key bytes each mode takes (the key store holds AES-sized keys: 16, 24, 32 bytes)
KEY_BYTES = {"chacha20-poly1305": (32,), "xchacha20-poly1305": (32,), "siphash-2-4": (16,)}

ARX_MODES = {
    "chacha20-poly1305": Mode("chacha20-poly1305", {ENCRYPT: "chacha20_poly1305_enc", DECRYPT: "chacha20_poly1305_dec"},
                              aead=True, nonce_lens=(12,), tag_lens=(16,)),
    "xchacha20-poly1305": Mode("xchacha20-poly1305", {ENCRYPT: "xchacha20_poly1305_enc", DECRYPT: "xchacha20_poly1305_dec"},
                               aead=True, nonce_lens=(24,), tag_lens=(16,)),
    "siphash-2-4": Mode("siphash-2-4", {MAC: "siphash24", VERIFY: "siphash24_verify"}, mac_only=True, tag_lens=(8,)),
}
DEFAULT_NONCE = {"chacha20-poly1305": 12, "xchacha20-poly1305": 24, "siphash-2-4": 0}
