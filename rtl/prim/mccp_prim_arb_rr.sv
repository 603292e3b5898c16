// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// mccp_prim_arb_rr: round-robin arbiter over N requesters.  gnt_o (one-hot,
// zero without a request) is the first requester after the last taken grant,
// wrapping around; after reset the search starts at requester 0.  take_i
// says the grant of this cycle is used: the search then starts after it.
//
// The last grant is kept as a mask, not an index: after_q[i] = requester i
// lies above the last taken grant, loaded at a take with `seen` (seen[i]: the
// grant lies below i).  A stored index compared with every position put
// carry chains at the head of the many-core tops' critical path (last grant
// -> pick -> the owner's records).  The picks are chains of continuous
// assignments, one stage per requester.
module mccp_prim_arb_rr #(
  parameter int N = 4
) (
  input  logic                                clk_i,
  input  logic                                rst_ni,
  input  logic [N-1:0]                        req_i,
  input  logic                                take_i,
  output logic [N-1:0]                        gnt_o,
  output logic [((N > 1) ? $clog2(N) : 1)-1:0] idx_o   // the grant's index, 0 without one
);

  if (N < 1) begin : g_bad_n
    $error("mccp_prim_arb_rr: N %0d must be at least 1", N);
  end

  localparam int IdxW = (N > 1) ? $clog2(N) : 1;

  logic [N-1:0]           after_q, pick, seen;
  logic [N:0][IdxW-1:0]   idx_chain;

  assign pick         = ((req_i & after_q) != '0) ? (req_i & after_q) : req_i;
  assign seen[0]      = 1'b0;
  assign idx_chain[0] = '0;
  for (genvar i = 1; i < N; i++) begin : g_seen
    assign seen[i] = seen[i-1] | pick[i-1];
  end
  for (genvar i = 0; i < N; i++) begin : g_pick
    assign gnt_o[i]       = pick[i] && !seen[i];
    assign idx_chain[i+1] = idx_chain[i] | (gnt_o[i] ? IdxW'(i) : '0);
  end
  assign idx_o = idx_chain[N];

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      after_q <= '0;
    end else if (take_i) begin
      after_q <= seen;
    end
  end

endmodule
