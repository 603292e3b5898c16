// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// Scalar ALU of the MCCP core (combinational): the value written to s[a] by
// li / addi / add / sub / and / or / andi / ori / shli / shri / vgetw / jal.
// One adder serves addi / add / sub; the second operand is s[c] or the
// immediate.  (The branches' comparison is registered in the core.)
module mccp_core_salu (
  input  logic [3:0]   op_i,    // mccp_core_pkg::salu_op_e
  input  logic [31:0]  sa_i,    // s[b]
  input  logic [31:0]  sb_i,    // s[c]
  input  logic [13:0]  imm_i,
  input  logic [31:0]  link_i,  // pc + 1
  input  logic [127:0] va_i,    // v[b] (vgetw)
  output logic [31:0]  res_o
);

  logic [31:0] zimm, simm, opb, sum, word;
  logic        sub;

  assign zimm = {18'd0, imm_i};
  assign simm = {{18{imm_i[13]}}, imm_i};
  assign sub  = (op_i == mccp_core_pkg::SOP_SUB);
  assign opb  = (op_i == mccp_core_pkg::SOP_ADDI) ? simm :
                (op_i == mccp_core_pkg::SOP_ANDI || op_i == mccp_core_pkg::SOP_ORI) ? zimm : sb_i;
  assign sum  = sa_i + (sub ? ~opb : opb) + 32'(sub);

  always_comb begin
    unique case (imm_i[1:0])
      2'd0:    word = va_i[127:96];
      2'd1:    word = va_i[95:64];
      2'd2:    word = va_i[63:32];
      default: word = va_i[31:0];
    endcase
  end

  always_comb begin
    unique case (op_i)
      mccp_core_pkg::SOP_LI:   res_o = zimm;
      mccp_core_pkg::SOP_ADDI,
      mccp_core_pkg::SOP_ADD,
      mccp_core_pkg::SOP_SUB:  res_o = sum;
      mccp_core_pkg::SOP_AND,
      mccp_core_pkg::SOP_ANDI: res_o = sa_i & opb;
      mccp_core_pkg::SOP_OR,
      mccp_core_pkg::SOP_ORI:  res_o = sa_i | opb;
      mccp_core_pkg::SOP_SHLI: res_o = sa_i << imm_i[4:0];
      mccp_core_pkg::SOP_SHRI: res_o = sa_i >> imm_i[4:0];
      mccp_core_pkg::SOP_VGETW: res_o = word;
      mccp_core_pkg::SOP_LINK: res_o = link_i;
      default:                 res_o = zimm;
    endcase
  end

endmodule
