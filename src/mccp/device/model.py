"""ctypes wrapper of the C++ harness (harness.cpp): one simulated `mccp_top`.

The clock loop runs in C++; this class queues packets, performs AXI4-Lite
transactions (the streams keep moving meanwhile) and collects output packets
with their cycle stamps.  It knows nothing about headers or registers.
"""

from __future__ import annotations

import ctypes
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

_u64 = ctypes.c_uint64
_p = ctypes.c_void_p

_SIGNATURES = {
    "dev_new": ([_u64, ctypes.c_char_p, ctypes.c_char_p], _p),
    "dev_free": ([_p], None),
    "dev_beat_bytes": ([_p], ctypes.c_uint),
    "dev_cycle": ([_p], _u64),
    "dev_reset": ([_p, ctypes.c_uint], None),
    "dev_step": ([_p, _u64], None),
    "dev_backpressure": ([_p, ctypes.c_double, ctypes.c_double, _u64], None),
    "dev_irq": ([_p], ctypes.c_int),
    "dev_write": ([_p, ctypes.c_uint32, ctypes.c_uint32, ctypes.c_uint32, _u64], ctypes.c_int),
    "dev_write_many": ([_p, ctypes.c_uint32, ctypes.POINTER(ctypes.c_uint32), _u64, _u64], ctypes.c_int),
    "dev_read": ([_p, ctypes.c_uint32, ctypes.POINTER(ctypes.c_uint32), _u64], ctypes.c_int),
    "dev_cop": ([_p, ctypes.c_uint32, ctypes.c_uint32, ctypes.c_uint32, _u64, ctypes.POINTER(ctypes.c_uint32)],
                ctypes.c_int),
    "dev_push": ([_p, ctypes.c_char_p, _u64, _u64, ctypes.c_int], None),
    "dev_hold_output": ([_p, ctypes.c_int], None),
    "dev_bus_jitter": ([_p, ctypes.c_int, _u64], None),
    "dev_in_pending": ([_p], _u64),
    "dev_out_count": ([_p], _u64),
    "dev_out_total": ([_p], _u64),
    "dev_run": ([_p, _u64, ctypes.c_int, _u64], ctypes.c_int),
    "dev_out_len": ([_p], ctypes.c_int64),
    "dev_out_pop": ([_p, ctypes.c_char_p, _u64, ctypes.POINTER(_u64), ctypes.POINTER(_u64)], ctypes.c_int64),
    "dev_in_stamps": ([_p, ctypes.POINTER(_u64), _u64], _u64),
    "dev_in_starts": ([_p, ctypes.POINTER(_u64), _u64], _u64),
    "dev_counters": ([_p, ctypes.POINTER(_u64)], None),
    "dev_speed": ([_p, ctypes.POINTER(_u64), ctypes.POINTER(ctypes.c_double)], None),
}

DEV_TIMEOUT = -1
RESP_NAMES = {0: "OKAY", 1: "EXOKAY", 2: "SLVERR", 3: "DECERR"}
_LIBS: dict[str, ctypes.CDLL] = {}


class SimTimeout(RuntimeError):
    """The model did not finish within its cycle limit (deadlock guard)."""


class BusError(RuntimeError):
    """An AXI4-Lite transaction answered SLVERR / DECERR."""

    def __init__(self, kind: str, addr: int, resp: int):
        super().__init__(f"AXI4-Lite {kind} at 0x{addr:03x} answered {RESP_NAMES.get(resp, resp)}")
        self.addr = addr
        self.resp = resp


class _Closed:
    """Stands in for the library after close(): any call raises instead of touching freed memory."""

    def __getattr__(self, name):
        raise RuntimeError("the simulated device is closed")


def load_library(path: Path, signatures: dict | None = None) -> ctypes.CDLL:
    """The model library at `path` (loaded once per process) with the argument and result
    types of its C functions: `signatures` (name -> (argtypes, restype)), by default those of
    mccp_top's harness."""
    key = str(path)
    if key not in _LIBS:
        lib = ctypes.CDLL(key)
        for name, (args, res) in (_SIGNATURES if signatures is None else signatures).items():
            fn = getattr(lib, name)
            fn.argtypes = args
            fn.restype = res
        _LIBS[key] = lib
    return _LIBS[key]


@dataclass
class OutPacket:
    data: bytes
    first_cycle: int     # cycle of its first beat
    last_cycle: int      # cycle of its TLAST beat


@dataclass
class InStamp:
    id: int
    first_cycle: int     # cycle its first beat was accepted
    last_cycle: int      # cycle its TLAST beat was accepted


class Model:
    """One simulated instance.  `bus_timeout` bounds every register transaction (cycles)."""

    def __init__(self, lib_path: Path, seed: int = 1, trace: str | Path | None = None,
                 bus_timeout: int = 10_000, plusargs: Mapping[str, int] | None = None):
        self._lib = load_library(Path(lib_path))
        args = " ".join(f"+{k}={int(v)}" for k, v in (plusargs or {}).items())
        self._h = self._lib.dev_new(seed, str(trace).encode() if trace else None, args.encode())
        self.bus_timeout = bus_timeout
        self.beat_bytes = self._lib.dev_beat_bytes(self._h)

    def close(self) -> None:
        if self._h:
            self._lib.dev_free(self._h)
            self._h = None
            self._lib = _Closed()

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass

    @property
    def cycle(self) -> int:
        return self._lib.dev_cycle(self._h)

    def reset(self, cycles: int = 4) -> None:
        self._lib.dev_reset(self._h, cycles)

    def step(self, cycles: int) -> None:
        self._lib.dev_step(self._h, cycles)

    def backpressure(self, out_stall: float = 0.0, in_gap: float = 0.0, seed: int = 1) -> None:
        """Probability per cycle of m_axis_tready low / of no s_axis_tvalid (seeded)."""
        if not (0.0 <= out_stall < 1.0 and 0.0 <= in_gap < 1.0):
            raise ValueError("back-pressure probabilities must be in [0, 1)")
        self._lib.dev_backpressure(self._h, out_stall, in_gap, seed)

    def hold_output(self, on: bool = True) -> None:
        """A stuck consumer: m_axis_tready held low from now until hold_output(False)."""
        self._lib.dev_hold_output(self._h, int(on))

    def bus_jitter(self, on: bool = True, seed: int = 7) -> None:
        """AXI4-Lite like a careless master: AWVALID and WVALID each 0..3 cycles late (either
        first), BREADY / RREADY low half the cycles (seeded)."""
        self._lib.dev_bus_jitter(self._h, int(on), seed)

    @property
    def irq(self) -> bool:
        return bool(self._lib.dev_irq(self._h))

    # AXI4-Lite -------------------------------------------------------------------------
    def write_resp(self, addr: int, data: int, strb: int = 0xF) -> int:
        """Write; the BRESP (0 OKAY, 2 SLVERR ...)."""
        r = self._lib.dev_write(self._h, addr, data & 0xFFFFFFFF, strb, self.bus_timeout)
        if r == DEV_TIMEOUT:
            raise SimTimeout(f"AXI4-Lite write to 0x{addr:03x}: no response in {self.bus_timeout} cycles")
        return r

    def write(self, addr: int, data: int, strb: int = 0xF) -> None:
        r = self.write_resp(addr, data, strb)
        if r != 0:
            raise BusError("write", addr, r)

    def write_many(self, addr: int, words: list[int]) -> None:
        """Write each word to the same address in turn (a FIFO-like window)."""
        arr = (ctypes.c_uint32 * len(words))(*[w & 0xFFFFFFFF for w in words])
        r = self._lib.dev_write_many(self._h, addr, arr, len(words), self.bus_timeout)
        if r == DEV_TIMEOUT:
            raise SimTimeout(f"AXI4-Lite write to 0x{addr:03x}: no response in {self.bus_timeout} cycles")
        if r != 0:
            raise BusError("write", addr, r)

    def read_resp(self, addr: int) -> tuple[int, int]:
        """Read; (RRESP, data)."""
        v = ctypes.c_uint32(0)
        r = self._lib.dev_read(self._h, addr, ctypes.byref(v), self.bus_timeout)
        if r == DEV_TIMEOUT:
            raise SimTimeout(f"AXI4-Lite read of 0x{addr:03x}: no response in {self.bus_timeout} cycles")
        return r, v.value

    def read(self, addr: int) -> int:
        r, v = self.read_resp(addr)
        if r != 0:
            raise BusError("read", addr, r)
        return v

    # coprocessor port ----------------------------------------------------------------
    def cop(self, func: int, a: int = 0, b: int = 0) -> int:
        """One command on the custom-instruction coprocessor port (mccp_top CopEnable,
        docs/soc.md): function `func` with operands a, b; its 32-bit answer."""
        v = ctypes.c_uint32(0)
        if self._lib.dev_cop(self._h, func, a & 0xFFFFFFFF, b & 0xFFFFFFFF, self.bus_timeout, ctypes.byref(v)):
            raise SimTimeout(f"coprocessor function {func}: no answer in {self.bus_timeout} cycles")
        return v.value

    # streams ---------------------------------------------------------------------------
    def push(self, packet: bytes, ident: int = 0, last: bool = True) -> None:
        """Queue a packet of any byte length: every beat full but the last, whose TKEEP
        marks its valid bytes (docs/fabric.md "Words and beats").  last=False sends it
        without TLAST (an abandoned packet: the device takes the following beats as its
        continuation)."""
        self._lib.dev_push(self._h, packet, len(packet), ident, int(last))

    @property
    def in_pending(self) -> int:
        """Input packets not yet fully accepted."""
        return self._lib.dev_in_pending(self._h)

    @property
    def out_count(self) -> int:
        """Output packets collected and not yet popped."""
        return self._lib.dev_out_count(self._h)

    def run(self, packets: int, max_cycles: int, drain_input: bool = True) -> None:
        """Clock until `packets` output packets are waiting (and the input queue is empty)."""
        r = self._lib.dev_run(self._h, packets, int(drain_input), max_cycles)
        if r == DEV_TIMEOUT:
            c = self.counters()
            raise SimTimeout(
                f"deadlock guard: {max_cycles} cycles without reaching {packets} output packets "
                f"(have {c['out_queued']}; input packets still queued {c['in_queued']}, beats in "
                f"{c['in_beats']}, beats out {c['out_beats']}, partial output bytes {c['out_partial']})")

    def pop(self) -> OutPacket | None:
        n = self._lib.dev_out_len(self._h)
        if n < 0:
            return None
        buf = ctypes.create_string_buffer(max(n, 1))
        first, last = _u64(0), _u64(0)
        got = self._lib.dev_out_pop(self._h, buf, n, ctypes.byref(first), ctypes.byref(last))
        return OutPacket(buf.raw[:got], first.value, last.value)

    def pop_all(self) -> list[OutPacket]:
        out = []
        while (p := self.pop()) is not None:
            out.append(p)
        return out

    def in_stamps(self) -> list[InStamp]:
        """Input packets fully accepted since the last call."""
        out: list[InStamp] = []
        while True:
            arr = (_u64 * (3 * 256))()
            n = self._lib.dev_in_stamps(self._h, arr, 256)
            out.extend(InStamp(arr[3 * i], arr[3 * i + 1], arr[3 * i + 2]) for i in range(n))
            if n < 256:
                return out

    def in_starts(self) -> list[tuple[int, int]]:
        """(id, cycle its first beat was accepted) of the input packets started since the last call."""
        out: list[tuple[int, int]] = []
        while True:
            arr = (_u64 * (2 * 256))()
            n = self._lib.dev_in_starts(self._h, arr, 256)
            out.extend((arr[2 * i], arr[2 * i + 1]) for i in range(n))
            if n < 256:
                return out

    def counters(self) -> dict:
        arr = (_u64 * 8)()
        self._lib.dev_counters(self._h, arr)
        return dict(zip(("in_beats", "out_beats", "out_partial", "in_pos", "in_queued", "out_queued",
                         "out_violations", "out_keep_errors"), arr))

    def speed(self) -> tuple[int, float]:
        """(cycles simulated inside the harness, wall seconds they took)."""
        c, s = _u64(0), ctypes.c_double(0)
        self._lib.dev_speed(self._h, ctypes.byref(c), ctypes.byref(s))
        return c.value, s.value
