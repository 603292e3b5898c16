// generated from src/mccp/ecc/curves.py by `mccp ecc gen`; do not edit.
// The NIST binary curves of the elliptic-curve kind (FIPS 186-4 D.1.3): y^2 + xy = x^3 + a x^2 + b
// over GF(2^m), polynomial basis.  Field elements and n are 283-bit, zero-extended from m bits.
// Ids 6 and 7 are no curve: their constants, field and n bit length read 0 (CONST_ONE still 1).
//
// The fields, chosen per task by a field index: f(x) = x^m + g(x), g the low terms (field_g);
// x^m = g (mod f) is what every reduction folds with.  A datapath built with elements of MaxM
// bits (logic [MaxM-1:0], the bits at and above the current field's m zero) has exactly the
// fields with m <= MaxM (supported()).
// Field index 3 is no field: its m, g and deg g read 0, supported() is false.
//
// The functions are self-contained case tables (no unpacked arrays), which Verilator and
// Yosys both evaluate at elaboration.
// Not every user needs every constant: UNUSEDPARAM is off for this package.
/* verilator lint_off UNUSEDPARAM */
package mccp_ecc_curves_pkg;

  localparam int NumCurves = 6;
  localparam int NumFields = 3;
  localparam int ElemBits = 283;

  // Curve ids.
  localparam logic [2:0] CURVE_K163 = 3'd0;  // sect163k1
  localparam logic [2:0] CURVE_B163 = 3'd1;  // sect163r2
  localparam logic [2:0] CURVE_K233 = 3'd2;  // sect233k1
  localparam logic [2:0] CURVE_B233 = 3'd3;  // sect233r1
  localparam logic [2:0] CURVE_K283 = 3'd4;  // sect283k1
  localparam logic [2:0] CURVE_B283 = 3'd5;  // sect283r1

  // Field indices and their reduction polynomials.
  localparam logic [1:0] FIELD_M163 = 2'd0;  // x^163 + x^7 + x^6 + x^3 + 1
  localparam logic [1:0] FIELD_M233 = 2'd1;  // x^233 + x^74 + 1
  localparam logic [1:0] FIELD_M283 = 2'd2;  // x^283 + x^12 + x^7 + x^5 + 1

  // Width of g(x) = f(x) - x^m over all fields (x^74 of m = 233 is the highest term).
  localparam int GW = 75;

  // Constant indices of curve_const.
  localparam logic [2:0] CONST_ZERO = 3'd0;
  localparam logic [2:0] CONST_ONE = 3'd1;
  localparam logic [2:0] CONST_B = 3'd2;
  localparam logic [2:0] CONST_SQRT_B = 3'd3;
  localparam logic [2:0] CONST_GX = 3'd4;
  localparam logic [2:0] CONST_GY = 3'd5;
  localparam logic [2:0] CONST_A = 3'd6;
  localparam logic [2:0] CONST_N = 3'd7;

  // Field index of a curve.
  function automatic logic [1:0] curve_field(input logic [2:0] curve);
    curve_field = '0;
    case (curve)
      CURVE_K163: curve_field = 2'd0;
      CURVE_B163: curve_field = 2'd0;
      CURVE_K233: curve_field = 2'd1;
      CURVE_B233: curve_field = 2'd1;
      CURVE_K283: curve_field = 2'd2;
      CURVE_B283: curve_field = 2'd2;
      default: curve_field = '0;
    endcase
  endfunction

  // Degree m of a field.
  function automatic logic [8:0] field_m(input logic [1:0] field);
    field_m = '0;
    case (field)
      FIELD_M163: field_m = 9'd163;
      FIELD_M233: field_m = 9'd233;
      FIELD_M283: field_m = 9'd283;
      default: field_m = '0;
    endcase
  endfunction

  // g(x) = f(x) - x^m of a field, bit i the coefficient of x^i.
  function automatic logic [GW-1:0] field_g(input logic [1:0] field);
    field_g = '0;
    case (field)
      FIELD_M163: field_g = 75'hc9;
      FIELD_M233: field_g = 75'h400_00000000_00000001;
      FIELD_M283: field_g = 75'h10a1;
      default: field_g = '0;
    endcase
  endfunction

  // Degree of g(x) of a field (the middle term nearest x^m).
  function automatic integer field_dg(input logic [1:0] field);
    field_dg = '0;
    case (field)
      FIELD_M163: field_dg = 7;
      FIELD_M233: field_dg = 74;
      FIELD_M283: field_dg = 12;
      default: field_dg = '0;
    endcase
  endfunction

  // Whether a build with elements of max_m bits has a field.
  function automatic logic supported(input logic [1:0] field, input integer max_m);
    supported = '0;
    case (field)
      FIELD_M163: supported = max_m >= 163;
      FIELD_M233: supported = max_m >= 233;
      FIELD_M283: supported = max_m >= 283;
      default: supported = '0;
    endcase
  endfunction

  // Digit steps of a digit-serial multiplication in a field with digits of d bits: ceil(m / d).
  function automatic integer mul_steps(input logic [1:0] field, input integer d);
    mul_steps = '0;
    case (field)
      FIELD_M163: mul_steps = (163 + d - 1) / d;
      FIELD_M233: mul_steps = (233 + d - 1) / d;
      FIELD_M283: mul_steps = (283 + d - 1) / d;
      default: mul_steps = '0;
    endcase
  endfunction

  // Bit length of the order n of a curve's base point.
  function automatic logic [8:0] curve_n_bits(input logic [2:0] curve);
    curve_n_bits = '0;
    case (curve)
      CURVE_K163: curve_n_bits = 9'd163;
      CURVE_B163: curve_n_bits = 9'd163;
      CURVE_K233: curve_n_bits = 9'd232;
      CURVE_B233: curve_n_bits = 9'd233;
      CURVE_K283: curve_n_bits = 9'd281;
      CURVE_B283: curve_n_bits = 9'd282;
      default: curve_n_bits = '0;
    endcase
  endfunction

  // Constant `idx` (CONST_*) of a curve.
  function automatic logic [282:0] curve_const(input logic [2:0] curve, input logic [2:0] idx);
    curve_const = '0;
    case (curve)
      CURVE_K163: begin
        case (idx)
          CONST_ONE: curve_const = 283'h1;
          CONST_B: curve_const = 283'h1;
          CONST_SQRT_B: curve_const = 283'h1;
          CONST_GX: curve_const = 283'h2_fe13c053_7bbc11ac_aa07d793_de4e6d5e_5c94eee8;
          CONST_GY: curve_const = 283'h2_89070fb0_5d38ff58_321f2e80_0536d538_ccdaa3d9;
          CONST_A: curve_const = 283'h1;
          CONST_N: curve_const = 283'h4_00000000_00000000_00020108_a2e0cc0d_99f8a5ef;
          default: curve_const = '0;
        endcase
      end
      CURVE_B163: begin
        case (idx)
          CONST_ONE: curve_const = 283'h1;
          CONST_B: curve_const = 283'h2_0a601907_b8c953ca_1481eb10_512f7874_4a3205fd;
          CONST_SQRT_B: curve_const = 283'h2_c25b85ba_df892759_3d21c366_da89c039_69f34da5;
          CONST_GX: curve_const = 283'h3_f0eba162_86a2d57e_a0991168_d4994637_e8343e36;
          CONST_GY: curve_const = 283'hd51fbc6c_71a0094f_a2cdd545_b11c5c0c_797324f1;
          CONST_A: curve_const = 283'h1;
          CONST_N: curve_const = 283'h4_00000000_00000000_000292fe_77e70c12_a4234c33;
          default: curve_const = '0;
        endcase
      end
      CURVE_K233: begin
        case (idx)
          CONST_ONE: curve_const = 283'h1;
          CONST_B: curve_const = 283'h1;
          CONST_SQRT_B: curve_const = 283'h1;
          CONST_GX: curve_const = 283'h172_32ba853a_7e731af1_29f22ff4_149563a4_19c26bf5_0a4c9d6e_efad6126;
          CONST_GY: curve_const = 283'h1db_537dece8_19b7f70f_555a67c4_27a8cd9b_f18aeb9b_56e0c110_56fae6a3;
          CONST_A: curve_const = 283'h0;
          CONST_N: curve_const = 283'h80_00000000_00000000_00000000_00069d5b_b915bcd4_6efb1ad5_f173abdf;
          default: curve_const = '0;
        endcase
      end
      CURVE_B233: begin
        case (idx)
          CONST_ONE: curve_const = 283'h1;
          CONST_B: curve_const = 283'h66_647ede6c_332c7f8c_0923bb58_213b333b_20e9ce42_81fe115f_7d8f90ad;
          CONST_SQRT_B: curve_const = 283'h187_f85627b9_7874e747_ee31e06d_71caaeea_52f21253_e5f946d0_61da9138;
          CONST_GX: curve_const = 283'hfa_c9dfcbac_8313bb21_39f1bb75_5fef65bc_391f8b36_f8f8eb73_71fd558b;
          CONST_GY: curve_const = 283'h100_6a08a419_03350678_e58528be_bf8a0bef_f867a7ca_36716f7e_01f81052;
          CONST_A: curve_const = 283'h1;
          CONST_N: curve_const = 283'h100_00000000_00000000_00000000_0013e974_e72f8a69_22031d26_03cfe0d7;
          default: curve_const = '0;
        endcase
      end
      CURVE_K283: begin
        case (idx)
          CONST_ONE: curve_const = 283'h1;
          CONST_B: curve_const = 283'h1;
          CONST_SQRT_B: curve_const = 283'h1;
          CONST_GX: curve_const = 283'h503213f_78ca4488_3f1a3b81_62f188e5_53cd265f_23c1567a_16876913_b0c2ac24_58492836;
          CONST_GY: curve_const = 283'h1ccda38_0f1c9e31_8d90f95d_07e5426f_e87e45c0_e8184698_e4596236_4e341161_77dd2259;
          CONST_A: curve_const = 283'h0;
          CONST_N: curve_const = 283'h1ffffff_ffffffff_ffffffff_ffffffff_ffffe9ae_2ed07577_265dff7f_94451e06_1e163c61;
          default: curve_const = '0;
        endcase
      end
      CURVE_B283: begin
        case (idx)
          CONST_ONE: curve_const = 283'h1;
          CONST_B: curve_const = 283'h27b680a_c8b8596d_a5a4af8a_19a0303f_ca97fd76_45309fa2_a581485a_f6263e31_3b79a2f5;
          CONST_SQRT_B: curve_const = 283'h72bcc9c_5792b1eb_e8198308_9fb6f835_a2fd220a_304424ca_17c082ae_17442aed_e9b9b3f6;
          CONST_GX: curve_const = 283'h5f93925_8db7dd90_e1934f8c_70b0dfec_2eed25b8_557eac9c_80e2e198_f8cdbecd_86b12053;
          CONST_GY: curve_const = 283'h3676854_fe24141c_b98fe6d4_b20d02b4_516ff702_350eddb0_826779c8_13f0df45_be8112f4;
          CONST_A: curve_const = 283'h1;
          CONST_N: curve_const = 283'h3ffffff_ffffffff_ffffffff_ffffffff_ffffef90_399660fc_938a9016_5b042a7c_efadb307;
          default: curve_const = '0;
        endcase
      end
      default: curve_const = (idx == CONST_ONE) ? 283'd1 : '0;
    endcase
  endfunction

endpackage
/* verilator lint_on UNUSEDPARAM */
