// Copyright MCCP contributors.
// SPDX-License-Identifier: Apache-2.0
//
// AES engine package: key-size encoding, round counts, the S-box tables, the contents of
// the cipher's block-RAM tables and the linear round layer that reads them (see
// mccp_aes_cipher), and the decryption form of a round key (dec_round_key) that every
// writer of a round-key store must use.
//
// Byte order (docs/CONVENTIONS.md): in a 128-bit block, blk[127:120] is byte 0 of the
// FIPS-197 byte string.  The state is column-major: byte b = 4*c + r is row r of column c,
// so column c occupies blk[127-32*c -: 32] with row 0 in its top byte.
//
// Every constant function here is self-contained (no calls, no unpacked arrays), so that
// Icarus 11 and Yosys evaluate it at elaboration.

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

  // The 8 x 8 GF(2) matrix of b -> c * b in GF(2^8): bit 8*k + i is 1 when input bit i
  // reaches output bit k (bit k of c * x^i).  Row k, [8*k +: 8], is the set of input bits
  // whose XOR is output bit k.
  function automatic logic [63:0] mul_matrix(input logic [7:0] c);
    logic [7:0] col, p;
    mul_matrix = '0;
    for (int i = 0; i < 8; i++) begin
      p   = 8'h01 << i;
      col = 8'h00;
      for (int t = 0; t < 8; t++) begin
        if (c[t]) begin
          col = col ^ p;
        end
        p = {p[6:0], 1'b0} ^ (p[7] ? 8'h1b : 8'h00);
      end
      for (int k = 0; k < 8; k++) begin
        mul_matrix[8 * k + i] = col[k];
      end
    end
  endfunction

  // A GF(2)-linear column map given by byte matrices (see mul_matrix):
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

  // InvMixColumns of one column: 0e 0b 0d 09.
  /* verilator lint_off UNUSEDPARAM */
  localparam logic [255:0] InvMixMats = {mul_matrix(8'h09), mul_matrix(8'h0d),
                                         mul_matrix(8'h0b), mul_matrix(8'h0e)};
  /* verilator lint_on UNUSEDPARAM */

  // Rows 1 and 3 of a column exchanged.  The cipher keeps the decryption state in this
  // row order (see mccp_aes_cipher), so its round keys are stored the same way.
  function automatic logic [31:0] swap_rows_word(input logic [31:0] w);
    swap_rows_word = {w[31:24], w[7:0], w[15:8], w[23:16]};
  endfunction

  function automatic logic [127:0] swap_rows(input logic [127:0] s);
    for (int c = 0; c < 4; c++) begin
      swap_rows[127 - 32 * c -: 32] = {s[127 - 32 * c -: 8], s[103 - 32 * c -: 8],
                                       s[111 - 32 * c -: 8], s[119 - 32 * c -: 8]};
    end
  endfunction

  // Decryption form of one 32-bit word (a column) of round key i of an Nr-round schedule,
  // last = (i == Nr):
  //   swap_rows(InvMixColumns(w))  for 0 < i < Nr (the equivalent inverse cipher's keys)
  //   swap_rows(w)                 for i == Nr (added to the ciphertext when a block loads)
  // (i == 0: not read; either form.)
  function automatic logic [31:0] dec_key_word(input logic [31:0] w, input logic last);
    dec_key_word = swap_rows_word(last ? w : column_map(w, InvMixMats));
  endfunction

  // The same for a whole round key: what a writer of the round-key store puts next to
  // round key i (mccp_aes_key_expand, or the external round-key port of mccp_aes_engine_rk).
  function automatic logic [127:0] dec_round_key(input logic [127:0] rk, input logic last);
    for (int c = 0; c < 4; c++) begin
      dec_round_key[127 - 32 * c -: 32] = dec_key_word(rk[127 - 32 * c -: 32], last);
    end
  endfunction

  ////////////////
  // S-box tables //
  ////////////////

  // SubBytes as a 256-byte table, entry x at [8*x +: 8], from its definition: the
  // multiplicative inverse in GF(2^8) (through powers of the generator 03) followed by the
  // affine map, so no typed table can hide a typo.
  function automatic logic [2047:0] sbox_table();
    logic [2047:0] expt, logt;
    logic [7:0] p, inv;
    expt = '0;
    logt = '0;
    p    = 8'h01;
    for (int i = 0; i < 255; i++) begin
      expt[8 * i +: 8] = p;
      logt[8 * p +: 8] = i[7:0];
      p = p ^ {p[6:0], 1'b0} ^ (p[7] ? 8'h1b : 8'h00);  // p * 03
    end
    sbox_table = '0;
    for (int x = 1; x < 256; x++) begin
      inv = expt[8 * ((255 - logt[8 * x +: 8]) % 255) +: 8];
      sbox_table[8 * x +: 8] = inv ^ {inv[6:0], inv[7]} ^ {inv[5:0], inv[7:6]} ^
                               {inv[4:0], inv[7:5]} ^ {inv[3:0], inv[7:4]} ^ 8'h63;
    end
    sbox_table[7:0] = 8'h63;
  endfunction

  // The inverse permutation of a byte table (InvSubBytes from SubBytes).
  function automatic logic [2047:0] inv_table(input logic [2047:0] t);
    inv_table = '0;
    for (int x = 0; x < 256; x++) begin
      inv_table[8 * t[8 * x +: 8] +: 8] = x[7:0];
    end
  endfunction

  /* verilator lint_off UNUSEDPARAM */
  localparam logic [2047:0] SboxTable    = sbox_table();
  localparam logic [2047:0] InvSboxTable = inv_table(SboxTable);
  /* verilator lint_on UNUSEDPARAM */

  ///////////////////////////////////////////////////
  // Cipher tables and the round layer behind them //
  ///////////////////////////////////////////////////
  //
  // Each byte of the cipher state addresses one read port of a block RAM that returns 18
  // "pins" (1024 x 18, address {dec, last, x}; 512 x 18, {last, x}, without decryption):
  //   pins[7:0]   A_k      pins[15:8]   B_k      pins[17:16]   C (two extra bits)
  // The round layer (round_layer) makes every bit k of a new state byte the XOR of a few
  // pins of the four bytes MixColumns (InvMixColumns) combines, the byte at row offset
  // j = 0..3 below it contributing the pins in mask(k, j).  A table entry is a GF(2)-linear
  // function of S(x) (of InvS(x) for decryption), so each pin set must sum to bit k of
  // coefficient_j * S(x).
  //
  // Encryption only (TableEnc; MixColumns coefficients 02 03 01 01):
  //   normal rounds:  A = 02*S(x)    B = S(x)    C = bits 1 and 3 of 03*S(x)
  //   last round:     A = S(x)       B = 0       C = 0
  //   mask(k,0) = A_k, mask(k,2) = mask(k,3) = B_k, mask(k,1) = B_i for the bits i of row k
  //   of 03 (C for k = 1, 3), so the last-round entries turn the same XORs into
  //   ShiftRows(S(x)): the last round leaves through the same logic as the others.
  // Encryption and decryption (TableEncDec), one shared layer: the decryption state is
  // kept with rows 1 and 3 exchanged (swap_rows), which turns InvShiftRows into the
  // ShiftRows wiring and InvMixColumns into coefficients 0e 09 0d 0b at offsets 0..3, so
  // the byte at offset j must contribute the pair (enc_j * S, dec_j * InvS) with
  //   (02,0e)  (03,09)  (01,0d)  (01,0b).
  //   encryption entries:   A = 02*S(x)      B = S(x)        C = bits 2, 3 of S(x)
  //   decryption entries:   A = 0e*InvS(x)   B = 0b*InvS(x)  C = bits 2, 3 of 0d*InvS(x)
  //   last decryption round: B = InvS(x) (read by the output register only; A = C = 0)
  //   In GF(2^8), (03,09) = 8c*(02,0e) and (01,0d) = cb*(02,0e) + 8c*(01,0b), so
  //   mask(k,0) = A_k, mask(k,3) = B_k, mask(k,1) = A_i for the bits i of row k of 8c,
  //   mask(k,2) = A_i for row k of cb and B_i for row k of 8c (C for k = 2, 3, where
  //   that costs more than 6 pins).  4 to 8 pins per bit (6.3 on average).
  // (Found by a search over pin sets; decryption without the row exchange, or with the
  // columns exchanged instead, needs 8 to 17 pins per bit.)

  // Table contents, entry a at [18*a +: 18].  dec_enable selects the layout above.
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic logic [18431:0] cipher_table(input logic [2047:0] sb, input logic [2047:0] isb,
                                                  input logic dec_enable);
    logic [7:0] s, s2, s3, y, y2, y4, y8, yb, yd, ye;
    logic       dec, last;
    for (int a = 0; a < 1024; a++) begin
      dec  = a[9];
      last = a[8];
      s  = sb[8 * (a % 256) +: 8];
      s2 = {s[6:0], 1'b0} ^ (s[7] ? 8'h1b : 8'h00);
      s3 = s2 ^ s;
      y  = isb[8 * (a % 256) +: 8];
      y2 = {y[6:0], 1'b0} ^ (y[7] ? 8'h1b : 8'h00);
      y4 = {y2[6:0], 1'b0} ^ (y2[7] ? 8'h1b : 8'h00);
      y8 = {y4[6:0], 1'b0} ^ (y4[7] ? 8'h1b : 8'h00);
      yb = y8 ^ y2 ^ y;
      yd = y8 ^ y4 ^ y;
      ye = y8 ^ y4 ^ y2;
      if (!dec_enable) begin
        cipher_table[18 * a +: 18] = dec ? 18'h00000 :
                                     last ? {2'b00, 8'h00, s} : {s3[3], s3[1], s, s2};
      end else if (!dec) begin
        cipher_table[18 * a +: 18] = {s[3], s[2], s, s2};
      end else begin
        cipher_table[18 * a +: 18] = last ? {2'b00, y, 8'h00} : {yd[3], yd[2], yb, ye};
      end
    end
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  // mask(k, j) at [18*(4*k + j) +: 18] (see above); m03, m8c, mcb = mul_matrix(03, 8c, cb).
  function automatic logic [575:0] layer_masks(input logic dec_enable, input logic [63:0] m03,
                                               input logic [63:0] m8c, input logic [63:0] mcb);
    logic [17:0] m1, m2;
    layer_masks = '0;
    for (int k = 0; k < 8; k++) begin
      if (dec_enable) begin
        m1 = {10'b0, m8c[8 * k +: 8]};
        m2 = (k == 2) ? 18'h10000 : (k == 3) ? 18'h20000 :
             {2'b00, m8c[8 * k +: 8], mcb[8 * k +: 8]};
      end else begin
        m1 = (k == 1) ? 18'h10000 : (k == 3) ? 18'h20000 : {2'b00, m03[8 * k +: 8], 8'h00};
        m2 = 18'h00100 << k;
      end
      layer_masks[18 * (4 * k + 0) +: 18] = 18'h00001 << k;
      layer_masks[18 * (4 * k + 1) +: 18] = m1;
      layer_masks[18 * (4 * k + 2) +: 18] = m2;
      layer_masks[18 * (4 * k + 3) +: 18] = 18'h00100 << k;
    end
  endfunction

  /* verilator lint_off UNUSEDPARAM */
  localparam logic [18431:0] TableEnc    = cipher_table(SboxTable, InvSboxTable, 1'b0);
  localparam logic [18431:0] TableEncDec = cipher_table(SboxTable, InvSboxTable, 1'b1);
  localparam logic [575:0]   MasksEnc    = layer_masks(1'b0, mul_matrix(8'h03),
                                                       mul_matrix(8'h8c), mul_matrix(8'hcb));
  localparam logic [575:0]   MasksEncDec = layer_masks(1'b1, mul_matrix(8'h03),
                                                       mul_matrix(8'h8c), mul_matrix(8'hcb));
  localparam logic [10367:0] PinsEncDec  = layer_pins(MasksEncDec);
  /* verilator lint_on UNUSEDPARAM */

  // The pins of every new state bit as indices into the 288 pins: pin n = 0..8 of bit
  // (bit 8*(15-b) + k of the state, byte b = 4*c + r) at [9*(9*bit + n) +: 9], 511 when the
  // bit has fewer pins.  The source bytes come in row order 0..3 of their diagonal (rows 0
  // and 1 share one block RAM, rows 2 and 3 the other), pins in order within a byte.
  // (One call for all bits: Yosys evaluates constant functions slowly.)
  function automatic logic [10367:0] layer_pins(input logic [575:0] masks);
    int          j, cs, bitpos, seen;
    logic [17:0] m;
    for (int q = 0; q < 1152; q++) begin
      layer_pins[9 * q +: 9] = 9'd511;
    end
    for (int c = 0; c < 4; c++) begin
      for (int r = 0; r < 4; r++) begin
        for (int k = 0; k < 8; k++) begin
          bitpos = 127 - 8 * (4 * c + r) - 7 + k;
          seen   = 0;
          for (int i = 0; i < 4; i++) begin
            j  = (i + 4 - r) % 4;
            cs = (c + i) % 4;
            m  = masks[18 * (4 * k + j) +: 18];
            for (int p = 0; p < 18; p++) begin
              if (m[p] && seen < 9) begin
                layer_pins[9 * (9 * bitpos + seen) +: 9] = 9'(18 * (4 * cs + i) + p);
                seen = seen + 1;
              end
            end
          end
        end
      end
    end
  endfunction

  // The round layer: the 128 state bits from the 16 bytes' pins (byte b at [18*b +: 18]).
  // New byte (r, c) combines the bytes (r + j, c + r + j), j = 0..3 (ShiftRows then one
  // MixColumns column); each bit is one reduction XOR (a balanced tree in synthesis).
  function automatic logic [127:0] round_layer(input logic [287:0] pins, input logic [575:0] masks);
    logic [71:0] terms;
    for (int c = 0; c < 4; c++) begin
      for (int r = 0; r < 4; r++) begin
        for (int k = 0; k < 8; k++) begin
          for (int j = 0; j < 4; j++) begin
            terms[18 * j +: 18] = pins[18 * (4 * ((c + r + j) % 4) + (r + j) % 4) +: 18] &
                                  masks[18 * (4 * k + j) +: 18];
          end
          round_layer[127 - 8 * (4 * c + r) - 7 + k] = ^terms;
        end
      end
    end
  endfunction

endpackage
