"""Compile C and assembly for the SoC's CPU (rv32im) with the `ziglang` package's clang.

    image = compile_program(["prog.c"], defines={"N": 3})     # bytes of a flat binary at 0

Every program is linked with sw/soc/crt0.S and sw/soc/runtime.c by sw/soc/link.ld, without
libc, and its loadable segments make the flat image (elf_to_binary).  Results are cached under build/soc/prog/<hash>/ where the hash covers the sources,
the headers of the include directories, the flags and the compiler's version.  A failed
compile raises CompileError with the compiler's messages.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import struct
import subprocess
import sys
from functools import lru_cache
from pathlib import Path
from typing import Mapping, Sequence

from mccp import paths

SW_SOC = paths.ROOT / "sw" / "soc"
RUNTIME = (SW_SOC / "crt0.S", SW_SOC / "runtime.c")
LINK_SCRIPT = SW_SOC / "link.ld"
TARGET = ["-target", "riscv32-freestanding-none", "-mcpu=generic_rv32+m"]
CFLAGS = ["-ffreestanding", "-nostdlib", "-fno-unwind-tables", "-fno-asynchronous-unwind-tables",
          "-fno-builtin", "-Wall", "-Wextra", "-g0"]
BUILD_DIR = paths.BUILD / "soc" / "prog"


class CompileError(RuntimeError):
    """The compiler or linker failed; the message holds its stderr."""


def _zig(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    # zig keeps its own cache; inside build/ rather than the user's home
    env.setdefault("ZIG_GLOBAL_CACHE_DIR", str(paths.BUILD / "soc" / "zig-cache"))
    env.setdefault("ZIG_LOCAL_CACHE_DIR", str(paths.BUILD / "soc" / "zig-cache"))
    return subprocess.run([sys.executable, "-m", "ziglang", *args], capture_output=True, text=True,
                          env=env, cwd=cwd)


@lru_cache(maxsize=1)
def zig_version() -> str:
    return _zig("version").stdout.strip()


def _key(files: Sequence[Path], headers: Sequence[Path], flags: Sequence[str]) -> str:
    h = hashlib.sha256()
    h.update(zig_version().encode())
    h.update("\0".join(flags).encode())
    for f in [*files, *headers]:
        h.update(str(f).encode() + b"\0")
        h.update(f.read_bytes())
    return h.hexdigest()[:16]


def compile_elf(sources: Sequence[str | Path], defines: Mapping[str, object] | None = None,
                include_dirs: Sequence[str | Path] = (), opt: str = "-O2") -> Path:
    """Compile and link the program; the ELF file's path (cached)."""
    files = [*RUNTIME, *[Path(s).resolve() for s in sources]]
    for f in files:
        if not f.exists():
            raise CompileError(f"no such source: {f}")
    incs = [SW_SOC, *[Path(d).resolve() for d in include_dirs]]
    headers = sorted({h for d in incs for h in d.glob("*.h")})
    flags = [*TARGET, opt, *CFLAGS, *[f"-I{d}" for d in incs],
             *[f"-D{k}={v}" if v is not None else f"-D{k}" for k, v in (defines or {}).items()]]
    out_dir = BUILD_DIR / _key([LINK_SCRIPT, *files], headers, flags)
    elf = out_dir / "prog.elf"
    if elf.exists():
        return elf
    out_dir.mkdir(parents=True, exist_ok=True)
    tmp = out_dir / f"prog.{os.getpid()}.elf"
    res = _zig("cc", *flags, "-T", str(LINK_SCRIPT), "-Wl,--gc-sections", "-o", str(tmp), *map(str, files))
    if res.returncode != 0:
        tmp.unlink(missing_ok=True)
        raise CompileError(f"compiling {', '.join(Path(s).name for s in sources)} failed:\n"
                           f"{(res.stderr + res.stdout).strip()}")
    os.replace(tmp, elf)
    return elf


def elf_to_binary(elf: Path) -> bytes:
    """The flat image of a linked program from address 0: its loadable segments (PT_LOAD,
    file bytes only; .bss is NOLOAD and cleared by crt0.S) at their physical addresses.
    What `objcopy -O binary` makes, read here: `zig objcopy` compiles itself on first use
    (about 30 s)."""
    data = elf.read_bytes()
    if data[:4] != b"\x7fELF" or data[4] != 1 or data[5] != 1:
        raise CompileError(f"{elf}: not a 32-bit little-endian ELF file")
    phoff, = struct.unpack_from("<I", data, 28)
    phentsize, phnum = struct.unpack_from("<HH", data, 42)
    image = bytearray()
    for i in range(phnum):
        p_type, p_offset, _vaddr, p_paddr, p_filesz, _memsz, _flags, _align = \
            struct.unpack_from("<8I", data, phoff + i * phentsize)
        if p_type != 1 or p_filesz == 0:        # PT_LOAD with bytes in the file
            continue
        end = p_paddr + p_filesz
        if len(image) < end:
            image.extend(bytes(end - len(image)))
        image[p_paddr:end] = data[p_offset:p_offset + p_filesz]
    return bytes(image)


def compile_program(sources: Sequence[str | Path], defines: Mapping[str, object] | None = None,
                    include_dirs: Sequence[str | Path] = (), opt: str = "-O2") -> bytes:
    """The flat binary image of a program (crt0.S and runtime.c linked in)."""
    return elf_to_binary(compile_elf(sources, defines, include_dirs, opt))


def clean() -> None:
    """Remove every cached program."""
    shutil.rmtree(BUILD_DIR, ignore_errors=True)
