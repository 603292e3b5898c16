// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// y = (a & sa) | (b & sb), bit by bit: one LUT4 per bit.  keep_hierarchy keeps
// synthesis from merging it with its neighbours into wide functions (on ECP5
// Yosys/ABC otherwise builds the register-file read selects from 5- to
// 7-input LUTs, several LUT4s each).  Used for the register-file reads and
// the vector ALU's result selection.
(* keep_hierarchy *)
module mccp_core_ao22 #(
  parameter int Width = 32
) (
  input  logic [Width-1:0] a_i,
  input  logic [Width-1:0] sa_i,
  input  logic [Width-1:0] b_i,
  input  logic [Width-1:0] sb_i,
  output logic [Width-1:0] y_o
);

  assign y_o = (a_i & sa_i) | (b_i & sb_i);

endmodule
