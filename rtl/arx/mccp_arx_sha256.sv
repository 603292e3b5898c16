// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// SHA-256 arithmetic of the ARX element (FIPS 180-4): one round (shar) and one
// message-schedule word (msch), combinational.  The sums of four to six words
// go through carry-save adders and one carry chain each, so a round is no
// deeper than the vector ALU's add-then-rotate path.
//   round: a4 = (a, b, c, d), e4 = (e, f, g, h) in 32-bit lanes 0..3;
//          T1 = h + S1(e) + Ch(e, f, g) + kw, T2 = S0(a) + Maj(a, b, c);
//          a4_o = (T1 + T2, a, b, c), e4_o = (d + T1, e, f, g).
//   schedule: w_o = m0 + s0(m1) + m2 + s1(m3).
module mccp_arx_sha256 (
  input  logic [127:0] a4_i,
  input  logic [127:0] e4_i,
  input  logic [31:0]  kw_i,
  output logic [127:0] a4_o,
  output logic [127:0] e4_o,
  input  logic [127:0] m_i,
  output logic [31:0]  w_o
);

  function automatic logic [31:0] rotr(input logic [31:0] x, input int n);
    rotr = (x >> n) | (x << (32 - n));
  endfunction

  // one carry-save layer: x + y + z = s + c
  function automatic logic [63:0] csa(input logic [31:0] x, input logic [31:0] y, input logic [31:0] z);
    logic [31:0] s, c;
    s = x ^ y ^ z;
    c = ((x & y) | (x & z) | (y & z)) << 1;
    csa = {c, s};
  endfunction

  logic [31:0] a, b, c, d, e, f, g, h;
  assign {d, c, b, a} = a4_i;
  assign {h, g, f, e} = e4_i;

  logic [31:0] big_s0, big_s1, ch, maj;
  assign big_s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
  assign big_s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
  assign ch     = (e & f) ^ (~e & g);
  assign maj    = (a & b) ^ (a & c) ^ (b & c);

  // T1 in carry-save form (t1s + t1c), then d + T1 and T1 + S0 + Maj
  logic [31:0] t1s, t1c, u_s, u_c, es, ec, as1, ac1, as2, ac2;
  assign {u_c, u_s}   = csa(h, big_s1, ch);
  assign {t1c, t1s}   = csa(u_s, u_c, kw_i);
  assign {ec, es}     = csa(t1s, t1c, d);
  assign {ac1, as1}   = csa(t1s, t1c, big_s0);
  assign {ac2, as2}   = csa(as1, ac1, maj);
  assign a4_o = {c, b, a, as2 + ac2};
  assign e4_o = {g, f, e, es + ec};

  // the schedule: W[t] = W[t-16] + s0(W[t-15]) + W[t-7] + s1(W[t-2])
  logic [31:0] m0, m1, m2, m3, small_s0, small_s1, ws1, wc1, ws2, wc2;
  assign {m3, m2, m1, m0} = m_i;
  assign small_s0 = rotr(m1, 7) ^ rotr(m1, 18) ^ (m1 >> 3);
  assign small_s1 = rotr(m3, 17) ^ rotr(m3, 19) ^ (m3 >> 10);
  assign {wc1, ws1} = csa(m0, small_s0, m2);
  assign {wc2, ws2} = csa(ws1, wc1, small_s1);
  assign w_o = ws2 + wc2;

endmodule
