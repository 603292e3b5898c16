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
// first (D = DigitBits, S = 128/D clocks per block):
//
//   Z := 0;  for each digit a_k of A, from the top:  Z := (Z * x^D  +  a_k * H) mod P
//
// Why this form:
//  * Registers: H, Z and the A shift register, 3 x 128 flip-flops plus a
//    counter.  The other common digit-serial form (lowest digit first,
//    Z += a_k * V, V := V * x^D mod P) needs a fourth 128-bit register for V
//    and two reductions per clock.
//  * One reduction per clock, and a short one: Z * x^D + a_k * H has degree
//    < 128 + D, so only its top D coefficients t fold back, as t * (x^7+x^2+x+1),
//    which lands below x^128 whenever D <= 121 (a second 7-bit fold is needed
//    only for D = 128).  Each output bit is then one XOR of about D..5D
//    AND terms -- a balanced tree of depth ~log4(5D) LUT4s and nothing else.
//  * The operand that is consumed digit by digit (A) is the one that changes
//    every block; H is static, so the big D x 128 partial-product array sees a
//    quiet operand and the A register is a plain shift register (no reduction).
//
// Timing of the interface (S = 128 / DigitBits):
//  * A block is accepted on a clock edge where in_valid_i && in_ready_o.  The
//    unit is then busy for the next S clocks; in the last of them in_ready_o is
//    high again, so blocks stream back to back, one every S clocks.
//  * y_o = Y, valid whenever busy_o is low (it reads Y of the last block S
//    clocks after that block's accepting edge).
//  * h_we_i and clear_i act only while busy_o is low (they are ignored while
//    busy).  In the same clock as an accepted block they act first: clear_i
//    makes that block's product X * H, h_we_i makes it use the new H.
module mccp_ghash #(
  parameter int DigitBits = 32  // int, not int unsigned: Icarus 11 rejects the latter
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
  output logic         busy_o
);

  localparam int Steps = 128 / DigitBits;
  // Width of the unreduced Z * x^D + a_k * H and of its top part folded once.
  localparam int ProdW = 128 + DigitBits;
  localparam int FoldW = DigitBits + 7;


  // The reduction polynomial's low part x^7 + x^2 + x + 1: a fold adds t * x^o
  // for each tap offset o.
  function automatic logic is_tap(input integer o);
    is_tap = (o == 0) || (o == 1) || (o == 2) || (o == 7);
  endfunction

  // Bit reversal between port order (SP 800-38D bit 0 in bit 127) and polynomial order.
  function automatic logic [127:0] rev128(input logic [127:0] b);
    for (integer i = 0; i < 128; i++) begin
      rev128[i] = b[127 - i];
    end
  endfunction

  //////////////
  // Registers //
  //////////////

  logic [127:0] h_q, h_d;   // hash subkey, polynomial order
  logic [127:0] z_q, z_d;   // accumulator Y (idle) / Horner partial product (busy)
  logic [127:0] a_q, a_d;   // A = Y xor X, consumed from the top digit down
  logic         busy_q, busy_d;
  logic         last;       // the clock that finishes the current block

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      h_q    <= '0;
      z_q    <= '0;
      a_q    <= '0;
      busy_q <= 1'b0;
    end else begin
      h_q    <= h_d;
      z_q    <= z_d;
      a_q    <= a_d;
      busy_q <= busy_d;
    end
  end

  // Digit counter: wraps to zero by itself after S busy clocks (S is a power of two).
  if (Steps > 1) begin : g_count
    localparam int CntW = $clog2(Steps);
    logic [CntW-1:0] cnt_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        cnt_q <= '0;
      end else if (busy_q) begin
        cnt_q <= cnt_q + 1'b1;
      end
    end
    assign last = (cnt_q == CntW'(Steps - 1));
  end else begin : g_single
    assign last = 1'b1;
  end

  ////////////////////////
  // One Horner step    //
  ////////////////////////

  logic [DigitBits-1:0] digit;
  logic [ProdW-1:0]     prod;    // Z * x^D + digit * H, unreduced
  logic [FoldW-1:0]     fold;    // top(prod) * (x^7 + x^2 + x + 1)
  logic [127:0]         z_step;  // prod mod P

  assign digit = a_q[127 -: DigitBits];

  always_comb begin
    logic [DigitBits:0] terms;   // the AND terms of one product bit, and the Z bit
    prod = '0;
    for (integer k = 0; k < ProdW; k++) begin
      terms = '0;
      for (integer i = 0; i < DigitBits; i++) begin
        if (k - i >= 0 && k - i < 128) begin
          terms[i] = digit[i] & h_q[k - i];
        end
      end
      if (k >= DigitBits) begin
        terms[DigitBits] = z_q[k - DigitBits];
      end
      prod[k] = ^terms;
    end
  end

  always_comb begin
    logic [7:0] f;
    fold = '0;
    for (integer m = 0; m < FoldW; m++) begin
      f = '0;
      for (integer o = 0; o < 8; o++) begin
        if (is_tap(o) && m - o >= 0 && m - o < DigitBits) begin
          f[o] = prod[128 + m - o];
        end
      end
      fold[m] = ^f;
    end
  end

  // z_step = prod[127:0] + fold, where fold's own part above x^127 (only when
  // D > 121) is folded a second time; that part has at most 7 coefficients.
  always_comb begin
    logic [9:0] f;   // [7:0] second-fold taps, [8] prod, [9] fold
    for (integer j = 0; j < 128; j++) begin
      f = '0;
      f[8] = prod[j];
      if (j < FoldW) begin
        f[9] = fold[j];
      end
      for (integer o = 0; o < 8; o++) begin
        if (is_tap(o) && j - o >= 0 && 128 + j - o < FoldW) begin
          f[o] = fold[128 + j - o];
        end
      end
      z_step[j] = ^f;
    end
  end

  ////////////////
  // Control    //
  ////////////////

  assign in_ready_o = !busy_q || last;

  always_comb begin
    h_d    = h_q;
    z_d    = z_q;
    a_d    = a_q;
    busy_d = busy_q;
    if (busy_q) begin
      z_d = z_step;
      a_d = a_q << DigitBits;
      if (last) begin
        busy_d = 1'b0;
      end
    end else begin
      if (clear_i) begin
        z_d = '0;
      end
      if (h_we_i) begin
        h_d = rev128(h_i);
      end
    end
    // A new block: A := Y xor X with Y as it is after this clock, and Z restarts.
    if (in_valid_i && in_ready_o) begin
      a_d    = rev128(in_data_i) ^ z_d;
      z_d    = '0;
      busy_d = 1'b1;
    end
  end

  assign y_o    = rev128(z_q);
  assign busy_o = busy_q;

endmodule
