"""The ARX element benchmark (`mccp bench arx`, results/bench_arx.json).

`element`: the ISS's cycles (equal to the RTL's, held instruction by instruction by
tests/arx/test_arx_pe.py) of each firmware entry over message lengths, from the start handshake
to the result, with the element's input there and its output drained.  Per entry the cycles of
every length, and the cost per block of the algorithm (64 bytes; BLAKE2b 128; pi-Cipher its rate,
16, 32 or 64: the slope between the longest two lengths, whole blocks) and the fixed cost (the
cycles of a one-block message less one block).  The pi-Cipher entries run on the pi image
(firmware/arx/pi.s); `pi<w>_ast` is its x * y as the permutation does it: the cycles inside the
permutation routine over a message's encryption, per permutation, / 24 (the x * y of one pi;
per_block = cycles per x * y, block_bytes = the 4 w-bit words of one).  The Poly1305
unit's rate is a block per PolyCycles: `poly_cycles`.

`fabric`: ChaCha20-Poly1305 through the device API on mccp_top with 1, 2 and 4 ARX elements
(and one AES core): packets of PACKET bytes queued back to back on several channels; cycles per
packet in steady state (from the first result to the last) and one packet's latency (its first
input beat to its last output beat, alone).

Every output is checked against `cryptography` or `hashlib` (SipHash: mccp.ref.siphash, itself
checked against the authors' vectors) before a figure is kept.
"""

from __future__ import annotations

import hashlib
import logging
import random

from cryptography.hazmat.primitives.ciphers import Cipher, algorithms
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305

from mccp.aes.task import make_task
from mccp.arx.image import FIRMWARE, PI_FIRMWARE
from mccp.asm import assemble_file
from mccp.device.api import Device
from mccp.isa import load
from mccp.iss.arx import ArxElement, Config
from mccp.ref.pi_cipher import ROUNDS, PiCipher
from mccp.ref.siphash import siphash

logger = logging.getLogger(__name__)

LENGTHS = (0, 16, 32, 64, 128, 256, 1024, 2048)
PI_WIDTHS = (16, 32, 64)
AST_PER_PERMUTATION = 8 * ROUNDS       # pi: 3 rounds of 2 x 4 x * y
FABRIC_ELEMENTS = (1, 2, 4)
PACKET = 2048
PACKETS_PER_ELEMENT = 6


def _key_int(key: bytes) -> int:
    return int.from_bytes(key, "little")


def _cases(key: bytes, rng: random.Random) -> dict:
    """entry -> (block bytes, a function of the message giving (task args, the reference's output, the
    key the element is given))."""
    aead = ChaCha20Poly1305(key)

    def chacha20(pt):
        nonce = rng.randbytes(16)
        return dict(nonce=nonce, payload=pt), Cipher(algorithms.ChaCha20(key, nonce), None).encryptor().update(pt), key

    def aead_enc(pt):
        nonce = rng.randbytes(12)
        return dict(nonce=nonce, payload=pt, tag_len=16), aead.encrypt(nonce, pt, b""), key

    def aead_dec(pt):
        nonce = rng.randbytes(12)
        sealed = aead.encrypt(nonce, pt, b"")
        return dict(nonce=nonce, payload=sealed[:-16], tag=sealed[-16:], tag_len=16), pt, key

    return {
        "chacha20": (64, chacha20),
        "chacha20_poly1305_enc": (64, aead_enc),
        "chacha20_poly1305_dec": (64, aead_dec),
        "siphash24": (64, lambda pt: (dict(payload=pt, tag_len=8), siphash(key[:16], pt), key[:16])),
        "sha256": (64, lambda pt: (dict(payload=pt, tag_len=32), hashlib.sha256(pt).digest(), b"")),
        "blake2s": (64, lambda pt: (dict(payload=pt, tag_len=32), hashlib.blake2s(pt).digest(), b"")),
        "blake2b": (128, lambda pt: (dict(payload=pt, tag_len=64), hashlib.blake2b(pt).digest(), b"")),
    }


def _pi_cases(key: bytes, rng: random.Random) -> dict:
    """The pi image's encryptions and decryptions (a 16-byte key, the known answers' nonces)."""
    out = {}
    for w in PI_WIDTHS:
        ref, npub = PiCipher(w), rng.randbytes(4 if w == 16 else 16)

        def enc(pt, ref=ref, npub=npub, w=w):
            return dict(nonce=npub, payload=pt, tag_len=w), ref.encrypt(key, npub, pt), key

        def dec(pt, ref=ref, npub=npub, w=w):
            sealed = ref.encrypt(key, npub, pt)
            return dict(nonce=npub, payload=sealed[:-w], tag=sealed[-w:], tag_len=w), pt, key

        out[f"pi{w}_enc"], out[f"pi{w}_dec"] = (w, enc), (w, dec)
    return out


def _ast(prog, elem: ArxElement, w: int, case) -> dict:
    """pi<w>'s x * y in the permutation: the cycles of the instructions issued inside the
    permutation routine (from its label to its ret) per permutation, / 24."""
    isa = load("arx")
    start = prog.symbols[f"pi{w}_perm"]
    end = next(a for a in range(start, len(prog.words)) if isa.decode(prog.words[a])[0].mnemonic == "ret")
    fields, want, key = case(bytes(4 * w))
    r = elem.run(make_task(prog.entries[f"pi{w}_enc"], **fields), _key_int(key), key_len=len(key))
    if r.status != 0 or r.data != want:
        raise RuntimeError(f"pi{w}: the output differs from mccp.ref.pi_cipher")
    issued = {(e.pc, e.cycle) for e in r.retired if start <= e.pc <= end}
    calls = sum(1 for pc, _ in issued if pc == start)
    per_ast = len(issued) / calls / AST_PER_PERMUTATION
    logger.info(f"  pi{w}_ast: {per_ast:.2f} cycles per x * y ({len(issued) / calls:.0f} per permutation)")
    return {"cycles": {}, "block_bytes": w // 2, "per_block": per_ast, "fixed": 0.0,
            "permutation": len(issued) / calls}


def _element() -> dict:
    rng = random.Random(4)
    key = rng.randbytes(32)
    out = _entries(assemble_file(FIRMWARE, isa=load("arx")), _cases(key, rng), rng)
    pi_cases = _pi_cases(key[:16], rng)
    prog = assemble_file(PI_FIRMWARE, isa=load("arx"))
    out.update(_entries(prog, pi_cases, rng))
    elem = ArxElement(prog.words, prog.consts)
    for w in PI_WIDTHS:
        out[f"pi{w}_ast"] = _ast(prog, elem, w, pi_cases[f"pi{w}_enc"][1])
    return out


def _entries(prog, cases: dict, rng: random.Random) -> dict:
    elem = ArxElement(prog.words, prog.consts)
    out = {}
    for name, (block, case) in cases.items():
        if name not in prog.entries:
            continue
        cycles = {}
        for n in LENGTHS:
            fields, want, key = case(rng.randbytes(n))
            r = elem.run(make_task(prog.entries[name], **fields), _key_int(key), key_len=len(key))
            if r.status != 0 or r.data != want:
                raise RuntimeError(f"{name}, {n} bytes: status {r.status} or output differs from the reference")
            cycles[n] = r.cycles
        a, b = LENGTHS[-2], LENGTHS[-1]
        per_block = (cycles[b] - cycles[a]) / ((b - a) / block)
        out[name] = {"cycles": {str(n): c for n, c in cycles.items()}, "block_bytes": block, "per_block": per_block,
                     "fixed": cycles[block] - per_block}
        logger.info(f"  {name}: {per_block:.1f} cycles per {block}-byte block, {out[name]['fixed']:.0f} fixed")
    return out


def _fabric() -> list[dict]:
    rows = []
    rng = random.Random(8)
    key = rng.randbytes(32)
    ref = ChaCha20Poly1305(key)
    for n in FABRIC_ELEMENTS:
        with Device(cores=1, arx_units=n, stream_bits=128) as dev:
            dev.load_key(1, key)
            chans = [dev.open_channel("chacha20-poly1305", key_slot=1, policy=set()) for _ in range(n)]
            nonce, pt = rng.randbytes(12), rng.randbytes(PACKET)
            dev.submit(chans[0], "encrypt", pt, nonce=nonce)
            (alone,) = dev.drain()
            if not alone.ok or alone.data + alone.tag != ref.encrypt(nonce, pt, b""):
                raise RuntimeError("fabric: a packet alone differs from cryptography")
            want = {}
            for i in range(n * PACKETS_PER_ELEMENT):
                nonce, pt = rng.randbytes(12), rng.randbytes(PACKET)
                t = dev.submit(chans[i % n], "encrypt", pt, nonce=nonce)
                want[t] = ref.encrypt(nonce, pt, b"")
            results = dev.drain()
            for r in results:
                if not r.ok or r.data + r.tag != want[r.ticket]:
                    raise RuntimeError(f"fabric, {n} elements: a result differs from cryptography")
            exits = sorted(r.exit_cycle for r in results)
            per_packet = (exits[-1] - exits[0]) / (len(exits) - 1)
            rows.append({"elements": n, "packet_bytes": PACKET, "packets": len(results),
                         "cycles_per_packet": per_packet, "latency": alone.exit_cycle - alone.entry_cycle})
            logger.info(f"  {n} elements: {per_packet:.0f} cycles per {PACKET}-byte packet, "
                        f"latency {rows[-1]['latency']}")
    return rows


def bench_arx() -> dict:
    return {"element": _element(), "poly_cycles": Config().poly_cycles, "fabric": _fabric()}
