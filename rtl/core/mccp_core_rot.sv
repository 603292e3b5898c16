// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// Rotator of the MCCP core (combinational): y = a rotated left (toward the
// most significant end) by k units of UnitBits bits, or by -k units (mod
// Width / UnitBits) when right_i; the user keeps the bits its shift defines.
// One layer of 2:1 multiplexers per bit of k (by 1, 2, 4, ... units), one
// LUT4 per bit and layer (4:1 layers map to twice the LUT4s plus slice
// multiplexers).  Two instances:
//  * the vector ALU's byte rotator (128 bits, 8-bit units): vshlb / vshrb,
//    and vgetw's word (rotated by 4w bytes), registered by the core (both
//    take two cycles).  Byte 0 of a block is
//    bits [127:120], so "left" moves bytes toward byte 0;
//  * the scalar ALU's shifter (32 bits, 1-bit units): shli / shri.
module mccp_core_rot #(
  parameter int Width    = 128,
  parameter int UnitBits = 8,
  localparam int KBits   = $clog2(Width / UnitBits)
) (
  input  logic [Width-1:0] a_i,
  input  logic             right_i,   // rotate by -k
  input  logic [KBits-1:0] k_i,
  output logic [Width-1:0] y_o
);

  logic [KBits-1:0]           by;
  logic [(KBits+1)*Width-1:0] layer;   // [Width j +: Width]: a rotated by by[j-1:0] (flat: Icarus 11)

  assign by             = right_i ? KBits'(0) - k_i : k_i;
  assign layer[Width-1:0] = a_i;
  for (genvar j = 0; j < KBits; j++) begin : g_layer
    localparam int Step = UnitBits << j;
    logic [Width-1:0] src, rotated, dst;
    assign src                           = layer[Width * j +: Width];
    assign rotated                       = {src[Width-1-Step:0], src[Width-1 -: Step]};
    assign layer[Width * (j + 1) +: Width] = dst;
    mccp_prim_mux2 #(
      .Width(Width)
    ) u_mux (
      .a_i (src),
      .b_i (rotated),
      .s_i (by[j]),
      .y_o (dst)
    );
  end
  assign y_o = layer[KBits * Width +: Width];

endmodule
