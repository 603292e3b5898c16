// Copyright MCCP contributors.
// SPDX-License-Identifier: Apache-2.0
//
// AES round, layer in front of the 16 S-boxes (decryption only).
//
// Encryption feeds the state register straight into the S-boxes.  Decryption feeds
//   first cycle:  affine_inv(state)                                  (state = s)
//   later cycles: affine_inv(InvMixColumns(affine_inv(state)))       (state = v)
// per byte, where v = affine_fwd(s) is how mccp_aes_cipher holds the decryption state
// so that the forward S-box tables can be reused (InvSubBytes = affine_inv o SubBytes o
// affine_inv).  The whole layer is one GF(2)-linear map plus constants, 13 to 21 inputs
// per output bit.
//
// keep_hierarchy: Yosys/ABC then map this layer, the S-boxes and mccp_aes_round_out
// each for their own minimum depth, instead of trading depth between them blindly or
// folding these maps into the S-box tables (which duplicates tables).

(* keep_hierarchy *)
module mccp_aes_round_in (
  input  logic [127:0] state_i,
  input  logic         dec_i,
  input  logic         first_i,
  output logic [127:0] sbox_in_o
);

  // affine_inv o InvMixColumns o affine_inv as byte matrices and a constant: the
  // coefficients 0e 0b 0d 09 add up to 01, so the constants 05 of the two affine_inv
  // maps leave affine_inv(05) ^ 05 = 0x66 in every byte.
  localparam logic [255:0] Mats = {mccp_aes_pkg::byte_matrix(8'h09, 1'b1, 1'b1),
                                   mccp_aes_pkg::byte_matrix(8'h0d, 1'b1, 1'b1),
                                   mccp_aes_pkg::byte_matrix(8'h0b, 1'b1, 1'b1),
                                   mccp_aes_pkg::byte_matrix(8'h0e, 1'b1, 1'b1)};

  logic [127:0] s_inv, s_mixed;

  assign s_inv   = mccp_aes_pkg::affine_inv_bytes(state_i);
  assign s_mixed = mccp_aes_pkg::columns_map(state_i, Mats) ^ {16{8'h66}};

  assign sbox_in_o = !dec_i  ? state_i :
                     first_i ? s_inv : s_mixed;

endmodule
