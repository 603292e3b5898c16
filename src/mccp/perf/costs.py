"""Per-core task costs, computed by the instruction-set simulator.

The ISS (mccp.iss) charges the RTL core's cycles exactly for a task whose
input is ready and whose output drains.  For the transaction-level model we
need more than the total: the cycle (relative to the start handshake) at
which the core reads each input word (`vld`), so that a slow stream can stall
it, and how many output words it releases.  Costs depend on the mode, the
operation, the key size and the field lengths, not on the data, so one ISS
run per distinct shape is cached (in memory and in build/perf/costs.json,
keyed by the firmware, the ISS, the ISA table and the GHASH digit size).

A CCM packet split over a core pair (`split_cost`) costs one co-simulation of
both halves (mccp.iss.run_pair): the I/O core's cost as above and the MAC
core's cycles, for a given delay between the two start handshakes (the MAC
core waits for the I/O core's blocks, so its cycles grow with that delay);
cached per shape, delay and role.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import threading
from dataclasses import dataclass

from mccp import paths
from mccp.ref import aes as aes_ref
from mccp.aes.modes import MODES, build_split_tasks, build_task
from mccp.bench.results import load_bench_engines
from mccp.ref.paper import PAPER_FIXED, PAPER_LOOP
from mccp.device.api import firmware_program
from mccp.iss import Iss, run_pair

def _top_default(name: str, module: str = "fabric/mccp_top.sv") -> int:
    """A parameter's default in rtl/fabric/mccp_top.sv (the device the model stands for)."""
    import re

    text = (paths.ROOT / "rtl" / module).read_text()
    m = re.search(rf"parameter\s+int\s+{name}\s*=\s*(\d+)", text)
    if not m:
        raise RuntimeError(f"mccp_top.sv: no default for {name}")
    return int(m.group(1))


DIGIT_BITS = _top_default("GhashDigitBits")   # what mccp_top passes every core
OUT_WORDS = _top_default("BufBytes") // 16 + 2   # core output buffer (docs/fabric.md)
CACHE = paths.ROOT / "build" / "perf" / "costs.json"


@dataclass(frozen=True)
class Shape:
    """What a task's timing depends on."""
    mode: str
    op: str
    key_bits: int
    payload: int
    aad: int = 0
    nonce: int = -1        # -1: the mode's default (as mccp.Device)
    tag_len: int = -1      # -1: the mode's default

    def resolved(self) -> "Shape":
        nonce = self.nonce if self.nonce >= 0 else default_nonce(self.mode)
        tag = self.tag_len if self.tag_len >= 0 else (16 if MODES[self.mode].tag_lens else 0)
        return Shape(self.mode, self.op, self.key_bits, self.payload, self.aad, nonce, tag)

    @property
    def body_words(self) -> int:
        """Input words after the header (nonce, AAD, payload, tag on decrypt/verify)."""
        s = self.resolved()
        m = MODES[s.mode]
        aad, data = (s.aad + s.payload, 0) if s.mode == "gmac" else (s.aad, s.payload)
        tag = s.tag_len if s.op in ("decrypt", "verify") and (m.aead or m.mac_only) else 0
        return sum((n + 15) // 16 for n in (s.nonce, aad, data, tag))

    def key(self) -> str:
        s = self.resolved()
        return f"{s.mode}/{s.op}/{s.key_bits}/{s.payload}/{s.aad}/{s.nonce}/{s.tag_len}"


def default_nonce(mode: str) -> int:
    """Nonce length the device API gives a channel by default."""
    return {"gcm": 12, "gmac": 12, "ccm": 13, "cbc": 16, "ctr": 16}.get(mode, 0)


def default_op(mode: str) -> str:
    return "mac" if MODES[mode].mac_only else "encrypt"


@dataclass(frozen=True)
class Cost:
    cycles: int             # start handshake to result offered (input ready, output draining)
    reads: tuple            # cycle of each input word read, relative to the start
    writes: tuple           # cycle of each output word written, relative to the start
    out_words: int          # output words released (payload and tag each start a word)
    in_words: int           # body words


_mem: dict[str, Cost] = {}
_lock = threading.Lock()
_disk_loaded = False


def _fw_id() -> str:
    """The cache's validity: the firmware, the ISS and the ISA table it charges cycles by."""
    h = hashlib.sha256(f"{OUT_WORDS}".encode())
    for f in (*sorted((paths.ROOT / "firmware").glob("*.s")),   # mccp.s and every file it includes
              paths.ROOT / "src" / "mccp" / "iss" / "__init__.py", paths.ROOT / "src" / "mccp" / "isa" / "insns.yml"):
        h.update(f.read_bytes())
    return h.hexdigest()[:16]


def _load_disk() -> None:
    global _disk_loaded
    _disk_loaded = True
    try:
        data = json.loads(CACHE.read_text())
    except (OSError, ValueError):
        return
    if data.get("firmware") != _fw_id():
        return
    for k, v in data.get("costs", {}).items():
        _mem.setdefault(k, Cost(v["cycles"], tuple(v["reads"]), tuple(v["writes"]), v["out_words"], v["in_words"]))


def _save_disk() -> None:
    CACHE.parent.mkdir(parents=True, exist_ok=True)
    data = {"firmware": _fw_id(), "costs": {k: {"cycles": c.cycles, "reads": list(c.reads),
                                                "writes": list(c.writes), "out_words": c.out_words,
                                                "in_words": c.in_words} for k, c in _mem.items()}}
    tmp = CACHE.with_suffix(f".{os.getpid()}.tmp")
    tmp.write_text(json.dumps(data))
    tmp.replace(CACHE)


def _program():
    return firmware_program()


def _inputs(s: Shape) -> tuple:
    """Key, data, nonce, AAD and tag of a task of this shape (drawn from the shape: the cycles do not
    depend on the values)."""
    rng = random.Random(s.key())
    key = rng.randbytes(s.key_bits // 8)
    data, nonce, aad = rng.randbytes(s.payload), rng.randbytes(s.nonce), rng.randbytes(s.aad)
    if s.mode == "ccm" and s.nonce < 13:
        data = data[: min(len(data), (1 << (8 * (15 - s.nonce))) - 1)]
    tag = b""
    if s.op in ("decrypt", "verify"):
        ct, tag = aes_ref.reference(s.mode, key, data, nonce, aad, s.tag_len)
        if s.op == "decrypt" and s.mode in ("ecb", "cbc", "ctr", "ccm", "gcm"):
            data = ct
    return key, data, nonce, aad, tag


def _iss(key: bytes, digit_bits: int):
    iss = Iss(_program().words, digit_bits=digit_bits, out_words=OUT_WORDS)
    iss.load_key(key)
    return iss


def _task_cost(s: Shape, iss, task, res) -> Cost:
    """Cycles, and the cycle of each vld / vst / vstn, of a task that ended OK."""
    if res.status != 0:
        raise RuntimeError(f"ISS: {s.key()} ended with status {res.status}")
    isa = iss.isa
    reads, writes = [], []
    for r in res.retired:
        dec = isa.decode(r.word)
        name = dec[0].mnemonic if dec else ""
        if name == "vld":
            reads.append(r.cycle)
        elif name in ("vst", "vstn"):
            writes.append(r.cycle)
    return Cost(res.cycles, tuple(reads), tuple(writes[: len(res.output)]), len(res.output), len(task.words))


def _run_iss(s: Shape, digit_bits: int) -> Cost:
    key, data, nonce, aad, tag = _inputs(s)
    iss = _iss(key, digit_bits)
    task = build_task(_program().entries, s.mode, s.op, data, nonce, aad, tag, s.tag_len)
    return _task_cost(s, iss, task, iss.run(task))


def _run_iss_split(s: Shape, digit_bits: int, offset: int) -> tuple[Cost, Cost]:
    """The two halves of a split CCM packet (mccp.iss.run_pair), the I/O core started `offset`
    cycles after the MAC core: (I/O core's cost, MAC core's cost), each from its own start."""
    key, data, nonce, aad, tag = _inputs(s)
    io_iss, mac_iss = _iss(key, digit_bits), _iss(key, digit_bits)
    io_task, mac_task = build_split_tasks(_program().entries, s.op, data, nonce, aad, tag, s.tag_len)
    io_res, mac_res = run_pair(io_iss, io_task, mac_iss, mac_task, io_start=offset, mac_start=0)
    return _task_cost(s, io_iss, io_task, io_res), _task_cost(s, mac_iss, mac_task, mac_res)


def _cached(k: str, compute) -> Cost:
    with _lock:
        if not _disk_loaded:
            _load_disk()
        c = _mem.get(k)
    if c is None:
        c = compute()
        with _lock:
            _mem[k] = c
            _save_disk()
    return c


def cost(shape: Shape, digit_bits: int | None = None) -> Cost:
    """The core's cost for a task of this shape (ISS, cached); GHASH digits as mccp_top's cores."""
    s = shape.resolved()
    digit_bits = digit_bits or DIGIT_BITS
    return _cached(f"d{digit_bits}/{s.key()}", lambda: _run_iss(s, digit_bits))


@dataclass(frozen=True)
class SplitCost:
    """A CCM packet split over a core pair (docs/core.md "Split tasks"), from mccp.iss.run_pair."""
    io: Cost               # the I/O core (role 1): the packet's words and output, from its start
    mac: Cost              # the MAC core (role 2): cycles from its start; no input, no output
    offset: int            # the I/O core's start handshake, cycles after the MAC core's

    @property
    def lead(self) -> int:
        """Cycles from the MAC core's result to the I/O core's (the MAC core ends first)."""
        return self.offset + self.io.cycles - self.mac.cycles


def split_cost(shape: Shape, offset: int, digit_bits: int | None = None) -> SplitCost:
    """The costs of both halves of a split CCM packet of this shape whose I/O core starts `offset`
    cycles after its MAC core (ISS co-simulation, cached per role and offset)."""
    s = shape.resolved()
    if s.mode != "ccm":
        raise ValueError(f"only CCM packets split, not {s.mode}")
    digit_bits = digit_bits or DIGIT_BITS
    base = f"d{digit_bits}/{s.key()}/split@{offset}"
    pair: list = []

    def run(role: int) -> Cost:
        if not pair:
            pair.extend(_run_iss_split(s, digit_bits, offset))
        return pair[role]

    return SplitCost(_cached(base + "/io", lambda: run(0)), _cached(base + "/mac", lambda: run(1)), offset)


def key_expansion_cycles(key_bits: int) -> int:
    """Key schedule cycles of the AES engine, from results/bench_engines.json (measured on the RTL)."""
    data = load_bench_engines()
    if data is None:
        raise FileNotFoundError("results/bench_engines.json is missing: run `mccp bench engines`")
    return int(data["aes"]["aes_encdec"]["key_sizes"][str(key_bits)]["key_expansion_cycles"])


def paper_cost(shape: Shape) -> Cost:
    """What-if: the paper's core (section 4.3: cycles per block and loop-invariant cycles of its
    8-bit controller + AES unit, quoted in mccp.bench.core) instead of ours, for GCM and CCM
    (one core per packet).  Words are read and written evenly over the loop."""
    s = shape.resolved()
    if s.mode not in PAPER_FIXED:
        raise ValueError(f"the paper gives no core cost for {s.mode}")
    ours = cost(s)
    blocks = (s.payload + 15) // 16
    loop = PAPER_LOOP[s.mode] + 8 * ((s.key_bits - 128) // 64)
    cycles = PAPER_FIXED[s.mode] + loop * blocks
    pre = PAPER_FIXED[s.mode] // 2
    n_in, n_out = ours.in_words, ours.out_words
    reads = tuple(min(cycles - 1, pre + k * loop) for k in range(n_in))
    writes = tuple(min(cycles - 1, pre + (k + 1) * loop) for k in range(n_out))
    return Cost(cycles, reads, writes, n_out, n_in)
