// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// Lane adder of the ARX element: a + b or a - b on 128 bits in lanes of 16,
// 32 or 64 bits (w: 0 = 32, 1 = 16, 2 = 64, as the ISA's lane_widths).
//
// One carry chain of 135 bits: the eight 16-bit chunks of a and b with a
// guard bit pair between each two.  The pair passes the carry on (1, 0)
// inside a lane, stops it (0, 0) where a lane starts, or -- subtracting, as
// a + ~b + 1 -- starts the next lane's chunk with a carry of its own (1, 1).
// (Chunks added one by one with the carry chosen between them in LUTs made
// eight chains in series: the element's critical path.)
module mccp_arx_addsub (
  input  logic [127:0] a_i,
  input  logic [127:0] b_i,
  input  logic         sub_i,
  input  logic [1:0]   w_i,
  output logic [127:0] sum_o
);

  logic [127:0] b;
  assign b = sub_i ? ~b_i : b_i;

  // x[17 c +: 16] = chunk c, x[17 c + 16] = the guard bit above it; below bit 0 one more
  // pair (1, sub_i) is the chain's carry in (one adder, not a third operand)
  logic [134:0] xa, xb;
  logic [136:0] xs;
  logic [127:0] sums;
  for (genvar c = 0; c < 8; c++) begin : g_chunk
    assign xa[17*c +: 16] = a_i[16*c +: 16];
    assign xb[17*c +: 16] = b[16*c +: 16];
    if (c < 7) begin : g_guard
      localparam bit Start32 = (c + 1) % 2 == 0;     // chunk c + 1 starts a 32-bit lane
      localparam bit Start64 = (c + 1) % 4 == 0;
      logic starts;
      assign starts = (w_i == 2'd1) || (w_i == 2'd0 && Start32) || (w_i == 2'd2 && Start64);
      assign xa[17*c + 16] = !starts || sub_i;
      assign xb[17*c + 16] = starts && sub_i;
    end
  end
  assign xs = {1'b0, xa, 1'b1} + {1'b0, xb, sub_i};
  for (genvar c = 0; c < 8; c++) begin : g_out
    assign sums[16*c +: 16] = xs[17*c + 1 +: 16];
  end

  assign sum_o = sums;

  logic unused;
  assign unused = ^{xs[136], xs[0], xs[17], xs[34], xs[51], xs[68], xs[85], xs[102], xs[119]};

endmodule
