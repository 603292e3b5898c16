"""The RTL file lists, read from the FuseSoC `.core` files under rtl/ (one per block).

The `.core` files are the one place that says which files make a block and what it
depends on; FuseSoC builds from them (their `lint` and `synth` targets), and so does
every tool of ours (lint, device model, synthesis units, formal, test benches):

    sources("core")              # mccp:ip:core and its dependencies, dependencies first
    sources_in_dirs("aes", "synth")  # the cores whose .core lies under rtl/aes/, rtl/synth/
    pick("fabric", "mccp_sched", "mccp_regs_pkg")   # named files of a core's list
    third_party("soc")           # generated Verilog a core needs from outside the repository

A core is named by the last part of its VLNV name (`mccp:ip:prim_ecp5:0.1.0` ->
"prim_ecp5").  Of each core the filesets of its `default` target count; a
fileset's `depend` entries come before its files.  Within a core the files keep
the order the `.core` gives (packages first, as Verilator and Yosys need them).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import pythondata_cpu_vexriscv
import yaml

from mccp import paths

SV_TYPES = ("systemVerilogSource", "verilogSource")
_VLNV = re.compile(r"^[\^~<>=]*([^:\s]+:[^:\s]*:[^:\s]+)(?::[^:\s]*)?$")


@dataclass(frozen=True)
class Core:
    name: str                    # vendor:library:name (no version)
    path: Path                   # the .core file
    files: tuple[Path, ...]      # its own RTL files, in order
    depends: tuple[str, ...]     # vendor:library:name of each dependency

    @property
    def short(self) -> str:
        return self.name.split(":")[-1]


def _vln(dep: str) -> str:
    """`mccp:ip:prim:0.1.0`, `^mccp:ip:prim:0.1`, `>=mccp:ip:prim:0.1` -> `mccp:ip:prim`."""
    m = _VLNV.match(dep.strip())
    if not m:
        raise ValueError(f"not a core name: {dep!r}")
    return m.group(1)


def parse(path: Path) -> Core:
    """One .core file: its name, the files and dependencies of its default target."""
    data = yaml.safe_load(path.read_text())
    filesets = data.get("filesets") or {}
    default = (data.get("targets") or {}).get("default") or {}
    files: list[Path] = []
    depends: list[str] = []
    for fs_name in default.get("filesets") or []:
        fs = filesets[fs_name]
        depends += [_vln(d) for d in fs.get("depend") or []]
        for entry in fs.get("files") or []:
            name, attrs = (entry, {}) if isinstance(entry, str) else next(iter(entry.items()))
            if (attrs or {}).get("file_type", fs.get("file_type", "")) in SV_TYPES:
                files.append((path.parent / name).resolve())
    return Core(_vln(data["name"]), path.resolve(), tuple(files), tuple(depends))


@lru_cache(maxsize=None)
def _cores(root: Path) -> dict[str, Core]:
    found: dict[str, Core] = {}
    for path in sorted(root.rglob("*.core")):
        core = parse(path)
        for key in (core.name, core.short):
            if key in found:
                raise ValueError(f"two cores named {key}: {found[key].path} and {core.path}")
            found[key] = core
    return found


def cores(root: Path | None = None) -> dict[str, Core]:
    """Every .core under rtl/ (or `root`), by full name and by short name."""
    return _cores(Path(root or paths.RTL).resolve())


def _resolve(names, table: dict[str, Core]) -> list[Core]:
    order: list[Core] = []
    active: set[str] = set()

    def visit(name: str) -> None:
        if name not in table:
            raise KeyError(f"no .core named {name!r} under rtl/")
        core = table[name]
        if core in order:
            return
        if core.name in active:
            raise ValueError(f"dependency cycle through {core.name}")
        active.add(core.name)
        for dep in core.depends:
            visit(dep)
        active.discard(core.name)
        order.append(core)

    for n in names:
        visit(n)
    return order


def _files(chosen: list[Core]) -> list[Path]:
    out: list[Path] = []
    for core in chosen:
        out += [f for f in core.files if f not in out]
    return out


def sources(*names: str, root: Path | None = None) -> list[Path]:
    """The files of the named cores and of everything they depend on, each core after
    its dependencies, each file once."""
    return _files(_resolve(names, cores(root)))


def sources_in_dirs(*dirs: str, root: Path | None = None) -> list[Path]:
    """`sources` of every core whose .core file lies under one of rtl/<dir>/."""
    base = Path(root or paths.RTL).resolve()
    table = cores(base)
    wanted = [c.name for c in dict.fromkeys(table.values())
              if any(c.path.is_relative_to(base / d) for d in dirs)]
    return _files(_resolve(wanted, table))


def all_sources(root: Path | None = None) -> list[Path]:
    """Every RTL file of every core under rtl/ (what `mccp lint` checks)."""
    table = cores(root)
    return _files(_resolve([c.name for c in dict.fromkeys(table.values())], table))


def pick(core: str, *stems: str, root: Path | None = None) -> list[Path]:
    """The files named (by stem: "mccp_sched") in `sources(core)`, in that list's order.
    For a bench that compiles a few modules alone (Icarus, or a faster build)."""
    files = sources(core, root=root)
    missing = set(stems) - {f.stem for f in files}
    if missing:
        raise KeyError(f"{core}: no file {sorted(missing)} in its sources")
    return [f for f in files if f.stem in stems]


# Generated Verilog from PyPI packages that a core instantiates but the repository does not
# hold (the .core names it in a comment; FuseSoC users add their own copy).  Our tools add
# these files where they build or read that core, with a Verilator configuration file that
# keeps them out of -Wall.
VEXRISCV_VARIANT = "VexRiscv_FullCfu.v"    # RV32IM, 4 KB I$ and D$, Wishbone, CFU port


def vexriscv_verilog() -> Path:
    """The SoC's CPU (module VexRiscv) in the installed pythondata-cpu-vexriscv package."""
    path = Path(pythondata_cpu_vexriscv.data_location) / VEXRISCV_VARIANT
    if not path.exists():
        raise FileNotFoundError(f"{path}: pythondata-cpu-vexriscv is installed without {VEXRISCV_VARIANT}")
    return path


# core -> (generated Verilog files, Verilator configuration waiving lint on them)
_THIRD_PARTY = {"mccp:ip:soc": (lambda: [vexriscv_verilog()],
                                lambda: [paths.RTL / "soc" / "mccp_soc_waivers.vlt"])}


def third_party(*names: str, root: Path | None = None) -> list[Path]:
    """The third-party Verilog the named cores and their dependencies need."""
    out: list[Path] = []
    for core in _resolve(names, cores(root)):
        if core.name in _THIRD_PARTY:
            out += [f for f in _THIRD_PARTY[core.name][0]() if f not in out]
    return out


def third_party_waivers(*names: str, root: Path | None = None) -> list[Path]:
    """Verilator configuration files (.vlt) that turn lint off for `third_party` files."""
    out: list[Path] = []
    for core in _resolve(names, cores(root)):
        if core.name in _THIRD_PARTY:
            out += [f for f in _THIRD_PARTY[core.name][1]() if f not in out]
    return out


def all_third_party(root: Path | None = None) -> list[Path]:
    """`third_party` of every core under rtl/."""
    table = cores(root)
    return third_party(*[c.name for c in dict.fromkeys(table.values())], root=root)


def all_third_party_waivers(root: Path | None = None) -> list[Path]:
    table = cores(root)
    return third_party_waivers(*[c.name for c in dict.fromkeys(table.values())], root=root)
