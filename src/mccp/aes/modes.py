"""Modes of operation as tasks for the core: which firmware entry, which fields.

One table maps (mode, operation) to the firmware entry point and says which
input fields the mode takes; `build_task` lays a packet out for the core and
`split_output` cuts the core's output into data and tag.  The ISS tests, the
RTL tests and the device API all go through here.
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


def build_task(entries: dict[str, int], mode: str, op: str, data: bytes = b"", nonce: bytes = b"",
               aad: bytes = b"", tag: bytes = b"", tag_len: int = 0) -> Task:
    """The core task for one packet.  `entries` is the firmware's entry table.

    GMAC carries its message as AAD (GCM with an empty payload).  A tag is
    sent only when verifying or decrypting an AEAD mode.
    """
    m = MODES[mode]
    entry = entries[m.entries[op]]
    if mode == "gmac":
        aad, data = data, b""
    send_tag = tag if op in (DECRYPT, VERIFY) and (m.aead or m.mac_only) else b""
    return make_task(entry, nonce=nonce, aad=aad, payload=data, tag=send_tag, tag_len=tag_len)


def split_output(mode: str, op: str, out: bytes, data_len: int, tag_len: int) -> tuple[bytes, bytes]:
    """(data, tag) of a successful task's output."""
    m = MODES[mode]
    if m.mac_only:
        return b"", out if op == MAC else b""
    if m.aead and op == ENCRYPT:
        return out[:data_len], out[data_len:]
    return out, b""


ROLE_IO, ROLE_MAC = 1, 2     # s3 bits 16 and up of a split task's halves (docs/core.md "Split tasks")


def build_split_tasks(entries: dict[str, int], op: str, data: bytes = b"", nonce: bytes = b"",
                      aad: bytes = b"", tag: bytes = b"", tag_len: int = 0) -> tuple[Task, Task]:
    """The two halves of a CCM packet split over a core pair: (I/O task, MAC task).

    The I/O core gets the packet as `build_task` lays it out; the MAC core the
    same entry and s0..s2 but no input word (a start with an empty packet).
    s3 = tag length | role << 16.
    """
    io = build_task(entries, "ccm", op, data, nonce, aad, tag, tag_len)
    s0, s1, s2, s3 = io.args
    io.args = (s0, s1, s2, s3 | ROLE_IO << 16)
    return io, Task(io.entry, (s0, s1, s2, s3 | ROLE_MAC << 16), [])
