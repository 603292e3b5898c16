// generated from src/mccp/isa/ecc.yml and status.yml by `mccp isa gen`; do not edit.
// Opcodes, field positions and status codes of the ecc kind's ISA.
// `int`, not `int unsigned`: Icarus 11 rejects the latter in a localparam.
// Not every user needs every constant: UNUSEDPARAM is off for this package.
/* verilator lint_off UNUSEDPARAM */
package mccp_ecc_isa_pkg;

  localparam int InsnBits = 32;
  localparam int NumFregs = 16;
  localparam int NumCregs = 4;
  localparam int CregBits = 16;
  localparam int SwapFirst = 4;  // cswap renames registers SwapFirst..SwapLast
  localparam int SwapLast = 7;
  localparam int SwapXor = 2;    // ... to r ^ SwapXor while the swap state is set
  localparam int CallDepth = 4;

  // Instruction fields [msb:lsb].
  localparam int FieldOpMsb = 31;
  localparam int FieldOpLsb = 26;
  localparam int FieldAMsb = 25;
  localparam int FieldALsb = 22;
  localparam int FieldBMsb = 21;
  localparam int FieldBLsb = 18;
  localparam int FieldCMsb = 17;
  localparam int FieldCLsb = 14;
  localparam int FieldImmMsb = 13;
  localparam int FieldImmLsb = 0;

  typedef enum logic [5:0] {
    OP_NOP = 6'h00,
    OP_DONE = 6'h01,
    OP_JMP = 6'h02,
    OP_CALL = 6'h03,
    OP_RET = 6'h04,
    OP_BZ = 6'h05,
    OP_BNZ = 6'h06,
    OP_BOVF = 6'h07,
    OP_BKBAD = 6'h08,
    OP_CBEQ = 6'h09,
    OP_CDBNZ = 6'h0a,
    OP_CLI = 6'h0b,
    OP_CMOV = 6'h0c,
    OP_FMUL = 6'h10,
    OP_FADD = 6'h11,
    OP_FSQR = 6'h12,
    OP_FASQ = 6'h13,
    OP_FSQRN = 6'h14,
    OP_FMOV = 6'h15,
    OP_FCONST = 6'h16,
    OP_FSEL = 6'h17,
    OP_FTZ = 6'h18,
    OP_FIN = 6'h20,
    OP_FOUT = 6'h21,
    OP_KIN = 6'h22,
    OP_KN = 6'h28,
    OP_KBIT = 6'h29,
    OP_SWCLR = 6'h2a
  } opcode_e;

  // Bits an instruction may set (opcode and its operands, each operand only as
  // wide as its kind): a word with any other bit set is undefined (mccp.isa.Isa.decode).
  function automatic logic [31:0] insn_bits(input logic [5:0] opcode);
    insn_bits = '0;
    case (opcode)
      6'h00: insn_bits = 32'hfc000000;  // nop
      6'h01: insn_bits = 32'hfc0000ff;  // done
      6'h02: insn_bits = 32'hfc003fff;  // jmp
      6'h03: insn_bits = 32'hfc003fff;  // call
      6'h04: insn_bits = 32'hfc000000;  // ret
      6'h05: insn_bits = 32'hfc003fff;  // bz
      6'h06: insn_bits = 32'hfc003fff;  // bnz
      6'h07: insn_bits = 32'hfc003fff;  // bovf
      6'h08: insn_bits = 32'hfc003fff;  // bkbad
      6'h09: insn_bits = 32'hfc0fffff;  // cbeq
      6'h0a: insn_bits = 32'hfc0c3fff;  // cdbnz
      6'h0b: insn_bits = 32'hfcc03fff;  // cli
      6'h0c: insn_bits = 32'hfccc0000;  // cmov
      6'h10: insn_bits = 32'hffffc000;  // fmul
      6'h11: insn_bits = 32'hffffc000;  // fadd
      6'h12: insn_bits = 32'hfffc0000;  // fsqr
      6'h13: insn_bits = 32'hffffc000;  // fasq
      6'h14: insn_bits = 32'hfffc3fff;  // fsqrn
      6'h15: insn_bits = 32'hfffc0000;  // fmov
      6'h16: insn_bits = 32'hffc00007;  // fconst
      6'h17: insn_bits = 32'hffffc000;  // fsel
      6'h18: insn_bits = 32'hfc3c0000;  // ftz
      6'h20: insn_bits = 32'hffc00000;  // fin
      6'h21: insn_bits = 32'hfc3c0000;  // fout
      6'h22: insn_bits = 32'hfc000000;  // kin
      6'h28: insn_bits = 32'hfc000000;  // kn
      6'h29: insn_bits = 32'hfc000000;  // kbit
      6'h2a: insn_bits = 32'hfc000000;  // swclr
      default: insn_bits = '0;
    endcase
  endfunction

  // Dual issue: an instruction pairs with the neighbouring `fmul` only if
  // dual_partner(opcode) (docs/ecc.md, Timing).
  localparam logic [5:0] DualMulOp = 6'h10;  // fmul
  function automatic logic dual_partner(input logic [5:0] opcode);
    dual_partner = 1'b0;
    case (opcode)
      6'h00: dual_partner = 1'b1;  // nop
      6'h0b: dual_partner = 1'b1;  // cli
      6'h0c: dual_partner = 1'b1;  // cmov
      6'h11: dual_partner = 1'b1;  // fadd
      6'h12: dual_partner = 1'b1;  // fsqr
      6'h13: dual_partner = 1'b1;  // fasq
      6'h15: dual_partner = 1'b1;  // fmov
      6'h16: dual_partner = 1'b1;  // fconst
      6'h17: dual_partner = 1'b1;  // fsel
      6'h18: dual_partner = 1'b1;  // ftz
      6'h28: dual_partner = 1'b1;  // kn
      6'h29: dual_partner = 1'b1;  // kbit
      6'h2a: dual_partner = 1'b1;  // swclr
      default: dual_partner = 1'b0;
    endcase
  endfunction

  // Task end status codes.
  localparam logic [7:0] STATUS_OK = 8'd0;  // packet processed; output released
  localparam logic [7:0] STATUS_AUTH_FAIL = 8'd1;  // tag mismatch; output discarded
  localparam logic [7:0] STATUS_BAD_PARAM = 8'd2;  // unsupported nonce, tag or length
  localparam logic [7:0] STATUS_TRUNCATED = 8'd3;  // an input read after the packet's last word
  localparam logic [7:0] STATUS_LENGTH = 8'd4;  // done with input words left unread (drained)
  localparam logic [7:0] STATUS_OVERSIZE = 8'd5;  // output buffer full of this packet's data
  localparam logic [7:0] STATUS_ILLEGAL = 8'd6;  // undefined instruction, AES without key, decrypt unsupported, vsend/vrecv outside a split task, or an EC call stack overflow
  localparam logic [7:0] STATUS_PARTNER = 8'd7;  // split task: the partner core ended first (its own error, or the task is over); output discarded
  localparam logic [7:0] STATUS_INVALID_POINT = 8'd16;  // elliptic curve: a point off the curve, with a coordinate >= 2^m, the point at infinity where a point is needed, or not of order n
  localparam logic [7:0] STATUS_BAD_CURVE = 8'd17;  // elliptic curve: unknown curve id, or a field larger than this unit's MaxM
  localparam logic [7:0] STATUS_BAD_SCALAR = 8'd18;  // elliptic curve: a scalar 0 or >= n
  localparam logic [7:0] STATUS_RNG_ALARM = 8'd19;  // randomness: the entropy source's health tests or the start-up self-test failed; nothing is generated until RNG_CTRL.RESTART
  localparam logic [7:0] STATUS_RNG_NOT_READY = 8'd20;  // randomness: the unit is starting up (health start-up test, self-test, instantiation), stopped, or capturing raw samples

endpackage
/* verilator lint_on UNUSEDPARAM */
