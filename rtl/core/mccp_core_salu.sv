// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// Scalar ALU of the MCCP core (combinational): the value written to s[a] by
// li / addi / add / sub / and / or / andi / ori / shli / shri / vgetw / jal.
// One adder serves addi / add / sub; the second operand is s[c] or the
// immediate.  (The branches' comparison is registered in the core.)
//
// Structure.  Written as a case over the operation, synthesis for ECP5 built
// each result bit from a 12-way selection over wide LUTs and the two shifts
// as separate barrel shifters: 862 LUT4 (standalone synth_ecp5).  So the
// structure is written out with keep_hierarchy leaves of one LUT4 per bit:
//  * both shifts are one rotator (mccp_core_rot, five 2:1 layers):
//    s << k = rotl(s, k) with the bits below k cleared, s >> k =
//    rotl(s, 32 - k) with the top k bits cleared; the clearing is the select
//    of the final AND-OR, so it costs nothing on the data path;
//  * res = sum & sel_sum | lu & sel_lu | rot & sel_sh | word & sel_word
//          | (low 14 bits) zimm & sel_li | link & sel_link;
//  * vgetw's word comes from the vector ALU's byte rotator (v[b] rotated by
//    4w bytes toward byte 0, its top word, registered), not from a multiplexer
//    of its own.
module mccp_core_salu (
  input  logic [3:0]   op_i,    // mccp_core_pkg::salu_op_e
  input  logic [31:0]  sa_i,    // s[b]
  input  logic [31:0]  sb_i,    // s[c]
  input  logic [13:0]  imm_i,
  input  logic [13:0]  link_i,  // pc + 1
  input  logic [31:0]  word_i,  // word imm[1:0] of v[b] (vgetw), from mccp_core_rot
  output logic [31:0]  res_o
);

  logic [31:0] opb, sum, lu, rot, t_sum_lu, t_sh_word, sel_sh;
  logic [13:0] t_imm_link;
  logic [4:0]  k;
  // The adder's second operand is selected by two decoded bits (use_imm,
  // imm_hi) rather than by the operation: selected by the operation, the
  // select alone took 102 LUT4 and 67 slice multiplexers.
  logic sub, use_imm, imm_hi, s_li, s_sum, s_lu, s_or, s_shl, s_shr, s_word, s_link;

  assign s_sum  = (op_i == mccp_core_pkg::SOP_ADDI) || (op_i == mccp_core_pkg::SOP_ADD) ||
                  (op_i == mccp_core_pkg::SOP_SUB);
  assign s_lu   = (op_i == mccp_core_pkg::SOP_AND) || (op_i == mccp_core_pkg::SOP_ANDI) ||
                  (op_i == mccp_core_pkg::SOP_OR) || (op_i == mccp_core_pkg::SOP_ORI);
  assign s_or   = (op_i == mccp_core_pkg::SOP_OR) || (op_i == mccp_core_pkg::SOP_ORI);
  assign s_shl  = (op_i == mccp_core_pkg::SOP_SHLI);
  assign s_shr  = (op_i == mccp_core_pkg::SOP_SHRI);
  assign s_word = (op_i == mccp_core_pkg::SOP_VGETW);
  assign s_link = (op_i == mccp_core_pkg::SOP_LINK);
  // li, and the codes the decoder never gives
  assign s_li   = !(s_sum || s_lu || s_shl || s_shr || s_word || s_link);

  // adder
  assign sub     = (op_i == mccp_core_pkg::SOP_SUB);
  assign use_imm = (op_i == mccp_core_pkg::SOP_ADDI) || (op_i == mccp_core_pkg::SOP_ANDI) ||
                   (op_i == mccp_core_pkg::SOP_ORI);
  // the upper 18 bits of the immediate: addi sign-extends, andi / ori zero-extend
  assign imm_hi  = (op_i == mccp_core_pkg::SOP_ADDI) && imm_i[13];
  assign opb     = use_imm ? {{18{imm_hi}}, imm_i} : sb_i;
  assign sum     = sa_i + (sub ? ~opb : opb) + 32'(sub);

  // and / or (mccp_prim_lu: op 2 = and, 3 = or)
  mccp_prim_lu #(
    .Width(32)
  ) u_lu (
    .op_i ({1'b1, s_or}),
    .x_i  (sa_i),
    .b_i  (opb),
    .y_o  (lu)
  );

  // shifts: rotate left by k (shli) or 32 - k (shri), then keep the bits the shift defines
  assign k = imm_i[4:0];

  mccp_core_rot #(
    .Width   (32),
    .UnitBits(1)
  ) u_rot (
    .a_i     (sa_i),
    .right_i (s_shr),
    .k_i     (k),
    .y_o     (rot)
  );

  // Bit i: shli keeps i >= k, shri keeps i < 32 - k, i.e. 31 - i >= k: both
  // from the thermometer ge[j] = (j >= k), built without a comparison (that
  // would become carry chains): j >= k iff j[4:3] > k[4:3], or they are equal
  // and j[2:0] >= k[2:0] (ge_lo, eight 3-input decodes).
  logic [7:0]  ge_lo;
  logic [31:0] ge;
  for (genvar m = 0; m < 8; m++) begin : g_ge_lo
    logic [7:0] hit;
    for (genvar v = 0; v <= m; v++) begin : g_v
      assign hit[v] = (k[2:0] == 3'(v));
    end
    for (genvar v = m + 1; v < 8; v++) begin : g_no
      assign hit[v] = 1'b0;
    end
    assign ge_lo[m] = |hit;
  end
  for (genvar j = 0; j < 32; j++) begin : g_ge
    localparam logic [1:0] JHi = 2'(j >> 3);
    logic hi_gt;
    if (JHi == 2'd0) begin : g_hi0
      assign hi_gt = 1'b0;
    end else if (JHi == 2'd1) begin : g_hi1
      assign hi_gt = (k[4:3] == 2'd0);
    end else if (JHi == 2'd2) begin : g_hi2
      assign hi_gt = !k[4];
    end else begin : g_hi3
      assign hi_gt = (k[4:3] != 2'd3);
    end
    assign ge[j] = hi_gt || ((k[4:3] == JHi) && ge_lo[j % 8]);
  end
  for (genvar i = 0; i < 32; i++) begin : g_keep
    assign sel_sh[i] = (s_shl && ge[i]) || (s_shr && ge[31 - i]);
  end

  mccp_prim_ao22 #(
    .Width(32)
  ) u_sum_lu (
    .a_i  (sum),
    .sa_i ({32{s_sum}}),
    .b_i  (lu),
    .sb_i ({32{s_lu}}),
    .y_o  (t_sum_lu)
  );

  mccp_prim_ao22 #(
    .Width(32)
  ) u_sh_word (
    .a_i  (rot),
    .sa_i (sel_sh),
    .b_i  (word_i),
    .sb_i ({32{s_word}}),
    .y_o  (t_sh_word)
  );

  mccp_prim_ao22 #(
    .Width(14)
  ) u_imm_link (
    .a_i  (imm_i),
    .sa_i ({14{s_li}}),
    .b_i  (link_i),
    .sb_i ({14{s_link}}),
    .y_o  (t_imm_link)
  );

  assign res_o = t_sum_lu | t_sh_word | {18'd0, t_imm_link};

endmodule
