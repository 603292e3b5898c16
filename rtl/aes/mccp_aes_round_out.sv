// Copyright MCCP contributors.
// SPDX-License-Identifier: Apache-2.0
//
// AES round, layer behind the 16 S-boxes: the next value of the cipher state register.
//
//   load (!running_i):    in_data_i ^ key_i      (initial AddRoundKey), or 0 when zero_i
//                         (a rejected block)
//   encryption round:     MixColumns(ShiftRows(sbox_out_i)) ^ key_i, without MixColumns
//                         when last_i
//   decryption round:     InvShiftRows(sbox_out_i) ^ key_i, and
//                         InvShiftRows(affine_inv(sbox_out_i)) ^ key_i when last_i
//
// key_i is the round key, already transformed for decryption rounds by the owner
// (mccp_aes_cipher), so that this layer is as shallow as possible.
//
// keep_hierarchy: Yosys/ABC then map this layer, the S-boxes and mccp_aes_round_in each
// for their own minimum depth, instead of trading depth between them blindly (ABC does
// not see the S-box delay between them) or folding them into the S-box tables.

(* keep_hierarchy *)
module mccp_aes_round_out #(
  parameter bit DecryptEnable = 1'b1
) (
  input  logic [127:0] sbox_out_i,
  input  logic [127:0] key_i,
  input  logic [127:0] in_data_i,
  input  logic         running_i,
  input  logic         dec_i,
  input  logic         last_i,
  input  logic         zero_i,
  output logic [127:0] state_d_o
);

  // MixColumns as byte matrices (coefficients 02 03 01 01), see mccp_aes_pkg::column_map.
  localparam logic [255:0] MixMats = {mccp_aes_pkg::byte_matrix(8'h01, 1'b0, 1'b0),
                                      mccp_aes_pkg::byte_matrix(8'h01, 1'b0, 1'b0),
                                      mccp_aes_pkg::byte_matrix(8'h03, 1'b0, 1'b0),
                                      mccp_aes_pkg::byte_matrix(8'h02, 1'b0, 1'b0)};

  logic [127:0] enc_sr, enc_out, round_out;

  assign enc_sr  = mccp_aes_pkg::shift_rows(sbox_out_i);
  assign enc_out = last_i ? enc_sr : mccp_aes_pkg::columns_map(enc_sr, MixMats);

  if (DecryptEnable) begin : g_dec
    // the last decryption round leaves the FIPS-197 state: affine_inv of the S-box output
    logic [127:0] dec_sb;
    assign dec_sb    = last_i ? mccp_aes_pkg::affine_inv_bytes(sbox_out_i) : sbox_out_i;
    assign round_out = dec_i ? mccp_aes_pkg::inv_shift_rows(dec_sb) : enc_out;
  end else begin : g_enc
    logic unused_dec;
    assign unused_dec = dec_i;
    assign round_out  = enc_out;
  end

  assign state_d_o = running_i ? (round_out ^ key_i) :
                     zero_i    ? '0 : (in_data_i ^ key_i);

endmodule
