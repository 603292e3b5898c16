// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// Lane rotator of the ARX element: each lane of 16, 32 or 64 bits (w: 0 = 32,
// 1 = 16, 2 = 64) rotated left by n bits, n below the lane width (the decoder
// refuses larger).  Six stages of fixed rotations by 1, 2, 4, 8, 16, 32; a bit
// whose source stays inside its 16-bit chunk has one source whatever the lane
// width, so only the bits that wrap choose by w.
module mccp_arx_rotl (
  input  logic [127:0] x_i,
  input  logic [5:0]   n_i,
  input  logic [1:0]   w_i,
  output logic [127:0] y_o
);

  // st[k]: rotated by the low k bits of n (a chain through one array: not a loop)
  /* verilator lint_off UNOPTFLAT */
  logic [6:0][127:0] st;
  /* verilator lint_on UNOPTFLAT */
  assign st[0] = x_i;
  for (genvar k = 0; k < 6; k++) begin : g_stage
    localparam int S = 1 << k;
    logic [127:0] r16, r32, r64;      // st[k] rotated by S within lanes of 16, 32, 64 bits
    for (genvar i = 0; i < 128; i++) begin : g_bit
      assign r16[i] = st[k][i - i % 16 + (i % 16 - S % 16 + 16) % 16];
      assign r32[i] = st[k][i - i % 32 + (i % 32 - S % 32 + 32) % 32];
      assign r64[i] = st[k][i - i % 64 + (i % 64 - S + 64) % 64];
    end
    always_comb begin
      st[k+1] = st[k];
      if (n_i[k]) begin
        unique case (w_i)
          2'd1: st[k+1] = r16;
          2'd2: st[k+1] = r64;
          default: st[k+1] = r32;
        endcase
      end
    end
  end
  assign y_o = st[6];

endmodule
