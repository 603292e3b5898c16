// Copyright MCCP contributors.
// SPDX-License-Identifier: Apache-2.0
//
// mccp_ecc_reduce: combinational reduction of a polynomial c modulo the field polynomial
// f = x^m + g of the field chosen by field_i (mccp_ecc_curves_pkg), r = c mod f.
//
// Input contract: for the field chosen, c has degree < m + E, E = min(Excess, m - 1); the
// bits of c_i at and above m + E are ignored.  (The product of two field elements has
// degree <= 2m - 2, so Excess = MaxM - 1 covers a full product in every field; the
// digit-serial multiplier's step sum, degree < m + Digit, takes Excess = Digit.)
// r_o has the bits at and above m zero.  A field index the build does not support
// (mccp_ecc_curves_pkg::supported) is taken as field 0.
//
// Each field has its own logic (its m and g are constants); r_o selects the field's
// result.  With c = lo + t1 x^m (lo the low m bits, t1 the E bits above) and x^m = g
// (mod f):
//   fold 1:  v = lo + t1 g             degree < max(m, E + deg g)
//   fold 2:  r = (v mod x^m) + t2 g    t2 = v div x^m, when E + deg g > m
// Two folds always suffice: t2 has degree < E + deg g - m <= deg g - 1, so t2 g has
// degree < 2 deg g - 1 < m for every field (deg g = 7, 74, 12).  Field 1 (g = x^74 + 1)
// needs the second fold once E > 159; fields 0 and 2 once E > 156 and E > 271.
// Multiplying by the constant g is a shift per term of g, so each output bit is an XOR
// of at most 1 + 4 terms per fold.
module mccp_ecc_reduce #(
  parameter int MaxM   = 163,   // 163, 233 or 283: the largest field of the build
  parameter int Excess = 162,   // >= 1: c_i has MaxM + Excess bits
  localparam int CW    = MaxM + Excess
) (
  input  logic [1:0]      field_i,
  input  logic [CW-1:0]   c_i,
  output logic [MaxM-1:0] r_o
);

  if (MaxM != 163 && MaxM != 233 && MaxM != 283) begin : g_bad_maxm
    $error("mccp_ecc_reduce: MaxM %0d is not 163, 233 or 283", MaxM);
  end
  if (Excess < 1) begin : g_bad_excess
    $error("mccp_ecc_reduce: Excess %0d < 1", Excess);
  end

  localparam int NF = mccp_ecc_curves_pkg::NumFields;
  localparam int GW = mccp_ecc_curves_pkg::GW;

  logic [NF-1:0][MaxM-1:0] r_all;   // result of each field (zero for an unsupported one)
  logic [1:0]              fsel;

  for (genvar k = 0; k < NF; k++) begin : g_field
    if (mccp_ecc_curves_pkg::supported(2'(k), MaxM)) begin : g_on
      localparam int M           = int'(mccp_ecc_curves_pkg::field_m(2'(k)));
      localparam int DG          = mccp_ecc_curves_pkg::field_dg(2'(k));
      localparam logic [GW-1:0] G = mccp_ecc_curves_pkg::field_g(2'(k));
      localparam int E1          = (Excess < M - 1) ? Excess : M - 1;   // bits above x^m
      localparam int V1          = (E1 + DG > M) ? E1 + DG : M;         // width after fold 1
      localparam int E2          = V1 - M;                              // bits above after it

      logic [V1-1:0] v1;
      logic [M-1:0]  r;

      always_comb begin
        v1 = V1'(c_i[M-1:0]);
        for (int t = 0; t < GW; t++) begin
          if (G[t]) begin
            v1 = v1 ^ (V1'(c_i[M +: E1]) << t);
          end
        end
      end

      if (E2 > 0) begin : g_fold2
        always_comb begin
          r = v1[M-1:0];
          for (int t = 0; t < GW; t++) begin
            if (G[t]) begin
              r = r ^ (M'(v1[M +: E2]) << t);
            end
          end
        end
      end else begin : g_fold1
        assign r = v1[M-1:0];
      end

      assign r_all[k] = MaxM'(r);
    end else begin : g_off
      assign r_all[k] = '0;
    end
  end

  // The largest supported field is m = MaxM, and it reads the most bits of c_i.
  localparam int UsedW = MaxM + ((Excess < MaxM - 1) ? Excess : MaxM - 1);
  if (UsedW < CW) begin : g_unused_top
    logic unused_top;
    assign unused_top = ^c_i[CW-1:UsedW];
  end

  assign fsel = mccp_ecc_curves_pkg::supported(field_i, MaxM) ? field_i : 2'd0;
  assign r_o  = r_all[fsel];

endmodule
