"""Generate each core kind's RTL decode package and ISA doc from its table.

`mccp isa gen` writes them, and the pi-Cipher engines' constant package
(mccp.arx.pi_params); `mccp isa check` (and tests/core/test_isa.py) fails if any
differs from what the tables (insns.yml, ecc.yml, status.yml, mccp.ref.pi_cipher)
generate.
"""

from __future__ import annotations

from pathlib import Path

from mccp import generated, paths
from mccp.arx import pi_params
from mccp.isa import KINDS, Isa, load

SV_PKG = paths.RTL / "core" / "mccp_isa_pkg.sv"
ISA_DOC = paths.DOCS / "isa.md"
# Per kind: the RTL package, its doc, the doc's title and the doc with semantics and timing.
TARGETS = {
    "aes": (SV_PKG, ISA_DOC, "MCCP AES core instruction set", "core.md"),
    "ecc": (paths.RTL / "ecc" / "mccp_ecc_isa_pkg.sv", paths.DOCS / "isa-ecc.md",
            "MCCP elliptic-curve unit microcode", "ecc.md"),
    "arx": (paths.RTL / "arx" / "mccp_arx_isa_pkg.sv", paths.DOCS / "isa-arx.md",
            "MCCP ARX element instruction set", "arx.md"),
    "ugrid": (paths.RTL / "ugrid" / "mccp_ugrid_isa_pkg.sv", paths.DOCS / "isa-ugrid.md",
              "MCCP micro-core control words", "ugrid.md"),
}
HEADER = "generated from src/mccp/isa/{table} and status.yml by `mccp isa gen`; do not edit"


def _header(isa: Isa) -> str:
    return HEADER.format(table=KINDS[isa.kind].name)


def _kind_params(isa: Isa) -> list[str]:
    """The localparams only one kind has: register files and its own tables."""
    out = []
    for name, reg in isa.registers.items():
        cap = name.upper()
        out.append(f"  localparam int Num{cap}regs = {reg['count']};")
        if isinstance(reg["bits"], int):
            out.append(f"  localparam int {cap}regBits = {reg['bits']};")
    if "pair_link" in isa.options:
        out += [f"  localparam int PairLinkDepth = {isa.pair_link['depth']};    // blocks per split-task queue",
                f"  localparam int PairLinkLatency = {isa.pair_link['latency']};  // vsend -> vrecv issue, cycles"]
    if "swap" in isa.options:
        sw = isa.options["swap"]
        out += [f"  localparam int SwapFirst = {sw['first']};  // cswap renames registers SwapFirst..SwapLast",
                f"  localparam int SwapLast = {sw['last']};",
                f"  localparam int SwapXor = {sw['xor']};    // ... to r ^ SwapXor while the swap state is set"]
    if "call_depth" in isa.options:
        out.append(f"  localparam int CallDepth = {isa.options['call_depth']};")
    return out


def allowed_bits(isa: Isa, ins) -> int:
    """The bits `ins` may set: its opcode field and the low bits of each operand
    field its kind can use (a register number below the file's count, an
    immediate of `bits` bits).  Register counts are powers of two."""
    mask = ((1 << isa.fields["op"].width) - 1) << isa.fields["op"].lsb
    for o in ins.operands:
        if o.kind.register and o.kind.aliases:
            width = o.field.width            # an alias (`in`, `out`) may use the whole field
        elif o.kind.register:
            width = (isa.registers[o.kind.register]["count"] - 1).bit_length()
        else:
            width = o.kind.bits if o.kind.bits is not None else o.field.width
        mask |= ((1 << min(width, o.field.width)) - 1) << o.field.lsb
    for m in ins.mods:
        f = isa.fields[m]
        mask |= ((1 << f.width) - 1) << f.lsb
    return mask


def _defined_sv(isa: Isa) -> list[str]:
    """insn_defined(): the rest of Isa.decode's rule for kinds with aliases and modifiers -- a
    register operand below the file's count or an alias, a lane width that exists, a rotation
    below the lane width."""
    op, wb = isa.fields["op"], isa.word_bits
    w = isa.fields["w"]
    rot = isa.fields["rot"]
    lines = ["  // A word is defined if its opcode exists, it sets only insn_bits(opcode) and each",
             "  // operand and modifier is valid (mccp.isa.Isa.decode).",
             f"  function automatic logic insn_defined(input logic [{wb - 1}:0] insn);",
             f"    logic [{op.width - 1}:0] opcode;",
             "    logic ok;",
             f"    opcode = insn[{op.msb}:{op.lsb}];",
             "    ok = (insn & ~insn_bits(opcode)) == '0;",
             "    case (opcode)"]
    lane_ok = " || ".join(f"(insn[{w.msb}:{w.lsb}] == {w.width}'d{code} && insn[{rot.msb}:{rot.lsb}] < {rot.width}'d{bits})"
                          if bits < 1 << rot.width else f"insn[{w.msb}:{w.lsb}] == {w.width}'d{code}"
                          for code, bits in sorted(isa.lane_bits.items()))
    for ins in isa.instructions:
        checks = []
        for o in ins.operands:
            if o.kind.register and o.kind.aliases:
                count = isa.registers[o.kind.register]["count"]
                alias = " || ".join(f"insn[{o.field.msb}:{o.field.lsb}] == {o.field.width}'d{v}"
                                    for _, v in o.kind.aliases)
                checks.append(f"(insn[{o.field.msb}:{o.field.lsb}] < {o.field.width}'d{count} || {alias})")
        for name in ins.mods:
            fixed = isa.fixed_values(name)
            if name != "w" and fixed is not None and len(fixed) < (1 << isa.fields[name].width):
                f = isa.fields[name]
                checks.append("(" + " || ".join(f"insn[{f.msb}:{f.lsb}] == {f.width}'d{v}" for v in sorted(fixed)) + ")")
        if "w" in ins.mods and ins.widths:
            checks.append("(" + " || ".join(f"insn[{w.msb}:{w.lsb}] == {w.width}'d{code}"
                                            for code, bits in sorted(isa.lane_bits.items()) if bits in ins.widths) + ")")
        elif "w" in ins.mods:
            checks.append(f"({lane_ok})" if "rot" in ins.mods else
                          f"insn[{w.msb}:{w.lsb}] != {w.width}'d3")
        if checks:
            lines.append(f"      {op.width}'h{ins.opcode:02x}: ok = ok && " + " && ".join(checks) + f";  // {ins.mnemonic}")
    lines += ["      default: ;", "    endcase", "    insn_defined = ok && insn_bits(opcode) != '0;",
              "  endfunction", ""]
    return lines


def _dual_issue_sv(isa: Isa) -> list[str]:
    """The dual-issue classes: the opcode that pairs, and the opcodes it pairs with."""
    op = isa.fields["op"]
    di = isa.options["dual_issue"]
    mul = isa.by_mnemonic[di["mul"]]
    lines = ["  // Dual issue: an instruction pairs with the neighbouring `" + di["mul"] + "` only if",
             "  // dual_partner(opcode) (docs/ecc.md, Timing).",
             f"  localparam logic [{op.width - 1}:0] DualMulOp = {op.width}'h{mul.opcode:02x};  // {di['mul']}",
             f"  function automatic logic dual_partner(input logic [{op.width - 1}:0] opcode);",
             "    dual_partner = 1'b0;",
             "    case (opcode)"]
    for name in di["partners"]:
        lines.append(f"      {op.width}'h{isa.by_mnemonic[name].opcode:02x}: dual_partner = 1'b1;  // {name}")
    return lines + ["      default: dual_partner = 1'b0;", "    endcase", "  endfunction", ""]


def pattern(isa: Isa, ins, free: str | None = None) -> str:
    """The word of `ins` bit by bit from the msb: its fixed bits, each operand bit as the
    operand field's letter (or `free`, such as "?"), every other bit 0."""
    bits = ["0"] * isa.word_bits
    for o in ins.operands:
        for i in range(o.field.lsb, o.field.msb + 1):
            bits[i] = free or o.field.name
    for name, value in ins.fixed():
        f = isa.fields[name]
        for i in range(f.width):
            bits[f.lsb + i] = str((value >> i) & 1)
    return "".join(reversed(bits))


def _render_sv_matched(isa: Isa, package: str) -> list[str]:
    """The decoder of a kind whose opcodes have several lengths: each word's instruction
    number, or OP_ILLEGAL for a word no instruction has (mccp.isa.Isa.decode)."""
    width = isa.options["opcode_bits"]
    entries = [f"    OP_{i.mnemonic.upper()} = {width}'d{i.opcode}" for i in isa.instructions]
    entries.append(f"    OP_ILLEGAL = {width}'d{(1 << width) - 1}")
    lines = [f"  typedef enum logic [{width - 1}:0] {{", ",\n".join(entries), "  } opcode_e;", "",
             "  // The instruction of a control word (? = an operand bit; the names qualified, as",
             "  // Yosys needs them in a package function called from a module).",
             f"  function automatic opcode_e decode(input logic [{isa.word_bits - 1}:0] cw);",
             "    casez (cw)"]
    for i in isa.instructions:
        lines.append(f"      {isa.word_bits}'b{pattern(isa, i, '?')}: decode = {package}::OP_{i.mnemonic.upper()};")
    lines += [f"      default: decode = {package}::OP_ILLEGAL;", "    endcase", "  endfunction", ""]
    return lines


def render_sv(isa: Isa, package: str) -> str:
    lines = [
        f"// {_header(isa)}.",
        f"// Opcodes, field positions and status codes of the {isa.kind} kind's ISA.",
        "// `int`, not `int unsigned`: Icarus 11 rejects the latter in a localparam.",
        "// Not every user needs every constant: UNUSEDPARAM is off for this package.",
        "/* verilator lint_off UNUSEDPARAM */",
        f"package {package};",
        "",
        f"  localparam int InsnBits = {isa.word_bits};",
        *_kind_params(isa),
        "",
        "  // Instruction fields [msb:lsb].",
    ]
    for f in isa.fields.values():
        cap = f.name.capitalize()
        lines.append(f"  localparam int Field{cap}Msb = {f.msb};")
        lines.append(f"  localparam int Field{cap}Lsb = {f.lsb};")
    if "op" not in isa.fields:
        lines += ["", *_render_sv_matched(isa, package), *_status_sv(isa), "endpackage", "/* verilator lint_on UNUSEDPARAM */", ""]
        return "\n".join(lines)
    op = isa.fields["op"]
    lines += ["", f"  typedef enum logic [{op.width - 1}:0] {{"]
    entries = [f"    OP_{i.mnemonic.upper()} = {op.width}'h{i.opcode:02x}" for i in isa.instructions]
    lines.append(",\n".join(entries))
    lines += ["  } opcode_e;", "",
              "  // Bits an instruction may set (opcode and its operands, each operand only as",
              "  // wide as its kind): a word with any other bit set is undefined (mccp.isa.Isa.decode).",
              f"  function automatic logic [{isa.word_bits - 1}:0] insn_bits(input logic [{op.width - 1}:0] opcode);",
              "    insn_bits = '0;",
              "    case (opcode)"]
    for i in isa.instructions:
        lines.append(f"      {op.width}'h{i.opcode:02x}: insn_bits = {isa.word_bits}'h{allowed_bits(isa, i):0{isa.word_bits // 4}x};  // {i.mnemonic}")
    lines += ["      default: insn_bits = '0;", "    endcase", "  endfunction", ""]
    if "dual_issue" in isa.options:
        lines += _dual_issue_sv(isa)
    if isa.modifiers:
        lines += _defined_sv(isa)
    if "blake2_sigma" in isa.options:
        rows = isa.options["blake2_sigma"]
        lines += ["  // BLAKE2's sigma table (msig): row r mod 16, rows 10..15 repeating rows 0..5; position p",
                  "  // in bits [4p+3:4p].",
                  "  function automatic logic [63:0] blake2_sigma(input logic [3:0] r);",
                  "    case (r)"]
        for r in range(16):
            row = rows[r if r < len(rows) else r - len(rows)]
            lines.append(f"      4'd{r}: blake2_sigma = 64'h" + "".join(f"{v:x}" for v in reversed(row)) + ";")
        lines += ["      default: blake2_sigma = '0;", "    endcase", "  endfunction", ""]
    lines += _status_sv(isa)
    lines += ["endpackage", "/* verilator lint_on UNUSEDPARAM */", ""]
    return "\n".join(lines)


def _status_sv(isa: Isa) -> list[str]:
    lines = ["  // Task end status codes."]
    for s in isa.status_codes:
        lines.append(f"  localparam logic [7:0] STATUS_{s['name']} = 8'd{s['code']};  // {s['doc']}")
    return lines + [""]


def render_md(isa: Isa, title: str, semantics: str) -> str:
    out = [f"<!-- {_header(isa)} -->", f"# {title}", "",
           f"Semantics, pipeline and timing rules: [{semantics}]({semantics}). "
           f"Instructions are {isa.word_bits} bits wide.", "", "## Encoding fields", "",
           "| field | bits |", "| --- | --- |"]
    out += [f"| `{f.name}` | [{f.msb}:{f.lsb}] |" for f in isa.fields.values()]
    out += ["", "## Registers", "", "| file | count | bits | notes |", "| --- | --- | --- | --- |"]
    out += [f"| `{n}` | {r['count']} | {r['bits']} | {r['doc']} |" for n, r in isa.registers.items()]
    if "pair_link" in isa.options:
        out += ["", "## Split-task queues", "",
                f"`vsend` / `vrecv` use one queue per direction between the two cores of a split task: "
                f"{isa.pair_link['depth']} block{'s' if isa.pair_link['depth'] != 1 else ''} each; a `vrecv` issues at least {isa.pair_link['latency']} cycles "
                f"after the `vsend` of its block, a `vsend` into a full queue at least "
                f"{isa.pair_link['latency']} cycles after the `vrecv` that frees its place."]
    if "swap" in isa.options:
        sw = isa.options["swap"]
        out += ["", "## Conditional swap", "",
                f"While the swap state is set, a register number r in {sw['first']}..{sw['last']} names "
                f"physical register r ^ {sw['xor']}. `kbit` sets the state to the scalar bit it takes, so the "
                "ladder swaps its two points without moving data and in the same cycles for either bit."]
    if "call_depth" in isa.options:
        out += ["", f"Calls nest {isa.options['call_depth']} deep."]
    if "dual_issue" in isa.options:
        di = isa.options["dual_issue"]
        out += ["", "## Dual issue", "",
                f"In a unit built with `DualIssue`, `{di['mul']}` and the instruction right before or after it "
                "issue in the same cycle when that one is a partner ("
                + ", ".join(f"`{n}`" for n in di["partners"])
                + "), does not depend on the first of the two, and would issue in that cycle anyway; every "
                "other instruction issues alone. The exact rule: [ecc.md](ecc.md#timing)."]
    if isa.modifiers:
        out += ["", "## Modifiers", "",
                "Written after the mnemonic (`arx.32.r16.x1 v0, v1, v3`); each instruction lists the fields "
                "it takes (`.W` = a lane width, required where the result depends on it).", "",
                "| modifier | field | meaning |", "| --- | --- | --- |"]
        for m in isa.modifiers:
            shown = m.pattern.replace("(\\d+)", "N").replace("(\\d)", "N")
            meaning = m.doc or (f"lane width {isa.lane_bits[m.value]} bits" if m.field == "w" else "")
            out.append(f"| `.{shown}` | `{m.field}` = {m.value if m.value is not None else 'N'} | {meaning} |")
    if "stream_register" in isa.options:
        out += ["", f"Vector operand {isa.options['stream_register']} is the stream (`in` as a source, `out` as a "
                f"destination); an output word takes min(16, c{isa.options['output_budget']}) bytes from that counter."]
    out += ["", "## Operand kinds", "", "| kind | meaning |", "| --- | --- |"]
    out += [f"| `{k.name}` | {k.doc} |" for k in isa.kinds.values()]
    out += ["", "## Instructions", ""]
    if isa.kind == "aes":
        out += ["`clamp(x)` = min(max(x, 0), 16) on a signed 32-bit scalar.", ""]
    if "op" not in isa.fields:
        out += [f"Each word bit by bit from bit {isa.word_bits - 1}: its fixed bits, the letters of its "
                "operand fields, 0 elsewhere; any other word is undefined.", "",
                "| word | syntax | unit | fields | operation |", "| --- | --- | --- | --- | --- |"]
    else:
        out += ["| opcode | syntax | unit | fields | operation |", "| --- | --- | --- | --- | --- |"]
    for i in isa.instructions:
        fields = ", ".join(f"{o.name}→{o.field.name}" for o in i.operands) or "—"
        code = f"`{pattern(isa, i)}`" if "op" not in isa.fields else f"0x{i.opcode:02x}"
        out.append(f"| {code} | `{i.syntax}` | {i.unit} | {fields} | {i.doc} |")
    out += ["", "## Status codes", "", "| code | name | raised by | meaning |", "| --- | --- | --- | --- |"]
    out += [f"| {s['code']} | `{s['name']}` | {s['by']} | {s['doc']} |" for s in isa.status_codes]
    return "\n".join(out) + "\n"


def outputs() -> dict[Path, str]:
    out = {}
    for kind, (sv, md, title, semantics) in TARGETS.items():
        isa = load(kind)
        out[sv] = render_sv(isa, sv.stem)
        out[md] = render_md(isa, title, semantics)
    out.update(pi_params.outputs())      # the pi-Cipher engines' constants (mccp.arx.pi_params)
    return out


def stale() -> list[Path]:
    return generated.stale(outputs())


def main(check: bool = False) -> int:
    return generated.update(outputs(), "mccp isa gen", check)
