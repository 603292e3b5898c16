"""Generate the RTL curve and field package and docs/ecc-curves.md from mccp.ecc.curves.

`mccp ecc gen` writes both; `mccp ecc check` (and tests/ecc/test_ecc_gen.py) fails if either
differs from what curves.py generates.
"""

from __future__ import annotations

from pathlib import Path

from mccp import generated, paths
from mccp.ecc.curves import CURVES, ELEM_BITS, FIELDS, Curve
from mccp.model.gf2m import Field

SV_PKG = paths.RTL / "ecc" / "mccp_ecc_curves_pkg.sv"
DOC = paths.DOCS / "ecc-curves.md"
HEADER = "generated from src/mccp/ecc/curves.py by `mccp ecc gen`; do not edit"

# curve_const's constant index -> (localparam name, value of a curve).  The order is the
# interface with the datapath: 0 zero, 1 one, 2 b, 3 sqrt(b), 4 Gx, 5 Gy, 6 a, 7 n.
CONSTS = (
    ("CONST_ZERO", lambda c: 0),
    ("CONST_ONE", lambda c: 1),
    ("CONST_B", lambda c: c.b),
    ("CONST_SQRT_B", lambda c: c.sqrt_b),
    ("CONST_GX", lambda c: c.gx),
    ("CONST_GY", lambda c: c.gy),
    ("CONST_A", lambda c: c.a),
    ("CONST_N", lambda c: c.n),
)


def _hex(value: int, bits: int) -> str:
    """`bits'h...` with an underscore every 8 digits from the right."""
    digits = format(value, "x")
    groups = [digits[max(0, i - 8):i] for i in range(len(digits), 0, -8)]
    return f"{bits}'h" + "_".join(reversed(groups))


def _poly_text(degrees: tuple[int, ...]) -> str:
    return " + ".join("1" if d == 0 else "x" if d == 1 else f"x^{d}" for d in degrees)


def _curve_tag(c: Curve) -> str:
    return "CURVE_" + c.name.replace("-", "")


def _g(f: Field) -> int:
    """g(x) = f(x) - x^m, bit i the coefficient of x^i."""
    return f.poly ^ (1 << f.m)


def _dg(f: Field) -> int:
    """Degree of g(x): the middle term nearest x^m."""
    return max(f.taps)


# Width of g(x) over all fields.
GW = max(_dg(f) for f in FIELDS) + 1


def _case_function(name: str, ret: str, arg: str, arg_bits: int, cases: list[tuple[str, str]],
                   more_args: str = "") -> list[str]:
    """A function of a small index by a case table (`ret` its return type, each case an
    expression), '0 for every other index; `more_args` declares further inputs."""
    lines = [f"  function automatic {ret} {name}(input logic [{arg_bits - 1}:0] {arg}{more_args});",
             f"    {name} = '0;",
             f"    case ({arg})"]
    lines += [f"      {label}: {name} = {value};" for label, value in cases]
    lines += [f"      default: {name} = '0;", "    endcase", "  endfunction"]
    return lines


def _small_function(name: str, ret_bits: int, arg: str, arg_bits: int, cases: list[tuple[str, int]]) -> list[str]:
    return _case_function(name, f"logic [{ret_bits - 1}:0]", arg, arg_bits,
                          [(label, f"{ret_bits}'d{value}") for label, value in cases])


def render_sv() -> str:
    for f in FIELDS:    # what mccp_ecc_reduce's two folds rely on
        if 2 * _dg(f) - 1 >= f.m:
            raise ValueError(f"m = {f.m}: deg g = {_dg(f)} too high for mccp_ecc_reduce's two folds")
    elem = f"[{ELEM_BITS - 1}:0]"
    lines = [
        f"// {HEADER}.",
        "// The NIST binary curves of the elliptic-curve kind (FIPS 186-4 D.1.3): y^2 + xy = x^3 + a x^2 + b",
        f"// over GF(2^m), polynomial basis.  Field elements and n are {ELEM_BITS}-bit, zero-extended from m bits.",
        "// Ids 6 and 7 are no curve: their constants, field and n bit length read 0 (CONST_ONE still 1).",
        "//",
        "// The fields, chosen per task by a field index: f(x) = x^m + g(x), g the low terms (field_g);",
        "// x^m = g (mod f) is what every reduction folds with.  A datapath built with elements of MaxM",
        "// bits (logic [MaxM-1:0], the bits at and above the current field's m zero) has exactly the",
        "// fields with m <= MaxM (supported()).",
        *[f"// Field index {i} is no field: its m, g and deg g read 0, supported() is false."
          for i in range(len(FIELDS), 4)],
        "//",
        "// The functions are self-contained case tables (no unpacked arrays), which Verilator and",
        "// Yosys both evaluate at elaboration.",
        "// Not every user needs every constant: UNUSEDPARAM is off for this package.",
        "/* verilator lint_off UNUSEDPARAM */",
        "package mccp_ecc_curves_pkg;",
        "",
        f"  localparam int NumCurves = {len(CURVES)};",
        f"  localparam int NumFields = {len(FIELDS)};",
        f"  localparam int ElemBits = {ELEM_BITS};",
        "",
        "  // Curve ids.",
    ]
    lines += [f"  localparam logic [2:0] {_curve_tag(c)} = 3'd{c.id};  // {c.sec_name}" for c in CURVES]
    lines += ["", "  // Field indices and their reduction polynomials."]
    lines += [f"  localparam logic [1:0] FIELD_M{f.m} = 2'd{i};  // {_poly_text(f.degrees)}"
              for i, f in enumerate(FIELDS)]
    top = max(FIELDS, key=_dg)
    lines += ["", f"  // Width of g(x) = f(x) - x^m over all fields (x^{_dg(top)} of m = {top.m} is the highest term).",
              f"  localparam int GW = {GW};"]
    lines += ["", "  // Constant indices of curve_const."]
    lines += [f"  localparam logic [2:0] {name} = 3'd{i};" for i, (name, _) in enumerate(CONSTS)]
    lines += ["", "  // Field index of a curve."]
    lines += _small_function("curve_field", 2, "curve", 3, [(_curve_tag(c), c.field_index) for c in CURVES])
    lines += ["", "  // Degree m of a field."]
    lines += _small_function("field_m", 9, "field", 2, [(f"FIELD_M{f.m}", f.m) for f in FIELDS])
    lines += ["", "  // g(x) = f(x) - x^m of a field, bit i the coefficient of x^i."]
    lines += _case_function("field_g", "logic [GW-1:0]", "field", 2,
                            [(f"FIELD_M{f.m}", _hex(_g(f), GW)) for f in FIELDS])
    lines += ["", "  // Degree of g(x) of a field (the middle term nearest x^m)."]
    lines += _case_function("field_dg", "integer", "field", 2, [(f"FIELD_M{f.m}", str(_dg(f))) for f in FIELDS])
    lines += ["", "  // Whether a build with elements of max_m bits has a field."]
    lines += _case_function("supported", "logic", "field", 2,
                            [(f"FIELD_M{f.m}", f"max_m >= {f.m}") for f in FIELDS], ", input integer max_m")
    lines += ["", "  // Digit steps of a digit-serial multiplication in a field with digits of d bits: ceil(m / d)."]
    lines += _case_function("mul_steps", "integer", "field", 2,
                            [(f"FIELD_M{f.m}", f"({f.m} + d - 1) / d") for f in FIELDS], ", input integer d")
    lines += ["", "  // Bit length of the order n of a curve's base point."]
    lines += _small_function("curve_n_bits", 9, "curve", 3, [(_curve_tag(c), c.n_bits) for c in CURVES])
    lines += ["", "  // Constant `idx` (CONST_*) of a curve.",
              f"  function automatic logic {elem} curve_const(input logic [2:0] curve, input logic [2:0] idx);",
              "    curve_const = '0;",
              "    case (curve)"]
    for c in CURVES:
        lines += [f"      {_curve_tag(c)}: begin", "        case (idx)"]
        lines += [f"          {name}: curve_const = {_hex(value(c), ELEM_BITS)};"
                  for name, value in CONSTS if name != "CONST_ZERO"]
        lines += ["          default: curve_const = '0;", "        endcase", "      end"]
    lines += ["      default: curve_const = (idx == CONST_ONE) ? "
              f"{ELEM_BITS}'d1 : '0;",
              "    endcase", "  endfunction", "", "endpackage", "/* verilator lint_on UNUSEDPARAM */", ""]
    return "\n".join(lines)


def render_md() -> str:
    out = [f"<!-- {HEADER} -->", "# Elliptic-curve kind: curves", "",
           "The six NIST binary curves y² + xy = x³ + ax² + b over GF(2^m), polynomial basis "
           "(FIPS 186-4 appendix D.1.3; SEC 2 names in parentheses), #E = h·n. Curve ids and field "
           "indices are the codes of the hardware (`rtl/ecc/mccp_ecc_curves_pkg.sv`, which also gives the "
           "datapath each field's m and g(x) = f(x) - x^m) and the firmware; "
           "`mccp.ecc.curves` is the single source, checked in `tests/ecc/` (G on the curve, n·G = O, "
           "the NIST CAVP key pairs).", "",
           "| field | m | f(x) |", "| --- | --- | --- |"]
    out += [f"| {i} | {f.m} | {_poly_text(f.degrees)} |" for i, f in enumerate(FIELDS)]
    out += ["", "| id | curve | field | a | h | bits of n |", "| --- | --- | --- | --- | --- | --- |"]
    out += [f"| {c.id} | {c.name} (`{c.sec_name}`) | {c.field_index} | {c.a} | {c.h} | {c.n_bits} |"
            for c in CURVES]
    out += ["", "`curve_const(curve, idx)` of the package, in this index order: "
            + ", ".join(f"{i} = `{name}`" for i, (name, _) in enumerate(CONSTS)) + "."]
    for c in CURVES:
        out += ["", f"## {c.name} (`{c.sec_name}`), id {c.id}", "", "```"]
        out += [f"{label:6} = 0x{value:x}" for label, value in
                (("b", c.b), ("sqrt_b", c.sqrt_b), ("Gx", c.gx), ("Gy", c.gy), ("n", c.n))]
        out += ["```"]
    return "\n".join(out) + "\n"


def outputs() -> dict[Path, str]:
    return {SV_PKG: render_sv(), DOC: render_md()}


def stale() -> list[Path]:
    return generated.stale(outputs())


def main(check: bool = False) -> int:
    return generated.update(outputs(), "mccp ecc gen", check)
