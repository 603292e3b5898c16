// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// Instruction decoder of the MCCP core (purely combinational).
//
// A word is defined (legal_o) exactly when mccp.isa.Isa.decode accepts it:
// the opcode exists, every bit outside the instruction's operand fields is
// zero, and every operand fits its kind -- register fields (4 bits wide) name
// r0..r7 (MSB zero) and the narrow immediates leave the upper bits of the
// 14-bit imm field zero (status 8, shamt 5, nbytes 4, widx 2 bits).
module mccp_core_decode (
  input  logic [31:0] insn_i,
  output logic       legal_o,
  output logic       done_o,
  output logic       jump_o,
  output logic       jr_o,
  output logic       branch_o,
  output logic [1:0] br_kind_o,
  output logic       bf_o,
  output logic       rd_va_o,
  output logic       rd_vb_o,
  output logic       wr_vd_o,
  output logic       v_we_o,
  output logic       s_we_o,
  output logic [3:0] salu_op_o,
  output logic [3:0] valu_op_o,
  output logic [1:0] nsel_o,
  output logic       vld_o,
  output logic       vst_o,
  output logic       ghget_o,
  output logic       setw_o,
  output logic       tagchk_o,
  output logic       aes_o,
  output logic       aes_x_o,
  output logic       aes_dec_o,
  output logic       ghinit_o,
  output logic       ghash_o,
  output logic       cnt_c_o,   // takes a byte count from s[c] (vmask, vpad, vstn)
  output logic       send_o,    // vsend
  output logic       recv_o     // vrecv
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
    legal_o = '0;
    done_o = '0;
    jump_o = '0;
    jr_o = '0;
    branch_o = '0;
    bf_o = '0;
    rd_va_o = '0;
    rd_vb_o = '0;
    wr_vd_o = '0;
    v_we_o = '0;
    s_we_o = '0;
    vld_o = '0;
    vst_o = '0;
    ghget_o = '0;
    setw_o = '0;
    tagchk_o = '0;
    aes_o = '0;
    aes_x_o = '0;
    aes_dec_o = '0;
    ghinit_o = '0;
    ghash_o = '0;
    cnt_c_o = '0;
    send_o = '0;
    recv_o = '0;
    salu_op_o = mccp_core_pkg::SOP_LI;
    valu_op_o = mccp_core_pkg::VOP_MASK;
    nsel_o    = mccp_core_pkg::NSEL_REG;
    br_kind_o = mccp_core_pkg::BR_EQ;
    known    = 1'b1;
    use_a    = 1'b0;
    use_b    = 1'b0;
    use_c    = 1'b0;
    imm_bits = 4'd0;
    unique case (op)
      mccp_isa_pkg::OP_NOP: ;
      mccp_isa_pkg::OP_DONE: begin
        done_o = 1'b1;
        imm_bits   = 4'd8;
      end
      mccp_isa_pkg::OP_JMP: begin
        jump_o = 1'b1;
        imm_bits   = 4'd14;
      end
      mccp_isa_pkg::OP_JAL: begin
        jump_o    = 1'b1;
        s_we_o    = 1'b1;
        salu_op_o = mccp_core_pkg::SOP_LINK;
        use_a         = 1'b1;
        imm_bits      = 4'd14;
      end
      mccp_isa_pkg::OP_JR: begin
        jr_o = 1'b1;
        use_b    = 1'b1;
      end
      mccp_isa_pkg::OP_BEQ, mccp_isa_pkg::OP_BNE, mccp_isa_pkg::OP_BLT, mccp_isa_pkg::OP_BGE: begin
        branch_o  = 1'b1;
        br_kind_o = (op == mccp_isa_pkg::OP_BEQ) ? mccp_core_pkg::BR_EQ : (op == mccp_isa_pkg::OP_BNE) ? mccp_core_pkg::BR_NE :
                        (op == mccp_isa_pkg::OP_BLT) ? mccp_core_pkg::BR_LT : mccp_core_pkg::BR_GE;
        use_b         = 1'b1;
        use_c         = 1'b1;
        imm_bits      = 4'd14;
      end
      mccp_isa_pkg::OP_BF: begin
        bf_o = 1'b1;
        imm_bits = 4'd14;
      end
      mccp_isa_pkg::OP_LI: begin
        s_we_o    = 1'b1;
        salu_op_o = mccp_core_pkg::SOP_LI;
        use_a         = 1'b1;
        imm_bits      = 4'd14;
      end
      mccp_isa_pkg::OP_ADDI, mccp_isa_pkg::OP_ANDI, mccp_isa_pkg::OP_ORI: begin
        s_we_o    = 1'b1;
        salu_op_o = (op == mccp_isa_pkg::OP_ADDI) ? mccp_core_pkg::SOP_ADDI : (op == mccp_isa_pkg::OP_ANDI) ? mccp_core_pkg::SOP_ANDI : mccp_core_pkg::SOP_ORI;
        use_a         = 1'b1;
        use_b         = 1'b1;
        imm_bits      = 4'd14;
      end
      mccp_isa_pkg::OP_ADD, mccp_isa_pkg::OP_SUB, mccp_isa_pkg::OP_AND, mccp_isa_pkg::OP_OR: begin
        s_we_o    = 1'b1;
        salu_op_o = (op == mccp_isa_pkg::OP_ADD) ? mccp_core_pkg::SOP_ADD : (op == mccp_isa_pkg::OP_SUB) ? mccp_core_pkg::SOP_SUB :
                        (op == mccp_isa_pkg::OP_AND) ? mccp_core_pkg::SOP_AND : mccp_core_pkg::SOP_OR;
        use_a         = 1'b1;
        use_b         = 1'b1;
        use_c         = 1'b1;
      end
      mccp_isa_pkg::OP_SHLI, mccp_isa_pkg::OP_SHRI: begin
        s_we_o    = 1'b1;
        salu_op_o = (op == mccp_isa_pkg::OP_SHLI) ? mccp_core_pkg::SOP_SHLI : mccp_core_pkg::SOP_SHRI;
        use_a         = 1'b1;
        use_b         = 1'b1;
        imm_bits      = 4'd5;
      end
      mccp_isa_pkg::OP_VGETW: begin
        s_we_o    = 1'b1;
        salu_op_o = mccp_core_pkg::SOP_VGETW;
        rd_va_o   = 1'b1;
        use_a         = 1'b1;
        use_b         = 1'b1;
        imm_bits      = 4'd2;
      end
      mccp_isa_pkg::OP_VLD: begin
        valu_op_o = mccp_core_pkg::VOP_LD;
        vld_o   = 1'b1;
        wr_vd_o = 1'b1;
        v_we_o  = 1'b1;
        use_a       = 1'b1;
      end
      mccp_isa_pkg::OP_VST: begin
        vst_o   = 1'b1;
        rd_va_o = 1'b1;
        nsel_o  = mccp_core_pkg::NSEL_16;
        use_b       = 1'b1;
      end
      mccp_isa_pkg::OP_VSTN: begin
        cnt_c_o = 1'b1;
        vst_o   = 1'b1;
        rd_va_o = 1'b1;
        use_b       = 1'b1;
        use_c       = 1'b1;
      end
      mccp_isa_pkg::OP_VMOV, mccp_isa_pkg::OP_VZERO: begin
        wr_vd_o = 1'b1;
        v_we_o  = 1'b1;
        rd_va_o = (op == mccp_isa_pkg::OP_VMOV);
        nsel_o  = (op == mccp_isa_pkg::OP_VMOV) ? mccp_core_pkg::NSEL_16 : mccp_core_pkg::NSEL_0;
        use_a       = 1'b1;
        use_b       = (op == mccp_isa_pkg::OP_VMOV);
      end
      mccp_isa_pkg::OP_VXOR, mccp_isa_pkg::OP_VAND, mccp_isa_pkg::OP_VOR: begin
        wr_vd_o   = 1'b1;
        v_we_o    = 1'b1;
        rd_va_o   = 1'b1;
        rd_vb_o   = 1'b1;
        valu_op_o = (op == mccp_isa_pkg::OP_VXOR) ? mccp_core_pkg::VOP_XOR : (op == mccp_isa_pkg::OP_VAND) ? mccp_core_pkg::VOP_AND : mccp_core_pkg::VOP_OR;
        use_a         = 1'b1;
        use_b         = 1'b1;
        use_c         = 1'b1;
      end
      mccp_isa_pkg::OP_VMASK, mccp_isa_pkg::OP_VPAD: begin
        cnt_c_o   = 1'b1;
        wr_vd_o   = 1'b1;
        v_we_o    = 1'b1;
        rd_va_o   = 1'b1;
        valu_op_o = (op == mccp_isa_pkg::OP_VMASK) ? mccp_core_pkg::VOP_MASK : mccp_core_pkg::VOP_PAD;
        use_a         = 1'b1;
        use_b         = 1'b1;
        use_c         = 1'b1;
      end
      mccp_isa_pkg::OP_VINC, mccp_isa_pkg::OP_VDBL: begin
        wr_vd_o   = 1'b1;
        v_we_o    = 1'b1;
        rd_va_o   = 1'b1;
        valu_op_o = (op == mccp_isa_pkg::OP_VINC) ? mccp_core_pkg::VOP_INC : mccp_core_pkg::VOP_DBL;
        use_a         = 1'b1;
        use_b         = 1'b1;
      end
      mccp_isa_pkg::OP_VSETW: begin
        // Reads v[a] architecturally; the RTL writes one word of it instead.
        wr_vd_o   = 1'b1;
        v_we_o    = 1'b1;
        setw_o    = 1'b1;
        valu_op_o = mccp_core_pkg::VOP_SETW;
        use_a         = 1'b1;
        use_c         = 1'b1;
        imm_bits      = 4'd2;
      end
      mccp_isa_pkg::OP_VSHLB, mccp_isa_pkg::OP_VSHRB: begin
        wr_vd_o   = 1'b1;
        v_we_o    = 1'b1;
        rd_va_o   = 1'b1;
        valu_op_o = (op == mccp_isa_pkg::OP_VSHLB) ? mccp_core_pkg::VOP_SHL : mccp_core_pkg::VOP_SHR;
        use_a         = 1'b1;
        use_b         = 1'b1;
        imm_bits      = 4'd4;
      end
      mccp_isa_pkg::OP_TAGCHK: begin
        tagchk_o = 1'b1;
        rd_va_o  = 1'b1;
        rd_vb_o  = 1'b1;
        use_a        = 1'b1;
        use_b        = 1'b1;
        use_c        = 1'b1;
      end
      mccp_isa_pkg::OP_AES, mccp_isa_pkg::OP_AESX, mccp_isa_pkg::OP_AESD: begin
        aes_o     = 1'b1;
        aes_x_o   = (op == mccp_isa_pkg::OP_AESX);
        aes_dec_o = (op == mccp_isa_pkg::OP_AESD);
        // the engine takes the vector ALU's logic unit: va ^ vb (aesx), va (aes, aesd: MASK)
        if (op == mccp_isa_pkg::OP_AESX) valu_op_o = mccp_core_pkg::VOP_XOR;
        wr_vd_o   = 1'b1;
        rd_va_o   = 1'b1;
        rd_vb_o   = (op == mccp_isa_pkg::OP_AESX);
        use_a         = 1'b1;
        use_b         = 1'b1;
        use_c         = (op == mccp_isa_pkg::OP_AESX);
      end
      mccp_isa_pkg::OP_GHINIT, mccp_isa_pkg::OP_GHASH: begin
        ghinit_o = (op == mccp_isa_pkg::OP_GHINIT);
        ghash_o  = (op == mccp_isa_pkg::OP_GHASH);
        rd_va_o  = 1'b1;
        use_b        = 1'b1;
      end
      mccp_isa_pkg::OP_GHGET: begin
        valu_op_o = mccp_core_pkg::VOP_GH;
        ghget_o = 1'b1;
        wr_vd_o = 1'b1;
        v_we_o  = 1'b1;
        use_a       = 1'b1;
      end
      mccp_isa_pkg::OP_VSEND: begin
        send_o  = 1'b1;
        rd_va_o = 1'b1;
        use_b       = 1'b1;
      end
      mccp_isa_pkg::OP_VRECV: begin
        // the queue's head enters through the vld path (VOP_LD)
        valu_op_o = mccp_core_pkg::VOP_LD;
        recv_o  = 1'b1;
        wr_vd_o = 1'b1;
        v_we_o  = 1'b1;
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
    legal_o = known && fields_ok && imm_ok;
  end

endmodule
