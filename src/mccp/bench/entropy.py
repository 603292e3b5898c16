"""The randomness unit inside mccp_top (`mccp bench entropy`, results/bench_entropy.json).

Through the device API over the Verilator model of mccp_top (1 AES core, 1 EC unit "m283-d71",
the randomness unit of a simulation build with test entropy, so that its DRBG can be put in a
known state and every output checked).  Latencies are the device's: a packet's first input beat
to its last output beat (Result.entry_cycle / exit_cycle).

- source: raw samples per cycle (RNG_SAMPLES over a window of cycles) and the conditioning
  ratio (raw bits per full-entropy bit: RNG_COND.BLOCKS); the cycles of a restart (start-up
  health test, self-test, instantiation) until READY;
- generate: latency and bytes per cycle per request size, and sustained with requests queued
  back to back; every output against the reference CTR_DRBG (mccp.ref.ctr_drbg);
- prediction resistance, reseed, instantiate: latency (conditioned entropy from the source);
- key generation: an AES key into a slot (checked by encrypting with it), and an EC private
  scalar per curve (checked through its public key against galois), mean over trials (the
  candidates rejected vary).
"""

from __future__ import annotations

import logging
import random
import statistics

from mccp.device import rng_packets
from mccp.device.api import Device
from mccp.ecc import curves
from mccp.ref import aes as aes_ref
from mccp.ref.ctr_drbg import CtrDrbg
from mccp.ref.ec_galois import RefCurve

logger = logging.getLogger(__name__)

EC_CONFIG = "m283-d71"
GEN_SIZES = (16, 64, 256, 1024, 2048)
STREAM_REQUESTS = 8
KEYGEN_TRIALS = 6
BLOCK = bytes(range(16))


def _known_state(dev: Device, rng: random.Random) -> CtrDrbg:
    """The device's DRBG instantiated from known entropy (drbg_test), and the reference in the
    same state."""
    ent, nonce = rng.randbytes(32), rng.randbytes(16)
    dev.drbg_test("instantiate", ent + nonce)
    ref = CtrDrbg(256, True)
    ref.instantiate(ent, nonce)
    return ref


def _task(dev: Device, func: str, request: bytes, out_bytes: int = 0, **channel) -> tuple[int, bytes]:
    """One rng task: (latency in cycles, its output); raises on a non-OK status."""
    r = dev._wait(dev.submit_rng(dev._rng_channel(func, **channel), request, b"", out_bytes), func)
    if r.status != "OK":
        raise RuntimeError(f"{func}: status {r.status}")
    return r.exit_cycle - r.entry_cycle, r.data


def bench_entropy() -> dict:
    rng = random.Random(41)
    with Device(cores=1, ec_units=1, ec_config=EC_CONFIG, rng_test=True) as dev:
        status = dev.entropy_status()
        config = {"cores": 1, "ec_config": EC_CONFIG, "rings": dev.params.get("RngRings", 24),
                  "sample_div": dev.params.get("RngSampleDiv", 3), "buf_bytes": dev.buf_bytes,
                  "rct_cutoff": status["rct_cutoff"], "apt_cutoff": status["apt_cutoff"],
                  "cond_blocks": status["cond_blocks"]}

        # source: samples per cycle over a window, conditioning ratio, restart to READY
        s0, c0 = dev.read_reg("RNG_SAMPLES"), dev.cycles
        dev.model.step(40_000)
        s1, c1 = dev.read_reg("RNG_SAMPLES"), dev.cycles
        dev.write_reg("RNG_RESTART", go=1)
        t0 = dev.cycles
        while dev.entropy_status()["state"] != "READY":
            dev.model.step(32)
        bring_up = dev.cycles - t0
        source = {"samples": s1 - s0, "cycles": c1 - c0, "samples_per_cycle": (s1 - s0) / (c1 - c0),
                  "raw_bits_per_seed_bit": status["cond_blocks"], "restart_to_ready_cycles": bring_up}

        # generate: per size, then back to back, against the reference
        gen = []
        ref = _known_state(dev, rng)
        for n in GEN_SIZES:
            lat, out = _task(dev, "generate", rng_packets.request_word(n), n)
            if out != ref.generate(n):
                raise RuntimeError(f"generate {n}: output differs from the reference CTR_DRBG")
            gen.append({"bytes": n, "latency": lat, "bytes_per_cycle": n / lat})
        cfg = dev._rng_channel("generate")
        n = GEN_SIZES[-1]
        tickets = [dev.submit_rng(cfg, rng_packets.request_word(n), b"", n) for _ in range(STREAM_REQUESTS)]
        res = [dev._wait(t, "generate") for t in tickets]
        for r in res:
            if r.data != ref.generate(n):
                raise RuntimeError("queued generate: output differs from the reference CTR_DRBG")
        span = max(r.exit_cycle for r in res) - min(r.entry_cycle for r in res)
        stream = {"requests": STREAM_REQUESTS, "bytes": n, "cycles": span,
                  "bytes_per_cycle": STREAM_REQUESTS * n / span}

        # entropy from the source: prediction resistance, reseed, instantiate
        seeded = {
            "generate_pr_64": _task(dev, "generate", rng_packets.request_word(64, True), 64)[0],
            "reseed": _task(dev, "reseed", rng_packets.request_word())[0],
            "instantiate": _task(dev, "instantiate", rng_packets.request_word())[0],
        }

        # keys
        aes_keys = []
        for bits in (128, 192, 256):
            ref = _known_state(dev, rng)
            lat, _ = _task(dev, "generate", rng_packets.request_word(bits // 8), 0, dest_slot=2,
                           dest_len={128: 0, 192: 1, 256: 2}[bits])
            dev._keys[2] = bits // 8            # what generate_key records
            key = ref.generate(rng_packets.out_words_bytes(bits // 8))[:bits // 8]
            with dev.open_channel("ecb", 2) as ch:
                if ch.encrypt(BLOCK)[0] != aes_ref.ecb(key, BLOCK):
                    raise RuntimeError(f"generated AES-{bits} key is not the reference DRBG's")
            aes_keys.append({"bits": bits, "latency": lat})
        ec_keys = []
        for c in curves.CURVES:
            lats, pubs, cands = [], [], []
            w = -(-c.m // 128)
            rc = RefCurve.of(c)
            for _ in range(KEYGEN_TRIALS):
                ref = _known_state(dev, rng)
                lat, _ = _task(dev, "ec-keygen", rng_packets.request_word(), 0, curve=c, dest_slot=3)
                dev._keys[3] = c
                t = dev.cycles
                q = dev.ec_public(3)
                pubs.append(dev.cycles - t)
                tries = 0
                while True:
                    tries += 1
                    d = int.from_bytes(ref.generate(16 * w), "big") & ((1 << c.n.bit_length()) - 1)
                    if d <= c.n - 2:
                        break
                if q != RefCurve.ints(rc.mul(d + 1, rc.point(c.gx, c.gy))):
                    raise RuntimeError(f"ec_keygen {c.name}: public key is not d*G of the reference's d")
                lats.append(lat)
                cands.append(tries)
            ec_keys.append({"curve": c.name, "trials": KEYGEN_TRIALS, "mean": statistics.mean(lats),
                            "min": min(lats), "max": max(lats), "candidates_mean": statistics.mean(cands),
                            "public_key_cycles": statistics.mean(pubs)})
        logger.info(f"  source {source['samples_per_cycle']:.3f} samples/cycle; generate {stream['bytes_per_cycle']:.3f} "
                    "bytes/cycle sustained")
        return {"config": config, "source": source, "generate": gen, "generate_stream": stream,
                "seeded": seeded, "aes_keygen": aes_keys, "ec_keygen": ec_keys}
