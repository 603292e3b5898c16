"""Running one EDA tool with a time limit and a log, and the errors it raises."""

from __future__ import annotations

import hashlib
import re
import logging
import os
import subprocess
import time
from pathlib import Path
from typing import Sequence

from mccp.eda.tools import tool_env

logger = logging.getLogger(__name__)


LOG_TAIL_LINES = 40


class ToolTimeout(RuntimeError):
    """A tool ran past its time limit and was stopped."""

    def __init__(self, what: str, limit_s: float):
        super().__init__(f"{what}: stopped after its time limit of {limit_s:g} s")
        self.limit_s = limit_s


class ToolError(RuntimeError):
    """Yosys or nextpnr failed; the message carries the tail of its log."""


def rel_path(path: Path, cwd: Path) -> str:
    # YoWASP tools map their own temporary directory over /tmp, so absolute
    # paths under /tmp are invisible to them; relative paths always work.
    return os.path.relpath(path, cwd)


def log_tail(log: Path | None, extra: str = "", lines: int = LOG_TAIL_LINES) -> str:
    text = ""
    if log is not None and log.exists():
        text = log.read_text(errors="replace")
    extra = extra.strip()
    if extra and extra not in text:
        text = text + "\n" + extra
    return "\n".join(text.strip().splitlines()[-lines:])


def run_tool(cmd: Sequence[str], cwd: Path, log: Path, what: str,
             time_limit_s: float | None = None) -> float:
    """Run one tool in `cwd`; return its wall time; raise ToolError with the log tail, or
    ToolTimeout when it runs past `time_limit_s` (it is killed)."""
    logger.debug(f"{what}: {' '.join(cmd)}  (in {cwd}, log {log})")
    start = time.monotonic()
    try:
        res = subprocess.run(list(cmd), cwd=cwd, capture_output=True, text=True, env=tool_env(),
                             timeout=time_limit_s)
    except subprocess.TimeoutExpired as exc:
        raise ToolTimeout(what, float(time_limit_s or 0)) from exc
    except OSError as exc:
        raise ToolError(f"{what}: cannot start {cmd[0]}: {exc}") from exc
    if res.returncode != 0:
        raise ToolError(
            f"{what} failed (exit {res.returncode})\n"
            f"  command: {' '.join(cmd)}\n  in: {cwd}\n  log: {log}\n"
            f"--- last lines of the log ---\n{log_tail(log, res.stdout + res.stderr)}"
        )
    return time.monotonic() - start


def file_sha1(path: Path) -> str:
    return hashlib.sha1(path.read_bytes()).hexdigest()


_AUTO_NUMBER = re.compile(rb"\$(\d+)")


def logic_sha1(path: Path) -> str:
    """Hash of a Yosys JSON netlist that ignores the numbers of its generated names
    ($abc$1234$..., $auto$...$56): Yosys numbers them from a global counter, so reading one
    more (unused) file shifts them all in a netlist whose logic is unchanged.  Each number is
    replaced by the order of its first appearance."""
    seen: dict[bytes, bytes] = {}

    def renumber(m: re.Match) -> bytes:
        return b"$#" + seen.setdefault(m.group(1), str(len(seen)).encode())

    return hashlib.sha1(_AUTO_NUMBER.sub(renumber, path.read_bytes())).hexdigest()
