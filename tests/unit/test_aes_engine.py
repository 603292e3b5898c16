"""pytest wrappers: the cocotb benches tb_aes_engine (mccp_aes_engine),
tb_aes_round_key_store (mccp_aes_round_key_store), tb_aes_engine_rk (the round-key port
of mccp_aes_engine_rk, KeyExpand = 0) and tb_aes_shared_keys (one mccp_aes_key_expand
filling two engines' round-key ports).

Verilator runs every CAVP ECB record and thousands of random keys and blocks on both
engine builds (DecryptEnable = 1 and 0); Icarus runs a sample of the same tests on both
builds so the RTL does not depend on one simulator's reading of it.
"""

from __future__ import annotations

import pytest

from mccp import paths
from mccp.eda import sim
from mccp.eda.filelist import pick, sources

from sweeps import sweep

# (simulator, DecryptEnable, CAVP records, random blocks, random keys, rate-test blocks)
CONFIGS = [
    ("verilator", 1, "all", 800, 200, 24),
    ("verilator", 0, "sample", 200, 50, 24),   # dec1 takes every CAVP file
    ("icarus", 1, "sample", 100, 20, 8),
    ("icarus", 0, "sample", 100, 20, 8),
]


@pytest.mark.parametrize("simulator,decrypt_enable,cavp,random_blocks,random_keys,rate_blocks",
                         sweep(CONFIGS, [f"{c[0]}-dec{c[1]}" for c in CONFIGS], long={"icarus-dec1", "icarus-dec0", "verilator-dec1"}))
def test_aes_engine(simulator, decrypt_enable, cavp, random_blocks, random_keys, rate_blocks):
    sim.run(
        toplevel="mccp_aes_engine",
        test_module="tb_aes_engine",
        sources=sources("aes"),
        parameters={"DecryptEnable": decrypt_enable},
        sim=simulator,
        module_dirs=[paths.TESTS / "unit"],
        extra_env={
            "AES_DECRYPT_ENABLE": str(decrypt_enable),
            "AES_CAVP": cavp,
            "AES_RANDOM_BLOCKS": str(random_blocks),
            "AES_RANDOM_KEYS": str(random_keys),
            "AES_RATE_BLOCKS": str(rate_blocks),
        },
    )


# The round-key store alone, in the shapes the engine uses (1 key; 128 bits, or 256 with
# decryption keys; 128 bits in block RAM) and a key cache (several slots, not a power of
# two).  (NumKeys, Width, BlockRam)
STORE_CONFIGS = [(1, 128, 0), (1, 256, 0), (3, 128, 0), (1, 128, 1), (3, 128, 1)]


@pytest.mark.parametrize("num_keys,width,block_ram", STORE_CONFIGS,
                         ids=[f"keys{k}-w{w}" + ("-bram" if b else "") for k, w, b in STORE_CONFIGS])
def test_aes_round_key_store(num_keys, width, block_ram):
    sim.run(
        toplevel="mccp_aes_round_key_store",
        test_module="tb_aes_round_key_store",
        sources=pick("aes", "mccp_aes_round_key_store"),
        parameters={"NumKeys": num_keys, "Width": width, "BlockRam": block_ram},
        sim="icarus",
        module_dirs=[paths.TESTS / "unit"],
        extra_env={"STORE_NUM_KEYS": str(num_keys), "STORE_WIDTH": str(width),
                   "STORE_BLOCK_RAM": str(block_ram), "STORE_OPS": "1500"},
    )


# The round-key port (mccp_aes_engine_rk, KeyExpand = 0): schedules written by the bench.
# The encrypt-only builds also with their round keys in block RAM (what mccp_core does with
# them); Icarus carries the store's undefined read-while-written as X into the results.
# (simulator, DecryptEnable, RoundKeysInBlockRam, random blocks)
RK_CONFIGS = [
    ("verilator", 1, 0, 800),
    ("verilator", 0, 0, 500),
    ("verilator", 0, 1, 500),
    ("icarus", 1, 0, 60),
    ("icarus", 0, 1, 200),
]


@pytest.mark.parametrize("simulator,decrypt_enable,block_ram,random_blocks",
                         sweep(RK_CONFIGS, [f"{c[0]}-dec{c[1]}" + ("-bram" if c[2] else "") for c in RK_CONFIGS],
                               long={"icarus-dec1", "verilator-dec0", "verilator-dec0-bram"}))
def test_aes_engine_rk_port(simulator, decrypt_enable, block_ram, random_blocks):
    sim.run(
        toplevel="mccp_aes_engine_rk",
        test_module="tb_aes_engine_rk",
        sources=sources("aes"),
        parameters={"DecryptEnable": decrypt_enable, "KeyExpand": 0,
                    "RoundKeysInBlockRam": block_ram},
        sim=simulator,
        module_dirs=[paths.TESTS / "unit"],
        extra_env={"AES_DECRYPT_ENABLE": str(decrypt_enable),
                   "AES_RK_BLOCK_RAM": str(block_ram),
                   "AES_RANDOM_BLOCKS": str(random_blocks)},
    )


# One stand-alone mccp_aes_key_expand filling two engines' round-key ports (Icarus: a
# short run; the engines' own benches run on Verilator).
def test_aes_shared_expander():
    sim.run(
        toplevel="tb_aes_shared_keys",
        test_module="tb_aes_shared_keys",
        sources=sources("aes") + [paths.TESTS / "unit" / "hdl" / "tb_aes_shared_keys.sv"],
        sim="icarus",
        module_dirs=[paths.TESTS / "unit"],
    )
