// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// y = s ? a : (z ? 0 : b), bit by bit: one LUT4 per bit.  keep_hierarchy for
// the same reason as mccp_core_ao22: the scalar register file joins its RAM
// read and its initial value here (z: a register of s4..s7, which starts at
// 0), and flattened, ABC folded the written_q lookup behind s into a chain of
// LUTs before this join.
(* keep_hierarchy *)
module mccp_core_mux2_clr #(
  parameter int Width = 32
) (
  input  logic             s_i,
  input  logic             z_i,
  input  logic [Width-1:0] a_i,
  input  logic [Width-1:0] b_i,
  output logic [Width-1:0] y_o
);

  assign y_o = s_i ? a_i : (z_i ? '0 : b_i);

endmodule
