// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// y = s ? a : (b | c), bit by bit: one LUT4 per bit.  keep_hierarchy for the
// same reason as mccp_core_ao22: the scalar register file joins its RAM read
// and its two initial-value terms here, and flattened, ABC folded the
// written_q lookup behind s into a chain of four LUTs before this join.
(* keep_hierarchy *)
module mccp_core_mux2_or #(
  parameter int Width = 32
) (
  input  logic             s_i,
  input  logic [Width-1:0] a_i,
  input  logic [Width-1:0] b_i,
  input  logic [Width-1:0] c_i,
  output logic [Width-1:0] y_o
);

  assign y_o = s_i ? a_i : (b_i | c_i);

endmodule
