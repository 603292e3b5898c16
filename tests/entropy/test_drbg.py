"""pytest wrappers: the CTR_DRBG reference against every CAVP vector, and the cocotb bench
tb_drbg on mccp_drbg (every CAVP count in `make test-long`, a stride of them by default)."""

from __future__ import annotations

import re

import pytest

from mccp import paths
from mccp.eda import sim
from mccp.eda.filelist import sources

from drbg_vectors import load_vectors, run_vector


def test_ctr_drbg_ref():
    vectors = load_vectors()
    assert len(vectors) == 1005
    bad = [v.name for v in vectors if run_vector(v) != v.get("Output")]
    assert not bad


def run(extra: dict[str, str], testcase: str | None = None) -> None:
    sim.run(toplevel="mccp_drbg", test_module="tb_drbg", sources=sources("entropy"),
            module_dirs=[paths.TESTS / "entropy"], extra_env=extra, testcase=testcase)


def test_drbg():
    run({})


@pytest.mark.long
def test_drbg_all_cavp():
    run({"DRBG_ALL": "1"}, testcase="cavp_vectors")


def test_entropy_unit():
    sim.run(toplevel="mccp_entropy_unit", test_module="tb_entropy_unit", sources=sources("entropy"),
            module_dirs=[paths.TESTS / "entropy"], parameters={"SimModel": 1, "TestEntropy": 1})


def test_self_test_vector():
    """The start-up self-test's constants (mccp_entropy_pkg::Kat*) are a CAVP count, and the
    reference model gives its output from its inputs."""
    text = (paths.RTL / "entropy" / "mccp_entropy_pkg.sv").read_text()
    kat = {m.group(1): bytes.fromhex(m.group(2))
           for m in re.finditer(r"localparam logic \[\d+:0\] Kat(\w+) =\s*\d+'h([0-9a-f]+);", text)}
    assert set(kat) == {"Entropy", "Nonce", "ReseedEntropy", "Output"}
    matches = [v for v in load_vectors()
               if v.key_bits == 256 and v.df and not v.pr and v.get("Entropy") == kat["Entropy"]]
    assert len(matches) == 1
    vec = matches[0]
    assert (vec.get("Nonce"), vec.get("ReseedEntropy"), vec.get("Output")) == \
           (kat["Nonce"], kat["ReseedEntropy"], kat["Output"])
    assert not any(vec.get(f) for f in ("PersonalisationString", "ReseedAdditionalInput",
                                        "AdditionalInputA", "AdditionalInputB"))
    assert run_vector(vec) == kat["Output"]
