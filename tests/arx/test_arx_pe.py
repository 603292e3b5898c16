"""pytest wrapper: the ARX element's RTL in lock-step with the ISS (tests/arx/tb_arx_pe.py).

Every task is first run on the ISS here and checked against an independent reference
(`cryptography`), so a bench that passes means RTL == ISS == reference.  The tasks take every
entry of firmware/arx/arx.s over the lengths where the firmware's paths change, the refusals
and the hardware's own ends (TRUNCATED, LENGTH, ILLEGAL); the hashes against `hashlib`."""

from __future__ import annotations

import hashlib
import json
import random

import pytest
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305

from arx.arx_fw import aead_task, chacha20_task, key_int, pi_program, pi_task, program
from mccp import paths
from mccp.aes.task import Task, Word, make_task
from mccp.arx.image import uses_phi
from mccp.asm import assemble_text
from mccp.eda import sim
from mccp.eda.filelist import sources
from mccp.isa import load
from mccp.iss.arx import ArxElement, Config
from mccp.ref import xchacha
from mccp.ref.pi_cipher import PiCipher
from mccp.ref.siphash import siphash

ISA = load("arx")


def _spec(task: Task, key: bytes) -> dict:
    return {"entry": task.entry, "args": list(task.args), "words": [w.data for w in task.words],
            "key": key_int(key), "key_len": len(key)}


def firmware_tasks(rng: random.Random) -> list[tuple[dict, bytes | None, int]]:
    """(task, the reference's output or None, status) over every path of the firmware."""
    tasks = []
    for n in (0, 5, 16, 64, 100, 129):
        key, nonce16, pt = rng.randbytes(32), rng.randbytes(16), rng.randbytes(n)
        ct = Cipher(algorithms.ChaCha20(key, nonce16), None).encryptor().update(pt)
        tasks.append((_spec(chacha20_task(nonce16, pt), key), ct, 0))
    for n, a in ((0, 0), (1, 3), (40, 17), (64, 16), (150, 33)):
        key, nonce, pt, aad = rng.randbytes(32), rng.randbytes(12), rng.randbytes(n), rng.randbytes(a)
        sealed = ChaCha20Poly1305(key).encrypt(nonce, pt, aad)
        tasks.append((_spec(aead_task(False, nonce, aad, pt), key), sealed, 0))
        tasks.append((_spec(aead_task(True, nonce, aad, sealed[:-16], sealed[-16:]), key), pt, 0))
        bad = bytes([sealed[-16] ^ 1]) + sealed[-15:]
        tasks.append((_spec(aead_task(True, nonce, aad, sealed[:-16], bad), key), None, ISA.status("AUTH_FAIL")))
    e = program().entries
    for n in (0, 70):
        key, nonce, pt, aad = rng.randbytes(32), rng.randbytes(24), rng.randbytes(n), rng.randbytes(5)
        sealed = xchacha.seal(key, nonce, pt, aad)
        tasks.append((_spec(make_task(e["xchacha20_poly1305_enc"], nonce=nonce, aad=aad, payload=pt, tag_len=16), key),
                      sealed, 0))
        tasks.append((_spec(make_task(e["xchacha20_poly1305_dec"], nonce=nonce, aad=aad, payload=sealed[:-16],
                                      tag=sealed[-16:], tag_len=16), key), pt, 0))
    for n in (0, 9, 33):
        key, data = rng.randbytes(16), rng.randbytes(n)
        tasks.append((_spec(make_task(e["siphash24"], payload=data, tag_len=8), key), siphash(key, data), 0))
    for n in (0, 64, 130):
        data = rng.randbytes(n)
        tasks.append((_spec(make_task(e["siphash24_verify"], payload=data, tag=siphash(bytes(16), data), tag_len=8),
                            bytes(16)), b"", 0))
        tasks.append((_spec(make_task(e["sha256"], payload=data, tag_len=32), b""), hashlib.sha256(data).digest(), 0))
        key, nn = rng.randbytes(n % 33), rng.randint(1, 32)
        tasks.append((_spec(make_task(e["blake2s"], aad=key, payload=data, tag_len=nn), b""),
                      hashlib.blake2s(data, key=key, digest_size=nn).digest(), 0))
        key, nn = rng.randbytes(24), rng.randint(1, 64)
        tag = hashlib.blake2b(data, key=key, digest_size=nn).digest()
        tasks.append((_spec(make_task(e["blake2b_mac"], payload=data, tag_len=nn), key), tag, 0))
        tasks.append((_spec(make_task(e["blake2b_mac_verify"], payload=data, tag=tag, tag_len=nn), key), b"", 0))
        tasks.append((_spec(make_task(e["blake2s_mac_verify"], payload=data, tag=bytes(16), tag_len=16), key), None,
                      ISA.status("AUTH_FAIL")))
    tasks.append((_spec(make_task(e["chacha20"], nonce=bytes(12), payload=b"x"), bytes(32)), None, ISA.status("BAD_PARAM")))
    # a packet cut short (the firmware reads past its end) and one with a word too many
    short = chacha20_task(bytes(16), bytes(64))
    short.words.pop()
    tasks.append((_spec(short, bytes(32)), None, ISA.status("TRUNCATED")))
    long = make_task(e["chacha20"], nonce=bytes(16), payload=bytes(16))
    long.args = (0, 0, 16, 0)
    tasks.append((_spec(long, bytes(32)), None, ISA.status("LENGTH")))
    return tasks


def _iss_check(tasks, image, config: Config = Config()) -> None:
    elem = ArxElement(image["words"], image["consts"], config)
    for spec, want, status in tasks:
        task = Task(spec["entry"], tuple(spec["args"]),
                    [Word(w, i == len(spec["words"]) - 1) for i, w in enumerate(spec["words"])])
        r = elem.run(task, spec["key"], key_len=spec.get("key_len", 0))
        assert r.status == status, (spec["entry"], r.status, status)
        if want is not None:
            assert r.data == want


def _run(image: dict, tasks: list[dict], stalls: str = "0,0", pi_phi: bool = True) -> None:
    sim.run(toplevel="mccp_arx_pe", test_module="tb_arx_pe", sources=sources("arx"),
            parameters={} if pi_phi else {"PiPhi": 0}, module_dirs=[paths.TESTS / "arx"],
            extra_env={"ARX_IMAGE": json.dumps(image), "ARX_TASKS": json.dumps(tasks), "ARX_STALLS": stalls,
                       "ARX_PI_PHI": str(int(pi_phi))})


def test_arx_pe_lockstep():
    prog = program()
    image = {"words": prog.words, "consts": prog.consts}
    tasks = firmware_tasks(random.Random(42))
    _iss_check(tasks, image)
    _run(image, [t for t, _, _ in tasks])


def pi_tasks(rng: random.Random) -> list[tuple[dict, bytes | None, int]]:
    """The pi image's entries: each word size and direction, with and without the secret
    message number, over a last block short, empty and whole; a forged tag; a bad length."""
    tasks = []
    for w in (16, 32, 64):
        ref = PiCipher(w)
        for n, a in ((0, 0), (w + 3, w), (2 * w, 1)):
            key, npub, msg, ad = rng.randbytes(16 if w == 16 else 32), rng.randbytes(4), rng.randbytes(n), rng.randbytes(a)
            nsec = rng.randbytes(w)
            sealed = ref.encrypt(key, npub, msg, ad)
            tasks.append((_spec(pi_task(w, False, False, npub, ad, msg), key), sealed, 0))
            tasks.append((_spec(pi_task(w, True, False, npub, ad, sealed[:-w], sealed[-w:]), key), msg, 0))
            sealed = ref.encrypt(key, npub, msg, ad, nsec)
            tasks.append((_spec(pi_task(w, False, True, npub, ad, nsec + msg), key), sealed, 0))
            tasks.append((_spec(pi_task(w, True, True, npub, ad, sealed[:-w], sealed[-w:]), key), nsec + msg, 0))
        forged = bytes([sealed[-1] ^ 0x80])
        tasks.append((_spec(pi_task(w, True, True, npub, ad, sealed[:-w], sealed[-w:-1] + forged), key), None,
                      ISA.status("AUTH_FAIL")))
        tasks.append((_spec(pi_task(w, False, False, npub, ad, msg, tag_len=8), key), None, ISA.status("BAD_PARAM")))
    return tasks


def test_pi_image_lockstep():
    """The pi image (firmware/arx/pi.s) on the RTL, in lock-step with the ISS; each output
    checked against mccp.ref.pi_cipher."""
    prog = pi_program()
    image = {"words": prog.words, "consts": prog.consts}
    tasks = pi_tasks(random.Random(43))
    _iss_check(tasks, image)
    _run(image, [t for t, _, _ in tasks])


def without_phi(tasks) -> list:
    """The pi image's tasks as an element built without PiPhi answers them: ILLEGAL at the first
    phi instruction (bad tag lengths still BAD_PARAM: checked before any)."""
    bad = ISA.status("BAD_PARAM")
    return [(spec, None, bad if status == bad else ISA.status("ILLEGAL")) for spec, _, status in tasks]


def test_pi_image_without_phi_on_the_iss():
    """Config(pi_phi=False), as the RTL's PiPhi = 0: every pi-Cipher task ends ILLEGAL, and the
    standard image's tasks run as before."""
    prog = pi_program()
    assert uses_phi(prog)                            # the device refuses it on such elements
    _iss_check(without_phi(pi_tasks(random.Random(46))), {"words": prog.words, "consts": prog.consts},
               Config(pi_phi=False))
    prog = program()
    assert not uses_phi(prog)
    _iss_check(firmware_tasks(random.Random(47)), {"words": prog.words, "consts": prog.consts}, Config(pi_phi=False))


@pytest.mark.long
def test_element_without_phi():
    """The element built with PiPhi = 0 in lock-step with the ISS: the standard image's tasks as
    before, the pi image's ILLEGAL."""
    for prog, tasks in ((program(), firmware_tasks(random.Random(48))), (pi_program(), pi_tasks(random.Random(49)))):
        _run({"words": prog.words, "consts": prog.consts}, [t for t, _, _ in tasks], pi_phi=False)


def test_stalls():
    """Both images' tasks with the input missing in 30 % of the cycles and the output full in
    30 %: the same instructions, register values, output and status as the ISS (only the
    cycles move)."""
    for prog, tasks in ((program(), firmware_tasks(random.Random(44))), (pi_program(), pi_tasks(random.Random(45)))):
        _run({"words": prog.words, "consts": prog.consts}, [t for t, _, _ in tasks], stalls="0.3,0.3")


STREAM_FIRST = """
.entry first
first:
    cli     c1, 30
    loop    c1, body
    add.32  v1, v1, v2
body:
    add.32  v2, v2, v1
    jmp     256
"""
STREAM_OLD = "    done    BAD_PARAM\n"
STREAM_NEW = """
    cli     c7, 16
    xor     out, v1, v2
    done    OK
"""


def test_program_streams_in_while_running():
    """The instruction memory's second port: while a program runs its loop, the host writes a
    second program where the first jumps when done; the element runs the new code with no
    cycle lost (RTL == ISS, cycle for cycle), not the words that were there before."""
    isa = load("arx")
    first = assemble_text(STREAM_FIRST, isa=isa)
    old = assemble_text(STREAM_OLD, isa=isa).words
    new = assemble_text(STREAM_NEW, isa=isa).words
    words = first.words + [0] * (256 - len(first.words)) + old
    stream = [(256 + i, w, 10 + i) for i, w in enumerate(new)]   # written in cycles 10.., the loop runs to ~64
    task = {"entry": first.entries["first"], "args": [0, 0, 0, 0], "words": [], "key": 0, "stream": stream}
    elem = ArxElement(words, [])
    r = elem.run(Task(task["entry"], (0, 0, 0, 0), []), 0, stream=stream)
    assert r.status == 0 and len(r.output) == 1          # the new code ran
    assert ArxElement(words, []).run(Task(task["entry"], (0, 0, 0, 0), [])).status == ISA.status("BAD_PARAM")
    jmp_cycle = max(x.cycle for x in r.retired if x.pc == len(first.words) - 1)
    assert r.cycles == jmp_cycle + len(new) + 1           # no cycle between the jump and the new code
    _run({"words": words, "consts": []}, [task])


def test_decoder_agrees_with_the_table():
    """Random words of every opcode, each followed by `done OK`: the RTL's decoder
    (insn_defined, generated from arx.yml) traps ILLEGAL exactly where Isa.decode finds no
    instruction, and runs the others as the ISS does.  Control transfers are left out (a
    random jump may never come back)."""
    rng = random.Random(7)
    isa = load("arx")
    done = isa.by_mnemonic["done"].encode([0], isa)
    words, tasks, undefined = [], [], 0
    plain = [i for i in isa.instructions if i.unit != "ctrl"]
    while len(tasks) < 300:
        ins = rng.choice(plain)
        vals = [rng.choice(list(range(16)) + [v for _, v in o.kind.aliases]) if o.kind.register == "v"
                else rng.randrange(8) if o.kind.register else rng.randint(*o.kind.range()) for o in ins.operands]
        mods = {}
        for m in ins.mods:
            fixed = isa.fixed_values(m)
            mods[m] = (rng.choice(sorted(isa.lane_bits)) if m == "w" else
                       rng.randrange(isa.lane_bits[mods["w"]]) if m == "rot" else
                       rng.choice(sorted(fixed)) if fixed else rng.randrange(1 << isa.fields[m].width))
        try:
            word = ins.encode(vals, isa, mods)
        except ValueError:
            continue
        if rng.random() < 0.5:
            word ^= 1 << rng.randrange(64)       # often undefined, sometimes another instruction
        d = isa.decode(word)
        if d is not None and d[0].unit == "ctrl":
            continue
        undefined += d is None
        tasks.append({"entry": len(words), "args": [rng.randrange(40), 0, 0, 0], "words": [], "key": 0})
        words += [word, done]
    assert 50 < undefined < 250
    consts = [rng.getrandbits(128) for _ in range(64)]
    _run({"words": words, "consts": consts}, tasks)


ALU_OPS = ("add", "sub", "xor", "and", "or", "andn", "mov", "arx", "vins", "vmask", "vcmp", "bswap", "swz", "shar",
           "mst", "madd", "msig", "msch", "pmu", "pnu", "pmut", "pnut", "pmux", "pnux")


def test_alu_on_random_values():
    """Random vector instructions of every lane width, rotation and lane rotation on random
    register contents (loaded from the coefficient memory), RTL against the ISS write by write:
    the lane adder's carries, the rotator and the lane shuffles on values that exercise them,
    the SHA-256 round and schedule, pi-Cipher's phi in every width and direction, and the
    message memory (stores, then gathers of random words, often of a word the instruction
    before wrote)."""
    rng = random.Random(11)
    isa = load("arx")
    consts = [rng.getrandbits(128) for _ in range(16)]
    consts[0], consts[1] = (1 << 128) - 1, 0x8000_0000_0000_0000_8000_0000_0000_0000   # carries across lanes
    lines = [f"    ldc v{r}, {r}" for r in range(16)]
    lines += [f"    cli c{c}, {rng.randrange(1 << 16)}" for c in range(1, 7)]
    lines += [f"    mst {k}, v{k}" for k in range(8)]           # a whole message memory to gather from
    for _ in range(800):
        op = rng.choice(ALU_OPS)
        w = rng.choice((16, 32, 64))
        r = [rng.randrange(16) for _ in range(3)]
        if op in ("arx", "swz", "shar", "pmux", "pnux"):
            while r[2] == r[0]:
                r[2] = rng.randrange(16)
        n = rng.randrange                                   # a random number below its argument
        idx, pos = (", ".join(str(n(k)) for _ in range(4)) for k in (32, 16))
        d, a, c = (f"v{x}" for x in r)
        line = {
            "swz": lambda: f"swz {d}, {c}",
            "shar": lambda: f"shar {d}, {a}, {c}, {n(4)}",
            "bswap": lambda: f"bswap.{w} {d}, {a}",
            "pmu": lambda: f"pmu.{min(w, 32)} {d}, {a}",
            "pnu": lambda: f"pnu.{min(w, 32)} {d}, {a}",
            "pmut": lambda: f"pmut {d}, {a}, {c}",
            "pnut": lambda: f"pnut {d}, {a}, {c}",
            "pmux": lambda: f"pmux {d}, {a}, v{n(16)}, {c}",
            "pnux": lambda: f"pnux {d}, {a}, v{n(16)}, {c}",
            "mst": lambda: f"mst {n(8)}, {a}",
            "madd": lambda: f"madd.{w} {d}, {a}, {idx}",
            "msig": lambda: f"msig.{w} {d}, {a}, c{n(8)}, {pos}",
            "msch": lambda: f"msch {n(32)}, {idx}",
            "arx": lambda: f"arx.{w}.r{n(w)}.x{n(4)}.z{n(4)} {d}, {a}, {c}",
            "vins": lambda: f"vins.{w} {d}, c{n(8)}, {n(128 // w)}",
            "vmask": lambda: f"vmask {d}, c{n(8)}",
            "vcmp": lambda: f"vcmp {d}, {a}",
            "mov": lambda: f"mov.{w}.r{n(w)}.x{n(4)} {d}, {a}",
        }.get(op, lambda: f"{op}.{w}.r{n(w)}.x{n(4)} {d}, {a}, {c}")
        lines.append("    " + line())
    prog = assemble_text(".entry alu\nalu:\n" + "\n".join(lines) + "\n    done OK\n", isa=isa)
    task = {"entry": prog.entries["alu"], "args": [rng.getrandbits(32) for _ in range(4)], "words": [], "key": 0}
    _run({"words": prog.words, "consts": consts}, [task])


def test_poly1305_unit():
    sim.run(toplevel="mccp_arx_poly1305", test_module="tb_arx_poly1305", sources=sources("arx"),
            module_dirs=[paths.TESTS / "arx"])
