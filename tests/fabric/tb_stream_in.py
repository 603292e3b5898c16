"""cocotb bench for rtl/fabric/mccp_stream_in.sv (the packet parser).

Around the parser the bench models, from docs/fabric.md and the module's
contract:

* the channel table: a dict answering chan_idx_o one clock later on
  chan_cfg_i (entries >= Channels answer random garbage, enabled or not);
* the scheduler: answers each request after a random delay, granting a core or
  refusing with a status (decided per packet by the bench);
* the cores: random in_ready per core;
* the error-record consumer: random err_ready.

Every packet gets its expected outcome from the bench's own reading of the
spec (`expect()`): an error record (status, channel, seq) and all its words
dropped, or a request (req_o fields: func = mode*2 + op[0], args s0..s3 =
payload, AAD, nonce lengths and the channel's tag length, s0 on top) then the
body words for the granted core with `last` on the expected word, and one
in_done (len_err when TLAST came late, or when the bytes disagree with the
header: the last word holding neither the last field's bytes nor the full
padded word, a partial header word, a word the upsizer flagged with a TKEEP
error).  The DUT's events are matched in order against these queues; at the
end every queue must be empty.

The top holds one instance per (NumCores, Channels, InWords)
(tests/fabric/multitop.py); every test runs on each in turn.  Knobs:
MULTI_INSTANCES (set by the pytest wrapper), STREAM_IN_PACKETS, STREAM_IN_SEED.
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass, field

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, ReadOnly

import fabric_pkg
from mccp import regmap
from multitop import Prefixed, instances_from_env

INSTANCES = instances_from_env()
CORES = CHANNELS = IN_WORDS = 0     # of the instance under test (configure())
PACKETS = int(os.environ.get("STREAM_IN_PACKETS", "150"))
SEED = int(os.environ.get("STREAM_IN_SEED", "11"))

RM = regmap.load()
ST = RM.status_code
MODE = RM.mode_code
MAC_MODES = {MODE["cbc-mac"], MODE["cmac"], MODE["gmac"]}
TAG_MODES = MAC_MODES | {MODE["ccm"], MODE["gcm"]}
AAD_MODES = {MODE["ccm"], MODE["gcm"], MODE["gmac"]}     # the modes that take AAD (firmware/*.s)
CHAN = RM.structs["chan_cfg"]
KIND_ECC = RM.kind_code["ecc"]
KIND_RNG = RM.kind_code["rng"]
KIND_ARX = RM.kind_code["arx"]
ARX_MAC_MODES = {m["code"] for m in RM.arx_modes if m.get("mac")}
ARX_KEYLESS_MODES = {m["code"] for m in RM.arx_modes if m.get("keyless")}
UNIT_KINDS = (KIND_ECC, KIND_RNG)          # slot kinds whose packets are op 0 + payload only
KEYED_EC = {RM.ec_mode_code["ec-public"], RM.ec_mode_code["ecdh"]}   # the EC functions with a private scalar
MAGIC = RM.magic("in")

REQ = fabric_pkg.struct("task_req_t")


def configure(params: dict) -> None:
    global CORES, CHANNELS, IN_WORDS
    CORES, CHANNELS, IN_WORDS = params["NumCores"], params["Channels"], params["InWords"]


async def for_each_instance(top, body, seed: int) -> None:
    """Run `body(tb)` on every instance, after a reset."""
    cocotb.start_soon(Clock(top.clk_i, 10, unit="ns").start())
    for prefix, params in INSTANCES:
        configure(params)
        top._log.info("instance %s: %s", prefix, params)
        tb = StreamInTb(Prefixed(top, prefix), random.Random(seed * 1000 + CORES * 100 + CHANNELS))
        await tb.reset()
        await body(tb)


def unpack_req(value: int) -> dict[str, int]:
    return REQ.unpack(value)


def nwords(n: int) -> int:
    return (n + 15) // 16


@dataclass
class Packet:
    hdr: dict                    # header fields
    body: list[int]              # body words actually sent
    last_on_hdr: bool            # TLAST with the header word (body empty)
    refuse: int | None = None    # scheduler answer: status, or None to grant
    core: int = 0                # core granted
    delay: int = 0               # scheduler answer delay (clocks)
    kind: str = "ok"             # what the generator did (for messages)
    # expectations
    err: int | None = None       # error status the parser must report
    req: dict | None = None      # req_o fields expected
    core_words: list = field(default_factory=list)
    len_err: bool = False
    asks: bool = False           # the parser must ask the scheduler
    last_bytes: int = 16         # valid bytes of the packet's last word (word_bytes_i)
    err_word: int | None = None  # index in words() of a word with word_keep_err_i
    secret: list = field(default_factory=list)   # a SECRET_IN packet's body, from the scheduler

    def words(self) -> list[tuple[int, int, int, int]]:
        """(data, last, bytes, keep_err) of the header and body words."""
        hdr = int.from_bytes(RM.pack_header("in", **self.hdr), "big") if "raw" not in self.hdr else self.hdr["raw"]
        out = [(hdr, int(self.last_on_hdr))]
        out += [(w, int(i == len(self.body) - 1)) for i, w in enumerate(self.body)]
        n = len(out)
        return [(w, last, self.last_bytes if j == n - 1 else 16, int(j == self.err_word))
                for j, (w, last) in enumerate(out)]


def last_word_bytes(h: dict) -> int:
    """Valid bytes the packet's last word must hold (docs/fabric.md "Words and beats"): the
    last field present (tag, payload, AAD, nonce) mod 16, or 16; a header alone: 16."""
    last = next((h[f] for f in ("tag_len", "payload_len", "aad_len", "nonce_len") if h[f]), 0)
    return last % 16 or 16


M_OF_CURVE = (163, 163, 233, 233, 283, 283)   # curve id -> m (docs/ecc-curves.md)
DEST = fabric_pkg.struct("secret_dest_t")


def secret_bytes(curve: int) -> int:
    """A shared secret's bytes (FE2OS): ceil(m/8)."""
    return (M_OF_CURVE[curve] + 7) // 8


def header_fields(raw: int) -> dict[str, int]:
    return RM.unpack_header("in", raw.to_bytes(16, "big"))


def expect(p: Packet, table: dict[int, dict]) -> None:
    """The spec's outcome of packet `p` (fills p.err / p.req / p.core_words / p.len_err)."""
    raw = int.from_bytes(RM.pack_header("in", **p.hdr), "big") if "raw" not in p.hdr else p.hdr["raw"]
    h = header_fields(raw)
    cfg = table.get(h["channel"]) if h["channel"] < CHANNELS else None
    if h["magic"] != MAGIC or h["reserved"] != 0:
        p.err = ST["BAD_HEADER"]
        return
    if cfg is None or not cfg["enable"]:
        p.err = ST["NO_CHANNEL"]
        return
    mode = cfg["mode"]
    op = h["op"]
    direction = op & 1
    ecc = cfg["kind"] == KIND_ECC
    rngk = cfg["kind"] == KIND_RNG
    unit = ecc or rngk
    if unit:
        # docs/fabric.md "Elliptic-curve packets", docs/entropy.md: op 0, the operands (the
        # request) as payload, nothing else
        op_ok = op == 0
        tag = 0
        fields_ok = h["aad_len"] == 0 and h["nonce_len"] == 0
    elif cfg["kind"] == KIND_ARX:
        # docs/arx.md: an AEAD's fields, the tag to decrypt or verify; any AAD and payload; a
        # MAC mode takes the ops mac / verify
        op_ok = op in ((2, 3) if mode in ARX_MAC_MODES else (0, 1))
        tag = cfg["tag_len"] if direction else 0
        fields_ok = h["nonce_len"] == cfg["nonce_len"]
        fields_ok = fields_ok and not (cfg.get("secret_in") and (h["payload_len"] or h["aad_len"]))
    else:
        mac = mode in MAC_MODES
        op_ok = op in ((2, 3) if mac else (0, 1))
        tag = cfg["tag_len"] if (mode in TAG_MODES and direction) else 0
        # fields the mode does not take: AAD outside CCM/GCM/GMAC, a payload on GMAC (its
        # message travels as AAD, docs/fabric.md "Input packet")
        fields_ok = ((h["aad_len"] == 0 or mode in AAD_MODES) and (h["payload_len"] == 0 or mode != MODE["gmac"])
                     and h["nonce_len"] == cfg["nonce_len"])
        # a SECRET_IN packet is its header: the payload comes from the key store
        fields_ok = fields_ok and not (cfg.get("secret_in") and (h["payload_len"] or h["aad_len"]))
    if not op_ok or not fields_ok or h["tag_len"] != tag:
        p.err = ST["BAD_HEADER"]
        return
    expected = nwords(h["nonce_len"]) + nwords(h["aad_len"]) + nwords(h["payload_len"]) + nwords(h["tag_len"])
    if expected > IN_WORDS:
        p.err = ST["OVERSIZE"]
        return
    p.asks = True
    if p.refuse is not None:
        p.err = p.refuse
        return
    got = p.body[:expected]
    words = p.words()
    # a TKEEP error anywhere or a partial header word (only a last word may be partial)
    bad = any(w[3] for w in words) or words[0][2] != 16
    cut = len(p.body) == expected and expected > 0 and p.last_bytes != last_word_bytes(h)
    # core.md: a task with no input word at all is started with start_empty_i; a SECRET_IN
    # task's payload is the secret's ceil(m/8) bytes; a KDF channel's block count in s3[19:18]
    secret_in = not unit and cfg.get("secret_in", 0)
    payload = secret_bytes(cfg["curve"]) if secret_in else h["payload_len"]
    kdf = (1 if cfg.get("dest_len", 0) == 0 else 2) if cfg.get("kdf") else 0
    args = ((cfg["curve"] << 96) | (h["payload_len"] << 64) | (mode << 32) if unit else
            (payload << 96) | (h["aad_len"] << 64) | (h["nonce_len"] << 32) | (kdf << 18) | cfg["tag_len"])
    # an element to the key store: ecdh's shared secret, or a generated private scalar (rng ec-keygen)
    dest_ec = ecc or (rngk and mode == RM.rng_mode_code["ec-keygen"])
    need = (48 if M_OF_CURVE[cfg["curve"] % 6] > 256 else 32) if dest_ec else 16 + 8 * cfg.get("dest_len", 0)
    dest = DEST.pack(slot=cfg.get("dest_slot", 0), ec=int(dest_ec), len=cfg.get("dest_len", 0), curve=cfg["curve"],
                     restricted=int(ecc or bool(secret_in)), need=need)
    # ecc: every function is keyless but ec-public and ecdh, whose key is an EC scalar (size 3) of
    # the curve; rng: keyless; arx: the hashes (regs.yml `keyless`)
    arx = cfg["kind"] == KIND_ARX
    p.req = dict(channel=h["channel"] & 0xFF, seq=h["seq"], kind=cfg["kind"],
                 keyless=int(rngk or (ecc and mode not in KEYED_EC) or (arx and mode in ARX_KEYLESS_MODES)), func=mode * 2 + direction, key_slot=cfg["key_slot"],
                 key_len=3 if ecc else cfg["key_len"], key_curve=cfg["curve"],
                 affinity=cfg["affinity"], ordered=cfg["ordered"], split=cfg["split"],
                 empty=int(len(got) == 0 and not secret_in), args=args,
                 secret_out=cfg.get("secret_out", 0), secret_in=int(bool(secret_in)),
                 src_slot=cfg.get("src_slot", 0), zero_key=int(not unit and bool(cfg.get("zero_key", 0))))
    if not dest_ec or cfg["curve"] < 6:
        p.req["dest"] = dest
    if secret_in:
        got = p.secret
    p.core_words = [(w, int(i == len(got) - 1)) for i, w in enumerate(got)]
    p.len_err = len(p.body) > expected or bad or cut


def random_table(rng: random.Random) -> dict[int, dict]:
    table = {}
    for c in range(CHANNELS):
        mode = rng.choice([rng.randrange(8), rng.randrange(16)])     # the codes of every kind
        # a quarter are ecc or rng channels (any function code, curve or stray AES fields: the
        # parser passes the code and curve on, the unit judges them)
        ecc = rng.random() < 0.25
        table[c] = dict(mode=mode, enable=int(rng.random() < 0.85 or c == 0), key_len=rng.randrange(3),
                        tag_len=rng.choice([4, 8, 12, 16, 32, 64]) if mode in TAG_MODES else rng.choice([0, 0, 7, 40]),
                        ordered=rng.getrandbits(1), affinity=rng.getrandbits(1), split=rng.getrandbits(1),
                        key_slot=rng.randrange(32),
                        nonce_len=0 if ecc or mode in (MODE["ecb"], MODE["cbc-mac"], MODE["cmac"])
                        else rng.choice([12, 16, 13, 1]),
                        kind=rng.choice(UNIT_KINDS) if ecc else rng.choice([0, 0, 0, 3, 7]), curve=rng.randrange(8))
        if not ecc and rng.random() < 0.3:
            # a secret cmac channel (docs/fabric.md "Secret inputs and outputs"): its output to a
            # key slot, its payload perhaps a shared secret of one of the six curves
            table[c].update(mode=MODE["cmac"], nonce_len=0, tag_len=16, kind=0, curve=rng.randrange(6),
                            secret_out=1, dest_slot=rng.randrange(32), dest_len=rng.randrange(3),
                            kdf=rng.getrandbits(1), secret_in=rng.getrandbits(1), src_slot=rng.randrange(32),
                            zero_key=rng.getrandbits(1))
    table[0]["enable"] = 1
    return table


def good_header(rng: random.Random, chan: int, cfg: dict, budget: int) -> dict:
    if cfg["kind"] in UNIT_KINDS:
        payload = rng.choice([0, 16 * rng.randint(1, 12), rng.randint(1, 16 * max(1, budget))])
        return dict(op=0, channel=chan, seq=rng.getrandbits(32), payload_len=payload, aad_len=0, nonce_len=0,
                    tag_len=0)
    arx = cfg["kind"] == KIND_ARX
    mac = cfg["mode"] in (ARX_MAC_MODES if arx else MAC_MODES)
    direction = rng.getrandbits(1)
    if cfg.get("secret_in"):
        # the header alone (a MAC over the shared secret)
        return dict(op=2, channel=chan, seq=rng.getrandbits(32), payload_len=0, aad_len=0, nonce_len=0, tag_len=0)
    tag = cfg["tag_len"] if ((arx or cfg["mode"] in TAG_MODES) and direction) else 0
    left = max(0, budget - nwords(cfg["nonce_len"]) - nwords(tag))
    payload = rng.choice([0, rng.randint(1, 16 * max(1, left // 2)), 16 * (left // 2)])
    if cfg["mode"] == MODE["gmac"] and not arx:
        payload = 0
    left -= nwords(payload)
    aad = rng.choice([0, 0, rng.randint(0, 16 * max(0, left))]) if left > 0 else 0
    if cfg["mode"] not in AAD_MODES and not arx:
        aad = 0
    return dict(op=(2 if mac else 0) | direction, channel=chan, seq=rng.getrandbits(32),
                payload_len=payload, aad_len=aad, nonce_len=cfg["nonce_len"], tag_len=tag)


KINDS = ["ok"] * 12 + ["early", "late", "late", "hdr_only", "magic", "reserved", "unknown", "unknown_hi",
                       "disabled", "op_class", "op_big", "nonce", "tag", "oversize", "refuse", "refuse",
                       "empty_late", "full", "aad_field", "gmac_payload", "cut", "keep_err", "hdr_cut"]


def make_packet(rng: random.Random, table: dict[int, dict], kind: str | None = None) -> Packet:
    kind = kind or rng.choice(KINDS)
    enabled = [c for c, e in table.items() if e["enable"]]
    disabled = [c for c, e in table.items() if not e["enable"]]
    if kind == "disabled" and not disabled:
        kind = "unknown"
    chan = rng.choice(disabled if kind == "disabled" else enabled)
    cfg = table[chan]
    hdr = good_header(rng, chan, cfg, IN_WORDS)
    if kind == "empty_late":
        # no body announced, but extra words follow the header
        cands = [c for c in enabled if table[c]["nonce_len"] == 0]
        if cands:
            chan = rng.choice(cands)
            cfg = table[chan]
            hdr = good_header(rng, chan, cfg, IN_WORDS)
            hdr.update(payload_len=0, aad_len=0, tag_len=0, op=hdr["op"] & 2)
        else:
            kind = "late"
    expected = nwords(hdr["nonce_len"]) + nwords(hdr["aad_len"]) + nwords(hdr["payload_len"]) + nwords(hdr["tag_len"])
    n = expected
    refuse = None
    if kind == "magic":
        hdr["magic"] = rng.choice([0x5A, 0x00, 0xA4, 0xFF])
    elif kind == "reserved":
        hdr["reserved"] = rng.randint(1, 255)
    elif kind == "unknown":
        hdr["channel"] = rng.randint(CHANNELS, min(255, CHANNELS + 3))
    elif kind == "unknown_hi":
        # the low byte names a valid entry; the 16-bit index does not exist
        hdr["channel"] = (rng.randint(1, 255) << 8) | chan
    elif kind == "op_class":
        hdr["op"] ^= 2
    elif kind == "op_big":
        hdr["op"] = rng.choice([4, 5, 0x80, 0xFE]) | (hdr["op"] & 1)
    elif kind == "nonce":
        hdr["nonce_len"] = cfg["nonce_len"] + rng.choice([1, 16, 2])
    elif kind == "tag":
        hdr["tag_len"] = (hdr["tag_len"] + rng.choice([1, 4, 16])) & 0xFF
    elif kind in ("aad_field", "gmac_payload"):
        # a field the mode does not take (falls back to a good packet when no channel has
        # such a mode); the body is sent as the header announces it
        want = (lambda m: m not in AAD_MODES) if kind == "aad_field" else (lambda m: m == MODE["gmac"])
        cands = [c for c in enabled if want(table[c]["mode"])]
        if cands:
            chan = rng.choice(cands)
            cfg = table[chan]
            hdr = good_header(rng, chan, cfg, IN_WORDS // 2)
            hdr["aad_len" if kind == "aad_field" else "payload_len"] = rng.randint(1, 16 * max(1, IN_WORDS // 4))
            expected = n = nwords(hdr["nonce_len"]) + nwords(hdr["aad_len"]) + nwords(hdr["payload_len"]) + \
                nwords(hdr["tag_len"])
    elif kind in ("oversize", "full"):
        # grow a field the mode takes: AAD where it has AAD, else the payload
        f = "aad_len" if cfg["mode"] in AAD_MODES else "payload_len"
        if kind == "oversize":
            hdr[f] = 16 * (IN_WORDS + 1 - (expected - nwords(hdr[f])))
            n = rng.choice([1, 3, IN_WORDS + 2])
        else:
            # exactly InWords body words: not oversize
            f_words = IN_WORDS - (expected - nwords(hdr[f]))
            hdr[f] = 16 * f_words - rng.randrange(16) if f_words > 0 else 0
            n = IN_WORDS if f_words >= 0 else 0
    elif kind == "refuse":
        refuse = rng.choice([ST["KEY_ERROR"], ST["NO_CORE"]])
    elif kind == "early":
        n = rng.randint(0, max(0, expected - 1)) if expected else 0
    elif kind in ("late", "empty_late"):
        n = expected + rng.randint(1, 3)
    elif kind == "hdr_only":
        n = 0
    if kind in ("magic", "reserved", "unknown", "unknown_hi", "disabled", "op_class", "op_big",
                "nonce", "tag", "aad_field", "gmac_payload") and rng.random() < 0.5:
        n = rng.randint(0, 4)
    elif kind == "hdr_cut":
        n = 0
    body = [rng.getrandbits(128) for _ in range(n)]
    # bytes of the last word: exactly the last field's; cut or padded (another count) on
    # purpose; any count when TLAST comes early or late
    want = last_word_bytes(hdr)
    last_bytes = 16 if n == 0 else want
    if kind == "cut" and n == expected and n > 0:
        last_bytes = rng.choice([b for b in range(1, 17) if b != want])
    elif kind in ("early", "late") and n > 0:
        last_bytes = rng.randint(1, 16)
    elif kind == "hdr_cut":
        last_bytes = rng.randint(8, 15)   # the cut header bytes arrive as zeros
        mask = ((1 << (8 * last_bytes)) - 1) << (8 * (16 - last_bytes))
        hdr = {"raw": int.from_bytes(RM.pack_header("in", **hdr), "big") & mask}
    err_word = rng.randrange(n + 1) if kind == "keep_err" else None
    secret = []
    if cfg.get("secret_in") and cfg["kind"] not in UNIT_KINDS:
        secret = [rng.getrandbits(128) for _ in range(nwords(secret_bytes(cfg["curve"])))]
    p = Packet(hdr=hdr, body=body, last_on_hdr=(n == 0), refuse=refuse, core=rng.randrange(CORES),
               delay=rng.choice([0, 0, 1, 2, 5]), kind=kind, last_bytes=last_bytes, err_word=err_word,
               secret=secret)
    expect(p, table)
    return p


class StreamInTb:
    def __init__(self, dut, rng: random.Random):
        self.dut = dut
        self.rng = rng
        self.cycle = 0

    async def reset(self):
        dut = self.dut
        await FallingEdge(dut.clk_i)       # out of a previous run's ReadOnly phase
        dut.word_valid_i.value = 0
        dut.word_data_i.value = 0
        dut.word_last_i.value = 0
        dut.word_bytes_i.value = 16
        dut.word_keep_err_i.value = 0
        dut.chan_cfg_i.value = 0
        dut.req_ready_i.value = 0
        dut.req_err_i.value = 0
        dut.req_err_status_i.value = 0
        dut.req_core_i.value = 0
        dut.core_ready_i.value = 0
        dut.sec_word_i.value = 0
        dut.err_ready_i.value = 0
        dut.rst_ni.value = 0
        await FallingEdge(dut.clk_i)
        await FallingEdge(dut.clk_i)
        dut.rst_ni.value = 1

    async def run(self, packets: list[Packet], table: dict[int, dict], p_valid=0.7, p_core=0.6, p_err=0.6):
        dut, rng = self.dut, self.rng
        stream = [(w, last, i, j, nb, ke) for i, p in enumerate(packets)
                  for j, (w, last, nb, ke) in enumerate(p.words())]
        exp_req = [i for i, p in enumerate(packets) if p.asks]
        exp_err = [i for i, p in enumerate(packets) if p.err is not None]
        exp_done = [i for i, p in enumerate(packets) if p.req is not None]
        exp_core = {c: [] for c in range(CORES)}
        for p in packets:
            if p.req is not None:
                exp_core[p.core] += [(w, last, p) for w, last in p.core_words]
        sec_pending: list[int] = []   # the granted SECRET_IN packet's words the parser has yet to take
        got_core = {c: 0 for c in range(CORES)}
        pos = 0
        offered = False
        idx_prev = 0
        answer_in = None          # clocks until the scheduler answers the pending request
        req_hold = None
        err_hold = None
        tlast_seen = set()         # packets whose TLAST word has been taken
        grant_core = None
        pkt_in = 0
        limit = 60 * len(stream) + 500
        start = self.cycle
        idle_after = 0
        while True:
            await FallingEdge(dut.clk_i)
            self.cycle += 1
            assert self.cycle - start < limit, (
                f"stalled at word {pos}/{len(stream)}: reqs left {exp_req[:3]}, errs left {exp_err[:3]}, "
                f"dones left {exp_done[:3]}")
            # upstream word
            if not offered and pos < len(stream) and rng.random() < p_valid:
                offered = True
            dut.word_valid_i.value = int(offered)
            if offered:
                dut.word_data_i.value = stream[pos][0]
                dut.word_last_i.value = stream[pos][1]
                dut.word_bytes_i.value = stream[pos][4]
                dut.word_keep_err_i.value = stream[pos][5]
            else:
                dut.word_data_i.value = rng.getrandbits(128)
                dut.word_last_i.value = rng.getrandbits(1)
                dut.word_bytes_i.value = rng.randrange(32)
                dut.word_keep_err_i.value = rng.getrandbits(1)
            # channel table: registered read of last clock's index
            cfg = table[idx_prev] if idx_prev < CHANNELS else None
            if cfg is None:
                cfg = {f.name.lower(): rng.getrandbits(f.width) for f in CHAN.fields}
            dut.chan_cfg_i.value = CHAN.pack(**cfg)
            # scheduler answer
            answering = answer_in == 0
            dut.req_ready_i.value = int(answering)
            if answering:
                p = packets[exp_req[0]]
                dut.req_err_i.value = int(p.refuse is not None)
                dut.req_err_status_i.value = p.refuse if p.refuse is not None else rng.randrange(256)
                dut.req_core_i.value = p.core if p.refuse is None else rng.randrange(16)
            else:
                dut.req_err_i.value = rng.getrandbits(1)
                dut.req_err_status_i.value = rng.randrange(256)
                dut.req_core_i.value = rng.randrange(16)
            if answer_in is not None and answer_in > 0:
                answer_in -= 1
            # the scheduler's secret register: the next word of the granted secret
            dut.sec_word_i.value = sec_pending[0] if sec_pending else 0
            core_ready = [int(rng.random() < p_core) for _ in range(CORES)]
            dut.core_ready_i.value = sum(b << c for c, b in enumerate(core_ready))
            err_ready = rng.random() < p_err
            dut.err_ready_i.value = int(err_ready)

            await ReadOnly()
            idx_prev = int(dut.chan_idx_o.value)
            wready = int(dut.word_ready_o.value)
            took = offered and wready
            word = stream[pos] if took else None

            # pkt_in: exactly when a packet's first (header) word is taken
            pulse = int(dut.pkt_in_o.value)
            assert pulse == int(bool(took and word[3] == 0)), (
                f"pkt_in_o={pulse} at clock {self.cycle}, word taken: {word and word[2:]}")
            pkt_in += pulse
            if took and word[3] == 0:
                assert not exp_done or exp_done[0] >= word[2], \
                    f"packet {exp_done[0]}: in_done missing when packet {word[2]} starts"

            # request
            rvalid = int(dut.req_valid_o.value)
            if req_hold is not None and not rvalid:
                raise AssertionError(f"req_valid_o dropped before the answer (packet {exp_req[0]})")
            if rvalid:
                assert exp_req, f"unexpected request {unpack_req(int(dut.req_o.value))}"
                req = unpack_req(int(dut.req_o.value))
                if req_hold is not None:
                    assert req == req_hold, f"req_o changed while waiting: {req_hold} -> {req}"
                p = packets[exp_req[0]]
                if p.req is not None:
                    for k, v in p.req.items():
                        assert req[k] == v, (f"packet {exp_req[0]} ({p.kind}): req.{k} = {req[k]:#x}, "
                                             f"expected {v:#x}; header {p.hdr}")
                if answer_in is None:
                    answer_in = p.delay
                req_hold = req
            if answering:
                assert rvalid, "scheduler answered without a request"
                if packets[exp_req[0]].refuse is None:
                    grant_core = packets[exp_req[0]].core
                    sec_pending = list(packets[exp_req[0]].secret)
                exp_req.pop(0)
                answer_in = None
                req_hold = None

            # cores
            cvalid = int(dut.core_valid_o.value)
            assert cvalid & (cvalid - 1) == 0, f"core_valid_o={cvalid:b}: two cores at once"
            pop = int(dut.sec_pop_o.value)
            assert not pop or (cvalid and core_ready[cvalid.bit_length() - 1]), "sec_pop_o without a word taken"
            if cvalid:
                c = cvalid.bit_length() - 1
                assert c == grant_core, f"core_valid_o to core {c}, granted core {grant_core}"
                secret_word = bool(sec_pending)
                assert offered or secret_word, "core_valid_o without an input word"
                if core_ready[c]:
                    if secret_word:
                        assert pop and not took, "a secret word taken without its pop (or with a stream word)"
                        sec_pending.pop(0)
                        assert int(dut.sec_last_o.value) == int(not sec_pending)
                    else:
                        assert took, "core took a word the upstream did not give"
                    data, last = int(dut.core_data_o.value), int(dut.core_last_o.value)
                    assert got_core[c] < len(exp_core[c]), f"core {c}: extra word {data:032x}"
                    w, l, p = exp_core[c][got_core[c]]
                    assert (data, last) == (w, l), (
                        f"core {c} word {got_core[c]} ({p.kind}, header {p.hdr}): got {data:032x} last {last}, "
                        f"want {w:032x} last {l}")
                    got_core[c] += 1
            if took and word[1]:
                tlast_seen.add(word[2])

            # in_done
            if int(dut.in_done_valid_o.value):
                assert exp_done, "unexpected in_done"
                i = exp_done.pop(0)
                p = packets[i]
                assert i in tlast_seen or (p.last_on_hdr and answering), \
                    f"packet {i} ({p.kind}): in_done before its TLAST"
                got = (int(dut.in_done_core_o.value), int(dut.in_done_len_err_o.value))
                assert got == (p.core, int(p.len_err)), \
                    f"packet {i} ({p.kind}): in_done core/len_err {got}, want {(p.core, int(p.len_err))}"

            # error records
            evalid = int(dut.err_valid_o.value)
            if err_hold is not None:
                assert evalid, "err_valid_o dropped before taken"
            if evalid:
                rec = (int(dut.err_status_o.value), int(dut.err_channel_o.value), int(dut.err_seq_o.value))
                if err_hold is not None:
                    assert rec == err_hold, f"error record changed while waiting: {err_hold} -> {rec}"
                assert exp_err, f"unexpected error record {rec}"
                p = packets[exp_err[0]]
                h = header_fields(p.words()[0][0])
                want = (p.err, h["channel"], h["seq"])
                assert rec == want, f"packet {exp_err[0]} ({p.kind}): error record {rec}, want {want}"
                err_hold = rec
                if err_ready:
                    exp_err.pop(0)
                    err_hold = None

            if took:
                pos += 1
                offered = False
            if pos == len(stream) and not (exp_req or exp_err or exp_done):
                idle_after += 1
                if idle_after > 4:
                    break
        for c in range(CORES):
            assert got_core[c] == len(exp_core[c]), f"core {c}: {got_core[c]} of {len(exp_core[c])} words"
        assert pkt_in == len(packets)


@cocotb.test()
async def test_directed(top):
    """Two packets of every kind, each followed by a good packet."""
    await for_each_instance(top, directed, SEED)


async def directed(tb: StreamInTb):
    rng = tb.rng
    table = random_table(rng)
    kinds = sorted(set(KINDS))
    packets = []
    for kind in kinds:
        for _ in range(2):
            packets.append(make_packet(rng, table, kind))
            packets.append(make_packet(rng, table, "ok"))
    await tb.run(packets, table)


@cocotb.test()
async def test_random(top):
    """A long random sequence under random back-pressure everywhere."""
    await for_each_instance(top, random_run, SEED + 1)


async def random_run(tb: StreamInTb):
    rng = tb.rng
    for p_valid, p_core, p_err in ((0.7, 0.6, 0.6), (1.0, 1.0, 1.0), (0.3, 0.9, 0.2)):
        table = random_table(rng)
        packets = [make_packet(rng, table) for _ in range(PACKETS // 3)]
        await tb.run(packets, table, p_valid, p_core, p_err)
