// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// Test-only top: the AES engine and the GHASH unit side by side, every port
// brought out (aes_* and gh_*), one clock and reset.  The cocotb bench
// tests/unit/tb_gcm_datapath.py plays the sequencer: it sends counter blocks
// to the engine, turns the keystream into ciphertext, feeds A || C || lengths
// to the GHASH unit and forms the tag.
module tb_gcm_datapath #(
  parameter int DigitBits = 16
) (
  input  logic         clk_i,
  input  logic         rst_ni,
  // AES engine
  input  logic         aes_key_valid_i,
  output logic         aes_key_ready_o,
  input  logic [255:0] aes_key_i,
  input  logic [1:0]   aes_key_len_i,
  output logic         aes_key_error_o,
  output logic         aes_key_expanded_o,
  input  logic         aes_in_valid_i,
  output logic         aes_in_ready_o,
  input  logic         aes_in_decrypt_i,
  input  logic [127:0] aes_in_data_i,
  output logic         aes_out_valid_o,
  input  logic         aes_out_ready_i,
  output logic [127:0] aes_out_data_o,
  output logic         aes_out_error_o,
  output logic         aes_busy_o,
  // GHASH unit
  input  logic         gh_h_we_i,
  input  logic [127:0] gh_h_i,
  input  logic         gh_clear_i,
  input  logic         gh_in_valid_i,
  output logic         gh_in_ready_o,
  input  logic [127:0] gh_in_data_i,
  output logic [127:0] gh_y_o,
  output logic         gh_busy_o
);

  mccp_aes_engine u_aes (
    .clk_i,
    .rst_ni,
    .key_valid_i    (aes_key_valid_i),
    .key_ready_o    (aes_key_ready_o),
    .key_i          (aes_key_i),
    .key_len_i      (aes_key_len_i),
    .key_error_o    (aes_key_error_o),
    .key_expanded_o (aes_key_expanded_o),
    .in_valid_i     (aes_in_valid_i),
    .in_ready_o     (aes_in_ready_o),
    .in_decrypt_i   (aes_in_decrypt_i),
    .in_data_i      (aes_in_data_i),
    .out_valid_o    (aes_out_valid_o),
    .out_ready_i    (aes_out_ready_i),
    .out_data_o     (aes_out_data_o),
    .out_error_o    (aes_out_error_o),
    .busy_o         (aes_busy_o)
  );

  mccp_ghash #(
    .DigitBits(DigitBits)
  ) u_ghash (
    .clk_i,
    .rst_ni,
    .h_we_i     (gh_h_we_i),
    .h_i        (gh_h_i),
    .clear_i    (gh_clear_i),
    .in_valid_i (gh_in_valid_i),
    .in_ready_o (gh_in_ready_o),
    .in_data_i  (gh_in_data_i),
    .y_o        (gh_y_o),
    .busy_o     (gh_busy_o)
  );

endmodule
