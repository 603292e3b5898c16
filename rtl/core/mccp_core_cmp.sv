// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// Branch comparison of two scalars, as two 16-bit halves side by side
// (a 32-bit carry chain was the longest part of the path through the
// register read): {hi ==, hi < signed, lo ==, lo < unsigned}.  The core
// registers the four and joins them after the register (eq, lt): the
// join no longer extends the path from the register file's read.
//
// keep_hierarchy: the core compares D's read and X's bypassed operands and
// picks a result by `advance`, which comes late.  Flattened, Yosys' `share`
// merged the two comparators into one behind a multiplexer of the operands,
// which put that multiplexer between the register file's read and the
// comparator; kept apart, `advance` only picks one of two results.
(* keep_hierarchy *)
module mccp_core_cmp (
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  output logic [3:0]  parts_o   // {hi_eq, hi_lt, lo_eq, lo_lt}
);

  assign parts_o[3] = (a_i[31:16] == b_i[31:16]);
  assign parts_o[2] = ($signed(a_i[31:16]) < $signed(b_i[31:16]));
  assign parts_o[1] = (a_i[15:0] == b_i[15:0]);
  assign parts_o[0] = (a_i[15:0] < b_i[15:0]);

endmodule
