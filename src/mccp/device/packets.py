"""Stream packets of the fabric (docs/fabric.md): validation, input packets, output parsing.

Pure Python, no simulator: the device API validates a request here (ValueError
before the device is touched), lays the packet out with `mccp.aes.modes.build_task`
(the same field layout the core's firmware reads) behind a header packed by
`mccp.regmap`, and cuts an output packet back into status, data and tag.
"""

from __future__ import annotations

from dataclasses import dataclass

from mccp import regmap
from mccp.aes.modes import DECRYPT, ENCRYPT, MAC, MODES, VERIFY, Mode, build_task, split_output
from mccp.aes.task import WORD_BYTES
from mccp.arx.modes import ARX_MODES, DEFAULT_NONCE as ARX_NONCE, HASHES as ARX_HASHES, KEY_BYTES as ARX_KEY_BYTES

OPS = (ENCRYPT, DECRYPT, MAC, VERIFY)
# key bytes -> the key store's size code (KEY_CMD.LEN, CHAN_CFG0.KEY_LEN); AES takes three of them
KEY_SIZE_CODE = {k["bytes"]: k["code"] for k in regmap.load().key_sizes if k["name"] != "ec"}
AES_KEY_BYTES = (16, 24, 32)
# default nonce length per mode (bytes)
DEFAULT_NONCE = {"ecb": 0, "cbc": 16, "ctr": 16, "cbc-mac": 0, "cmac": 0, "ccm": 13, "gcm": 12, "gmac": 12}
NO_CORE = 0xFF
# the channel modes of each slot kind that takes AES-style packets (nonce, AAD, payload, tag)
KIND_MODES = {"aes": MODES, "arx": ARX_MODES}
# a micro-core grid serves ECB and CTR encryption (CTR with a whole 16-byte counter block)
UGRID_MODES = {m: MODES[m] for m in ("ecb", "ctr")}


def kind_of_mode(mode: str) -> str:
    """The slot kind whose channels run `mode` (ValueError if none)."""
    for kind, table in KIND_MODES.items():
        if mode in table:
            return kind
    names = [m for table in KIND_MODES.values() for m in table]
    raise ValueError(f"unknown mode {mode!r}; choose one of {', '.join(names)}")


def _words(n: int) -> int:
    return (n + WORD_BYTES - 1) // WORD_BYTES


@dataclass(frozen=True)
class Policy:
    """Per-channel scheduling policy bits (CHAN_CFG0.ORDERED / AFFINITY / SPLIT)."""
    ordered: bool = True      # results of the channel leave in submission order
    affinity: bool = True     # prefer a core that already holds the channel's key
    split: bool = False       # CCM on two cores (CTR on one, CBC-MAC on its partner)

    NAMES = ("ordered", "affinity", "split")

    @classmethod
    def of(cls, value) -> "Policy":
        """A Policy from a Policy, None (defaults) or a set of names out of
        {"ordered", "affinity", "split"} (those given are on, the others off)."""
        if value is None:
            return cls()
        if isinstance(value, Policy):
            return value
        if isinstance(value, str):
            value = {value}
        names = {str(v).lower() for v in value}
        unknown = names - set(cls.NAMES)
        if unknown:
            raise ValueError(f"unknown policy {sorted(unknown)}; use a subset of {set(cls.NAMES)}")
        return cls(**{n: n in names for n in cls.NAMES})


@dataclass(frozen=True)
class SecretRoute:
    """A channel's secret fields (CHAN_CFG1; docs/fabric.md "Secret inputs and outputs"):
    the output goes to key slot `dest_slot` as an AES key of `dest_len` bytes, never to the
    stream; with `src_slot` the payload is that slot's shared secret of curve `curve`."""
    dest_slot: int
    dest_len: int = 16            # bytes of the AES key made: 16, 24, 32
    src_slot: int | None = None   # SECRET_IN
    curve: int = 0                # the shared secret's curve id (SECRET_IN)
    zero_key: bool = False        # the all-zero AES-128 key instead of the channel's slot
    kdf: bool = False             # cmac: SP 800-108 counter-mode KDF blocks

    def fields(self) -> dict[str, int]:
        """CHAN_CFG1 field values (lower-case names)."""
        return {"secret_out": 1, "dest_slot": self.dest_slot, "dest_len": KEY_SIZE_CODE[self.dest_len],
                "secret_in": int(self.src_slot is not None), "src_slot": self.src_slot or 0,
                "curve": self.curve, "zero_key": int(self.zero_key), "kdf": int(self.kdf)}


@dataclass(frozen=True)
class ChannelConfig:
    """What the device wrote to one channel table entry."""
    index: int
    mode: str
    key_slot: int
    key_len: int          # bytes: 16, 24, 32 (arx channels also 12)
    tag_len: int          # 0 for modes without a tag
    nonce_len: int
    policy: Policy = Policy()
    secret: SecretRoute | None = None   # the output goes to a key slot
    kind: str = "aes"                   # the slot kind that serves it: "aes", "arx" or "ugrid"

    @property
    def spec(self) -> Mode:
        return (UGRID_MODES if self.kind == "ugrid" else KIND_MODES[self.kind])[self.mode]

    @property
    def tagged(self) -> bool:
        return bool(self.spec.tag_lens)

    def ops(self) -> tuple[str, str]:
        return (MAC, VERIFY) if self.spec.mac_only else (ENCRYPT, DECRYPT)


def channel_config(index: int, mode: str, key_slot: int, key_len: int, tag_len: int | None = None,
                   nonce_len: int | None = None, policy=None, kind: str | None = None) -> ChannelConfig:
    """Check a channel's parameters (ValueError with the reason) and return its configuration.
    `kind` pins the channel to slots of a kind; by default the kind whose modes include `mode`."""
    if kind == "ugrid":
        if mode not in UGRID_MODES:
            raise ValueError(f"a micro-core grid serves {' and '.join(UGRID_MODES)}, not {mode!r}")
        if key_len not in AES_KEY_BYTES:
            raise ValueError(f"{mode} takes an AES key of 16, 24 or 32 bytes, the slot holds {key_len}")
        if nonce_len not in (None, DEFAULT_NONCE[mode]):
            raise ValueError(f"{mode} on a grid takes a nonce of {DEFAULT_NONCE[mode]} bytes, not {nonce_len}")
        if tag_len not in (None, 0):
            raise ValueError(f"{mode} has no tag (tag_len must be 0 or omitted, got {tag_len})")
        return ChannelConfig(index, mode, key_slot, key_len, 0, DEFAULT_NONCE[mode], Policy.of(policy), kind=kind)
    if kind is not None and kind != kind_of_mode(mode):
        raise ValueError(f"kind must be 'ugrid' or the kind of {mode!r} ({kind_of_mode(mode)!r}), got {kind!r}")
    kind = kind_of_mode(mode)
    m = KIND_MODES[kind][mode]
    if kind == "arx" and mode in ARX_HASHES:
        key_len = 16                    # no key slot is read (regs.yml keyless); KEY_LEN 0
    elif kind == "arx" and key_len not in ARX_KEY_BYTES[mode]:
        raise ValueError(f"{mode} takes a key of {' or '.join(map(str, ARX_KEY_BYTES[mode]))} bytes, "
                         f"the slot holds {key_len}")
    elif kind == "aes" and key_len not in AES_KEY_BYTES:
        raise ValueError(f"{mode} takes an AES key of 16, 24 or 32 bytes, the slot holds {key_len}")
    if m.tag_lens:
        tag_len = max(m.tag_lens) if tag_len is None else tag_len    # the longest the mode takes
        if tag_len not in m.tag_lens:
            raise ValueError(f"{mode}: tag length {tag_len} not supported (allowed: {_ranges(m.tag_lens)})")
    else:
        if tag_len not in (None, 0):
            raise ValueError(f"{mode} has no tag (tag_len must be 0 or omitted, got {tag_len})")
        tag_len = 0
    nonce_len = {**DEFAULT_NONCE, **ARX_NONCE}[mode] if nonce_len is None else nonce_len
    if m.nonce_lens:
        if nonce_len not in m.nonce_lens:
            raise ValueError(f"{mode}: nonce length {nonce_len} not supported (allowed: {_ranges(m.nonce_lens)})")
    elif nonce_len != 0:
        raise ValueError(f"{mode} takes no nonce (nonce_len must be 0, got {nonce_len})")
    return ChannelConfig(index, mode, key_slot, key_len, tag_len, nonce_len, Policy.of(policy), kind=kind)


def _ranges(values) -> str:
    values = sorted(values)
    if len(values) > 3 and values == list(range(values[0], values[-1] + 1)):
        return f"{values[0]}..{values[-1]}"
    return ", ".join(map(str, values))


def check_request(cfg: ChannelConfig, op: str, data: bytes, nonce: bytes, aad: bytes, tag: bytes,
                  buf_bytes: int) -> None:
    """ValueError (with the reason) unless the device can take this request on this channel."""
    m = cfg.spec
    if op not in OPS:
        raise ValueError(f"unknown operation {op!r}; choose one of {', '.join(OPS)}")
    if op not in cfg.ops():
        raise ValueError(f"{cfg.mode} channel: operation {op!r} not supported (use {' or '.join(cfg.ops())})")
    for name, value in (("data", data), ("nonce", nonce), ("aad", aad), ("tag", tag)):
        if not isinstance(value, (bytes, bytearray, memoryview)):
            raise ValueError(f"{name} must be bytes, got {type(value).__name__}")
    if len(nonce) != cfg.nonce_len:
        raise ValueError(f"{cfg.mode} channel {cfg.index}: nonce of {len(nonce)} bytes, "
                         f"the channel expects {cfg.nonce_len}")
    if aad and not m.aead:
        raise ValueError(f"{cfg.mode} takes no AAD")
    wants_tag = op in (DECRYPT, VERIFY) and cfg.tagged
    if wants_tag and len(tag) != cfg.tag_len:
        raise ValueError(f"{cfg.mode} {op}: tag of {len(tag)} bytes, the channel's tag length is {cfg.tag_len}")
    if not wants_tag and tag:
        raise ValueError(f"{cfg.mode} {op} takes no tag")
    if m.block_only and len(data) % WORD_BYTES:
        raise ValueError(f"{cfg.mode}: data of {len(data)} bytes is not a multiple of 16")
    if cfg.mode == "ccm":
        q = 15 - cfg.nonce_len
        if len(data) >= 1 << (8 * q):
            raise ValueError(f"ccm with a {cfg.nonce_len}-byte nonce: data must be shorter than {1 << (8 * q)} bytes")
    if len(data) > buf_bytes:
        raise ValueError(f"data of {len(data)} bytes exceeds the core's buffer of {buf_bytes} bytes (BufBytes)")
    payload_len, aad_len = (0, len(data)) if cfg.mode == "gmac" else (len(data), len(aad))
    if aad_len > 0xFFFF:
        raise ValueError("AAD is limited to 65535 bytes by the packet header")
    in_words = _words(len(nonce)) + _words(aad_len) + _words(payload_len) + (_words(cfg.tag_len) if wants_tag else 0)
    in_cap = buf_bytes // WORD_BYTES + 8
    if in_words > in_cap:
        raise ValueError(f"packet body of {in_words} words (nonce + AAD + data + tag) exceeds the core's "
                         f"input buffer of {in_cap} words (BufBytes={buf_bytes})")
    out_words = _words(payload_len) + (_words(cfg.tag_len) if op in (ENCRYPT, MAC) and cfg.tagged else 0)
    out_cap = buf_bytes // WORD_BYTES + 2
    if m.mac_only:
        out_words = _words(cfg.tag_len) if op == MAC else 0
    if out_words > out_cap:
        raise ValueError(f"output of {out_words} words exceeds the core's output buffer of {out_cap} words "
                         f"(BufBytes={buf_bytes})")


def build_packet(cfg: ChannelConfig, op: str, seq: int, data: bytes = b"", nonce: bytes = b"",
                 aad: bytes = b"", tag: bytes = b"", rm: regmap.RegMap | None = None,
                 padded: bool = False) -> bytes:
    """Header word + body words of one input packet (no validation: see check_request).

    Each field starts on a new word and the packet ends at the last byte of its last field
    (docs/fabric.md "Words and beats"; the harness sends the last beat with TKEEP).
    `padded` zero-pads the last field to a whole word too: the layout before TKEEP, which the
    device now answers LENGTH (tests of that rule)."""
    rm = rm or regmap.load()
    # the entry address is the fabric's business (entry table); only the layout is used here
    m = cfg.spec
    labels = {label: 0 for label in m.entries.values()}
    task = build_task(labels, m, op, bytes(data), bytes(nonce), bytes(aad), bytes(tag), cfg.tag_len)
    payload_len, aad_len, nonce_len, _ = task.args
    sends_tag = op in (DECRYPT, VERIFY) and cfg.tagged
    header = rm.pack_header("in", op=rm.op_code[op], channel=cfg.index, seq=seq & 0xFFFFFFFF,
                            payload_len=payload_len, aad_len=aad_len, nonce_len=nonce_len,
                            tag_len=cfg.tag_len if sends_tag else 0)
    packet = header + b"".join(w.data.to_bytes(WORD_BYTES, "big") for w in task.words)
    if not padded:
        packet = packet[:len(packet) - last_field_pad(payload_len, aad_len, nonce_len,
                                                       cfg.tag_len if sends_tag else 0)]
    return packet


def last_field_pad(payload_len: int, aad_len: int, nonce_len: int, tag_len: int) -> int:
    """Zero bytes that pad the packet's last field (tag, payload, AAD, nonce: the last one
    present) to a whole word; a header-only packet has none."""
    last = next((n for n in (tag_len, payload_len, aad_len, nonce_len) if n), 0)
    return -last % WORD_BYTES


@dataclass
class OutHeader:
    status: int
    status_name: str
    channel: int
    seq: int
    out_len: int
    core: int | None       # None: the packet never reached a core
    start_cycle: int       # low 32 bits of the fabric's cycle counter at the task start
    body: bytes            # the words after the header


def parse_output(packet: bytes, rm: regmap.RegMap | None = None) -> OutHeader:
    """Header fields and body of one output packet; ValueError if it is malformed.

    Output packets are byte-accurate (docs/fabric.md "Output packet"): whole words but the
    last, which ends at the last valid byte; a packet without data is its header word."""
    rm = rm or regmap.load()
    if len(packet) < WORD_BYTES:
        raise ValueError(f"output packet of {len(packet)} bytes is not a whole number of words")
    h = rm.unpack_header("out", packet[:WORD_BYTES])
    if len(packet) % WORD_BYTES and h["out_len"] == 0:
        # only a packet with data may end inside a word
        raise ValueError(f"output packet of {len(packet)} bytes is not a whole number of words "
                         f"and its header announces no data")
    if h["magic"] != rm.magic("out"):
        raise ValueError(f"output packet magic 0x{h['magic']:02x}, expected 0x{rm.magic('out'):02x}")
    body = packet[WORD_BYTES:]
    if h["out_len"] > len(body):
        raise ValueError(f"output header says {h['out_len']} bytes, the packet carries {len(body)}")
    name = rm.status_name.get(h["status"], f"STATUS_{h['status']}")
    return OutHeader(h["status"], name, h["channel"], h["seq"], h["out_len"],
                     None if h["core"] == NO_CORE else h["core"], h["start_cycle"], body)


def split_body(cfg: ChannelConfig, op: str, data_len: int, body: bytes) -> tuple[bytes, bytes]:
    """(data, tag) of a successful packet's body: each field starts on a new word."""
    m = cfg.spec
    if m.mac_only:
        out = body[:cfg.tag_len] if op == MAC else b""
        return split_output(m, op, out, 0, cfg.tag_len)
    if m.aead and op == ENCRYPT:
        tag_at = _words(data_len) * WORD_BYTES
        out = body[:data_len] + body[tag_at:tag_at + cfg.tag_len]
    else:
        out = body[:data_len]
    return split_output(m, op, out, data_len, cfg.tag_len)


def expected_out_len(cfg: ChannelConfig, op: str, data_len: int) -> int:
    """Bytes a successful result carries (payload + tag); none from a secret channel."""
    m = cfg.spec
    if cfg.secret is not None:
        return 0
    if m.mac_only:
        return cfg.tag_len if op == MAC else 0
    return data_len + (cfg.tag_len if m.aead and op == ENCRYPT else 0)
