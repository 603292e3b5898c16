// Copyright MCCP contributors.
// SPDX-License-Identifier: Apache-2.0
//
// AES engine: key expander + round-key store + round-per-clock cipher with its S-boxes in
// block RAM (8 ECP5 DP16KD: the expander borrows a cipher table port, see
// mccp_aes_cipher).
//
// This is mccp_aes_engine_rk with its own key expander (KeyExpand = 1); the port list is
// the one the programmable core and the fabric were built against.  An engine whose
// round-key store is filled from outside (a key expander shared by several engines) is
// mccp_aes_engine_rk with KeyExpand = 0.
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
//   round key with its decryption form) in distributed RAM.
//
// Blocks (in_valid_i && in_ready_o): in_ready_o stays low while no expanded key is held
// (after reset, and during an expansion) and while key_valid_i is high (a key load on offer
// takes priority over a block on offer).  Results come out in order; with
// DecryptEnable = 0 a decryption request is answered with out_error_o = 1 and data 0.
// A block accepted in cycle t gives out_valid_o in cycle t + Nr + 1: 11/13/15 cycles per
// block for AES-128/192/256, both directions, back to back (mccp_aes_cipher).

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

  mccp_aes_engine_rk #(
    .DecryptEnable(DecryptEnable),
    .KeyExpand    (1'b1)
  ) u_engine (
    .clk_i,
    .rst_ni,
    .key_valid_i,
    .key_ready_o,
    .key_i,
    .key_len_i,
    .key_error_o,
    .key_expanded_o,
    .rk_we_i       (1'b0),
    .rk_idx_i      (4'd0),
    .rk_i          (128'd0),
    .rk_dec_i      (128'd0),
    .rk_done_i     (1'b0),
    .rk_len_i      (2'd0),
    .in_valid_i,
    .in_ready_o,
    .in_decrypt_i,
    .in_data_i,
    .out_valid_o,
    .out_ready_i,
    .out_data_o,
    .out_error_o,
    .out_next_o,
    .busy_o
  );

endmodule
