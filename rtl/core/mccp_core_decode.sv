// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// Instruction decoder of the MCCP core (purely combinational).
//
// A word is defined (pre_o.illegal low) exactly when mccp.isa.Isa.decode accepts it:
// the opcode exists, every bit outside the instruction's operand fields is
// zero, and every operand fits its kind -- register fields (4 bits wide) name
// r0..r7 (MSB zero) and the narrow immediates leave the upper bits of the
// 14-bit imm field zero (status 8, shamt 5, nbytes 4, widx 2 bits).
module mccp_core_decode (
  input  logic [31:0]               insn_i,
  output mccp_core_pkg::predecode_t pre_o
);

  logic [5:0]  op;            // an mccp_isa_pkg::opcode_e value (a plain vector: Icarus 11 crashes on the enum here)
  logic [3:0]  fa, fb, fc;
  logic [13:0] imm;
  logic        known, use_a, use_b, use_c;
  logic [3:0]  imm_bits;  // 0: imm unused; 2, 4, 5, 8 or 14 significant bits
  logic        fields_ok, imm_ok;

  assign op  = insn_i[mccp_isa_pkg::FieldOpMsb:mccp_isa_pkg::FieldOpLsb];
  assign fa  = insn_i[mccp_isa_pkg::FieldAMsb:mccp_isa_pkg::FieldALsb];
  assign fb  = insn_i[mccp_isa_pkg::FieldBMsb:mccp_isa_pkg::FieldBLsb];
  assign fc  = insn_i[mccp_isa_pkg::FieldCMsb:mccp_isa_pkg::FieldCLsb];
  assign imm = insn_i[mccp_isa_pkg::FieldImmMsb:mccp_isa_pkg::FieldImmLsb];

  always_comb begin
    pre_o    = '0;   // nop; the selects' first values (SOP_LI, VOP_MASK, NSEL_REG, BR_EQ)
    known    = 1'b1;
    use_a    = 1'b0;
    use_b    = 1'b0;
    use_c    = 1'b0;
    imm_bits = 4'd0;
    unique case (op)
      mccp_isa_pkg::OP_NOP: ;
      mccp_isa_pkg::OP_DONE: begin
        pre_o.done = 1'b1;
        imm_bits   = 4'd8;
      end
      mccp_isa_pkg::OP_JMP: begin
        pre_o.jump = 1'b1;
        imm_bits   = 4'd14;
      end
      mccp_isa_pkg::OP_JAL: begin
        pre_o.jump    = 1'b1;
        pre_o.s_we    = 1'b1;
        pre_o.salu_op = mccp_core_pkg::SOP_LINK;
        use_a         = 1'b1;
        imm_bits      = 4'd14;
      end
      mccp_isa_pkg::OP_JR: begin
        pre_o.jr = 1'b1;
        use_b    = 1'b1;
      end
      mccp_isa_pkg::OP_BEQ, mccp_isa_pkg::OP_BNE, mccp_isa_pkg::OP_BLT, mccp_isa_pkg::OP_BGE: begin
        pre_o.branch  = 1'b1;
        pre_o.br_kind = (op == mccp_isa_pkg::OP_BEQ) ? mccp_core_pkg::BR_EQ : (op == mccp_isa_pkg::OP_BNE) ? mccp_core_pkg::BR_NE :
                        (op == mccp_isa_pkg::OP_BLT) ? mccp_core_pkg::BR_LT : mccp_core_pkg::BR_GE;
        use_b         = 1'b1;
        use_c         = 1'b1;
        imm_bits      = 4'd14;
      end
      mccp_isa_pkg::OP_BF: begin
        pre_o.bf = 1'b1;
        imm_bits = 4'd14;
      end
      mccp_isa_pkg::OP_LI: begin
        pre_o.s_we    = 1'b1;
        pre_o.salu_op = mccp_core_pkg::SOP_LI;
        use_a         = 1'b1;
        imm_bits      = 4'd14;
      end
      mccp_isa_pkg::OP_ADDI, mccp_isa_pkg::OP_ANDI, mccp_isa_pkg::OP_ORI: begin
        pre_o.s_we    = 1'b1;
        pre_o.salu_op = (op == mccp_isa_pkg::OP_ADDI) ? mccp_core_pkg::SOP_ADDI : (op == mccp_isa_pkg::OP_ANDI) ? mccp_core_pkg::SOP_ANDI : mccp_core_pkg::SOP_ORI;
        use_a         = 1'b1;
        use_b         = 1'b1;
        imm_bits      = 4'd14;
      end
      mccp_isa_pkg::OP_ADD, mccp_isa_pkg::OP_SUB, mccp_isa_pkg::OP_AND, mccp_isa_pkg::OP_OR: begin
        pre_o.s_we    = 1'b1;
        pre_o.salu_op = (op == mccp_isa_pkg::OP_ADD) ? mccp_core_pkg::SOP_ADD : (op == mccp_isa_pkg::OP_SUB) ? mccp_core_pkg::SOP_SUB :
                        (op == mccp_isa_pkg::OP_AND) ? mccp_core_pkg::SOP_AND : mccp_core_pkg::SOP_OR;
        use_a         = 1'b1;
        use_b         = 1'b1;
        use_c         = 1'b1;
      end
      mccp_isa_pkg::OP_SHLI, mccp_isa_pkg::OP_SHRI: begin
        pre_o.s_we    = 1'b1;
        pre_o.salu_op = (op == mccp_isa_pkg::OP_SHLI) ? mccp_core_pkg::SOP_SHLI : mccp_core_pkg::SOP_SHRI;
        use_a         = 1'b1;
        use_b         = 1'b1;
        imm_bits      = 4'd5;
      end
      mccp_isa_pkg::OP_VGETW: begin
        pre_o.s_we    = 1'b1;
        pre_o.salu_op = mccp_core_pkg::SOP_VGETW;
        pre_o.rd_va   = 1'b1;
        use_a         = 1'b1;
        use_b         = 1'b1;
        imm_bits      = 4'd2;
      end
      mccp_isa_pkg::OP_VLD: begin
        pre_o.valu_op = mccp_core_pkg::VOP_LD;
        pre_o.vld   = 1'b1;
        pre_o.wr_vd = 1'b1;
        pre_o.v_we  = 1'b1;
        use_a       = 1'b1;
      end
      mccp_isa_pkg::OP_VST: begin
        pre_o.vst   = 1'b1;
        pre_o.rd_va = 1'b1;
        pre_o.nsel  = mccp_core_pkg::NSEL_16;
        use_b       = 1'b1;
      end
      mccp_isa_pkg::OP_VSTN: begin
        pre_o.cnt_c = 1'b1;
        pre_o.vst   = 1'b1;
        pre_o.rd_va = 1'b1;
        use_b       = 1'b1;
        use_c       = 1'b1;
      end
      mccp_isa_pkg::OP_VMOV, mccp_isa_pkg::OP_VZERO: begin
        pre_o.wr_vd = 1'b1;
        pre_o.v_we  = 1'b1;
        pre_o.rd_va = (op == mccp_isa_pkg::OP_VMOV);
        pre_o.nsel  = (op == mccp_isa_pkg::OP_VMOV) ? mccp_core_pkg::NSEL_16 : mccp_core_pkg::NSEL_0;
        use_a       = 1'b1;
        use_b       = (op == mccp_isa_pkg::OP_VMOV);
      end
      mccp_isa_pkg::OP_VXOR, mccp_isa_pkg::OP_VAND, mccp_isa_pkg::OP_VOR: begin
        pre_o.wr_vd   = 1'b1;
        pre_o.v_we    = 1'b1;
        pre_o.rd_va   = 1'b1;
        pre_o.rd_vb   = 1'b1;
        pre_o.valu_op = (op == mccp_isa_pkg::OP_VXOR) ? mccp_core_pkg::VOP_XOR : (op == mccp_isa_pkg::OP_VAND) ? mccp_core_pkg::VOP_AND : mccp_core_pkg::VOP_OR;
        use_a         = 1'b1;
        use_b         = 1'b1;
        use_c         = 1'b1;
      end
      mccp_isa_pkg::OP_VMASK, mccp_isa_pkg::OP_VPAD: begin
        pre_o.cnt_c   = 1'b1;
        pre_o.wr_vd   = 1'b1;
        pre_o.v_we    = 1'b1;
        pre_o.rd_va   = 1'b1;
        pre_o.valu_op = (op == mccp_isa_pkg::OP_VMASK) ? mccp_core_pkg::VOP_MASK : mccp_core_pkg::VOP_PAD;
        use_a         = 1'b1;
        use_b         = 1'b1;
        use_c         = 1'b1;
      end
      mccp_isa_pkg::OP_VINC, mccp_isa_pkg::OP_VDBL: begin
        pre_o.wr_vd   = 1'b1;
        pre_o.v_we    = 1'b1;
        pre_o.rd_va   = 1'b1;
        pre_o.valu_op = (op == mccp_isa_pkg::OP_VINC) ? mccp_core_pkg::VOP_INC : mccp_core_pkg::VOP_DBL;
        use_a         = 1'b1;
        use_b         = 1'b1;
      end
      mccp_isa_pkg::OP_VSETW: begin
        // Reads v[a] architecturally; the RTL writes one word of it instead.
        pre_o.wr_vd   = 1'b1;
        pre_o.v_we    = 1'b1;
        pre_o.setw    = 1'b1;
        pre_o.valu_op = mccp_core_pkg::VOP_SETW;
        use_a         = 1'b1;
        use_c         = 1'b1;
        imm_bits      = 4'd2;
      end
      mccp_isa_pkg::OP_VSHLB, mccp_isa_pkg::OP_VSHRB: begin
        pre_o.wr_vd   = 1'b1;
        pre_o.v_we    = 1'b1;
        pre_o.rd_va   = 1'b1;
        pre_o.valu_op = (op == mccp_isa_pkg::OP_VSHLB) ? mccp_core_pkg::VOP_SHL : mccp_core_pkg::VOP_SHR;
        use_a         = 1'b1;
        use_b         = 1'b1;
        imm_bits      = 4'd4;
      end
      mccp_isa_pkg::OP_TAGCHK: begin
        pre_o.tagchk = 1'b1;
        pre_o.rd_va  = 1'b1;
        pre_o.rd_vb  = 1'b1;
        use_a        = 1'b1;
        use_b        = 1'b1;
        use_c        = 1'b1;
      end
      mccp_isa_pkg::OP_AES, mccp_isa_pkg::OP_AESX, mccp_isa_pkg::OP_AESD: begin
        pre_o.aes     = 1'b1;
        pre_o.aes_x   = (op == mccp_isa_pkg::OP_AESX);
        pre_o.aes_dec = (op == mccp_isa_pkg::OP_AESD);
        // the engine takes the vector ALU's logic unit: va ^ vb (aesx), va (aes, aesd: MASK)
        if (op == mccp_isa_pkg::OP_AESX) pre_o.valu_op = mccp_core_pkg::VOP_XOR;
        pre_o.wr_vd   = 1'b1;
        pre_o.rd_va   = 1'b1;
        pre_o.rd_vb   = (op == mccp_isa_pkg::OP_AESX);
        use_a         = 1'b1;
        use_b         = 1'b1;
        use_c         = (op == mccp_isa_pkg::OP_AESX);
      end
      mccp_isa_pkg::OP_GHINIT, mccp_isa_pkg::OP_GHASH: begin
        pre_o.ghinit = (op == mccp_isa_pkg::OP_GHINIT);
        pre_o.ghash  = (op == mccp_isa_pkg::OP_GHASH);
        pre_o.rd_va  = 1'b1;
        use_b        = 1'b1;
      end
      mccp_isa_pkg::OP_GHGET: begin
        pre_o.valu_op = mccp_core_pkg::VOP_GH;
        pre_o.ghget = 1'b1;
        pre_o.wr_vd = 1'b1;
        pre_o.v_we  = 1'b1;
        use_a       = 1'b1;
      end
      mccp_isa_pkg::OP_VSEND: begin
        pre_o.send  = 1'b1;
        pre_o.rd_va = 1'b1;
        use_b       = 1'b1;
      end
      mccp_isa_pkg::OP_VRECV: begin
        // the queue's head enters through the vld path (VOP_LD)
        pre_o.valu_op = mccp_core_pkg::VOP_LD;
        pre_o.recv  = 1'b1;
        pre_o.wr_vd = 1'b1;
        pre_o.v_we  = 1'b1;
        use_a       = 1'b1;
      end
      default: known = 1'b0;
    endcase

    fields_ok = (use_a ? !fa[3] : (fa == 4'd0)) &&
                (use_b ? !fb[3] : (fb == 4'd0)) &&
                (use_c ? !fc[3] : (fc == 4'd0));
    unique case (imm_bits)
      4'd14:   imm_ok = 1'b1;
      4'd8:    imm_ok = (imm[13:8] == '0);
      4'd5:    imm_ok = (imm[13:5] == '0);
      4'd4:    imm_ok = (imm[13:4] == '0);
      4'd2:    imm_ok = (imm[13:2] == '0);
      default: imm_ok = (imm == '0);
    endcase
    pre_o.illegal = !(known && fields_ok && imm_ok);
  end

endmodule
