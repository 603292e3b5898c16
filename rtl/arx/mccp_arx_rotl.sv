// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// Lane rotator of the ARX element: each lane of 16, 32 or 64 bits (w: 0 = 32,
// 1 = 16, 2 = 64) rotated left by n bits, n below the lane width (the decoder
// refuses larger).  Three layers of kept 4:1 multiplexers (mccp_prim_mux4, one
// logic level each; left to itself, synthesis maps a rotator for depth at over
// twice the LUT4s), by n[1:0] bits, n[3:2] x 4 bits and n[5:4] 16-bit chunks:
//   * by s < 16 bits: a bit whose source lies in its own chunk, or in the
//     chunk below in the same lane, has one source whatever w; only the low s
//     bits of a lane's first chunk wrap, to the top of the lane: 16, 32 or 64
//     bits up, chosen by w in front of the layer;
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

  // x rotated left by s (< 16) bits within lanes of the width w
  function automatic logic [127:0] rot_bits(input logic [127:0] x, input logic [3:0] s,
                                            input logic is16, input logic is64);
    for (int i = 0; i < 128; i++) begin
      if (32'(i % 16) >= 32'(s)) rot_bits[i] = x[i - 32'(s)];
      else if (is16) rot_bits[i] = x[i - 32'(s) + 16];
      else if (is64) rot_bits[i] = ((i / 16) % 4 == 0) ? x[i - 32'(s) + 64] : x[i - 32'(s)];
      else rot_bits[i] = ((i / 16) % 2 == 0) ? x[i - 32'(s) + 32] : x[i - 32'(s)];
    end
  endfunction

  logic [127:0] l0, l1;
  mccp_prim_mux4 #(.Width(128)) u_by1 (
    .a_i(x_i), .b_i(rot_bits(x_i, 4'd1, w16, w64)), .c_i(rot_bits(x_i, 4'd2, w16, w64)),
    .d_i(rot_bits(x_i, 4'd3, w16, w64)), .s_i(n_i[1:0]), .y_o(l0));
  mccp_prim_mux4 #(.Width(128)) u_by4 (
    .a_i(l0), .b_i(rot_bits(l0, 4'd4, w16, w64)), .c_i(rot_bits(l0, 4'd8, w16, w64)),
    .d_i(rot_bits(l0, 4'd12, w16, w64)), .s_i(n_i[3:2]), .y_o(l1));

  // by chunks: a 32-bit lane's two swap (n bit 4; 16-bit lanes have none, n < 16), a 64-bit
  // lane's four rotate by n[5:4]
  logic [127:0] c1, c2, c3;
  for (genvar c = 0; c < 8; c++) begin : g_chunk
    localparam int Base = c - c % 4;
    assign c1[16*c +: 16] = w64 ? l1[16*(Base + (c % 4 + 3) % 4) +: 16] : l1[16*(c ^ 1) +: 16];
    assign c2[16*c +: 16] = l1[16*(Base + (c % 4 + 2) % 4) +: 16];
    assign c3[16*c +: 16] = l1[16*(Base + (c % 4 + 1) % 4) +: 16];
  end
  logic [1:0] by_chunks;
  assign by_chunks = w64 ? n_i[5:4] : {1'b0, n_i[4] && !w16};
  mccp_prim_mux4 #(.Width(128)) u_chunks (.a_i(l1), .b_i(c1), .c_i(c2), .d_i(c3), .s_i(by_chunks), .y_o(y_o));

endmodule
