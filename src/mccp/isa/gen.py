"""Generate the RTL decode package and docs/isa.md from insns.yml.

`mccp isa gen` writes both; `mccp isa check` (and tests/core/test_isa.py)
fails if either file differs from what insns.yml generates.
"""

from __future__ import annotations

from pathlib import Path

from mccp import generated, paths
from mccp.isa import Isa, load

SV_PKG = paths.RTL / "core" / "mccp_isa_pkg.sv"
ISA_DOC = paths.DOCS / "isa.md"
HEADER = "generated from src/mccp/isa/insns.yml by `mccp isa gen`; do not edit"


def render_sv(isa: Isa) -> str:
    op = isa.fields["op"]
    lines = [
        f"// {HEADER}.",
        "// Opcodes, field positions and status codes of the MCCP core ISA.",
        "// `int`, not `int unsigned`: Icarus 11 rejects the latter in a localparam.",
        "// Not every user needs every constant: UNUSEDPARAM is off for this package.",
        "/* verilator lint_off UNUSEDPARAM */",
        "package mccp_isa_pkg;",
        "",
        f"  localparam int InsnBits = {isa.word_bits};",
        f"  localparam int NumVregs = {isa.registers['v']['count']};",
        f"  localparam int NumSregs = {isa.registers['s']['count']};",
        f"  localparam int VregBits = {isa.registers['v']['bits']};",
        f"  localparam int SregBits = {isa.registers['s']['bits']};",
        f"  localparam int PairLinkDepth = {isa.pair_link['depth']};    // blocks per split-task queue",
        f"  localparam int PairLinkLatency = {isa.pair_link['latency']};  // vsend -> vrecv issue, cycles",
        "",
        "  // Instruction fields [msb:lsb].",
    ]
    for f in isa.fields.values():
        cap = f.name.capitalize()
        lines.append(f"  localparam int Field{cap}Msb = {f.msb};")
        lines.append(f"  localparam int Field{cap}Lsb = {f.lsb};")
    lines += ["", f"  typedef enum logic [{op.width - 1}:0] {{"]
    entries = [f"    OP_{i.mnemonic.upper()} = {op.width}'h{i.opcode:02x}" for i in isa.instructions]
    lines.append(",\n".join(entries))
    lines += ["  } opcode_e;", "", "  // Task end status codes."]
    for s in isa.status_codes:
        lines.append(f"  localparam logic [7:0] STATUS_{s['name']} = 8'd{s['code']};  // {s['doc']}")
    lines += ["", "endpackage", "/* verilator lint_on UNUSEDPARAM */", ""]
    return "\n".join(lines)


def render_md(isa: Isa) -> str:
    out = [f"<!-- {HEADER} -->", "# MCCP core instruction set", "",
           "Semantics, pipeline and timing rules: [core.md](core.md). "
           f"Instructions are {isa.word_bits} bits wide.", "", "## Encoding fields", "",
           "| field | bits |", "| --- | --- |"]
    out += [f"| `{f.name}` | [{f.msb}:{f.lsb}] |" for f in isa.fields.values()]
    out += ["", "## Registers", "", "| file | count | bits | notes |", "| --- | --- | --- | --- |"]
    out += [f"| `{n}` | {r['count']} | {r['bits']} | {r['doc']} |" for n, r in isa.registers.items()]
    out += ["", "## Split-task queues", "",
            f"`vsend` / `vrecv` use one queue per direction between the two cores of a split task: "
            f"{isa.pair_link['depth']} block{'s' if isa.pair_link['depth'] != 1 else ''} each; a `vrecv` issues at least {isa.pair_link['latency']} cycles "
            f"after the `vsend` of its block, a `vsend` into a full queue at least "
            f"{isa.pair_link['latency']} cycles after the `vrecv` that frees its place."]
    out += ["", "## Operand kinds", "", "| kind | meaning |", "| --- | --- |"]
    out += [f"| `{k.name}` | {k.doc} |" for k in isa.kinds.values()]
    out += ["", "## Instructions", "", "`clamp(x)` = min(max(x, 0), 16) on a signed 32-bit scalar.", "",
            "| opcode | syntax | unit | fields | operation |", "| --- | --- | --- | --- | --- |"]
    for i in isa.instructions:
        fields = ", ".join(f"{o.name}→{o.field.name}" for o in i.operands) or "—"
        out.append(f"| 0x{i.opcode:02x} | `{i.syntax}` | {i.unit} | {fields} | {i.doc} |")
    out += ["", "## Status codes", "", "| code | name | raised by | meaning |", "| --- | --- | --- | --- |"]
    out += [f"| {s['code']} | `{s['name']}` | {s['by']} | {s['doc']} |" for s in isa.status_codes]
    return "\n".join(out) + "\n"


def outputs() -> dict[Path, str]:
    isa = load()
    return {SV_PKG: render_sv(isa), ISA_DOC: render_md(isa)}


def stale() -> list[Path]:
    return generated.stale(outputs())


def main(check: bool = False) -> int:
    return generated.update(outputs(), "mccp isa gen", check)
