// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// Lane adder of the ARX element: a + b or a - b on 128 bits in lanes of 16,
// 32 or 64 bits (w: 0 = 32, 1 = 16, 2 = 64, as the ISA's lane_widths).  Eight
// 16-bit chunks; a chunk takes the carry of the one below it unless a lane
// starts there, where it takes the subtraction's +1 instead.
module mccp_arx_addsub (
  input  logic [127:0] a_i,
  input  logic [127:0] b_i,
  input  logic         sub_i,
  input  logic [1:0]   w_i,
  output logic [127:0] sum_o
);

  logic [127:0] b;
  logic [8:0]   carry;          // carry[c]: out of chunk c - 1
  assign b = sub_i ? ~b_i : b_i;
  assign carry[0] = sub_i;

  for (genvar c = 0; c < 8; c++) begin : g_chunk
    localparam bit Start32 = c % 2 == 0;
    localparam bit Start64 = c % 4 == 0;
    logic        lane_start;
    logic [16:0] s;
    assign lane_start = (w_i == 2'd1) || (w_i == 2'd0 && Start32) || (w_i == 2'd2 && Start64);
    assign s = {1'b0, a_i[16*c +: 16]} + {1'b0, b[16*c +: 16]} + 17'(lane_start ? sub_i : carry[c]);
    assign sum_o[16*c +: 16] = s[15:0];
    assign carry[c+1] = s[16];
  end

  logic unused;
  assign unused = carry[8];

endmodule
