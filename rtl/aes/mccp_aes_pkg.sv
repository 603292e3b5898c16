// Copyright MCCP contributors.
// SPDX-License-Identifier: Apache-2.0
//
// AES engine package: key-size encoding, round counts and the linear layers of the
// cipher (xtime, MixColumns, InvMixColumns, ShiftRows, InvShiftRows, the affine map
// of the S-box and its inverse).
//
// Byte order (docs/CONVENTIONS.md): in a 128-bit block, blk[127:120] is byte 0 of the
// FIPS-197 byte string.  The state is column-major: byte 4*c + r is row r of column c,
// so column c occupies blk[127-32*c -: 32] with row 0 in its top byte.

package mccp_aes_pkg;

  // key_len encoding shared by the whole design.  (A module that imports the package
  // and uses only some of the constants would otherwise get UNUSEDPARAM from -Wall.)
  /* verilator lint_off UNUSEDPARAM */
  localparam logic [1:0] KeyLen128     = 2'd0;
  localparam logic [1:0] KeyLen192     = 2'd1;
  localparam logic [1:0] KeyLen256     = 2'd2;
  localparam logic [1:0] KeyLenInvalid = 2'd3;
  /* verilator lint_on UNUSEDPARAM */

  // Number of rounds Nr: 10, 12, 14 (the invalid encoding maps to 14; never used).
  function automatic logic [3:0] num_rounds(input logic [1:0] key_len);
    case (key_len)
      KeyLen128: num_rounds = 4'd10;
      KeyLen192: num_rounds = 4'd12;
      default:   num_rounds = 4'd14;
    endcase
  endfunction

  // Multiplication by x (0x02) in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1.
  function automatic logic [7:0] xtime(input logic [7:0] b);
    xtime = {b[6:0], 1'b0} ^ (b[7] ? 8'h1b : 8'h00);
  endfunction

  // MixColumns on one column {a0, a1, a2, a3} (a0 in the top byte).
  function automatic logic [31:0] mix_column(input logic [31:0] col);
    logic [7:0] a0, a1, a2, a3;
    logic [7:0] t;
    a0 = col[31:24];
    a1 = col[23:16];
    a2 = col[15:8];
    a3 = col[7:0];
    t  = a0 ^ a1 ^ a2 ^ a3;
    // b_i = a_i ^ t ^ 02*(a_i ^ a_{i+1})  ==  02*a_i ^ 03*a_{i+1} ^ a_{i+2} ^ a_{i+3}
    mix_column = {a0 ^ t ^ xtime(a0 ^ a1),
                  a1 ^ t ^ xtime(a1 ^ a2),
                  a2 ^ t ^ xtime(a2 ^ a3),
                  a3 ^ t ^ xtime(a3 ^ a0)};
  endfunction

  // InvMixColumns on one column: 0e*a_i ^ 0b*a_{i+1} ^ 0d*a_{i+2} ^ 09*a_{i+3}.
  function automatic logic [31:0] inv_mix_column(input logic [31:0] col);
    logic [7:0] a0, a1, a2, a3;
    logic [7:0] u, v;
    a0 = col[31:24];
    a1 = col[23:16];
    a2 = col[15:8];
    a3 = col[7:0];
    // InvMixColumns(a) = MixColumns(a ^ {u, v, u, v}) with u = 04*(a0^a2), v = 04*(a1^a3)
    u = xtime(xtime(a0 ^ a2));
    v = xtime(xtime(a1 ^ a3));
    inv_mix_column = mix_column({a0 ^ u, a1 ^ v, a2 ^ u, a3 ^ v});
  endfunction

  function automatic logic [127:0] mix_columns(input logic [127:0] s);
    mix_columns = {mix_column(s[127:96]), mix_column(s[95:64]),
                   mix_column(s[63:32]), mix_column(s[31:0])};
  endfunction

  function automatic logic [127:0] inv_mix_columns(input logic [127:0] s);
    inv_mix_columns = {inv_mix_column(s[127:96]), inv_mix_column(s[95:64]),
                       inv_mix_column(s[63:32]), inv_mix_column(s[31:0])};
  endfunction

  // ShiftRows: row r of column c takes row r of column (c + r) mod 4.
  function automatic logic [127:0] shift_rows(input logic [127:0] s);
    for (int c = 0; c < 4; c++) begin
      for (int r = 0; r < 4; r++) begin
        shift_rows[127 - 8 * (4 * c + r) -: 8] = s[127 - 8 * (4 * ((c + r) % 4) + r) -: 8];
      end
    end
  endfunction

  // InvShiftRows: row r of column c takes row r of column (c - r) mod 4.
  function automatic logic [127:0] inv_shift_rows(input logic [127:0] s);
    for (int c = 0; c < 4; c++) begin
      for (int r = 0; r < 4; r++) begin
        inv_shift_rows[127 - 8 * (4 * c + r) -: 8] = s[127 - 8 * (4 * ((c + 4 - r) % 4) + r) -: 8];
      end
    end
  endfunction

  // Inverse of the S-box affine map: A^-1(b ^ 0x63) = rotl(b,1) ^ rotl(b,3) ^ rotl(b,6) ^ 0x05.
  // With it, InvSubBytes(b) = affine_inv(SubBytes(affine_inv(b))), so the inverse S-box can
  // reuse the forward table (see mccp_aes_sbox).
  function automatic logic [7:0] affine_inv(input logic [7:0] b);
    affine_inv = {b[6:0], b[7]} ^ {b[4:0], b[7:5]} ^ {b[1:0], b[7:2]} ^ 8'h05;
  endfunction

endpackage
