"""pytest wrapper: every firmware mode on the RTL core (tb_core_modes)."""

import pytest

from mccp import paths
from mccp.eda import sim
from mccp.eda.filelist import sources


@pytest.mark.parametrize("testcase", ["cavp_all_modes", "random_all_modes", "kdf_cmac"])
def test_core_modes(testcase):
    sim.run(toplevel="mccp_core", test_module="tb_core_modes", sources=sources("core"),
            testcase=testcase, module_dirs=[paths.TESTS / "core", paths.TESTS])
