// generated from src/mccp/isa/arx.yml and status.yml by `mccp isa gen`; do not edit.
// Opcodes, field positions and status codes of the arx kind's ISA.
// `int`, not `int unsigned`: Icarus 11 rejects the latter in a localparam.
// Not every user needs every constant: UNUSEDPARAM is off for this package.
/* verilator lint_off UNUSEDPARAM */
package mccp_arx_isa_pkg;

  localparam int InsnBits = 64;
  localparam int NumVregs = 16;
  localparam int VregBits = 128;
  localparam int NumCregs = 8;
  localparam int CregBits = 32;
  localparam int NumMregs = 32;
  localparam int MregBits = 32;
  localparam int CallDepth = 2;

  // Instruction fields [msb:lsb].
  localparam int FieldOpMsb = 63;
  localparam int FieldOpLsb = 58;
  localparam int FieldWMsb = 57;
  localparam int FieldWLsb = 56;
  localparam int FieldRdMsb = 55;
  localparam int FieldRdLsb = 51;
  localparam int FieldRaMsb = 50;
  localparam int FieldRaLsb = 46;
  localparam int FieldRbMsb = 45;
  localparam int FieldRbLsb = 41;
  localparam int FieldRcMsb = 40;
  localparam int FieldRcLsb = 36;
  localparam int FieldRotMsb = 35;
  localparam int FieldRotLsb = 30;
  localparam int FieldXlMsb = 29;
  localparam int FieldXlLsb = 28;
  localparam int FieldZlMsb = 27;
  localparam int FieldZlLsb = 26;
  localparam int FieldPMsb = 25;
  localparam int FieldPLsb = 24;
  localparam int FieldImmMsb = 23;
  localparam int FieldImmLsb = 0;
  localparam int FieldG0Msb = 4;
  localparam int FieldG0Lsb = 0;
  localparam int FieldG1Msb = 9;
  localparam int FieldG1Lsb = 5;
  localparam int FieldG2Msb = 14;
  localparam int FieldG2Lsb = 10;
  localparam int FieldG3Msb = 19;
  localparam int FieldG3Lsb = 15;

  typedef enum logic [5:0] {
    OP_NOP = 6'h00,
    OP_DONE = 6'h01,
    OP_JMP = 6'h02,
    OP_CALL = 6'h03,
    OP_RET = 6'h04,
    OP_BZ = 6'h05,
    OP_BNZ = 6'h06,
    OP_BLT = 6'h07,
    OP_BEQ = 6'h08,
    OP_BNE = 6'h09,
    OP_LOOP = 6'h0a,
    OP_CLI = 6'h0c,
    OP_CADD = 6'h0d,
    OP_CSUB = 6'h0e,
    OP_CSHR = 6'h0f,
    OP_CAND = 6'h10,
    OP_CMIN = 6'h11,
    OP_ADD = 6'h18,
    OP_SUB = 6'h19,
    OP_XOR = 6'h1a,
    OP_AND = 6'h1b,
    OP_OR = 6'h1c,
    OP_ANDN = 6'h1d,
    OP_MOV = 6'h1e,
    OP_ARX = 6'h1f,
    OP_SHAR = 6'h22,
    OP_PMU = 6'h20,
    OP_PNU = 6'h21,
    OP_PMUT = 6'h32,
    OP_PNUT = 6'h33,
    OP_PMUX = 6'h34,
    OP_PNUX = 6'h35,
    OP_VINS = 6'h23,
    OP_VMASK = 6'h24,
    OP_VCMP = 6'h25,
    OP_BSWAP = 6'h26,
    OP_SWZ = 6'h27,
    OP_LDC = 6'h28,
    OP_LDCX = 6'h29,
    OP_MST = 6'h2c,
    OP_MADD = 6'h2d,
    OP_MSIG = 6'h2f,
    OP_MSCH = 6'h2e,
    OP_KEY = 6'h2b,
    OP_PKEY = 6'h30,
    OP_PFIN = 6'h31
  } opcode_e;

  // Bits an instruction may set (opcode and its operands, each operand only as
  // wide as its kind): a word with any other bit set is undefined (mccp.isa.Isa.decode).
  function automatic logic [63:0] insn_bits(input logic [5:0] opcode);
    insn_bits = '0;
    case (opcode)
      6'h00: insn_bits = 64'hfc00000000000000;  // nop
      6'h01: insn_bits = 64'hfc000000000000ff;  // done
      6'h02: insn_bits = 64'hfc0000000000ffff;  // jmp
      6'h03: insn_bits = 64'hfc0000000000ffff;  // call
      6'h04: insn_bits = 64'hfc00000000000000;  // ret
      6'h05: insn_bits = 64'hfc01c0000000ffff;  // bz
      6'h06: insn_bits = 64'hfc01c0000000ffff;  // bnz
      6'h07: insn_bits = 64'hfc01ce000000ffff;  // blt
      6'h08: insn_bits = 64'hfc0000000000ffff;  // beq
      6'h09: insn_bits = 64'hfc0000000000ffff;  // bne
      6'h0a: insn_bits = 64'hfc01c0000000ffff;  // loop
      6'h0c: insn_bits = 64'hfc3800000000ffff;  // cli
      6'h0d: insn_bits = 64'hfc39c0000000ffff;  // cadd
      6'h0e: insn_bits = 64'hfc39ce0000000000;  // csub
      6'h0f: insn_bits = 64'hfc39c0000000ffff;  // cshr
      6'h10: insn_bits = 64'hfc39c0000000ffff;  // cand
      6'h11: insn_bits = 64'hfc39c0000000ffff;  // cmin
      6'h18: insn_bits = 64'hffffde0ff3000000;  // add
      6'h19: insn_bits = 64'hffffde0ff3000000;  // sub
      6'h1a: insn_bits = 64'hffffde0ff3000000;  // xor
      6'h1b: insn_bits = 64'hffffde0ff3000000;  // and
      6'h1c: insn_bits = 64'hffffde0ff3000000;  // or
      6'h1d: insn_bits = 64'hffffde0ff3000000;  // andn
      6'h1e: insn_bits = 64'hffffc00ff3000000;  // mov
      6'h1f: insn_bits = 64'hff781efffc000000;  // arx
      6'h22: insn_bits = 64'hfc781ef000000003;  // shar
      6'h20: insn_bits = 64'hff7bc00000000000;  // pmu
      6'h21: insn_bits = 64'hff7bc00000000000;  // pnu
      6'h32: insn_bits = 64'hfc7bde0000000000;  // pmut
      6'h33: insn_bits = 64'hfc7bde0000000000;  // pnut
      6'h34: insn_bits = 64'hfc7bdef000000000;  // pmux
      6'h35: insn_bits = 64'hfc7bdef000000000;  // pnux
      6'h23: insn_bits = 64'hff79c00000000007;  // vins
      6'h24: insn_bits = 64'hfc79c00000000000;  // vmask
      6'h25: insn_bits = 64'hfc03de0000000000;  // vcmp
      6'h26: insn_bits = 64'hffffc00000000000;  // bswap
      6'h27: insn_bits = 64'hfc7800f000000000;  // swz
      6'h28: insn_bits = 64'hfc7800000000ffff;  // ldc
      6'h29: insn_bits = 64'hfc79c0000000ffff;  // ldcx
      6'h2c: insn_bits = 64'hfc07c00000000007;  // mst
      6'h2d: insn_bits = 64'hff7bc000000fffff;  // madd
      6'h2f: insn_bits = 64'hff7bce000007bdef;  // msig
      6'h2e: insn_bits = 64'hfcf80000000fffff;  // msch
      6'h2b: insn_bits = 64'hfc78000000000001;  // key
      6'h30: insn_bits = 64'hfc03de0000000000;  // pkey
      6'h31: insn_bits = 64'hfcf8000000000000;  // pfin
      default: insn_bits = '0;
    endcase
  endfunction

  // A word is defined if its opcode exists, it sets only insn_bits(opcode) and each
  // operand and modifier is valid (mccp.isa.Isa.decode).
  function automatic logic insn_defined(input logic [63:0] insn);
    logic [5:0] opcode;
    logic ok;
    opcode = insn[63:58];
    ok = (insn & ~insn_bits(opcode)) == '0;
    case (opcode)
      6'h18: ok = ok && (insn[55:51] < 5'd16 || insn[55:51] == 5'd31) && (insn[50:46] < 5'd16 || insn[50:46] == 5'd31) && (insn[25:24] == 2'd0 || insn[25:24] == 2'd1 || insn[25:24] == 2'd2) && ((insn[57:56] == 2'd0 && insn[35:30] < 6'd32) || (insn[57:56] == 2'd1 && insn[35:30] < 6'd16) || insn[57:56] == 2'd2);  // add
      6'h19: ok = ok && (insn[55:51] < 5'd16 || insn[55:51] == 5'd31) && (insn[50:46] < 5'd16 || insn[50:46] == 5'd31) && (insn[25:24] == 2'd0 || insn[25:24] == 2'd1 || insn[25:24] == 2'd2) && ((insn[57:56] == 2'd0 && insn[35:30] < 6'd32) || (insn[57:56] == 2'd1 && insn[35:30] < 6'd16) || insn[57:56] == 2'd2);  // sub
      6'h1a: ok = ok && (insn[55:51] < 5'd16 || insn[55:51] == 5'd31) && (insn[50:46] < 5'd16 || insn[50:46] == 5'd31) && (insn[25:24] == 2'd0 || insn[25:24] == 2'd1 || insn[25:24] == 2'd2) && ((insn[57:56] == 2'd0 && insn[35:30] < 6'd32) || (insn[57:56] == 2'd1 && insn[35:30] < 6'd16) || insn[57:56] == 2'd2);  // xor
      6'h1b: ok = ok && (insn[55:51] < 5'd16 || insn[55:51] == 5'd31) && (insn[50:46] < 5'd16 || insn[50:46] == 5'd31) && (insn[25:24] == 2'd0 || insn[25:24] == 2'd1 || insn[25:24] == 2'd2) && ((insn[57:56] == 2'd0 && insn[35:30] < 6'd32) || (insn[57:56] == 2'd1 && insn[35:30] < 6'd16) || insn[57:56] == 2'd2);  // and
      6'h1c: ok = ok && (insn[55:51] < 5'd16 || insn[55:51] == 5'd31) && (insn[50:46] < 5'd16 || insn[50:46] == 5'd31) && (insn[25:24] == 2'd0 || insn[25:24] == 2'd1 || insn[25:24] == 2'd2) && ((insn[57:56] == 2'd0 && insn[35:30] < 6'd32) || (insn[57:56] == 2'd1 && insn[35:30] < 6'd16) || insn[57:56] == 2'd2);  // or
      6'h1d: ok = ok && (insn[55:51] < 5'd16 || insn[55:51] == 5'd31) && (insn[50:46] < 5'd16 || insn[50:46] == 5'd31) && (insn[25:24] == 2'd0 || insn[25:24] == 2'd1 || insn[25:24] == 2'd2) && ((insn[57:56] == 2'd0 && insn[35:30] < 6'd32) || (insn[57:56] == 2'd1 && insn[35:30] < 6'd16) || insn[57:56] == 2'd2);  // andn
      6'h1e: ok = ok && (insn[55:51] < 5'd16 || insn[55:51] == 5'd31) && (insn[50:46] < 5'd16 || insn[50:46] == 5'd31) && (insn[25:24] == 2'd0 || insn[25:24] == 2'd1 || insn[25:24] == 2'd2) && ((insn[57:56] == 2'd0 && insn[35:30] < 6'd32) || (insn[57:56] == 2'd1 && insn[35:30] < 6'd16) || insn[57:56] == 2'd2);  // mov
      6'h1f: ok = ok && ((insn[57:56] == 2'd0 && insn[35:30] < 6'd32) || (insn[57:56] == 2'd1 && insn[35:30] < 6'd16) || insn[57:56] == 2'd2);  // arx
      6'h20: ok = ok && (insn[57:56] == 2'd0 || insn[57:56] == 2'd1);  // pmu
      6'h21: ok = ok && (insn[57:56] == 2'd0 || insn[57:56] == 2'd1);  // pnu
      6'h23: ok = ok && insn[57:56] != 2'd3;  // vins
      6'h26: ok = ok && (insn[55:51] < 5'd16 || insn[55:51] == 5'd31) && (insn[50:46] < 5'd16 || insn[50:46] == 5'd31) && insn[57:56] != 2'd3;  // bswap
      6'h2c: ok = ok && (insn[50:46] < 5'd16 || insn[50:46] == 5'd31);  // mst
      6'h2d: ok = ok && insn[57:56] != 2'd3;  // madd
      6'h2f: ok = ok && insn[57:56] != 2'd3;  // msig
      6'h31: ok = ok && (insn[55:51] < 5'd16 || insn[55:51] == 5'd31);  // pfin
      default: ;
    endcase
    insn_defined = ok && insn_bits(opcode) != '0;
  endfunction

  // BLAKE2's sigma table (msig): row r mod 16, rows 10..15 repeating rows 0..5; position p
  // in bits [4p+3:4p].
  function automatic logic [63:0] blake2_sigma(input logic [3:0] r);
    case (r)
      4'd0: blake2_sigma = 64'hfedcba9876543210;
      4'd1: blake2_sigma = 64'h357b20c16df984ae;
      4'd2: blake2_sigma = 64'h491763eadf250c8b;
      4'd3: blake2_sigma = 64'h8f04a562ebcd1397;
      4'd4: blake2_sigma = 64'hd386cb1efa427509;
      4'd5: blake2_sigma = 64'h91ef57d438b0a6c2;
      4'd6: blake2_sigma = 64'hb8293670a4def15c;
      4'd7: blake2_sigma = 64'ha2684f05931ce7bd;
      4'd8: blake2_sigma = 64'h5a417d2c803b9ef6;
      4'd9: blake2_sigma = 64'h0dc3e9bf5167482a;
      4'd10: blake2_sigma = 64'hfedcba9876543210;
      4'd11: blake2_sigma = 64'h357b20c16df984ae;
      4'd12: blake2_sigma = 64'h491763eadf250c8b;
      4'd13: blake2_sigma = 64'h8f04a562ebcd1397;
      4'd14: blake2_sigma = 64'hd386cb1efa427509;
      4'd15: blake2_sigma = 64'h91ef57d438b0a6c2;
      default: blake2_sigma = '0;
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
