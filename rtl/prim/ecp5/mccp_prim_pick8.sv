// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// y = v[s]: one bit of eight, on ECP5 four LUT4s joined by the slices' wide
// multiplexers (PFUMX, L6MUX).  keep_hierarchy as for mccp_prim_ao22
// (flattened, a lookup whose result steers a wide join became a chain of
// three to four LUTs in front of it).
(* keep_hierarchy *)
module mccp_prim_pick8 (
  input  logic [7:0] v_i,
  input  logic [2:0] s_i,
  output logic       y_o
);

  assign y_o = v_i[s_i];

endmodule
