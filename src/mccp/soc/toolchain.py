"""Compile C and assembly for the SoC's CPU (rv32im) with the `ziglang` package's clang.

    image = compile_program(["prog.c"], defines={"N": 3})     # bytes of a flat binary at 0

Every program is linked with sw/soc/crt0.S and sw/soc/runtime.c by sw/soc/link.ld, without
libc.  Results are cached under build/soc/prog/<hash>/ where the hash covers the sources,
the headers of the include directories, the flags and the compiler's version.  A failed
compile raises CompileError with the compiler's messages.
"""

from __future__ import annotations

import hashlib
import os
import shutil
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
    """The flat image (objcopy -O binary) of a linked program, from address 0."""
    out = elf.with_suffix(".bin")
    if not out.exists():
        tmp = elf.with_suffix(f".{os.getpid()}.bin")
        res = _zig("objcopy", "-O", "binary", str(elf), str(tmp))
        if res.returncode != 0:
            tmp.unlink(missing_ok=True)
            raise CompileError(f"objcopy {elf} failed:\n{(res.stderr + res.stdout).strip()}")
        os.replace(tmp, out)
    return out.read_bytes()


def compile_program(sources: Sequence[str | Path], defines: Mapping[str, object] | None = None,
                    include_dirs: Sequence[str | Path] = (), opt: str = "-O2") -> bytes:
    """The flat binary image of a program (crt0.S and runtime.c linked in)."""
    return elf_to_binary(compile_elf(sources, defines, include_dirs, opt))


def clean() -> None:
    """Remove every cached program."""
    shutil.rmtree(BUILD_DIR, ignore_errors=True)
