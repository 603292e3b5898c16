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
//        both the rotated A (rot_i, from mccp_core_rot, registered by the
//        core) and a byte mask
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
  input  logic [15:0]  keep_i,   // first_bytes(n), n = 0..16: the bytes MASK / PAD keep
  input  logic [15:0]  pad_i,    // byte_at(n): where PAD puts 0x80 (none if n = 16)
  input  logic [15:0]  keept_i,  // first_bytes(n) of tagchk's count
  input  logic [3:0]   k_i,
  input  logic [127:0] rot_i,  // A rotated for SHL / SHR (mccp_core_rot)
  input  logic [127:0] ld_i,   // input FIFO head (vld)
  input  logic [127:0] gh_i,   // GHASH Y (ghget)
  output logic [127:0] res_o,
  output logic [127:0] masked_o,
  output logic [127:0] lu_o,     // the logic unit: A ^ B (XOR), A (MASK: the AES engine's input)
  output logic [15:0]  mismatch_o
);

  // The byte masks of the counts come decoded (the core registers them), so
  // the data path starts at a mask.  bit 15 - i <-> byte i.
  // vshlb keeps bytes 0 .. 15-k, vshrb bytes k .. 15 of the rotated A.
  function automatic logic [15:0] shift_keep(input logic right, input logic [3:0] k);
    shift_keep = '0;
    for (integer v = 0; v < 16; v++) begin
      if (k == 4'(v)) begin
        shift_keep = right ? ~(16'hFFFF << (16 - v)) : 16'hFFFF << v;
      end
    end
  endfunction

  // Result selection.  Synthesis for ECP5 builds a 12-way selection of
  // several operands per bit from wide (5- to 7-input) LUTs, many LUT4s each,
  // so the structure is written out with keep_hierarchy leaves of one LUT4
  // per bit (mccp_prim_lu, mccp_prim_ao22):
  //   lu   = f(A, B)           MASK, PAD (f = x), XOR, AND, OR, the upper
  //                             96 bits of INC; MASK / PAD keep the first n
  //                             bytes through sel_lu (no layer of its own)
  //   res  = lu & sel_lu | rot & sel_sh | LD | GH | DBL | SETW | INC low word
  //          | the PAD byte, the selects one-hot per byte.
  logic [127:0] x, lu, sel_lu, sel_sh, dbl, t_lu_sh, t_ld_gh, t_dbl_s, t_misc;
  logic [15:0]  shift_keep_b, lu_b;
  logic [1:0]   lu_op;
  logic         shr, is_mask, is_shift, is_inc;

  assign shr                    = (op_i == mccp_core_pkg::VOP_SHR);
  assign is_mask                = (op_i == mccp_core_pkg::VOP_MASK) || (op_i == mccp_core_pkg::VOP_PAD);
  assign is_shift               = (op_i == mccp_core_pkg::VOP_SHL) || shr;
  assign is_inc                 = (op_i == mccp_core_pkg::VOP_INC);
  assign shift_keep_b           = shift_keep(shr, k_i);

  always_comb begin
    unique case (op_i)
      mccp_core_pkg::VOP_XOR: lu_op = 2'd1;
      mccp_core_pkg::VOP_AND: lu_op = 2'd2;
      mccp_core_pkg::VOP_OR:  lu_op = 2'd3;
      default:                lu_op = 2'd0;
    endcase
  end

  // bytes that take lu: all for XOR / AND / OR / MASK / PAD, bytes 0..11 for INC
  assign lu_b = (is_mask || lu_op != 2'd0) ? 16'hFFFF : is_inc ? 16'hFFF0 : 16'h0000;

  for (genvar i = 0; i < 16; i++) begin : g_byte
    // MASK / PAD: the count's mask is applied by the select of the AND-OR after lu
    assign x[127 - 8 * i -: 8]      = a_i[127 - 8 * i -: 8];
    assign sel_lu[127 - 8 * i -: 8] = {8{lu_b[15 - i] && (!is_mask || keep_i[15 - i])}};
    assign sel_sh[127 - 8 * i -: 8] = {8{is_shift && shift_keep_b[15 - i]}};
    assign mismatch_o[15 - i]       = keept_i[15 - i] && (a_i[127 - 8 * i -: 8] != b_i[127 - 8 * i -: 8]);
  end

  mccp_prim_lu u_lu (
    .op_i (lu_op),
    .x_i  (x),
    .b_i,
    .y_o  (lu)
  );

  mccp_prim_ao22 #(
    .Width(128)
  ) u_lu_sh (
    .a_i  (lu),
    .sa_i (sel_lu),
    .b_i  (rot_i),
    .sb_i (sel_sh),
    .y_o  (t_lu_sh)
  );

  mccp_prim_ao22 #(
    .Width(128)
  ) u_ld_gh (
    .a_i  (ld_i),
    .sa_i ({128{op_i == mccp_core_pkg::VOP_LD}}),
    .b_i  (gh_i),
    .sb_i ({128{op_i == mccp_core_pkg::VOP_GH}}),
    .y_o  (t_ld_gh)
  );

  assign dbl = {a_i[126:0], 1'b0} ^ {120'd0, {8{a_i[127]}} & 8'h87};

  mccp_prim_ao22 #(
    .Width(128)
  ) u_dbl_s (
    .a_i  (dbl),
    .sa_i ({128{op_i == mccp_core_pkg::VOP_DBL}}),
    .b_i  ({4{s_i}}),
    .sb_i ({128{op_i == mccp_core_pkg::VOP_SETW}}),
    .y_o  (t_dbl_s)
  );

  // the INC low word and the PAD byte (0x80 at byte n)
  for (genvar i = 0; i < 16; i++) begin : g_misc
    assign t_misc[127 - 8 * i -: 8] = {op_i == mccp_core_pkg::VOP_PAD && pad_i[15 - i], 7'd0};
  end

  assign res_o    = t_lu_sh | t_ld_gh | t_dbl_s | t_misc |
                    {96'd0, (a_i[31:0] + 32'd1) & {32{is_inc}}};
  // vst / vstn are decoded as MASK (the decoder's default), so t_lu_sh is A's first n bytes
  assign masked_o = t_lu_sh;
  assign lu_o     = lu;

endmodule
