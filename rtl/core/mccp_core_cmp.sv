// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// Branch comparison of two scalars: {a == b, a < b signed}, as two 16-bit
// halves side by side and one LUT to join them (a 32-bit carry chain was
// the longest part of the path through the register read).
//
// keep_hierarchy: the core compares D's read and X's bypassed operands and
// picks a result by `advance`, which comes late.  Flattened, Yosys' `share`
// merged the two comparators into one behind a multiplexer of the operands,
// which put that multiplexer between the register file's read and the
// comparator; kept apart, `advance` only picks one of two result bits.
(* keep_hierarchy *)
module mccp_core_cmp (
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  output logic        eq_o,
  output logic        lt_o
);

  logic hi_eq, hi_lt, lo_eq, lo_lt;
  assign hi_eq = (a_i[31:16] == b_i[31:16]);
  assign hi_lt = ($signed(a_i[31:16]) < $signed(b_i[31:16]));
  assign lo_eq = (a_i[15:0] == b_i[15:0]);
  assign lo_lt = (a_i[15:0] < b_i[15:0]);
  assign eq_o  = hi_eq && lo_eq;
  assign lt_o  = hi_lt || (hi_eq && lo_lt);

endmodule
