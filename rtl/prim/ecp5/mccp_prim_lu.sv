// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// Bitwise logic unit: y = x, x ^ b, x & b or x | b (op_i = 0..3), one LUT4
// per bit on ECP5; keep_hierarchy as for mccp_prim_ao22.
(* keep_hierarchy *)
module mccp_prim_lu #(
  parameter int Width = 128
) (
  input  logic [1:0]       op_i,
  input  logic [Width-1:0] x_i,
  input  logic [Width-1:0] b_i,
  output logic [Width-1:0] y_o
);

  always_comb begin
    unique case (op_i)
      2'd0:    y_o = x_i;
      2'd1:    y_o = x_i ^ b_i;
      2'd2:    y_o = x_i & b_i;
      default: y_o = x_i | b_i;
    endcase
  end

endmodule
