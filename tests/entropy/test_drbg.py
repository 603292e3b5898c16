"""pytest wrappers: the CTR_DRBG reference against every CAVP vector, and the cocotb bench
tb_drbg on mccp_drbg (every CAVP count in `make test-long`, a stride of them by default)."""

from __future__ import annotations

import pytest

from mccp import paths
from mccp.eda import sim
from mccp.eda.filelist import sources

from ctr_drbg_ref import load_vectors, run_vector


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
