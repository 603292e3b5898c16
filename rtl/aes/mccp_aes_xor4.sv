// Copyright MCCP contributors.
// SPDX-License-Identifier: Apache-2.0
//
// Four-input XOR kept as its own module: exactly one LUT4 in synthesis.  The cipher's
// round layer (mccp_aes_round_layer) builds its first XOR level from these, so each
// address bit is two LUT levels deep with the round key entering the second level, and
// the first level reads table outputs only.

(* keep_hierarchy *)
module mccp_aes_xor4 (
  input  logic [3:0] a_i,
  output logic       y_o
);

  assign y_o = ^a_i;

endmodule
