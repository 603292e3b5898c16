// Copyright MCCP contributors.
// SPDX-License-Identifier: Apache-2.0
//
// mccp_ecc_clmul: combinational carry-less (GF(2)[x]) product of an WA-bit and a WB-bit
// polynomial, p = a * b (degree < WA + WB - 1), no reduction.  Bit i = coefficient of x^i.
//
// Karatsuba = 0: schoolbook, p = XOR over j of (b[j] ? a << j : 0): WA * WB AND terms, each
// output bit an XOR tree over at most WB of them.
//
// Karatsuba = 1 (the partial product of mccp_ecc_mul's Karatsuba variant):
//  * WA > WB (a field element times a digit): a is cut into ceil(WA / WB) chunks of WB bits
//    (the top one zero-padded), each chunk times b a square WB x WB product of this module,
//    the chunk products added at their offsets (adjacent ones overlap by WB - 1 bits).
//  * WA == WB = W > Base: one Karatsuba-Ofman step with h = ceil(W / 2),
//      a = a1 x^h + a0,  b = b1 x^h + b0,
//      z0 = a0 b0,  z2 = a1 b1,  z1 = (a0 + a1)(b0 + b1),
//      p  = z2 x^2h + (z1 + z0 + z2) x^h + z0,
//    three products of h (two) and W - h (one) bits, by this module again (recursive
//    instantiation, stopped by the generate-if below).
//  * W <= Base: schoolbook.
// Base 16 gave the fewest LUT4s (Yosys synth_ecp5 of mccp_ecc_mul with Digit = MaxM, LUT4:
// 163 bits: base 8 10795, 16 9543, 24 10419; 283 bits: 16 24070, 18 25173, 36 29298).
// Smaller leaves cost more in pre-additions and recombinations than the ANDs they save.
//
// The recursion is expanded by Verilator (5.048) only below a parent that is not this module:
// linted as its own top (mccp lint) this module must take the schoolbook branch, which
// the default parameters do.  Yosys elaborates the recursion in either case.
module mccp_ecc_clmul #(
  parameter int WA        = 16,
  parameter int WB        = 16,
  parameter bit Karatsuba = 1'b0,
  // operand width at and below which Karatsuba hands over to schoolbook
  parameter int Base      = 16,
  localparam int PW       = WA + WB - 1
) (
  input  logic [WA-1:0] a_i,
  input  logic [WB-1:0] b_i,
  output logic [PW-1:0] p_o
);

  if (WB < 1 || WA < WB || Base < 1) begin : g_bad_width
    $error("mccp_ecc_clmul: need 1 <= WB <= WA (WA %0d, WB %0d) and Base >= 1", WA, WB);
  end

  if (!Karatsuba || WB <= Base) begin : g_school
    // The WB rows (a << j if b[j]) added in a balanced tree of log2(WB) levels.  A running
    // sum made each product bit a chain of WB XOR gates, which at 283 x 283 overflowed the
    // call stack of the WebAssembly Yosys (XAIGER writer, "call stack exhausted").
    localparam int NR = 1 << $clog2(WB);   // rows, padded to a power of two
    logic [NR*PW-1:0] row;   // row j at [j*PW +: PW] (Yosys: no packed array with a
                             // generate-local localparam dimension)
    always_comb begin
      for (int j = 0; j < NR; j++) begin
        row[j*PW +: PW] = '0;
        if (j < WB) begin
          row[j*PW +: PW] = (PW'(a_i) << j) & {PW{b_i[j]}};
        end
      end
      for (int s = 1; s < NR; s = 2 * s) begin
        for (int j = 0; j < NR; j = j + 2 * s) begin
          row[j*PW +: PW] = row[j*PW +: PW] ^ row[(j+s)*PW +: PW];
        end
      end
      p_o = row[PW-1:0];
    end

  end else if (WA > WB) begin : g_chunks
    localparam int NC = (WA + WB - 1) / WB;   // chunks of a
    localparam int XW = NC * WB;              // a zero-padded to whole chunks
    localparam int SW = XW + WB - 1;          // width of the padded sum
    logic [XW-1:0]               a_ext;
    logic [NC*(2*WB-1)-1:0]      prod;   // chunk k at [k*(2WB-1) +: 2WB-1]
    logic [SW-1:0]               sum;

    assign a_ext = XW'(a_i);
    for (genvar k = 0; k < NC; k++) begin : g_chunk
      mccp_ecc_clmul #(
        .WA       (WB),
        .WB       (WB),
        .Karatsuba(Karatsuba),
        .Base     (Base)
      ) u_part (
        .a_i(a_ext[k*WB +: WB]),
        .b_i(b_i),
        .p_o(prod[k*(2*WB-1) +: 2*WB-1])
      );
    end
    always_comb begin
      sum = '0;
      for (int k = 0; k < NC; k++) begin
        sum = sum ^ (SW'(prod[k*(2*WB-1) +: 2*WB-1]) << (k * WB));
      end
    end
    assign p_o = sum[PW-1:0];
    if (SW > PW) begin : g_pad
      logic unused_pad;   // products of the zero padding: always zero
      assign unused_pad = ^sum[SW-1:PW];
    end

  end else begin : g_karatsuba
    localparam int H = (WA + 1) / 2;   // low half
    localparam int L = WA - H;         // high half, H or H - 1 bits
    logic [H-1:0]   a0, b0, as, bs;
    logic [L-1:0]   a1, b1;
    logic [2*H-2:0] z0, z1, mid;
    logic [2*L-2:0] z2;

    assign a0 = a_i[H-1:0];
    assign b0 = b_i[H-1:0];
    assign a1 = a_i[WA-1:H];
    assign b1 = b_i[WB-1:H];
    assign as = a0 ^ H'(a1);
    assign bs = b0 ^ H'(b1);

    mccp_ecc_clmul #(
      .WA(H), .WB(H), .Karatsuba(Karatsuba), .Base(Base)
    ) u_z0 (
      .a_i(a0), .b_i(b0), .p_o(z0)
    );
    mccp_ecc_clmul #(
      .WA(H), .WB(H), .Karatsuba(Karatsuba), .Base(Base)
    ) u_z1 (
      .a_i(as), .b_i(bs), .p_o(z1)
    );
    mccp_ecc_clmul #(
      .WA(L), .WB(L), .Karatsuba(Karatsuba), .Base(Base)
    ) u_z2 (
      .a_i(a1), .b_i(b1), .p_o(z2)
    );

    assign mid = z1 ^ z0 ^ (2*H-1)'(z2);
    assign p_o = PW'(z0) ^ (PW'(mid) << H) ^ (PW'(z2) << (2 * H));
  end

endmodule
