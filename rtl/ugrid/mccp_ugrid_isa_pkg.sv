// generated from src/mccp/isa/ugrid.yml and status.yml by `mccp isa gen`; do not edit.
// Opcodes, field positions and status codes of the ugrid kind's ISA.
// `int`, not `int unsigned`: Icarus 11 rejects the latter in a localparam.
// Not every user needs every constant: UNUSEDPARAM is off for this package.
/* verilator lint_off UNUSEDPARAM */
package mccp_ugrid_isa_pkg;

  localparam int InsnBits = 11;
  localparam int NumRregs = 8;
  localparam int RregBits = 8;
  localparam int NumMregs = 64;
  localparam int MregBits = 8;

  // Instruction fields [msb:lsb].
  localparam int FieldOp2Msb = 10;
  localparam int FieldOp2Lsb = 9;
  localparam int FieldOp5Msb = 10;
  localparam int FieldOp5Lsb = 6;
  localparam int FieldOp8Msb = 10;
  localparam int FieldOp8Lsb = 3;
  localparam int FieldSubMsb = 2;
  localparam int FieldSubLsb = 0;
  localparam int FieldIoMsb = 2;
  localparam int FieldIoLsb = 2;
  localparam int FieldCMsb = 8;
  localparam int FieldCLsb = 6;
  localparam int FieldBMsb = 5;
  localparam int FieldBLsb = 3;
  localparam int FieldAMsb = 2;
  localparam int FieldALsb = 0;
  localparam int FieldDMsb = 1;
  localparam int FieldDLsb = 0;

  typedef enum logic [4:0] {
    OP_AND = 5'd0,
    OP_XOR = 5'd1,
    OP_LUT = 5'd2,
    OP_LUT1 = 5'd3,
    OP_LUT2 = 5'd4,
    OP_SHL = 5'd5,
    OP_SHR = 5'd6,
    OP_LUT3 = 5'd7,
    OP_XTIME = 5'd8,
    OP_IN = 5'd9,
    OP_OUT = 5'd10,
    OP_XIN = 5'd11,
    OP_OUTA = 5'd12,
    OP_EIN = 5'd19,
    OP_MEMW = 5'd13,
    OP_MOV = 5'd14,
    OP_MEMR = 5'd15,
    OP_NOP = 5'd16,
    OP_INC = 5'd17,
    OP_DEC = 5'd18,
    OP_ILLEGAL = 5'd31
  } opcode_e;

  // The instruction of a control word (? = an operand bit; the names qualified, as
  // Yosys needs them in a package function called from a module).
  function automatic opcode_e decode(input logic [10:0] cw);
    casez (cw)
      11'b00?????????: decode = mccp_ugrid_isa_pkg::OP_AND;
      11'b01?????????: decode = mccp_ugrid_isa_pkg::OP_XOR;
      11'b10??????000: decode = mccp_ugrid_isa_pkg::OP_LUT;
      11'b10??????001: decode = mccp_ugrid_isa_pkg::OP_LUT1;
      11'b10??????010: decode = mccp_ugrid_isa_pkg::OP_LUT2;
      11'b10??????011: decode = mccp_ugrid_isa_pkg::OP_SHL;
      11'b10??????100: decode = mccp_ugrid_isa_pkg::OP_SHR;
      11'b10??????101: decode = mccp_ugrid_isa_pkg::OP_LUT3;
      11'b10??????110: decode = mccp_ugrid_isa_pkg::OP_XTIME;
      11'b11001???0??: decode = mccp_ugrid_isa_pkg::OP_IN;
      11'b11001???1??: decode = mccp_ugrid_isa_pkg::OP_OUT;
      11'b11000???0??: decode = mccp_ugrid_isa_pkg::OP_XIN;
      11'b11000???100: decode = mccp_ugrid_isa_pkg::OP_OUTA;
      11'b11101???0??: decode = mccp_ugrid_isa_pkg::OP_EIN;
      11'b11010??????: decode = mccp_ugrid_isa_pkg::OP_MEMW;
      11'b11011??????: decode = mccp_ugrid_isa_pkg::OP_MOV;
      11'b11100??????: decode = mccp_ugrid_isa_pkg::OP_MEMR;
      11'b11110000000: decode = mccp_ugrid_isa_pkg::OP_NOP;
      11'b11111111???: decode = mccp_ugrid_isa_pkg::OP_INC;
      11'b11111000???: decode = mccp_ugrid_isa_pkg::OP_DEC;
      default: decode = mccp_ugrid_isa_pkg::OP_ILLEGAL;
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
