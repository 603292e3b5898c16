"""Modes of operation as tasks for the core: which firmware entry, which fields.

One table maps (mode, operation) to the firmware entry point and says which
input fields the mode takes; `build_task` lays a packet out for the core and
`split_output` cuts the core's output into data and tag; `build_kdf_task` builds
the counter-mode KDF on the cmac entry.  The ISS tests, the RTL tests and the
device API all go through here.
"""

from __future__ import annotations

from dataclasses import dataclass

from mccp.aes.task import Task, make_task

ENCRYPT, DECRYPT, MAC, VERIFY = "encrypt", "decrypt", "mac", "verify"


@dataclass(frozen=True)
class Mode:
    name: str
    entries: dict            # operation -> firmware entry label
    aead: bool = False       # has AAD and a tag beside the payload
    mac_only: bool = False   # the output is a tag only
    nonce_lens: tuple = ()   # accepted nonce lengths in bytes; () = no nonce
    tag_lens: tuple = ()     # accepted tag lengths; () = no tag
    block_only: bool = False  # payload must be whole blocks


MODES = {
    "ecb": Mode("ecb", {ENCRYPT: "ecb_enc", DECRYPT: "ecb_dec"}, block_only=True),
    "cbc": Mode("cbc", {ENCRYPT: "cbc_enc", DECRYPT: "cbc_dec"}, nonce_lens=(16,), block_only=True),
    "ctr": Mode("ctr", {ENCRYPT: "ctr_enc", DECRYPT: "ctr_dec"}, nonce_lens=(16,)),
    "cbc-mac": Mode("cbc-mac", {MAC: "cbcmac", VERIFY: "cbcmac_verify"}, mac_only=True,
                    tag_lens=tuple(range(1, 17))),
    "cmac": Mode("cmac", {MAC: "cmac", VERIFY: "cmac_verify"}, mac_only=True, tag_lens=tuple(range(1, 17))),
    "ccm": Mode("ccm", {ENCRYPT: "ccm_enc", DECRYPT: "ccm_dec"}, aead=True,
                nonce_lens=tuple(range(7, 14)), tag_lens=(4, 6, 8, 10, 12, 14, 16)),
    "gcm": Mode("gcm", {ENCRYPT: "gcm_enc", DECRYPT: "gcm_dec"}, aead=True,
                nonce_lens=tuple(range(1, 1 << 10)), tag_lens=(4, 8, 12, 13, 14, 15, 16)),
    "gmac": Mode("gmac", {MAC: "gmac", VERIFY: "gmac_verify"}, mac_only=True,
                 nonce_lens=tuple(range(1, 1 << 10)), tag_lens=(4, 8, 12, 13, 14, 15, 16)),
}


def build_task(entries: dict[str, int], mode: str | Mode, op: str, data: bytes = b"", nonce: bytes = b"",
               aad: bytes = b"", tag: bytes = b"", tag_len: int = 0) -> Task:
    """The core task for one packet.  `entries` is the firmware's entry table; `mode` a name
    of MODES or a Mode (another kind's, with the same packet fields).

    GMAC carries its message as AAD (GCM with an empty payload).  A tag is
    sent only when verifying or decrypting an AEAD mode.
    """
    m = mode if isinstance(mode, Mode) else MODES[mode]
    entry = entries[m.entries[op]]
    if m.name == "gmac":
        aad, data = data, b""
    send_tag = tag if op in (DECRYPT, VERIFY) and (m.aead or m.mac_only) else b""
    return make_task(entry, nonce=nonce, aad=aad, payload=data, tag=send_tag, tag_len=tag_len)


def split_output(mode: str | Mode, op: str, out: bytes, data_len: int, tag_len: int) -> tuple[bytes, bytes]:
    """(data, tag) of a successful task's output."""
    m = mode if isinstance(mode, Mode) else MODES[mode]
    if m.mac_only:
        return b"", out if op == MAC else b""
    if m.aead and op == ENCRYPT:
        return out[:data_len], out[data_len:]
    return out, b""


ROLE_IO, ROLE_MAC = 1, 2     # s3 bits 16 and up of a split task's halves (docs/core.md "Split tasks")
KDF_SHIFT = 18               # s3[19:18] of a cmac task: the KDF's output blocks n (docs/core.md "Key derivation")


def _with_s3(task: Task, bits: int) -> Task:
    """`task` with `bits` set in s3 (a role, the KDF's n)."""
    s0, s1, s2, s3 = task.args
    return Task(task.entry, (s0, s1, s2, s3 | bits), task.words)


def with_kdf_blocks(task: Task, n: int) -> Task:
    """A cmac task turned into the counter-mode KDF with n output blocks (0..3 fit the field)."""
    if not 0 <= n <= 3:
        raise ValueError(f"KDF output blocks n = {n} does not fit s3[19:18]")
    return _with_s3(task, n << KDF_SHIFT)


def kdf_fixed_input(label: bytes, context: bytes, length_bits: int) -> bytes:
    """The KDF's fixed input F = Label || 0x00 || Context || [L]_32 (SP 800-108), L in bits."""
    return label + b"\0" + context + length_bits.to_bytes(4, "big")


def build_kdf_task(entries: dict[str, int], fixed: bytes, n: int) -> Task:
    """SP 800-108 counter-mode KDF with AES-CMAC as PRF on the cmac entry: the
    output is T(1) || .. || T(n), T(i) = CMAC(K, [i]_32 || fixed), 16 bytes each.

    `fixed` is the KDF's fixed input, formatted by the host (`kdf_fixed_input`);
    n = ceil(L / 128), 1 or 2.
    """
    return with_kdf_blocks(build_task(entries, "cmac", MAC, fixed, tag_len=16), n)


def build_split_tasks(entries: dict[str, int], op: str, data: bytes = b"", nonce: bytes = b"",
                      aad: bytes = b"", tag: bytes = b"", tag_len: int = 0) -> tuple[Task, Task]:
    """The two halves of a CCM packet split over a core pair: (I/O task, MAC task).

    The I/O core gets the packet as `build_task` lays it out; the MAC core the
    same entry and s0..s2 but no input word (a start with an empty packet).
    s3 = tag length | role << 16.
    """
    io = build_task(entries, "ccm", op, data, nonce, aad, tag, tag_len)
    return _with_s3(io, ROLE_IO << 16), _with_s3(Task(io.entry, io.args), ROLE_MAC << 16)
