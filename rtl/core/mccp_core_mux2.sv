// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// y = s ? b : a, one LUT4 per bit; keep_hierarchy for the same reason as
// mccp_core_ao22 (one layer of the vector ALU's byte rotator; a 4:1 layer
// maps to twice the LUT4s plus slice multiplexers).
(* keep_hierarchy *)
module mccp_core_mux2 #(
  parameter int Width = 128
) (
  input  logic [Width-1:0] a_i,
  input  logic [Width-1:0] b_i,
  input  logic             s_i,
  output logic [Width-1:0] y_o
);

  assign y_o = s_i ? b_i : a_i;

endmodule
