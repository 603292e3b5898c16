// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// y = v[s], Width bits of four: per bit, LUT4s joined by the slices' wide
// multiplexers (PFUMX, L6MUX), straight from the select's flip-flops.
// keep_hierarchy so that ABC maps it as one wide function of the select and
// the four words: the scalar register file's initial value (args_q[raddr]),
// built instead from an address decode and AND-OR terms, was two routed LUT
// levels in front of the join.
(* keep_hierarchy *)
module mccp_core_pick4 #(
  parameter int Width = 32
) (
  input  logic [3:0][Width-1:0] v_i,
  input  logic [1:0]            s_i,
  output logic [Width-1:0]      y_o
);

  assign y_o = v_i[s_i];

endmodule
