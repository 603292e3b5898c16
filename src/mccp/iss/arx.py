"""Instruction-set simulator of the ARX element, with the RTL's cycles.

Runs firmware (isa kind "arx") one instruction at a time and charges cycles by the rules of
docs/arx.md (Timing), so `Result.cycles` equals the RTL's when its input is there and its
output drains.  Each issued instruction gives a retire event per register it writes (two for
`arx`), in write-port order; tests/arx compares them with the RTL's trace.

Byte order: a stream word carries byte 0 in bits [127:120] (mccp.aes.task); the element sees it
byte-reversed, byte i in bits [8i+7:8i], so lane 0 holds the first bytes as the little-endian
words of ChaCha, BLAKE2, pi-Cipher and Poly1305 expect.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mccp.aes.task import Task
from mccp.isa import load
from mccp.iss import Result, Retire
from mccp.ref.pi_cipher import MU_V, NU_V, PARAMS

MASK128 = (1 << 128) - 1
MASK32 = 0xFFFFFFFF
P1305 = (1 << 130) - 5
CLAMP = 0x0FFFFFFC0FFFFFFC0FFFFFFC0FFFFFFF
FIRST_ISSUE = 1          # the entry's word is read in the start cycle, it issues in the next
CONTROL = ("done", "jmp", "call", "ret", "bz", "bnz", "blt", "beq", "bne", "loop")


@dataclass(frozen=True)
class Config:
    """The build parameters that change results or cycles."""
    imem_words: int = 1024
    cmem_words: int = 64
    poly_cycles: int = 14        # a Poly1305 block: its multiplication starts that many cycles apart
    pfin_cycles: int = 5         # pfin, from the cycle the unit is idle to its write
    pi_phi: bool = True          # PiPhi: the pi-Cipher instructions pmu ... pnux (ILLEGAL without)


PHI_OPS = ("pmu", "pnu", "pmut", "pnut", "pmux", "pnux")     # need the PiPhi build


def bswap128(x: int) -> int:
    return int.from_bytes(x.to_bytes(16, "big"), "little")


def lanes(x: int, w: int) -> list[int]:
    m = (1 << w) - 1
    return [(x >> (i * w)) & m for i in range(128 // w)]


def join(values: list[int], w: int) -> int:
    m = (1 << w) - 1
    return sum((v & m) << (i * w) for i, v in enumerate(values))


def lane_map(x: int, w: int, f) -> int:
    return join([f(v) for v in lanes(x, w)], w)


def lane_op(a: int, b: int, w: int, f) -> int:
    return join([f(p, q) for p, q in zip(lanes(a, w), lanes(b, w))], w)


def rotl(x: int, n: int, w: int) -> int:
    m = (1 << w) - 1
    return lane_map(x, w, lambda v: ((v << n) | (v >> (w - n))) & m if n else v)


def rotr32(x: int, n: int) -> int:
    return ((x >> n) | (x << (32 - n))) & MASK32


# SHA-256's functions of one 32-bit word (FIPS 180-4 4.1.2)
def big_s0(x: int) -> int:
    return rotr32(x, 2) ^ rotr32(x, 13) ^ rotr32(x, 22)


def big_s1(x: int) -> int:
    return rotr32(x, 6) ^ rotr32(x, 11) ^ rotr32(x, 25)


def small_s0(x: int) -> int:
    return rotr32(x, 7) ^ rotr32(x, 18) ^ (x >> 3)


def small_s1(x: int) -> int:
    return rotr32(x, 17) ^ rotr32(x, 19) ^ (x >> 10)


def sha256_round(a4: list[int], e4: list[int], kw: int) -> tuple[list[int], list[int]]:
    """(a, b, c, d), (e, f, g, h) after one round with K[t] + W[t] = kw."""
    a, b, c, d = a4
    e, f, g, h = e4
    t1 = (h + big_s1(e) + ((e & f) ^ (~e & g)) + kw) & MASK32
    t2 = (big_s0(a) + ((a & b) ^ (a & c) ^ (b & c))) & MASK32
    return [(t1 + t2) & MASK32, a, b, c], [(d + t1) & MASK32, e, f, g]


def pi_t(chunk: list[int], w: int, nu: bool, p: int) -> int:
    """pi-Cipher's rotated t for result word p of mu (nu) on a chunk of four w-bit words: the
    equation (p + 3) mod 4 of mu, (p + 1) mod 4 of nu (the order x * y adds them in)."""
    par, m = PARAMS[w], (1 << w) - 1
    e, v, const, rot = (((p + 1) % 4, NU_V, par.nu_const, par.nu_rot) if nu else
                        ((p + 3) % 4, MU_V, par.mu_const, par.mu_rot))
    s = (const[e] + sum(chunk) - chunk[v[e]]) & m
    return ((s << rot[e]) | (s >> (w - rot[e]))) & m


def pi_phi(chunk: list[int], w: int, nu: bool) -> list[int]:
    """mu (nu) of a chunk, result word p = the XOR of the other three equations' t's."""
    t = [pi_t(chunk, w, nu, p) for p in range(4)]
    s = t[0] ^ t[1] ^ t[2] ^ t[3]
    return [x ^ s for x in t]


def lane_rotate(x: int, k: int) -> int:
    """Lane i takes 32-bit lane i + k (mod 4): the 128 bits rotated right by 32k."""
    s = 32 * (k % 4)
    return ((x >> s) | (x << (128 - s))) & MASK128 if s else x



class _Trap(Exception):
    def __init__(self, status: str, cycle: int):
        self.status, self.cycle = status, cycle


class ArxElement:
    """One ARX element: its instruction and coefficient memories persist across tasks."""

    def __init__(self, words: list[int], consts: list[int] = (), config: Config = Config(),
                 max_cycles: int = 5_000_000):
        self.isa = load("arx")
        self.config = config
        self.max_cycles = max_cycles
        self.imem: list[int] = []
        self.cmem: list[int] = []
        self._decoded: dict[int, tuple] = {}
        self.load(words, consts)

    def load(self, words: list[int], consts: list[int] = ()) -> None:
        if len(words) > self.config.imem_words or len(consts) > self.config.cmem_words:
            raise ValueError(f"image of {len(words)} words / {len(consts)} constants does not fit "
                             f"{self.config.imem_words} / {self.config.cmem_words}")
        self.imem = list(words) + [0] * (self.config.imem_words - len(words))
        self.cmem = list(consts) + [0] * (self.config.cmem_words - len(consts))
        self._decoded.clear()

    def write_imem(self, addr: int, word: int) -> None:
        """One word of the instruction memory's second port (new code while a task runs)."""
        self.imem[addr] = word
        self._decoded.pop(addr, None)

    def decode(self, pc: int):
        if pc not in self._decoded:
            d = self.isa.decode(self.imem[pc]) if 0 <= pc < len(self.imem) else None
            if d is None:
                self._decoded[pc] = None
            else:
                ins, values = d
                ops = {o.name: v for o, v in zip(ins.operands, values)}
                self._decoded[pc] = (ins.mnemonic, ops, ins.decode_mods(self.imem[pc], self.isa))
        return self._decoded[pc]

    def run(self, task: Task, key: int = 0, stream: list[tuple[int, int, int]] = (), key_len: int = 0) -> Result:
        """One task; `key` is the channel's key, byte i in bits [8i+7:8i], `key_len` its length in
        bytes (c4 at the start; 0 for a keyless task).  `stream`: words
        written into the instruction memory while it runs, (address, word, cycle): an
        instruction sees the writes of the cycles up to two before its first cycle (its word
        is read in the cycle before; a write to it in that cycle has no defined effect)."""
        return _Task(self, task, key, stream, key_len).run()


class _Task:
    def __init__(self, elem: ArxElement, task: Task, key: int, stream=(), key_len: int = 0):
        self.e, self.isa, self.task = elem, elem.isa, task
        self.cfg = elem.config
        self.stream = self.isa.options["stream_register"]
        self.budget = self.isa.options["output_budget"]
        self.v = [0] * self.isa.registers["v"]["count"]
        self.c = [a & MASK32 for a in task.args] + [key_len] + [0] * (self.isa.registers["c"]["count"] - 5)
        self.m = [0] * self.isa.registers["m"]["count"]   # message memory, 32-bit words
        self.flag_e = False
        self.e_ready = 0                           # first cycle a beq / bne may read E
        self.key = key
        self.calls: list[int] = []
        self.loop: list[int] | None = None        # [start, end, iterations left]
        self.h = self.r = self.s = 0
        self.poly_starts: list[int] = []           # the cycle each fed block starts its multiplication
        self.rd = 0
        self.out: list[tuple[int, int]] = []      # (value, bytes)
        self.res = Result(status=0, output=[], cycles=0)
        self.writes: list[tuple[str, int]] = []
        self.stream_writes = sorted(stream, key=lambda s: s[2])

    # ---- operands -----------------------------------------------------------------------
    def src(self, r: int, t: int) -> int:
        if r != self.stream:
            return self.v[r]
        words = self.task.words
        if self.rd >= len(words) or (self.rd and words[self.rd - 1].last):
            raise _Trap("TRUNCATED", t)
        self.rd += 1
        return bswap128(words[self.rd - 1].data)

    def write(self, r: int, value: int, xl: int) -> None:
        """Write v<r> (or append to the output: its first min(16, c7) bytes, the rest zero)."""
        value = lane_rotate(value, xl)
        if r == self.stream:
            n = min(16, self.c[self.budget])
            if n:
                self.out.append((value & ((1 << (8 * n)) - 1), n))   # the padding bytes are zero
                self.c[self.budget] -= n
            return
        self.v[r] = value
        self.writes.append((f"v{r}", value))

    def cwrite(self, r: int, value: int) -> None:
        self.c[r] = value & MASK32
        self.writes.append((f"c{r}", self.c[r]))

    def retire(self, pc: int, t: int) -> None:
        """The retire events of the instruction at pc, whose last cycle is t: one per register
        written (write port order), or one without a register."""
        word = self.e.imem[pc]
        for reg, value in self.writes or [(None, None)]:
            self.res.retired.append(Retire(pc, word, reg, value, t, kind="arx"))

    def feed(self, block: int) -> None:
        self.h = ((self.h + block + (1 << 128)) * self.r) % P1305

    # ---- the run --------------------------------------------------------------------------
    def run(self) -> Result:
        pc, t = self.task.entry, FIRST_ISSUE
        try:
            while True:
                if t > self.e.max_cycles:
                    raise ValueError(f"firmware did not finish within {self.e.max_cycles} cycles (pc={pc})")
                while self.stream_writes and self.stream_writes[0][2] <= t - 2:
                    addr, word, _ = self.stream_writes.pop(0)
                    self.e.write_imem(addr, word)
                d = self.e.decode(pc)
                if d is None:
                    raise _Trap("ILLEGAL", t)
                name, ops, mods = d
                if mods.get("p"):
                    t = self.poly_room(t)               # waits for a place in the queue
                if name in ("pfin", "pkey", "done"):
                    t = max(t, self.poly_idle())        # waits for the last block
                if name in ("beq", "bne"):
                    t = max(t, self.e_ready)            # E comes from the second stage
                if self.loop and name in CONTROL:
                    raise _Trap("ILLEGAL", t)
                self.writes = []
                nxt, cycles = self.execute(pc, name, ops, mods, t)
                if nxt is None:
                    return self.res
                self.retire(pc, t + cycles - 1)
                if self.loop and pc == self.loop[1]:
                    self.loop[2] -= 1
                    if self.loop[2]:
                        nxt = self.loop[0]
                    else:
                        self.loop = None
                pc, t = nxt, t + cycles
        except _Trap as trap:
            self.end(self.isa.status(trap.status), trap.cycle)
        return self.res

    def end(self, status: int, t: int) -> None:
        """The task ends in cycle t with `status` (a code): unread input is drained, one word a
        cycle, and turns OK into LENGTH."""
        words, res = self.task.words, self.res
        ended = self.rd > 0 and words[self.rd - 1].last
        left = 0 if ended else len(words) - self.rd
        if status == 0 and left:
            status = self.isa.status("LENGTH")
        res.status = status
        res.cycles = t + 1 + left
        res.instructions = len({(r.pc, r.cycle) for r in res.retired})
        if status == 0:
            res.output = [(bswap128(d), n) for d, n in self.out]

    def execute(self, pc: int, name: str, ops: dict, mods: dict, t: int) -> tuple[int | None, int]:
        """Issue one instruction in cycle t: (next pc or None if the task ended, cycles)."""
        c, v = self.c, self.v
        w = self.isa.lane_bits.get(mods.get("w", 0), 32)
        rot, xl, zl, pmode = mods.get("rot", 0), mods.get("xl", 0), mods.get("zl", 0), mods.get("p", 0)
        nxt = pc + 1
        # ---- sequencer
        if name == "nop":
            pass
        elif name == "done":
            self.retire(pc, t)
            self.end(ops["st"], t)
            return None, 1
        elif name == "jmp":
            nxt = ops["t"]
        elif name == "call":
            if len(self.calls) >= self.isa.options["call_depth"]:
                raise _Trap("ILLEGAL", t)
            self.calls.append(pc + 1)
            nxt = ops["t"]
        elif name == "ret":
            if not self.calls:
                raise _Trap("ILLEGAL", t)
            nxt = self.calls.pop()
        elif name in ("bz", "bnz"):
            if (c[ops["ca"]] == 0) == (name == "bz"):
                nxt = ops["t"]
        elif name == "blt":
            if c[ops["ca"]] < c[ops["cb"]]:
                nxt = ops["t"]
        elif name in ("beq", "bne"):
            if self.flag_e == (name == "beq"):
                nxt = ops["t"]
        elif name == "loop":
            if ops["t"] <= pc:
                raise _Trap("ILLEGAL", t)
            if c[ops["ca"]] == 0:
                nxt = ops["t"] + 1
            else:
                self.loop = [pc + 1, ops["t"], c[ops["ca"]]]
        # ---- counters
        elif name == "cli":
            self.cwrite(ops["cd"], ops["k"])
        elif name == "cadd":
            self.cwrite(ops["cd"], c[ops["ca"]] + ops["k"])
        elif name == "csub":
            self.cwrite(ops["cd"], c[ops["ca"]] - c[ops["cb"]])
        elif name == "cshr":
            self.cwrite(ops["cd"], c[ops["ca"]] >> ops["k"])
        elif name == "cand":
            self.cwrite(ops["cd"], c[ops["ca"]] & ops["k"])
        elif name == "cmin":
            self.cwrite(ops["cd"], min(c[ops["ca"]], ops["k"]))
        # ---- vector ALU
        elif name in ("add", "sub", "xor", "and", "or", "andn"):
            a = self.src(ops["va"], t)
            b = v[ops["vb"]]
            m = (1 << w) - 1
            f = {"add": lambda p, q: (p + q) & m, "sub": lambda p, q: (p - q) & m,
                 "xor": lambda p, q: p ^ q, "and": lambda p, q: p & q, "or": lambda p, q: p | q,
                 "andn": lambda p, q: p & ~q & m}[name]
            r = rotl(lane_op(a, b, w, f), rot, w)
            self.poly_feed(pmode, lane_rotate(r, xl), a, t)
            self.write(ops["vd"], r, xl)
        elif name == "mov":
            a = self.src(ops["va"], t)
            r = rotl(a, rot, w)
            self.poly_feed(pmode, lane_rotate(r, xl), a, t)
            self.write(ops["vd"], r, xl)
        elif name == "arx":
            if ops["vx"] == ops["vz"]:
                raise _Trap("ILLEGAL", t)
            x, y, z = v[ops["vx"]], v[ops["vy"]], v[ops["vz"]]
            s = lane_op(x, y, w, lambda p, q: (p + q) & ((1 << w) - 1))
            self.write(ops["vx"], s, xl)
            self.write(ops["vz"], rotl(z ^ s, rot, w), zl)
        elif name == "vins":
            k = ops["k"]
            if k >= 128 // w:
                raise _Trap("ILLEGAL", t)
            ls = lanes(v[ops["vd"]], w)
            ls[k] = c[ops["ca"]] & ((1 << w) - 1)
            self.write(ops["vd"], join(ls, w), 0)
        elif name == "vmask":
            n = min(c[ops["ca"]], 16)
            self.write(ops["vd"], (1 << (8 * n)) - 1, 0)
        elif name == "bswap":
            a = self.src(ops["va"], t)
            r = lane_map(a, w, lambda x: int.from_bytes(x.to_bytes(w // 8, "little"), "big"))
            self.write(ops["vd"], r, 0)
        elif name in ("swz", "shar"):
            if ops["vx"] == ops["vz"]:
                raise _Trap("ILLEGAL", t)
            x, z = v[ops["vx"]], v[ops["vz"]]
            if name == "swz":
                m64 = (1 << 64) - 1
                nx, nz = (x >> 64) | ((z & m64) << 64), (z >> 64) | ((x & m64) << 64)
            else:
                kw = lanes(v[ops["vy"]], 32)[ops["k"]]
                na, ne = sha256_round(lanes(x, 32), lanes(z, 32), kw)
                nx, nz = join(na, 32), join(ne, 32)
            self.write(ops["vx"], nx, 0)
            self.write(ops["vz"], nz, 0)
        elif name in PHI_OPS and not self.cfg.pi_phi:
            raise _Trap("ILLEGAL", t)
        elif name in ("pmu", "pnu"):
            ls = lanes(v[ops["va"]], w)
            self.write(ops["vd"], join([y for i in range(0, len(ls), 4)
                                        for y in pi_phi(ls[i:i + 4], w, name == "pnu")], w), 0)
        elif name in ("pmut", "pnut"):
            chunk = lanes(v[ops["va"]], 64) + lanes(v[ops["vb"]], 64)
            self.write(ops["vd"], join([pi_t(chunk, 64, name == "pnut", p) for p in (0, 1)], 64), 0)
        elif name in ("pmux", "pnux"):
            if ops["vx"] == ops["vz"]:
                raise _Trap("ILLEGAL", t)
            chunk = lanes(v[ops["va"]], 64) + lanes(v[ops["vb"]], 64)
            lo, hi = lanes(v[ops["vz"]], 64), [pi_t(chunk, 64, name == "pnux", p) for p in (2, 3)]
            s = lo[0] ^ lo[1] ^ hi[0] ^ hi[1]
            self.write(ops["vx"], join([x ^ s for x in lo], 64), 0)
            self.write(ops["vz"], join([x ^ s for x in hi], 64), 0)
        elif name == "vcmp":
            self.flag_e = v[ops["va"]] == v[ops["vb"]]
            self.e_ready = t + 2
        # ---- memories, key
        elif name in ("ldc", "ldcx"):
            addr = (ops["k"] + (c[ops["ca"]] if name == "ldcx" else 0)) & MASK32
            if addr >= self.cfg.cmem_words:
                raise _Trap("ILLEGAL", t)
            self.write(ops["vd"], self.e.cmem[addr], 0)
        elif name == "mst":
            a = self.src(ops["va"], t)
            self.m[4 * ops["k"]:4 * ops["k"] + 4] = lanes(a, 32)
        elif name in ("madd", "msig"):
            if name == "madd":
                idx = [ops[f"i{j}"] for j in range(4)]
            else:                                   # the words at positions p of sigma's row cb
                table = self.isa.options["blake2_sigma"]
                r = c[ops["cb"]] % 16
                row = table[r if r < len(table) else r - len(table)]
                pos = [row[ops[f"p{j}"]] for j in range(4)]
                idx = [2 * pos[j // 2] + j % 2 for j in range(4)] if w == 64 else pos
            g = join([self.m[i] for i in idx], 32)
            self.write(ops["vd"], lane_op(v[ops["va"]], g, w, lambda p, q: (p + q) & ((1 << w) - 1)), 0)
        elif name == "msch":
            m = self.m
            m[ops["k"]] = (m[ops["i0"]] + small_s0(m[ops["i1"]]) + m[ops["i2"]] + small_s1(m[ops["i3"]])) & MASK32
        elif name == "key":
            self.write(ops["vd"], (self.key >> (128 * ops["k"])) & MASK128, 0)
        # ---- Poly1305
        elif name == "pkey":
            self.r, self.s, self.h = v[ops["va"]] & CLAMP, v[ops["vb"]], 0
        elif name == "pfin":
            self.write(ops["vd"], (self.h + self.s) & MASK128, 0)
            return nxt, self.cfg.pfin_cycles
        else:  # pragma: no cover - every mnemonic of arx.yml is handled above
            raise AssertionError(name)
        return nxt, 1

    # ---- the Poly1305 queue: block i fed in cycle f_i waits a cycle in the unit's input
    # register, starts in s_i = max(f_i + 2, s_(i-1) + P) and counts from f_i + 1 to s_i; a feed
    # needs fewer than poly_queue counted.
    def poly_feed(self, pmode: int, result: int, a: int, t: int) -> None:
        if pmode:
            self.feed(result if pmode == 1 else a)
            prev = self.poly_starts[-1] + self.cfg.poly_cycles if self.poly_starts else 0
            self.poly_starts.append(max(t + 2, prev))

    def poly_room(self, t: int) -> int:
        depth = self.isa.options["poly_queue"]
        while sum(1 for s in self.poly_starts if s >= t) >= depth:
            t += 1
        return t

    def poly_idle(self) -> int:
        return self.poly_starts[-1] + self.cfg.poly_cycles if self.poly_starts else 0
