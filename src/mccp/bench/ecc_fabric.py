"""The EC kind inside mccp_top (`mccp bench ecc-fabric`, results/bench_ecc_fabric.json).

Through the device API over the Verilator model of mccp_top, so every figure includes the
fabric: parser, scheduler, slot buffers, output stage and the host's register writes.

`ecdh`: `Device.ecdh` end to end, per curve and named EC configuration: the cycles of its
steps as the host sees them (dev.cycles before and after each call): the full validation of
the peer point (`ec_validate`), the ECC CDH primitive (`submit_ec("ecdh")`: the shared secret
into a key slot) and the key derivation on the AES cores (`derive_key`: CMAC extraction and
the SP 800-108 KDF, two tasks); and the primitive's own latency (its packet's entry to exit).
Each derived key is checked: a block encrypted under it on the device equals the block
encrypted by `cryptography` under the key derived from galois's shared point.

`mix`: paper 002's Table I inside the processor, with AES traffic beside it.  A device with
2 AES cores and N EC units (one shared microcode memory) gets `OPS_PER_UNIT` k*G on K-163 per
unit at once, alone or while both AES cores encrypt 2 KB AES-128-GCM packets; the EC
operations per 1000 cycles from the first EC packet's entry to the last one's exit, their
latencies, the AES bits per cycle meanwhile, and the efficiency E = ops x T_EC / (N x T): T_EC
the cycles of one k*G on a unit alone (the ISS's), T the interval.  Every EC result against
galois, every AES result against `cryptography`.
"""

from __future__ import annotations

import logging
import random
import statistics

from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.cmac import CMAC
from cryptography.hazmat.primitives.kdf.kbkdf import KBKDFCMAC, CounterLocation, Mode

from mccp.asm import assemble_file
from mccp.bench.ecc import FIRMWARE, _task, _words
from mccp.device import ec_packets
from mccp.device.api import Device
from mccp.ecc import curves
from mccp.ecc.configs import CONFIGS, iss_config
from mccp.isa import load
from mccp.iss.ecc import EcUnit
from mccp.ref.ec_galois import RefCurve

logger = logging.getLogger(__name__)

ECDH_CONFIGS = ("fast283", "compact163")
AES_CORES = 2
MIX_CONFIG = "compact163"
MIX_CURVE = "K-163"
MIX_UNITS = (1, 2, 4)
OPS_PER_UNIT = 4
GCM_BYTES = 2048
BLOCK = bytes(range(16))


def _point(ref: RefCurve, c: curves.Curve, k: int) -> tuple[int, int]:
    return RefCurve.ints(ref.mul(k, ref.point(c.gx, c.gy)))


def _derived_key(c: curves.Curve, z: int, key_len: int) -> bytes:
    mac = CMAC(algorithms.AES(bytes(16)))
    mac.update(z.to_bytes((c.m + 7) // 8, "big"))
    return KBKDFCMAC(algorithms.AES, Mode.CounterMode, key_len, 4, 4, CounterLocation.BeforeFixed,
                     b"", b"", None).derive(mac.finalize())


def ecdh_case(dev: Device, c: curves.Curve, rng: random.Random) -> dict:
    """One ECDH on curve c, step by step, with the derived key checked."""
    ref = RefCurve.of(c)
    d, e = rng.randrange(1, c.n), rng.randrange(1, c.n)
    peer = _point(ref, c, e)
    dev.load_ec_private(1, c.name, d)
    t0 = dev.cycles
    dev.ec_validate(c.name, peer)
    t1 = dev.cycles
    ticket = dev.submit_ec("ecdh", c.name, *peer, key_slot=1, dest_slot=5)
    (r,) = [r for r in dev.drain() if r.ticket == ticket]
    assert r.status == "OK", f"ecdh {c.name}: {r.status}"
    t2 = dev.cycles
    dev.derive_key(5, c.name, 5)
    t3 = dev.cycles
    z = RefCurve.ints(ref.mul(c.h * d % c.n, ref.point(*peer)))[0]
    with dev.open_channel("ecb", 5) as ch:
        got = ch.encrypt(BLOCK)[0]
    assert got == Cipher(algorithms.AES(_derived_key(c, z, 16)), modes.ECB()).encryptor().update(BLOCK), \
        f"ecdh {c.name}: the derived key differs from the reference's"
    return {"validate": t1 - t0, "primitive": t2 - t1, "primitive_latency": r.exit_cycle - r.entry_cycle,
            "derive": t3 - t2, "total": t3 - t0}


def bench_ecdh(rng: random.Random) -> dict:
    out: dict = {}
    for name in ECDH_CONFIGS:
        cfg = iss_config(CONFIGS[name])
        with Device(cores=AES_CORES, ec_units=1, ec_config=name) as dev:
            out[name] = {c.name: ecdh_case(dev, c, rng) for c in curves.CURVES if cfg.supports(c)}
        logger.info(f"  ecdh {name}: " + ", ".join(f"{c} {v['total']}" for c, v in out[name].items()))
    return out


def mix_run(dev: Device, c: curves.Curve, ops: int, aes: bool, rng: random.Random) -> dict:
    """`ops` k*G at once on the EC units, with or without GCM packets on the AES cores."""
    ref = RefCurve.of(c)
    jobs, gcm = {}, {}
    if aes:
        key = rng.randbytes(16)
        dev.load_key(0, key)
        ch = dev.open_channel("gcm", key_slot=0)
        for _ in range(4 * AES_CORES):
            nonce, data = rng.randbytes(12), rng.randbytes(GCM_BYTES)
            gcm[dev.submit(ch, "encrypt", data, nonce=nonce)] = (nonce, data)
    for _ in range(ops):
        k = rng.randrange(1, c.n)
        jobs[dev.submit_ec("ec-mulg", c.name, k)] = k
    results = {r.ticket: r for r in dev.drain()}
    if aes:
        ch.close()
    for t, k in jobs.items():
        r = results[t]
        assert r.status == "OK" and r.core in dev.ec_slots, f"k*G: {r.status} on slot {r.core}"
        assert ec_packets.split_body(ec_packets.EcChannelConfig(r.channel, "ec-mulg", c), r.data) == \
            _point(ref, c, k), "k*G differs from galois"
    for t, (nonce, data) in gcm.items():
        r = results[t]
        assert r.status == "OK" and r.data + r.tag == AESGCM(key).encrypt(nonce, data, None), "GCM differs"
    ec = [results[t] for t in jobs]
    first, last = min(r.entry_cycle for r in ec), max(r.exit_cycle for r in ec)
    span = [results[t] for t in gcm]
    aes_bits = sum(8 * GCM_BYTES for _ in span)
    aes_cycles = (max(r.exit_cycle for r in span) - min(r.entry_cycle for r in span)) if span else 0
    return {"ops": ops, "cycles": last - first, "ops_per_kcycle": 1000 * ops / (last - first),
            "latency_mean": statistics.fmean(r.exit_cycle - r.entry_cycle for r in ec),
            "latency_max": max(r.exit_cycle - r.entry_cycle for r in ec),
            "aes_bits_per_cycle": aes_bits / aes_cycles if aes_cycles else None}


def bench_mix(rng: random.Random) -> dict:
    c = curves.by_name(MIX_CURVE)
    prog = assemble_file(FIRMWARE, isa=load("ecc"))
    unit = EcUnit(prog.words, iss_config(CONFIGS[MIX_CONFIG]))
    k_words = _words(rng.randrange(1, c.n), m=c.m)
    unit.run(_task(prog, "ec_mulg", c, k_words))
    t_single = unit.run(_task(prog, "ec_mulg", c, k_words)).cycles      # warm buffer
    rows = []
    for n in MIX_UNITS:
        with Device(cores=AES_CORES, ec_units=n, ec_config=MIX_CONFIG) as dev:
            dev.ec_mul(c.name, 3)                                          # warm the buffers
            for aes in (False, True):
                r = mix_run(dev, c, OPS_PER_UNIT * n, aes, rng)
                r.update(units=n, aes=aes, efficiency=r["ops"] * t_single / (n * r["cycles"]))
                rows.append(r)
                logger.info(f"  mix {n} unit(s){' + AES' if aes else ''}: {r['ops_per_kcycle']:.3f} ops/kcycle, "
                            f"E {r['efficiency']:.3f}")
    return {"config": MIX_CONFIG, "curve": MIX_CURVE, "aes_cores": AES_CORES, "gcm_bytes": GCM_BYTES,
            "t_single": t_single, "rows": rows}


def bench_ecc_fabric() -> dict:
    rng = random.Random(3)
    return {"ecdh": bench_ecdh(rng), "mix": bench_mix(rng)}
