// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// y = s ? b : a, one LUT4 per bit on ECP5; keep_hierarchy as for
// mccp_prim_ao22 (a layer of a rotator built from these stays one LUT4 a
// bit; a 4:1 layer maps to twice the LUT4s plus slice multiplexers).
(* keep_hierarchy *)
module mccp_prim_mux2 #(
  parameter int Width = 128
) (
  input  logic [Width-1:0] a_i,
  input  logic [Width-1:0] b_i,
  input  logic             s_i,
  output logic [Width-1:0] y_o
);

  assign y_o = s_i ? b_i : a_i;

endmodule
