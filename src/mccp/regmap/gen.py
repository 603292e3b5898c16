"""Generate the fabric's register package, register block and docs/registers.md from regs.yml.

`mccp regs gen` writes them; `mccp regs check` (and tests/fabric/test_regs.py)
fails if any differs from what regs.yml generates.
"""

from __future__ import annotations

import sys
from pathlib import Path

from mccp import paths
from mccp.regmap import RegMap, Register, load

SV_PKG = paths.RTL / "fabric" / "mccp_regs_pkg.sv"
SV_REGS = paths.RTL / "fabric" / "mccp_regs.sv"
REG_DOC = paths.DOCS / "registers.md"
HEADER = "generated from src/mccp/regmap/regs.yml by `mccp regs gen`; do not edit"


def sv_name(name: str) -> str:
    """Upper-case identifier from a YAML name ("cbc-mac" -> "CBC_MAC")."""
    return name.upper().replace("-", "_")


def code_bits(codes: list[int]) -> int:
    return max(1, max(codes).bit_length())


def render_pkg(rm: RegMap) -> str:
    ab, db = rm.addr_bits, rm.data_bits
    lines = [
        f"// {HEADER}.",
        "// Register addresses and field positions of the MCCP host interface, mode / op",
        "// codes, fabric status codes (the core's 0..6 are in mccp_isa_pkg), packed",
        "// table entries, and the byte offsets of the stream packet headers.",
        "// `int`, not `int unsigned`: Icarus 11 rejects the latter in a localparam.",
        "// Not every user needs every constant: UNUSEDPARAM is off for this package.",
        "/* verilator lint_off UNUSEDPARAM */",
        "package mccp_regs_pkg;",
        "",
        f"  localparam int RegAddrBits = {ab};",
        f"  localparam int RegDataBits = {db};",
        "",
        "  // Register byte addresses; arrays: element i at ADDR_<REG> + i * <REG>_STRIDE.",
    ]
    for r in rm.registers.values():
        lines.append(f"  localparam logic [{ab - 1}:0] ADDR_{r.name} = {ab}'h{r.addr:03x};")
        if r.is_array:
            lines.append(f"  localparam int {r.name}_COUNT = {r.count};")
            lines.append(f"  localparam int {r.name}_STRIDE = {r.stride};")
    lines += ["", "  // Fields: <REG>_<FIELD>_LSB / _WIDTH; reset values of the stored registers."]
    for r in rm.registers.values():
        for f in r.fields.values():
            lines.append(f"  localparam int {r.name}_{f.name}_LSB = {f.lsb};")
            lines.append(f"  localparam int {r.name}_{f.name}_WIDTH = {f.width};")
        if r.access & {"rw", "w1c"}:
            lines.append(f"  localparam logic [{db - 1}:0] {r.name}_RESET = {db}'h{r.reset:08x};")
    mb = code_bits([m["code"] for m in rm.modes])
    ob = code_bits([o["code"] for o in rm.ops])
    lines += ["", "  // Mode codes (function index = mode * 2 + op[0])."]
    lines += [f"  localparam logic [{mb - 1}:0] MODE_{sv_name(m['name'])} = {mb}'d{m['code']};" for m in rm.modes]
    lines += [f"  localparam int ModeBits = {mb};", f"  localparam int NumFuncs = {2 * (1 << mb)};", "",
              "  // Packet op codes (input header byte OP)."]
    lines += [f"  localparam logic [{ob - 1}:0] PKT_OP_{sv_name(o['name'])} = {ob}'d{o['code']};" for o in rm.ops]
    lines += [f"  localparam int PktOpBits = {ob};", "", "  // Fabric status codes (output header byte STATUS)."]
    for s in rm.fabric_status:
        lines.append(f"  localparam logic [7:0] STATUS_{s['name']} = 8'd{s['code']};  // {s['doc']}")
    for st in rm.structs.values():
        up = st.name.upper()
        lines += ["", f"  // {st.doc}: packed register fields, msb first ({st.name}_t of mccp_fabric_pkg",
                  "  // follows this layout)."]
        lines.append(f"  localparam int {up}_BITS = {st.bits};")
        for f in st.fields:
            lines.append(f"  localparam int {up}_{f.name}_LSB = {f.lsb};")
            lines.append(f"  localparam int {up}_{f.name}_WIDTH = {f.width};")
    for kind, h in rm.headers.items():
        k = kind.upper()
        lines += ["", f"  // Stream header '{kind}' (word 0, byte 0 = bits [127:120]): byte offset, size,",
                  "  // and bit positions in the 128-bit word."]
        lines.append(f"  localparam logic [7:0] HDR_{k}_MAGIC = 8'h{h.magic:02x};")
        for f in h.fields.values():
            msb = 127 - 8 * f.byte
            lsb = 128 - 8 * (f.byte + f.bytes)
            lines.append(f"  localparam int HDR_{k}_{f.name}_BYTE = {f.byte};")
            lines.append(f"  localparam int HDR_{k}_{f.name}_BYTES = {f.bytes};")
            lines.append(f"  localparam int HDR_{k}_{f.name}_MSB = {msb};")
            lines.append(f"  localparam int HDR_{k}_{f.name}_LSB = {lsb};")
    lines += ["", "endpackage", "/* verilator lint_on UNUSEDPARAM */", ""]
    return "\n".join(lines)


# ---- docs/registers.md ---------------------------------------------------------

ACCESS_DOC = {
    "rw": ("read/write, stored in the register block", "output `<reg>_<field>_o`"),
    "ro": ("read only: a fabric input", "input `<reg>_<field>_i`"),
    "wo": ("write only: reads return 0; a write pulses a strobe with the data",
           "outputs `<reg>_<field>_o`, `<reg>_we_o` (arrays: + `<reg>_idx_o`)"),
    "w1c": ("sticky bits set by the fabric; writing 1 clears", "input `<reg>_<field>_set_i`, output `<reg>_<field>_o`"),
    "ext": ("read value from the fabric; a write is a strobe with the data, the fabric may refuse it (SLVERR)",
            "input `<reg>_<field>_i`, outputs `<reg>_<field>_o`, `<reg>_we_o`, input `<reg>_wr_err_i`"),
}


def _reg_access(r: Register) -> str:
    return "/".join(sorted(r.access))


def _md(text: str) -> str:
    return text.replace("|", "\\|")


def _bits(msb: int, lsb: int) -> str:
    return f"[{msb}]" if msb == lsb else f"[{msb}:{lsb}]"


def render_md(rm: RegMap) -> str:
    out = [f"<!-- {HEADER} -->", "# MCCP host registers", "",
           f"AXI4-Lite slave, {rm.data_bits}-bit data, {rm.addr_bits}-bit byte addresses; block "
           "`mccp_regs` (`rtl/fabric/mccp_regs.sv`, generated), constants in `mccp_regs_pkg`, Python "
           "`mccp.regmap`. Fabric architecture: [fabric.md](fabric.md).", "",
           "- Unmapped addresses answer `SLVERR` (`2'b10`); a read returns 0, a write has no effect.",
           "- `rw` and `w1c` registers honour the byte strobes (`WSTRB`); a write to a `wo` or `ext` "
           "register counts as a full 32-bit write whatever its strobes, as long as one is set (a write "
           "with no strobe has no effect and answers `OKAY`).",
           "- An `ext` write the fabric refuses answers `SLVERR` (e.g. firmware writes to an enabled core).",
           "- Bits outside the fields read 0 and ignore writes.",
           "- `irq_o` of the register block = `|(IRQ_STATUS & IRQ_ENABLE)` (registered).", "",
           "## Access kinds", "", "| access | host | hardware ports of `mccp_regs` |", "| --- | --- | --- |"]
    out += [f"| `{k}` | {h} | {p} |" for k, (h, p) in ACCESS_DOC.items()]
    out += ["", "## Register map", "", "| address | register | access | reset | description |",
            "| --- | --- | --- | --- | --- |"]
    for r in rm.registers.values():
        addr = f"0x{r.addr:03X}"
        name = f"`{r.name}`"
        if r.is_array:
            addr += f"..0x{r.addresses()[-1]:03X}"
            name = f"`{r.name}[0..{r.count - 1}]`"
        reset = f"0x{r.reset:08X}" if r.access & {"rw", "w1c"} else "—"
        out.append(f"| {addr} | {name} | {_reg_access(r)} | {reset} | {_md(r.doc)} |")
    out += ["", "## Fields", ""]
    for r in rm.registers.values():
        stride = f", {r.count} × stride {r.stride}" if r.is_array else ""
        out += [f"### `{r.name}` (0x{r.addr:03X}{stride})", "", _md(r.doc), "",
                "| bits | field | access | reset | description |", "| --- | --- | --- | --- | --- |"]
        for f in sorted(r.fields.values(), key=lambda f: -f.lsb):
            reset = f"0x{f.reset:X}" if f.sw in ("rw", "w1c") else "—"
            out.append(f"| {_bits(f.msb, f.lsb)} | `{f.name}` | {f.sw} | {reset} | {_md(f.doc)} |")
        out.append("")
    for st in rm.structs.values():
        out += [f"## Packed `{st.name}_t` ({st.bits} bits)", "",
                f"{st.doc}; `mccp_fabric_pkg::{st.name}_t` follows this layout, positions as "
                f"`mccp_regs_pkg::{st.name.upper()}_<FIELD>_LSB`/`_WIDTH`.", "",
                "| bits | field |", "| --- | --- |"]
        out += [f"| {_bits(f.msb, f.lsb)} | `{f.name.lower()}` |" for f in st.fields]
        out.append("")
    out += ["## Codes", "", "Modes (function index = mode × 2 + op[0]):", "", "| code | mode |", "| --- | --- |"]
    out += [f"| {m['code']} | `{m['name']}` |" for m in rm.modes]
    out += ["", "Packet ops:", "", "| code | op |", "| --- | --- |"]
    out += [f"| {o['code']} | `{o['name']}` |" for o in rm.ops]
    out += ["", "Status (output header byte 1; 0..6 from the core, [isa.md](isa.md)):", "",
            "| code | status | from | meaning |", "| --- | --- | --- | --- |"]
    out += [f"| {s['code']} | `{s['name']}` | core | {s['doc']} |" for s in rm.core_status]
    out += [f"| {s['code']} | `{s['name']}` | fabric | {s['doc']} |" for s in rm.fabric_status]
    for kind, h in rm.headers.items():
        out += ["", f"## Header `{kind}` (magic 0x{h.magic:02X})", "",
                "Word 0 of every packet; byte 0 = bits [127:120]; multi-byte fields big endian.", "",
                "| bytes | bits | field |", "| --- | --- | --- |"]
        for f in h.fields.values():
            b = str(f.byte) if f.bytes == 1 else f"{f.byte}..{f.byte + f.bytes - 1}"
            out.append(f"| {b} | [{127 - 8 * f.byte}:{128 - 8 * (f.byte + f.bytes)}] | `{f.name.lower()}` |")
    return "\n".join(out) + "\n"


def outputs() -> dict[Path, str]:
    rm = load()
    return {SV_PKG: render_pkg(rm), REG_DOC: render_md(rm)}


def stale() -> list[Path]:
    return [p for p, text in outputs().items() if not p.exists() or p.read_text() != text]


def main(check: bool = False) -> int:
    if check:
        bad = stale()
        for p in bad:
            print(f"stale: {p.relative_to(paths.ROOT)} (run `mccp regs gen`)", file=sys.stderr)
        return 1 if bad else 0
    for p, text in outputs().items():
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
        print(f"wrote {p.relative_to(paths.ROOT)}")
    return 0
