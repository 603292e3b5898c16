// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// Types shared by the MCCP core's sub-modules: the decoded instruction and the
// operation selects of the scalar and vector ALUs.  Opcodes and status codes
// come from the generated mccp_isa_pkg (src/mccp/isa/insns.yml).
package mccp_core_pkg;

  // Scalar ALU result (writes s[a]).
  typedef enum logic [3:0] {
    SOP_LI,     // zero-extended imm
    SOP_ADDI,   // s[b] + sign-extended imm
    SOP_ADD,
    SOP_SUB,
    SOP_AND,
    SOP_OR,
    SOP_ANDI,
    SOP_ORI,
    SOP_SHLI,
    SOP_SHRI,
    SOP_VGETW,  // word imm[1:0] of v[b]
    SOP_LINK    // pc + 1 (jal)
  } salu_op_e;

  // Vector ALU result (writes v[a]; MASK also forms the vst/vstn output word).
  typedef enum logic [3:0] {
    VOP_MASK,   // first n bytes of A (vmov: n = 16, vzero: n = 0)
    VOP_PAD,    // first n bytes of A, 0x80 at byte n
    VOP_XOR,
    VOP_AND,
    VOP_OR,
    VOP_INC,    // inc32
    VOP_SETW,   // s[c] in every word (the write enables pick one)
    VOP_SHL,    // bytes toward byte 0
    VOP_SHR,    // bytes away from byte 0
    VOP_DBL     // CMAC doubling
  } valu_op_e;

  // Byte count n of the mask operations.
  typedef enum logic [1:0] {
    NSEL_REG,   // clamp(s[c])
    NSEL_16,
    NSEL_0
  } nsel_e;

  typedef enum logic [1:0] {
    BR_EQ,
    BR_NE,
    BR_LT,
    BR_GE
  } br_kind_e;

  typedef struct packed {
    logic       legal;     // a defined instruction word
    // control
    logic       done;
    logic       jump;      // jmp / jal: always taken to imm
    logic       jr;        // taken to s[b]
    logic       branch;    // beq / bne / blt / bge
    br_kind_e   br_kind;
    logic       bf;        // taken to imm if F
    // register use (the fields as register numbers)
    logic       rd_va;     // reads v[b]
    logic       rd_vb;     // reads v[c]
    logic       wr_vd;     // writes v[a] (now or, for aes*, in the background)
    logic       v_we;      // writes v[a] in the issue cycle
    logic       s_we;      // writes s[a] in the issue cycle
    // units
    salu_op_e   salu_op;
    valu_op_e   valu_op;
    nsel_e      nsel;
    logic       vld;
    logic       vst;       // vst or vstn (the output word is the MASK result)
    logic       ghget;
    logic       setw;      // one word of v[a] written (vsetw)
    logic       tagchk;
    logic       aes;       // aes / aesx / aesd
    logic       aes_x;     // aesx: block = v[b] ^ v[c]
    logic       aes_dec;   // aesd
    logic       ghinit;
    logic       ghash;
  } decode_t;

endpackage
