// Copyright MCCP contributors.
// SPDX-License-Identifier: Apache-2.0
//
// Synthesis wrapper for mccp_aes_engine (used by `mccp synth`).
//
// All 390 input bits of the engine (key, key size, block, handshakes) come from
// one serial pin through a shift register; all 135 output bits are folded into
// one serial pin by an XOR signature register.  The engine therefore keeps its
// full logic and its timing paths start and end at registers, not at pins.

module mccp_synth_aes_engine #(
  parameter bit DecryptEnable = 1'b1
) (
  input  logic clk_i,
  input  logic rst_ni,
  input  logic serial_i,
  output logic serial_o
);

  // key_valid, key[256], key_len[2], in_valid, in_decrypt, in_data[128], out_ready
  localparam int unsigned InWidth  = 1 + 256 + 2 + 1 + 1 + 128 + 1;
  // key_ready, key_error, key_expanded, in_ready, out_valid, out_data[128], out_error, out_next, busy
  localparam int unsigned OutWidth = 1 + 1 + 1 + 1 + 1 + 128 + 1 + 1 + 1;

  logic [InWidth-1:0]  stim;
  logic [OutWidth-1:0] resp;

  logic         key_valid, key_ready, key_error, key_expanded;
  logic [255:0] key;
  logic [1:0]   key_len;
  logic         in_valid, in_ready, in_decrypt;
  logic [127:0] in_data;
  logic         out_valid, out_ready, out_error, out_next, busy;
  logic [127:0] out_data;

  mccp_synth_sipo #(
    .Width(InWidth)
  ) u_stim (
    .clk_i,
    .rst_ni,
    .serial_i,
    .par_o   (stim)
  );

  assign {key_valid, key, key_len, in_valid, in_decrypt, in_data, out_ready} = stim;

  mccp_aes_engine #(
    .DecryptEnable(DecryptEnable)
  ) u_unit (
    .clk_i,
    .rst_ni,
    .key_valid_i   (key_valid),
    .key_ready_o   (key_ready),
    .key_i         (key),
    .key_len_i     (key_len),
    .key_error_o   (key_error),
    .key_expanded_o(key_expanded),
    .in_valid_i    (in_valid),
    .in_ready_o    (in_ready),
    .in_decrypt_i  (in_decrypt),
    .in_data_i     (in_data),
    .out_valid_o   (out_valid),
    .out_ready_i   (out_ready),
    .out_data_o    (out_data),
    .out_error_o   (out_error),
    .out_next_o    (out_next),
    .busy_o        (busy)
  );

  assign resp = {key_ready, key_error, key_expanded, in_ready, out_valid, out_data, out_error,
                 out_next, busy};

  mccp_synth_misr #(
    .Width(OutWidth)
  ) u_resp (
    .clk_i,
    .rst_ni,
    .par_i   (resp),
    .serial_o
  );

endmodule
