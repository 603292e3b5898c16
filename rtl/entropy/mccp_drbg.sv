// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// CTR_DRBG (NIST SP 800-90A rev. 1, 10.2) with AES-128 or AES-256, with or without the
// derivation function (Block_Cipher_df, 10.3.2), and the conditioning of its entropy input
// (CBC-MAC with AES, SP 800-90B 3.1.5.1.1): one AES engine does all of it.
//
// The state (Key, V, reseed counter) lives in this module's flip-flops only; no port reads
// it.  One command at a time:
//
//   instantiate  entropy (keylen) || nonce (keylen/2) || personalization string  (with df)
//                entropy (seedlen) xor personalization string                   (without)
//   reseed       entropy (keylen) || additional input, or entropy (seedlen) xor it
//   generate     out_blocks 128-bit blocks; reseeds first with fresh entropy and the
//                additional input when asked to (prediction resistance) or when the reseed
//                counter has passed reseed_interval_i (9.3.1), and the additional input is
//                then empty
//   zeroize      Key, V, counter to zero, not instantiated
//
// Entropy words (128 bits, full entropy) come from one of two places, per command:
// - conditioned here: each word is CBC-MAC (AES-256, fixed key CondKey) over cond_blocks_i
//   raw 128-bit blocks from raw_*, so that cond_blocks_i * 128 * H >= 128 + 64 for the raw
//   samples' min-entropy H per bit (the host computes it from its claimed H);
// - ext_*: words used as they are (the start-up known-answer test's constants; in a
//   simulation build, test entropy from the request body).  cmd_ext_i picks them.
// The words an operation needs are taken before it starts computing: instantiate keylen/128
// + 1 (the nonce is the top keylen/16 bytes of the last one) with df, else seedlen/128;
// reseed keylen/128 with df, else seedlen/128.
//
// The additional input / personalization string arrives on data_* as ceil(add_bytes/16)
// words, byte 0 at [127:120]; bytes beyond add_bytes are ignored.  Without df it may be at
// most seedlen/8 bytes, with df at most MaxAddBytes: else BAD_LENGTH before anything is read
// or changed (the words are still drained).  A generate of more than 4096 blocks (2^19
// bits, 10.2.1's max_number_of_bits_per_request) is BAD_LENGTH too.
//
// alarm_i (the health tests failed) aborts the command in progress: the state is zeroized
// and the status is ALARM; commands are refused with ALARM while alarm_i is high.
module mccp_drbg #(
  parameter int MaxAddBytes = 256
) (
  input  logic         clk_i,
  input  logic         rst_ni,

  input  logic         cmd_valid_i,
  output logic         cmd_ready_o,
  input  logic [1:0]   cmd_op_i,          // mccp_entropy_pkg::Drbg<op>
  input  logic         cmd_k256_i,        // instantiate: AES-256 (else AES-128)
  input  logic         cmd_df_i,          // instantiate: with the derivation function
  input  logic         cmd_pr_i,          // generate: reseed first (prediction resistance)
  input  logic         cmd_ext_i,         // entropy from ext_* (else conditioned from raw_*)
  input  logic [15:0]  cmd_add_bytes_i,   // bytes on data_* (personalization / additional input)
  input  logic [12:0]  cmd_blocks_i,      // generate: output blocks

  input  logic [31:0]  reseed_interval_i, // generates between reseeds (>= 1)
  input  logic [3:0]   cond_blocks_i,     // raw blocks per conditioned word (>= 1)
  input  logic         alarm_i,

  input  logic         raw_valid_i,
  output logic         raw_ready_o,
  input  logic [127:0] raw_data_i,

  input  logic         ext_valid_i,
  output logic         ext_ready_o,
  input  logic [127:0] ext_data_i,

  input  logic         data_valid_i,
  output logic         data_ready_o,
  input  logic [127:0] data_i,

  output logic         out_valid_o,
  input  logic         out_ready_i,
  output logic [127:0] out_data_o,

  output logic         done_o,            // one-cycle pulse: the command ended
  output logic [1:0]   done_status_o,     // mccp_entropy_pkg::Drbg<status>
  output logic         busy_o,
  output logic         instantiated_o,
  output logic [31:0]  reseed_counter_o   // 90A's reseed_counter (1 after a (re)seed)
);
  localparam logic [1:0] OpInstantiate = mccp_entropy_pkg::DrbgInstantiate;
  localparam logic [1:0] OpReseed      = mccp_entropy_pkg::DrbgReseed;
  localparam logic [1:0] OpGenerate    = mccp_entropy_pkg::DrbgGenerate;
  localparam logic [1:0] StsOk         = mccp_entropy_pkg::DrbgOk;
  localparam logic [1:0] StsNotInst    = mccp_entropy_pkg::DrbgNotInstantiated;
  localparam logic [1:0] StsBadLength  = mccp_entropy_pkg::DrbgBadLength;
  localparam logic [1:0] StsAlarm      = mccp_entropy_pkg::DrbgAlarm;

  // Block_Cipher_df's key, 0x00 01 02 .. (10.3.2 step 8); AES-128 takes its first 16 bytes.
  localparam logic [255:0] DfKey = 256'h000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f;

  typedef enum logic [4:0] {
    StIdle, StDrain, StEnt, StCondKey, StCondMac, StDfKey, StDfIv, StDfPack, StDfBcc, StDfKey2,
    StDfOut, StNoDf, StUpdKey, StUpd, StUpdEnd, StGenKey, StGen, StWipe, StDone
  } state_e;

  // What the running Update is for, so StUpdEnd knows where to go.
  typedef enum logic [1:0] {PhSeed, PhGenAdd, PhGenEnd} phase_e;

  // The df input, one piece after another: S = L || N || input || 0x80 || 0*.
  typedef enum logic [2:0] {PcHeader, PcEntropy, PcNonce, PcData, PcMarker, PcFlush, PcEnd} piece_e;

  // The key the AES engine holds (the state's key is loaded again only when it changed).
  typedef enum logic [1:0] {EkNone, EkState, EkCond, EkDf} ekey_e;

  state_e        state_q;
  phase_e        phase_q;
  piece_e        piece_q;
  ekey_e         ekey_q;

  logic [1:0]    op_q;
  logic [1:0]    st_q;
  logic          ext_q;
  logic          reseed_q;                   // this operation takes entropy
  logic          k256_q, df_q, inst_q;
  logic [15:0]   add_bytes_q, add_left_q;
  logic [12:0]   blocks_left_q;
  logic [31:0]   rc_q;

  logic [255:0]  key_q;
  logic [127:0]  v_q;
  logic [2:0][127:0] t_q;                    // BCC chains, then Update's temp
  logic [2:0][127:0] pd_q;                   // entropy words, then the provided data
  logic [127:0]  s_q;                        // the block of S being chained
  logic [127:0]  x_q;                        // df's X; the CBC-MAC chain
  logic [63:0]   hold_q;                     // df packer: 8 bytes waiting for their other half
  logic          half_q;
  logic [1:0]    j_q;                        // block index within a state
  logic [1:0]    e_idx_q;                    // entropy word index
  logic [3:0]    r_q;                        // raw block index within a conditioned word
  logic          enc_q;                      // a block is in the engine

  logic [1:0]    blocks_m1;                  // seedlen/128 - 1
  logic [1:0]    ent_words_m1;               // entropy words of this operation - 1
  logic [15:0]   ent_bytes;                  // entropy bytes in the df input
  assign blocks_m1 = k256_q ? 2'd2 : 2'd1;
  always_comb begin
    if (!df_q)                        ent_words_m1 = blocks_m1;
    else if (op_q == OpInstantiate) ent_words_m1 = k256_q ? 2'd2 : 2'd1;
    else                              ent_words_m1 = k256_q ? 2'd1 : 2'd0;
    if (!reseed_q)                    ent_bytes = 16'd0;
    else if (op_q == OpInstantiate) ent_bytes = k256_q ? 16'd48 : 16'd24;
    else                              ent_bytes = k256_q ? 16'd32 : 16'd16;
  end

  // ---------------------------------------------------------------------------------------
  // AES engine, encryption only: the FSM offers a key or one block and waits for it.
  logic         key_valid, key_ready, key_is_256;
  logic [255:0] key_data;
  logic         in_valid, in_ready, out_valid;
  logic [127:0] in_data, enc_out;
  logic         unused_key_error, unused_key_expanded, unused_out_error, unused_out_next, unused_busy;

  mccp_aes_engine #(.DecryptEnable(1'b0)) u_aes (
    .clk_i, .rst_ni,
    .key_valid_i   (key_valid),
    .key_ready_o   (key_ready),
    .key_i         (key_data),
    .key_len_i     (key_is_256 ? mccp_aes_pkg::KeyLen256 : mccp_aes_pkg::KeyLen128),
    .key_error_o   (unused_key_error),
    .key_expanded_o(unused_key_expanded),
    .in_valid_i    (in_valid),
    .in_ready_o    (in_ready),
    .in_decrypt_i  (1'b0),
    .in_data_i     (in_data),
    .out_valid_o   (out_valid),
    .out_ready_i   (1'b1),
    .out_data_o    (enc_out),
    .out_error_o   (unused_out_error),
    .out_next_o    (unused_out_next),
    .busy_o        (unused_busy)
  );
  logic unused;
  assign unused = ^{unused_key_error, unused_key_expanded, unused_out_error, unused_out_next, unused_busy};

  logic key_fire, in_fire;
  assign key_fire = key_valid && key_ready;
  assign in_fire  = in_valid && in_ready;

  logic [127:0] v_inc;
  assign v_inc = v_q + 128'd1;

  // Additional input / personalization words, masked to their byte count.
  logic         data_last;        // the word on data_i is the input's last
  logic [4:0]   data_n;           // its bytes (1..16)
  logic [127:0] data_masked;
  assign data_last = add_left_q <= 16'd16;
  assign data_n    = data_last ? add_left_q[4:0] : 5'd16;
  always_comb begin
    data_masked = data_i;
    for (int b = 0; b < 16; b++) begin
      if (b >= int'(data_n)) data_masked[127 - 8*b -: 8] = 8'h00;
    end
  end

  always_comb begin
    key_valid  = 1'b0;
    key_data   = key_q;
    key_is_256 = k256_q;
    in_valid   = 1'b0;
    in_data    = v_inc;
    unique case (state_q)
      StCondKey: begin key_valid = 1'b1; key_data = mccp_entropy_pkg::CondKeyValue; key_is_256 = 1'b1; end
      StDfKey:   begin key_valid = 1'b1; key_data = DfKey; end
      StDfKey2:  begin key_valid = 1'b1; key_data = k256_q ? {t_q[0], t_q[1]} : {t_q[0], 128'd0}; end
      StUpdKey, StGenKey: key_valid = (ekey_q != EkState);
      StWipe:    begin key_valid = 1'b1; key_data = '0; end
      StCondMac: begin in_valid = !enc_q && raw_valid_i; in_data = x_q ^ raw_data_i; end
      StDfIv:    begin in_valid = !enc_q; in_data = {30'd0, j_q, 96'd0}; end
      StDfBcc:   begin in_valid = !enc_q; in_data = t_q[j_q] ^ s_q; end
      StDfOut:   begin in_valid = !enc_q; in_data = x_q; end
      StUpd:     in_valid = !enc_q;
      StGen:     in_valid = !enc_q && !out_valid_o && blocks_left_q != '0;
      default: ;
    endcase
  end

  assign raw_ready_o = (state_q == StCondMac) && in_fire;
  assign ext_ready_o = (state_q == StEnt) && ext_q;

  // ---------------------------------------------------------------------------------------
  // df packer: each piece gives a half word (8 bytes at [127:64]) or a full one; a block of S
  // is out when 16 bytes are together.  Pieces other than the last are whole halves, so the
  // bytes of S only ever move by 0 or 8.
  logic         unit_half, unit_full, unit_take_data;
  logic [127:0] unit_data;
  piece_e       piece_next;
  logic [31:0]  df_l;
  assign df_l = 32'(ent_bytes) + 32'(add_bytes_q);

  always_comb begin
    unit_half      = 1'b0;
    unit_full      = 1'b0;
    unit_take_data = 1'b0;
    unit_data      = '0;
    piece_next     = piece_q;
    unique case (piece_q)
      PcHeader: begin   // L and N (bytes), 32 bits each
        unit_half  = 1'b1;
        unit_data  = {df_l, 24'd0, k256_q ? 8'd48 : 8'd32, 64'd0};
        piece_next = (ent_bytes != '0) ? PcEntropy : PcData;
      end
      PcEntropy: begin
        unit_full = 1'b1;
        unit_data = pd_q[e_idx_q];
        if (e_idx_q == (k256_q ? 2'd1 : 2'd0)) piece_next = (op_q == OpInstantiate) ? PcNonce : PcData;
      end
      PcNonce: begin    // keylen/2 bits: a word for AES-256, the top half of one for AES-128
        unit_full  = k256_q;
        unit_half  = !k256_q;
        unit_data  = pd_q[e_idx_q];
        piece_next = PcData;
      end
      PcData: begin
        if (add_left_q == '0) begin
          piece_next = PcMarker;
        end else if (data_valid_i) begin
          // The last word carries the 0x80 after its last byte; of fewer than 8 bytes it is
          // a half, so S gets no block of padding alone.
          unit_take_data = 1'b1;
          unit_data      = data_masked;
          if (data_last && data_n != 5'd16) unit_data[127 - 8*int'(data_n) -: 8] = 8'h80;
          unit_half  = data_last && data_n < 5'd8;
          unit_full  = !unit_half;
          piece_next = !data_last ? PcData : (data_n == 5'd16) ? PcMarker : PcFlush;
        end
      end
      PcMarker: begin
        unit_half  = 1'b1;
        unit_data  = {8'h80, 120'd0};
        piece_next = PcFlush;
      end
      PcFlush: begin    // a waiting half, zero padded
        unit_half  = half_q;
        piece_next = PcEnd;
      end
      default: ;
    endcase
  end

  logic         emit;
  logic [127:0] emit_data;
  assign emit      = half_q ? (unit_half || unit_full) : unit_full;
  assign emit_data = half_q ? {hold_q, unit_data[127:64]} : unit_data;

  // ---------------------------------------------------------------------------------------
  // The command and its checks.
  logic cmd_fire, cmd_df, cmd_k256, add_too_long, gen_reseeds;
  logic [1:0]   cmd_op;
  logic [1:0]   cmd_status;
  assign cmd_op       = cmd_op_i;
  assign cmd_ready_o  = (state_q == StIdle) && !enc_q;
  assign cmd_fire     = cmd_valid_i && cmd_ready_o;
  assign cmd_df       = (cmd_op == OpInstantiate) ? cmd_df_i : df_q;
  assign cmd_k256     = (cmd_op == OpInstantiate) ? cmd_k256_i : k256_q;
  assign add_too_long = cmd_df ? (cmd_add_bytes_i > 16'(MaxAddBytes))
                               : (cmd_add_bytes_i > (cmd_k256 ? 16'd48 : 16'd32));
  assign gen_reseeds  = cmd_pr_i || (rc_q > reseed_interval_i);

  always_comb begin
    cmd_status = StsOk;
    if (cmd_op == mccp_entropy_pkg::DrbgZeroize)                                    cmd_status = StsOk;
    else if (alarm_i)                                             cmd_status = StsAlarm;
    else if (cmd_op != OpInstantiate && !inst_q)                cmd_status = StsNotInst;
    else if (add_too_long)                                        cmd_status = StsBadLength;
    else if (cmd_op == OpGenerate && cmd_blocks_i > 13'd4096)   cmd_status = StsBadLength;
  end

  assign data_ready_o = (state_q == StDrain) || (state_q == StNoDf && add_left_q != '0)
                     || (state_q == StDfPack && unit_take_data);

  // Abort: the health tests failed during a command.
  logic abort;
  assign abort = alarm_i && state_q != StIdle && state_q != StDrain && state_q != StWipe && state_q != StDone;

  // ---------------------------------------------------------------------------------------
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q       <= StIdle;
      phase_q       <= PhSeed;
      piece_q       <= PcHeader;
      ekey_q        <= EkNone;
      op_q          <= mccp_entropy_pkg::DrbgZeroize;
      st_q          <= StsOk;
      ext_q         <= 1'b0;
      reseed_q      <= 1'b0;
      k256_q        <= 1'b0;
      df_q          <= 1'b0;
      inst_q        <= 1'b0;
      add_bytes_q   <= '0;
      add_left_q    <= '0;
      blocks_left_q <= '0;
      rc_q          <= '0;
      key_q         <= '0;
      v_q           <= '0;
      t_q           <= '0;
      pd_q          <= '0;
      s_q           <= '0;
      x_q           <= '0;
      hold_q        <= '0;
      half_q        <= 1'b0;
      j_q           <= '0;
      e_idx_q       <= '0;
      r_q           <= '0;
      enc_q         <= 1'b0;
      out_valid_o   <= 1'b0;
      out_data_o    <= '0;
      done_o        <= 1'b0;
      done_status_o <= StsOk;
    end else begin
      done_o <= 1'b0;
      if (in_fire) enc_q <= 1'b1;
      if (out_valid) enc_q <= 1'b0;
      if (out_valid_o && out_ready_i) out_valid_o <= 1'b0;
      // every input word taken, whichever state takes it
      if (data_valid_i && data_ready_o) add_left_q <= data_last ? 16'd0 : add_left_q - 16'd16;

      unique case (state_q)
        StIdle: if (cmd_fire) begin
          op_q          <= cmd_op;
          ext_q         <= cmd_ext_i;
          add_bytes_q   <= cmd_add_bytes_i;
          add_left_q    <= cmd_add_bytes_i;
          blocks_left_q <= cmd_blocks_i;
          st_q          <= cmd_status;
          j_q           <= '0;
          e_idx_q       <= '0;
          r_q           <= '0;
          x_q           <= '0;
          if (cmd_status != StsOk) begin
            state_q <= (cmd_add_bytes_i != '0) ? StDrain : StDone;
          end else begin
            unique case (cmd_op)
              OpInstantiate: begin   // a new state from Key = 0, V = 0
                key_q    <= '0;
                v_q      <= '0;
                rc_q     <= '0;
                inst_q   <= 1'b0;
                k256_q   <= cmd_k256_i;
                df_q     <= cmd_df_i;
                if (ekey_q == EkState) ekey_q <= EkNone;
                reseed_q <= 1'b1;
                phase_q  <= PhSeed;
                state_q  <= StEnt;
              end
              OpReseed: begin
                reseed_q <= 1'b1;
                phase_q  <= PhSeed;
                state_q  <= StEnt;
              end
              OpGenerate: begin
                reseed_q <= gen_reseeds;
                phase_q  <= gen_reseeds ? PhSeed : PhGenAdd;
                pd_q     <= '0;
                // Without reseed and additional input the df and the first Update are skipped.
                state_q  <= gen_reseeds ? StEnt
                          : (cmd_add_bytes_i == '0) ? StGenKey
                          : df_q ? StDfKey : StNoDf;
              end
              default: state_q <= StWipe;   // zeroize
            endcase
          end
        end

        StDrain: if (data_valid_i) begin
          if (data_last) state_q <= (st_q == StsAlarm) ? StWipe : StDone;
        end

        // Entropy words into pd_q: from ext_*, or conditioned from raw blocks.
        StEnt: begin
          if (ext_q) begin
            if (ext_valid_i) begin
              pd_q[e_idx_q] <= ext_data_i;
              e_idx_q       <= e_idx_q + 2'd1;
              if (e_idx_q == ent_words_m1) begin
                e_idx_q <= '0;
                state_q <= df_q ? StDfKey : StNoDf;
              end
            end
          end else begin
            state_q <= (ekey_q == EkCond) ? StCondMac : StCondKey;
          end
        end
        StCondKey: if (key_fire) begin
          ekey_q  <= EkCond;
          state_q <= StCondMac;
        end
        StCondMac: if (out_valid) begin
          if (r_q == cond_blocks_i - 4'd1) begin
            pd_q[e_idx_q] <= enc_out;
            x_q           <= '0;
            r_q           <= '0;
            e_idx_q       <= e_idx_q + 2'd1;
            if (e_idx_q == ent_words_m1) begin
              e_idx_q <= '0;
              state_q <= df_q ? StDfKey : StNoDf;
            end
          end else begin
            x_q <= enc_out;
            r_q <= r_q + 4'd1;
          end
        end

        // Without df: pd = entropy xor input (for a generate: the input), a word at a time;
        // the words the input does not reach keep the entropy (zero for a generate).
        StNoDf: begin
          if (add_left_q != '0) begin
            if (data_valid_i) begin
              pd_q[e_idx_q] <= pd_q[e_idx_q] ^ data_masked;
              e_idx_q       <= e_idx_q + 2'd1;
            end
          end else begin
            e_idx_q <= '0;
            state_q <= StUpdKey;
          end
        end

        // Block_Cipher_df: the chains start from BCC(K, IV_i), take S a block at a time (all
        // chains per block, so S is read once), then K' || X and B encryptions of X.
        StDfKey: if (key_fire) begin
          ekey_q  <= EkDf;
          j_q     <= '0;
          state_q <= StDfIv;
        end
        StDfIv: if (out_valid) begin
          t_q[j_q] <= enc_out;
          j_q      <= j_q + 2'd1;
          if (j_q == blocks_m1) begin
            j_q     <= '0;
            piece_q <= PcHeader;
            half_q  <= 1'b0;
            e_idx_q <= '0;
            state_q <= StDfPack;
          end
        end
        StDfPack: begin
          if (piece_q == PcEnd) begin
            state_q <= StDfKey2;
          end else begin
            piece_q <= piece_next;
            if (piece_q == PcEntropy || piece_q == PcNonce) e_idx_q <= e_idx_q + 2'd1;
            if (half_q && (unit_half || unit_full)) begin
              if (unit_full) hold_q <= unit_data[63:0];
              half_q <= unit_full;
            end else if (!half_q && unit_half) begin
              hold_q <= unit_data[127:64];
              half_q <= 1'b1;
            end
            if (emit) begin
              s_q     <= emit_data;
              j_q     <= '0;
              state_q <= StDfBcc;
            end
          end
        end
        StDfBcc: if (out_valid) begin
          t_q[j_q] <= enc_out;
          j_q      <= j_q + 2'd1;
          if (j_q == blocks_m1) begin
            j_q     <= '0;
            state_q <= StDfPack;
          end
        end
        StDfKey2: if (key_fire) begin
          ekey_q  <= EkNone;
          x_q     <= k256_q ? t_q[2] : t_q[1];
          j_q     <= '0;
          state_q <= StDfOut;
        end
        StDfOut: if (out_valid) begin
          x_q       <= enc_out;
          pd_q[j_q] <= enc_out;
          j_q       <= j_q + 2'd1;
          if (j_q == blocks_m1) begin
            j_q     <= '0;
            state_q <= StUpdKey;
          end
        end

        // Update(pd): temp = E(V+1) || E(V+2) || .., xor pd; Key || V = temp.
        StUpdKey: if (ekey_q == EkState || key_fire) begin
          ekey_q  <= EkState;
          j_q     <= '0;
          state_q <= StUpd;
        end
        StUpd: if (out_valid) begin
          v_q      <= v_inc;
          t_q[j_q] <= enc_out ^ pd_q[j_q];
          j_q      <= j_q + 2'd1;
          if (j_q == blocks_m1) begin
            j_q     <= '0;
            state_q <= StUpdEnd;
          end
        end
        StUpdEnd: begin
          key_q  <= k256_q ? {t_q[0], t_q[1]} : {t_q[0], 128'd0};
          v_q    <= k256_q ? t_q[2] : t_q[1];
          ekey_q <= EkNone;
          unique case (phase_q)
            PhSeed: begin
              rc_q   <= 32'd1;
              inst_q <= 1'b1;
              if (op_q == OpGenerate) begin
                pd_q    <= '0;   // the additional input went into the reseed
                state_q <= StGenKey;
              end else begin
                state_q <= StDone;
              end
            end
            PhGenAdd: state_q <= StGenKey;
            default: begin
              rc_q    <= rc_q + 32'd1;
              state_q <= StDone;
            end
          endcase
        end

        // Generate: E(V+1), E(V+2), .. out, then Update(additional input).
        StGenKey: if (ekey_q == EkState || key_fire) begin
          ekey_q  <= EkState;
          phase_q <= PhGenEnd;
          state_q <= StGen;
        end
        StGen: begin
          if (out_valid) begin
            v_q           <= v_inc;
            out_valid_o   <= 1'b1;
            out_data_o    <= enc_out;
            blocks_left_q <= blocks_left_q - 13'd1;
          end
          if (blocks_left_q == '0 && !enc_q && !out_valid_o) begin
            j_q     <= '0;
            state_q <= StUpd;
          end
        end

        // Zeroize: the state and the engine's round keys.
        StWipe: if (key_fire) begin
          key_q   <= '0;
          v_q     <= '0;
          rc_q    <= '0;
          inst_q  <= 1'b0;
          ekey_q  <= EkNone;
          state_q <= StDone;
        end

        StDone: begin
          done_o        <= 1'b1;
          done_status_o <= st_q;
          state_q       <= StIdle;
        end
        default: state_q <= StIdle;
      endcase

      // The health tests failed: stop, forget the state (the words in flight too).
      if (abort) begin
        key_q       <= '0;
        v_q         <= '0;
        rc_q        <= '0;
        inst_q      <= 1'b0;
        t_q         <= '0;
        pd_q        <= '0;
        s_q         <= '0;
        x_q         <= '0;
        hold_q      <= '0;
        out_valid_o <= 1'b0;
        out_data_o  <= '0;
        ekey_q      <= EkNone;
        st_q        <= StsAlarm;
        state_q     <= (add_left_q != '0) ? StDrain : StWipe;
      end
    end
  end

  assign busy_o           = (state_q != StIdle);
  assign instantiated_o   = inst_q;
  assign reseed_counter_o = rc_q;
endmodule
