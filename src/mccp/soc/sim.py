"""The Verilator model of `mccp_soc` and a ctypes wrapper of its harness (soc_harness.cpp).

    lib = build_soc()                          # cached by content hash (mccp.device.build)
    res = run_image(lib, image_bytes, max_cycles=2_000_000)
    res.console, res.exit_code, res.cycles

The program goes into the RAM through a hex file (one 32-bit little-endian word a line)
named by the plusarg +mem=, which mccp_soc_ram reads with $readmemh before the first clock.
"""

from __future__ import annotations

import ctypes
import hashlib
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from mccp import paths
from mccp.device.build import build_model
from mccp.device.model import load_library
from mccp.eda.filelist import sources, third_party

HARNESS = Path(__file__).resolve().parent / "soc_harness.cpp"
TOP = "mccp_soc"
DEFAULT_PARAMS: dict[str, int] = {"RamBytes": 256 * 1024, "NumCores": 2, "StreamBits": 32}
RESET_CYCLES = 8

_u64 = ctypes.c_uint64
_p = ctypes.c_void_p
_SIGNATURES = {
    "soc_new": ([ctypes.c_char_p, ctypes.c_char_p], _p),
    "soc_free": ([_p], None),
    "soc_reset": ([_p, ctypes.c_uint], None),
    "soc_cycle": ([_p], _u64),
    "soc_run": ([_p, _u64], ctypes.c_int),
    "soc_exit_code": ([_p], ctypes.c_uint32),
    "soc_exit_cycle": ([_p], _u64),
    "soc_console_len": ([_p], _u64),
    "soc_console": ([_p, ctypes.c_char_p, _u64], _u64),
}


class SimTimeout(RuntimeError):
    """The program did not write EXIT within the cycle limit; `.console` holds its output so far."""

    def __init__(self, message: str, console: str, cycles: int):
        super().__init__(message)
        self.console = console
        self.cycles = cycles


@dataclass
class SocResult:
    console: str      # bytes written to CONSOLE (latin-1 decoded)
    exit_code: int    # the word written to EXIT (unsigned 32-bit)
    cycles: int       # clock cycles after reset until the EXIT write


def rtl_sources() -> list[Path]:
    """mccp_soc's RTL: our .core files plus the CPU's generated Verilog (mccp.eda.filelist)."""
    return [*third_party("soc"), *sources("soc")]


def build_soc(parameters: Mapping[str, int] | None = None, trace: bool | str = False,
              quiet: bool = True) -> Path:
    """Path of the model's shared library for these parameters (defaults: DEFAULT_PARAMS)."""
    params = {**DEFAULT_PARAMS, **(parameters or {})}
    return build_model(params, sources=rtl_sources(), top=TOP, harness=HARNESS, trace=trace,
                       quiet=quiet, jobs=2)


def image_hex(image: bytes) -> str:
    """A flat binary as $readmemh text: one little-endian 32-bit word a line."""
    padded = image + bytes(-len(image) % 4)
    return "".join(f"{int.from_bytes(padded[i:i + 4], 'little'):08x}\n" for i in range(0, len(padded), 4))


def write_hex(image: bytes) -> Path:
    """The image's hex file under build/soc/hex/, named by its content hash."""
    text = image_hex(image)
    out = paths.BUILD / "soc" / "hex" / f"{hashlib.sha256(text.encode()).hexdigest()[:16]}.hex"
    if not out.exists():
        out.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", dir=out.parent, delete=False, suffix=".tmp") as f:
            f.write(text)
        Path(f.name).replace(out)
    return out


class Soc:
    """One simulated SoC with a program in its RAM, out of reset."""

    def __init__(self, lib_path: Path, image: bytes, trace: str | Path | None = None,
                 ram_bytes: int = DEFAULT_PARAMS["RamBytes"]):
        if len(image) > ram_bytes:
            raise ValueError(f"program of {len(image)} bytes does not fit the {ram_bytes}-byte RAM")
        self._lib = load_library(Path(lib_path), _SIGNATURES)
        hex_path = write_hex(image)
        self._h = self._lib.soc_new(f"+mem={hex_path}".encode(), str(trace).encode() if trace else None)
        self._lib.soc_reset(self._h, RESET_CYCLES)
        self._start = self._lib.soc_cycle(self._h)

    def close(self) -> None:
        if self._h:
            self._lib.soc_free(self._h)
            self._h = None

    def __enter__(self) -> "Soc":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass

    @property
    def cycles(self) -> int:
        return self._lib.soc_cycle(self._h) - self._start

    @property
    def console(self) -> str:
        n = self._lib.soc_console_len(self._h)
        buf = ctypes.create_string_buffer(max(int(n), 1))
        got = self._lib.soc_console(self._h, buf, n)
        return buf.raw[:got].decode("latin-1")

    def run(self, max_cycles: int = 5_000_000) -> SocResult:
        """Run until the program writes EXIT; SimTimeout after `max_cycles`."""
        if not self._lib.soc_run(self._h, max_cycles):
            raise SimTimeout(f"no EXIT within {max_cycles} cycles; console so far: {self.console[-400:]!r}",
                             self.console, self.cycles)
        return SocResult(self.console, int(self._lib.soc_exit_code(self._h)),
                         int(self._lib.soc_exit_cycle(self._h)) - self._start)


def run_image(lib_path: Path, image: bytes, max_cycles: int = 5_000_000,
              trace: str | Path | None = None) -> SocResult:
    """Load a flat binary at address 0, run it to EXIT (SimTimeout at the limit)."""
    with Soc(lib_path, image, trace=trace) as soc:
        return soc.run(max_cycles)
