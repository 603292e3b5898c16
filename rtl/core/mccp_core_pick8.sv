// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// y = v[s]: one bit of eight, four LUT4s joined by the slices' wide
// multiplexers (PFUMX, L6MUX).  keep_hierarchy for the same reason as
// mccp_core_ao22: the scalar register file's written_q lookup (which decides
// RAM or initial value for all 32 bits of a read), flattened, became a chain
// of three to four LUTs in front of the join.
(* keep_hierarchy *)
module mccp_core_pick8 (
  input  logic [7:0] v_i,
  input  logic [2:0] s_i,
  output logic       y_o
);

  assign y_o = v_i[s_i];

endmodule
