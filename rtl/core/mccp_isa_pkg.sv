// generated from src/mccp/isa/insns.yml and status.yml by `mccp isa gen`; do not edit.
// Opcodes, field positions and status codes of the aes kind's ISA.
// `int`, not `int unsigned`: Icarus 11 rejects the latter in a localparam.
// Not every user needs every constant: UNUSEDPARAM is off for this package.
/* verilator lint_off UNUSEDPARAM */
package mccp_isa_pkg;

  localparam int InsnBits = 32;
  localparam int NumVregs = 8;
  localparam int VregBits = 128;
  localparam int NumSregs = 8;
  localparam int SregBits = 32;
  localparam int PairLinkDepth = 1;    // blocks per split-task queue
  localparam int PairLinkLatency = 2;  // vsend -> vrecv issue, cycles

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
    OP_JAL = 6'h03,
    OP_JR = 6'h04,
    OP_BEQ = 6'h05,
    OP_BNE = 6'h06,
    OP_BLT = 6'h07,
    OP_BGE = 6'h08,
    OP_BF = 6'h09,
    OP_LI = 6'h10,
    OP_ADDI = 6'h11,
    OP_ADD = 6'h12,
    OP_SUB = 6'h13,
    OP_AND = 6'h14,
    OP_OR = 6'h15,
    OP_ANDI = 6'h16,
    OP_ORI = 6'h17,
    OP_SHLI = 6'h18,
    OP_SHRI = 6'h19,
    OP_VGETW = 6'h1a,
    OP_VLD = 6'h20,
    OP_VST = 6'h21,
    OP_VSTN = 6'h22,
    OP_VMOV = 6'h23,
    OP_VZERO = 6'h24,
    OP_VXOR = 6'h25,
    OP_VAND = 6'h26,
    OP_VOR = 6'h27,
    OP_VMASK = 6'h28,
    OP_VPAD = 6'h29,
    OP_VINC = 6'h2a,
    OP_VSETW = 6'h2b,
    OP_VSHLB = 6'h2c,
    OP_VSHRB = 6'h2d,
    OP_VDBL = 6'h2e,
    OP_TAGCHK = 6'h2f,
    OP_AES = 6'h30,
    OP_AESX = 6'h31,
    OP_AESD = 6'h32,
    OP_GHINIT = 6'h33,
    OP_GHASH = 6'h34,
    OP_GHGET = 6'h35,
    OP_VSEND = 6'h38,
    OP_VRECV = 6'h39
  } opcode_e;

  // Bits an instruction may set (opcode and its operands, each operand only as
  // wide as its kind): a word with any other bit set is undefined (mccp.isa.Isa.decode).
  function automatic logic [31:0] insn_bits(input logic [5:0] opcode);
    insn_bits = '0;
    case (opcode)
      6'h00: insn_bits = 32'hfc000000;  // nop
      6'h01: insn_bits = 32'hfc0000ff;  // done
      6'h02: insn_bits = 32'hfc003fff;  // jmp
      6'h03: insn_bits = 32'hfdc03fff;  // jal
      6'h04: insn_bits = 32'hfc1c0000;  // jr
      6'h05: insn_bits = 32'hfc1dffff;  // beq
      6'h06: insn_bits = 32'hfc1dffff;  // bne
      6'h07: insn_bits = 32'hfc1dffff;  // blt
      6'h08: insn_bits = 32'hfc1dffff;  // bge
      6'h09: insn_bits = 32'hfc003fff;  // bf
      6'h10: insn_bits = 32'hfdc03fff;  // li
      6'h11: insn_bits = 32'hfddc3fff;  // addi
      6'h12: insn_bits = 32'hfdddc000;  // add
      6'h13: insn_bits = 32'hfdddc000;  // sub
      6'h14: insn_bits = 32'hfdddc000;  // and
      6'h15: insn_bits = 32'hfdddc000;  // or
      6'h16: insn_bits = 32'hfddc3fff;  // andi
      6'h17: insn_bits = 32'hfddc3fff;  // ori
      6'h18: insn_bits = 32'hfddc001f;  // shli
      6'h19: insn_bits = 32'hfddc001f;  // shri
      6'h1a: insn_bits = 32'hfddc0003;  // vgetw
      6'h20: insn_bits = 32'hfdc00000;  // vld
      6'h21: insn_bits = 32'hfc1c0000;  // vst
      6'h22: insn_bits = 32'hfc1dc000;  // vstn
      6'h23: insn_bits = 32'hfddc0000;  // vmov
      6'h24: insn_bits = 32'hfdc00000;  // vzero
      6'h25: insn_bits = 32'hfdddc000;  // vxor
      6'h26: insn_bits = 32'hfdddc000;  // vand
      6'h27: insn_bits = 32'hfdddc000;  // vor
      6'h28: insn_bits = 32'hfdddc000;  // vmask
      6'h29: insn_bits = 32'hfdddc000;  // vpad
      6'h2a: insn_bits = 32'hfddc0000;  // vinc
      6'h2b: insn_bits = 32'hfdc1c003;  // vsetw
      6'h2c: insn_bits = 32'hfddc000f;  // vshlb
      6'h2d: insn_bits = 32'hfddc000f;  // vshrb
      6'h2e: insn_bits = 32'hfddc0000;  // vdbl
      6'h2f: insn_bits = 32'hfdddc000;  // tagchk
      6'h30: insn_bits = 32'hfddc0000;  // aes
      6'h31: insn_bits = 32'hfdddc000;  // aesx
      6'h32: insn_bits = 32'hfddc0000;  // aesd
      6'h33: insn_bits = 32'hfc1c0000;  // ghinit
      6'h34: insn_bits = 32'hfc1c0000;  // ghash
      6'h35: insn_bits = 32'hfdc00000;  // ghget
      6'h38: insn_bits = 32'hfc1c0000;  // vsend
      6'h39: insn_bits = 32'hfdc00000;  // vrecv
      default: insn_bits = '0;
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
