// Copyright MCCP contributors.
// SPDX-License-Identifier: Apache-2.0
//
// AES round-per-clock datapath (AES-128/192/256; decryption when DecryptEnable).
//
// One 128-bit state register, 16 S-boxes, one round per clock.  Round keys are read
// from a round-key store through a combinational read port (rk_idx_o -> rk_i).
//
// Timing of a block (Nr = 10/12/14 rounds):
//   cycle 0        the block is accepted (in_valid_i && in_ready_o); the state register
//                  loads in_data_i ^ rk[first] (the initial AddRoundKey)
//   cycles 1..Nr   one round each
//   cycle Nr+1     out_valid_o; out_data_o is the state register itself.  If the output
//                  is accepted in this cycle, the next block may be accepted in the same
//                  cycle, so back-to-back blocks take Nr + 1 = 11/13/15 cycles each.
//
// Encryption rounds (FIPS-197 cipher):
//   state <= MixColumns(ShiftRows(SubBytes(state))) ^ rk[r]      r = 1 .. Nr-1
//   state <= ShiftRows(SubBytes(state)) ^ rk[Nr]                 last round
//
// Decryption: the FIPS-197 inverse cipher, with the same round keys read in reverse
// order (rk_dec below is derived from them once per key), regrouped so that AddRoundKey
// ends every cycle as in encryption, and without inverse S-box tables.
//
// 1. Regrouping.  The inverse cipher
//      AddRoundKey(rk[Nr]); for r = Nr-1 .. 1 { InvShiftRows; InvSubBytes;
//      AddRoundKey(rk[r]); InvMixColumns }; InvShiftRows; InvSubBytes; AddRoundKey(rk[0])
//    is cut into Nr equal cycles after the load (s = C ^ rk[Nr]):
//      s <= InvShiftRows(InvSubBytes(s)) ^ rk[Nr-1]                    first cycle
//      s <= InvShiftRows(InvSubBytes(InvMixColumns(s))) ^ rk[Nr-c]     cycles c = 2..Nr
// 2. Forward tables.  InvSubBytes(b) = L(S(L(b))) with S the SubBytes table and
//    L = affine_inv (an affine byte map, mccp_aes_pkg).  The register holds the table
//    input u instead of s, so both directions feed the registers straight into the
//    tables:  load u = L(C ^ rk[Nr]),  then with y = S(u) per cycle
//      u <= M(InvShiftRows(y)) ^ rk_dec[r]        r = Nr-1 .. 1
//      s <= InvShiftRows(L(y)) ^ rk[0]            last cycle: the plaintext
//    where M = A^-1 o InvMixColumns o A^-1 (A^-1 = linear part of L) is one linear layer
//    with the cycle's other maps, and rk_dec = A^-1(InvMixColumns(rk)) ^ 0x66 per byte
//    (all constants folded) comes from the round-key store, computed by the key expander
//    once per key.
// Encryption is unchanged by DecryptEnable except for the multiplexers in the round layer
// (mccp_aes_round_out).  With DecryptEnable = 0 all of this is absent and a block with
// in_decrypt_i = 1 is answered at once (next cycle) with out_error_o = 1 and
// out_data_o = 0, in order with the other blocks.
//
// Synthesis structure: the S-boxes (mccp_aes_sbox) and the round layer behind them
// (mccp_aes_round_out) are keep_hierarchy modules, so ABC maps each for its own minimum
// depth (flattened, it duplicated S-box tables and traded depth between them blindly),
// and the linear maps are written as one reduction XOR per output bit
// (mccp_aes_pkg::column_map) so they become balanced trees.
//
// The key size (key_len_i) and the store contents must not change while busy_o is high;
// the owner (mccp_aes_engine) only starts a key expansion when busy_o is low and only
// lets blocks in (start_ok_i) when a complete expanded key is held.

module mccp_aes_cipher
#(
  parameter bit DecryptEnable = 1'b1
) (
  input  logic         clk_i,
  input  logic         rst_ni,
  // key context
  input  logic         start_ok_i,   // blocks may be accepted (an expanded key is held)
  input  logic [1:0]   key_len_i,    // size of that key: 0: 128, 1: 192, 2: 256
  // round-key read port (combinational read)
  output logic [3:0]   rk_idx_o,
  input  logic [127:0] rk_i,
  input  logic [127:0] rk_dec_i,     // decryption form of rk_i (mccp_aes_key_expand)
  // blocks in
  input  logic         in_valid_i,
  output logic         in_ready_o,
  input  logic         in_decrypt_i,
  input  logic [127:0] in_data_i,
  // blocks out
  output logic         out_valid_o,
  input  logic         out_ready_i,
  output logic [127:0] out_data_o,
  output logic         out_error_o,
  output logic         out_next_o,   // out_valid_o rises next cycle (the last round runs)
  // a block is being computed
  output logic         busy_o
);

  logic [127:0] state_q, state_d;
  logic         running_q, dec_q, last_q, out_valid_q, error_q;
  logic [3:0]   idx_q;

  logic [3:0]   nr;
  logic         out_hold, accept, reject, start, in_dec, state_en;

  assign nr       = mccp_aes_pkg::num_rounds(key_len_i);
  assign out_hold = out_valid_q && !out_ready_i;

  assign in_ready_o = start_ok_i && !running_q && !out_hold;
  assign accept     = in_valid_i && in_ready_o;
  assign in_dec     = DecryptEnable && in_decrypt_i;
  assign reject     = accept && in_decrypt_i && !DecryptEnable;
  assign start      = accept && !reject;

  // Round-key index: the running round's key, or the first key of the block on offer.
  assign rk_idx_o = running_q ? idx_q : (in_dec ? nr : 4'd0);

  ////////////////
  // Round logic //
  ////////////////

  logic [127:0] sb_out;

  // The state register feeds the S-boxes directly, in both directions.
  for (genvar b = 0; b < 16; b++) begin : g_sbox
    mccp_aes_sbox u_sbox (
      .data_i(state_q[127 - 8 * b -: 8]),
      .data_o(sb_out[127 - 8 * b -: 8])
    );
  end

  // Round key as the round layer uses it: rk_dec (A^-1(InvMixColumns(rk)) ^ 0x66, from
  // the store) in decryption rounds other than the last, rk otherwise (see the header).
  logic [127:0] round_key;

  if (DecryptEnable) begin : g_dec_key
    assign round_key = (running_q && dec_q && !last_q) ? rk_dec_i : rk_i;
  end else begin : g_enc_key
    logic unused_rk_dec;
    assign unused_rk_dec = ^rk_dec_i;
    assign round_key     = rk_i;
  end

  mccp_aes_round_out #(
    .DecryptEnable(DecryptEnable)
  ) u_round_out (
    .sbox_out_i(sb_out),
    .key_i     (round_key),
    .in_data_i,
    .in_dec_i  (in_dec),
    .running_i (running_q),
    .dec_i     (dec_q),
    .last_i    (last_q),
    .zero_i    (reject),
    .state_d_o (state_d)
  );

  // The state register loads the block on offer whenever it is not computing and not
  // holding an unaccepted result; a block only counts once accepted (start).  A rejected
  // block (decryption without DecryptEnable) loads 0.
  //
  // The asynchronous reset is deliberate: with the hierarchy flattened, Yosys
  // (memory_dff) would otherwise copy this register into every S-box table, turned into a
  // ROM with a registered read port (128 more flip-flops, and the round-key read in series
  // with the S-boxes).
  assign state_en = running_q || !out_hold;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q <= '0;
    end else if (state_en) begin
      state_q <= state_d;
    end
  end

  //////////////
  // Control //
  //////////////

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      running_q   <= 1'b0;
      dec_q       <= 1'b0;
      last_q      <= 1'b0;
      idx_q       <= '0;
      out_valid_q <= 1'b0;
      error_q     <= 1'b0;
    end else begin
      if (out_valid_q && out_ready_i) begin
        out_valid_q <= 1'b0;
      end
      if (start) begin
        running_q <= 1'b1;
        dec_q     <= in_dec;
        last_q    <= 1'b0;  // Nr >= 10: the first round is never the last
        idx_q     <= in_dec ? nr - 4'd1 : 4'd1;
      end else if (running_q) begin
        idx_q   <= dec_q ? idx_q - 4'd1 : idx_q + 4'd1;
        last_q  <= dec_q ? (idx_q == 4'd1) : (idx_q + 4'd1 == nr);
        if (last_q) begin
          running_q   <= 1'b0;
          out_valid_q <= 1'b1;
          error_q     <= 1'b0;
        end
      end
      if (reject) begin
        out_valid_q <= 1'b1;
        error_q     <= 1'b1;
      end
    end
  end

  assign out_valid_o = out_valid_q;
  assign out_data_o  = state_q;
  assign out_error_o = error_q;
  assign busy_o      = running_q;
  assign out_next_o  = running_q && last_q;

endmodule
