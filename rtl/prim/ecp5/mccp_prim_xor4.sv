// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// Four-input XOR: exactly one LUT4 on ECP5 (keep_hierarchy as for
// mccp_prim_ao22).  A hand-laid XOR tree (the AES round layer) builds its
// first level from these, so the level reads only the inputs it was meant to.
(* keep_hierarchy *)
module mccp_prim_xor4 (
  input  logic [3:0] a_i,
  output logic       y_o
);

  assign y_o = ^a_i;

endmodule
