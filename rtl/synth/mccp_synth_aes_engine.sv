// Copyright MCCP contributors.
// SPDX-License-Identifier: Apache-2.0
//
// Synthesis wrapper for mccp_aes_engine (used by `mccp synth`).
//
// All input bits of the engine (key, key size, block, handshakes) come from one serial
// pin through a shift register; all output bits are folded into one serial pin by an XOR
// signature register.  The engine therefore keeps its full logic and its timing paths
// start and end at registers, not at pins.
//
// KeyExpand = 1: mccp_aes_engine (own key expander, key_* ports), 390 input bits.
// KeyExpand = 0: mccp_aes_engine_rk without expander, its round-key port (rk_*) fed
// instead of the key ports, 395 input bits.

module mccp_synth_aes_engine #(
  parameter bit DecryptEnable = 1'b1,
  parameter bit KeyExpand     = 1'b1
) (
  input  logic clk_i,
  input  logic rst_ni,
  input  logic serial_i,
  output logic serial_o
);

  // KeyExpand = 1: key_valid, key[256], key_len[2], in_valid, in_decrypt, in_data[128], out_ready.
  // KeyExpand = 0: rk_we, rk_idx[4], rk[128], rk_dec[128], rk_done, rk_len[2], in_valid, in_decrypt,
  // in_data[128], out_ready.
  localparam int unsigned InWidth = KeyExpand ? 1 + 256 + 2 + 1 + 1 + 128 + 1
                                              : 1 + 4 + 128 + 128 + 1 + 2 + 1 + 1 + 128 + 1;
  // key_ready, key_error, key_expanded, in_ready, out_valid, out_data[128], out_error, out_next, busy
  localparam int unsigned OutWidth = 1 + 1 + 1 + 1 + 1 + 128 + 1 + 1 + 1;

  logic [InWidth-1:0]  stim;
  logic [OutWidth-1:0] resp;

  mccp_synth_shell #(
    .InWidth  (InWidth),
    .OutWidth (OutWidth)
  ) u_shell (
    .clk_i,
    .rst_ni,
    .serial_i,
    .serial_o,
    .stim_o   (stim),
    .resp_i   (resp)
  );

  logic         key_ready, key_error, key_expanded;
  logic         in_valid, in_ready, in_decrypt;
  logic [127:0] in_data;
  logic         out_valid, out_ready, out_error, out_next, busy;
  logic [127:0] out_data;

  if (KeyExpand) begin : g_key_port
    logic               key_valid;
    logic [255:0]       key;
    logic [1:0]         key_len;

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
  end else begin : g_rk_port
    logic               rk_we, rk_done;
    logic [3:0]         rk_idx;
    logic [127:0]       rk, rk_dec;
    logic [1:0]         rk_len;

    assign {rk_we, rk_idx, rk, rk_dec, rk_done, rk_len, in_valid, in_decrypt, in_data,
            out_ready} = stim;

    mccp_aes_engine_rk #(
      .DecryptEnable(DecryptEnable),
      .KeyExpand    (1'b0)
    ) u_unit (
      .clk_i,
      .rst_ni,
      .key_valid_i   (1'b0),
      .key_ready_o   (key_ready),
      .key_i         (256'd0),
      .key_len_i     (2'd0),
      .key_error_o   (key_error),
      .key_expanded_o(key_expanded),
      .rk_we_i       (rk_we),
      .rk_idx_i      (rk_idx),
      .rk_i          (rk),
      .rk_dec_i      (rk_dec),
      .rk_done_i     (rk_done),
      .rk_len_i      (rk_len),
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
  end

  assign resp = {key_ready, key_error, key_expanded, in_ready, out_valid, out_data, out_error,
                 out_next, busy};

endmodule
