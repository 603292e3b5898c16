"""`mccp.Device`: the multi-core fabric as a Python object (docs/api.md).

    with mccp.Device(cores=2) as dev:
        dev.load_key(0, key)
        ch = dev.open_channel("gcm", key_slot=0)
        ct, tag = ch.encrypt(data, nonce=iv, aad=aad)
        t = dev.submit(ch, "decrypt", ct, nonce=iv, aad=aad, tag=tag)
        for r in dev.drain(): ...

Requests are checked in Python first (ValueError before the device is touched);
the device's own answers come back as statuses (blocking calls raise AuthError /
DeviceError, drain() reports them).

With elliptic-curve units (`Device(cores=2, ec_units=2)`):

        x, y = dev.ec_mul("K-163", k)              # k*G
        x, y = dev.ec_mul("B-283", k, (px, py))    # k*P

With ARX elements (`Device(cores=1, arx_units=2)`), the ARX modes open channels as the AES
ones do:

        ch = dev.open_channel("chacha20-poly1305", key_slot=1)   # a 32-byte key in slot 1
        ct, tag = ch.encrypt(data, nonce=nonce12, aad=aad)

With the randomness unit (`Device(cores=2, rng=True)`; its calls are in mccp.device.rng_api):

        iv = dev.random(12)
        dev.generate_key(3, bits=256)
"""

from __future__ import annotations

import time
import zlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from mccp import paths, regmap
from mccp.device import ec_packets, packets
from mccp.device.build import build_info, build_model, rtl_sources
from mccp.device.model import BusError, Model, SimTimeout
from mccp.device.packets import ChannelConfig, Policy, SecretRoute
from mccp.aes.modes import DECRYPT, ENCRYPT, MAC, MODES, VERIFY, kdf_fixed_input
from mccp.arx import image as arx_image
from mccp.ugrid import image as ugrid_image
from mccp.arx.modes import ARX_MODES, HASHES as ARX_HASHES
from mccp.model import ghash as ghash_model
from mccp.asm import assemble_file
from mccp.device.ec_packets import EcChannelConfig, InvalidPoint
from mccp.device.rng_api import RandomnessApi
from mccp.device.rng_packets import RngChannelConfig, model_plusargs
from mccp.ecc.configs import CONFIGS as EC_CONFIGS
from mccp.ecc.curves import Curve
from mccp.isa import load as load_isa

FIRMWARE = paths.ROOT / "firmware" / "mccp.s"
EC_FIRMWARE = paths.ROOT / "firmware" / "ecc" / "ec.s"
ID_VALUE = 0x4D434350
RESET_CYCLES = 4

# Device keyword -> mccp_top parameter.
PARAMS = {"stream_bits": "StreamBits", "key_slots": "KeySlots", "channels": "Channels",
          "buf_bytes": "BufBytes", "decrypt_cores": "DecryptCores", "ghash_digit_bits": "GhashDigitBits",
          "ec_max_m": "EcMaxM", "ec_digit": "EcDigit", "ec_karatsuba": "EcKaratsuba",
          "ec_dual_issue": "EcDualIssue", "arx_pi_phi": "ArxPiPhi", "coprocessor": "CopEnable"}


class DeviceError(RuntimeError):
    """The device answered a request with a non-OK status (`status` names it)."""

    def __init__(self, status: str, message: str = ""):
        super().__init__(message or f"device status {status}")
        self.status = status


class FirmwareError(RuntimeError):
    """The device refused a firmware image (FW_LEN, FW_CHECK or FW_ENTRY answered SLVERR)."""


class AuthError(DeviceError):
    """Tag verification failed (status AUTH_FAIL); no plaintext is returned."""

    def __init__(self, message: str = "authentication failed: tag mismatch"):
        super().__init__("AUTH_FAIL", message)


@dataclass
class Result:
    """One finished request, as drain() reports it."""
    ticket: int
    channel: int
    op: str
    status: str            # "OK", "AUTH_FAIL", "KEY_ERROR", ...
    data: bytes            # ciphertext / plaintext (b"" unless OK)
    tag: bytes             # tag of encrypt / mac (b"" otherwise)
    entry_cycle: int       # device cycle its first input beat was accepted
    exit_cycle: int        # device cycle of its output TLAST beat
    core: int | None       # core that ran it (None: rejected before any core)
    start_cycle: int       # device cycle the core started it (from the output header)

    @property
    def ok(self) -> bool:
        return self.status == "OK"

    @property
    def latency(self) -> int:
        return self.exit_cycle - self.entry_cycle


@dataclass
class _Pending:
    ticket: int
    cfg: ChannelConfig | None     # None: submit_raw
    op: str
    data_len: int


def default_stream_bits(cores: int) -> int:
    """Narrowest stream that keeps `cores` AES-128 cores busy (each ~128/11 bits per cycle each way)."""
    need = cores * 128 / 11
    for bits in (32, 64, 128):
        if need <= bits * 0.75:
            return bits
    return 128


@lru_cache(maxsize=4)
def _assemble(path: str, mtime: float, kind: str):
    return assemble_file(path, isa=load_isa(kind))


def firmware_program(path: Path = FIRMWARE, kind: str = "aes"):
    """The assembled firmware image of a slot kind (cached per file version)."""
    path = Path(path)
    return _assemble(str(path), path.stat().st_mtime, kind)


def fw_crc(words) -> int:
    """The CRC-32 FW_CHECK expects: zlib.crc32 of the words, each as 4 bytes little endian."""
    return zlib.crc32(b"".join(w.to_bytes(4, "little") for w in words))


def entry_table(program, rm: regmap.RegMap, kind: str = "aes") -> list[tuple[int, int, bool]]:
    """(function, address, valid) for every function (function = mode*2 + op[0]); valid
    when the program exports the label of that mode/op: for AES cores the labels of
    mccp.aes.modes.MODES, for ARX elements those of mccp.arx.modes.ARX_MODES, for EC units
    the function's name with "_" for "-" (ec_mul, ...)."""
    table = {f: (0, False) for f in range(2 << rm.field("CHAN_CFG0", "MODE").width)}
    labels = {**program.symbols, **program.entries}
    if kind == "arx":
        for name, mode in ARX_MODES.items():
            for op, label in mode.entries.items():
                if label in program.entries:
                    table[rm.arx_mode_code[name] * 2 + (rm.op_code[op] & 1)] = (program.entries[label], True)
    elif kind == "ecc":
        for m in rm.ec_modes:
            label = m["name"].replace("-", "_")
            if label in program.entries:
                table[m["code"] * 2] = (program.entries[label], True)
    else:
        for name, mode in MODES.items():
            for op, label in mode.entries.items():
                if label in labels:
                    table[rm.mode_code[name] * 2 + (rm.op_code[op] & 1)] = (labels[label], True)
    return [(f, a, v) for f, (a, v) in sorted(table.items())]


class Channel:
    """One channel table entry opened by Device.open_channel."""

    def __init__(self, device: "Device", cfg: ChannelConfig):
        self.device = device
        self.cfg = cfg

    @property
    def index(self) -> int:
        return self.cfg.index

    @property
    def mode(self) -> str:
        return self.cfg.mode

    def __repr__(self) -> str:
        c = self.cfg
        return (f"Channel({c.index}, {c.mode!r}, key_slot={c.key_slot}, key_len={c.key_len}, "
                f"tag_len={c.tag_len}, nonce_len={c.nonce_len})")

    def _run(self, op, data, nonce, aad, tag) -> Result:
        return self.device._blocking(self, op, data, nonce, aad, tag)

    def encrypt(self, data: bytes, nonce: bytes = b"", aad: bytes = b"") -> tuple[bytes, bytes]:
        """(ciphertext, tag); tag is b"" for modes without one."""
        r = self._run(ENCRYPT, data, nonce, aad, b"")
        return r.data, r.tag

    def decrypt(self, data: bytes, nonce: bytes = b"", aad: bytes = b"", tag: bytes = b"") -> bytes:
        """Plaintext; AuthError if the tag does not verify."""
        return self._run(DECRYPT, data, nonce, aad, tag).data

    def mac(self, data: bytes, nonce: bytes = b"") -> bytes:
        """Tag of `data` (cbc-mac, cmac, gmac)."""
        return self._run(MAC, data, nonce, b"", b"").tag

    def verify(self, data: bytes, tag: bytes, nonce: bytes = b"") -> None:
        """Returns if `tag` is right, raises AuthError if not."""
        self._run(VERIFY, data, nonce, b"", tag)

    def __enter__(self) -> "Channel":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        """Disable the channel and free its index."""
        self.device._close_channel(self)


class Device(RandomnessApi):
    """A simulated `mccp_top` with firmware loaded and every core enabled.

    `Device(cores=4, stream_bits=None, key_slots=16, channels=64, buf_bytes=2048,
    decrypt_cores=None, ghash_digit_bits=None, seed=1, trace=None)`; the RTL
    parameter names (StreamBits=...) are accepted too.  `stream_bits` defaults to
    default_stream_bits(cores); `decrypt_cores` (bit per core) to all.
    """

    def __init__(self, cores: int = 4, *, ec_units: int = 0, ec_config: str | None = None, arx_units: int = 0,
                 ugrids: int = 0, ugrid_shape: tuple[int, int] = (4, 4), ugrid_rings: bool = True,
                 rng: bool = False, rng_test: bool = False, entropy_model: dict | None = None, seed: int = 1,
                 trace: str | Path | None = None,
                 firmware: Path | None = None, top: str = "mccp_top", sources=None,
                 timeout_cycles: int = 200_000, **params):
        if not 1 <= cores <= 16:
            raise ValueError(f"cores must be 1..16, got {cores}")
        if not isinstance(ec_units, int) or not 0 <= ec_units <= 16 - cores:
            raise ValueError(f"ec_units must be 0..{16 - cores} ({cores} cores + EC units <= 16 slots), "
                             f"got {ec_units!r}")
        if not isinstance(arx_units, int) or not 0 <= arx_units <= 7:
            raise ValueError(f"arx_units must be 0..7, got {arx_units!r}")
        if not isinstance(ugrids, int) or not 0 <= ugrids <= 7:
            raise ValueError(f"ugrids must be 0..7, got {ugrids!r}")
        if cores + ec_units + arx_units + ugrids + int(bool(rng or rng_test)) > 16:
            raise ValueError("cores + ec_units + arx_units + ugrids + the randomness unit must be at most 16 slots")
        rtl = {"NumCores": cores}
        if ugrids:
            rows, cols = ugrid_shape
            if rows % 4 or cols % 4 or rows < 4 or cols < 4:
                raise ValueError(f"ugrid_shape: AES runs on 4 x 4 tiles, {rows} x {cols} is not made of them")
            depth = ugrid_image.imem_depth(rows, cols, bool(ugrid_rings))
            ugrid_image.Layout(rows, cols, depth).check()
            rtl.update(NumUgrids=ugrids, UgridRows=rows, UgridCols=cols, UgridRings=int(ugrid_rings),
                       UgridImemDepth=depth)
        if ec_units:
            rtl["NumEcUnits"] = ec_units
        if arx_units:
            rtl["NumArxUnits"] = arx_units
        # The randomness unit: in simulation its source is the behavioural model; rng_test adds
        # the drbg-test function (entropy from the host, for known-answer tests).
        self.rng, self.rng_test = bool(rng or rng_test), bool(rng_test)
        if self.rng:
            rtl.update(NumRngUnits=1, RngSimModel=1)
        if self.rng_test:
            rtl["RngTestEntropy"] = 1
        if entropy_model and not self.rng:
            raise ValueError("entropy_model needs the randomness unit (rng=True)")
        plusargs = model_plusargs(entropy_model or {})
        if ec_config is not None:
            # a named EC build (mccp.ecc.configs); the RTL defaults are "fast283"
            if ec_config not in EC_CONFIGS:
                raise ValueError(f"unknown ec_config {ec_config!r}; choose one of {', '.join(EC_CONFIGS)}")
            cfg = EC_CONFIGS[ec_config]
            rtl["EcMaxM"], rtl["EcDigit"], rtl["EcDualIssue"] = cfg["MaxM"], cfg["Digit"], cfg["DualIssue"]
        for key, value in params.items():
            name = PARAMS.get(key, key)
            if name not in PARAMS.values():
                raise ValueError(f"unknown device parameter {key!r} (known: {', '.join(PARAMS)})")
            if value is not None:
                rtl[name] = int(value)
        rtl.setdefault("StreamBits", default_stream_bits(cores))
        if rtl["StreamBits"] not in (32, 64, 128):
            raise ValueError(f"stream_bits must be 32, 64 or 128, got {rtl['StreamBits']}")
        if "GhashDigitBits" in rtl and rtl["GhashDigitBits"] not in ghash_model.DIGIT_SIZES:
            raise ValueError(f"ghash_digit_bits must be 1..64 or 128, got {rtl['GhashDigitBits']}")
        rtl.setdefault("KeySlots", 16)
        rtl.setdefault("Channels", 64)
        rtl.setdefault("BufBytes", 2048)
        self.params = rtl
        self.cores = cores
        self.ec_units = ec_units
        self.arx_units = arx_units
        self.ugrids, self.ugrid_shape, self.ugrid_rings = ugrids, tuple(ugrid_shape), bool(ugrid_rings)
        # AES cores 0.., EC units, ARX elements, micro-core grids, the randomness unit
        self.slots = cores + ec_units + arx_units + ugrids + int(self.rng)
        self.key_slots = rtl["KeySlots"]
        self.channels = rtl["Channels"]
        self.buf_bytes = rtl["BufBytes"]
        self.timeout_cycles = timeout_cycles
        self.rm = regmap.load()
        t0 = time.monotonic()
        kind = None if not trace else ("fst" if str(trace).endswith(".fst") else "vcd")
        self.library = build_model(rtl, sources if sources is not None else rtl_sources(), top=top,
                                   trace=kind)
        self.build_seconds = build_info(self.library).get("seconds")
        self.open_seconds = time.monotonic() - t0
        self.model = Model(self.library, seed=seed, trace=trace, plusargs=plusargs)
        self._keys: dict[int, int] = {}           # slot -> key length the host loaded
        self.key_command_cycle = -1               # cycle the last KEY_CMD write of load_key / zeroize ended
        self._channels: dict[int, Channel] = {}
        self._ec_channels: dict[tuple[str, int, int], EcChannelConfig] = {}  # (func, curve id, slot) -> channel
        self._rng_channels: dict[tuple, RngChannelConfig] = {}
        self._scratch: dict[str, int] = {}        # internal role (the steps of ecdh) -> its channel index
        self._hash_cfg: dict[int, ChannelConfig] = {}    # a hash role's channel as last written
        self._pending: dict[int, _Pending] = {}
        self._raw_more: dict[int, int] = {}      # seq -> raw packets with it beyond the one pending
        self._done: list[Result] = []
        self._next_ticket = 1
        self.tap: list | None = None              # a list: every raw output packet is appended
        self._entry: dict[int, int] = {}           # ticket -> entry cycle
        self.program = firmware_program(firmware or FIRMWARE)
        self.model.reset(RESET_CYCLES)
        # The fabric's cycle counter reads 0 in the first cycle after reset (harness cycle
        # RESET_CYCLES: the harness numbers cycles from 0 and holds reset for RESET_CYCLES).
        self.reset_cycle = RESET_CYCLES
        ident = self.read_reg("ID")
        if ident != ID_VALUE:
            raise DeviceError("BAD_ID", f"ID register reads 0x{ident:08x}, expected 0x{ID_VALUE:08x}")
        self.load_firmware(range(cores), self.program)
        if ec_units:
            self.ec_program = firmware_program(EC_FIRMWARE, "ecc")
            self.ec_max_m = rtl.get("EcMaxM", 283)
            self.load_firmware(self.ec_slots, self.ec_program)
        if arx_units:
            self.arx_program = firmware_program(arx_image.FIRMWARE, "arx")
            self.load_firmware(self.arx_slots, self.arx_program)
        if ugrids:
            self.load_firmware(self.ugrid_slots)
        if self.rng:
            self.wait_rng()

    # ---- life cycle -------------------------------------------------------------------
    def __enter__(self) -> "Device":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        self.model.close()

    def backpressure(self, out_stall: float = 0.0, in_gap: float = 0.0, seed: int = 1) -> None:
        """Random stalls from now on: probability per cycle that the output stream's tready is
        low, and that the input stream shows no beat (seeded, reproducible)."""
        self.model.backpressure(out_stall, in_gap, seed)

    def hold_output(self, on: bool = True) -> None:
        """A stuck consumer: the output stream's tready stays low until hold_output(False)."""
        self.model.hold_output(on)

    def bus_jitter(self, on: bool = True, seed: int = 7) -> None:
        """Register accesses like a careless AXI4-Lite master: AW and W in separate cycles
        (either first), B and R not always taken at once."""
        self.model.bus_jitter(on, seed)

    @property
    def ec_slots(self) -> range:
        """Slot (core) indices of the EC units."""
        return range(self.cores, self.cores + self.ec_units)

    @property
    def arx_slots(self) -> range:
        """Slot (core) indices of the ARX elements."""
        start = self.cores + self.ec_units
        return range(start, start + self.arx_units)

    @property
    def ugrid_slots(self) -> range:
        """Slot (core) indices of the micro-core grids."""
        start = self.cores + self.ec_units + self.arx_units
        return range(start, start + self.ugrids)

    @property
    def cycles(self) -> int:
        """Simulated clock cycles so far (reset included)."""
        return self.model.cycle

    @property
    def irq(self) -> bool:
        """Level of the interrupt line irq_o."""
        return self.model.irq

    def speed(self) -> float:
        """Simulated cycles per wall-clock second so far."""
        cycles, seconds = self.model.speed()
        return cycles / seconds if seconds else 0.0

    # ---- registers --------------------------------------------------------------------
    def write_reg(self, name: str, value: int = 0, index: int = 0, **fields) -> None:
        """Write a register: a raw value, or fields by name (write_reg("KEY_CMD", op=2))."""
        if fields:
            value = self.rm.encode(name, **fields)
        self.model.write(self.rm.addr(name, index), value)

    def read_reg(self, name: str, index: int = 0) -> int:
        return self.model.read(self.rm.addr(name, index))

    def read_fields(self, name: str) -> dict[str, int]:
        return self.rm.decode(name, self.read_reg(name))

    # ---- firmware ---------------------------------------------------------------------
    def wait_idle(self, mask: int, max_cycles: int | None = None) -> None:
        """Poll CORE_IDLE until every core in `mask` is idle (the streams keep moving)."""
        limit = self.cycles + (max_cycles or self.timeout_cycles)
        while (self.read_reg("CORE_IDLE") & mask) != mask:
            if self.cycles > limit:
                raise SimTimeout(f"cores {mask:#x} not idle after {max_cycles or self.timeout_cycles} cycles "
                                 f"(CORE_IDLE={self.read_reg('CORE_IDLE'):#x})")
            self.model.step(16)

    def load_firmware(self, cores, program=None) -> None:
        """Firmware update (docs/fabric.md): disable `cores`, wait until idle, open an image of
        the program's length (FW_LEN: the old image is cleared, the entry tables invalidated),
        write its words, commit it with its CRC-32 (FW_CHECK), write the entry table (functions
        the program lacks invalidated) and enable the cores again.  The other cores keep
        working.  `cores` are slots of one kind: AES cores, EC units (slots NUM_CORES..; they
        share one microcode memory, so naming one reloads them all) or ARX elements (their
        image: mccp.arx.image).  `program`: an assembled Program, a .s path, or None (the
        standard image of that kind).
        A refused step raises FirmwareError; the cores then stay disabled with no valid entry."""
        mask = sum(1 << c for c in cores)
        if not mask or mask >> self.slots:
            raise ValueError(f"cores {list(cores)} outside 0..{self.slots - 1}")
        ec_mask = sum(1 << c for c in self.ec_slots)
        arx_mask = sum(1 << c for c in self.arx_slots)
        ugrid_mask = sum(1 << c for c in self.ugrid_slots)
        if any(mask & m and mask & ~m for m in (ec_mask, arx_mask, ugrid_mask)):
            raise ValueError("one image is for slots of one kind (AES cores, EC units, ARX elements or grids)")
        if mask & ugrid_mask:
            if program is not None:
                raise ValueError("a grid slot's image is built from its shape (mccp.ugrid.image); "
                                 "it takes no program")
            self._load_image(mask, ugrid_image.image_words(*self.ugrid_shape, self.ugrid_rings),
                             [(self.rm.mode_code[m] * 2 + (self.rm.op_code[op] & 1), addr, True)
                              for (m, op), addr in ugrid_image.FUNCTIONS.items()])
            return
        if mask & ec_mask:
            mask |= ec_mask          # the EC units share one microcode memory
            # opening an EC image erases every EC private scalar in the key store
            self._keys = {s: v for s, v in self._keys.items() if not isinstance(v, Curve)}
        kind = "ecc" if mask & ec_mask else "arx" if mask & arx_mask else "aes"
        if program is None:
            program = {"ecc": getattr(self, "ec_program", None), "arx": getattr(self, "arx_program", None)}.get(
                kind, self.program)
        elif isinstance(program, (str, Path)):
            program = firmware_program(Path(program), kind)
        words = arx_image.image_words(program) if kind == "arx" else list(program.words)
        if kind == "arx" and not self.params.get("ArxPiPhi", 1) and arx_image.uses_phi(program):
            raise ValueError("the image has pi-Cipher's phi instructions (pmu ... pnux); this device's ARX "
                             "elements are built without them (arx_pi_phi=0)")
        self._load_image(mask, words, entry_table(program, self.rm, kind))

    def _load_image(self, mask: int, words: list[int], entries) -> None:
        """Disable, wait, open, write, commit, entries (function, address, valid), enable."""
        enable = self.read_reg("CORE_ENABLE")
        self.write_reg("CORE_ENABLE", enable & ~mask)
        self.wait_idle(mask)
        self.write_reg("FW_CORES", mask)
        self._fw_write("FW_LEN", len(words), f"image of {len(words)} words")
        self._fw_ready()
        try:
            self.model.write_many(self.rm.addr("FW_DATA"), words)
        except BusError as e:
            raise FirmwareError(f"FW_DATA refused: {e}") from None
        self._fw_write("FW_CHECK", fw_crc(words), "commit: CRC-32 or length disagrees")
        for func, addr, valid in entries:   # (absent functions invalidated by the opening)
            self._fw_write("FW_ENTRY", self.rm.encode("FW_ENTRY", func=func, addr=addr, valid=int(valid)),
                           f"entry of function {func} at {addr}")
        self.write_reg("CORE_ENABLE", (enable | mask) & ((1 << self.slots) - 1))

    def _fw_write(self, name: str, value: int, what: str) -> None:
        if self.model.write_resp(self.rm.addr(name), value) != 0:
            raise FirmwareError(f"{name} refused: {what}")

    def _fw_ready(self) -> None:
        """Wait while the loader clears the instruction memories (FW_LEN.BUSY)."""
        busy = self.rm.field("FW_LEN", "BUSY")
        limit = self.cycles + self.timeout_cycles
        while busy.extract(self.read_reg("FW_LEN")):
            if self.cycles > limit:
                raise SimTimeout(f"FW_LEN.BUSY still set after {self.timeout_cycles} cycles")
            self.model.step(64)

    def abort_core(self, core: int) -> None:
        """End the task running on `core` (CORE_ABORT): its result comes out with status
        ABORTED and no data (both halves of a split task end); the core takes tasks again."""
        if not isinstance(core, int) or not 0 <= core < self.slots:
            raise ValueError(f"core {core!r} outside 0..{self.slots - 1}")
        self.write_reg("CORE_ABORT", 1 << core)

    def set_watchdog(self, base: int = 2048, per_word: int = 64, enable: bool = True) -> None:
        """Task budget (WATCHDOG): a task still running after base + per_word * body words
        cycles (cycles waiting for the host not counted) ends with status TIMEOUT."""
        if not 0 <= base < 1 << 16 or not 0 <= per_word < 1 << 8:
            raise ValueError(f"watchdog base 0..65535 and per_word 0..255, got {base}, {per_word}")
        self.write_reg("WATCHDOG", base=base, per_word=per_word, enable=int(enable))

    # ---- keys -------------------------------------------------------------------------
    def _check_slot(self, slot: int) -> None:
        if not isinstance(slot, int) or not 0 <= slot < self.key_slots:
            raise ValueError(f"key slot {slot!r} outside 0..{self.key_slots - 1}")

    def load_key(self, slot: int, key: bytes) -> None:
        """Store a key in `slot`: 16, 24 or 32 bytes (AES, and the ARX modes' keys), or 12
        (pi16cipher096).  It can never be read back.

        Replacing a key returns once the new key is in force: requests that had not started
        run with it, and the outputs of those that had started with the old one have left
        (KEY_CMD.RETIRING clear; see zeroize)."""
        self._check_slot(slot)
        if not isinstance(key, (bytes, bytearray)) or len(key) not in packets.KEY_SIZE_CODE:
            n = len(key) if isinstance(key, (bytes, bytearray)) else type(key).__name__
            raise ValueError(f"keys are 12, 16, 24 or 32 bytes, got {n}")
        self._key_store_ready()
        self.write_reg("KEY_SEL", slot)
        for i in range(len(key) // 4):
            self.write_reg("KEY_DATA", int.from_bytes(key[4 * i:4 * i + 4], "big"), index=i)
        self.write_reg("KEY_CMD", op=1, len=packets.KEY_SIZE_CODE[len(key)])
        self.key_command_cycle = self.cycles
        self._keys[slot] = len(key)
        self._key_store_ready(retired=True)

    def _key_store_ready(self, retired: bool = False) -> None:
        """Wait while the key store sweeps its slots (after reset, zeroize all): KEY_CMD.BUSY;
        with `retired` also while outputs of a replaced key are still to leave: KEY_CMD.RETIRING."""
        fields = [self.rm.field("KEY_CMD", "BUSY")]
        if retired:
            fields.append(self.rm.field("KEY_CMD", "RETIRING"))
        limit = self.cycles + self.timeout_cycles
        while any(f.extract(value := self.read_reg("KEY_CMD")) for f in fields):
            if self.cycles > limit:
                raise SimTimeout(f"KEY_CMD still 0x{value:08x} (BUSY / RETIRING) after {self.timeout_cycles} "
                                 "cycles" + (" (is the output stream stalled?)" if retired else ""))
            self.model.step(8)

    def zeroize(self, slot: int | None = None) -> None:
        """Erase one key slot, or every slot (None).  Channels on it then answer KEY_ERROR.

        Returns once the erase has fully taken effect (KEY_CMD.BUSY and RETIRING clear): no
        request starts with the old key any more, and every output of a request that had
        started with it has left the device.  With the output stream stalled that wait does
        not end: SimTimeout after `timeout_cycles`."""
        if slot is None:
            self._key_store_ready()
            self.write_reg("KEY_CMD", op=3)
            self.key_command_cycle = self.cycles
            self._keys.clear()
        else:
            self._check_slot(slot)
            self._key_store_ready()
            self.write_reg("KEY_SEL", slot)
            self.write_reg("KEY_CMD", op=2)
            self.key_command_cycle = self.cycles
            self._keys.pop(slot, None)
        self._key_store_ready(retired=True)

    # ---- channels ---------------------------------------------------------------------
    def open_channel(self, mode: str, key_slot: int, tag_len: int | None = None, nonce_len: int | None = None,
                     policy=None, kind: str | None = None) -> Channel:
        """Configure a free channel table entry.  tag_len defaults to 16 for tagged modes;
        nonce_len to 12 (gcm, gmac), 13 (ccm), 16 (cbc, ctr), 0 (others); policy is a
        Policy or a subset of {"ordered", "affinity", "split"} (default: ordered and
        affinity).  "split" runs the channel's CCM packets on a pair of cores."""
        self._check_slot(key_slot)
        if key_slot not in self._keys:
            raise ValueError(f"no key loaded in slot {key_slot} (load_key first)")
        if not isinstance(self._keys[key_slot], int):
            raise ValueError(f"slot {key_slot} holds an EC private scalar, not an AES key")
        index = next((i for i in range(self.channels) if i not in self._channels), None)
        cfg = packets.channel_config(index if index is not None else -1, mode, key_slot, self._keys[key_slot],
                                     tag_len, nonce_len, policy, kind)
        if cfg.kind == "ugrid" and not self.ugrids:
            raise ValueError("kind='ugrid' runs on micro-core grids: this device has none (Device(ugrids=...))")
        if cfg.kind == "arx" and not self.arx_units:
            raise ValueError(f"{mode} runs on ARX elements: this device has none (Device(arx_units=...))")
        if index is None:
            raise ValueError(f"all {self.channels} channels are open")
        self._write_channel(cfg, enable=True)
        ch = Channel(self, cfg)
        self._channels[index] = ch
        return ch

    def _write_channel(self, cfg: ChannelConfig | EcChannelConfig, enable: bool) -> None:
        self.write_reg("CHAN_SEL", cfg.index)
        if isinstance(cfg, EcChannelConfig):
            secret = {} if cfg.dest_slot is None else {"secret_out": 1, "dest_slot": cfg.dest_slot}
            self.write_reg("CHAN_CFG1", curve=cfg.curve.id, **secret)
            self.write_reg("CHAN_CFG0", kind=self.rm.kind_code["ecc"], mode=self.rm.ec_mode_code[cfg.func],
                           enable=int(enable), ordered=int(cfg.policy.ordered), key_slot=cfg.key_slot)
            return
        self.write_reg("CHAN_CFG1", nonce_len=cfg.nonce_len, **(cfg.secret.fields() if cfg.secret else {}))
        if cfg.kind == "ugrid":
            self.write_reg("CHAN_CFG0", kind=self.rm.kind_code["ugrid"], mode=self.rm.mode_code[cfg.mode],
                           enable=int(enable), key_len=packets.KEY_SIZE_CODE[cfg.key_len],
                           ordered=int(cfg.policy.ordered), key_slot=cfg.key_slot)
            return
        if cfg.kind == "arx":
            self.write_reg("CHAN_CFG0", kind=self.rm.kind_code["arx"], mode=self.rm.arx_mode_code[cfg.mode],
                           enable=int(enable), key_len=packets.KEY_SIZE_CODE[cfg.key_len], tag_len=cfg.tag_len,
                           ordered=int(cfg.policy.ordered), key_slot=cfg.key_slot)
            return
        self.write_reg("CHAN_CFG0", mode=self.rm.mode_code[cfg.mode], enable=int(enable),
                       key_len=packets.KEY_SIZE_CODE[cfg.key_len], tag_len=cfg.tag_len,
                       ordered=int(cfg.policy.ordered), affinity=int(cfg.policy.affinity),
                       split=int(cfg.policy.split), key_slot=cfg.key_slot)

    def _ec_channel(self, func: str, curve, key_slot: int = 0) -> EcChannelConfig:
        """The ecc channel of (function, curve, key slot), opened on first use (ordered, never
        closed)."""
        curve = self._ec_curve(curve)
        cfg = self._ec_channels.get((func, curve.id, key_slot))
        if cfg is None:
            cfg = EcChannelConfig(self._free_channel(), func, curve, key_slot)
            self._write_channel(cfg, enable=True)
            self._ec_channels[(func, curve.id, key_slot)] = cfg
            self._channels[cfg.index] = cfg
        return cfg

    def _free_channel(self) -> int:
        """The lowest channel index no channel holds (ValueError if every one is open)."""
        index = next((i for i in range(self.channels) if i not in self._channels), None)
        if index is None:
            raise ValueError(f"all {self.channels} channels are open")
        return index

    def _scratch_channel(self, role: str) -> int:
        """The channel index kept for one internal role (a step of ecdh): taken on first use
        and rewritten for each use, which never overlaps the previous one."""
        index = self._scratch.get(role)
        if index is None:
            index = self._free_channel()
            self._scratch[role] = index
            self._channels[index] = role
        return index

    def _ec_curve(self, curve) -> Curve:
        """A curve the EC units serve (ValueError otherwise)."""
        if not self.ec_units:
            raise ValueError("this device has no elliptic-curve units (Device(..., ec_units=N))")
        curve = ec_packets.curve_of(curve)
        if curve.m > self.ec_max_m:
            raise ValueError(f"{curve.name}: GF(2^{curve.m}) is larger than the EC units' field "
                             f"(ec_max_m={self.ec_max_m})")
        return curve

    def _close_channel(self, ch: Channel) -> None:
        if self._channels.get(ch.index) is ch:
            self._write_channel(ch.cfg, enable=False)
            del self._channels[ch.index]

    # ---- requests ---------------------------------------------------------------------
    def submit(self, channel: Channel, op: str, data: bytes = b"", nonce: bytes = b"", aad: bytes = b"",
               tag: bytes = b"") -> int:
        """Queue one request on the input stream without waiting; returns its ticket."""
        if not isinstance(channel, Channel) or channel.device is not self:
            raise ValueError("channel must be a Channel opened on this device")
        if self._channels.get(channel.index) is not channel:
            raise ValueError(f"channel {channel.index} is closed")
        cfg = channel.cfg
        packets.check_request(cfg, op, data, nonce, aad, tag, self.buf_bytes)
        ticket = self._new_ticket()
        packet = packets.build_packet(cfg, op, ticket, data, nonce, aad, tag, self.rm)
        self._pending[ticket] = _Pending(ticket, cfg, op, len(data))
        self.model.push(packet, ticket)
        return ticket

    def submit_raw(self, packet: bytes, tlast: bool = True) -> int:
        """Queue a hand-made packet (tests of the parser); the ticket is its header's `seq`,
        its result (drain) carries the raw body as `data`, op "raw".  Raw packets may repeat a
        seq: their results are matched in the order they leave.  tlast=False sends the packet
        without TLAST, as a host that abandons it would: the device takes the beats that follow,
        up to the next TLAST, as its continuation, so the packets sent meanwhile get no answer
        of their own (push them with `model.push`)."""
        packet = bytes(packet)
        seq = int.from_bytes(packet[4:8].ljust(4, b"\0"), "big")
        if seq in self._pending:
            if self._pending[seq].cfg is not None:
                raise ValueError(f"ticket {seq} is outstanding")
            self._raw_more[seq] = self._raw_more.get(seq, 0) + 1
        else:
            self._pending[seq] = _Pending(seq, None, "raw", 0)
        self.model.push(packet, seq, last=tlast)
        return seq

    @property
    def pending(self) -> int:
        """Requests submitted and not yet returned by drain() / a blocking call."""
        return len(self._pending) + sum(self._raw_more.values())

    def _collect(self) -> None:
        c = self.model.counters()
        bad = c["out_violations"]
        if bad:
            raise DeviceError("PROTOCOL", f"the output stream broke the AXI4-Stream rule {bad} time(s): "
                              "tvalid dropped or tdata/tkeep/tlast changed while tready was low")
        if c["out_keep_errors"]:
            raise DeviceError("PROTOCOL", f"the output stream broke the TKEEP rule {c['out_keep_errors']} "
                              "time(s): a beat before TLAST not full, or a TLAST beat whose valid bytes "
                              "are not a nonempty run from byte 0")
        for ident, first in self.model.in_starts():
            self._entry[ident] = first
        for out in self.model.pop_all():
            if self.tap is not None:
                self.tap.append(out.data)
            try:
                h = packets.parse_output(out.data, self.rm)
            except ValueError as e:
                raise DeviceError("MALFORMED", f"malformed output packet: {e}") from None
            p = self._pending.pop(h.seq, None)
            if p is not None and self._raw_more.get(h.seq):
                self._raw_more[h.seq] -= 1              # another raw packet with this seq is out
                self._pending[h.seq] = p
            if p is None:
                raise DeviceError("UNEXPECTED", f"output packet for unknown or already returned ticket "
                                  f"{h.seq} (channel {h.channel}, status {h.status_name})")
            if p.cfg is None:               # submit_raw
                self._done.append(Result(p.ticket, h.channel, p.op, h.status_name, h.body[:h.out_len], b"",
                                         self._entry.pop(p.ticket, -1), out.last_cycle, h.core,
                                         self.reset_cycle + h.start_cycle if h.core is not None else -1))
                continue
            if h.channel != p.cfg.index:
                raise DeviceError("MALFORMED", f"ticket {h.seq}: output names channel {h.channel}, "
                                  f"submitted on {p.cfg.index}")
            data = tag = b""
            if h.status_name != "OK" and (h.out_len or h.body):
                raise DeviceError("MALFORMED", f"ticket {h.seq}: status {h.status_name} with "
                                  f"{len(h.body)} bytes of data (only OK results carry data)")
            if h.status_name == "OK":
                ec = isinstance(p.cfg, EcChannelConfig)
                rng = isinstance(p.cfg, RngChannelConfig)
                want = (ec_packets.expected_out_len(p.cfg) if ec else p.data_len if rng
                        else packets.expected_out_len(p.cfg, p.op, p.data_len))
                if h.out_len != want:
                    raise DeviceError("MALFORMED", f"ticket {h.seq}: out_len {h.out_len}, expected {want}")
                if ec or rng:
                    data = h.body[:want]
                else:
                    data, tag = packets.split_body(p.cfg, p.op, p.data_len, h.body)
            # start_cycle: low 32 bits of the fabric counter (cycles since reset), unwrapped
            start = self.reset_cycle + h.start_cycle
            while start + (1 << 32) <= out.last_cycle:
                start += 1 << 32
            self._done.append(Result(p.ticket, p.cfg.index, p.op, h.status_name, data, tag,
                                     self._entry.pop(p.ticket, -1), out.last_cycle, h.core,
                                     start if h.core is not None else -1))

    def _run_until(self, done, what: str) -> None:
        while True:
            self._collect()
            if done():
                return
            try:
                self.model.run(self.model.out_count + 1, self.timeout_cycles, drain_input=False)
            except SimTimeout as e:
                raise SimTimeout(f"{what}: {e}") from None

    def drain(self) -> list[Result]:
        """Wait for every submitted request; their results in the order they left the device.
        Statuses are reported, not raised."""
        self._run_until(lambda: not self._pending, f"drain ({len(self._pending)} requests outstanding)")
        done, self._done = self._done, []
        return done

    def poll(self, at_least: int = 1) -> list[Result]:
        """Run until at least `at_least` requests have finished (or none is outstanding) and
        return the finished ones, leaving the rest in flight: keeps the input stream fed
        while results are consumed (submit more, poll, submit more ...)."""
        want = min(at_least, len(self._pending) + len(self._done))
        self._run_until(lambda: len(self._done) >= want, f"poll ({len(self._pending)} requests outstanding)")
        done, self._done = self._done, []
        return done

    # ---- elliptic curve ---------------------------------------------------------------
    def submit_ec(self, func: str, curve, *operands: int, key_slot: int = 0, dest_slot: int | None = None) -> int:
        """Queue one EC function ("ec-mul", "ec-mulg", "ec-add", "ec-validate", "ec-public",
        "ecdh") on `curve` with its operands (ints: scalar, coordinates) without waiting;
        returns its ticket.  The result's `data` is the output elements
        (ec_packets.split_body).  "ec-public" and "ecdh" use the private scalar in `key_slot`;
        "ecdh" alone (the ECC CDH primitive of Device.ecdh, with the device's partial
        validation of the point) needs `dest_slot`, the key slot its shared secret goes to.
        No check of the operands beyond their count and size: the blocking calls check them."""
        if func not in ec_packets.OPERANDS:
            raise ValueError(f"unknown EC function {func!r}; choose one of {', '.join(ec_packets.OPERANDS)}")
        if (func == "ecdh") != (dest_slot is not None):
            raise ValueError("ecdh, and only ecdh, takes dest_slot: the key slot of its shared secret")
        if func == "ecdh":
            self._check_slot(dest_slot)
            cfg = EcChannelConfig(self._scratch_channel("ecdh"), "ecdh", self._ec_curve(curve), key_slot,
                                  dest_slot=dest_slot)
            self._write_channel(cfg, enable=True)
        else:
            cfg = self._ec_channel(func, curve, key_slot)
        if len(operands) != ec_packets.OPERANDS[func]:
            raise ValueError(f"{func} takes {ec_packets.OPERANDS[func]} operands, got {len(operands)}")
        if any(not isinstance(v, int) or not 0 <= v < 1 << (8 * ec_packets.element_bytes(cfg.curve))
               for v in operands):
            raise ValueError(f"{func}: operands must be ints that fit {ec_packets.element_bytes(cfg.curve)} bytes")
        return self._push_ec(cfg, operands)

    def _new_ticket(self) -> int:
        ticket = self._next_ticket
        self._next_ticket = (self._next_ticket + 1) & 0xFFFFFFFF or 1
        if ticket in self._pending:
            raise RuntimeError("2**32 requests outstanding")
        return ticket

    @staticmethod
    def _pending_entry(ticket: int, cfg, op: str, data_len: int) -> "_Pending":
        return _Pending(ticket, cfg, op, data_len)

    @staticmethod
    def _device_error(status: str, message: str) -> DeviceError:
        return DeviceError(status, message)

    def _push_ec(self, cfg: EcChannelConfig, operands) -> int:
        ticket = self._new_ticket()
        self._pending[ticket] = _Pending(ticket, cfg, cfg.func, 0)
        self.model.push(ec_packets.build_packet(cfg, ticket, list(operands), self.rm), ticket)
        return ticket

    def _ec_run(self, func: str, curve, *operands: int, key_slot: int = 0) -> tuple[int, ...]:
        ticket = self.submit_ec(func, curve, *operands, key_slot=key_slot)
        r = self._wait(ticket, func)
        if r.status == "INVALID_POINT":
            raise InvalidPoint(f"{func} on {ec_packets.curve_of(curve).name}: the device found the point "
                               "invalid (off the curve or not of order n)", r.status)
        if r.status != "OK":
            raise DeviceError(r.status, f"{func} on {ec_packets.curve_of(curve).name}: status {r.status}")
        return ec_packets.split_body(self._ec_channel(func, curve, key_slot), r.data)

    def ec_mul(self, curve, k: int, point=None) -> tuple[int, int]:
        """k * point on `curve` ("K-163", "B-163", "K-233", "B-233", "K-283", "B-283"), the base
        point G when `point` is None; k is public (a scalar outside [1, n-1] raises ValueError).
        A point the device finds off the curve or of small order raises InvalidPoint."""
        c = ec_packets.curve_of(curve)
        ec_packets.check_scalar(c, k)
        if point is None:
            x, y = self._ec_run("ec-mulg", c, k)
        else:
            x, y = self._ec_run("ec-mul", c, k, *ec_packets.check_point(c, point))
        return x, y

    def ec_add(self, curve, p, q) -> tuple[int, int]:
        """p + q on `curve`; (0, 0) is the point at infinity, in and out."""
        c = ec_packets.curve_of(curve)
        x, y = self._ec_run("ec-add", c, *ec_packets.check_point(c, p, infinity_ok=True),
                            *ec_packets.check_point(c, q, infinity_ok=True))
        return x, y

    def load_ec_private(self, slot: int, curve, d: int) -> None:
        """Store the private scalar d (in [1, n-1]) of `curve` in key slot `slot` (KEY_DATA[0..8]
        + KEY_CMD LEN 3): write-only, as AES keys; ec_public and ecdh use it on the device.
        Loading new EC microcode erases it (docs/fabric.md "Key store")."""
        self._check_slot(slot)
        c = ec_packets.curve_of(curve)
        ec_packets.check_scalar(c, d)
        if not self.ec_units:
            raise ValueError("this device has no elliptic-curve units (Device(..., ec_units=N))")
        raw = d.to_bytes(ec_packets.SCALAR_BYTES, "big")
        self._key_store_ready()
        self.write_reg("KEY_SEL", slot)
        for i in range(8):
            self.write_reg("KEY_DATA", int.from_bytes(raw[4 * i:4 * i + 4], "big"), index=i)
        self.write_reg("KEY_DATA8", int.from_bytes(raw[32:36], "big"))
        self.write_reg("KEY_CMD", op=1, len=3, curve=c.id)
        self.key_command_cycle = self.cycles
        self._keys[slot] = c
        self._key_store_ready(retired=True)

    def ec_public(self, slot: int) -> tuple[int, int]:
        """The public key d*G of the private scalar in `slot` (load_ec_private), computed on the
        device; the scalar never leaves it."""
        self._check_slot(slot)
        c = self._keys.get(slot)
        if not isinstance(c, Curve):
            raise ValueError(f"no EC private scalar loaded in slot {slot} (load_ec_private first)")
        x, y = self._ec_run("ec-public", c, key_slot=slot)
        return x, y

    def ec_validate(self, curve, point) -> None:
        """Full public-key validation (SP 800-56A 5.6.2.3.3) on the device: returns if `point`
        is a valid public key of `curve`, raises InvalidPoint if not."""
        c = ec_packets.curve_of(curve)
        self._ec_run("ec-validate", c, *ec_packets.check_point(c, point))

    def ecdh(self, priv_slot: int, peer_point, key_slot: int, key_len: int = 16, label: bytes = b"",
             context: bytes = b"") -> None:
        """ECDH: an AES key of `key_len` bytes (16, 24, 32) derived on the device from the private
        scalar in `priv_slot` (load_ec_private) and the peer's public key, into `key_slot`.
        Nothing secret leaves the device and nothing is returned.

        The peer point is fully validated first (ec_validate: InvalidPoint).  Then the EC
        unit computes the shared secret Z = x((h d) Q) (SP 800-56A ECC CDH, with the cofactor
        h) into `key_slot`, and derive_key turns it into the AES key there.  On a failure after
        the first step `key_slot` is zeroized; its old key is gone once the call returns."""
        self._check_slot(priv_slot)
        self._check_slot(key_slot)
        c = self._keys.get(priv_slot)
        if not isinstance(c, Curve):
            raise ValueError(f"no EC private scalar loaded in slot {priv_slot} (load_ec_private first)")
        if key_slot == priv_slot:
            raise ValueError("key_slot must differ from priv_slot (the derived key would replace the scalar)")
        fixed = self._kdf_input(key_len, label, context)
        q = ec_packets.check_point(c, peer_point)
        self.ec_validate(c, q)
        r = self._wait(self.submit_ec("ecdh", c, *q, key_slot=priv_slot, dest_slot=key_slot), "ecdh")
        if r.status == "INVALID_POINT":
            raise InvalidPoint(f"ecdh on {c.name}: the device found the peer point invalid", r.status)
        if r.status != "OK":
            raise DeviceError(r.status, f"ecdh on {c.name} with slot {priv_slot}: status {r.status}")
        self._derive(key_slot, c, key_slot, key_len, fixed)

    def derive_key(self, secret_slot: int, curve, key_slot: int, key_len: int = 16, label: bytes = b"",
                   context: bytes = b"") -> None:
        """The AES key of `key_len` bytes derived from the shared secret of `curve` in
        `secret_slot` (left there by submit_ec("ecdh", ..., dest_slot=secret_slot)) into
        `key_slot`, on the AES cores: SP 800-56C two-step, extraction K_DK = AES-CMAC(16 zero
        bytes, Z) with Z as ceil(m/8) bytes, then the SP 800-108 counter-mode KDF with AES-CMAC,
        fixed input Label || 0x00 || Context || [L]_32 (docs/fabric.md "Secret inputs and
        outputs").  K_DK passes through `key_slot`; on a failure the slot is zeroized."""
        self._check_slot(secret_slot)
        self._check_slot(key_slot)
        self._derive(secret_slot, self._ec_curve(curve), key_slot, key_len, self._kdf_input(key_len, label, context))

    def _kdf_input(self, key_len: int, label: bytes, context: bytes) -> bytes:
        if key_len not in packets.AES_KEY_BYTES:
            raise ValueError(f"key_len must be 16, 24 or 32 bytes, got {key_len!r}")
        for name, value in (("label", label), ("context", context)):
            if not isinstance(value, (bytes, bytearray)):
                raise ValueError(f"{name} must be bytes, got {type(value).__name__}")
        fixed = kdf_fixed_input(bytes(label), bytes(context), 8 * key_len)
        if len(fixed) > self.buf_bytes:
            raise ValueError(f"label and context of {len(fixed) - 5} bytes exceed the core's buffer "
                             f"({self.buf_bytes} bytes)")
        return fixed

    def _derive(self, secret_slot: int, c: Curve, key_slot: int, key_len: int, fixed: bytes) -> None:
        self._keys.pop(key_slot, None)
        try:
            # K_DK = CMAC(0^16, Z) into key_slot, a restricted AES-128 key
            extract = ChannelConfig(self._scratch_channel("ecdh-extract"), "cmac", key_slot, 16, 16, 0,
                                    Policy(affinity=False),
                                    SecretRoute(dest_slot=key_slot, src_slot=secret_slot, curve=c.id, zero_key=True))
            # the key = T(1) || T(2) .., T(i) = CMAC(K_DK, [i]_32 || fixed), into key_slot
            expand = ChannelConfig(self._scratch_channel("ecdh-expand"), "cmac", key_slot, 16, 16, 0,
                                   Policy(affinity=False), SecretRoute(dest_slot=key_slot, dest_len=key_len, kdf=True))
            for step, data in ((extract, b""), (expand, fixed)):
                ch = Channel(self, step)
                self._write_channel(step, enable=True)
                self._channels[step.index] = ch
                r = self._wait(self.submit(ch, MAC, data), "key derivation")
                if r.status != "OK":
                    raise DeviceError(r.status, f"key derivation into slot {key_slot}: status {r.status}")
        except BaseException:
            self.zeroize(key_slot)
            raise
        self._keys[key_slot] = key_len

    def _wait(self, ticket: int, what: str) -> Result:
        """Run until `ticket`'s result is out and return it (not raising on its status)."""
        self._run_until(lambda: any(r.ticket == ticket for r in self._done), what)
        i = next(i for i, r in enumerate(self._done) if r.ticket == ticket)
        return self._done.pop(i)

    def hash(self, algorithm: str, data: bytes, key: bytes = b"", digest_size: int | None = None) -> bytes:
        """The digest of `data` computed on an ARX element: algorithm "sha256", "blake2s" or
        "blake2b".  A BLAKE2 hash may be keyed by `key` (bytes, at most 32 / 64; never a key slot:
        for a MAC under a stored key open a "blake2s-mac" / "blake2b-mac" channel);
        `digest_size` 1..32 / 1..64, default the longest (SHA-256: 32 only)."""
        if algorithm not in ARX_HASHES:
            raise ValueError(f"unknown hash {algorithm!r}; choose one of {', '.join(ARX_HASHES)}")
        longest, max_key = ARX_HASHES[algorithm]
        if not isinstance(key, (bytes, bytearray, memoryview)):
            raise ValueError(f"key must be bytes, got {type(key).__name__}")
        if len(key) > max_key:
            raise ValueError(f"{algorithm} takes a key of at most {max_key} bytes, got {len(key)}"
                             if max_key else f"{algorithm} takes no key")
        digest_size = longest if digest_size is None else digest_size
        if not self.arx_units:
            raise ValueError(f"{algorithm} runs on ARX elements: this device has none (Device(arx_units=...))")
        index = self._scratch_channel(f"hash {algorithm}")
        cfg = packets.channel_config(index, algorithm, 0, 16, digest_size, 0, {"ordered"})
        if self._hash_cfg.get(index) != cfg:            # the digest size is the channel's tag length
            self._write_channel(cfg, enable=True)
            self._hash_cfg[index] = cfg
        ch = Channel(self, cfg)
        self._channels[index] = ch                      # for submit; the role stays reserved
        try:
            return self._blocking(ch, MAC, bytes(data), b"", bytes(key), b"").tag
        finally:
            self._channels[index] = f"hash {algorithm}"

    def _blocking(self, channel: Channel, op: str, data, nonce, aad, tag) -> Result:
        ticket = self.submit(channel, op, data, nonce, aad, tag)
        r = self._wait(ticket, f"{channel.mode} {op}")
        if r.status == "AUTH_FAIL":
            raise AuthError(f"{channel.mode} {op} on channel {channel.index}: tag mismatch")
        if r.status != "OK":
            raise DeviceError(r.status, f"{channel.mode} {op} on channel {channel.index}: status {r.status}")
        return r
