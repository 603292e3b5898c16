// Copyright MCCP contributors.
// SPDX-License-Identifier: Apache-2.0
//
// mccp_ecc_mul: digit-serial, most-significant-digit-first multiplier in GF(2^m),
// p = a * b mod f for the field chosen by field_i (mccp_ecc_curves_pkg).
//
// Horner's rule over D-bit digits of b (D = Digit), highest first.  For field m, b is
// taken as c = ceil(m / D) digits, zero-padded above x^m (only the top digit is partial):
//
//   acc := 0;  for each digit b_k, from the top:  acc := (acc * x^D + a * b_k) mod f
//
// One digit step a clock.  Its combinational path is the partial product a * b_k (an XOR
// tree over D AND terms a bit; Karatsuba = 1 builds it by Karatsuba-Ofman,
// mccp_ecc_clmul), the shift of acc by D (wiring) and one reduction of the (m + D)-bit sum
// (mccp_ecc_reduce: one fold, a second one where D + deg g > m).  D = MaxM gives a one-clock
// full multiplier (c = 1 in every field; the whole 2m - 1-bit product is reduced).
//
// Timing (t = the clock of start_i; c = ceil(m / D) for the field of the task):
//  * start_i is a one-clock pulse with field_i, a_i and b_i valid in that clock only: the
//    first digit step uses them combinationally in clock t, and the unit keeps a, the
//    remaining digits of b and the field for the later steps.
//  * digit steps in clocks t .. t+c-1; busy_o is high in exactly those clocks (in clock t
//    through start_i itself).
//  * done_o is high in clock t+c alone, and p_o (a register) holds the product from clock
//    t+c until the next start's first step has been taken (p_o changes in the clock after
//    a start_i).
//  * last_o is high in clock t+c-1 alone (the clock of the last digit step; t itself when
//    c = 1), r_o holds the product in that clock (combinationally, the value p_o takes in
//    t+c).  ending_o is high in clock t+c-1 when c > 1, from registers alone (no path from
//    start_i; a start_i in that clock abandoning the task does not lower it).
//  * a new start_i may come in clock t+c (back to back); a start_i while busy abandons
//    the running product and begins the new one (no done_o for the abandoned one).
//  * Operands have the bits at and above the field's m zero; p_o has them zero.  A field
//    index the build does not support is taken as field 0.
//
// Registers: p (= acc), a, the low (c_max - 1) * D bits of b (digit k from the bottom is the
// step's when k + 1 steps are left after it: the same for every field), the field and a step
// counter.
// With D = MaxM (c = 1 in every field) only p and done are kept.
module mccp_ecc_mul #(
  parameter int MaxM          = 163,   // 163, 233 or 283: the largest field of the build
  parameter int Digit         = 163,   // D, 1 .. MaxM
  parameter bit Karatsuba     = 1'b0,  // partial product by Karatsuba-Ofman (mccp_ecc_clmul)
  parameter int KaratsubaBase = 16     // Karatsuba operand width handed to schoolbook
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic            start_i,
  input  logic [1:0]      field_i,
  input  logic [MaxM-1:0] a_i,
  input  logic [MaxM-1:0] b_i,
  output logic            busy_o,
  output logic            last_o,
  output logic            ending_o,
  output logic [MaxM-1:0] r_o,
  output logic            done_o,
  output logic [MaxM-1:0] p_o
);

  if (MaxM != 163 && MaxM != 233 && MaxM != 283) begin : g_bad_maxm
    $error("mccp_ecc_mul: MaxM %0d is not 163, 233 or 283", MaxM);
  end
  if (Digit < 1 || Digit > MaxM) begin : g_bad_digit
    $error("mccp_ecc_mul: Digit %0d is not in 1 .. MaxM (%0d)", Digit, MaxM);
  end

  localparam int NF     = mccp_ecc_curves_pkg::NumFields;
  localparam int D      = Digit;
  // Steps of the largest supported field (m = MaxM): the most of any field.
  localparam int CMax   = (MaxM + D - 1) / D;
  localparam bit Serial = (CMax > 1);
  // Digits of b kept after the first step, at most (CMax - 1) * D bits.
  localparam int BW     = Serial ? (CMax - 1) * D : 1;
  localparam int CntW   = Serial ? $clog2(CMax) : 1;
  // Width of the step sum acc * x^D + a * b_k (the product alone when not Serial).
  localparam int SumW   = Serial ? MaxM + D : MaxM + D - 1;

  ////////////////////////////////
  // Per-field digit alignment  //
  ////////////////////////////////

  logic [1:0]              fsel;    // field_i, an unsupported index as field 0
  logic [NF-1:0][D-1:0]    dig0;    // first (top) digit of b_i in each field
  logic [NF-1:0][CntW-1:0] cload;   // steps after the first

  assign fsel  = mccp_ecc_curves_pkg::supported(field_i, MaxM) ? field_i : 2'd0;

  for (genvar k = 0; k < NF; k++) begin : g_field
    if (mccp_ecc_curves_pkg::supported(2'(k), MaxM)) begin : g_on
      localparam int C    = mccp_ecc_curves_pkg::mul_steps(2'(k), D);
      localparam int Rest = (C - 1) * D;   // bits of b below the top digit
      assign dig0[k]  = D'(b_i >> Rest);   // zero above m
      assign cload[k] = CntW'(C - 1);
    end else begin : g_off
      assign dig0[k]  = '0;
      assign cload[k] = '0;
    end
  end

  /////////////////
  // Digit step  //
  /////////////////

  logic [MaxM-1:0]   a_eff;     // a of this step: a_i in the start clock, then a_q
  logic [D-1:0]      digit;     // b_k
  logic [MaxM-1:0]   acc_eff;   // acc of this step: zero in the start clock
  logic [1:0]        f_eff;     // field of this step
  logic [MaxM+D-2:0] pp;        // a * b_k
  logic [SumW-1:0]   sum;
  logic [MaxM-1:0]   red;       // sum mod f: the new acc
  logic              step;      // a digit step is taken this clock
  logic              last;      // ... and it is the task's last

  // The product is its own hierarchy for synthesis (keep_hierarchy): Yosys then maps it
  // apart from the reduction and the field selection after it.  Flattened, ABC merged them
  // and rebuilt parts of the XOR trees per consumer (synth_ecp5 LUT4, flattened / kept:
  // MaxM = 283 D = 16 5129 / 4629, D = 32 9502 / 8012; 163 D = 16 2468 / 2370, D = 41
  // 5415 / 5357).  Keeping the reduction or the Karatsuba levels apart as well did not help
  // (tried with an earlier form of the schoolbook product).
  (* keep_hierarchy *)
  mccp_ecc_clmul #(
    .WA       (MaxM),
    .WB       (D),
    .Karatsuba(Karatsuba),
    .Base     (KaratsubaBase)
  ) u_pp (
    .a_i(a_eff),
    .b_i(digit),
    .p_o(pp)
  );

  mccp_ecc_reduce #(
    .MaxM  (MaxM),
    .Excess(SumW - MaxM)
  ) u_reduce (
    .field_i(f_eff),
    .c_i    (sum),
    .r_o    (red)
  );

  logic [MaxM-1:0] acc_q;
  logic            done_q;

  if (Serial) begin : g_serial
    logic [MaxM-1:0] a_q;
    logic [BW-1:0]   b_q;
    logic [D-1:0]    dig_rest;       // the digit of a step after the first
    logic [1:0]      field_q;
    logic [CntW-1:0] cnt_q, cnt_d;   // steps left after the current one
    logic            run_q, run_d;   // busy after the start clock

    always_comb begin
      dig_rest = '0;
      for (int k = 0; k < CMax - 1; k++) begin
        if (cnt_q == CntW'(k + 1)) dig_rest = b_q[k*D +: D];
      end
    end

    always_comb begin
      a_eff   = start_i ? a_i : a_q;
      digit   = start_i ? dig0[fsel] : dig_rest;
      acc_eff = start_i ? '0 : acc_q;
      f_eff   = start_i ? fsel : field_q;
      sum     = {acc_eff, D'(0)} ^ SumW'(pp);
    end

    assign step = start_i || run_q;
    assign last = start_i ? (cload[fsel] == '0) : (cnt_q == CntW'(1));

    always_comb begin
      cnt_d = cnt_q - 1'b1;
      run_d = run_q && !last;
      if (start_i) begin
        cnt_d = cload[fsel];
        run_d = !last;
      end
    end

    // Operand registers: data only, loaded in the start clock and read after it.
    always_ff @(posedge clk_i) begin
      if (start_i) begin
        a_q     <= a_i;
        b_q     <= b_i[BW-1:0];
        field_q <= fsel;
      end
    end

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        cnt_q <= '0;
        run_q <= 1'b0;
      end else begin
        if (step) begin
          cnt_q <= cnt_d;
        end
        run_q <= run_d;
      end
    end

    assign busy_o   = step;
    assign ending_o = run_q && cnt_q == CntW'(1);
  end else begin : g_single
    // c = 1 in every field: one step, in the start clock.
    assign a_eff   = a_i;
    assign digit   = dig0[fsel];
    assign acc_eff = '0;
    assign f_eff   = fsel;
    assign sum     = pp;
    assign step    = start_i;
    assign last    = 1'b1;
    assign busy_o  = start_i;
    assign ending_o = 1'b0;

    logic unused_single;
    assign unused_single = ^{acc_eff, cload};
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      acc_q  <= '0;
      done_q <= 1'b0;
    end else begin
      if (step) begin
        acc_q <= red;
      end
      done_q <= step && last;
    end
  end

  assign last_o = step && last;
  assign r_o    = red;
  assign done_o = done_q;
  assign p_o    = acc_q;

endmodule
