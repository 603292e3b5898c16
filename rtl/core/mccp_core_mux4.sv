// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// y = one of a, b, c, d by s (0..3): per bit two LUT4 and the slice's PFUMX,
// one LUT delay.  keep_hierarchy for the same reason as mccp_core_ao22 (one
// layer of the vector ALU's byte rotator).
(* keep_hierarchy *)
module mccp_core_mux4 #(
  parameter int Width = 128
) (
  input  logic [Width-1:0] a_i,
  input  logic [Width-1:0] b_i,
  input  logic [Width-1:0] c_i,
  input  logic [Width-1:0] d_i,
  input  logic [1:0]       s_i,
  output logic [Width-1:0] y_o
);

  always_comb begin
    unique case (s_i)
      2'd0:    y_o = a_i;
      2'd1:    y_o = b_i;
      2'd2:    y_o = c_i;
      default: y_o = d_i;
    endcase
  end

endmodule
