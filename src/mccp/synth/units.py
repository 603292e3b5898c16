"""The synthesis units: which wrapper, parameters and RTL each `mccp synth` unit builds, on
which part, and the headline figures taken from Yosys's cell counts.

To add a unit, write its wrapper in rtl/synth/ and add one line to `UNITS`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping

from mccp.ecc.configs import CONFIGS as EC_CONFIGS
from mccp.eda.filelist import sources_in_dirs


@dataclass(frozen=True)
class Device:
    name: str      # part name, for the reports
    option: str    # nextpnr-ecp5 device option
    package: str


ECP5_85 = Device(name="LFE5U-85F", option="--85k", package="CABGA381")


DEFAULT_GRADES = (6, 8)
HEADLINE_GRADE = 8          # the grade the docs quote when they give one Fmax


VALID_GRADES = (6, 7, 8)


SEED = 1


DEFAULT_TARGET_MHZ = 200.0


# The clock target of a unit is given for speed 8; slower grades get a scaled-down
# one (speed 6 runs ~20-25% slower).  A target far above what the design can reach
# makes the timing-driven placer crowd the logic and can stall the router.
GRADE_TARGET_SCALE = {6: 0.8, 7: 0.9, 8: 1.0}


@dataclass(frozen=True)
class Unit:
    top: str                                       # wrapper module in rtl/synth/
    parameters: Mapping[str, int]                  # wrapper parameters (chparam)
    description: str
    rtl_dirs: tuple[str, ...] = ("prim", "aes", "synth")   # rtl/ folders whose .core files it reads
    target_mhz: float = DEFAULT_TARGET_MHZ         # nextpnr --freq at speed 8 (scaled for others)
    yosys_options: tuple[str, ...] = field(default=())   # extra synth_ecp5 options
    nextpnr_options: tuple[str, ...] = field(default=())  # extra nextpnr-ecp5 options
    floorplan: bool = False                        # pin each core's block RAMs (mccp.synth.floorplan)

    def target_for(self, grade: int) -> float:
        return round(self.target_mhz * GRADE_TARGET_SCALE.get(grade, 1.0))


# The units `mccp synth` knows, in report order.  One line per unit.
UNITS: dict[str, Unit] = {
    "aes_enc": Unit("mccp_synth_aes_engine", {"DecryptEnable": 0},
                    "AES engine, encrypt only: key expansion, round-key store, one round per clock, "
                    "S-boxes in block RAM", target_mhz=150.0),
    "aes_encdec": Unit("mccp_synth_aes_engine", {"DecryptEnable": 1},
                       "AES engine, encrypt and decrypt: key expansion, round-key store, "
                       "one round per clock, S-boxes in block RAM", target_mhz=150.0),
    "aes_enc_rk": Unit("mccp_synth_aes_engine", {"DecryptEnable": 0, "KeyExpand": 0},
                       "AES engine, encrypt only, round-key port (no key expander): round-key "
                       "store, one round per clock, S-boxes in block RAM", target_mhz=150.0),
    "aes_encdec_rk": Unit("mccp_synth_aes_engine", {"DecryptEnable": 1, "KeyExpand": 0},
                          "AES engine, encrypt and decrypt, round-key port (no key expander): "
                          "round-key store, one round per clock, S-boxes in block RAM",
                          target_mhz=150.0),
    "ghash_d8": Unit("mccp_synth_ghash", {"DigitBits": 8},
                     "GHASH multiply-accumulate, 8-bit digits (16 clocks per block)",
                     target_mhz=280.0),
    "ghash_d12": Unit("mccp_synth_ghash", {"DigitBits": 12},
                      "GHASH multiply-accumulate, 12-bit digits (11 clocks per block, AES-128's pace)",
                      target_mhz=240.0),
    "ghash_d16": Unit("mccp_synth_ghash", {"DigitBits": 16},
                      "GHASH multiply-accumulate, 16-bit digits (8 clocks per block, the cores' default)",
                      target_mhz=220.0),
    "ghash_d32": Unit("mccp_synth_ghash", {"DigitBits": 32},
                      "GHASH multiply-accumulate, 32-bit digits (4 clocks per block)"),
    # Dense XOR network: nextpnr's router1 needs ~40 min on the 85k part; router2 stalled
    # with ~6000 overused wires at 110 and 200 MHz targets.
    "ghash_d128": Unit("mccp_synth_ghash", {"DigitBits": 128},
                       "GHASH multiply-accumulate, 128-bit digits (1 clock per block)",
                       target_mhz=100.0),
    "core": Unit("mccp_synth_core", {}, rtl_dirs=("prim", "aes", "core", "synth"), description=
                 "programmable core: sequencer, 1 K-word imem, registers, FIFOs, AES enc/dec engine, "
                 "GHASH (16-bit digits)", target_mhz=120.0),
    "core_rk": Unit("mccp_synth_core", {"KeyExpand": 0}, rtl_dirs=("prim", "aes", "core", "synth"),
                    description="programmable core as mccp_top places its decrypting ones: AES enc/dec "
                                "engine, round keys from the fabric's shared expander", target_mhz=130.0),
    "core_enc_rk": Unit("mccp_synth_core", {"DecryptEnable": 0, "KeyExpand": 0},
                        rtl_dirs=("prim", "aes", "core", "synth"),
                        description="programmable core as mccp_top places most of them: encrypt-only AES "
                                    "engine, round keys from the fabric's shared expander", target_mhz=130.0),
}

# One elliptic-curve unit with its microcode memory, per named build (mccp.ecc.configs).
for _name, _cfg in {"ecc_compact163": ("compact163", 1), "ecc_fast163": ("fast163", 1),
                    "ecc_m283_d71": ("m283-d71", 0), "ecc_fast283": ("fast283", 1)}.items():
    _p = EC_CONFIGS[_cfg[0]]
    UNITS[_name] = Unit(
        "mccp_synth_ecc", {"MaxM": _p["MaxM"], "Digit": _p["Digit"], "Karatsuba": _cfg[1],
                           "DualIssue": _p["DualIssue"]},
        rtl_dirs=("prim", "ecc", "synth"), target_mhz=100.0,
        description=(f"elliptic-curve unit \"{_cfg[0]}\": GF(2^m) up to m = {_p['MaxM']}, "
                     f"{_p['Digit']}-bit digits ({'Karatsuba' if _cfg[1] else 'schoolbook'}), "
                     + ("dual issue, " if _p["DualIssue"] else "")
                     + f"instruction buffer {_p['Lines']} x {_p['LineWords']} words, 1 K-word microcode memory"))


# The randomness unit (rtl/entropy/, real ring oscillators): the source with its health tests,
# and the whole unit with the CTR_DRBG.  The rings are combinational loops on purpose: nextpnr's
# timing analysis stops at loops unless told to leave them out.
RING_PNR_OPTIONS = ("--ignore-loops",)
UNITS["entropy_src"] = Unit("mccp_synth_entropy", {"WholeUnit": 0, "NumRings": 24},
                            rtl_dirs=("prim", "aes", "core", "ecc", "fabric", "entropy", "synth"),
                            target_mhz=150.0, nextpnr_options=RING_PNR_OPTIONS,
                            description="entropy source: 24 ring oscillators of 3 LUT4 stages, sampled per ring, "
                                        "XOR; SP 800-90B health tests; raw block collector")
UNITS["entropy_unit"] = Unit("mccp_synth_entropy", {"WholeUnit": 1, "NumRings": 24},
                             rtl_dirs=("prim", "aes", "core", "ecc", "fabric", "entropy", "synth"),
                             target_mhz=120.0, nextpnr_options=RING_PNR_OPTIONS,
                             description="randomness unit: entropy source (24 rings), health tests, CBC-MAC "
                                         "conditioning and CTR_DRBG (AES-256, df) on one AES engine, self-test, "
                                         "capture FIFO")

# One ARX element (issue 42): the element with its memories and Poly1305 unit, as a slot has it.
UNITS["arx_pe"] = Unit("mccp_synth_arx", {}, rtl_dirs=("prim", "arx", "synth"), target_mhz=80.0,
                       description="ARX element: 64-bit VLIW sequencer with 1 K-instruction memory, 16 x 128-bit "
                                   "register file (3 reads, 2 writes), 16/32/64-bit lane adder and rotator, 64 x "
                                   "128-bit coefficient memory, 32 x 32-bit gathering message memory, SHA-256 round "
                                   "and schedule, Poly1305 unit (10 MULT18X18D)")

# The fixed-function pi-Cipher ARX engines (paper 004 section 4, its Tables 1 and 2): the price of
# the element's programmability.  One per word size and width (Lanes 1, 2, 4 = single, double, quad).
for _w, _mhz in ((16, 250.0), (32, 220.0), (64, 190.0)):
    for _lanes, _width in ((1, "single"), (2, "double"), (4, "quad")):
        UNITS[f"pi{_w}_{_width}"] = Unit(
            "mccp_synth_pi", {"W": _w, "Lanes": _lanes}, rtl_dirs=("prim", "arx", "synth"), target_mhz=_mhz,
            description=f"pi{_w}-Cipher ARX engine x (*) y, {_width} width: {_lanes} of the 4 mu and 4 nu equations "
                        f"per cycle ({3 * _lanes} {_w}-bit adders per direction), rotations, XOR bank and final "
                        f"adders in a second stage, {4 // _lanes} cycle{'s' if _lanes < 4 else ''} per (*)")

# The micro-core grid (issue 43): one micro-core alone (what each core of a grid adds: no
# sequencer), a 4 x 4 grid, one AES tile, on the paper's mesh and with the tiles' rows and columns
# closed into rings (MCCP's AES mapping), and 8 x 8 in four such tiles; 256-word instruction
# memories (AES-128 and -192 on rings fit; mccp.ugrid.Grid uses 512 in simulation), four table pages.
# -nowidelut: a core is mostly 4:1 to 16:1 multiplexers (instruction memory, table look-ahead,
# in/ein, the value written), which ABC9 maps to LUT5-LUT7 (LUT4s + PFUMX + L6MUX21) with many
# constant or pass-through LUT4s; as plain LUT4s one core took 585 LUT4 (971 TRELLIS_COMB) instead of
# 869 (1,255) at 92 instead of 102 MHz alone, and a grid's Fmax is set by the sequencer's fetch
# address, which reaches every core's instruction memory, either way.
UGRID_CORE = ("a 256 x 11-bit instruction memory (LUT RAM), a 4-page 256-byte table (block RAM), a 64-byte "
              "memory and 8 registers (r0-r6 in LUT RAM)")
UGRID_YOSYS = ("-nowidelut",)
UNITS["ugrid_core"] = Unit(
    "mccp_synth_ucore", {"ImemDepth": 256, "LutPages": 4}, rtl_dirs=("prim", "ugrid", "synth"),
    target_mhz=150.0, yosys_options=UGRID_YOSYS,
    description=f"one micro-core of the grid (no sequencer; the debug port off): {UGRID_CORE}")
for _name, _n, _wrap in (("ugrid_4x4", 4, 0), ("ugrid_4x4_rings", 4, 4), ("ugrid_8x8", 8, 4)):
    UNITS[_name] = Unit(
        "mccp_synth_ugrid", {"Rows": _n, "Cols": _n, "ImemDepth": 256, "LutPages": 4, "WrapRows": _wrap,
                             "WrapCols": _wrap},
        rtl_dirs=("prim", "ugrid", "synth"), target_mhz=100.0, yosys_options=UGRID_YOSYS,
        description=f"micro-core grid {_n} x {_n} ({'rings of 4' if _wrap else 'mesh'}): {_n * _n} 8-bit cores, "
                    f"each with {UGRID_CORE}; one sequencer")

# mccp_top with an ARX element beside its AES cores (issue 42: ChaCha20-Poly1305 at the top's
# Fmax).  Not in the default run (place and route of a top takes long).  At an 80 MHz target
# router2 still had 2,902 overused wires after 30 minutes (2026-11-29); the target is the
# element's reach (30 MHz alone).  At 35 MHz router2 came down to 1,118 overused wires at its
# 27th iteration and then climbed again (3,700 at the 42nd, 100 minutes in; stopped).
UNITS["top_c2_x1_s64"] = Unit(
    "mccp_synth_top", {"NumCores": 2, "StreamBits": 64, "DecryptCores": 0x3, "NumArxUnits": 1},
    rtl_dirs=("prim", "aes", "core", "arx", "fabric", "synth"), target_mhz=35.0, floorplan=True,
    description="mccp_top: 2 cores (with AES decryption) and 1 ARX element, 64-bit streams, 16 key slots, "
                "64 channels, 2 KB buffers, AXI4-Lite registers")

# The smallest top with an element: 1 AES core and 1 ARX element, 32-bit streams, no floorplan
# (what the element's Fmax inside mccp_top is when the router is not also fighting a second core).
UNITS["top_c1_x1_s32"] = Unit(
    "mccp_synth_top", {"NumCores": 1, "StreamBits": 32, "DecryptCores": 0x1, "NumArxUnits": 1},
    rtl_dirs=("prim", "aes", "core", "arx", "fabric", "synth"), target_mhz=35.0,
    description="mccp_top: 1 core (with AES decryption) and 1 ARX element, 32-bit streams, 16 key slots, "
                "64 channels, 2 KB buffers, AXI4-Lite registers")

# mccp_top with elliptic-curve units beside its AES cores (issue 40: scalar multiplications per
# second at the top's Fmax): 2 AES cores and one unit of the compact 163-bit build, 64-bit
# streams (with the fast283 unit instead, router1 still had 218k of 260k arcs to route after 30
# minutes of routing, 2026-11-28).  Without the floorplan and at a 100 MHz target, router1 still
# had 308 arcs to route after 66 minutes; the target is the EC unit's reach (56 MHz alone).
# Not in the default run either.
TOP_EC_CONFIG = "compact163"
UNITS["top_c2_e1_s64"] = Unit(
    "mccp_synth_top", {"NumCores": 2, "StreamBits": 64, "DecryptCores": 0x3, "NumEcUnits": 1,
                       "EcMaxM": EC_CONFIGS[TOP_EC_CONFIG]["MaxM"], "EcDigit": EC_CONFIGS[TOP_EC_CONFIG]["Digit"],
                       "EcKaratsuba": 1, "EcDualIssue": EC_CONFIGS[TOP_EC_CONFIG]["DualIssue"]},
    rtl_dirs=("prim", "aes", "core", "ecc", "fabric", "synth"), target_mhz=65.0, floorplan=True,
    description=f"mccp_top: 2 cores (with AES decryption) and 1 elliptic-curve unit \"{TOP_EC_CONFIG}\", "
                "64-bit streams, 16 key slots, 64 channels, 2 KB buffers, AXI4-Lite registers")

# mccp_top (Table 1 of the paper): cores x stream width.  Not in the default run
# (place and route of a many-core top takes long); ask for them by name, e.g.
# `mccp synth --unit top_c8_s128`.
# Two cores decrypt (ECB/CBC decryption needs it; every other mode and direction
# runs on encryption alone), the others are encrypt-only.
TOP_DECRYPT_CORES = 0x3


for _cores in (1, 2, 4, 6, 8):
    for _bits in (32, 64, 128):
        UNITS[f"top_c{_cores}_s{_bits}"] = Unit(
            "mccp_synth_top", {"NumCores": _cores, "StreamBits": _bits, "DecryptCores": TOP_DECRYPT_CORES},
            rtl_dirs=("prim", "aes", "core", "fabric", "synth"), target_mhz=130.0,
            floorplan=2 <= _cores <= 8,
            description=(f"mccp_top: {_cores} cores ({bin(TOP_DECRYPT_CORES).count('1')} with AES decryption), "
                         if _cores > 1 else
                         "mccp_top: 1 core (with AES decryption), ")
            + f"{_bits}-bit streams, 16 key slots, 64 channels, 2 KB buffers, AXI4-Lite registers")


DEFAULT_UNITS = tuple(u for u in UNITS if not u.startswith("top_"))


# Headline figures: name -> Yosys cell types summed for it.
FIGURES: dict[str, tuple[str, ...]] = {
    "LUT4": ("LUT4",),
    "FF": ("TRELLIS_FF",),
    "EBR": ("DP16KD",),
    "DSP": ("MULT18X18D",),
    "DPR": ("TRELLIS_DPR16X4", "DPR16X4"),
    "CCU2C": ("CCU2C",),
}


def unit_sources(unit: Unit) -> list[Path]:
    """The unit's RTL: the .core files under its rtl/ folders (mccp.eda.filelist)."""
    return sources_in_dirs(*unit.rtl_dirs)


def figures(cells: Mapping[str, int]) -> dict[str, int]:
    """Headline figures (LUT4, FF, EBR, DSP, DPR, CCU2C) from Yosys cell counts."""
    return {name: sum(int(cells.get(t, 0)) for t in types) for name, types in FIGURES.items()}
