// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// pi-Cipher's phi for the ARX element's pmu / pnu / pmut / pnut / pmux / pnux
// (src/mccp/isa/arx.yml; constants and rotations from mccp_pi_params_pkg).
//
// A chunk is four w-bit words x0..x3: .32 one per register, .16 two (bits
// 63:0 and 127:64), .64 a register pair (a = x0, x1; b = x2, x3).  Result word
// p of mu is the cipher's equation e = (p + 3) mod 4, of nu e = (p + 1) mod 4
// (the order x * y adds them in); in that order both directions leave out word
// (4 - p) mod 4 of the sum, so the three summed words of lane p are
// x[(k - p) mod 4], k = 1, 2, 3, whatever the direction: only the constant and
// the rotation depend on it.  Per lane: two carry-save layers (the three words
// and the constant), one carry chain (mccp_arx_addsub, in lanes of w), the
// equation's fixed rotation (wiring, chosen among the eight cases), then the
// XOR bank: each word XOR the XOR of its chunk's four (= the XOR of the other
// three).  A pi64 chunk gives two lanes per instruction: the first step
// (second_i = 0) returns their rotated t's, the second computes the other two
// and, with the first's from c, the XOR bank for all four (res1 = words 0, 1;
// res2 = words 2, 3).
module mccp_arx_phi (
  input  logic [1:0]   w_i,          // 0: 32-bit words, 1: 16, 2: 64
  input  logic         nu_i,         // 0: mu, 1: nu
  input  logic         second_i,     // .64: the second step (pmux, pnux)
  input  logic [127:0] a_i,
  input  logic [127:0] b_i,
  input  logic [127:0] c_i,
  output logic [127:0] res1_o,
  output logic [127:0] res2_o
);

  // The eight cases: {w 32 / 16 / 64 first / 64 second, direction}.
  localparam int NumCases = 8;
  function automatic int case_bits(input int k);
    case_bits = (k < 2) ? 32 : (k < 4) ? 16 : 64;
  endfunction
  // the word position p in its chunk of lane j of case k
  function automatic int case_pos(input int k, input int j);
    case_pos = (k < 4) ? j % 4 : 2 * (k / 6) + j;
  endfunction
  function automatic int case_eq(input int k, input int j);
    case_eq = (k % 2 == 1) ? (case_pos(k, j) + 1) % 4 : (case_pos(k, j) + 3) % 4;
  endfunction
  logic [2:0] sel;                   // the case
  assign sel = (w_i == 2'd2) ? {1'b1, second_i, nu_i} : {1'b0, w_i == 2'd1, nu_i};

  // ---- the three summed words of each lane -------------------------------------------
  // The k-th (1..3) summed word of every lane: word (k - p) mod 4 of the lane's chunk.  (Built
  // as one vector per k by a function: the same selection as a [2:0][127:0] array filled by
  // generate loops was simulated wrongly by Verilator 5.048 at -O3 inside mccp_top.)
  function automatic logic [127:0] summand(input int k, input logic [127:0] a, input logic [127:0] b,
                                           input logic [1:0] w, input logic second);
    logic [127:0] o32, o16, o64;
    for (int p = 0; p < 4; p++) o32[32*p +: 32] = a[32*((k - p + 4) % 4) +: 32];
    for (int j = 0; j < 8; j++) o16[16*j +: 16] = a[16*(4*(j / 4) + (k - j % 4 + 4) % 4) +: 16];
    for (int j = 0; j < 2; j++) begin
      logic [63:0] first, last;            // the word for result word j, and for 2 + j
      first = ((k - j + 4) % 4 < 2) ? a[64*((k - j + 4) % 2) +: 64] : b[64*((k - j + 4) % 2) +: 64];
      last  = ((k - j + 2) % 4 < 2) ? a[64*((k - j + 2) % 2) +: 64] : b[64*((k - j + 2) % 2) +: 64];
      o64[64*j +: 64] = second ? last : first;
    end
    summand = (w == 2'd2) ? o64 : (w == 2'd1) ? o16 : o32;
  endfunction
  logic [127:0] op1, op2, op3;
  assign op1 = summand(1, a_i, b_i, w_i, second_i);
  assign op2 = summand(2, a_i, b_i, w_i, second_i);
  assign op3 = summand(3, a_i, b_i, w_i, second_i);

  // the constant of each lane, per case (wiring), then one choice
  logic [NumCases-1:0][127:0] case_const;
  for (genvar k = 0; k < NumCases; k++) begin : g_const
    localparam int Bits = case_bits(k);
    for (genvar j = 0; j < 128 / Bits; j++) begin : g_lane
      localparam logic [63:0] Const = mccp_pi_params_pkg::pi_const(Bits, k % 2, case_eq(k, j));
      assign case_const[k][Bits*j +: Bits] = Const[Bits-1:0];
    end
  end
  logic [127:0] consts;
  assign consts = case_const[sel];

  // ---- two carry-save layers and the lane adder ---------------------------------------
  logic [127:0] lane_start;          // bit i starts a lane: its carry in is dropped
  for (genvar i = 0; i < 128; i++) begin : g_start
    assign lane_start[i] = (i % 64 == 0) || (i % 32 == 0 && w_i != 2'd2) || (i % 16 == 0 && w_i == 2'd1);
  end
  function automatic logic [255:0] csa(input logic [127:0] x, input logic [127:0] y, input logic [127:0] z,
                                       input logic [127:0] starts);
    logic [127:0] s, maj;
    s   = x ^ y ^ z;
    maj = (x & y) | (x & z) | (y & z);
    csa = {(maj << 1) & ~starts, s};
  endfunction
  logic [127:0] s1, c1, s2, c2, sum;
  assign {c1, s1} = csa(op1, op2, op3, lane_start);
  assign {c2, s2} = csa(s1, c1, consts, lane_start);
  mccp_arx_addsub u_add (.a_i(s2), .b_i(c2), .sub_i(1'b0), .w_i(w_i), .sum_o(sum));

  // ---- the equations' rotations: wiring per case, then one choice -----------------------
  logic [NumCases-1:0][127:0] rotated;
  for (genvar k = 0; k < NumCases; k++) begin : g_case
    localparam int Bits = case_bits(k);
    for (genvar j = 0; j < 128 / Bits; j++) begin : g_lane
      localparam int Rot = mccp_pi_params_pkg::pi_rot(Bits, k % 2, case_eq(k, j));
      logic [Bits-1:0] x;
      assign x = sum[Bits*j +: Bits];
      assign rotated[k][Bits*j +: Bits] = (x << Rot) | (x >> (Bits - Rot));
    end
  end
  logic [127:0] t;
  assign t = rotated[sel];

  // ---- the XOR bank ----------------------------------------------------------------------
  logic [31:0]  all32;
  logic [15:0]  all16_lo, all16_hi;
  logic [63:0]  all64;
  assign all32    = t[31:0] ^ t[63:32] ^ t[95:64] ^ t[127:96];
  assign all16_lo = t[15:0] ^ t[31:16] ^ t[47:32] ^ t[63:48];
  assign all16_hi = t[79:64] ^ t[95:80] ^ t[111:96] ^ t[127:112];
  assign all64    = t[63:0] ^ t[127:64] ^ c_i[63:0] ^ c_i[127:64];

  always_comb begin
    res2_o = t ^ {2{all64}};
    unique case (w_i)
      2'd1:    res1_o = t ^ {{4{all16_hi}}, {4{all16_lo}}};
      2'd2:    res1_o = second_i ? c_i ^ {2{all64}} : t;
      default: res1_o = t ^ {4{all32}};
    endcase
  end

endmodule
