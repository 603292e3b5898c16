"""Instruction-set simulator of the elliptic-curve unit, with the RTL's cycles.

Runs microcode (isa kind "ecc") on the plain-int field model and charges
cycles by the rules of docs/ecc.md for a unit alone on its microcode port, so
`Result.cycles` equals the RTL's.  The instruction buffer is modelled line by
line and kept from task to task, as in the RTL.  Each issued instruction gives
a retire event, each product of the multiplier a write-back event; the RTL
bench (tests/ecc) compares both streams with the RTL's traces.
"""

from __future__ import annotations

from dataclasses import dataclass

from mccp.aes.task import Task
from mccp.ecc import curves
from mccp.isa import load
from mccp.iss import Result, Retire, Trap, Writeback

FIRST_LOOKUP = 1     # the entry instruction is looked up in the cycle after the start
MISS_CYCLES = 2      # a lookup that misses: the line arrives, then the lookup repeats
COUNTER_MASK = 0xFFFF
WORD_BITS = 128


@dataclass(frozen=True)
class Config:
    """The build parameters that change results or cycles."""
    max_m: int = 283
    digit: int = 283
    lines: int = 8
    line_words: int = 4

    def supports(self, curve: curves.Curve) -> bool:
        return curve.m <= self.max_m

    def mul_cycles(self, m: int) -> int:
        return -(-m // self.digit)


def element_words(m: int) -> int:
    """W: 128-bit words of a field element or scalar in a packet."""
    return -(-m // WORD_BITS)


class EcUnit:
    """One EC processing unit: its instruction buffer persists across tasks."""

    def __init__(self, mcode: list[int], config: Config = Config(), max_cycles: int = 2_000_000):
        self.isa = load("ecc")
        self.config = config
        self.max_cycles = max_cycles
        self.mcode: list[int] = []
        self.tags: dict[int, int] = {}        # buffer line index -> tag of the line it holds
        self.load(mcode)

    def load(self, mcode: list[int]) -> None:
        """New firmware: the shared memory is rewritten and every buffer cleared."""
        self.mcode = list(mcode)
        self.tags.clear()

    def _lookup(self, pc: int) -> int:
        """Cycles from a lookup of pc until its instruction can issue: 1 on a hit."""
        if self._hit(pc):
            return 1
        line = pc // self.config.line_words
        self.tags[line % self.config.lines] = line // self.config.lines
        return 1 + MISS_CYCLES

    def run(self, task: Task, key: int = 0) -> Result:
        """One task on this unit alone (no other unit on the microcode port); `key` is the
        private scalar the fabric hands the unit at the start (K), 0 for a keyless task."""
        isa, cfg = self.isa, self.config
        res = Result(status=0, output=[], cycles=0)
        curve = curves.CURVES[task.args[0]] if 0 <= task.args[0] < len(curves.CURVES) else None
        if curve is None or not cfg.supports(curve):
            res.status, res.cycles = isa.status("BAD_CURVE"), 1 + len(task.words)
            return res
        fld = curve.field
        m, width = fld.m, element_words(fld.m)
        mask = (1 << m) - 1
        c_mul = cfg.mul_cycles(m)
        nregs = isa.registers["f"]["count"]
        f = [0] * nregs
        cnt = [curve.id, curve.field_index, curve.n_bits, task.args[1] & COUNTER_MASK]
        swap_cfg = isa.options["swap"]
        z = o = last_bit = swapped = False
        k = key
        calls: list[int] = []
        pending: dict[int, tuple[int, int]] = {}     # physical freg -> (cycle usable by bypass, value)
        mul_free = 0
        words, rd = task.words, 0
        out: list[tuple[int, int]] = []
        consts = [0, 1, curve.b, curve.sqrt_b, curve.gx, curve.gy, curve.a]

        def phys(r: int) -> int:
            if swapped and swap_cfg["first"] <= r <= swap_cfg["last"]:
                return r ^ swap_cfg["xor"]
            return r

        def land(upto: int) -> None:
            """Products whose register write happened before cycle `upto`."""
            for r, (ready, val) in sorted(pending.items(), key=lambda kv: kv[1][0]):
                if ready < upto:
                    f[r] = val
                    del pending[r]

        def read(r: int) -> int:
            p = phys(r)
            return pending[p][1] if p in pending else f[p]

        def take_words() -> int:
            """W words, one a cycle from the issue cycle t; a word missing ends the task then."""
            nonlocal rd, t
            value = 0
            for i in range(width):
                if rd >= len(words) or (rd and words[rd - 1].last):
                    t += i
                    raise Trap("TRUNCATED")
                value = (value << WORD_BITS) | words[rd].data
                rd += 1
            return value

        issue = FIRST_LOOKUP + self._lookup_entry(task.entry)
        pc = task.entry
        t = issue
        try:
            while True:
                if issue > self.max_cycles:
                    raise ValueError(f"microcode did not finish within {self.max_cycles} cycles (pc={pc})")
                t = issue
                if not 0 <= pc < len(self.mcode):
                    raise Trap("ILLEGAL")
                word = self.mcode[pc]
                decoded = isa.decode(word)
                if decoded is None:
                    raise Trap("ILLEGAL")
                ins, values = decoded
                name = ins.mnemonic
                op = {o.name: v for o, v in zip(ins.operands, values)}
                # hazards on the multiplier's pending product
                reads = [phys(v) for o, v in zip(ins.operands, values) if o.kind.register == "f" and o.name != "fd"]
                for r in reads:
                    if r in pending:
                        t = max(t, pending[r][0])
                if "fd" in op and phys(op["fd"]) in pending:
                    t = max(t, pending[phys(op["fd"])][0] + 1)
                if name == "fmul":
                    t = max(t, mul_free)
                if name == "done":
                    t = max([t] + [ready for ready, _ in pending.values()])
                land(t)
                busy = 1                          # cycles this instruction holds the issue stage
                nxt, taken = pc + 1, False
                wreg = wval = None

                def setf(val: int) -> None:
                    nonlocal wreg, wval
                    r = phys(op["fd"])
                    f[r] = val & mask
                    wreg, wval = f"f{r}", f[r]

                def setc(r: int, val: int) -> None:
                    nonlocal wreg, wval
                    cnt[r] = val & COUNTER_MASK
                    wreg, wval = f"c{r}", cnt[r]

                if name == "nop":
                    pass
                elif name == "done":
                    status = next((s["name"] for s in isa.status_codes if s["code"] == op["st"]), "BAD_PARAM")
                    res.retired.append(Retire(pc, word, None, None, t, "ecc"))
                    self._end(res, status, t, words, rd, out)
                    break
                elif name == "jmp":
                    nxt, taken = op["t"], True
                elif name == "call":
                    if len(calls) >= isa.options["call_depth"]:
                        raise Trap("ILLEGAL")
                    calls.append(pc + 1)
                    nxt, taken = op["t"], True
                elif name == "ret":
                    if not calls:
                        raise Trap("ILLEGAL")
                    nxt, taken = calls.pop(), True
                elif name in ("bz", "bnz", "bovf", "bkbad"):
                    cond = {"bz": z, "bnz": not z, "bovf": o, "bkbad": k == 0 or k >= curve.n}[name]
                    if cond:
                        nxt, taken = op["t"], True
                elif name == "cbeq":
                    if cnt[op["ca"]] == op["k"]:
                        nxt, taken = op["t"], True
                elif name == "cdbnz":
                    setc(op["ca"], cnt[op["ca"]] - 1)
                    if cnt[op["ca"]]:
                        nxt, taken = op["t"], True
                elif name == "cli":
                    setc(op["cd"], op["k"])
                elif name == "cmov":
                    setc(op["cd"], cnt[op["ca"]])
                elif name == "fmul":
                    val = fld.mul(read(op["fa"]), read(op["fb"]))
                    pending[phys(op["fd"])] = (t + c_mul, val)
                    res.writebacks.append(Writeback(f"f{phys(op['fd'])}", val, t + c_mul))
                    mul_free = t + c_mul
                elif name == "fadd":
                    setf(read(op["fa"]) ^ read(op["fb"]))
                elif name == "fsqr":
                    setf(fld.sqr(read(op["fa"])))
                elif name == "fasq":
                    setf(fld.sqr(read(op["fa"]) ^ read(op["fb"])))
                elif name == "fsqrn":
                    if op["n"] == 0:
                        raise Trap("ILLEGAL")
                    setf(fld.sqr_n(read(op["fa"]), op["n"]))
                    busy = op["n"]
                elif name == "fmov":
                    setf(read(op["fa"]))
                elif name == "fconst":
                    if op["k"] >= len(consts):
                        raise Trap("ILLEGAL")
                    setf(consts[op["k"]])
                elif name == "fsel":
                    setf(read(op["fa"]) if z else read(op["fb"]))
                elif name == "ftz":
                    z = read(op["fa"]) == 0
                elif name in ("fin", "kin"):
                    val = take_words()
                    o = o or val >> m != 0
                    if name == "fin":
                        setf(val)
                    else:
                        k, last_bit = val & mask, False
                    busy = width
                elif name == "fout":
                    val = read(op["fa"])
                    for i in reversed(range(width)):
                        out.append(((val >> (WORD_BITS * i)) & ((1 << WORD_BITS) - 1), 16))
                    busy = width
                elif name == "kn":
                    k, last_bit = curve.n, False
                elif name == "kbit":
                    top = curve.n.bit_length() - 1
                    bit = bool(k >> top & 1)
                    k = (k << 1) & ((1 << (top + 1)) - 1)
                    swapped ^= bit ^ last_bit
                    last_bit = bit
                elif name == "swclr":
                    swapped = last_bit = False
                else:  # pragma: no cover - every table entry is handled above
                    raise NotImplementedError(name)
                res.retired.append(Retire(pc, word, wreg, wval, t, "ecc"))
                issue = max(t + busy, self._next_issue(t, nxt, taken, ins.unit == "ctrl" and "t" in op))
                pc = nxt
        except Trap as trap:
            land(t + 1)
            self._end(res, trap.status, max([t] + [ready for ready, _ in pending.values()]), words, rd, out)
        res.instructions = len(res.retired)
        return res

    def _lookup_entry(self, entry: int) -> int:
        return self._lookup(entry) if 0 <= entry < len(self.mcode) else 1

    def _next_issue(self, t: int, nxt: int, taken: bool, branch: bool) -> int:
        """Earliest issue of the instruction at nxt after one issued in cycle t.

        The next instruction is looked up in cycle t, or after a taken branch
        the target in cycle t + 1.  A lookup in the issue cycle of a branch
        does not refill on a miss (the branch may go elsewhere): the refill
        starts with the lookup of the cycle after.
        """
        if not 0 <= nxt < len(self.mcode):
            return t + 2 if taken else t + 1      # out of range: ILLEGAL when it issues
        if taken:
            return t + 1 + self._lookup(nxt)
        if branch and not self._hit(nxt):
            return t + 1 + self._lookup(nxt)
        return t + self._lookup(nxt)

    def _hit(self, pc: int) -> bool:
        line = pc // self.config.line_words
        return self.tags.get(line % self.config.lines) == line // self.config.lines

    def _end(self, res: Result, status: str, t: int, words, rd: int, out) -> None:
        """The task ends at issue cycle t: unread input is drained, one word a cycle."""
        ended = rd > 0 and words[rd - 1].last
        left = 0 if ended else len(words) - rd
        if status == "OK" and left:
            status = "LENGTH"
        res.status = self.isa.status(status)
        res.cycles = t + 1 + left
        res.output = out if status == "OK" else []
