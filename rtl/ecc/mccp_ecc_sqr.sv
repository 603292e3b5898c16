// Copyright MCCP contributors.
// SPDX-License-Identifier: Apache-2.0
//
// mccp_ecc_sqr: combinational add-then-square in GF(2^m), y = (a + b)^2 mod f for the field
// chosen by field_i (the Montgomery ladder's X^2 after an add; b_i = 0 gives a plain
// square).
//
// In characteristic 2, (sum x_i x^i)^2 = sum x_i x^2i: the square is the operand's bits
// spread to the even positions (wiring), degree <= 2m - 2, then reduced
// (mccp_ecc_reduce, Excess = MaxM - 1: a full product in every field).  Every output bit is
// an XOR of a few input bits (at most about ten), so the unit is a few hundred LUTs.
//
// Operands have the bits at and above the field's m zero; y_o has them zero.  A field
// index the build does not support is taken as field 0.
module mccp_ecc_sqr #(
  parameter int MaxM = 163   // 163, 233 or 283
) (
  input  logic [1:0]      field_i,
  input  logic [MaxM-1:0] a_i,
  input  logic [MaxM-1:0] b_i,
  output logic [MaxM-1:0] y_o
);

  if (MaxM != 163 && MaxM != 233 && MaxM != 283) begin : g_bad_maxm
    $error("mccp_ecc_sqr: MaxM %0d is not 163, 233 or 283", MaxM);
  end

  logic [MaxM-1:0]   x;
  logic [2*MaxM-2:0] s;   // x^2 before reduction

  assign x = a_i ^ b_i;
  always_comb begin
    s = '0;
    for (int i = 0; i < MaxM; i++) begin
      s[2*i] = x[i];
    end
  end

  mccp_ecc_reduce #(
    .MaxM  (MaxM),
    .Excess(MaxM - 1)
  ) u_reduce (
    .field_i(field_i),
    .c_i    (s),
    .r_o    (y_o)
  );

endmodule
