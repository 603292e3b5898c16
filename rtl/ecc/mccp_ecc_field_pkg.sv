// Copyright MCCP contributors.
// SPDX-License-Identifier: Apache-2.0
//
// Elliptic-curve unit package: the binary fields GF(2^m) the unit supports (NIST FIPS 186
// pentanomials and trinomial), chosen per task by a field index.
//
//   field 0: m = 163, f(x) = x^163 + x^7 + x^6 + x^3 + 1
//   field 1: m = 233, f(x) = x^233 + x^74 + 1
//   field 2: m = 283, f(x) = x^283 + x^12 + x^7 + x^5 + 1
//   field 3: none
//
// A build with parameter MaxM has the logic of exactly the fields with m <= MaxM
// (supported()).  Field elements are logic [MaxM-1:0], bit i the coefficient of x^i,
// the bits at and above the current field's m zero.
//
// f(x) = x^m + g(x): g (field_g) holds the low terms; x^m = g (mod f) is what every
// reduction folds with.
//
// The functions are self-contained constant functions (case tables, no unpacked arrays),
// which Verilator and Yosys both evaluate at elaboration.

package mccp_ecc_field_pkg;

  // (A module that imports only some of the constants would get UNUSEDPARAM from -Wall.)
  /* verilator lint_off UNUSEDPARAM */
  localparam int NumFields = 3;
  // Width of g(x) = f(x) - x^m over all fields (x^74 of field 1 is the highest term).
  localparam int GW = 75;
  /* verilator lint_on UNUSEDPARAM */

  // Degree m of field `f` (0 for the unused index 3).
  function automatic integer field_m(input logic [1:0] f);
    case (f)
      2'd0:    field_m = 163;
      2'd1:    field_m = 233;
      2'd2:    field_m = 283;
      default: field_m = 0;
    endcase
  endfunction

  // g(x) = f(x) - x^m of field `f`, bit i the coefficient of x^i.
  function automatic logic [GW-1:0] field_g(input logic [1:0] f);
    field_g = '0;
    case (f)
      2'd0: begin
        field_g[7] = 1'b1;
        field_g[6] = 1'b1;
        field_g[3] = 1'b1;
        field_g[0] = 1'b1;
      end
      2'd1: begin
        field_g[74] = 1'b1;
        field_g[0]  = 1'b1;
      end
      2'd2: begin
        field_g[12] = 1'b1;
        field_g[7]  = 1'b1;
        field_g[5]  = 1'b1;
        field_g[0]  = 1'b1;
      end
      default: field_g = '0;
    endcase
  endfunction

  // Degree of g(x) (the middle term nearest x^m).
  function automatic integer field_dg(input logic [1:0] f);
    case (f)
      2'd0:    field_dg = 7;
      2'd1:    field_dg = 74;
      2'd2:    field_dg = 12;
      default: field_dg = 0;
    endcase
  endfunction

  // Whether a build with elements of max_m bits has field `f`.
  function automatic logic supported(input logic [1:0] f, input integer max_m);
    supported = (f != 2'd3) && (field_m(f) <= max_m);
  endfunction

  // Digit steps of a digit-serial multiplication in field `f` with digits of d bits:
  // ceil(m / d).
  function automatic integer mul_steps(input logic [1:0] f, input integer d);
    mul_steps = (field_m(f) + d - 1) / d;
  endfunction

endpackage
