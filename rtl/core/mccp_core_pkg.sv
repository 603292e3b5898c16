// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// Types and constants shared by the MCCP core's sub-modules: the predecoded
// instruction and the operation selects the decoder gives the scalar and vector
// ALUs.  (A struct from a package: the core is built by Verilator and Yosys only,
// since Icarus 11 cannot elaborate one; docs/CONVENTIONS.md.)  Opcodes and status
// codes come from the generated mccp_isa_pkg (src/mccp/isa/insns.yml).
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

  // Vector ALU result = the value written to v[a] (MASK also forms the vst/vstn
  // output word; LD and GH pass the FIFO head and GHASH's Y through the same
  // final multiplexer).
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
    VOP_DBL,    // CMAC doubling
    VOP_LD,     // the input FIFO's head word (vld)
    VOP_GH      // the GHASH value Y (ghget)
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

  // An instruction predecoded (mccp_core_decode): stored beside its word in the
  // instruction memory, so the control signals of the instruction in X come
  // straight from flip-flops.  `illegal` is stored inverted (legal = 0) so that an
  // all-zero entry is a `nop`, like the all-zero word.  The selects hold the
  // values of the enums above.
  typedef struct packed {
    logic       illegal;
    logic       done;
    logic       jump;      // jmp, jal
    logic       jr;
    logic       branch;    // beq, bne, blt, bge
    logic [1:0] br_kind;   // br_kind_e
    logic       bf;
    logic       rd_va;     // reads v[b] (operand a)
    logic       rd_vb;     // reads v[c] (operand b)
    logic       wr_vd;     // writes v[a], or waits for it (aes*)
    logic       v_we;
    logic       s_we;
    logic [3:0] salu_op;   // salu_op_e
    logic [3:0] valu_op;   // valu_op_e
    logic [1:0] nsel;      // nsel_e
    logic       vld;
    logic       vst;
    logic       ghget;
    logic       setw;
    logic       tagchk;
    logic       aes;
    logic       aes_x;
    logic       aes_dec;
    logic       ghinit;
    logic       ghash;
    logic       cnt_c;     // takes a byte count from s[c] (vmask, vpad, vstn)
    logic       send;      // vsend
    logic       recv;      // vrecv
  } predecode_t;


  // Byte masks from a byte count n = 0..16 (bit 15 - i <-> byte i): the first n
  // bytes, and byte n alone (n < 16; vpad's 0x80).  Equality decodes, no
  // arithmetic (a comparison would become a carry chain).
  function automatic logic [15:0] first_bytes(input logic [4:0] n);
    first_bytes = '0;
    for (integer v = 1; v <= 16; v++) begin
      if (n == 5'(v)) begin
        first_bytes = 16'hFFFF << (16 - v);
      end
    end
  endfunction

  function automatic logic [15:0] byte_at(input logic [4:0] n);
    byte_at = '0;
    for (integer v = 0; v < 16; v++) begin
      if (n == 5'(v)) begin
        byte_at = 16'h8000 >> v;
      end
    end
  endfunction

endpackage
