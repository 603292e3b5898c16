"""`python -m mccp.device [--cores N] [--packets N] [--size BYTES]`: build the device model,
run GCM traffic on every core and print the build time and the simulation speed."""

from __future__ import annotations

import argparse
import os
import random
import time
from mccp.device import Device


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(prog="python -m mccp.device", description=__doc__)
    ap.add_argument("--cores", type=int, default=4)
    ap.add_argument("--stream-bits", type=int, default=None)
    ap.add_argument("--packets", type=int, default=200)
    ap.add_argument("--size", type=int, default=1024)
    ap.add_argument("--mode", default="gcm")
    args = ap.parse_args(argv)
    t0 = time.monotonic()
    with Device(cores=args.cores, stream_bits=args.stream_bits) as dev:
        t1 = time.monotonic()
        print(f"device {dev.params}: library {dev.library}")
        print(f"  build {dev.build_seconds} s (cached build: not rebuilt this run)"
              if t1 - t0 < (dev.build_seconds or 0) else f"  build {dev.build_seconds} s")
        print(f"  open (build or load, reset, firmware): {t1 - t0:.1f} s")
        rng = random.Random(1)
        dev.load_key(0, os.urandom(16))
        ch = dev.open_channel(args.mode, 0)
        c0, w0 = dev.cycles, time.monotonic()
        for _ in range(args.packets):
            op = ch.cfg.ops()[0]
            dev.submit(ch, op, rng.randbytes(args.size), nonce=rng.randbytes(ch.cfg.nonce_len))
        res = dev.drain()
        cycles, wall = dev.cycles - c0, time.monotonic() - w0
        assert all(r.ok for r in res)
        hc, hs = dev.model.speed()
        blocks = args.packets * ((args.size + 15) // 16)
        print(f"  {args.packets} x {args.size} B {args.mode}: {cycles} cycles, {cycles / blocks:.2f} cycles/block "
              f"over {args.cores} cores")
        print(f"  simulation speed: {cycles / wall:,.0f} cycles/s end to end (Python included), "
              f"{hc / hs:,.0f} cycles/s inside the harness")


if __name__ == "__main__":
    main()
