"""The RISC-V SoC (rtl/soc/mccp_soc, docs/soc.md) running C programs in Verilator.

One model build for the module (mccp.soc.sim.build_soc, cached by content hash); each test
compiles a program of tests/soc/progs/ for rv32im (mccp.soc.toolchain) and checks what it
prints and its exit code against values computed here.
"""

from __future__ import annotations

import random
import re

import pytest
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from mccp import cli, paths, regmap
from mccp.device.api import ID_VALUE
from mccp.soc.sim import DEFAULT_PARAMS, SimTimeout, Soc, build_soc, run_image
from mccp.soc.toolchain import CompileError, compile_program

PROGS = paths.TESTS / "soc" / "progs"
LIBMCCP = paths.ROOT / "sw" / "libmccp"
M32 = 0xFFFFFFFF
TRAP = 0xBAD00000           # SOC_EXIT_TRAP of sw/soc/soc.h
EXT_IRQ = 0x8000000B        # mcause of a machine external interrupt
ILLEGAL = 2                 # mcause of an illegal instruction


@pytest.fixture(scope="module")
def lib():
    return build_soc()


def run(lib, prog: str, max_cycles: int = 1_000_000, include_dirs=(), **defines):
    image = compile_program([PROGS / prog], defines=defines, include_dirs=include_dirs)
    return run_image(lib, image, max_cycles=max_cycles)


def values(console: str) -> dict[str, int]:
    """NAME=hex lines of the console."""
    return {m[1]: int(m[2], 16) for m in re.finditer(r"^([\w.]+)=([0-9a-f]{8})$", console, re.M)}


def s32(x: int) -> int:
    return x - (1 << 32) if x & 0x80000000 else x


def rv_div(a: int, b: int) -> tuple[int, int, int, int]:
    """RISC-V M's divu, remu, div, rem of two 32-bit words."""
    sa, sb = s32(a), s32(b)
    if b == 0:
        return M32, a, M32, a
    divu, remu = a // b, a % b
    if sa == -(1 << 31) and sb == -1:
        return divu, remu, a, 0
    q = abs(sa) // abs(sb) * (1 if (sa < 0) == (sb < 0) else -1)     # truncated toward zero
    return divu, remu, q & M32, (sa - q * sb) & M32


ARITH_CASES = [(0x9ABCDEF1, 0xFEDCB987), (0x80000000, 0xFFFFFFFF), (0x7FFFFFFF, 0), (12345, 0x800003E7)]
ARITH_CASES += [tuple(random.Random(44).getrandbits(32) for _ in range(2))]


@pytest.mark.parametrize("a, b", ARITH_CASES, ids=[f"{a:08x}_{b:08x}" for a, b in ARITH_CASES])
def test_arith_console_and_exit(lib, a, b):
    res = run(lib, "arith.c", A=f"0x{a:08x}u", B=f"0x{b:08x}u")
    sa, sb = s32(a), s32(b)
    divu, remu, div, rem = rv_div(a, b)
    n = b % 1000
    expect = {
        "mul": (a * b) & M32,
        "mulh": ((sa * sb) >> 32) & M32,
        "mulhu": (a * b) >> 32,
        "mulhsu": ((sa * b) >> 32) & M32,
        "divu": divu, "remu": remu, "div": div, "rem": rem,
        "sum": sum(i * i + i // 3 for i in range(n)) & M32,
    }
    got = values(res.console)
    assert res.console.startswith("arith\n")
    assert {k: got.get(k) for k in expect} == expect
    assert f"\n{a % 100000}\n" in res.console
    assert res.exit_code == ((a * b) & M32) >> 24
    # the cycle counter: counts from reset, 64 bits read as LO then HI, below the harness's count
    c0 = got["c0hi"] << 32 | got["c0"]
    c1 = got["c1hi"] << 32 | got["c1"]
    assert 0 < c0 < c1 < res.cycles
    assert c1 - c0 > 2 * n      # the loop alone takes more than a cycle an iteration


def test_mccp_registers_over_the_bridge(lib):
    """Reads of mccp_top's identification, configuration and reset values through the
    Wishbone to AXI4-Lite bridge, and writes read back; offsets from sw/libmccp/mccp_regs.h,
    expected values from regs.yml (mccp.regmap) and mccp_soc's parameters."""
    rm = regmap.load()
    res = run(lib, "mccp_regs.c", include_dirs=[LIBMCCP], WRITE_VALUE="0x5u")
    got = values(res.console)
    params = {"NumCores": 2, "StreamBits": 32, "KeySlots": 16, "Channels": 64, "BufBytes": 2048}
    assert DEFAULT_PARAMS["NumCores"] == params["NumCores"] and DEFAULT_PARAMS["StreamBits"] == params["StreamBits"]
    assert got["ID"] == ID_VALUE
    assert got["CONFIG0"] == rm.encode("CONFIG0", num_cores=params["NumCores"], stream_bits=params["StreamBits"],
                                       key_slots=params["KeySlots"])
    # an input buffer holds BufBytes of payload and 8 words of nonce and AAD room (mccp_top's InWords)
    assert got["CONFIG1"] == rm.encode("CONFIG1", channels=params["Channels"], buf_words=params["BufBytes"] // 16 + 8)
    assert got["SCHED"] == rm.reg("SCHED").reset
    assert got["CORE_ENABLE"] == rm.reg("CORE_ENABLE").reset
    assert got["IRQ_ENABLE"] == rm.reg("IRQ_ENABLE").reset
    assert got["IRQ_ENABLE.w"] == rm.encode("IRQ_ENABLE", out_pkt=1, core_idle=1)      # 0x5 written
    assert got["CORE_ENABLE.w"] == 1
    assert got["SOC_ID"] == 0x4D435343
    assert res.exit_code == 0


def _unmapped_mccp_offset(rm) -> int:
    return max(a for a in range(0, 1 << 12, 4) if rm.at(a) is None)


def _bus_error_cases():
    rm = regmap.load()
    bad_axi = 0x90000000 + _unmapped_mccp_offset(rm)
    # (access, address, reported address, kind): cacheable addresses (bit 31 clear) fail on
    # the data cache's line refill, which starts at the line's first word
    return [
        (0, 0x40000010, 0x40000000, "read"),     # nothing mapped there
        (0, 0x00000000 + DEFAULT_PARAMS["RamBytes"] + 0x24, DEFAULT_PARAMS["RamBytes"] + 0x20, "read"),  # past the RAM
        (0, bad_axi, bad_axi, "read"),           # mccp_top answers SLVERR
        (1, bad_axi, bad_axi, "write"),
        (0, 0x80000FFC, 0x80000FFC, "read"),     # no control register there
        (1, 0xA0000000, 0xA0000000, "write"),    # the DMA engine's window, reserved: ERR
        (0, 0xA0000040, 0xA0000040, "read"),
        (0, 0xC0000000, 0xC0000000, "read"),
    ]


@pytest.mark.parametrize("access, addr, reported, kind", _bus_error_cases(),
                         ids=lambda v: f"{v:08x}" if isinstance(v, int) and v > 2 else str(v))
def test_bus_error_traps(lib, access, addr, reported, kind):
    """An ERR on the data bus reaches the CPU as the bus-error interrupt; the default trap
    handler prints the captured address and exits with SOC_EXIT_TRAP | 1 << 8 | 11."""
    res = run(lib, "buserr.c", ACCESS=access, ADDR=f"0x{addr:08x}u")
    assert res.console.startswith("before\n")
    assert "after" not in res.console
    assert f"trap mcause={EXT_IRQ:08x}" in res.console
    assert f"bus error addr={reported:08x} {kind}\n" in res.console
    assert res.exit_code == TRAP | 1 << 8 | 11


def test_fetch_outside_ram_traps(lib):
    """A jump outside the RAM fetches 0 (an illegal instruction) and captures a fetch error."""
    res = run(lib, "buserr.c", ACCESS=2, ADDR="0x70000000u")
    assert f"trap mcause={ILLEGAL:08x} mepc=70000000" in res.console
    assert "bus error addr=70000000 fetch\n" in res.console
    assert res.exit_code == TRAP | ILLEGAL


def test_bus_error_handled_and_resumed(lib):
    """A program's own trap handler clears PENDING (write 1) and resumes: each error is
    captured anew, and the program runs to its end."""
    rm = regmap.load()
    bad_axi = 0x90000000 + _unmapped_mccp_offset(rm)
    res = run(lib, "buserr_resume.c", BAD1="0x40000010u", BAD2=f"0x{bad_axi:08x}u")
    got = values(res.console)
    assert got["e1"] == 1 and got["a1"] == 0x40000000
    assert got["e2"] == 2 and got["a2"] == bad_axi
    assert got["id"] == 0x4D435343 and got["pending"] == 0
    assert res.exit_code == 2


def _xorshift32(state: int):
    while True:
        state ^= (state << 13) & M32
        state ^= state >> 17
        state ^= (state << 5) & M32
        yield state


@pytest.mark.parametrize("key_bytes", [16, 32])
def test_custom_instructions_run_aes_with_a_key_from_the_key_store(lib, key_bytes):
    """custom-0 instructions reach mccp_top's coprocessor port (sw/libmccp/mccp_cop.h): the key
    loaded into a slot over the registers, blocks encrypted and one decrypted, against
    `cryptography`; an empty slot answers KEY_ERROR and leaves no key (encrypt: ILLEGAL)."""
    rm = regmap.load()
    rng = random.Random(key_bytes)
    key = rng.randbytes(key_bytes)
    seed, nblocks = rng.getrandbits(31) | 1, 6
    words = {f"KEY{i}": int.from_bytes(key[4 * i:4 * i + 4].ljust(4, b"\0"), "big") for i in range(8)}
    res = run(lib, "cop.c", include_dirs=[LIBMCCP], SEED=f"{seed}u", NBLOCKS=nblocks, KEYLEN=key_bytes,
              KEYCODE=rm.key_size_code[f"k{8 * key_bytes}"], **{k: f"{v}u" for k, v in words.items()})
    got = values(res.console)
    st = rm.status_code
    assert got["key"] == st["OK"]
    assert got["info"] == 1 << 31 | rm.key_size_code[f"k{8 * key_bytes}"] << 8 | 2
    gen = _xorshift32(seed)
    ecb = Cipher(algorithms.AES(key), modes.ECB())
    first = None
    for b in range(nblocks):
        block = b"".join(next(gen).to_bytes(4, "big") for _ in range(4))
        want = ecb.encryptor().update(block)
        first = first or (block, want)
        assert got[f"st.{b}"] == st["OK"]
        assert b"".join(got[f"c.{4 * b + i}"].to_bytes(4, "big") for i in range(4)) == want, f"block {b}"
    assert got["dst"] == st["OK"]
    assert b"".join(got[f"d.{i}"].to_bytes(4, "big") for i in range(4)) == first[0]
    assert (got["empty"], got["after"]) == (st["KEY_ERROR"], st["ILLEGAL"])
    assert 16 * 11 < got["cycles16"] < 16 * 200      # an AES block is 11+ cycles; a sanity bound only
    assert res.exit_code == 0


def test_cycle_limit_raises(lib, tmp_path):
    """A program that never writes EXIT ends in SimTimeout with its console so far."""
    src = tmp_path / "spin.c"
    src.write_text('#include "soc.h"\nint main(void) { soc_puts("spin\\n"); for (;;) { } }\n')
    with Soc(lib, compile_program([src])) as soc:
        with pytest.raises(SimTimeout) as info:
            soc.run(max_cycles=20_000)
    assert info.value.console == "spin\n"
    assert info.value.cycles == 20_000


def test_compile_error_shows_the_compiler(tmp_path):
    src = tmp_path / "bad.c"
    src.write_text("int main(void) { return undefined_name; }\n")
    with pytest.raises(CompileError, match="undefined_name"):
        compile_program([src])


def test_cli_soc_run(lib, tmp_path, capsys):
    """`mccp soc run prog.c -D ...`: the console on stdout, the exit code as the status."""
    src = tmp_path / "cli.c"
    src.write_text('#include "soc.h"\nint main(void) { soc_puts("cli "); soc_put_dec(V * 3u); return V; }\n')
    assert cli.main(["soc", "run", str(src), "-D", "V=14"]) == 1
    out = capsys.readouterr()
    assert out.out == "cli 42"
    assert "exit code 14 (0x0000000e)" in out.err
    assert cli.main(["soc", "run", str(src), "-D", "V=0"]) == 0
    assert cli.main(["soc", "run", str(src)]) == 2                  # V undefined: compile error
    assert "V" in capsys.readouterr().err


@pytest.mark.parametrize("enable", [1, 0])
def test_mccp_irq_reaches_the_cpu(lib, enable):
    """mccp_top's irq_o is line 0 of the CPU's external interrupts: IRQ_STATUS.CORE_IDLE set by
    disabling the idle cores traps when IRQ_ENABLE.CORE_IDLE is set, and only then."""
    rm = regmap.load()
    core_idle = rm.encode("IRQ_STATUS", core_idle=1)
    res = run(lib, "mccp_irq.c", include_dirs=[LIBMCCP], ENABLE=enable)
    got = values(res.console)
    assert got["before"] == 0
    if enable:
        assert got["mcause"] == EXT_IRQ and got["pending"] == 1 << 0 and got["irq_status"] == core_idle
        assert got["after"] == 1 and got["irq_status.end"] == 0
    else:
        assert "mcause" not in got
        assert got["after"] == 0 and got["irq_status.end"] == core_idle
    assert res.exit_code == got["after"]


@pytest.mark.parametrize("seed", [0x5A, 0xC3])
def test_ram_bytes_halfwords_data_and_bss(lib, seed):
    res = run(lib, "mem.c", SEED=f"{seed}u")
    got = values(res.console)
    assert got["bss"] == 0
    assert [got[f"data{i}"] for i in range(4)] == [0x11223344, 0x55667788, 0x99AABBCC, 0xDDEEFF00]
    ram = bytearray(256)
    for i in range(128):
        ram[i] = (i * 7 + seed) & 0xFF
    for i in range(64):
        ram[128 + 2 * i:130 + 2 * i] = ((i * 0x1111 ^ seed) & 0xFFFF).to_bytes(2, "little")
    words = [int.from_bytes(ram[4 * i:4 * i + 4], "little") for i in range(64)]
    total = 0
    for w in words:
        total = (total * 31 + w) & M32
    assert [got["w0"], got["w17"], got["w40"], got["w63"]] == [words[0], words[17], words[40], words[63]]
    assert got["sum"] == total
    byte = ram[seed % 128]
    half = int.from_bytes(ram[128 + 2 * (seed % 64):130 + 2 * (seed % 64)], "little")
    assert got["lb"] == (byte - 256 if byte & 0x80 else byte) & M32
    assert got["lh"] == (half - 65536 if half & 0x8000 else half) & M32
    assert res.exit_code == 0
