"""The randomness unit's calls of `mccp.Device` (docs/api.md "Randomness"), a mixin of Device.

    with mccp.Device(cores=2, ec_units=1, rng=True) as dev:
        nonce = dev.random(12)
        dev.generate_key(3, bits=256)          # an AES-256 key in slot 3, never seen by the host
        q = dev.ec_keygen(4, "K-283")          # a private scalar in slot 4; its public key
        dev.entropy_status()                   # health-test counters, alarms, reseed counter

The unit runs the source's behavioural model in simulation (Device(entropy_model=...) breaks it on
purpose); `rng_test=True` builds the drbg-test function that takes entropy from the host (CAVP).
"""

from __future__ import annotations

from mccp.device import ec_packets, packets, rng_packets
from mccp.device.rng_packets import MAX_ADD_BYTES, MAX_REQUEST_BYTES, RngChannelConfig
from mccp.ecc.curves import Curve
from mccp.entropy.health import HealthConfig

BRING_UP_CYCLES = 400_000         # longest wait for the unit to leave STARTUP / SELF_TEST
KEY_BITS = {128: 0, 192: 1, 256: 2}


class RandomnessApi:
    """Calls of the randomness unit.  Device sets self.rng (bool) and self.rng_test."""

    # ---- plumbing ---------------------------------------------------------------------
    def _need_rng(self) -> None:
        if not self.rng:
            raise ValueError("this device has no randomness unit (Device(..., rng=True))")

    @property
    def rng_slot(self) -> int:
        """The randomness unit's slot (the last: after the AES cores, EC units, ARX elements
        and grids)."""
        self._need_rng()
        return self.slots - 1

    def _rng_channel(self, func: str, curve: Curve | None = None, dest_slot: int | None = None,
                     dest_len: int = 0) -> RngChannelConfig:
        """The rng channel of these settings, opened on first use (ordered, never closed)."""
        key = (func, curve.id if curve else None, dest_slot, dest_len)
        cfg = self._rng_channels.get(key)
        if cfg is None:
            cfg = RngChannelConfig(self._free_channel(), func, curve, dest_slot, dest_len)
            self._write_rng_channel(cfg)
            self._rng_channels[key] = cfg
            self._channels[cfg.index] = cfg
        return cfg

    def _write_rng_channel(self, cfg: RngChannelConfig) -> None:
        self.write_reg("CHAN_SEL", cfg.index)
        secret = {} if cfg.dest_slot is None else {"secret_out": 1, "dest_slot": cfg.dest_slot,
                                                    "dest_len": cfg.dest_len}
        self.write_reg("CHAN_CFG1", curve=cfg.curve.id if cfg.curve else 0, **secret)
        self.write_reg("CHAN_CFG0", kind=self.rm.kind_code["rng"], mode=self.rm.rng_mode_code[cfg.func],
                       enable=1, ordered=int(cfg.policy.ordered))

    def submit_rng(self, cfg: RngChannelConfig, request: bytes, tail: bytes = b"", out_bytes: int = 0) -> int:
        """Queue one rng packet without waiting; returns its ticket.  out_bytes: the output
        bytes the result carries (whole words)."""
        ticket = self._new_ticket()
        self._pending[ticket] = self._pending_entry(ticket, cfg, cfg.func, out_bytes)
        self.model.push(rng_packets.build_packet(cfg, ticket, request, tail, self.rm), ticket)
        return ticket

    def _rng_run(self, cfg: RngChannelConfig, request: bytes, tail: bytes = b"", out_bytes: int = 0,
                 what: str = "") -> bytes:
        r = self._wait(self.submit_rng(cfg, request, tail, out_bytes), what or cfg.func)
        if r.status != "OK":
            raise self._device_error(r.status, f"{what or cfg.func}: status {r.status}")
        return r.data

    @staticmethod
    def _check_add(data, name: str = "additional_input", limit: int = MAX_ADD_BYTES) -> bytes:
        if not isinstance(data, (bytes, bytearray)):
            raise ValueError(f"{name} must be bytes, got {type(data).__name__}")
        if len(data) > limit:
            raise ValueError(f"{name} of {len(data)} bytes: the unit takes at most {limit}")
        return bytes(data)

    # ---- random bytes and keys ------------------------------------------------------
    def random(self, n: int, additional_input: bytes = b"", prediction_resistance: bool = False) -> bytes:
        """n random bytes from the CTR_DRBG (AES-256, SP 800-90A).  At most 65536 bytes per call
        (2^19 bits, the standard's per-request limit); the device's limit per generate is its
        buffer (buf_bytes), so a larger n is several generate requests, each with the
        additional input.  prediction_resistance reseeds from the source before each."""
        self._need_rng()
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= MAX_REQUEST_BYTES:
            raise ValueError(f"random(n): n must be an int in 0..{MAX_REQUEST_BYTES}, got {n!r}")
        add = self._check_add(additional_input)
        cfg = self._rng_channel("generate")
        out = b""
        for start in range(0, n, self.buf_bytes):
            chunk = min(n - start, self.buf_bytes)
            data = self._rng_run(cfg, rng_packets.request_word(chunk, prediction_resistance), add,
                                 rng_packets.out_words_bytes(chunk), "random")
            out += data[:chunk]
        return out

    def generate_key(self, slot: int, bits: int = 128, additional_input: bytes = b"") -> None:
        """A random AES key of `bits` (128, 192, 256) generated into key slot `slot`; no bit of
        it leaves the device.  Channels use it like a loaded key."""
        self._need_rng()
        self._check_slot(slot)
        if bits not in KEY_BITS:
            raise ValueError(f"bits must be 128, 192 or 256, got {bits!r}")
        add = self._check_add(additional_input)
        self._key_store_ready()
        self._keys.pop(slot, None)
        cfg = self._rng_channel("generate", dest_slot=slot, dest_len=KEY_BITS[bits])
        self._rng_run(cfg, rng_packets.request_word(bits // 8), add, 0, f"generate_key into slot {slot}")
        self._keys[slot] = bits // 8

    def ec_keygen(self, slot: int, curve, additional_input: bytes = b"") -> tuple[int, int]:
        """A private scalar d uniform in [1, n-1] of `curve` generated into key slot `slot`
        (FIPS 186-5 A.2.2); returns its public key d*G, computed by an EC unit.  d never leaves
        the device."""
        self._need_rng()
        self._check_slot(slot)
        c = self._ec_curve(curve)
        add = self._check_add(additional_input)
        self._key_store_ready()
        self._keys.pop(slot, None)
        cfg = self._rng_channel("ec-keygen", curve=c, dest_slot=slot)
        self._rng_run(cfg, rng_packets.request_word(), add, 0, f"ec_keygen into slot {slot}")
        self._keys[slot] = c
        return self.ec_public(slot)

    def reseed(self, additional_input: bytes = b"") -> None:
        """Reseed the DRBG from the entropy source now (SP 800-90A 9.2)."""
        self._need_rng()
        add = self._check_add(additional_input)
        self._rng_run(self._rng_channel("reseed"), rng_packets.request_word(), add, 0, "reseed")

    def instantiate(self, personalization: bytes = b"") -> None:
        """A new DRBG state from fresh entropy and a personalization string (SP 800-90A 9.1);
        the unit instantiates itself at start-up without one."""
        self._need_rng()
        pers = self._check_add(personalization, "personalization")
        self._rng_run(self._rng_channel("instantiate"), rng_packets.request_word(), pers, 0, "instantiate")

    def drbg_test(self, command: str, entropy: bytes = b"", additional_input: bytes = b"", out_bytes: int = 0,
                  aes256: bool = True, df: bool = True, prediction_resistance: bool = False) -> bytes:
        """Simulation builds with rng_test=True only: one DRBG command ("instantiate", "reseed",
        "generate") whose entropy input is `entropy` (the nonce's word after the entropy's for
        instantiate with df), for known-answer tests.  Returns the generated bytes."""
        self._need_rng()
        if not self.rng_test:
            raise ValueError("drbg_test needs a simulation build with test entropy (Device(..., rng_test=True))")
        if command not in rng_packets.DRBG_COMMANDS:
            raise ValueError(f"unknown DRBG command {command!r}")
        if len(entropy) % 16:
            raise ValueError("entropy must be whole 16-byte words (pad the nonce's word)")
        add = self._check_add(additional_input)
        if not 0 <= out_bytes <= self.buf_bytes:
            raise ValueError(f"out_bytes must be 0..{self.buf_bytes}")
        req = rng_packets.request_word(out_bytes, prediction_resistance, rng_packets.DRBG_COMMANDS[command],
                                       aes256, df, len(entropy) // 16)
        data = self._rng_run(self._rng_channel("drbg-test"), req, bytes(entropy) + add,
                             rng_packets.out_words_bytes(out_bytes), f"drbg_test {command}")
        return data[:out_bytes]

    # ---- health, configuration, capture ---------------------------------------------
    def entropy_status(self) -> dict:
        """The unit's state and the health tests' counters (no DRBG state bit): state name,
        alarm, rct_fail, apt_fail, kat_fail, samples, rct_max, apt_max, reseed_counter, the
        cutoffs and conditioning ratio in use."""
        self._need_rng()
        st = self.read_fields("RNG_STATUS")
        state = next(s["name"] for s in self.rm.rng_states if s["code"] == st["state"])
        mx = self.read_fields("RNG_MAX")
        cut = self.read_fields("RNG_CUTOFF")
        return {"state": state, "alarm": state == "ALARM", "rct_fail": bool(st["rct_fail"]),
                "apt_fail": bool(st["apt_fail"]), "kat_fail": bool(st["kat_fail"]),
                "samples": self.read_reg("RNG_SAMPLES"), "rct_max": mx["rct"], "apt_max": mx["apt"],
                "reseed_counter": self.read_reg("RNG_RESEED_COUNT"),
                "rct_cutoff": cut["rct"], "apt_cutoff": cut["apt"],
                "cond_blocks": self.read_fields("RNG_COND")["blocks"],
                "reseed_interval": self.read_reg("RNG_RESEED_INTERVAL")}

    def wait_rng(self, max_cycles: int = BRING_UP_CYCLES) -> str:
        """Run until the unit is READY, in ALARM, OFF or capturing; returns the state's name."""
        self._need_rng()
        names = {s["code"]: s["name"] for s in self.rm.rng_states}
        end = self.cycles + max_cycles
        while True:
            state = names[self.read_fields("RNG_STATUS")["state"]]
            if state in ("READY", "ALARM", "OFF", "CAPTURE"):
                return state
            if self.cycles >= end:
                raise self._device_error("RNG_NOT_READY", f"randomness unit still {state} after {max_cycles} cycles")
            self.model.step(512)

    def rng_restart(self) -> str:
        """Re-initialise the unit (RNG_RESTART): fresh start-up health test, self-test and
        instantiation; the way out of an alarm or capture.  Returns the state it reaches."""
        self._need_rng()
        self.write_reg("RNG_RESTART", go=1)
        self.model.step(16)
        return self.wait_rng()

    def configure_entropy(self, min_entropy: float = 0.5, alpha_log2: int = 40,
                          reseed_interval: int | None = None) -> HealthConfig:
        """Health-test cutoffs and conditioning for a claimed min-entropy per raw sample
        (mccp.entropy.health), then a restart so the start-up test runs with them."""
        self._need_rng()
        cfg = HealthConfig.for_claim(min_entropy, alpha_log2)
        self.write_reg("RNG_CUTOFF", rct=cfg.rct_cutoff, apt=cfg.apt_cutoff)
        self.write_reg("RNG_COND", blocks=cfg.cond_blocks)
        if reseed_interval is not None:
            if not 1 <= reseed_interval < 1 << 32:
                raise ValueError("reseed_interval must be 1 .. 2^32 - 1 generate requests")
            self.write_reg("RNG_RESEED_INTERVAL", reseed_interval)
        self.rng_restart()
        return cfg

    def entropy_capture(self, words: int) -> bytes:
        """`words` x 32 raw samples (one bit each, the first at the top of the first byte) for
        the entropy assessment (docs/entropy.md), read through RNG_RAW while the unit is in
        capture; then a restart.  Runs of 32 words are consecutive samples; between runs
        samples may have been lost while the host read (RNG_STATUS.CAP_OVERRUN)."""
        self._need_rng()
        if not 1 <= words <= 1 << 20:
            raise ValueError("words must be 1 .. 2^20")
        self.write_reg("RNG_CTRL", enable=1, capture=1)
        if self.wait_rng() != "CAPTURE":
            raise self._device_error("RNG_NOT_READY", "the unit did not enter capture")
        out = bytearray()
        while len(out) < 4 * words:
            if self.read_fields("RNG_STATUS")["cap_words"] == 0:
                self.model.step(64)
                continue
            out += self.read_reg("RNG_RAW").to_bytes(4, "big")
            self.write_reg("RNG_RAW", 0)
        self.write_reg("RNG_CTRL", enable=1, capture=0)
        self.rng_restart()
        return bytes(out)
