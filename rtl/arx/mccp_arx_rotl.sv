// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// Lane rotator of the ARX element: each lane of 16, 32 or 64 bits (w: 0 = 32,
// 1 = 16, 2 = 64) rotated left by n bits, n below the lane width (the decoder
// refuses larger).  Six layers of kept 2:1 multiplexers (mccp_prim_mux2, one
// LUT4 a bit; left to itself, synthesis maps a rotator for depth at over twice
// the LUT4s), by 1, 2, 4, 8 bits and then by one and two 16-bit chunks:
//   * by s < 16: a bit whose source lies in its own chunk, or in the chunk
//     below in the same lane, has one source whatever w; only the low s bits
//     of a lane's first chunk wrap, to the top of the lane: 16, 32 or 64 bits
//     up, chosen by w in front of the layer;
//   * by chunks: a 32-bit lane swaps its two chunks (n bit 4), a 64-bit lane
//     rotates its four by n[5:4].
module mccp_arx_rotl (
  input  logic [127:0] x_i,
  input  logic [5:0]   n_i,
  input  logic [1:0]   w_i,
  output logic [127:0] y_o
);

  logic w16, w64;
  assign w16 = w_i == 2'd1;
  assign w64 = w_i == 2'd2;

  logic [6*128+127:0] layer;           // [128 k +: 128]: x rotated by the low k layers (flat)
  assign layer[127:0] = x_i;

  for (genvar k = 0; k < 4; k++) begin : g_bits
    localparam int S = 1 << k;
    logic [127:0] src, rot;
    assign src = layer[128 * k +: 128];
    for (genvar i = 0; i < 128; i++) begin : g_bit
      localparam int C = i / 16;
      if (i % 16 >= S) begin : g_inner
        assign rot[i] = src[i - S];
      end else begin : g_wrap
        always_comb begin
          if (w16) rot[i] = src[i - S + 16];
          else if (w64) rot[i] = (C % 4 == 0) ? src[i - S + 64] : src[i - S];
          else rot[i] = (C % 2 == 0) ? src[i - S + 32] : src[i - S];
        end
      end
    end
    mccp_prim_mux2 #(.Width(128)) u_mux (.a_i(src), .b_i(rot), .s_i(n_i[k]), .y_o(layer[128 * (k + 1) +: 128]));
  end

  // by one chunk: a 32-bit lane's chunks swap, a 64-bit lane's four rotate by one
  logic [127:0] c1_src, c1_rot;
  assign c1_src = layer[4 * 128 +: 128];
  for (genvar c = 0; c < 8; c++) begin : g_chunk1
    localparam int Base = c - c % 4;
    assign c1_rot[16*c +: 16] = w64 ? c1_src[16*(Base + (c % 4 + 3) % 4) +: 16] : c1_src[16*(c ^ 1) +: 16];
  end
  mccp_prim_mux2 #(.Width(128)) u_chunk1 (.a_i(c1_src), .b_i(c1_rot), .s_i(n_i[4] && !w16), .y_o(layer[5 * 128 +: 128]));

  // by two chunks: 64-bit lanes only
  logic [127:0] c2_src, c2_rot;
  assign c2_src = layer[5 * 128 +: 128];
  for (genvar c = 0; c < 8; c++) begin : g_chunk2
    assign c2_rot[16*c +: 16] = c2_src[16*(c ^ 2) +: 16];
  end
  mccp_prim_mux2 #(.Width(128)) u_chunk2 (.a_i(c2_src), .b_i(c2_rot), .s_i(n_i[5] && w64), .y_o(layer[6 * 128 +: 128]));

  assign y_o = layer[6 * 128 +: 128];

endmodule
