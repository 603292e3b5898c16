"""Figures the ARX element is set beside (issue 42), quoted, never measured here.

Paper 004 (El-Hadedy, Skadron), Tables 1 and 2: the programmable processing element (PPE) and
the three custom pi-Cipher ARX engines on a Virtex-7, throughput per "block" (one ARX
operation block of the pi function: 4 words in), slices.

Fixed-function cores synthesized on MCCP's flow by the issue's author (LFE5U-85F, speed 8, the
wrapper method of mccp.synth.units): secworks chacha_core, blake2s_core, sha256_core and
poly1305_core -- cycles per block, LUT4, DSP, Fmax and Gbps as the issue states them.
"""

PAPER_PPE = {"slices": 227, "mhz": 250, "gbps_pi16": 1.2, "gbps_pi64": 1.17}

# name: (cycles per block, block bytes, LUT4, DSP, Fmax MHz, Gbps)
FIXED_CORES = {
    "chacha20": ("secworks chacha_core", 23, 64, 2733, 0, 58.7, 1.31),
    "blake2s": ("secworks blake2s_core", 24, 64, 6561, 0, 42.5, 0.91),
    "sha256": ("secworks sha256_core", 66, 64, 3013, 0, 72.8, 0.56),
    "poly1305": ("secworks poly1305_core", 15, 16, 2570, 38, 58.9, 0.50),
}
