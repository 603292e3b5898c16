// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// y = {d, c, b, a}[s] per bit: on ECP5 two LUT4s joined by a slice's PFUMX, one
// logic level.  keep_hierarchy as for mccp_prim_mux2 (a rotator built from
// these keeps one 4:1 layer per two bits of its amount).
(* keep_hierarchy *)
module mccp_prim_mux4 #(
  parameter int Width = 128
) (
  input  logic [Width-1:0] a_i,
  input  logic [Width-1:0] b_i,
  input  logic [Width-1:0] c_i,
  input  logic [Width-1:0] d_i,
  input  logic [1:0]       s_i,
  output logic [Width-1:0] y_o
);

  assign y_o = s_i[1] ? (s_i[0] ? d_i : c_i) : (s_i[0] ? b_i : a_i);

endmodule
