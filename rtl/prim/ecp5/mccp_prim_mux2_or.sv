// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// y = s ? a : (b | c), bit by bit: one LUT4 per bit on ECP5; keep_hierarchy
// as for mccp_prim_ao22 (flattened, ABC folded the logic behind s into a
// chain of LUTs in front of this join).
(* keep_hierarchy *)
module mccp_prim_mux2_or #(
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
