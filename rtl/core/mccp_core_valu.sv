// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// Vector ALU of the MCCP core (combinational, one instruction per cycle).
// Byte 0 of a block is bits [127:120].
//
//  MASK  first n bytes of A, the rest zero        (vmask; vmov n=16; vzero n=0;
//                                                   the vst/vstn output word)
//  PAD   first n bytes of A, 0x80 at byte n if n < 16
//  XOR / AND / OR
//  INC   bytes 12..15 of A + 1 (mod 2^32)
//  SETW  {s, s, s, s} (the register file writes word w only)
//  SHL   byte i = A byte i+k     SHR  byte i = A byte i-k      (k = 0..15)
//  DBL   A << 1, xor 0x87 into byte 15 if A[127]
//
// tagchk: mismatch_o = (A xor B) differs in any of the first nt bytes.  All
// 128 bits are compared every time (one cycle whatever the data), so the
// result takes the same time for every tag.
module mccp_core_valu (
  input  logic [3:0]              op_i,  // mccp_core_pkg::valu_op_e
  input  logic [127:0]            a_i,
  input  logic [127:0]            b_i,
  input  logic [31:0]             s_i,
  input  logic [4:0]              n_i,   // 0..16
  input  logic [4:0]              nt_i,  // 0..16 (tagchk)
  input  logic [3:0]              k_i,
  output logic [127:0]            res_o,
  output logic                    mismatch_o
);

  logic [127:0] keep, keep_t, pad, masked, shl, shr;

  for (genvar i = 0; i < 16; i++) begin : g_byte
    assign keep[127 - 8 * i -: 8]   = {8{n_i > 5'(i)}};
    assign keep_t[127 - 8 * i -: 8] = {8{nt_i > 5'(i)}};
    assign pad[127 - 8 * i -: 8]    = (n_i == 5'(i)) ? 8'h80 : 8'h00;
  end

  assign masked = a_i & keep;
  assign shl    = a_i << {k_i, 3'b000};
  assign shr    = a_i >> {k_i, 3'b000};

  always_comb begin
    unique case (op_i)
      mccp_core_pkg::VOP_MASK: res_o = masked;
      mccp_core_pkg::VOP_PAD:  res_o = masked | pad;
      mccp_core_pkg::VOP_XOR:  res_o = a_i ^ b_i;
      mccp_core_pkg::VOP_AND:  res_o = a_i & b_i;
      mccp_core_pkg::VOP_OR:   res_o = a_i | b_i;
      mccp_core_pkg::VOP_INC:  res_o = {a_i[127:32], a_i[31:0] + 32'd1};
      mccp_core_pkg::VOP_SETW: res_o = {4{s_i}};
      mccp_core_pkg::VOP_SHL:  res_o = shl;
      mccp_core_pkg::VOP_SHR:  res_o = shr;
      mccp_core_pkg::VOP_DBL:  res_o = {a_i[126:0], 1'b0} ^ {120'd0, {8{a_i[127]}} & 8'h87};
      default:  res_o = masked;
    endcase
  end

  assign mismatch_o = |((a_i ^ b_i) & keep_t);

endmodule
