"""The register map source (regs.yml): generated files fresh, Python API against the spec."""

import subprocess
import sys

import pytest

from mccp import regmap
from mccp.regmap import gen


def test_generated_files_are_fresh():
    stale = gen.stale()
    assert not stale, f"regenerate with `mccp regs gen`: {[str(p) for p in stale]}"


def test_check_fails_when_a_generated_file_is_stale(tmp_path, monkeypatch, capsys):
    """`mccp regs check` returns 1 and names the file when one output differs."""
    fresh = gen.outputs()
    moved = {}
    for p, text in fresh.items():
        q = tmp_path / p.name
        q.write_text(text)
        moved[p] = q
    monkeypatch.setattr(gen, "outputs", lambda: {moved[p]: t for p, t in fresh.items()})
    monkeypatch.setattr(gen.paths, "ROOT", tmp_path)
    assert gen.main(check=True) == 0
    for q in moved.values():
        original = q.read_text()
        q.write_text(original.replace("0", "1", 1))
        assert gen.main(check=True) == 1
        assert q.name in capsys.readouterr().err
        q.unlink()
        assert gen.main(check=True) == 1
        q.write_text(original)
    assert gen.main(check=True) == 0


def test_addresses_and_fields_from_the_spec():
    rm = regmap.load()
    assert regmap.load() is rm                       # cached
    assert rm.addr("ID") == 0x000
    assert rm.addr("KEY_SEL") == 0x100
    assert rm.addr("key_data") == 0x120
    assert rm.addr("KEY_DATA", 7) == 0x13C
    with pytest.raises(IndexError):
        rm.addr("KEY_DATA", 8)
    with pytest.raises(KeyError):
        rm.addr("NO_SUCH")
    f = rm.field("CHAN_CFG0", "key_slot")
    assert (f.lsb, f.width, f.mask) == (16, 5, 0x1F0000)
    f = rm.field("CORE_CAPS", "KEY_SLOT")
    assert (f.lsb, f.width, f.mask) == (25, 7, 0xFE000000)
    assert rm.reg("SCHED").reset == 0b011
    assert rm.reg("CORE_ENABLE").reset == 0xFFFF


def test_encode_decode():
    rm = regmap.load()
    assert rm.encode("KEY_CMD", op=1, len=2) == 0b1001
    word = rm.encode("CHAN_CFG0", mode=13, enable=1, key_len=2, tag_len=64, ordered=1, key_slot=31)
    assert word == 13 | 1 << 4 | 64 << 7 | 1 << 14 | 31 << 16 | 2 << 25     # the layout of docs/registers.md
    assert rm.decode("CHAN_CFG0", word) == {"mode": 13, "enable": 1, "key_len": 2, "tag_len": 64, "ordered": 1,
                                            "affinity": 0, "split": 0, "key_slot": 31, "kind": 0}
    with pytest.raises(ValueError):
        rm.encode("KEY_CMD", op=4)                   # 2-bit field
    with pytest.raises(ValueError):
        rm.encode("KEY_CMD", slot=1)                 # no such field
    with pytest.raises(ValueError):
        rm.encode("KEY_CMD", op=-1)


def test_codes():
    rm = regmap.load()
    assert rm.mode_code == {"ecb": 0, "cbc": 1, "ctr": 2, "cbc-mac": 3, "cmac": 4, "ccm": 5, "gcm": 6, "gmac": 7}
    assert rm.op_code == {"encrypt": 0, "decrypt": 1, "mac": 2, "verify": 3}
    assert rm.mode_name[6] == "gcm"
    assert [rm.status_name[c] for c in range(7)] == ["OK", "AUTH_FAIL", "BAD_PARAM", "TRUNCATED", "LENGTH",
                                                     "OVERSIZE", "ILLEGAL"]
    assert rm.status_code["NO_CHANNEL"] == 8 and rm.status_code["NO_CORE"] == 11
    assert all(rm.status_code[n] == c for c, n in rm.status_name.items())


def test_headers_match_fabric_md():
    rm = regmap.load()
    assert rm.magic("in") == 0xA5 and rm.magic("out") == 0x5A
    h = rm.pack_header("in", op=1, channel=0x1234, seq=0xDEADBEEF, payload_len=0x0102, aad_len=0x0304,
                       nonce_len=12, tag_len=16)
    assert h == bytes.fromhex("A5 01 1234 DEADBEEF 0102 0304 000C 10 00")
    assert rm.unpack_header("in", h) == {"magic": 0xA5, "op": 1, "channel": 0x1234, "seq": 0xDEADBEEF,
                                         "payload_len": 0x0102, "aad_len": 0x0304, "nonce_len": 12,
                                         "tag_len": 16, "reserved": 0}
    o = rm.pack_header("out", status=9, channel=3, seq=4, out_len=32, core=0xFF, start_cycle=0x01020304)
    assert o == bytes.fromhex("5A 09 0003 00000004 0020 FF 00 01020304")
    assert rm.pack_header("in", magic=0x00)[0] == 0           # a bad magic for parser tests
    with pytest.raises(ValueError):
        rm.pack_header("in", channel=0x10000)
    with pytest.raises(ValueError):
        rm.pack_header("in", bogus=1)
    with pytest.raises(ValueError):
        rm.unpack_header("out", bytes(15))


def test_chan_cfg_packing_matches_the_fabric_struct():
    """mccp_fabric_pkg::chan_cfg_t lists the same fields, msb first, as regs.yml's chan_cfg."""
    import re

    from mccp.paths import RTL

    text = (RTL / "fabric" / "mccp_fabric_pkg.sv").read_text()
    found = re.search(r"typedef struct packed \{(.*?)\}\s*chan_cfg_t;", text, re.S)
    if found is None:
        pytest.skip("mccp_fabric_pkg defines no chan_cfg_t struct")
    body = found.group(1)
    fields = []
    for m in re.finditer(r"logic\s*(?:\[(\d+):0\])?\s*(\w+);", body):
        fields.append((m.group(2), int(m.group(1) or 0) + 1))
    st = regmap.load().structs["chan_cfg"]
    assert fields == [(f.name.lower(), f.width) for f in st.fields]
    assert st.unpack(st.pack(mode=5, key_slot=17, nonce_len=13, kind=1, curve=4, dest_slot=9, secret_in=1)) == {
        "dest_slot": 9, "src_slot": 0, "curve": 4, "secret_out": 0, "secret_in": 1, "zero_key": 0, "kdf": 0,
        "dest_len": 0, "nonce_len": 13, "kind": 1, "key_slot": 17, "split": 0, "affinity": 0, "ordered": 0,
        "tag_len": 0, "key_len": 0, "enable": 0, "mode": 5}


def _zig_cc(*args: str, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ziglang", "cc", *args], capture_output=True, text=True, cwd=cwd)


def test_c_header_compiles_clean_for_rv32(tmp_path):
    """libmccp's header is valid C for the SoC's CPU; -Werror also catches two names that collide."""
    c = tmp_path / "h.c"
    c.write_text("#include \"mccp_regs.h\"\nunsigned first = MCCP_ID;\n")
    res = _zig_cc("-target", "riscv32-freestanding-none", "-Wall", "-Wextra", "-Werror", "-std=c99",
                  f"-I{gen.C_HEADER.parent}", "-c", str(c), "-o", str(tmp_path / "h.o"))
    assert res.returncode == 0, res.stderr


def test_c_header_values_as_c_reads_them(tmp_path):
    """A host C program prints what the C compiler makes of the generated macros; they must be
    the register map's addresses, field masks, codes and header offsets."""
    rm = regmap.load()
    probes = {}
    for r in rm.registers.values():
        probes[f"MCCP_{r.name}"] = r.addr
        for f in r.fields.values():
            probes[f"MCCP_{r.name}_{f.name}_MASK"] = ((1 << f.width) - 1) << f.lsb
            probes[f"MCCP_{r.name}_{f.name}_LSB"] = f.lsb
    for name, code in rm.status_code.items():
        probes[f"MCCP_STATUS_{name}"] = code
    for name, code in rm.mode_code.items():
        probes[f"MCCP_MODE_{gen.sv_name(name)}"] = code
    for name, code in rm.op_code.items():
        probes[f"MCCP_OP_{gen.sv_name(name)}"] = code
    for kind, h in rm.headers.items():
        for f in h.fields.values():
            probes[f"MCCP_HDR_{kind.upper()}_{f.name}_BYTE"] = f.byte
            probes[f"MCCP_HDR_{kind.upper()}_{f.name}_BYTES"] = f.bytes
    body = "".join(f'  printf("%s %lu\\n", "{n}", (unsigned long)({n}));\n' for n in probes)
    c = tmp_path / "probe.c"
    c.write_text(f"#include <stdio.h>\n#include \"mccp_regs.h\"\nint main(void) {{\n{body}  return 0;\n}}\n")
    exe = tmp_path / "probe"
    res = _zig_cc("-O0", f"-I{gen.C_HEADER.parent}", str(c), "-o", str(exe))
    assert res.returncode == 0, res.stderr
    out = subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout
    got = {line.split()[0]: int(line.split()[1]) for line in out.splitlines()}
    assert got == probes
