"""pytest wrapper of the formal proofs in tests/formal/ (docs/formal.md).

Each proof runs bounded (BMC) in `make test`.  In `make test-long`: deeper runs, a cover run
per harness that shows the cases the properties are about are reachable under the
assumptions, and every property on a mutant of the RTL (a copy under build/formal/mutants,
rtl/ untouched) where it must fail with the named assertion, so no proof here passes
vacuously (about 30 s each; kept out of `make test` for its time budget)."""

from __future__ import annotations

import pytest

import regs_miter  # tests/formal/regs_miter.py
from mccp import paths
from mccp.eda import formal

HERE = paths.TESTS / "formal"


def _prove(sby: str, task: str, depth: int | None = None, defines=(), tag: str = ""):
    if sby == "regs_miter.sby":
        regs_miter.write()
    result = formal.run(HERE / sby, depth=depth, task=task, fv_defines=defines, tag=tag)
    assert result.passed, result.summary()
    return result


# (id, sby file, task, depth in `make test`, depth in `make test-long`, harness defines)
PROOFS = [
    # properties 1 and 2 (SCHED.CCM_SPLIT and FW_ENTRY may change while a request waits)
    ("keysched", "keysched.sby", "bmc", 16, 24, ()),
    # property 3: miters of the key store and of the register block
    ("ks_miter", "ks_miter.sby", "bmc", 20, 32, ()),
    ("regs_miter", "regs_miter.sby", "bmc", 12, 20, ()),
    # properties 4 and 5 on the output stage: any back-pressure, then tready high (latency K)
    ("stream_out_safety", "stream_out.sby", "safety", 12, 20, ()),
    ("stream_out_live", "stream_out.sby", "live", 16, 22, ()),
]

# (id, sby file, task, depth, defines, rtl file, old text, new text, assertions expected to fail)
MUTANTS = [
    # property 1: the pre-fix scheduler dropped its key read after one cycle
    ("p1_read_once", "keysched.sby", "bmc", 12, ("FV_NO_REQ_HELD",), "mccp_sched.sv",
     "assign ks_rd_req_o  = ((state_q == StIdle) && req_valid_i && !ks_busy_i) || (state_q == StKeyRd) ||",
     "assign ks_rd_req_o  = ((state_q == StIdle) && req_valid_i && !ks_busy_i) ||",
     {"p1_read_answered"}),
    # property 2: the pre-fix scheduler went on with a key read before a commit / zeroize
    ("p2_no_reread", "keysched.sby", "bmc", 16, (), "mccp_sched.sv",
     "assign restart    = (stale_q || inv_hit) && !io_half;", "assign restart    = 1'b0;",
     {"p2_start_key_current", "p2_start_cache_current", "p2_kx_key_current"}),
    # property 2: a split request sent back to read its key kept its MAC-half flag (found by the
    # chaos soak and by this proof): the next pick's start was taken for a MAC half, and the
    # partner then started with the key read before a zeroize
    ("p2_mac_half_kept", "keysched.sby", "bmc", 24, (), "mccp_sched.sv",
     ("      if (restart && state_d == StKeyRd) begin",
      "            split_q    <= 1'b0;\n            mac_half_q <= 1'b0;\n          end"),
     ("      if (1'b0) begin", "            split_q    <= 1'b0;\n          end"),
     {"p2_start_key_current", "p2_start_cache_current"}),
    # property 3a: a commit refused when key word 0 is zero (KEY_CMD's SLVERR tells a key bit)
    ("p3_err_by_key", "ks_miter.sby", "bmc", 12, (), "mccp_key_store.sv",
     "assign words_ok  = (staged_q[3:0] == 4'hF) &&",
     "assign words_ok  = (staged_q[3:0] == 4'hF) && (stage_q[0] != '0) &&",
     {"p3_cmd_err", "p3_valid"}),
    # property 3b: KEY_DATA[0] reads back the W buffer (the key word while its B response waits)
    ("p3_regs_readback", "regs_miter.sby", "bmc", 8, (), "mccp_regs.sv",
     "10'h048: rd_data = '0;", "10'h048: rd_data = w_data_q;",
     {"p3r_s_axil_rdata_o"}),
    # property 4: a packet with a status other than OK but a byte count carries data
    ("p4_err_data", "stream_out.sby", "safety", 12, (), "mccp_stream_out.sv",
     "assign h_only[c]  = (h_fstat[c] != StOk) || (bytes_q[hs] == '0);",
     "assign h_only[c]  = (bytes_q[hs] == '0);",
     {"p4_err_header_only"}),
    # property 5: the registered request survives its grant (a record offered twice)
    ("p5_req_kept", "stream_out.sby", "safety", 12, (), "mccp_stream_out.sv",
     "req_q[c] <= emit[c] && !free_c;", "req_q[c] <= emit[c];",
     {"p5_no_dup_0", "p5_no_dup_1", "p5_ring"}),
    # property 6: a secret packet's header without TLAST (its words would follow on the stream)
    ("p6_secret_tlast", "stream_out.sby", "safety", 12, (), "mccp_stream_out.sv",
     "only_q    <= g_only || g_sec;", "only_q    <= g_only;",
     {"p6_secret_header_only"}),
    # property 5: a header-only packet also waits for a word of its core (it never leaves)
    ("p5_wait_for_word", "stream_out.sby", "live", 20, (), "mccp_stream_out.sv",
     "assign emit[c]    = h_ready[c] && (h_only[c] || core_out_valid_i[c]);",
     "assign emit[c]    = h_ready[c] && core_out_valid_i[c];",
     {"p5_latency_0", "p5_latency_1"}),
]


@pytest.mark.parametrize("name,sby,task,depth,long_depth,defines", PROOFS, ids=[p[0] for p in PROOFS])
def test_proof(name, sby, task, depth, long_depth, defines):
    _prove(sby, task, depth, defines)


@pytest.mark.long
@pytest.mark.parametrize("name,sby,task,depth,long_depth,defines", PROOFS, ids=[p[0] for p in PROOFS])
def test_proof_deep(name, sby, task, depth, long_depth, defines):
    _prove(sby, task, long_depth, defines, tag="long")


@pytest.mark.long
@pytest.mark.parametrize("sby", ["keysched.sby", "ks_miter.sby", "regs_miter.sby", "stream_out.sby"])
def test_cover(sby):
    """Every cover statement of the harness is reached (the assumptions leave the cases open)."""
    result = _prove(sby, "cover")
    assert "unreached cover" not in result.log, result.summary()


@pytest.mark.long
@pytest.mark.parametrize("name,sby,task,depth,defines,rtl,old,new,expect", MUTANTS, ids=[m[0] for m in MUTANTS])
def test_mutant_fails(name, sby, task, depth, defines, rtl, old, new, expect):
    mutant = formal.mutant(rtl, old, new, name)
    if sby == "regs_miter.sby":
        regs_miter.write()   # the ports and addresses of rtl/ (the mutant keeps them)
    result = formal.run(HERE / sby, depth=depth, task=task, replace={rtl: mutant}, fv_defines=defines, tag=name)
    assert result.status == "FAIL", result.summary()
    assert expect & result.failed_asserts(), f"expected {expect} among the failures {result.failed_asserts()}\n{result.summary()}"
    assert result.trace() is not None
