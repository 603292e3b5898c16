// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// One bit of a vector, selected by an index, in a hierarchy synthesis keeps:
// a wide datapath gated by the selected bit then costs one LUT4 input per data
// bit, instead of synthesis copying the N-way selection into every bit's logic
// (mccp_prim_rf: ~1,700 LUT4 saved on 16 x 128 bits, 3 read ports).
(* keep_hierarchy *)
module mccp_prim_bit_sel #(
  parameter int N = 16,
  localparam int Aw = $clog2(N)
) (
  input  logic [N-1:0]  bits_i,
  input  logic [Aw-1:0] idx_i,
  output logic          bit_o
);
  assign bit_o = bits_i[idx_i];
endmodule
