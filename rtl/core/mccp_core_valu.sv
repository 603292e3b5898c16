// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// Vector ALU of the MCCP core (combinational).  Byte 0 of a block is bits [127:120].
//
//  MASK  first n bytes of A, the rest zero        (vmask; vmov n=16; vzero n=0;
//                                                   the vst/vstn output word)
//  PAD   first n bytes of A, 0x80 at byte n if n < 16
//  XOR / AND / OR
//  INC   bytes 12..15 of A + 1 (mod 2^32)
//  SETW  {s, s, s, s} (the register file writes word w only)
//  SHL   byte i = A byte i+k     SHR  byte i = A byte i-k      (k = 0..15, zero fill)
//        both one byte rotator (by k, or by 16 - k) and a byte mask
//  DBL   A << 1, xor 0x87 into byte 15 if A[127]
//  LD / GH  the input FIFO's head word / GHASH's Y: res_o is every value the
//        core writes to a vector register in the issue cycle, one multiplexer
//
// tagchk: mismatch_o[15 - i] = byte i of A and B differ and i < nt.  All 128 bits
// are compared every time (one cycle whatever the data); the core ORs the 16
// bits into F when it reads F, so the tag check takes the same time for every tag.
module mccp_core_valu (
  input  logic [3:0]   op_i,   // mccp_core_pkg::valu_op_e
  input  logic [127:0] a_i,
  input  logic [127:0] b_i,
  input  logic [31:0]  s_i,
  input  logic [4:0]   n_i,    // 0..16
  input  logic [4:0]   nt_i,   // 0..16 (tagchk)
  input  logic [3:0]   k_i,
  input  logic [127:0] ld_i,   // input FIFO head (vld)
  input  logic [127:0] gh_i,   // GHASH Y (ghget)
  output logic [127:0] res_o,
  output logic [127:0] masked_o,
  output logic [15:0]  mismatch_o
);

  // No arithmetic on the counts: a comparison or an addition becomes a carry
  // chain (CCU2C) in series with the data path, so the byte masks are equality
  // decodes and the rotator's source selection is wiring.  bit 15 - i <-> byte i.
  function automatic logic [15:0] first_bytes(input logic [4:0] n);  // bytes 0 .. n-1
    first_bytes = '0;
    for (integer v = 1; v <= 16; v++) begin
      if (n == 5'(v)) begin
        first_bytes = 16'hFFFF << (16 - v);
      end
    end
  endfunction

  // vshlb keeps bytes 0 .. 15-k, vshrb bytes k .. 15; rotation toward byte 0 by
  // k (vshlb) or by 16 - k (vshrb), mod 16.
  function automatic logic [19:0] shift_ctl(input logic right, input logic [3:0] k);  // {rot_by, keep}
    shift_ctl = '0;
    for (integer v = 0; v < 16; v++) begin
      if (k == 4'(v)) begin
        shift_ctl = right ? {4'((16 - v) % 16), ~(16'hFFFF << (16 - v))}
                          : {4'(v), 16'hFFFF << v};
      end
    end
  endfunction

  logic [127:0] keep, pad, rot, shift_keep;
  logic [15:0]  keep_b, keep_t_b, shift_keep_b;
  logic [3:0]   rot_by;
  logic         shr;

  assign shr                    = (op_i == mccp_core_pkg::VOP_SHR);
  assign {rot_by, shift_keep_b} = shift_ctl(shr, k_i);
  assign keep_b                 = first_bytes(n_i);
  assign keep_t_b               = first_bytes(nt_i);

  for (genvar i = 0; i < 16; i++) begin : g_byte
    logic [127:0] rotated;   // rotated[8j +: 8] = byte (i + j) mod 16 of A
    for (genvar j = 0; j < 16; j++) begin : g_src
      assign rotated[8 * j +: 8] = a_i[127 - 8 * ((i + j) % 16) -: 8];
    end
    assign rot[127 - 8 * i -: 8]        = rotated[8 * rot_by +: 8];
    assign keep[127 - 8 * i -: 8]       = {8{keep_b[15 - i]}};
    assign pad[127 - 8 * i -: 8]        = (n_i == 5'(i)) ? 8'h80 : 8'h00;
    assign shift_keep[127 - 8 * i -: 8] = {8{shift_keep_b[15 - i]}};
    assign mismatch_o[15 - i]           = keep_t_b[15 - i] && (a_i[127 - 8 * i -: 8] != b_i[127 - 8 * i -: 8]);
  end

  assign masked_o = a_i & keep;

  always_comb begin
    unique case (op_i)
      mccp_core_pkg::VOP_MASK: res_o = masked_o;
      mccp_core_pkg::VOP_PAD:  res_o = masked_o | pad;
      mccp_core_pkg::VOP_XOR:  res_o = a_i ^ b_i;
      mccp_core_pkg::VOP_AND:  res_o = a_i & b_i;
      mccp_core_pkg::VOP_OR:   res_o = a_i | b_i;
      mccp_core_pkg::VOP_INC:  res_o = {a_i[127:32], a_i[31:0] + 32'd1};
      mccp_core_pkg::VOP_SETW: res_o = {4{s_i}};
      mccp_core_pkg::VOP_SHL,
      mccp_core_pkg::VOP_SHR:  res_o = rot & shift_keep;
      mccp_core_pkg::VOP_DBL:  res_o = {a_i[126:0], 1'b0} ^ {120'd0, {8{a_i[127]}} & 8'h87};
      mccp_core_pkg::VOP_LD:   res_o = ld_i;
      mccp_core_pkg::VOP_GH:   res_o = gh_i;
      default:                 res_o = masked_o;
    endcase
  end

endmodule
