// Copyright MCCP contributors.
// SPDX-License-Identifier: Apache-2.0
//
// AES engine with a choice of key source: round-key store + round-per-clock cipher
// (mccp_aes_cipher), and either its own key expander fed by key_i (KeyExpand = 1, what
// mccp_aes_engine is) or an external round-key port (KeyExpand = 0: no expander, the store
// is written from outside, e.g. by one mccp_aes_key_expand shared by many engines).
//
// Blocks (in_valid_i && in_ready_o), the same with both key sources: in_ready_o stays low
// while no complete schedule is held (after reset, while one is being written) and while a
// key load or a round-key write is on offer in the same cycle.  Results come out in order;
// with DecryptEnable = 0 a decryption request is answered with out_error_o = 1 and data 0.
// See mccp_aes_cipher for the datapath and the cycle counts: a block accepted in cycle t
// gives out_valid_o in cycle t + Nr + 1 (11/13/15 for AES-128/192/256, both directions),
// back to back every Nr + 1 cycles.
//
// KeyExpand = 1 (key_valid_i && key_ready_o; rk_* inputs unused):
// - key_ready_o is high when no key expansion runs and no block is being computed.  A
//   result waiting in the output (out_valid_o && !out_ready_i) does not block a key load;
//   it stays valid and is not affected.
// - key_len_i == 3: the load is accepted and rejected: key_error_o pulses for one cycle
//   in the next cycle, no expansion runs, and the previous key (if any) stays in use.
// - Otherwise the expansion runs once: key_expanded_o drops in the next cycle and rises
//   again 87 / 87 / 115 cycles after the accepted load (AES-128 / 192 / 256), when the
//   whole schedule is in the store; a block can be accepted in that cycle.  busy_o is
//   high meanwhile.  The expander's S-box is a table port of the cipher, free while no
//   block runs (no block RAM of its own).
//
// KeyExpand = 0, the round-key port (key_valid_i, key_i, key_len_i unused):
// - rk_we_i writes round key rk_idx_i (0..Nr): rk_i, and with DecryptEnable its decryption
//   form rk_dec_i = mccp_aes_pkg::dec_round_key(rk_i, rk_idx_i == Nr) (ignored without).
//   mccp_aes_key_expand's write port (rk_we_o, rk_idx_o, rk_o, rk_dec_o, done_o) is this
//   port.  Writes are allowed only while key_ready_o is high (no block being computed: a
//   write under a running block would change its round keys) or after a write of the same
//   schedule; key_ready_o = !busy_o here.  A write drops key_expanded_o in the next cycle
//   and holds in_ready_o low in its own cycle, so no block starts on a partial schedule.
// - rk_done_i (with or after the last write) says the schedule is complete; rk_len_i is its
//   key size.  rk_len_i 0..2: key_expanded_o rises in the next cycle and blocks are accepted
//   from then on.  rk_len_i == 3: key_error_o pulses in the next cycle and key_expanded_o
//   stays low (the store holds a partial schedule).
// - key_expanded_o, blocks refused until the schedule is complete: as above.  busy_o is
//   high while a block is computed.
//
// The store holds 16 words of 128 bits (256 with DecryptEnable: each round key with its
// decryption form) in distributed RAM (mccp_aes_round_key_store), or with
// RoundKeysInBlockRam (encryption only) in block RAM: 4 EBR instead of 32 DPR16X4 and their
// slices, for designs that have block RAM to spare.  The cipher then gives the round-key
// index a cycle ahead, and blocks are refused for one more cycle after a round-key write
// (a read of the word being written is undefined in the block RAM); the counts above do not
// change otherwise.

module mccp_aes_engine_rk
#(
  parameter bit DecryptEnable = 1'b1,
  parameter bit KeyExpand     = 1'b1,
  parameter bit RoundKeysInBlockRam = 1'b0   // encryption only (see above)
) (
  input  logic         clk_i,
  input  logic         rst_ni,
  // key load (KeyExpand = 1): starts the one-time key expansion
  input  logic         key_valid_i,
  output logic         key_ready_o,
  input  logic [255:0] key_i,       // left-aligned, key_i[255:248] = key byte 0
  input  logic [1:0]   key_len_i,   // 0: 128, 1: 192, 2: 256, 3: invalid
  output logic         key_error_o, // one-cycle pulse: a key size 3 was rejected
  output logic         key_expanded_o, // level: a complete expanded key is held
  // round-key port (KeyExpand = 0)
  input  logic         rk_we_i,
  input  logic [3:0]   rk_idx_i,
  input  logic [127:0] rk_i,
  input  logic [127:0] rk_dec_i,
  input  logic         rk_done_i,
  input  logic [1:0]   rk_len_i,
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

  // Round-key store words: {decryption form, round key} with DecryptEnable.
  localparam int RkWidth = DecryptEnable ? 256 : 128;

  logic               cipher_busy, exp_busy, start_ok;
  logic               invalidate, done_ok, done_bad;
  logic [1:0]         done_len;
  logic               key_expanded_q, key_error_q;
  logic [1:0]         key_len_q;

  logic               st_we;
  logic [3:0]         st_widx, rk_ridx, rk_ridx_next, store_ridx;
  logic               written_q;
  logic [127:0]       st_rk, st_rk_dec, rk_rdata, rk_dec_rdata;
  logic [RkWidth-1:0] store_wdata, store_rdata;

  logic               sbox_en;
  logic [7:0]         sbox_addr, sbox_data;

  if (KeyExpand) begin : g_expander
    logic key_fire, exp_start, exp_done;
    logic unused_rk_port;

    assign key_ready_o = !exp_busy && !cipher_busy;
    assign key_fire    = key_valid_i && key_ready_o;
    assign exp_start   = key_fire && (key_len_i != mccp_aes_pkg::KeyLenInvalid);

    mccp_aes_key_expand #(
      .DecKeys(DecryptEnable),
      .ExtSbox(1'b1)
    ) u_key_expand (
      .clk_i,
      .rst_ni,
      .start_i    (exp_start),
      .key_i,
      .key_len_i,
      .busy_o     (exp_busy),
      .done_o     (exp_done),
      .rk_we_o    (st_we),
      .rk_idx_o   (st_widx),
      .rk_o       (st_rk),
      .rk_dec_o   (st_rk_dec),
      .sbox_en_o  (sbox_en),
      .sbox_addr_o(sbox_addr),
      .sbox_data_i(sbox_data)
    );

    assign invalidate = exp_start;
    assign done_ok    = exp_done;
    assign done_bad   = key_fire && (key_len_i == mccp_aes_pkg::KeyLenInvalid);
    assign done_len   = key_len_i;  // captured at exp_start (see below)
    assign start_ok   = key_expanded_q && !exp_busy && !key_valid_i && !written_q;

    assign unused_rk_port = ^{rk_we_i, rk_idx_i, rk_i, rk_dec_i, rk_done_i, rk_len_i};
  end else begin : g_rk_port
    logic unused_key_port;

    assign key_ready_o = !cipher_busy;
    assign exp_busy    = 1'b0;
    assign st_we       = rk_we_i;
    assign st_widx     = rk_idx_i;
    assign st_rk       = rk_i;
    assign st_rk_dec   = rk_dec_i;
    assign sbox_en     = 1'b0;
    assign sbox_addr   = 8'h00;
    assign invalidate  = rk_we_i;
    assign done_ok     = rk_done_i && (rk_len_i != mccp_aes_pkg::KeyLenInvalid);
    assign done_bad    = rk_done_i && (rk_len_i == mccp_aes_pkg::KeyLenInvalid);
    assign done_len    = rk_len_i;
    assign start_ok    = key_expanded_q && !rk_we_i && !written_q;

    assign unused_key_port = ^{key_valid_i, key_i, key_len_i, sbox_data};
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      key_expanded_q <= 1'b0;
      key_error_q    <= 1'b0;
      key_len_q      <= mccp_aes_pkg::KeyLen128;
    end else begin
      key_error_q <= done_bad;
      // The expander takes the key size at its start, the round-key port with done.
      if (KeyExpand ? invalidate : done_ok) begin
        key_len_q <= done_len;
      end
      if (done_ok) begin
        key_expanded_q <= 1'b1;
      end else if (invalidate || (!KeyExpand && done_bad)) begin
        key_expanded_q <= 1'b0;
      end
    end
  end

  if (DecryptEnable) begin : g_dec_store
    assign store_wdata  = {st_rk_dec, st_rk};
    assign rk_rdata     = store_rdata[127:0];
    assign rk_dec_rdata = store_rdata[255:128];
  end else begin : g_enc_store
    logic unused_rk_dec;
    assign unused_rk_dec = ^st_rk_dec;
    assign store_wdata   = st_rk;
    assign rk_rdata      = store_rdata;
    assign rk_dec_rdata  = '0;
  end

  // The store's read address: now, or with a registered read (block RAM) one cycle ahead;
  // written_q: the last cycle wrote a round key, so this cycle's read may be undefined.
  if (RoundKeysInBlockRam) begin : g_rk_block_ram
`ifndef SYNTHESIS
    initial begin
      if (DecryptEnable) begin
        $fatal(1, "mccp_aes_engine_rk: RoundKeysInBlockRam needs DecryptEnable = 0 (a decryption's first round key is known only when its block is offered)");
      end
    end
`endif
    logic unused_ridx;
    assign unused_ridx = ^rk_ridx;
    assign store_ridx  = rk_ridx_next;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        written_q <= 1'b0;
      end else begin
        written_q <= st_we;
      end
    end
  end else begin : g_rk_distributed
    logic unused_ridx_next;
    assign unused_ridx_next = ^rk_ridx_next;
    assign store_ridx       = rk_ridx;
    assign written_q        = 1'b0;
  end

  mccp_aes_round_key_store #(
    .NumKeys (1),
    .Width   (RkWidth),
    .BlockRam(RoundKeysInBlockRam)
  ) u_round_key_store (
    .clk_i,
    .we_i   (st_we),
    .wsel_i (1'b0),
    .widx_i (st_widx),
    .wdata_i(store_wdata),
    .rsel_i (1'b0),
    .ridx_i (store_ridx),
    .rdata_o(store_rdata)
  );

  mccp_aes_cipher #(
    .DecryptEnable(DecryptEnable)
  ) u_cipher (
    .clk_i,
    .rst_ni,
    .start_ok_i  (start_ok),
    .key_len_i   (key_len_q),
    .rk_idx_o    (rk_ridx),
    .rk_idx_next_o(rk_ridx_next),
    .rk_i        (rk_rdata),
    .rk_dec_i    (rk_dec_rdata),
    .sbox_en_i   (sbox_en),
    .sbox_addr_i (sbox_addr),
    .sbox_data_o (sbox_data),
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
