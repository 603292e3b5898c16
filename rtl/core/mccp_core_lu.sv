// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// Bitwise logic unit of the vector ALU: y = x, x ^ b, x & b or x | b (op_i =
// 0..3), one LUT4 per bit; keep_hierarchy for the same reason as
// mccp_core_ao22.
(* keep_hierarchy *)
module mccp_core_lu #(
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
