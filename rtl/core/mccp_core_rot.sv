// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// Byte rotator of the vector ALU (combinational): y = a rotated toward byte 0
// by k bytes (vshlb) or by 16 - k bytes (vshrb), mod 16; the ALU keeps the
// bytes the shift defines and zeroes the rest.  The core registers y, so a
// byte shift takes two cycles and this rotator is off the single-cycle
// paths.  Two layers of 4:1 multiplexers (by 0..3 bytes, then by 0, 4, 8 or
// 12 bytes).  Byte 0 of a block is bits [127:120].
module mccp_core_rot (
  input  logic [127:0] a_i,
  input  logic         right_i,   // vshrb
  input  logic [3:0]   k_i,
  output logic [127:0] y_o
);

  function automatic logic [127:0] rotl_bytes(input logic [127:0] v, input integer n);
    rotl_bytes = (v << (8 * n)) | (v >> (128 - 8 * n));
  endfunction

  logic [3:0]   by;
  logic [127:0] y_lo;

  assign by = right_i ? 4'd0 - k_i : k_i;

  mccp_core_mux4 #(
    .Width(128)
  ) u_lo (
    .a_i (a_i),
    .b_i (rotl_bytes(a_i, 1)),
    .c_i (rotl_bytes(a_i, 2)),
    .d_i (rotl_bytes(a_i, 3)),
    .s_i (by[1:0]),
    .y_o (y_lo)
  );

  mccp_core_mux4 #(
    .Width(128)
  ) u_hi (
    .a_i (y_lo),
    .b_i (rotl_bytes(y_lo, 4)),
    .c_i (rotl_bytes(y_lo, 8)),
    .d_i (rotl_bytes(y_lo, 12)),
    .s_i (by[3:2]),
    .y_o (y_o)
  );

endmodule
