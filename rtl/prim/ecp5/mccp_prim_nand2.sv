// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// y = ~(a & b): one LUT4, kept whole (keep_hierarchy, as the other cells of this folder) so
// that a ring of them stays a ring: ABC, given a ring of inverters in one module, folds it
// into one LUT (a 3-stage ring became a 1-stage one), and it cannot map a logic loop at all;
// with each stage a module of its own it sees no loop and maps each stage to its LUT.
(* keep_hierarchy *)
module mccp_prim_nand2 (
  input  logic a_i,
  input  logic b_i,
  output logic y_o
);

  assign y_o = ~(a_i & b_i);

endmodule
