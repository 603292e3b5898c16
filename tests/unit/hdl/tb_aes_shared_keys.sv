// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// Test-only top: one stand-alone key expander (mccp_aes_key_expand with its own S-box
// ROM) filling the round-key stores of two engines through their round-key ports
// (mccp_aes_engine_rk, KeyExpand = 0): engine 0 with decryption, engine 1 encrypt-only,
// as a fabric would share one expander.  kx_sel_i (sampled with kx_start_i) says which
// engines take the schedule; the glue is only the per-engine write enable and the key
// size captured at the start.  The cocotb bench tests/unit/tb_aes_shared_keys.py starts
// a schedule only when the selected engines show key_ready_o.
module tb_aes_shared_keys (
  input  logic         clk_i,
  input  logic         rst_ni,
  // shared expander
  input  logic         kx_start_i,
  input  logic [255:0] kx_key_i,
  input  logic [1:0]   kx_len_i,
  input  logic [1:0]   kx_sel_i,
  output logic         kx_busy_o,
  // engine 0 (DecryptEnable = 1)
  output logic         e0_key_ready_o,
  output logic         e0_key_error_o,
  output logic         e0_key_expanded_o,
  input  logic         e0_in_valid_i,
  output logic         e0_in_ready_o,
  input  logic         e0_in_decrypt_i,
  input  logic [127:0] e0_in_data_i,
  output logic         e0_out_valid_o,
  input  logic         e0_out_ready_i,
  output logic [127:0] e0_out_data_o,
  output logic         e0_out_error_o,
  output logic         e0_busy_o,
  // engine 1 (DecryptEnable = 0)
  output logic         e1_key_ready_o,
  output logic         e1_key_error_o,
  output logic         e1_key_expanded_o,
  input  logic         e1_in_valid_i,
  output logic         e1_in_ready_o,
  input  logic         e1_in_decrypt_i,
  input  logic [127:0] e1_in_data_i,
  output logic         e1_out_valid_o,
  input  logic         e1_out_ready_i,
  output logic [127:0] e1_out_data_o,
  output logic         e1_out_error_o,
  output logic         e1_busy_o
);

  logic         kx_we, kx_done, kx_sben;
  logic [3:0]   kx_idx;
  logic [127:0] kx_rk, kx_rk_dec;
  logic [7:0]   kx_sbox_addr;
  logic [1:0]   sel_q, len_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      sel_q <= '0;
      len_q <= '0;
    end else if (kx_start_i && !kx_busy_o) begin
      sel_q <= kx_sel_i;
      len_q <= kx_len_i;
    end
  end

  mccp_aes_key_expand #(
    .DecKeys(1'b1),
    .ExtSbox(1'b0)
  ) u_key_expand (
    .clk_i,
    .rst_ni,
    .start_i    (kx_start_i),
    .key_i      (kx_key_i),
    .key_len_i  (kx_len_i),
    .busy_o     (kx_busy_o),
    .done_o     (kx_done),
    .rk_we_o    (kx_we),
    .rk_idx_o   (kx_idx),
    .rk_o       (kx_rk),
    .rk_dec_o   (kx_rk_dec),
    .sbox_en_o  (kx_sben),
    .sbox_addr_o(kx_sbox_addr),
    .sbox_data_i(8'h00)
  );

  logic unused_sbox;
  assign unused_sbox = ^{kx_sben, kx_sbox_addr};

  mccp_aes_engine_rk #(
    .DecryptEnable(1'b1),
    .KeyExpand    (1'b0)
  ) u_engine0 (
    .clk_i,
    .rst_ni,
    .key_valid_i    (1'b0),
    .key_ready_o    (e0_key_ready_o),
    .key_i          (256'd0),
    .key_len_i      (2'd0),
    .key_error_o    (e0_key_error_o),
    .key_expanded_o (e0_key_expanded_o),
    .rk_we_i        (kx_we && sel_q[0]),
    .rk_idx_i       (kx_idx),
    .rk_i           (kx_rk),
    .rk_dec_i       (kx_rk_dec),
    .rk_done_i      (kx_done && sel_q[0]),
    .rk_len_i       (len_q),
    .in_valid_i     (e0_in_valid_i),
    .in_ready_o     (e0_in_ready_o),
    .in_decrypt_i   (e0_in_decrypt_i),
    .in_data_i      (e0_in_data_i),
    .out_valid_o    (e0_out_valid_o),
    .out_ready_i    (e0_out_ready_i),
    .out_data_o     (e0_out_data_o),
    .out_error_o    (e0_out_error_o),
    .busy_o         (e0_busy_o)
  );

  mccp_aes_engine_rk #(
    .DecryptEnable(1'b0),
    .KeyExpand    (1'b0)
  ) u_engine1 (
    .clk_i,
    .rst_ni,
    .key_valid_i    (1'b0),
    .key_ready_o    (e1_key_ready_o),
    .key_i          (256'd0),
    .key_len_i      (2'd0),
    .key_error_o    (e1_key_error_o),
    .key_expanded_o (e1_key_expanded_o),
    .rk_we_i        (kx_we && sel_q[1]),
    .rk_idx_i       (kx_idx),
    .rk_i           (kx_rk),
    .rk_dec_i       (kx_rk_dec),
    .rk_done_i      (kx_done && sel_q[1]),
    .rk_len_i       (len_q),
    .in_valid_i     (e1_in_valid_i),
    .in_ready_o     (e1_in_ready_o),
    .in_decrypt_i   (e1_in_decrypt_i),
    .in_data_i      (e1_in_data_i),
    .out_valid_o    (e1_out_valid_o),
    .out_ready_i    (e1_out_ready_i),
    .out_data_o     (e1_out_data_o),
    .out_error_o    (e1_out_error_o),
    .busy_o         (e1_busy_o)
  );

endmodule
