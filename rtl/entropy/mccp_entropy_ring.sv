// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// Free-running ring oscillators (paper 002 section III-D, after Sunar et al. and Wold and
// Tan): NumRings rings of Stages inverting stages each (Stages odd), every stage one LUT4
// (mccp_prim_nand2).  The first stage of each ring is a NAND with en_i, so en_i = 0 stops
// every ring (its outputs settle to constants) to save power.  rings_o are asynchronous:
// mccp_entropy_src samples each ring in a flip-flop of its own before they are combined.
//
// For place and route only: a simulator cannot run a combinational loop (mccp_entropy_src
// puts the behavioural model mccp_entropy_model in its place in simulation builds).
module mccp_entropy_ring #(
  parameter int NumRings = 24,
  parameter int Stages   = 3
) (
  input  logic                en_i,
  output logic [NumRings-1:0] rings_o
);

  for (genvar r = 0; r < NumRings; r++) begin : g_ring
    /* verilator lint_off UNOPTFLAT */   // the loop is the oscillator
    logic [Stages-1:0] node;
    /* verilator lint_on UNOPTFLAT */
    for (genvar s = 0; s < Stages; s++) begin : g_stage
      // Stage 0 closes the ring through the enable; the others are inverters.
      mccp_prim_nand2 u_stage (
        .a_i(node[(s + Stages - 1) % Stages]),
        .b_i((s == 0) ? en_i : 1'b1),
        .y_o(node[s])
      );
    end
    assign rings_o[r] = node[Stages-1];
  end

  // An even ring would latch instead of oscillating.
  if (Stages % 2 == 0 || Stages < 1) begin : g_bad_stages
    $error("mccp_entropy_ring: Stages must be odd");
  end

endmodule
