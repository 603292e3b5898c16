// Copyright MCCP contributors.
// SPDX-License-Identifier: Apache-2.0
//
// AES engine package: key-size encoding, round counts and the linear layers of the
// cipher: xtime, ShiftRows, InvShiftRows, the inverse affine map of the S-box, and
// (Inv)MixColumns-like column maps given as GF(2) byte matrices (byte_matrix,
// column_map).
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
        inv_shift_rows[127 - 8 * (4 * c + r) -: 8] =
            s[127 - 8 * (4 * ((c + 4 - r) % 4) + r) -: 8];
      end
    end
  endfunction

  // The affine map of the S-box and its inverse, on one byte:
  //   SubBytes(x)   = A(x^-1) ^ 0x63,   A(b) = b ^ rotl(b,1) ^ rotl(b,2) ^ rotl(b,3) ^ rotl(b,4)
  //   affine_inv(b) = A^-1(b ^ 0x63) = rotl(b,1) ^ rotl(b,3) ^ rotl(b,6) ^ 0x05
  // Hence InvSubBytes(b) = affine_inv(SubBytes(affine_inv(b))), which lets decryption
  // reuse the forward S-box tables (see mccp_aes_cipher).
  function automatic logic [7:0] affine_inv(input logic [7:0] b);
    affine_inv = {b[6:0], b[7]} ^ {b[4:0], b[7:5]} ^ {b[1:0], b[7:2]} ^ 8'h05;
  endfunction

  // affine_inv on all 16 bytes of a block.
  function automatic logic [127:0] affine_inv_bytes(input logic [127:0] s);
    for (int i = 0; i < 16; i++) begin
      affine_inv_bytes[8 * i +: 8] = affine_inv(s[8 * i +: 8]);
    end
  endfunction

  // The 8 x 8 GF(2) matrix of the byte map  b -> P(c * Q(b))  (c * . in GF(2^8)), where Q
  // and P are A^-1 (the linear part of affine_inv) when ainv_in / ainv_out is set and the
  // identity otherwise.  Bit 8*k + i is 1 when input bit i reaches output bit k.
  // Used to write column maps as one XOR of the contributing input bits per output bit,
  // which synthesis turns into a balanced tree (a nested function expression becomes a
  // chain of XORs, twice as deep).  Self-contained (no calls) so that Icarus 11 accepts it
  // as a constant function.
  function automatic logic [63:0] byte_matrix(input logic [7:0] c, input logic ainv_in,
                                              input logic ainv_out);
    logic [7:0] col, p, q;
    byte_matrix = '0;
    for (int i = 0; i < 8; i++) begin
      q = 8'h01 << i;
      if (ainv_in) begin
        q = {q[6:0], q[7]} ^ {q[4:0], q[7:5]} ^ {q[1:0], q[7:2]};
      end
      col = 8'h00;
      p   = q;
      for (int t = 0; t < 8; t++) begin
        if (c[t]) begin
          col = col ^ p;
        end
        p = {p[6:0], 1'b0} ^ (p[7] ? 8'h1b : 8'h00);
      end
      if (ainv_out) begin
        col = {col[6:0], col[7]} ^ {col[4:0], col[7:5]} ^ {col[1:0], col[7:2]};
      end
      for (int k = 0; k < 8; k++) begin
        byte_matrix[8 * k + i] = col[k];
      end
    end
  endfunction

  // A GF(2)-linear column map given by byte matrices (see byte_matrix):
  //   out byte r = XOR_j  M_j * in byte (r + j) mod 4,   M_j = m[64*j +: 64],
  // each output bit written as one reduction XOR over the 32 column bits (masked by
  // constants at every use), so synthesis builds balanced trees.
  function automatic logic [31:0] column_map(input logic [31:0] col, input logic [255:0] m);
    logic [31:0] terms;
    for (int r = 0; r < 4; r++) begin
      for (int k = 0; k < 8; k++) begin
        for (int j = 0; j < 4; j++) begin
          terms[8 * j +: 8] = col[31 - 8 * ((r + j) % 4) -: 8] & m[64 * j + 8 * k +: 8];
        end
        column_map[31 - 8 * r - 7 + k] = ^terms;
      end
    end
  endfunction

  function automatic logic [127:0] columns_map(input logic [127:0] s, input logic [255:0] m);
    columns_map = {column_map(s[127:96], m), column_map(s[95:64], m),
                   column_map(s[63:32], m), column_map(s[31:0], m)};
  endfunction

  // Byte matrices of MixColumns (02 03 01 01), and for decryption (see mccp_aes_cipher)
  // of A^-1 o InvMixColumns o A^-1 and A^-1 o InvMixColumns (0e 0b 0d 09).
  /* verilator lint_off UNUSEDPARAM */
  localparam logic [255:0] MixMats = {byte_matrix(8'h01, 1'b0, 1'b0),
                                      byte_matrix(8'h01, 1'b0, 1'b0),
                                      byte_matrix(8'h03, 1'b0, 1'b0),
                                      byte_matrix(8'h02, 1'b0, 1'b0)};
  localparam logic [255:0] DecMixMats = {byte_matrix(8'h09, 1'b1, 1'b1),
                                         byte_matrix(8'h0d, 1'b1, 1'b1),
                                         byte_matrix(8'h0b, 1'b1, 1'b1),
                                         byte_matrix(8'h0e, 1'b1, 1'b1)};
  localparam logic [255:0] DecKeyMats = {byte_matrix(8'h09, 1'b0, 1'b1),
                                         byte_matrix(8'h0d, 1'b0, 1'b1),
                                         byte_matrix(8'h0b, 1'b0, 1'b1),
                                         byte_matrix(8'h0e, 1'b0, 1'b1)};
  /* verilator lint_on UNUSEDPARAM */

endpackage
