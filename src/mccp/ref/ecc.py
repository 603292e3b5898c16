"""Cycle figures of other elliptic-curve designs that the EC unit's benchmark is set beside
(docs/ecc.md, "Performance").  Quoted, never measured here."""

# Paper 002 (Antão, Chaves, Sousa, "AES and ECC Cryptography Processor with Runtime
# Configuration"), section V-B: one EC PU alone on its microcode port, GF(2^163) (the paper
# names no curve), 100 MHz prototype on a Virtex-4.
PAPER002 = {
    "name": "paper 002",
    "source": "paper 002 (Antão, Chaves, Sousa), section V-B",
    "field": "GF(2^163), curve not named",
    "scalar_mult": 201_661,      # "EC scalar multiplication"
    "point_add": 4_796,          # "point addition"
    "slices": 943,               # one EC PU, Virtex-4 slices (and 1 BRAM)
    "lut4_per_slice": 2,         # a Virtex-4 slice holds two 4-input LUTs
}

# Paper 002, Table I: EC PUs only (no AES PU), each running one scalar multiplication, all on one
# port of the microcode memory.  Latency in thousands of cycles, efficiency E in per cent
# (its equation (2), E = (n_EC T_EC + n_AES T_AES) / (n_PU T)).
PAPER002_TABLE1 = {
    1: {"latency_kcycles": 201.7, "efficiency": 100.00},
    2: {"latency_kcycles": 201.7, "efficiency": 100.00},
    3: {"latency_kcycles": 201.7, "efficiency": 100.00},
    4: {"latency_kcycles": 342.3, "efficiency": 82.50},
    5: {"latency_kcycles": 344.9, "efficiency": 71.60},
    6: {"latency_kcycles": 390.5, "efficiency": 61.67},
}

# liuguangxi/ec_sec2 (GitHub, MIT licence): a fixed-function k*G engine per curve
# (rtl/sect_pt_mul/sect_pt_mul.v, fixed generator only, no other point, no point addition).
# Cycles from start to done; they follow from its state machine: M (2 S + 3) ladder cycles,
# then M + 2 for the inversion and 5 (S + 2) + 2 for the products around it, S its
# NUM_CYCLE_MUL (3 for sect163k1, 4 for sect283k1).
EC_SEC2 = {
    "name": "liuguangxi/ec_sec2",
    "source": "liuguangxi/ec_sec2 (GitHub), rtl/sect_pt_mul/sect_pt_mul.v",
    "mulg": {"K-163": 1_659, "K-283": 3_430},
    # LUT4 of one engine per curve on our flow (Yosys 0.70 synth_ecp5, LFE5U-85F), as issue 40
    # quotes them; neither routed within 20 minutes there
    "lut4": {"K-163": 29_183, "K-283": 61_457},
}
