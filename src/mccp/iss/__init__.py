"""Instruction-set simulator of the MCCP core, with the RTL's cycle timing.

Runs firmware on the Python models (mccp.model.aes, mccp.model.ghash) and
charges cycles by the rules of docs/core.md, so `cycles` equals what the RTL
takes for the same task when its input is ready and its output drains.  Each
issued instruction produces a retire event and each background result a
write-back event; tests/core compares these streams with the RTL's.

`Iss.run` runs one task on one core: `vsend` / `vrecv` trap ILLEGAL there (no
partner).  `run_pair` runs the two halves of a split task (docs/core.md "Split
tasks") on two cores joined by the queues of `pair_link` in insns.yml.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mccp.isa import load
from mccp.model import aes as aes_model
from mccp.model import ghash as ghash_model
from mccp.aes.task import Task
from mccp.aes.task import unpack_output

MASK128 = (1 << 128) - 1
MASK32 = 0xFFFFFFFF

# Pipeline timing of the RTL core (docs/core.md): the entry instruction issues
# in cycle 2 after the start handshake (fetch, then operand read), and a taken
# branch leaves two cycles without an issue (the target is fetched, then read).
FIRST_ISSUE = 2
TAKEN_BUBBLES = 2


@dataclass(frozen=True)
class Retire:
    pc: int
    word: int
    reg: str | None       # "v3", "s1", "f5" or None
    value: int | None
    cycle: int
    kind: str = "aes"     # the core kind whose ISA the word is in

    def key(self):
        return (self.pc, self.word, self.reg, self.value)

    def __str__(self) -> str:
        w = f" {self.reg}=0x{self.value:x}" if self.reg else ""
        return f"@{self.cycle} pc={self.pc:04x} insn={self.word:08x} ({load(self.kind).disassemble(self.word)}){w}"


@dataclass(frozen=True)
class Writeback:
    reg: str
    value: int
    cycle: int

    def key(self):
        return (self.reg, self.value)

    def __str__(self) -> str:
        return f"@{self.cycle} wb {self.reg}=0x{self.value:x}"


@dataclass
class Result:
    status: int
    output: list[tuple[int, int]]       # (data, byte count) words released
    cycles: int                         # start handshake to result, as the RTL
    retired: list[Retire] = field(default_factory=list)
    writebacks: list[Writeback] = field(default_factory=list)
    instructions: int = 0

    @property
    def data(self) -> bytes:
        return unpack_output(self.output)


@dataclass
class _Queue:
    """One direction between the two cores of a split task; cycles are absolute."""
    blocks: list[int] = field(default_factory=list)
    sent: list[int] = field(default_factory=list)     # issue cycle of each vsend
    taken: list[int] = field(default_factory=list)    # issue cycle of each vrecv


class _Half:
    """One core's run in a split task: its queues, its result as it grows, and
    how far it got (`need` is what it waits for: (a list of a queue, index))."""

    def __init__(self, iss: Iss, task: Task, start: int, tx: _Queue, rx: _Queue):
        self.iss, self.task, self.start, self.tx, self.rx = iss, task, start, tx, rx
        self.res = Result(status=0, output=[], cycles=0)
        self.end: int | None = None           # issue cycle of the done / trap that ended it
        self.need: tuple[list, int] | None = None
        self.finished = False                  # ended by itself (done or trap)
        self.aborted = False                   # ended by its partner (PARTNER)
        self.land = lambda upto: None          # lands its pending results up to a cycle
        self.gen = iss._execute(task, self)

    def blocked(self) -> bool:
        return self.need is not None and len(self.need[0]) <= self.need[1]

    def step(self) -> None:
        """Run until it waits for the partner or ends."""
        try:
            self.need = next(self.gen)
        except StopIteration:
            self.finished, self.need = True, None

    def abort(self, seen: int) -> None:
        """The partner's end reaches this core in absolute cycle `seen`: nothing
        issues after it, and the task ends like a trap in the next cycle."""
        t = seen + 1 - self.start
        self.aborted = True
        self.land(t)
        res, isa = self.res, self.iss.isa
        res.retired = [r for r in res.retired if r.cycle < t]
        res.writebacks = [w for w in res.writebacks if w.cycle <= t]
        reads = sum(1 for r in res.retired if isa.decode(r.word)[0].mnemonic == "vld")
        words = self.task.words
        left = 0 if any(w.last for w in words[:reads]) else len(words) - reads
        res.status = isa.status("PARTNER")
        res.output = []
        res.cycles = t + 1 + left
        res.instructions = len(res.retired)


class Trap(Exception):
    def __init__(self, status: str):
        self.status = status


def _clamp(x: int) -> int:
    x = x - (1 << 32) if x & 0x80000000 else x
    return max(0, min(16, x))


def _signed(x: int) -> int:
    return x - (1 << 32) if x & 0x80000000 else x


def _byte_mask(n: int) -> int:
    """Mask keeping the first n bytes (byte 0 in the MSBs)."""
    return (MASK128 << (8 * (16 - n))) & MASK128 if n else 0


class Iss:
    """One core: instruction memory, engines, registers.

    `max_cycles` guards against firmware that never ends (ValueError).
    """

    def __init__(self, words: list[int], digit_bits: int = 16, decrypt_enable: bool = True,
                 out_words: int = 130, max_cycles: int = 2_000_000):
        self.isa = load()
        self.imem = list(words)
        self.digit_bits = digit_bits
        self.decrypt_enable = decrypt_enable
        self.out_words = out_words
        self.max_cycles = max_cycles
        self.round_keys: list[bytes] = []

    # ---- key port --------------------------------------------------------
    def load_key(self, key: bytes) -> None:
        self.round_keys = aes_model.expand_key(key)

    @property
    def aes_latency(self) -> int:
        return len(self.round_keys)  # Nr + 1

    # ---- run one task ----------------------------------------------------
    def run(self, task: Task) -> Result:
        """One task on this core alone (vsend / vrecv trap ILLEGAL)."""
        gen = self._execute(task, None)
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value
        raise AssertionError("a lone core waited for a partner")  # pragma: no cover

    def _execute(self, task: Task, half: _Half | None):
        """The task as a generator: with a partner (`half`), it yields
        (list, index) whenever it needs the partner's vsend / vrecv cycle that
        list[index] will hold, and returns the Result when the task ends."""
        isa = self.isa
        link = isa.pair_link
        v = [0] * isa.registers["v"]["count"]
        s = [0] * isa.registers["s"]["count"]
        for i, a in enumerate(task.args):
            s[i] = a & MASK32
        flag = False
        pending: dict[int, tuple[int, int]] = {}   # vreg -> (writeback cycle, value)
        s_issued: dict[int, int] = {}              # sreg -> issue cycle of its last write
        gh = ghash_model.Ghash(0, self.digit_bits)
        gh_steps = ghash_model.cycles_per_block(self.digit_bits)
        gh_next = gh_idle = 0
        aes_free = 0
        words = list(task.words)
        rd = 0                  # input words consumed
        ended = False           # the packet's last word has been read
        out: list[tuple[int, int]] = []
        res = half.res if half else Result(status=0, output=[], cycles=0)
        now, pc = FIRST_ISSUE, task.entry
        t = now

        def land(upto: int) -> None:
            """Apply background writes whose cycle is <= upto, in cycle order."""
            for r, (w, val) in sorted(pending.items(), key=lambda kv: (kv[1][0], kv[0])):
                if w <= upto:
                    v[r] = val
                    res.writebacks.append(Writeback(f"v{r}", val, w))
                    del pending[r]

        def drain_and_end(status: str, t: int) -> None:
            left = 0 if ended else len(words) - rd
            if half:
                half.end = t
            res.status = isa.status(status)
            res.cycles = t + 1 + left
            res.output = out if status == "OK" else []

        if half:
            half.land = land
        try:
            while True:
                if now > self.max_cycles:
                    raise ValueError(f"firmware did not finish within {self.max_cycles} cycles (pc={pc})")
                if not 0 <= pc < len(self.imem):
                    t = now
                    land(now)
                    raise Trap("ILLEGAL")
                word = self.imem[pc]
                decoded = isa.decode(word)
                t = now
                if decoded is None:
                    land(now)
                    raise Trap("ILLEGAL")
                ins, ops = decoded
                name, unit = ins.mnemonic, ins.unit
                roles = {o.name: (o.kind.name, val) for o, val in zip(ins.operands, ops)}
                vreads = [(o.name, val) for o, val in zip(ins.operands, ops)
                          if o.kind.name == "vreg" and o.name != "vd"]
                vwrite = roles["vd"][1] if "vd" in roles else None
                if name == "vsetw":
                    vreads.append(("vd", vwrite))
                t = now
                # reads of a pending register: an aes* gets it as va by bypass in its
                # write-back cycle, every other read is a cycle later
                for field, r in vreads:
                    if r in pending:
                        bypass = unit == "aes" and field == "va"
                        t = max(t, pending[r][0] + (0 if bypass else 1))
                if name in ("vshlb", "vshrb", "vgetw"):
                    # the registered rotation: one cycle in X with the final operand,
                    # then the issue
                    final = max([now] + [pending[r][0] + 1 for _, r in vreads if r in pending])
                    t = max(t, final + 1)
                if vwrite is not None and vwrite in pending:
                    t = max(t, pending[vwrite][0] + 1)
                if unit == "aes":
                    t = max(t, aes_free)
                if name == "ghash":
                    t = max(t, gh_next)
                if name in ("ghinit", "ghget"):
                    t = max(t, gh_idle)
                if name == "done":
                    t = max([t, gh_idle] + [w + 1 for w, _ in pending.values()])
                if name in ("vmask", "vpad", "vstn", "tagchk"):
                    # byte count from a scalar: not from the instruction issued just before
                    count = roles["sc" if name == "tagchk" else "sb"][1]
                    t = max(t, s_issued.get(count, -2) + 2)
                if name in ("beq", "bne", "blt", "bge"):
                    # the comparison is registered: not of a scalar the instruction
                    # issued just before wrote
                    for key in ("sa", "sb"):
                        t = max(t, s_issued.get(roles[key][1], -2) + 2)
                if unit == "pair" and half:
                    # the partner sees a vsend / vrecv `latency` cycles later:
                    # a vrecv waits for its block, a vsend for a free place
                    if name == "vrecv":
                        need = (half.rx.sent, len(half.rx.taken))
                    else:
                        need = (half.tx.taken, len(half.tx.sent) - link["depth"])
                    if need[1] >= 0:
                        while len(need[0]) <= need[1]:
                            yield need
                        t = max(t, need[0][need[1]] + link["latency"] - half.start)
                land(t)
                now = t + 1
                nxt = pc + 1
                wreg, wval = None, None

                def sv(key):
                    return s[roles[key][1]]

                def vv(key):
                    return v[roles[key][1]]

                def setv(val):
                    nonlocal wreg, wval
                    v[vwrite] = val & MASK128
                    wreg, wval = f"v{vwrite}", v[vwrite]

                def sets(val):
                    nonlocal wreg, wval
                    r = roles["sd"][1]
                    s_issued[r] = t
                    s[r] = val & MASK32
                    wreg, wval = f"s{r}", s[r]

                imm = {k: val for k, (kind, val) in roles.items() if kind not in ("vreg", "sreg")}
                taken = False
                if name == "nop":
                    pass
                elif name == "done":
                    st = imm["st"]
                    status = next((x["name"] for x in isa.status_codes if x["code"] == st), None)
                    if status is None:
                        status = "BAD_PARAM"
                    if not ended and len(words) > rd:
                        status = status if status != "OK" else "LENGTH"
                    res.retired.append(Retire(pc, word, None, None, t))
                    drain_and_end(status, t)
                    break
                elif name == "jmp":
                    nxt, taken = imm["t"], True
                elif name == "jal":
                    sets(pc + 1)
                    nxt, taken = imm["t"], True
                elif name == "jr":
                    nxt, taken = sv("sa") & 0x3FFF, True
                elif name in ("beq", "bne", "blt", "bge"):
                    a, b = _signed(sv("sa")), _signed(sv("sb"))
                    cond = {"beq": a == b, "bne": a != b, "blt": a < b, "bge": a >= b}[name]
                    if cond:
                        nxt, taken = imm["t"], True
                elif name == "bf":
                    if flag:
                        nxt, taken = imm["t"], True
                elif name == "li":
                    sets(imm["k"])
                elif name == "addi":
                    sets(sv("sa") + imm["k"])
                elif name in ("add", "sub", "and", "or"):
                    a, b = sv("sa"), sv("sb")
                    sets({"add": a + b, "sub": a - b, "and": a & b, "or": a | b}[name])
                elif name == "andi":
                    sets(sv("sa") & imm["k"])
                elif name == "ori":
                    sets(sv("sa") | imm["k"])
                elif name == "shli":
                    sets(sv("sa") << imm["k"])
                elif name == "shri":
                    sets(sv("sa") >> imm["k"])
                elif name == "vgetw":
                    sets(vv("va") >> (32 * (3 - imm["w"])))
                elif name == "vld":
                    if ended or rd >= len(words):
                        raise Trap("TRUNCATED")
                    wd = words[rd]
                    rd += 1
                    ended = wd.last
                    setv(wd.data)
                elif name in ("vst", "vstn"):
                    n = 16 if name == "vst" else _clamp(sv("sb"))
                    if n:
                        if len(out) >= self.out_words:
                            raise Trap("OVERSIZE")
                        out.append((vv("va") & _byte_mask(n), n))
                elif name == "vmov":
                    setv(vv("va"))
                elif name == "vzero":
                    setv(0)
                elif name in ("vxor", "vand", "vor"):
                    a, b = vv("va"), vv("vb")
                    setv({"vxor": a ^ b, "vand": a & b, "vor": a | b}[name])
                elif name == "vmask":
                    setv(vv("va") & _byte_mask(_clamp(sv("sb"))))
                elif name == "vpad":
                    n = _clamp(sv("sb"))
                    setv(vv("va") if n >= 16 else (vv("va") & _byte_mask(n)) | (0x80 << (8 * (15 - n))))
                elif name == "vinc":
                    setv(ghash_model.inc32(vv("va")))
                elif name == "vsetw":
                    sh = 32 * (3 - imm["w"])
                    setv((v[vwrite] & ~(MASK32 << sh)) | (sv("sb") << sh))
                elif name == "vshlb":
                    setv(vv("va") << (8 * imm["k"]))
                elif name == "vshrb":
                    setv(vv("va") >> (8 * imm["k"]))
                elif name == "vdbl":
                    a = vv("va")
                    setv(((a << 1) & MASK128) ^ (0x87 if a >> 127 else 0))
                elif name == "tagchk":
                    m = _byte_mask(_clamp(sv("sc")))
                    flag = bool((vv("va") ^ vv("vb")) & m)
                elif name in ("aes", "aesx", "aesd"):
                    if not self.round_keys or (name == "aesd" and not self.decrypt_enable):
                        raise Trap("ILLEGAL")
                    block = vv("va") ^ (vv("vb") if name == "aesx" else 0)
                    b = block.to_bytes(16, "big")
                    fn = aes_model.decrypt_block if name == "aesd" else aes_model.encrypt_block
                    result = int.from_bytes(fn(self.round_keys, b), "big")
                    pending[vwrite] = (t + self.aes_latency, result)
                    aes_free = t + self.aes_latency
                elif name == "ghinit":
                    gh.load_h(vv("va"))
                    gh.clear()
                elif name == "ghash":
                    gh.absorb(vv("va"))
                    gh_next, gh_idle = t + gh_steps, t + gh_steps + 1
                elif name == "ghget":
                    setv(gh.y)
                elif name in ("vsend", "vrecv"):
                    if not half:
                        raise Trap("ILLEGAL")
                    if name == "vsend":
                        half.tx.blocks.append(vv("va"))
                        half.tx.sent.append(half.start + t)
                    else:
                        setv(half.rx.blocks[len(half.rx.taken)])
                        half.rx.taken.append(half.start + t)
                else:  # pragma: no cover - every ISA entry is handled above
                    raise NotImplementedError(name)
                res.retired.append(Retire(pc, word, wreg, wval, t))
                res.instructions += 1
                if taken:
                    now = t + 1 + TAKEN_BUBBLES
                pc = nxt
        except Trap as trap:
            # the trapping instruction issued in cycle t and does not retire
            drain_and_end(trap.status, t)
        res.instructions = len(res.retired)
        return res


def run_pair(io_iss: Iss, io_task: Task, mac_iss: Iss, mac_task: Task,
             io_start: int = 0, mac_start: int = 0) -> tuple[Result, Result]:
    """The two halves of a split task (docs/core.md "Split tasks"): the I/O
    core's task and the MAC core's, each on its own Iss (key, firmware).

    `io_start` / `mac_start` are the absolute cycles of the two start
    handshakes (the fabric starts the MAC core first; its start empties the
    queues).  Each Result counts cycles from its own core's start, as `run`;
    the queue rules of `pair_link` hold in absolute cycles: a vrecv of block k
    issues >= latency cycles after the vsend of block k, the k-th vsend with
    k >= depth >= latency cycles after the vrecv of block k - depth.

    Ends: the I/O core's result ends a MAC core that still runs, and a MAC core's
    error result ends an I/O core that still runs, with status PARTNER and no
    output.  The ended core sees the partner's result in its first cycle (or in
    the cycle after its own start, if later): what issues up to that cycle
    retires, and the task ends as a trap in the next cycle would (after draining
    its input).  That abort cycle follows mccp_core_pair / mccp_core as they were
    when this was written and is not checked against the RTL.

    ValueError: both cores wait for each other, or one waits for a partner that
    ended without an error and without what it waits for (the RTL would hang).
    """
    if io_start < mac_start:
        raise ValueError("the MAC core of a split task starts first (its start empties the queues)")
    to_mac, to_io = _Queue(), _Queue()
    io = _Half(io_iss, io_task, io_start, tx=to_mac, rx=to_io)
    mac = _Half(mac_iss, mac_task, mac_start, tx=to_io, rx=to_mac)
    moved = True
    while moved:
        moved = False
        for h in (io, mac):
            if not h.finished and not h.blocked():
                h.step()
                moved = True

    def result_cycle(h: _Half) -> int:
        return h.start + h.res.cycles

    ok = load().status("OK")
    # who ends first: an unfinished half never ends by itself
    if io.finished and (not mac.finished or mac.start + mac.end > result_cycle(io)):
        mac.abort(max(result_cycle(io), mac.start + 1))
    elif mac.finished and mac.res.status != ok and (not io.finished or io.start + io.end > result_cycle(mac)):
        io.abort(max(result_cycle(mac), io.start + 1))
    for h, other, name in ((io, mac, "I/O"), (mac, io, "MAC")):
        if not h.finished and not h.aborted:
            what = "a block from" if h.need[0] is h.rx.sent else "a free place toward"
            state = "waits too" if not other.finished else "has ended"
            raise ValueError(f"split task deadlock: the {name} core waits for {what} its partner, which {state}")
    io.res.instructions = len(io.res.retired)
    mac.res.instructions = len(mac.res.retired)
    return io.res, mac.res
