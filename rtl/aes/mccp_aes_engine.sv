// Copyright MCCP contributors.
// SPDX-License-Identifier: Apache-2.0
//
// AES engine: key expander + round-key store + round-per-clock cipher.
//
// Key load (key_valid_i && key_ready_o):
// - key_ready_o is high when no key expansion runs and no block is being computed.  A
//   result waiting in the output (out_valid_o && !out_ready_i) does not block a key load;
//   it stays valid and is not affected.
// - key_len_i == 3: the load is accepted and rejected: key_error_o pulses for one cycle
//   in the next cycle, no expansion runs, and the previous key (if any) stays in use.
// - Otherwise the expansion runs once: key_expanded_o drops in the next cycle and rises
//   again 87 / 87 / 115 cycles after the accepted load (AES-128 / 192 / 256), when the
//   whole schedule is in the store; a block can be accepted in that cycle.  busy_o is
//   high meanwhile.  The store holds 16 words of 128 bits (256 with DecryptEnable: each
//   round key with its decryption form, see mccp_aes_cipher) in distributed RAM.
//
// Blocks (in_valid_i && in_ready_o): in_ready_o stays low while no expanded key is held
// (after reset, and during an expansion) and while key_valid_i is high (a key load on offer
// takes priority over a block on offer).  Results come out in order; with
// DecryptEnable = 0 a decryption request is answered with out_error_o = 1 and data 0.
// See mccp_aes_cipher for the datapath and the cycle counts (11/13/15 cycles per block,
// back to back).

module mccp_aes_engine
#(
  parameter bit DecryptEnable = 1'b1
) (
  input  logic         clk_i,
  input  logic         rst_ni,
  // key load: starts the one-time key expansion. Accepted only when key_ready_o.
  input  logic         key_valid_i,
  output logic         key_ready_o,
  input  logic [255:0] key_i,       // left-aligned, key_i[255:248] = key byte 0
  input  logic [1:0]   key_len_i,   // 0: 128, 1: 192, 2: 256, 3: invalid
  output logic         key_error_o, // one-cycle pulse: a load with key_len_i == 3 was rejected
  output logic         key_expanded_o, // level: a valid expanded key is held
  // blocks
  input  logic         in_valid_i,
  output logic         in_ready_o,
  input  logic         in_decrypt_i,
  input  logic [127:0] in_data_i,   // in_data_i[127:120] = byte 0
  output logic         out_valid_o,
  input  logic         out_ready_i,
  output logic [127:0] out_data_o,
  output logic         out_error_o,
  output logic         out_next_o,  // out_valid_o rises next cycle (for owners that decide a cycle ahead)
  output logic         busy_o       // a key expansion or a block is in progress
);

  logic         exp_busy, exp_done, cipher_busy;
  logic         key_fire, exp_start;
  logic         key_expanded_q, key_error_q;
  logic [1:0]   key_len_q;

  // Round-key store words: {decryption form, round key} with DecryptEnable (see
  // mccp_aes_key_expand), the round key alone without.
  localparam int RkWidth = DecryptEnable ? 256 : 128;

  logic                rk_we;
  logic [3:0]          rk_widx, rk_ridx;
  logic [127:0]        rk_wdata, rk_dec_wdata, rk_rdata, rk_dec_rdata;
  logic [RkWidth-1:0]  store_wdata, store_rdata;

  assign key_ready_o = !exp_busy && !cipher_busy;
  assign key_fire    = key_valid_i && key_ready_o;
  assign exp_start   = key_fire && (key_len_i != mccp_aes_pkg::KeyLenInvalid);

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      key_expanded_q <= 1'b0;
      key_error_q    <= 1'b0;
      key_len_q      <= mccp_aes_pkg::KeyLen128;
    end else begin
      key_error_q <= key_fire && (key_len_i == mccp_aes_pkg::KeyLenInvalid);
      if (exp_start) begin
        key_expanded_q <= 1'b0;
        key_len_q      <= key_len_i;
      end else if (exp_done) begin
        key_expanded_q <= 1'b1;
      end
    end
  end

  mccp_aes_key_expand #(
    .DecKeys(DecryptEnable)
  ) u_key_expand (
    .clk_i,
    .rst_ni,
    .start_i  (exp_start),
    .key_i,
    .key_len_i,
    .busy_o   (exp_busy),
    .done_o   (exp_done),
    .rk_we_o  (rk_we),
    .rk_idx_o (rk_widx),
    .rk_o     (rk_wdata),
    .rk_dec_o (rk_dec_wdata)
  );

  if (DecryptEnable) begin : g_dec_store
    assign store_wdata  = {rk_dec_wdata, rk_wdata};
    assign rk_rdata     = store_rdata[127:0];
    assign rk_dec_rdata = store_rdata[255:128];
  end else begin : g_enc_store
    logic unused_rk_dec;
    assign unused_rk_dec = ^rk_dec_wdata;
    assign store_wdata   = rk_wdata;
    assign rk_rdata      = store_rdata;
    assign rk_dec_rdata  = '0;
  end

  mccp_aes_round_key_store #(
    .NumKeys(1),
    .Width  (RkWidth)
  ) u_round_key_store (
    .clk_i,
    .we_i   (rk_we),
    .wsel_i (1'b0),
    .widx_i (rk_widx),
    .wdata_i(store_wdata),
    .rsel_i (1'b0),
    .ridx_i (rk_ridx),
    .rdata_o(store_rdata)
  );

  mccp_aes_cipher #(
    .DecryptEnable(DecryptEnable)
  ) u_cipher (
    .clk_i,
    .rst_ni,
    .start_ok_i  (key_expanded_q && !exp_busy && !key_valid_i),
    .key_len_i   (key_len_q),
    .rk_idx_o    (rk_ridx),
    .rk_i        (rk_rdata),
    .rk_dec_i    (rk_dec_rdata),
    .in_valid_i,
    .in_ready_o,
    .in_decrypt_i,
    .in_data_i,
    .out_valid_o,
    .out_ready_i,
    .out_data_o,
    .out_error_o,
    .out_next_o,
    .busy_o      (cipher_busy)
  );

  assign key_error_o    = key_error_q;
  assign key_expanded_o = key_expanded_q;
  assign busy_o         = exp_busy || cipher_busy;

endmodule
