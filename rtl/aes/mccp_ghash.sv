// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// mccp_ghash: digit-serial GF(2^128) multiply-accumulate for GCM (NIST SP 800-38D).
//
//   absorb X:  Y := (Y xor X) * H        in GF(2)[x] / (x^128 + x^7 + x^2 + x + 1)
//
// Bit order.  Ports carry blocks as byte strings: blk[127:120] is byte 0, and
// SP 800-38D's bit 0 of a block (the MSB of byte 0, blk[127]) is the
// coefficient of x^0.  Inside, every register is held in polynomial order
// (bit i = coefficient of x^i); the conversion is a bit reversal, i.e. wiring.
//
// Structure: Horner's rule over D-bit digits of A = Y xor X, highest degree
// first (D = DigitBits, S = ceil(128/D) clocks per block; when D does not
// divide 128, A is held as S*D bits whose top S*D - 128 are zero, so only the
// first digit is partial and every clock is the same step):
//
//   Z := 0;  for each digit a_k of A, from the top:  Z := Z * x^D + a_k * H   (mod P)
//
// with lazy reduction for D < 128: the accumulator is kept as L + T * x^128,
// L the low 128 coefficients and T the D coefficients above them, and one
// clock computes
//
//   W = (L + T * g) * x^D + a_k * H,  g = x^7 + x^2 + x + 1 (x^128 = g mod P)
//   L := W mod x^128,  T := W div x^128
//
// W has degree < 128 + D (for D <= 121), so nothing is reduced in the loop:
// T from the previous clock is folded in as T * g (degree < D + 7) while the
// new overflow is just stored.  The value is Y = L + T * g, formed on y_o by
// one small XOR (D + 7 bits).  For D = 128 (one clock per block) the product
// is reduced in full every clock instead (T would not fit).
//
// Why this form:
//  * Registers: H, L, T and the A shift register, 3 x 128 + D flip-flops and a
//    counter.  The other common digit-serial form (lowest digit first,
//    Z += a_k * V, V := V * x^D mod P) needs a fourth 128-bit register for V
//    and reduces twice per clock.
//  * Depth: each coefficient of W is one XOR of D AND terms plus at most five
//    single bits -- a tree of depth ~log4(D/2 + 5) LUT4s.  Reducing in the
//    loop (eager) makes it ~5D terms (the top D coefficients, each a D-term
//    sum, folded onto four positions); measured on ECP5-85 speed 8 at D = 32:
//    eager 147 MHz, lazy 167 MHz, for +32 FFs and ~6% more LUTs.
//  * The operand consumed digit by digit (A) is the one that changes every
//    block, so the A register is a plain shift register; H is static.
//  * Back to back: the next block's A = X xor Y is due in the clock that
//    finishes Y.  Loading all of it then would put a whole step in front of
//    the A register (synthesis duplicated the XOR trees for that path:
//    D = 8, 1993 LUT4 against 1074); adding all of Y in the block's first
//    clock instead puts a LUT between A and the digit's high-fanout nets
//    (D = 32: 145 MHz).  So A is loaded with X xor (top digit of Y), the part
//    consumed in the first clock, and the rest of Y (still in L and T) is
//    added in that clock below the digit (a_eff), while the Horner state counts
//    as zero (lm, tm).
//
// Timing of the interface (S = ceil(128 / DigitBits)):
//  * A block is accepted on a clock edge where in_valid_i && in_ready_o.  The
//    unit is then busy for the next S clocks; in the last of them in_ready_o is
//    high again, so blocks stream back to back, one every S clocks.
//  * y_o = Y, valid whenever busy_o is low (it reads Y of the last block S
//    clocks after that block's accepting edge).
//  * H has no reset value: write it (h_we_i) before the first block.
//  * h_we_i and clear_i act only while busy_o is low (they are ignored while
//    busy).  In the same clock as an accepted block they act first: clear_i
//    makes that block's product X * H, h_we_i makes it use the new H.
module mccp_ghash #(
  // 1..64, or 128.  int, not int unsigned: Icarus 11 rejects the latter.
  parameter int DigitBits = 32
) (
  input  logic         clk_i,
  input  logic         rst_ni,
  input  logic         h_we_i,
  input  logic [127:0] h_i,
  input  logic         clear_i,
  input  logic         in_valid_i,
  output logic         in_ready_o,
  input  logic [127:0] in_data_i,
  output logic [127:0] y_o,
  output logic         busy_o,
  // for an owner that decides a cycle ahead: this clock finishes the current
  // block (last_o); the next clock will finish a block if one runs then
  // (last_next_o).  busy next cycle = in_valid_i || (busy_o && !last_o).
  output logic         last_o,
  output logic         last_next_o
);

  localparam int Steps = (128 + DigitBits - 1) / DigitBits;
  // A register: S digits, the top AW - 128 bits zero; the first digit holds D0
  // coefficients of the block.
  localparam int AW    = Steps * DigitBits;
  localparam int D0    = 128 - (AW - DigitBits);
  // Lazy reduction (see the header) for every digit size but 128.
  localparam bit Lazy  = (DigitBits < 128);
  // W = (L + T*g) * x^D + digit * H: degree < 128 + D.
  localparam int WW    = 128 + DigitBits;
  // T * g, g = x^7 + x^2 + x + 1: degree < D + 7 (lazy only).
  localparam int GW    = Lazy ? DigitBits + 7 : 1;
  localparam int TW    = Lazy ? DigitBits : 1;

  // A tap of g: multiplying by g adds the operand shifted by each tap offset o.
  function automatic logic is_tap(input integer o);
    is_tap = (o == 0) || (o == 1) || (o == 2) || (o == 7);
  endfunction

  // Bit reversal between port order (SP 800-38D bit 0 in bit 127) and polynomial order.
  function automatic logic [127:0] rev128(input logic [127:0] b);
    for (integer i = 0; i < 128; i++) begin
      rev128[i] = b[127 - i];
    end
  endfunction

  ///////////////
  // Registers //
  ///////////////

  logic [127:0]   h_q, h_d;   // hash subkey H
  logic [127:0]   l_q, l_d;   // accumulator, low 128 coefficients (all of it if not Lazy)
  logic [TW-1:0]  t_q, t_d;   // accumulator, coefficients of x^128 .. x^(127+D) (Lazy)
  logic [AW-1:0]  a_q, a_d;   // A = X xor Y (see a_eff), consumed from the top digit down
  logic           busy_q, busy_d;
  logic           fire;       // a block is accepted at this clock edge
  logic           first;      // first clock of a block: Horner state taken as zero
  logic           last;       // the clock that finishes the current block

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      l_q    <= '0;
      a_q    <= '0;
      busy_q <= 1'b0;
    end else begin
      l_q    <= l_d;
      a_q    <= a_d;
      busy_q <= busy_d;
    end
  end

  // H has no reset: it is only used after an h_we_i, and without an
  // asynchronous reset its flip-flops can take an owner's "H = 0" (h_i forced
  // to zero) as a synchronous reset instead of a LUT per bit.
  always_ff @(posedge clk_i) begin
    h_q <= h_d;
  end

  // Digit counter: counts the busy clocks and wraps to zero after S of them
  // (by itself when S is a power of two), so it is 0 when idle.
  if (Steps > 1) begin : g_count
    localparam int CntW = $clog2(Steps);
    logic [CntW-1:0] cnt_q, cnt_inc;
    assign cnt_inc = (cnt_q == CntW'(Steps - 1)) ? '0 : cnt_q + 1'b1;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        cnt_q <= '0;
      end else if (busy_q) begin
        cnt_q <= cnt_inc;
      end
    end
    assign last        = (cnt_q == CntW'(Steps - 1));
    assign last_next_o = ((busy_q ? cnt_inc : cnt_q) == CntW'(Steps - 1));
  end else begin : g_single
    assign last        = 1'b1;
    assign last_next_o = 1'b1;
  end

  /////////////////////////////////
  // Accumulator value and A fix-up //
  /////////////////////////////////

  logic [GW-1:0]  yg;       // T * g: the part of Y still above x^127, folded
  logic [127:0]   y_poly;   // Y = L + T * g
  logic [AW-1:0]  a_eff;    // A as used in this clock

  if (Lazy) begin : g_lazy_state
    logic first_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        t_q     <= '0;
        first_q <= 1'b0;
      end else begin
        t_q     <= t_d;
        first_q <= fire;
      end
    end
    assign first = first_q;

    for (genvar m = 0; m < GW; m++) begin : g_yg
      logic [7:0] f;
      for (genvar o = 0; o < 8; o++) begin : g_tap
        if (is_tap(o) && m - o >= 0 && m - o < DigitBits) begin : g_on
          assign f[o] = t_q[m - o];
        end else begin : g_off
          assign f[o] = 1'b0;
        end
      end
      assign yg[m] = ^f;
    end

    assign y_poly = l_q ^ {{(128 - GW){1'b0}}, yg};
  end else begin : g_eager_state
    assign t_q    = 1'b0;
    assign first  = 1'b1;   // one clock per block
    assign yg     = 1'b0;
    assign y_poly = l_q;
  end

  // A was loaded with X xor (top digit of Y); the rest of Y (still in L and T)
  // is added in the block's first clock, below the digit being consumed, while
  // the Horner state counts as zero (lm, tm below).
  if (Lazy) begin : g_fixup
    assign a_eff = first ? (a_q ^ {{DigitBits{1'b0}}, y_poly[127-D0:0]}) : a_q;
  end else begin : g_no_fixup
    assign a_eff = a_q;
  end

  ////////////////////
  // One Horner step //
  ////////////////////

  logic [DigitBits-1:0]    digit, digit_rev;
  logic [127:0]            lm;       // L, or zero in the first clock
  logic [TW-1:0]           tm;       // T, or zero in the first clock
  logic [GW-1:0]           tg;       // tm * g
  logic [128+2*DigitBits-1:0] h_pad; // H with D zeros on either side
  logic [WW-1:0]           w;        // (lm + tm * g) * x^D + digit * H
  logic [127:0]            l_step;
  logic [TW-1:0]           t_step;

  assign digit = a_eff[AW-1 -: DigitBits];
  for (genvar i = 0; i < DigitBits; i++) begin : g_digit_rev
    assign digit_rev[i] = digit[DigitBits - 1 - i];
  end
  assign lm    = first ? '0 : l_q;
  assign tm    = first ? '0 : t_q;
  assign h_pad = {{DigitBits{1'b0}}, h_q, {DigitBits{1'b0}}};
  logic unused_h_pad;
  assign unused_h_pad = h_pad[0];   // the windows start at bit 1

  if (Lazy) begin : g_tg
    for (genvar m = 0; m < GW; m++) begin : g_bit
      logic [7:0] f;
      for (genvar o = 0; o < 8; o++) begin : g_tap
        if (is_tap(o) && m - o >= 0 && m - o < DigitBits) begin : g_on
          assign f[o] = tm[m - o];
        end else begin : g_off
          assign f[o] = 1'b0;
        end
      end
      assign tg[m] = ^f;
    end
  end else begin : g_no_tg
    assign tg = 1'b0;
    logic unused_t;
    assign unused_t = ^{tm, tg, t_d, yg};
  end

  // Coefficient k of W: digit[i] * H[k - i] over i (a window of h_pad against
  // the reversed digit), plus lm[k - D], plus tg[k - D].
  for (genvar k = 0; k < WW; k++) begin : g_w
    logic l_term, g_term;
    if (k >= DigitBits) begin : g_l
      assign l_term = lm[k - DigitBits];
    end else begin : g_no_l
      assign l_term = 1'b0;
    end
    if (Lazy && k >= DigitBits && k - DigitBits < GW) begin : g_g
      assign g_term = tg[k - DigitBits];
    end else begin : g_no_g
      assign g_term = 1'b0;
    end
    assign w[k] = (^(digit_rev & h_pad[k + 1 +: DigitBits])) ^ l_term ^ g_term;
  end

  if (Lazy) begin : g_lazy_step
    // No reduction: the top D coefficients become T.
    assign l_step = w[127:0];
    assign t_step = w[WW-1:128];
  end else begin : g_eager_step
    // Reduce all of W now: top * g (degree < 135), whose own top 7 coefficients
    // are folded once more.
    localparam int FW = DigitBits + 7;
    logic [FW-1:0] fold;
    for (genvar m = 0; m < FW; m++) begin : g_fold
      logic [7:0] f;
      for (genvar o = 0; o < 8; o++) begin : g_tap
        if (is_tap(o) && m - o >= 0 && m - o < DigitBits) begin : g_on
          assign f[o] = w[128 + m - o];
        end else begin : g_off
          assign f[o] = 1'b0;
        end
      end
      assign fold[m] = ^f;
    end
    for (genvar j = 0; j < 128; j++) begin : g_red
      logic [7:0] f;
      for (genvar o = 0; o < 8; o++) begin : g_tap
        if (is_tap(o) && j - o >= 0 && 128 + j - o < FW) begin : g_on
          assign f[o] = fold[128 + j - o];
        end else begin : g_off
          assign f[o] = 1'b0;
        end
      end
      assign l_step[j] = w[j] ^ fold[j] ^ (^f);
    end
    assign t_step = 1'b0;
  end

  /////////////
  // Control //
  /////////////

  assign in_ready_o = !busy_q || last;
  assign fire       = in_valid_i && in_ready_o;

  always_comb begin
    h_d    = h_q;
    l_d    = l_q;
    t_d    = t_q;
    busy_d = busy_q;
    if (busy_q) begin
      l_d = l_step;
      t_d = t_step;
      if (last) begin
        busy_d = 1'b0;
      end
    end else begin
      if (clear_i) begin
        l_d = '0;
        t_d = '0;
      end
      if (h_we_i) begin
        h_d = rev128(h_i);
      end
    end
    if (fire) begin
      busy_d = 1'b1;
    end
  end

  // The top D0 coefficients of Y (those in A's first digit) as they are after
  // this clock, for a block accepted now: L's, plus T * g where that reaches
  // them (only for D = 64: coefficients 64..70).
  logic [D0-1:0] l_acc, y_top_d;
  logic [TW-1:0] t_acc;
  assign l_acc = busy_q ? l_step[127 -: D0] : (clear_i ? '0 : l_q[127 -: D0]);
  assign t_acc = busy_q ? t_step : (clear_i ? '0 : t_q);
  logic unused_t_acc;   // T reaches the top digit only for some digit sizes
  assign unused_t_acc = ^t_acc;
  for (genvar j = 128 - D0; j < 128; j++) begin : g_y_top
    logic [7:0] f;
    for (genvar o = 0; o < 8; o++) begin : g_tap
      if (Lazy && is_tap(o) && j < GW && j - o >= 0 && j - o < DigitBits) begin : g_on
        assign f[o] = t_acc[j - o];
      end else begin : g_off
        assign f[o] = 1'b0;
      end
    end
    assign y_top_d[j - (128 - D0)] = l_acc[j - (128 - D0)] ^ (^f);
  end

  // A shifts on every clock (its value only matters while busy, and a shift
  // register without a hold input is smaller).  Whenever a block could be
  // accepted (in_ready_o) A loads X xor (top digit of Y) -- it only counts if
  // one is -- so the first digit comes straight from A's flip-flops and the
  // owner's late in_valid_i only reaches the control bits; the rest of Y is
  // added in the first clock through a_eff.  (Adding all of Y here would put
  // the whole step in front of A too, and synthesis then duplicates its XOR
  // trees; adding all of it through a_eff puts a LUT between A and the
  // digit's high-fanout nets.)
  always_comb begin
    a_d = a_eff << DigitBits;
    if (in_ready_o) begin
      a_d = AW'(rev128(in_data_i)) ^ (AW'(y_top_d) << (128 - D0));
    end
  end

  assign y_o    = rev128(y_poly);
  assign busy_o = busy_q;
  assign last_o = last;

endmodule
