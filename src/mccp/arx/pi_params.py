"""The pi-Cipher constants as an RTL package: rtl/arx/mccp_pi_params_pkg.sv, generated from
mccp.ref.pi_cipher (PARAMS, MU_V, NU_V), the reference the KATs check, so the fixed-function
engines (rtl/arx/mccp_pi_arx.sv) and the Python model cannot disagree on a constant or a rotation.

`mccp isa gen` writes it with the ISA packages (mccp.isa.gen.outputs); `mccp isa check` and
tests/core/test_isa.py fail when it is stale.
"""

from __future__ import annotations

from pathlib import Path

from mccp import paths
from mccp.ref.pi_cipher import MU_V, NU_V, PARAMS

PKG = paths.RTL / "arx" / "mccp_pi_params_pkg.sv"
HEADER = "generated from mccp.ref.pi_cipher (PARAMS, MU_V, NU_V) by `mccp isa gen`; do not edit"


# The arguments of the functions.
W_ARG, DIR_ARG, I_ARG = "w", "dir", "i"


def _case(name: str, ret: str, args: tuple[str, ...], table: dict[tuple[int, ...], str]) -> list[str]:
    """A function of `int` arguments over a case on all of them (every bit read: no unused
    bits for Verilator -Wall), with plain name assignment (Yosys 0.70 refuses `return` in a
    function of `int` arguments)."""
    params = ", ".join(f"input int {a}" for a in args)
    sel = ", ".join(args)
    lines = [f"  function automatic {ret} {name}({params});",
             f"    {name} = '0;",
             f"    case ({{{sel}}})"]
    for key, value in table.items():
        label = ", ".join(f"32'd{k}" for k in key)
        lines.append(f"      {{{label}}}: {name} = {value};")
    return lines + ["      default: ;", "    endcase", "  endfunction", ""]


def render_sv() -> str:
    consts, rots = {}, {}
    for w, p in PARAMS.items():
        for d, (const, rot) in enumerate(((p.mu_const, p.mu_rot), (p.nu_const, p.nu_rot))):
            for i in range(4):
                consts[(w, d, i)] = f"64'h{const[i]:016x}"
                rots[(w, d, i)] = str(rot[i])
    excluded = {(d, i): str(v[i]) for d, v in enumerate((MU_V, NU_V)) for i in range(4)}
    lines = [f"// {HEADER}.",
             "// pi-Cipher's mu (dir 0) and nu (dir 1) per word size w (16, 32, 64): equation i of a",
             "// direction is t_i = rotl(pi_const(w, dir, i) + the sum of the direction's four input",
             "// words but word pi_excluded(dir, i), pi_rot(w, dir, i)) (mccp.ref.pi_cipher.PiCipher._phi).",
             "// Functions of constants, for localparams.  Not every user needs every constant:",
             "// UNUSEDPARAM is off for this package.",
             "/* verilator lint_off UNUSEDPARAM */",
             "package mccp_pi_params_pkg;",
             "",
             "  localparam int PiDirMu = 0;",
             "  localparam int PiDirNu = 1;",
             ""]
    lines += _case("pi_const", "logic [63:0]", (W_ARG, DIR_ARG, I_ARG), consts)
    lines += _case("pi_rot", "int", (W_ARG, DIR_ARG, I_ARG), rots)
    lines += _case("pi_excluded", "int", (DIR_ARG, I_ARG), excluded)
    lines += ["endpackage", "/* verilator lint_on UNUSEDPARAM */", ""]
    return "\n".join(lines)


def outputs() -> dict[Path, str]:
    return {PKG: render_sv()}
