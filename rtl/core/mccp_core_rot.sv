// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// Byte rotator of the vector ALU (combinational): y = a rotated toward byte 0
// by k bytes (vshlb) or by 16 - k bytes (vshrb), mod 16; the ALU keeps the
// bytes the shift defines and zeroes the rest.  The core registers y, so a
// byte shift takes two cycles and this rotator is off the single-cycle
// paths.  Four layers of 2:1 multiplexers (by 1, 2, 4, 8 bytes), one LUT4 per
// bit and layer (4:1 layers map to twice the LUT4s plus slice multiplexers).
// Byte 0 of a block is bits [127:120].
module mccp_core_rot (
  input  logic [127:0] a_i,
  input  logic         right_i,   // vshrb
  input  logic [3:0]   k_i,
  output logic [127:0] y_o
);

  function automatic logic [127:0] rotl_bytes(input logic [127:0] v, input integer n);
    rotl_bytes = (v << (8 * n)) | (v >> (128 - 8 * n));
  endfunction

  logic [3:0]           by;
  logic [5*128-1:0]     layer;   // [128 j +: 128]: a rotated by by[j-1:0] (flat: Icarus 11)

  assign by              = right_i ? 4'd0 - k_i : k_i;
  assign layer[127:0]    = a_i;
  for (genvar j = 0; j < 4; j++) begin : g_layer
    logic [127:0] src, rotated, dst;
    assign src                       = layer[128 * j +: 128];
    assign rotated                   = rotl_bytes(src, 1 << j);
    assign layer[128 * (j + 1) +: 128] = dst;
    mccp_core_mux2 #(
      .Width(128)
    ) u_mux (
      .a_i (src),
      .b_i (rotated),
      .s_i (by[j]),
      .y_o (dst)
    );
  end
  assign y_o = layer[4 * 128 +: 128];

endmodule
