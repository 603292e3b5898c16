// Copyright MCCP contributors.
// SPDX-License-Identifier: Apache-2.0
//
// AES round: everything between the 16 S-boxes and the cipher state register, i.e. the
// next value of the state register (see mccp_aes_cipher for the decryption scheme):
//
//   load (!running_i):       in_data_i ^ key_i             (initial AddRoundKey)
//                            affine_inv(in_data_i ^ key_i) when in_dec_i (decryption)
//                            0                             when zero_i (rejected block)
//   encryption round:        MixColumns(ShiftRows(sb)) ^ key_i, no MixColumns when last_i
//   decryption round:        M(InvShiftRows(sb)) ^ key_i,   M = A^-1 o InvMixColumns o A^-1
//   last decryption round:   InvShiftRows(affine_inv(sb)) ^ key_i
//
// (sb = sbox_out_i, A^-1 = linear part of affine_inv.)  key_i is the round key already
// transformed by the owner as these lines need it.  Every linear map is written as one
// reduction XOR per output bit (mccp_aes_pkg::column_map), so synthesis builds balanced
// trees.
//
// keep_hierarchy: Yosys/ABC maps this layer and the S-boxes each for its own minimum
// depth.  Flattened, ABC traded depth between them without seeing the S-box delay in
// between and duplicated S-box tables (about +1000 LUT4 with decryption).

(* keep_hierarchy *)
module mccp_aes_round_out #(
  parameter bit DecryptEnable = 1'b1
) (
  input  logic [127:0] sbox_out_i,
  input  logic [127:0] key_i,
  input  logic [127:0] in_data_i,
  input  logic         in_dec_i,
  input  logic         running_i,
  input  logic         dec_i,
  input  logic         last_i,
  input  logic         zero_i,
  output logic [127:0] state_d_o
);

  logic [127:0] enc_sr, enc_out, round_out, load_value;

  assign enc_sr  = mccp_aes_pkg::shift_rows(sbox_out_i);
  assign enc_out = last_i ? enc_sr : mccp_aes_pkg::columns_map(enc_sr, mccp_aes_pkg::MixMats);

  if (DecryptEnable) begin : g_dec
    logic [127:0] dec_out;
    assign dec_out = last_i ?
        mccp_aes_pkg::inv_shift_rows(mccp_aes_pkg::affine_inv_bytes(sbox_out_i)) :
        mccp_aes_pkg::columns_map(mccp_aes_pkg::inv_shift_rows(sbox_out_i),
                                  mccp_aes_pkg::DecMixMats);
    assign round_out = dec_i ? dec_out : enc_out;
    assign load_value = in_dec_i ? mccp_aes_pkg::affine_inv_bytes(in_data_i ^ key_i) :
                                   (in_data_i ^ key_i);
  end else begin : g_enc
    logic unused_dec;
    assign unused_dec = dec_i ^ in_dec_i;
    assign round_out  = enc_out;
    assign load_value = in_data_i ^ key_i;
  end

  if (DecryptEnable) begin : g_out_dec
    logic unused_zero;
    assign unused_zero = zero_i;
    assign state_d_o = running_i ? (round_out ^ key_i) : load_value;
  end else begin : g_out_enc
    assign state_d_o = running_i ? (round_out ^ key_i) :
                       zero_i    ? '0 : load_value;
  end

endmodule
