// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// y = (a & sa) | (b & sb), bit by bit: one LUT4 per bit on ECP5.
//
// The cells of this folder are logic that Yosys/ABC, left alone, merges with
// its neighbours into wide functions of 5 to 7 inputs (several LUT4s and slice
// multiplexers each); keep_hierarchy holds each one to the LUT it was laid out
// for.  Another technology keeps the module names and ports and drops or
// changes the attribute in a folder of its own (see mccp_prim.core).
(* keep_hierarchy *)
module mccp_prim_ao22 #(
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
