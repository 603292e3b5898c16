"""pi-Cipher on the ARX element's ISS: the phi instructions (pmu, pnu, pmut, pnut, pmux,
pnux) against mccp.ref.pi_cipher's x * y, and the pi image (firmware/arx/pi.s) against the
reference implementation's known answers and mccp.ref.pi_cipher (which those answers check).
The RTL runs the same instructions and the pi image's entries in lock-step with the ISS
(tests/arx/test_arx_pe.py)."""

from __future__ import annotations

import random

import pytest

from arx.arx_fw import key_int, pi_program, pi_task
from arx.pi_vectors import files as vector_files, load as load_vectors
from mccp.aes.task import make_task, unpack_output
from mccp.asm import AsmError, assemble_text
from mccp.isa import load
from mccp.iss.arx import ArxElement
from mccp.ref.pi_cipher import PiCipher

ISA = load("arx")

# x * y for each word size, x and y from the input, z to the output: pi16 and pi32 in one
# register (pi16 twice: two chunks per register), pi64 on register pairs.
AST = """
.entry ast16
ast16:
    cli     c7, 16
    mov     v0, in
    mov     v1, in
    pmu.16  v2, v0
    pnu.16  v3, v1
    add.16  out, v2, v3
    done    OK
.entry ast32
ast32:
    cli     c7, 16
    mov     v0, in
    mov     v1, in
    pmu.32  v2, v0
    pnu.32  v3, v1
    add.32  out, v2, v3
    done    OK
.entry ast64
ast64:
    cli     c7, 32
    mov     v0, in
    mov     v1, in
    mov     v2, in
    mov     v3, in
    pmut    v4, v0, v1
    pmux    v5, v0, v1, v4
    pnut    v6, v2, v3
    pnux    v7, v2, v3, v6
    add.64  out, v5, v7
    add.64  out, v4, v6
    done    OK
"""


def _words(data: bytes, w: int) -> list[int]:
    b = w // 8
    return [int.from_bytes(data[i:i + b], "little") for i in range(0, len(data), b)]


def _bytes(words: list[int], w: int) -> bytes:
    return b"".join(x.to_bytes(w // 8, "little") for x in words)


@pytest.mark.parametrize("w", [16, 32, 64])
def test_ast_instructions(w):
    """add(pmu x, pnu y) = x * y on random and extreme words (all ones: the longest carries)."""
    prog = assemble_text(AST, isa=ISA)
    elem = ArxElement(prog.words, prog.consts)
    ref, rng = PiCipher(w), random.Random(w)
    chunks = 2 if w == 16 else 1                  # pi16: two independent x * y per register
    ones = [(1 << w) - 1] * 4
    cases = [(ones, ones), ([0] * 4, ones)] + [([rng.getrandbits(w) for _ in range(4)],
                                                [rng.getrandbits(w) for _ in range(4)]) for _ in range(60)]
    for i in range(0, len(cases), chunks):
        pairs = cases[i:i + chunks]
        xs = [x for p in pairs for x in p[0]]
        ys = [y for p in pairs for y in p[1]]
        r = elem.run(make_task(prog.entries[f"ast{w}"], payload=_bytes(xs, w) + _bytes(ys, w)))
        assert r.status == 0
        want = [z for x, y in pairs for z in ref._ast(x, y)]
        assert _words(unpack_output(r.output), w) == want, (w, pairs)


def test_phi_encodings():
    """The widths each phi instruction is defined for, and the pi64 second step's two
    destinations."""
    for bad in ("pmu.64 v0, v1", "pnu.64 v0, v1", "pmu v0, v1", "pmux v0, v1, v2"):
        with pytest.raises(AsmError):
            assemble_text(f"x:\n    {bad}\n", isa=ISA)
    prog = assemble_text(".entry bad\nbad:\n    pmux v3, v1, v2, v3\n    done OK\n", isa=ISA)
    r = ArxElement(prog.words, prog.consts).run(make_task(prog.entries["bad"]))
    assert r.status == ISA.status("ILLEGAL")


# ---- the pi image (firmware/arx/pi.s) -------------------------------------------------------------
OK, AUTH_FAIL, BAD_PARAM = ISA.status("OK"), ISA.status("AUTH_FAIL"), ISA.status("BAD_PARAM")
WIDTHS = (16, 32, 64)


@pytest.fixture(scope="module")
def pi_elem():
    prog = pi_program()
    return ArxElement(prog.words, prog.consts)


def run_pi(elem, task, key: bytes):
    r = elem.run(task, key=key_int(key), key_len=len(key))
    return r.status, unpack_output(r.output)


def _kat_sample(path, every: int) -> list:
    """Every `every`-th vector, and each one whose message or AAD crosses a rate block."""
    vectors = load_vectors(path)
    rate = vectors[0].w
    edge = {0, 1, rate - 1, rate, rate + 1}
    return [v for i, v in enumerate(vectors) if i % every == 0 or (len(v.msg) in edge and len(v.ad) in edge)]


def _check_kat(elem, v) -> None:
    w = v.w
    status, out = run_pi(elem, pi_task(w, False, True, v.npub, v.ad, v.nsec + v.msg), v.key)
    assert (status, out) == (OK, v.cipher), (len(v.msg), len(v.ad))
    body, tag = v.cipher[:-w], v.cipher[-w:]
    status, out = run_pi(elem, pi_task(w, True, True, v.npub, v.ad, body, tag), v.key)
    assert (status, out) == (OK, v.nsec + v.msg), (len(v.msg), len(v.ad))


KAT_FILES = vector_files()          # pi16cipher096 (a 12-byte key) among them


@pytest.mark.parametrize("path", KAT_FILES, ids=lambda p: p.name.split(".")[0])
def test_known_answers(pi_elem, path):
    """The reference implementation's answers (with a secret message number, as all of them
    are): encrypt, and decrypt back to the secret message number and the message."""
    for v in _kat_sample(path, 40):
        _check_kat(pi_elem, v)


@pytest.mark.long
@pytest.mark.parametrize("path", KAT_FILES, ids=lambda p: p.name.split(".")[0])
def test_every_known_answer(pi_elem, path):
    for v in load_vectors(path):
        _check_kat(pi_elem, v)


@pytest.mark.parametrize("w", WIDTHS)
def test_lengths(pi_elem, w):
    """Without a secret message number, messages and AAD over several blocks and every kind of
    last block, 16- and 32-byte keys (pi16: 12 and 16) and nonces of 0 to 16 bytes: against
    mccp.ref.pi_cipher, and decrypted back."""
    ref, rng = PiCipher(w), random.Random(w)
    lengths = [0, 1, 15, 16, 17, w - 1, w, w + 1, 2 * w + 5, 3 * w]
    for n in lengths:
        ad_len = rng.choice(lengths)
        key = rng.randbytes(rng.choice((12, 16) if w == 16 else (16, 32)))
        npub = rng.randbytes(rng.randint(0, 15 if w == 16 else 16))
        msg, ad = rng.randbytes(n), rng.randbytes(ad_len)
        sealed = ref.encrypt(key, npub, msg, ad)
        assert run_pi(pi_elem, pi_task(w, False, False, npub, ad, msg), key) == (OK, sealed), (n, ad_len)
        assert run_pi(pi_elem, pi_task(w, True, False, npub, ad, sealed[:-w], sealed[-w:]), key) == (OK, msg)


@pytest.mark.parametrize("w", WIDTHS)
def test_decrypt_refuses_a_change(pi_elem, w):
    """A flipped bit in the tag, the ciphertext, the AAD or the nonce: AUTH_FAIL and no output."""
    ref, rng = PiCipher(w), random.Random(100 + w)
    key, npub, msg, ad = rng.randbytes(16), rng.randbytes(4), rng.randbytes(2 * w + 3), rng.randbytes(w + 1)
    sealed = ref.encrypt(key, npub, msg, ad)

    def flip(b: bytes) -> bytes:
        i = rng.randrange(len(b))
        return b[:i] + bytes([b[i] ^ 1 << rng.randrange(8)]) + b[i + 1:]

    for body, tag, a, n in ((sealed[:-w], flip(sealed[-w:]), ad, npub), (flip(sealed[:-w]), sealed[-w:], ad, npub),
                            (sealed[:-w], sealed[-w:], flip(ad), npub), (sealed[:-w], sealed[-w:], ad, flip(npub))):
        assert run_pi(pi_elem, pi_task(w, True, False, n, a, body, tag), key) == (AUTH_FAIL, b"")


@pytest.mark.parametrize("w", WIDTHS)
def test_bad_parameters(pi_elem, w):
    """BAD_PARAM, no output: a tag that is not the whole rate, a 24-byte key (pi16: 32 too), a
    nonce that does not fit (pi16: 16 bytes; others 17), a payload shorter than the secret
    message number, a 12-byte key beyond pi16."""
    key = bytes(16)
    bad = [(pi_task(w, False, False, bytes(4), b"", b"abc", tag_len=w - 1), key),
           (pi_task(w, False, False, bytes(4), b"", b"abc"), bytes(24)),
           (pi_task(w, False, False, bytes(16 if w == 16 else 17), b"", b"abc"), key),
           (pi_task(w, False, True, bytes(4), b"", bytes(w - 1)), key),
           (pi_task(w, True, True, bytes(4), b"", bytes(w - 1), bytes(w)), key)]
    if w == 16:
        bad.append((pi_task(w, False, False, bytes(4), b"", b"abc"), bytes(32)))
    else:
        bad.append((pi_task(w, False, False, bytes(4), b"", b"abc"), bytes(12)))
    for task, k in bad:
        assert run_pi(pi_elem, task, k) == (BAD_PARAM, b"")
