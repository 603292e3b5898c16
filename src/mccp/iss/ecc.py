"""Instruction-set simulator of the elliptic-curve unit, with the RTL's cycles.

Runs microcode (isa kind "ecc") on the plain-int field model and charges
cycles by the rules of docs/ecc.md for a unit alone on its microcode port, so
`Result.cycles` equals the RTL's.  The model steps cycle by cycle through the
issue stage as the RTL does: a window of one instruction (two with dual
issue) filled by lookups in the instruction buffer, which is modelled line by
line and kept from task to task.  Each issued instruction gives a retire
event, each product of the multiplier a write-back event; the RTL bench
(tests/ecc) compares both streams with the RTL's traces.
"""

from __future__ import annotations

from dataclasses import dataclass

from mccp.aes.task import Task
from mccp.ecc import curves
from mccp.isa import load
from mccp.iss import Result, Retire, Trap, Writeback

FIRST_LOOKUP = 1     # the entry instruction is looked up in the cycle after the start
REFILL_CYCLES = 2    # a missed line: it arrives in the next cycle, the lookup repeats in the one after
COUNTER_MASK = 0xFFFF
WORD_BITS = 128
# Control transfers: a lookup in their issue cycle requests no line; every one issues alone.
BRANCHES = ("jmp", "call", "ret", "bz", "bnz", "bovf", "bkbad", "cbeq", "cdbnz")
LOOP = "cdbnz"       # taken, its target is looked up in its own issue cycle (no cycle without an issue)
SWAPS = ("kbit", "swclr")   # change the register names of the instructions after them
LATE_WRITES = ("fsqrn", "fin")   # write their register after their issue cycle


@dataclass(frozen=True)
class Config:
    """The build parameters that change results or cycles."""
    max_m: int = 283
    digit: int = 163
    lines: int = 8
    line_words: int = 4
    dual_issue: bool = True
    mcode_words: int = 1024      # the shared memory's words (McodeWords)

    def supports(self, curve: curves.Curve) -> bool:
        return curve.m <= self.max_m

    def mul_cycles(self, m: int) -> int:
        return -(-m // self.digit)


def element_words(m: int) -> int:
    """W: 128-bit words of a field element or scalar in a packet."""
    return -(-m // WORD_BITS)


@dataclass(frozen=True)
class _Insn:
    """A decoded microcode word, with what the hazard and pairing rules look at."""
    pc: int
    word: int
    name: str
    op: dict[str, int]
    reads: tuple[int, ...]       # logical field registers read
    writes: int | None           # logical field register written (fd)


class EcUnit:
    """One EC processing unit: its instruction buffer persists across tasks."""

    def __init__(self, mcode: list[int], config: Config = Config(), max_cycles: int = 2_000_000):
        self.isa = load("ecc")
        self.config = config
        self.max_cycles = max_cycles
        self.mcode: list[int] = []
        self.tags: dict[int, int] = {}        # buffer line index -> tag of the line it holds
        self.fetches = 0                      # lines requested from the shared memory, over all tasks
        self._decoded: dict[int, _Insn | None] = {}
        dual = self.isa.options["dual_issue"]
        self._mul, self._partners = dual["mul"], frozenset(dual["partners"])
        self.load(mcode)

    def load(self, mcode: list[int]) -> None:
        """New firmware: the shared memory is rewritten and every buffer cleared."""
        self.mcode = list(mcode)
        self.tags.clear()
        self._decoded.clear()

    # ---- instruction buffer ---------------------------------------------------
    def _hit(self, pc: int) -> bool:
        if pc >= self.config.mcode_words:
            return True                       # beyond the memory: an undefined word, no refill
        line = pc // self.config.line_words
        return self.tags.get(line % self.config.lines) == line // self.config.lines

    def _refill(self, pc: int) -> None:
        line = pc // self.config.line_words
        self.tags[line % self.config.lines] = line // self.config.lines
        self.fetches += 1

    def _decode(self, pc: int) -> _Insn | None:
        if pc not in self._decoded:
            d = self.isa.decode(self.mcode[pc]) if 0 <= pc < len(self.mcode) else None
            if d is None:
                self._decoded[pc] = None
            else:
                ins, values = d
                op = {o.name: v for o, v in zip(ins.operands, values)}
                reads = tuple(v for o, v in zip(ins.operands, values) if o.kind.register == "f" and o.name != "fd")
                self._decoded[pc] = _Insn(pc, self.mcode[pc], ins.mnemonic, op, reads, op.get("fd"))
        return self._decoded[pc]

    def pairs(self, first: _Insn | None, second: _Insn | None) -> bool:
        """The pairing rule apart from the hazards (docs/ecc.md, Timing): one of the two is the
        multiplication, the other a partner that cannot trap, and the second does not depend on
        the first (reads or writes no field register the first writes, and the first does not
        change the register names)."""
        if first is None or second is None or not self.config.dual_issue:
            return False
        names = {first.name, second.name}
        if self._mul not in names or len(names) != 2 or not names - {self._mul} <= self._partners:
            return False
        if second.name == "fconst" and second.op["k"] >= 7:
            return False
        if first.name in SWAPS:
            return False
        w = first.writes
        return w is None or (w not in second.reads and w != second.writes)

    # ---- one task ---------------------------------------------------------------
    def run(self, task: Task, key: int = 0) -> Result:
        """One task on this unit alone (no other unit on the microcode port); `key` is K at
        the start (a private scalar from the key store: `ec_public`)."""
        isa = self.isa
        curve = curves.CURVES[task.args[0]] if 0 <= task.args[0] < len(curves.CURVES) else None
        if curve is None or not self.config.supports(curve):
            return Result(status=isa.status("BAD_CURVE"), output=[], cycles=1 + len(task.words))
        return _Task(self, curve, task, key).run()


class _Task:
    """The state of one task on a unit, stepped one cycle at a time."""

    def __init__(self, unit: EcUnit, curve: curves.Curve, task: Task, key: int):
        self.unit, self.isa, self.curve, self.task = unit, unit.isa, curve, task
        self.fld = curve.field
        self.m = self.fld.m
        self.width = element_words(self.m)
        self.mask = (1 << self.m) - 1
        self.c_mul = unit.config.mul_cycles(self.m)
        self.res = Result(status=0, output=[], cycles=0)
        self.f = [0] * self.isa.registers["f"]["count"]
        self.cnt = [curve.id, curve.field_index, curve.n_bits, task.args[1] & COUNTER_MASK]
        self.swap_cfg = self.isa.options["swap"]
        self.z = self.o = self.last_bit = self.swapped = False
        self.k = key
        self.calls: list[int] = []
        self.pending: dict[int, tuple[int, int]] = {}    # physical freg -> (cycle it is readable from, value)
        self.mul_free = 0
        self.rd = 0                                      # input words read
        self.out: list[tuple[int, int]] = []
        self.consts = [0, 1, curve.b, curve.sqrt_b, curve.gx, curve.gy, curve.a]

    # ---- registers ----------------------------------------------------------------
    def phys(self, r: int) -> int:
        sw = self.swap_cfg
        return r ^ sw["xor"] if self.swapped and sw["first"] <= r <= sw["last"] else r

    def land(self, upto: int) -> None:
        """Products whose register write happened before cycle `upto`."""
        for r, (ready, val) in sorted(self.pending.items(), key=lambda kv: kv[1][0]):
            if ready < upto:
                self.f[r] = val
                del self.pending[r]

    def read(self, r: int) -> int:
        p = self.phys(r)
        return self.pending[p][1] if p in self.pending else self.f[p]

    def ready(self, ins: _Insn | None, t: int) -> bool:
        """Whether `ins` may issue in cycle t as far as the multiplier's products go."""
        if ins is None:
            return True                                   # undefined: traps when it issues
        for r in ins.reads:
            p = self.phys(r)
            if p in self.pending and t < self.pending[p][0]:
                return False                              # its product is not in the register yet
        if ins.writes is not None and self.phys(ins.writes) in self.pending:
            return False                                  # a pending product's register: after it landed
        if ins.name == "fmul" and t < self.mul_free:
            return False
        if not self.unit.config.dual_issue and ins.writes is not None and t < self.mul_free:
            # one write port: a product goes in in its last cycle, which no other write takes
            if ins.name in LATE_WRITES or t == self.mul_free - 1:
                return False
        if ins.name == "done" and any(t < ready for ready, _ in self.pending.values()):
            return False
        return True

    # ---- the cycle loop -----------------------------------------------------------
    def run(self) -> Result:
        unit, cfg = self.unit, self.unit.config
        slots = 2 if cfg.dual_issue else 1
        window: list[int] = []           # pcs in the issue stage, program order
        fpc = self.task.entry            # the next word to look up
        look_from = FIRST_LOOKUP         # no lookup before this cycle (start; a line on its way)
        busy_until = 0                   # a multi-cycle instruction holds the issue stage before this
        t = FIRST_LOOKUP
        try:
            while True:
                if t > unit.max_cycles:
                    raise ValueError(f"microcode did not finish within {unit.max_cycles} cycles (pc={fpc})")
                self.land(t)
                group: list[int] = []
                if t >= busy_until and window:
                    first = unit._decode(window[0])
                    if self.ready(first, t):
                        group.append(window[0])
                        if (len(window) == 2 and unit.pairs(first, unit._decode(window[1]))
                                and self.ready(unit._decode(window[1]), t)):
                            group.append(window[1])
                taken = None
                branch = False
                for pc in group:
                    ins = unit._decode(pc)
                    busy, target, ended = self.execute(pc, ins, t)
                    if ended:
                        return self.res
                    busy_until = t + busy
                    branch = branch or ins.name in BRANCHES
                    if target is not None:
                        taken = (ins.name, target)
                # fetch: fill the window behind what stays in it
                keep = [] if taken else window[len(group):]
                if taken and taken[0] != LOOP:
                    window, fpc = keep, taken[1]              # the target is looked up in the next cycle
                else:
                    if taken:
                        fpc = taken[1]
                    loaded: list[int] = []
                    if len(keep) < slots and t >= look_from:
                        # the words the window has room for, in order up to the first miss,
                        # whose line is requested (not in a branch's issue cycle)
                        for pc in range(fpc, fpc + slots - len(keep)):
                            if not unit._hit(pc):
                                if not branch:
                                    unit._refill(pc)
                                    look_from = t + REFILL_CYCLES
                                break
                            loaded.append(pc)
                    window = keep + loaded
                    fpc += len(loaded)
                # nothing changes while a multi-cycle instruction runs with a full window
                if busy_until > t + 1 and len(window) == slots:
                    t = busy_until
                else:
                    t += 1
        except _Trap as trap:
            self.end(trap.status, trap.cycle)
        self.res.instructions = len(self.res.retired)
        return self.res

    def end(self, status: str, t: int) -> None:
        """The task ends in cycle t: unread input is drained, one word a cycle."""
        words, res = self.task.words, self.res
        ended = self.rd > 0 and words[self.rd - 1].last
        left = 0 if ended else len(words) - self.rd
        if status == "OK" and left:
            status = "LENGTH"
        res.status = self.isa.status(status)
        res.cycles = t + 1 + left
        res.output = self.out if status == "OK" else []
        res.instructions = len(res.retired)

    def take_words(self, t: int) -> int:
        """W words, one a cycle from the issue cycle t; a word missing ends the task then."""
        words, value = self.task.words, 0
        for i in range(self.width):
            if self.rd >= len(words) or (self.rd and words[self.rd - 1].last):
                raise _Trap("TRUNCATED", t + i)
            value = (value << WORD_BITS) | words[self.rd].data
            self.rd += 1
        return value

    def execute(self, pc: int, ins: _Insn | None, t: int) -> tuple[int, int | None, bool]:
        """Issue `ins` in cycle t: (cycles it holds the issue stage, branch target if taken, ended)."""
        if ins is None:
            raise _Trap("ILLEGAL", t)
        name, op, curve, fld = ins.name, ins.op, self.curve, self.fld
        busy, target = 1, None
        wreg = wval = None

        def setf(val: int) -> None:
            nonlocal wreg, wval
            r = self.phys(op["fd"])
            self.f[r] = val & self.mask
            wreg, wval = f"f{r}", self.f[r]

        def setc(r: int, val: int) -> None:
            nonlocal wreg, wval
            self.cnt[r] = val & COUNTER_MASK
            wreg, wval = f"c{r}", self.cnt[r]

        if name == "nop":
            pass
        elif name == "done":
            status = next((s["name"] for s in self.isa.status_codes if s["code"] == op["st"]), "BAD_PARAM")
            self.res.retired.append(Retire(pc, ins.word, None, None, t, "ecc"))
            self.end(status, t)
            return busy, None, True
        elif name == "jmp":
            target = op["t"]
        elif name == "call":
            if len(self.calls) >= self.isa.options["call_depth"]:
                raise _Trap("ILLEGAL", t)
            self.calls.append(pc + 1)
            target = op["t"]
        elif name == "ret":
            if not self.calls:
                raise _Trap("ILLEGAL", t)
            target = self.calls.pop()
        elif name in ("bz", "bnz", "bovf", "bkbad"):
            cond = {"bz": self.z, "bnz": not self.z, "bovf": self.o,
                    "bkbad": self.k == 0 or self.k >= curve.n}[name]
            target = op["t"] if cond else None
        elif name == "cbeq":
            target = op["t"] if self.cnt[op["ca"]] == op["k"] else None
        elif name == "cdbnz":
            setc(op["ca"], self.cnt[op["ca"]] - 1)
            target = op["t"] if self.cnt[op["ca"]] else None
        elif name == "cli":
            setc(op["cd"], op["k"])
        elif name == "cmov":
            setc(op["cd"], self.cnt[op["ca"]])
        elif name == "fmul":
            val = fld.mul(self.read(op["fa"]), self.read(op["fb"]))
            p = self.phys(op["fd"])
            self.pending[p] = (t + self.c_mul, val)
            self.res.writebacks.append(Writeback(f"f{p}", val, t + self.c_mul))
            self.mul_free = t + self.c_mul
        elif name == "fadd":
            setf(self.read(op["fa"]) ^ self.read(op["fb"]))
        elif name == "fsqr":
            setf(fld.sqr(self.read(op["fa"])))
        elif name == "fasq":
            setf(fld.sqr(self.read(op["fa"]) ^ self.read(op["fb"])))
        elif name == "fsqrn":
            if op["n"] == 0:
                raise _Trap("ILLEGAL", t)
            setf(fld.sqr_n(self.read(op["fa"]), op["n"]))
            busy = op["n"]
        elif name == "fmov":
            setf(self.read(op["fa"]))
        elif name == "fconst":
            if op["k"] >= len(self.consts):
                raise _Trap("ILLEGAL", t)
            setf(self.consts[op["k"]])
        elif name == "fsel":
            setf(self.read(op["fa"]) if self.z else self.read(op["fb"]))
        elif name == "ftz":
            self.z = self.read(op["fa"]) == 0
        elif name in ("fin", "kin"):
            val = self.take_words(t)
            self.o = self.o or val >> self.m != 0
            if name == "fin":
                setf(val)
            else:
                self.k, self.last_bit = val & self.mask, False
            busy = self.width
        elif name == "fout":
            val = self.read(op["fa"])
            for i in reversed(range(self.width)):
                self.out.append(((val >> (WORD_BITS * i)) & ((1 << WORD_BITS) - 1), 16))
            busy = self.width
        elif name == "kn":
            self.k, self.last_bit = curve.n, False
        elif name == "kbit":
            top = curve.n.bit_length() - 1
            bit = bool(self.k >> top & 1)
            self.k = (self.k << 1) & ((1 << (top + 1)) - 1)
            self.swapped ^= bit ^ self.last_bit
            self.last_bit = bit
        elif name == "swclr":
            self.swapped = self.last_bit = False
        else:  # pragma: no cover - every table entry is handled above
            raise NotImplementedError(name)
        self.res.retired.append(Retire(pc, ins.word, wreg, wval, t, "ecc"))
        return busy, target, False


class _Trap(Trap):
    """A trap in a given cycle: the task ends then."""

    def __init__(self, status: str, cycle: int):
        super().__init__(status)
        self.cycle = cycle
