"""cocotb bench for rtl/core/mccp_core.sv.

Every test runs firmware on the RTL through mccp.tb.coreharness and, unless
said otherwise, on the ISS too, and requires both to agree event by event
(retire and write-back streams with their cycles, status, output, cycles).
Where the ISS would be circular the expected values are derived here from
first principles: byte-string definitions of the vector operations, a
bit-serial GF(2^128) multiply for GHASH, the `cryptography` package for AES
and for the modes (mccp.ref.aes via mccp.ref.cavp.check).

Knobs (environment, set by tests/core/test_core.py):
  CORE_DECRYPT_ENABLE  "1"/"0": DecryptEnable of the build
  CORE_DIGIT_BITS      GhashDigitBits of the build
  CORE_RANDOM          number of random lock-step programs (default 200)
  CORE_SEED            base seed
  CORE_FIRMWARE_CAVP   "0": skip firmware_modes (the shipped firmware on CAVP samples)
"""

from __future__ import annotations

import os
import random

import cocotb
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from mccp.asm import assemble_file, assemble_text
from mccp.isa import load
from mccp.paths import ROOT
from mccp.aes.task import Task, Word
from mccp.tb.coreharness import assert_same, harness, iss_run, run_on_rtl

DECRYPT_ENABLE = os.environ.get("CORE_DECRYPT_ENABLE", "1") == "1"
DIGIT_BITS = int(os.environ.get("CORE_DIGIT_BITS", "16"))
N_RANDOM = int(os.environ.get("CORE_RANDOM", "200"))
SEED = int(os.environ.get("CORE_SEED", "7"))
KEY128 = bytes(range(16))
ISA = load()
ST = {s["name"]: s["code"] for s in ISA.status_codes}
GH_STEPS = -(-128 // DIGIT_BITS)
# Pipeline timing as docs/core.md states it (fetch, operand read, execute):
FIRST_ISSUE = 2     # cycle of the entry instruction's issue after the start handshake
TAKEN_BUBBLES = 2   # cycles without an issue after a taken branch


# ---------------------------------------------------------------- helpers
def iss(prog, key, tasks, **kw):
    return iss_run(prog, key, tasks, digit_bits=DIGIT_BITS, decrypt_enable=DECRYPT_ENABLE, **kw)


async def check(dut, text, tasks, key=KEY128, cycles=True, **kw):
    """Run `text` on RTL and ISS; assert they agree; return the RTL results."""
    prog = assemble_text(text) if isinstance(text, str) else text
    rtl = await run_on_rtl(dut, prog, key, tasks, **kw)
    ref = iss(prog, key, tasks)
    for i, (a, b) in enumerate(zip(rtl, ref)):
        assert_same(a, b, f"task {i}", cycles=cycles)
    return rtl


def blk(b: bytes) -> int:
    return int.from_bytes(b, "big")


def byts(x: int) -> bytes:
    return x.to_bytes(16, "big")


def words_task(blocks, entry=0, args=(0, 0, 0, 0)) -> Task:
    return Task(entry, tuple(args), [Word(blk(b) if isinstance(b, bytes) else b, i == len(blocks) - 1)
                                     for i, b in enumerate(blocks)])


def clamp(x: int) -> int:
    x &= 0xFFFFFFFF
    x = x - (1 << 32) if x >> 31 else x
    return max(0, min(16, x))


def xor_bytes(a: bytes, b: bytes) -> bytes:
    return bytes(x ^ y for x, y in zip(a, b))


def aes_ecb(key: bytes, block: bytes, decrypt: bool = False) -> bytes:
    c = Cipher(algorithms.AES(key), modes.ECB())
    op = c.decryptor() if decrypt else c.encryptor()
    return op.update(block) + op.finalize()


def gf128_mul(x: int, y: int) -> int:
    """SP 800-38D Algorithm 1, bit by bit (bit 0 of a block = its MSB)."""
    r = 0xE1 << 120
    z, v = 0, y
    for i in range(128):
        if (x >> (127 - i)) & 1:
            z ^= v
        v = (v >> 1) ^ r if v & 1 else v >> 1
    return z


def out_bytes(res) -> list[bytes]:
    """The output words of a result as byte strings of their length."""
    return [byts(d)[:n] for d, n in res.output]


# ---------------------------------------------------------------- basics
@cocotb.test()
async def smoke(dut):
    """vld + done: first issue in cycle FIRST_ISSUE, result the cycle after done."""
    res = await check(dut, "vld v0\ndone 0\n", [words_task([5])])
    assert res[0].status == 0 and res[0].cycles == FIRST_ISSUE + 2, res[0]
    assert [r.cycle for r in res[0].retired] == [FIRST_ISSUE, FIRST_ISSUE + 1]


@cocotb.test()
async def scalar_ops(dut):
    """Every scalar instruction, results checked against Python arithmetic."""
    rng = random.Random(SEED)
    m = 0xFFFFFFFF
    for _ in range(12):
        a, b = rng.getrandbits(32), rng.getrandbits(32)
        if rng.random() < 0.3:
            b = a
        k14, s14 = rng.randrange(1 << 14), rng.randrange(-8192, 8192)
        sh = rng.randrange(32)
        w = rng.randrange(4)
        vec = rng.getrandbits(128)
        text = f"""
            vld   v0
            li    s4, {k14}
            addi  s5, s0, {s14}
            vsetw v1, s4, 0
            vsetw v1, s5, 1
            add   s4, s0, s1
            sub   s5, s0, s1
            vsetw v1, s4, 2
            vsetw v1, s5, 3
            vst   v1
            and   s4, s0, s1
            or    s5, s0, s1
            andi  s6, s0, {k14}
            ori   s7, s1, {k14}
            vsetw v2, s4, 0
            vsetw v2, s5, 1
            vsetw v2, s6, 2
            vsetw v2, s7, 3
            vst   v2
            shli  s4, s0, {sh}
            shri  s5, s0, {sh}
            vgetw s6, v0, {w}
            jal   s7, sub
            vsetw v3, s4, 0
            vsetw v3, s5, 1
            vsetw v3, s6, 2
            vsetw v3, s7, 3
            vst   v3
            done  0
        sub:
            jr    s7
        """
        res = await check(dut, text, [words_task([vec], args=(a, b, 0, 0))])
        words = [blk(x) for x in out_bytes(res[0])]

        def ws(*vals):
            return sum((v & m) << (96 - 32 * i) for i, v in enumerate(vals))

        assert words[0] == ws(k14, a + s14, a + b, a - b), "li/addi/add/sub"
        assert words[1] == ws(a & b, a | b, a & k14, b | k14), "and/or/andi/ori"
        assert words[2] == ws(a << sh, a >> sh, vec >> (96 - 32 * w), 23), "shli/shri/vgetw/jal"


@cocotb.test()
async def vector_ops_first_principles(dut):
    """Vector ops on random blocks against byte-string definitions; vld/vst round trip."""
    rng = random.Random(SEED + 1)
    for it in range(16):
        a = bytearray(rng.randbytes(16))
        if it % 4 == 0:
            a[12:16] = b"\xff\xff\xff\xff"       # inc32 wraps
        a = bytes(a)
        b = rng.randbytes(16)
        n = rng.choice([-(1 << 31), -5, -1, 0, 1, 7, 15, 16, 17, 1000, rng.randrange(17)])
        k, w = rng.randrange(16), rng.randrange(4)
        sv = rng.getrandbits(32)
        text = f"""
            vld   v0
            vld   v1
            vst   v0
            vst   v1
            vmask v2, v0, s0
            vst   v2
            vpad  v2, v0, s0
            vst   v2
            vinc  v2, v0
            vst   v2
            vdbl  v2, v0
            vst   v2
            vxor  v2, v0, v1
            vst   v2
            vand  v2, v0, v1
            vst   v2
            vor   v2, v0, v1
            vst   v2
            vmov  v3, v0
            vst   v3
            vzero v3
            vst   v3
            vshlb v2, v0, {k}
            vst   v2
            vshrb v2, v0, {k}
            vst   v2
            vmov  v4, v0
            vsetw v4, s1, {w}
            vst   v4
            vstn  v0, s0
            done  0
        """
        res = await check(dut, text, [words_task([a, b], args=(n, sv, 0, 0))])
        got = out_bytes(res[0])
        c = clamp(n)
        x = int.from_bytes(a, "big")
        dbl = ((x << 1) & ((1 << 128) - 1)) ^ (0x87 if x >> 127 else 0)
        want = [
            a, b,
            a[:c] + bytes(16 - c),
            a if c == 16 else a[:c] + b"\x80" + bytes(15 - c),
            a[:12] + ((int.from_bytes(a[12:], "big") + 1) % (1 << 32)).to_bytes(4, "big"),
            byts(dbl),
            bytes(p ^ q for p, q in zip(a, b)),
            bytes(p & q for p, q in zip(a, b)),
            bytes(p | q for p, q in zip(a, b)),
            a,
            bytes(16),
            a[k:] + bytes(k),
            bytes(k) + a[:16 - k],
            a[:4 * w] + sv.to_bytes(4, "big") + a[4 * w + 4:],
        ]
        if c:
            want.append(a[:c])
        names = ["vst A", "vst B", "vmask", "vpad", "vinc", "vdbl", "vxor", "vand", "vor", "vmov", "vzero",
                 "vshlb", "vshrb", "vsetw", "vstn"]
        assert len(got) == len(want), f"{len(got)} output words, expected {len(want)}"
        for name, g, e in zip(names, got, want):
            assert g == e, f"{name} (n={n}, k={k}, w={w}): {g.hex()} != {e.hex()}"


@cocotb.test()
async def control_flow(dut):
    """Signed branches taken / not taken, jmp, jal/jr, bf; TAKEN_BUBBLES per taken branch."""
    rng = random.Random(SEED + 2)
    # pairs across the 16-bit and sign boundaries (equal upper halves with the
    # lower halves' top bits differing, one sign each side), then random ones
    edges = [(0x00008000, 0x00007FFF), (0x00007FFF, 0x00008000), (0xFFFF8000, 0xFFFF7FFF),
             (0xFFFF0000, 0xFFFFFFFF), (0x80000000, 0x7FFFFFFF), (0x12340001, 0x12350000)]
    randoms = []
    for _ in range(10):
        a = rng.choice([0, 1, -1, 5, 0x7FFFFFFF, -0x80000000, rng.getrandbits(32)]) & 0xFFFFFFFF
        randoms.append((a, rng.choice([a, 0, 1, -1 & 0xFFFFFFFF, rng.getrandbits(32)])))
    for a, b in edges + randoms:
        text = """
            li    s4, 0
            beq   s0, s1, l1
            ori   s4, s4, 1
        l1: bne   s0, s1, l2
            ori   s4, s4, 2
        l2: blt   s0, s1, l3
            ori   s4, s4, 4
        l3: bge   s0, s1, l4
            ori   s4, s4, 8
        l4: vld   v0
            tagchk v0, v0, s3
            bf    l5
            ori   s4, s4, 16
        l5: jal   s5, sub
            vsetw v1, s4, 0
            vst   v1
            jmp   end
            nop
        sub:
            ori   s4, s4, 32
            jr    s5
        end:
            done  0
        """
        res = await check(dut, text, [words_task([0], args=(a, b, 0, 16))])
        sa = a - (1 << 32) if a >> 31 else a
        sb = b - (1 << 32) if b >> 31 else b
        flags = (0 if a == b else 1) | (0 if a != b else 2) | (0 if sa < sb else 4) | (0 if sa >= sb else 8) | 16 | 32
        assert out_bytes(res[0])[0][:4] == flags.to_bytes(4, "big")
        # taken: one of beq/bne, one of blt/bge, jal, jr, jmp (bf is not: F = 0)
        assert res[0].cycles == len(res[0].retired) + TAKEN_BUBBLES * 5 + FIRST_ISSUE, \
            "TAKEN_BUBBLES per taken branch"


# ---------------------------------------------------------------- engines
@cocotb.test()
async def aes_instructions(dut):
    """aes / aesx / aesd against cryptography for 128/192/256-bit keys; back-to-back every L cycles."""
    rng = random.Random(SEED + 3)
    for klen in (16, 24, 32):
        key = rng.randbytes(klen)
        lat = {16: 11, 24: 13, 32: 15}[klen]
        p, q = rng.randbytes(16), rng.randbytes(16)
        dec = "aesd  v5, v0\n    vst v5\n" if DECRYPT_ENABLE else ""
        text = f"""
            vld   v0
            vld   v1
            aes   v2, v0
            aes   v3, v1
            aesx  v4, v0, v1
            vst   v2
            vst   v3
            vst   v4
            aes   v6, v2
            vxor  v7, v6, v1
            vst   v7
            aes   v6, v1
            aesx  v5, v6, v7
            vst   v5
            aes   v6, v0
            aesx  v5, v7, v6
            vst   v5
            {dec}
            done  0
        """
        res = await check(dut, text, [words_task([p, q])], key=key)
        got = out_bytes(res[0])
        e = [aes_ecb(key, p), aes_ecb(key, q), aes_ecb(key, xor_bytes(p, q))]
        e.append(xor_bytes(aes_ecb(key, e[0]), q))
        e.append(aes_ecb(key, xor_bytes(aes_ecb(key, q), e[3])))
        e.append(aes_ecb(key, xor_bytes(e[3], e[0])))
        if DECRYPT_ENABLE:
            e.append(aes_ecb(key, p, decrypt=True))
        assert got == e, f"AES-{8 * klen}"
        aes_cycles = [r.cycle for r in res[0].retired if (r.word >> 26) in (0x30, 0x31, 0x32)]
        assert all(b - a == lat for a, b in zip(aes_cycles[:3], aes_cycles[1:3])), (aes_cycles, lat)
        # a pending register: vxor reads it the cycle after its write-back,
        # aesx gets it as va by bypass in the write-back cycle itself, as vb the cycle after
        wb6 = [w.cycle for w in res[0].writebacks if w.reg == "v6"]
        vx = next(r.cycle for r in res[0].retired if r.word >> 26 == 0x25)
        ax = [r.cycle for r in res[0].retired if r.word >> 26 == 0x31][-2:]
        assert vx == wb6[0] + 1, "vxor reads a pending register the cycle after its write-back"
        assert ax[0] == wb6[1], "aesx reads a pending va in its write-back cycle"
        assert ax[1] == wb6[2] + 1, "aesx reads a pending vb the cycle after its write-back"


@cocotb.test()
async def aes_result_while_write_back_busy(dut):
    """An AES result that lands while the write-back stage writes the file (it waits in the
    register file's skid): read while still there, one word of it replaced first, and used
    as the next aes input; values from `cryptography`."""
    rng = random.Random(SEED + 8)
    key = rng.randbytes(16)
    p, q = rng.randbytes(16), rng.randbytes(16)
    s0 = rng.getrandbits(32)
    filler = "    vxor v3, v0, v1\n    vxor v4, v1, v0\n" * 8     # 16 back-to-back writes, no v2
    text = f"""
        vld   v0
        vld   v1
        aes   v2, v0
    {filler}
        vsetw v2, s0, 1
        vxor  v5, v2, v1
        vxor  v6, v2, v0
        aes   v7, v2
    {filler}
        vxor  v3, v7, v1
        vst   v5
        vst   v6
        vst   v2
        vst   v3
        done  0
    """
    res = await check(dut, text, [words_task([p, q], args=(s0, 0, 0, 0))], key=key)
    v2 = bytearray(aes_ecb(key, p))
    v2[4:8] = s0.to_bytes(4, "big")
    v2 = bytes(v2)
    v7 = aes_ecb(key, v2)
    assert out_bytes(res[0]) == [xor_bytes(v2, q), xor_bytes(v2, p), v2, xor_bytes(v7, q)]
    # the scene: the write-back stage writes in every cycle from v2's landing up to the
    # instruction that reads it (issue cycle t writes back in t + 1), so v2 is in the skid
    def op(r):
        ins, vals = ISA.decode(r.word)
        return ins.mnemonic, {o.name: v for o, v in zip(ins.operands, vals)}
    writes = {r.cycle + 1 for r in res[0].retired if op(r)[0] in ("vxor", "vsetw")}
    land = next(w.cycle for w in res[0].writebacks if w.reg == "v2")
    read = next(r.cycle for r in res[0].retired if op(r)[0] == "vxor" and op(r)[1]["va"] == 2)
    assert all(c in writes for c in range(land, read)), (land, read, sorted(writes))


@cocotb.test()
async def aes_result_read_in_its_landing_cycle(dut):
    """The instruction behind an aes that waits for the engine moves into X in the cycle the
    previous AES result lands, reading that register as either operand (the register file
    still holds the old value then; the core takes the result from the engine); values from
    `cryptography`."""
    rng = random.Random(SEED + 9)
    key = rng.randbytes(16)
    p, q = rng.randbytes(16), rng.randbytes(16)
    for reader in ("vxor v4, v2, v1", "vxor v4, v1, v2"):
        text = f"""
            vld   v0
            vld   v1
            aes   v2, v0
            aes   v3, v1
            {reader}
            vst   v4
            vst   v3
            done  0
        """
        res = await check(dut, text, [words_task([p, q])], key=key)
        v2, v3 = aes_ecb(key, p), aes_ecb(key, q)
        assert out_bytes(res[0]) == [xor_bytes(v2, q), v3], reader
        # the scene: the second aes issues in v2's landing cycle, the reader right after
        mn = [ISA.decode(r.word)[0].mnemonic for r in res[0].retired]
        cyc = [r.cycle for r in res[0].retired]
        land = next(w.cycle for w in res[0].writebacks if w.reg == "v2")
        second_aes = [c for m, c in zip(mn, cyc) if m == "aes"][1]
        reader_cycle = cyc[mn.index("vxor")]
        assert (second_aes, reader_cycle) == (land, land + 1), (land, second_aes, reader_cycle)


@cocotb.test()
async def ghash_instructions(dut):
    """ghinit / ghash / ghget against a bit-serial GF(2^128) multiply; issue spacing 128/D."""
    rng = random.Random(SEED + 4)
    for nblk in (1, 2, 5):
        h = rng.getrandbits(128)
        xs = [rng.getrandbits(128) for _ in range(nblk)]
        body = "".join(f"    vld v1\n    ghash v1\n" for _ in range(nblk))
        text = f"""
            vld   v0
            ghinit v0
        {body}
            ghget v2
            vst   v2
            ghash v2
            ghash v0
            ghget v3
            vst   v3
            done  0
        """
        res = await check(dut, text, [words_task([h] + xs)])
        y = 0
        for x in xs:
            y = gf128_mul(y ^ x, h)
        y2 = gf128_mul(gf128_mul(y ^ y, h) ^ h, h)
        got = [blk(b) for b in out_bytes(res[0])]
        assert got == [y, y2], "GHASH"
        gh = [r.cycle for r in res[0].retired if r.word >> 26 == 0x34]
        assert gh[-1] - gh[-2] == GH_STEPS, "back-to-back ghash every ceil(128/D) cycles"


@cocotb.test()
async def scoreboard_hazards(dut):
    """Reads wait for the write-back cycle, writes one more; vsetw counts as a write."""
    key = bytes(range(16, 32))
    for victim in ("vmov v3, v2", "vmov v2, v3", "vsetw v2, s0, 1", "vld v2", "aes v2, v0", "ghinit v2",
                   "vgetw s4, v2, 3", "tagchk v2, v0, s0", "vst v2", "ghget v2", "aesx v4, v0, v2"):
        text = f"""
            vld   v0
            vld   v1
            aes   v2, v0
            {victim}
            vst   v2
            vst   v3
            vsetw v5, s4, 0
            vst   v5
            done  0
        """
        await check(dut, text, [words_task([1, 2, 3])], key=key)


@cocotb.test()
async def count_interlock(dut):
    """vmask / vpad / vstn / tagchk taking a byte count from the scalar written by the
    instruction just before wait one cycle; one instruction in between costs nothing."""
    for consumer in ("vmask v1, v0, s4", "vpad v1, v0, s4", "vstn v0, s4", "tagchk v0, v1, s4"):
        for gap in (0, 1):
            text = "vld v0\nvld v1\nli s4, 5\n" + "nop\n" * gap + consumer + "\nvst v1\ndone 0\n"
            res = await check(dut, text, [words_task([1, 2])])
            cyc = [r.cycle for r in res[0].retired]
            li = 2
            assert cyc[li + 1 + gap] - cyc[li + gap] == (2 if gap == 0 else 1), (consumer, gap, cyc)


@cocotb.test()
async def branch_operand_interlock(dut):
    """A conditional branch comparing a scalar written by the instruction just before
    waits one cycle (the comparison is registered); one instruction in between costs
    nothing; taken or not, the outcome is the comparison of the new value."""
    for branch, taken in (("beq s4, s5, t", True), ("bne s5, s4, t", False), ("blt s4, s6, t", False),
                          ("bge s4, s5, t", True)):
        for gap in (0, 1):
            text = ("li s5, 5\nli s6, 3\nli s4, 5\n" + "nop\n" * gap + branch +
                    "\nli s7, 1\nt:\nvgetw s7, v0, 0\ndone 0\n")
            res = await check(dut, text, [words_task([1])])
            cyc = [r.cycle for r in res[0].retired]
            li = 2
            assert cyc[li + 1 + gap] - cyc[li + gap] == (2 if gap == 0 else 1), (branch, gap, cyc)
            names = [ISA.disassemble(r.word).split()[0] for r in res[0].retired]
            assert ("li" in names[li + 2 + gap:]) != taken, (branch, names)


@cocotb.test()
async def byte_shift_two_cycles(dut):
    """vshlb / vshrb and vgetw issue one cycle after they could otherwise (their rotation
    is registered), also when their operand was written just before or lands from AES."""
    rng = random.Random(SEED + 11)
    block = rng.getrandbits(128)
    for shift in ("vshlb v2, v1, 3", "vshrb v2, v1, 5", "vgetw s2, v1, 1"):
        for producer in ("vmov v1, v0", "aes v1, v0"):
            text = f"vld v0\n{producer}\n{shift}\nvst v2\ndone 0\n"
            res = await check(dut, text, [words_task([block])])
            cyc = [r.cycle for r in res[0].retired]
            if producer.startswith("aes"):
                wb = next(w.cycle for w in res[0].writebacks if w.reg == "v1")
                assert cyc[2] == wb + 2, (shift, cyc, wb)   # a reader issues at wb + 1, a shift one later
            else:
                assert cyc[2] - cyc[1] == 2, (shift, cyc)


# ---------------------------------------------------------------- statuses
@cocotb.test()
async def status_codes(dut):
    """Each status code; output released only on done 0; LENGTH drains; cycles as the ISS."""
    cases = [
        ("vld v0\nvst v0\ndone 0", [7], ST["OK"], 1),
        ("vld v0\nvst v0\ndone AUTH_FAIL", [7], ST["AUTH_FAIL"], 0),
        ("vld v0\nvst v0\ndone BAD_PARAM", [7], ST["BAD_PARAM"], 0),
        ("vld v0\nvst v0\ndone 200", [7], ST["BAD_PARAM"], 0),
        ("vld v0\nvst v0\nvld v1\ndone 0", [7], ST["TRUNCATED"], 0),
        ("vld v0\nvst v0\ndone 0", [7, 8, 9, 10, 11], ST["LENGTH"], 0),
        ("vst v0\ndone 1", [7, 8, 9], ST["AUTH_FAIL"], 0),
        ("vld v0\nvst v0\n.word 0xffffffff\ndone 0", [7, 8], ST["ILLEGAL"], 0),
        ("vld v0\nvst v0\n.word 0x00000001\ndone 0", [7], ST["ILLEGAL"], 0),      # nop with a stray bit
        ("vld v0\nvst v0\n.word 0x08004000\ndone 0", [7], ST["ILLEGAL"], 0),      # jmp with c != 0
        ("vld v0\nvst v0\n.word 0x40000000 | (8 << 22)\ndone 0", [7], ST["ILLEGAL"], 0),  # li s8
        ("vld v0\nvst v0\n.word 0x68000004\ndone 0", [7], ST["ILLEGAL"], 0),      # vgetw w = 4
        ("vld v0\nvst v0\njmp 1023\ndone 0", [7], ST["ILLEGAL"], 0),              # runs off the end
        ("vld v0\nvst v0\njmp 1024\ndone 0", [7], ST["ILLEGAL"], 0),              # beyond the memory
        ("li s4, 2000\nvld v0\nvst v0\njr s4\ndone 0", [7, 8], ST["ILLEGAL"], 0),
    ]
    for text, data, status, nout in cases:
        res = await check(dut, text, [words_task(data)])
        assert res[0].status == status, f"{text!r}: status {res[0].status}, expected {status}"
        assert len(res[0].output) == nout, text
    # LENGTH: the cycles include one per drained word
    res = await check(dut, "done 0", [words_task(list(range(9)))])
    assert res[0].status == ST["LENGTH"] and res[0].cycles == FIRST_ISSUE + 1 + 9


@cocotb.test()
async def oversize(dut):
    """OVERSIZE when this packet's words fill the buffer; 130 words are fine."""
    for n, status in ((130, ST["OK"]), (131, ST["OVERSIZE"])):
        text = f"""
            vld v0
            li  s4, {n}
            li  s5, 0
        loop:
            vst v0
            addi s4, s4, -1
            bne s4, s5, loop
            done 0
        """
        res = await check(dut, text, [words_task([3])])
        assert res[0].status == status
        assert len(res[0].output) == (n if status == ST["OK"] else 0)


@cocotb.test()
async def no_key_illegal(dut):
    """aes without an expanded key is ILLEGAL (after a reset the engine holds no key)."""
    prog = assemble_text("vld v0\naes v1, v0\nvst v1\ndone 0")
    rtl = await run_on_rtl(dut, prog, None, [words_task([1])], reset=True)
    ref = iss(prog, None, [words_task([1])])
    assert_same(rtl[0], ref[0])
    assert rtl[0].status == ST["ILLEGAL"]
    # an invalid key length is rejected and leaves no key
    h = harness(dut)
    assert await h.load_key(bytes(16), key_len=3) == 1
    rtl = await h.run([words_task([1])])
    assert rtl[0].status == ST["ILLEGAL"]


@cocotb.test()
async def decrypt_disabled(dut):
    """aesd on an encrypt-only engine is ILLEGAL (after waiting for the engine, as the ISS)."""
    text = "vld v0\naes v2, v0\naesd v1, v0\nvst v1\ndone 0"
    res = await check(dut, text, [words_task([1])])
    assert res[0].status == (ST["OK"] if DECRYPT_ENABLE else ST["ILLEGAL"])


@cocotb.test()
async def auth_tagchk(dut):
    """tagchk + bf: AUTH_FAIL exactly when the first clamp(n) bytes differ; nothing released."""
    rng = random.Random(SEED + 5)
    text = """
        vld v0
        vld v1
        vst v0
        tagchk v0, v1, s3
        bf  bad
        done 0
    bad:
        done AUTH_FAIL
    """
    for _ in range(12):
        a = rng.randbytes(16)
        pos = rng.randrange(16)
        b = bytearray(a)
        b[pos] ^= 1 << rng.randrange(8)
        n = rng.choice([0, 4, 8, 12, 16, pos, pos + 1, 20, -3])
        res = await check(dut, text, [words_task([a, bytes(b)], args=(0, 0, 0, n & 0xFFFFFFFF))])
        fail = pos < clamp(n)
        assert res[0].status == (ST["AUTH_FAIL"] if fail else ST["OK"])
        assert out_bytes(res[0]) == ([] if fail else [a])


@cocotb.test()
async def release_and_discard(dut):
    """Several packets in a row: OK ones released with last on their final word, the others discarded."""
    text = """
    .entry ok
    .entry bad
    ok:
        vld v0
        vstn v0, s0
        vst v0
        done 0
    bad:
        vld v0
        vst v0
        vst v0
        done AUTH_FAIL
    """
    prog = assemble_text(text)
    e = prog.entries
    rng = random.Random(SEED + 6)
    tasks = [Task(e[rng.choice(["ok", "bad"])], (rng.randrange(0, 17), 0, 0, 0),
                  [Word(rng.getrandbits(128), True)]) for _ in range(14)]
    res = await check(dut, prog, tasks)
    for t, r in zip(tasks, res):
        if t.entry == e["bad"]:
            assert r.status == ST["AUTH_FAIL"] and r.output == []
        else:
            n = t.args[0]
            d = t.words[0].data
            assert out_bytes(r) == ([byts(d)[:n]] if n else []) + [byts(d)]


@cocotb.test()
async def firmware_reload(dut):
    """Firmware written between tasks takes effect at the next task."""
    a = assemble_text("vld v0\nvinc v0, v0\nvst v0\ndone 0")
    b = assemble_text("vld v0\nvdbl v0, v0\nvst v0\ndone 0")
    for prog, f in ((a, lambda x: (x & ~0xFFFFFFFF) | ((x + 1) & 0xFFFFFFFF)),
                    (b, lambda x: ((x << 1) & ((1 << 128) - 1)) ^ (0x87 if x >> 127 else 0)), (a, None)):
        x = (1 << 127) | 0xFFFFFFFF
        res = await check(dut, prog, [words_task([x])])
        if f:
            assert res[0].output[0][0] == f(x)


@cocotb.test()
async def backpressure(dut):
    """Random gaps on the input, stalls on out_ready and res_ready: same status and data as the ISS."""
    prog = assemble_file(ROOT / "firmware" / "mccp.s")
    rng = random.Random(SEED + 7)
    from mccp.aes.modes import build_task
    tasks = []
    for _ in range(8):
        data = rng.randbytes(rng.randrange(0, 300))
        tasks.append(build_task(prog.entries, "gcm", "encrypt", data, rng.randbytes(12), rng.randbytes(20),
                                tag_len=16))
    tasks.append(build_task(prog.entries, "ctr", "encrypt", rng.randbytes(2000), rng.randbytes(16)))
    ref = iss(prog, KEY128, tasks)
    for in_gap, out_stall, res_stall in ((0.5, 0.0, 0.0), (0.0, 0.7, 0.5), (0.3, 0.9, 0.3)):
        rtl = await run_on_rtl(dut, prog, KEY128, tasks, in_gap=in_gap, out_stall=out_stall, res_stall=res_stall)
        for i, (a, b) in enumerate(zip(rtl, ref)):
            assert_same(a, b, f"task {i} gaps {in_gap}/{out_stall}/{res_stall}", cycles=False,
                        trace=(out_stall == 0 and in_gap == 0))
            assert a.cycles >= b.cycles


@cocotb.test()
async def state_cleared_between_tasks(dut):
    """v0..v7, s4..s7, F and the GHASH state of one task are invisible to the next."""
    text = """
    .entry dirty
    .entry show
    dirty:
        vld v0
        ghinit v0
        ghash v0
        li s4, 11
        li s5, 12
        li s6, 13
        li s7, 14
        li s0, 15
        vmov v1, v0
        vmov v2, v0
        vmov v3, v0
        vmov v4, v0
        vmov v5, v0
        vmov v6, v0
        vmov v7, v0
        li s3, 0
        vinc v1, v0
        tagchk v0, v1, s4
        done 0
    show:
        vld v0
        vst v0
        vst v1
        vst v2
        vst v3
        vst v4
        vst v5
        vst v6
        vst v7
        vsetw v1, s0, 0
        vsetw v1, s1, 1
        vsetw v1, s2, 2
        vsetw v1, s3, 3
        vst v1
        vsetw v1, s4, 0
        vsetw v1, s5, 1
        vsetw v1, s6, 2
        vsetw v1, s7, 3
        vst v1
        ghash v0
        ghget v2
        vst v2
        bf  flag
        done 0
    flag:
        done 1
    """
    prog = assemble_text(text)
    e = prog.entries
    x = (1 << 128) - 1
    tasks = [words_task([x], entry=e["dirty"]), words_task([0], entry=e["show"], args=(1, 2, 3, 4))]
    res = await check(dut, prog, tasks)
    assert res[1].status == ST["OK"], "F survived the task end"
    got = [blk(b) for b in out_bytes(res[1])]
    assert got[:8] == [0] * 8, "a vector register survived the task end"
    assert got[8] == (1 << 96) | (2 << 64) | (3 << 32) | 4, "s0..s3 are not the arguments"
    assert got[9] == 0, "s4..s7 survived the task end"
    assert got[10] == 0, "GHASH H survived the task end (Y = (0 ^ 0) * H must be 0 with H = 0)"


@cocotb.test()
async def trap_with_engines_busy(dut):
    """A trap while an AES block and a GHASH step run: the next task starts when they are
    idle, sees none of their results, and its timing equals the ISS's."""
    text = """
    .entry trap_ill
    .entry trap_trunc
    .entry next
    trap_ill:
        vld v0
        aes v1, v0
        ghinit v0
        ghash v0
        .word 0xffffffff
    trap_trunc:
        vld v0
        aes v1, v0
        ghash v0
        vld v2
    next:
        vld v0
        aes v1, v0
        ghinit v0
        ghash v1
        ghget v2
        vst v1
        vst v2
        done 0
    """
    prog = assemble_text(text)
    e = prog.entries
    tasks = []
    for first, data in (("trap_ill", [5, 6]), ("trap_trunc", [5])):
        tasks += [words_task(data, entry=e[first]), words_task([7], entry=e["next"])]
    res = await check(dut, prog, tasks)
    assert [r.status for r in res] == [ST["ILLEGAL"], ST["OK"], ST["TRUNCATED"], ST["OK"]]
    assert res[0].writebacks == [] and res[2].writebacks == []


@cocotb.test()
async def start_right_after_firmware_write(dut):
    """A start offered right after a firmware write runs the word just written.

    The second program differs from the first only in the entry word, so that
    word is the last (and only) write, and the start is offered on the next
    cycle: a start that did not wait for the write to pass the core's
    registers into the memory would run the old entry word."""
    tasks = [Task(0, (0, 0, 0, 0), [])]
    first = await check(dut, "done 1", tasks)
    prog = assemble_text("done 2")
    second = await run_on_rtl(dut, prog, None, tasks)   # no key load between write and start
    assert_same(second[0], iss(prog, KEY128, tasks)[0], "task after the write")
    assert [r.status for r in first + second] == [1, 2]


@cocotb.test()
async def firmware_write_during_task_ignored(dut):
    """imem writes while a task runs are ignored (the task and the next one run the old program)."""
    from cocotb.triggers import FallingEdge, ReadOnly
    text = """
        vld v0
        li  s4, 40
        li  s5, 0
    loop:
        vinc v0, v0
        addi s4, s4, -1
        bne s4, s5, loop
        vst v0
        done 0
    """
    prog = assemble_text(text)
    tasks = [words_task([1])]
    await check(dut, prog, tasks)       # loads the program

    async def scribble():
        d = dut
        while True:                      # wait until the task runs
            await ReadOnly()
            if int(d.trace_valid_o.value):
                break
            await FallingEdge(d.clk_i)
        for addr in range(len(prog.words) + 4):
            await FallingEdge(d.clk_i)
            d.imem_we_i.value = 1
            d.imem_addr_i.value = addr
            d.imem_wdata_i.value = 0xFFFFFFFF
        await FallingEdge(d.clk_i)
        d.imem_we_i.value = 0

    writer = cocotb.start_soon(scribble())
    res = await check(dut, prog, tasks)
    await writer
    res2 = await check(dut, prog, tasks)
    assert res[0].output == res2[0].output == [(41, 16)]


@cocotb.test()
async def long_packets(dut):
    """Packets longer than the input FIFO (136 words) and outputs of 130 words, in lock step."""
    prog = assemble_file(ROOT / "firmware" / "mccp.s")
    from mccp.aes.modes import build_task
    rng = random.Random(SEED + 10)
    key = rng.randbytes(16)
    ct = rng.randbytes(2080)
    tasks = [
        build_task(prog.entries, "gcm", "decrypt", ct, rng.randbytes(12), rng.randbytes(300), rng.randbytes(16), 16),
        build_task(prog.entries, "ctr", "encrypt", ct, rng.randbytes(16)),
        build_task(prog.entries, "ctr", "encrypt", ct + b"x", rng.randbytes(16)),   # 131 output words
    ]
    assert len(tasks[0].words) > 136
    res = await check(dut, prog, tasks, key=key)
    assert [r.status for r in res] == [ST["AUTH_FAIL"], ST["OK"], ST["OVERSIZE"]]
    assert len(res[1].output) == 130


# ---------------------------------------------------------------- firmware and random programs
# make test leaves this one to tests/core/tb_core_modes.py (the same CAVP samples, a third of them
# in lock step); make test-long runs it (CORE_FIRMWARE_CAVP=1)
@cocotb.test(skip=os.environ.get("CORE_FIRMWARE_CAVP", "1") == "0")
async def firmware_modes(dut):
    """The shipped firmware on NIST CAVP cases: RTL == ISS in lock step, output == NIST."""
    from mccp.ref import cavp
    prog = assemble_file(ROOT / "firmware" / "mccp.s")
    per = int(os.environ.get("CORE_CAVP_PER_SECTION", "1"))
    for name, cases in cavp.all_cases().items():
        sel = cavp.sample(cases, per)
        if not DECRYPT_ENABLE:
            sel = [c for c in sel if not (c.mode in ("ecb", "cbc") and c.op == "decrypt")]
        by_key: dict[bytes, list] = {}
        for c in sel:
            by_key.setdefault(c.key, []).append(c)
        for key, group in by_key.items():
            tasks = [cavp.task_for(prog.entries, c) for c in group]
            rtl = await run_on_rtl(dut, prog, key, tasks)
            ref = iss(prog, key, tasks)
            for c, a, b in zip(group, rtl, ref):
                assert_same(a, b, c.name)
                cavp.check(c, a.status, a.data)


def random_program(rng: random.Random, loop: bool, aes_ok: bool) -> tuple[str, int]:
    """A random program (straight-line, or a counted loop with a subroutine) and its vld count bound.

    Forward branches only, except the loop's back edge; s6 (loop bound) s7
    (counter) and s5 (link) are not written by the random body.
    """
    vr = lambda: f"v{rng.randrange(8)}"
    sr = lambda: f"s{rng.randrange(8)}"
    sw = lambda: f"s{rng.choice([0, 1, 2, 3, 4])}"
    lines: list[str] = []
    nvld = 0
    label = 0
    pending_labels: list[tuple[int, str]] = []
    n = rng.randrange(8, 40)
    for i in range(n):
        while pending_labels and pending_labels[0][0] <= i:
            lines.append(pending_labels.pop(0)[1] + ":")
        r = rng.random()
        kind = rng.choice(["salu"] * 4 + ["valu"] * 5 + ["io"] * 3 + ["aes"] * 3 + ["gh"] * 2 + ["br"] * 2 + ["nop"])
        if kind == "salu":
            op = rng.choice(["li", "addi", "add", "sub", "and", "or", "andi", "ori", "shli", "shri", "vgetw"])
            if op == "li":
                lines.append(f"li {sw()}, {rng.randrange(1 << 14) if r < 0.5 else rng.randrange(20)}")
            elif op == "addi":
                lines.append(f"addi {sw()}, {sr()}, {rng.randrange(-20, 20)}")
            elif op in ("andi", "ori"):
                lines.append(f"{op} {sw()}, {sr()}, {rng.randrange(1 << 14)}")
            elif op in ("shli", "shri"):
                lines.append(f"{op} {sw()}, {sr()}, {rng.randrange(32)}")
            elif op == "vgetw":
                lines.append(f"vgetw {sw()}, {vr()}, {rng.randrange(4)}")
            else:
                lines.append(f"{op} {sw()}, {sr()}, {sr()}")
        elif kind == "valu":
            op = rng.choice(["vmov", "vzero", "vxor", "vand", "vor", "vmask", "vpad", "vinc", "vsetw",
                             "vshlb", "vshrb", "vdbl", "tagchk"])
            if op == "vzero":
                lines.append(f"vzero {vr()}")
            elif op in ("vmov", "vinc", "vdbl"):
                lines.append(f"{op} {vr()}, {vr()}")
            elif op in ("vxor", "vand", "vor"):
                lines.append(f"{op} {vr()}, {vr()}, {vr()}")
            elif op in ("vmask", "vpad"):
                lines.append(f"{op} {vr()}, {vr()}, {sr()}")
            elif op == "vsetw":
                lines.append(f"vsetw {vr()}, {sr()}, {rng.randrange(4)}")
            elif op in ("vshlb", "vshrb"):
                lines.append(f"{op} {vr()}, {vr()}, {rng.randrange(16)}")
            else:
                lines.append(f"tagchk {vr()}, {vr()}, {sr()}")
        elif kind == "io":
            op = rng.choice(["vld", "vld", "vst", "vstn"])
            if op == "vld":
                nvld += 1
                lines.append(f"vld {vr()}")
            elif op == "vst":
                lines.append(f"vst {vr()}")
            else:
                lines.append(f"vstn {vr()}, {sr()}")
        elif kind == "aes":
            if aes_ok:
                op = rng.choice(["aes", "aes", "aesx"] + (["aesd"] if DECRYPT_ENABLE else []))
                lines.append(f"aesx {vr()}, {vr()}, {vr()}" if op == "aesx" else f"{op} {vr()}, {vr()}")
            else:
                lines.append("nop")
        elif kind == "gh":
            op = rng.choice(["ghinit", "ghash", "ghash", "ghget"])
            lines.append(f"{op} {vr()}")
        elif kind == "br":
            label += 1
            name = f"f{label}"
            skip = rng.randrange(0, 4)
            pending_labels.append((i + 1 + skip, name))
            pending_labels.sort()
            op = rng.choice(["beq", "bne", "blt", "bge", "bf", "jmp"])
            if op in ("bf", "jmp"):
                lines.append(f"{op} {name}")
            else:
                lines.append(f"{op} {sr()}, {sr()}, {name}")
        else:
            lines.append("nop")
    for _, name in pending_labels:
        lines.append(name + ":")
    body = "\n".join(lines)
    if not loop:
        return body + f"\ndone {rng.choice([0, 0, 0, 0, 1])}\n", nvld
    iters = rng.randrange(1, 5)
    call = "jal s5, sub\n" if rng.random() < 0.5 else ""
    text = (f"li s7, {iters}\nli s6, 1\nloop:\n{body}\n{call}addi s7, s7, -1\nbge s7, s6, loop\ndone 0\n"
            f"sub:\nvinc v0, v0\njr s5\n")
    return text, nvld * iters


@cocotb.test()
async def lockstep_random(dut):
    """Random straight-line and looping programs: RTL and ISS event streams identical."""
    rng = random.Random(SEED + 8)
    keys = [rng.randbytes(16), rng.randbytes(24), rng.randbytes(32)]
    for i in range(N_RANDOM):
        loop = i % 2 == 1
        text, nvld = random_program(rng, loop, aes_ok=True)
        prog = assemble_text(text)
        key = keys[i % 3]
        tasks = []
        for _ in range(rng.randrange(1, 4)):
            nw = max(1, nvld + rng.choice([-2, 0, 0, 0, 1, 3]))
            args = tuple(rng.choice([rng.getrandbits(32), rng.randrange(-3, 20) & 0xFFFFFFFF]) for _ in range(4))
            tasks.append(Task(0, args, [Word(rng.getrandbits(128), j == nw - 1) for j in range(nw)]))
        rtl = await run_on_rtl(dut, prog, key, tasks)
        ref = iss(prog, key, tasks)
        for j, (a, b) in enumerate(zip(rtl, ref)):
            try:
                assert_same(a, b, f"program {i} task {j}")
            except AssertionError:
                dut._log.error("program %d:\n%s", i, text)
                raise


@cocotb.test()
async def decode_fuzz(dut):
    """Random words (mostly near-legal encodings): ILLEGAL exactly when the ISA says undefined."""
    rng = random.Random(SEED + 9)
    ops = [i.opcode for i in ISA.instructions]
    words = []
    for _ in range(200):
        w = rng.getrandbits(32)
        if rng.random() < 0.8:
            w = (rng.choice(ops) << 26) | (w & ((1 << 26) - 1))
            # clear some fields so that part of them are defined
            for lo, width in ((22, 4), (18, 4), (14, 4), (0, 14), (4, 10), (2, 12), (5, 9), (8, 6)):
                if rng.random() < 0.5:
                    w &= ~(((1 << width) - 1) << lo)
        words.append(w)
    # one program: pairs (word, done 0) at even addresses, each task starts at one pair
    done0 = assemble_text("done 0").words[0]
    image = []
    for w in words:
        image += [w, done0]
    prog = image
    tasks = []
    for k, w in enumerate(words):
        try:
            iss(prog, KEY128, [words_task([1, 2], entry=2 * k)], max_cycles=3000)
        except ValueError:
            continue   # a jump into an endless loop
        tasks.append(words_task([1, 2], entry=2 * k, args=(1, 2, 3, 4)))
    ref = iss(prog, KEY128, tasks)
    rtl = await run_on_rtl(dut, prog, KEY128, tasks)
    n_illegal = 0
    for k, (t, a, b) in enumerate(zip(tasks, rtl, ref)):
        w = prog[t.entry]
        assert_same(a, b, f"word {w:08x} ({ISA.disassemble(w)})")
        if ISA.decode(w) is None:
            assert a.status == ST["ILLEGAL"] and a.cycles == FIRST_ISSUE + 1 + 2, f"{w:08x}"
            n_illegal += 1
    assert 20 < n_illegal < len(tasks) - 20, n_illegal
