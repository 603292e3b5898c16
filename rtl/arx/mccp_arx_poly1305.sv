// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// Poly1305 unit of the ARX element (docs/arx.md "Poly1305"): h = (h + m +
// 2^128) * r mod 2^130 - 5 for each 16-byte block m fed to it, in the
// background of the element's firmware, and the tag (h + s) mod 2^128.
//
// Numbers are ten limbs of 13 bits (130 = 10 * 13, so 2^130 = 5 folds a limb
// above the top into limb 0 times five).  A block, from the cycle it leaves
// the queue (s):
//   s         a = h + m + 2^128, limb by limb (each limb below 2^15)
//   s+1..10   partial products of output limb i = 0..9: a_j * r_(i-j), or
//             a_j * 5 r_(10+i-j) where the index wraps -- ten 15 x 16-bit
//             multipliers (MULT18X18D), registered
//   s+2..11   d_i = the sum of the ten products
//   s+3..12   h_i = (d_i + carry) mod 2^13, carry = the rest
//   s+13      the last carry, times five, into limbs 0 and 1
// so blocks start PolyCycles = 14 cycles apart (mccp.iss.arx Config), and h
// stays in limbs below 2^14 between blocks.  The element feeds a block from
// its stage X, a cycle after the instruction issued; it is in the queue from
// the next cycle, and up to Queue blocks wait (room_o and idle_o count one fed
// in the current cycle).  The tag (fin_i, with the unit
// idle): full-width additions over four cycles that reduce h below p and add
// s; tag_valid_o in the fifth.
module mccp_arx_poly1305 #(
  parameter int Queue = 4
) (
  input  logic         clk_i,
  input  logic         rst_ni,
  input  logic         clear_i,        // a task's start: h, r, s = 0, the queue emptied
  input  logic         key_we_i,       // pkey: r (clamped here), s; h = 0
  input  logic [127:0] key_r_i,
  input  logic [127:0] key_s_i,
  input  logic         feed_i,         // a block into the queue (only with room_o)
  input  logic [127:0] block_i,
  output logic         room_o,
  output logic         idle_o,         // queue empty, no block in the multiplier
  input  logic         fin_i,          // pfin, held until tag_valid_o (only with idle_o)
  output logic         tag_valid_o,
  output logic [127:0] tag_o
);

  localparam int L = 10;               // limbs
  localparam int B = 13;               // bits per limb
  localparam logic [127:0] Clamp = 128'h0ffffffc0ffffffc0ffffffc0fffffff;
  localparam int Cw = $clog2(Queue + 1);

  // ---- the queue --------------------------------------------------------------
  logic [Cw-1:0]  count;
  logic [127:0]   head;
  logic           pop;
  mccp_prim_fifo_flop #(.Width(128), .Depth(Queue)) u_queue (
    .clk_i,
    .rst_ni,
    .clr_i  (clear_i),
    .push_i (feed_i && !clear_i),
    .wdata_i(block_i),
    .pop_i  (pop),
    .rdata_o(head),
    .count_o(count)
  );
  // a block fed in this cycle counts already (the element decides its next feed now)
  assign room_o = 32'(count) + 32'(feed_i) < Queue;

  // ---- state ------------------------------------------------------------------
  logic [L-1:0][B-1:0]  r_q;
  logic [L-1:0][15:0]   r5_q;          // 5 r_j
  logic [127:0]         s_q;
  logic [L-1:0][13:0]   h_q;           // limbs below 2^14 (only limb 1 uses bit 13)
  logic [L-1:0][14:0]   a_q;
  logic [3:0]           step_q;        // 0: free; 1..13 the block's steps
  logic [L-1:0][30:0]   pp_q;
  logic [34:0]          d_q;
  logic [22:0]          c_q;
  logic [2:0]           fin_q;         // 0: none; 1..4 the tag's stages
  logic [127:0]         tag_q;
  logic [130:0]         hsum_q, hred_q;
  logic [127:0]         hfin_q;       // (h mod p) mod 2^128

  assign pop    = step_q == 4'd0 && count != '0 && !clear_i;
  assign idle_o = step_q == 4'd0 && count == '0 && !feed_i;

  // output limb i of this step's products and carry stages
  logic [3:0] i_car;
  assign i_car = step_q - 4'd3;

  // The multipliers' second operands: for output limb i, ring_q[j] = r_(i-j), or 5 r_(10+i-j)
  // where the index wraps; from one limb to the next the ring moves up by one and takes the
  // next limb of r from rnext_q at the bottom (no selection by index in front of the DSPs).
  logic [L-1:0][15:0]  ring_q;
  logic [L-2:0][B-1:0] rnext_q;        // r_(i+1) .. r_9
  logic [L-1:0][30:0]  pp_d;
  always_comb begin
    for (int j = 0; j < L; j++) pp_d[j] = a_q[j] * ring_q[j];
  end

  logic [34:0] d_d;
  always_comb begin
    d_d = '0;
    for (int j = 0; j < L; j++) d_d = d_d + 35'(pp_q[j]);
  end

  logic [35:0] t_car;                  // limb 0 takes no carry (c_q is the last block's)
  assign t_car = 36'(d_q) + ((step_q == 4'd3) ? 36'd0 : 36'(c_q));
  logic [25:0] fold;                    // limb 0 plus five times the last carry
  assign fold = 26'(h_q[0]) + {1'b0, c_q, 2'b00} + 26'(c_q);    // h_0 + 5 c

  // the tag's full-width stages
  logic [130:0] hcat;
  always_comb begin
    hcat = '0;
    for (int j = 0; j < L; j++) hcat[B*j +: B] = h_q[j][B-1:0];
  end
  logic [130:0] hplus5;
  assign hplus5 = hred_q + 131'd5;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      r_q <= '0; r5_q <= '0; s_q <= '0; h_q <= '0; a_q <= '0; ring_q <= '0; rnext_q <= '0;
      step_q <= '0; pp_q <= '0; d_q <= '0; c_q <= '0;
      fin_q <= '0; hsum_q <= '0; hred_q <= '0; hfin_q <= '0; tag_q <= '0;
    end else if (clear_i) begin
      r_q <= '0; r5_q <= '0; s_q <= '0; h_q <= '0; a_q <= '0; ring_q <= '0; rnext_q <= '0;
      step_q <= '0; pp_q <= '0; d_q <= '0; c_q <= '0;
      fin_q <= '0; hsum_q <= '0; hred_q <= '0; hfin_q <= '0; tag_q <= '0;
    end else begin
      if (key_we_i) begin
        logic [129:0] r;               // two bits above r's top limb's
        r = 130'(key_r_i & Clamp);
        for (int j = 0; j < L; j++) begin
          r_q[j]  <= r[B*j +: B];
          r5_q[j] <= {1'b0, r[B*j +: B], 2'b00} + 16'(r[B*j +: B]);   // 5 r_j
        end
        s_q <= key_s_i;
        h_q <= '0;
      end
      if (pop) begin
        logic [129:0] m;
        m = {2'b01, head};                 // + 2^128
        for (int j = 0; j < L; j++) a_q[j] <= 15'(h_q[j]) + 15'(m[B*j +: B]);
        ring_q[0] <= 16'(r_q[0]);
        for (int j = 1; j < L; j++) ring_q[j] <= r5_q[L - j];
        for (int j = 0; j < L - 1; j++) rnext_q[j] <= r_q[j + 1];
        step_q <= 4'd1;
      end else if (step_q != 4'd0) begin
        step_q <= (step_q == 4'd13) ? 4'd0 : step_q + 4'd1;
      end
      if (step_q >= 4'd1 && step_q <= 4'd10) begin
        pp_q <= pp_d;
        ring_q <= {ring_q[L-2:0], 16'(rnext_q[0])};
        rnext_q <= {B'(0), rnext_q[L-2:1]};
      end
      if (step_q >= 4'd2 && step_q <= 4'd11) d_q <= d_d;
      if (step_q >= 4'd3 && step_q <= 4'd12) begin
        h_q[i_car] <= 14'(t_car[B-1:0]);
        c_q <= 23'(t_car >> B);
      end
      if (step_q == 4'd13) begin
        h_q[0] <= 14'(fold[B-1:0]);
        h_q[1] <= h_q[1] + 14'(fold >> B);
      end
      // the tag: hsum = h as a number; hred = hsum folded below 2^130 + 5;
      // hfin = hred - p if hred >= p (then hred + 5 >= 2^130)
      if (fin_q == 3'd0 && fin_i && idle_o) begin
        hsum_q <= hcat + (131'(h_q[1][B]) << (2 * B));
        fin_q  <= 3'd1;
      end else if (fin_q == 3'd1) begin
        hred_q <= 131'(hsum_q[129:0]) + (hsum_q[130] ? 131'd5 : 131'd0);
        fin_q  <= 3'd2;
      end else if (fin_q == 3'd2) begin
        hfin_q <= hplus5[130] ? hplus5[127:0] : hred_q[127:0];
        fin_q  <= 3'd3;
      end else if (fin_q == 3'd3) begin
        tag_q  <= hfin_q + s_q;
        fin_q  <= 3'd4;
      end else if (fin_q == 3'd4) begin
        fin_q  <= 3'd0;
      end
    end
  end

  assign tag_valid_o = fin_q == 3'd4;
  assign tag_o       = tag_q;

  logic unused;
  assign unused = ^{t_car[35], hplus5[129:128]};

endmodule
