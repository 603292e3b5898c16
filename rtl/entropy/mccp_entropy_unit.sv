// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// The randomness unit, a slot of kind rng (docs/entropy.md): entropy source, SP 800-90B
// health tests, raw block collector and the CTR_DRBG with its conditioning, a controller
// that brings them up, and the tasks of an rng channel.  Its task ports are the unit side of
// mccp_slot_io (as an EC unit's).
//
// Bring-up (after reset with en_i, and after each restart_i): the DRBG is zeroized, the
// health tests restart and pass their start-up test on StartupSamples samples, the DRBG
// runs its known-answer test (mccp_entropy_pkg::Kat*: instantiate, reseed, two generates;
// a mismatch is an alarm), is zeroized again and instantiated (AES-256, df) from conditioned
// entropy.  Then tasks run.  A health-test failure at any time is an alarm: the DRBG forgets
// its state (a command in progress ends RNG_ALARM, its output discarded by the slot), tasks
// answer RNG_ALARM until restart_i.  Tasks before the unit is ready answer RNG_NOT_READY.
// capture_i stops the DRBG (zeroized) and sends the raw samples to cap_* instead, for the
// entropy assessment (docs/entropy.md); leaving capture needs restart_i.
//
// Tasks (MODE of an rng channel, mccp_regs_pkg::MODE_*).  The body starts with a request
// word: bytes 0..3 the output bytes (big endian), byte 4 bit 0 prediction resistance; the
// rest of the body is the additional input (personalization string for instantiate).
// - generate: the bytes, ceil(n/16) words (the last one's unused bytes zero); n at most
//   16 * OutWords, else BAD_PARAM.
// - ec-keygen: d uniform in [1, n-1] of curve start_curve_i (FIPS 186-5 A.2.2: a candidate
//   c of bitlen(n) bits from the DRBG, rejected while c > n - 2, d = c + 1), as W =
//   ceil(m/128) words, most significant first, right aligned; BAD_CURVE for a curve above
//   EcMaxM.  The fabric sends it to a key slot, never to the stream.
// - reseed, instantiate: no result words.
// - drbg-test (TestEntropy builds only, else BAD_PARAM): request byte 5 the DRBG command,
//   byte 6 bit 0 AES-256 and bit 1 df (instantiate), byte 7 the entropy words that follow
//   the request word (they replace the source's); then the additional input.
// Status: OK, BAD_PARAM (also an input longer than the DRBG takes), BAD_CURVE, RNG_ALARM,
// RNG_NOT_READY.  The whole body is read whatever the answer.
module mccp_entropy_unit #(
  parameter int NumRings       = 24,
  parameter int Stages         = 3,
  parameter int SampleDiv      = 3,
  parameter bit SimModel       = 1'b0,
  parameter bit TestEntropy    = 1'b0,
  parameter int OutWords       = 128,
  parameter int MaxAddBytes    = 256,
  parameter int EcMaxM         = 283,
  parameter int StartupSamples = 1024
) (
  input  logic         clk_i,
  input  logic         rst_ni,

  // task
  input  logic         start_valid_i,
  output logic         start_ready_o,
  input  logic [2:0]   start_func_i,      // the channel's MODE
  input  logic [2:0]   start_curve_i,     // the channel's CURVE (ec-keygen)
  input  logic [15:0]  start_bytes_i,     // payload_len: body bytes
  input  logic         in_valid_i,
  output logic         in_ready_o,
  input  logic [127:0] in_data_i,
  output logic         out_we_o,
  output logic [127:0] out_data_o,
  input  logic         out_space_i,
  output logic         res_valid_o,
  input  logic         res_ready_i,
  output logic [7:0]   res_status_o,
  output logic         busy_o,
  input  logic         abort_i,

  // host control
  input  logic         en_i,              // run the source (0: rings stopped, unit stopped)
  input  logic         restart_i,         // pulse: a fresh bring-up (clears an alarm)
  input  logic         capture_i,         // raw samples to cap_*, the DRBG stopped
  input  logic [15:0]  rct_cutoff_i,
  input  logic [15:0]  apt_cutoff_i,
  input  logic [3:0]   cond_blocks_i,
  input  logic [31:0]  reseed_interval_i,

  // host status (never a DRBG state bit)
  output logic [2:0]   state_o,           // mccp_regs_pkg::RNG_STATE_*
  output logic         rct_fail_o,
  output logic         apt_fail_o,
  output logic         kat_fail_o,
  output logic [31:0]  samples_o,
  output logic [15:0]  rct_max_o,
  output logic [15:0]  apt_max_o,
  output logic [31:0]  reseed_counter_o,

  // raw sample capture: 32 consecutive samples a word, the first at bit 31
  output logic [31:0]  cap_data_o,        // the oldest word (0 when none)
  output logic [5:0]   cap_count_o,       // words waiting
  input  logic         cap_pop_i,
  output logic         cap_overrun_o      // a sample was lost (the host did not keep up)
);

  localparam logic [1:0] OpInstantiate = mccp_entropy_pkg::DrbgInstantiate;
  localparam logic [1:0] OpReseed      = mccp_entropy_pkg::DrbgReseed;
  localparam logic [1:0] OpGenerate    = mccp_entropy_pkg::DrbgGenerate;
  localparam logic [1:0] OpZeroize     = mccp_entropy_pkg::DrbgZeroize;

  // ---------------------------------------------------------------------------------------
  // Source, health tests, collector.
  logic        sample_valid, sample, use_sample, startup_done, health_alarm, health_restart;
  logic        raw_valid, raw_ready;
  logic [127:0] raw_data;

  mccp_entropy_src #(.NumRings(NumRings), .Stages(Stages), .SimModel(SimModel), .SampleDiv(SampleDiv)) u_src (
    .clk_i, .rst_ni, .en_i,
    .sample_valid_o(sample_valid),
    .sample_o      (sample)
  );

  mccp_entropy_health #(.StartupSamples(StartupSamples)) u_health (
    .clk_i, .rst_ni,
    .restart_i     (health_restart),
    .rct_cutoff_i,
    .apt_cutoff_i,
    .sample_valid_i(sample_valid),
    .sample_i      (sample),
    .use_o         (use_sample),
    .startup_done_o(startup_done),
    .alarm_o       (health_alarm),
    .rct_fail_o,
    .apt_fail_o,
    .samples_o,
    .rct_max_o,
    .apt_max_o
  );

  logic capturing;
  mccp_entropy_collect u_collect (
    .clk_i, .rst_ni,
    .flush_i    (health_restart || health_alarm || capturing),
    .use_i      (use_sample && !capturing),
    .sample_i   (sample),
    .raw_valid_o(raw_valid),
    .raw_ready_i(raw_ready),
    .raw_data_o (raw_data)
  );

  // ---------------------------------------------------------------------------------------
  // The DRBG; its commands come from the controller or from the task running.
  logic         cmd_valid, cmd_ready, cmd_k256, cmd_df, cmd_pr, cmd_ext;
  logic [1:0]   cmd_op;
  logic [15:0]  cmd_add_bytes;
  logic [12:0]  cmd_blocks;
  logic         ext_valid, ext_ready, data_valid, data_ready, dout_valid, dout_ready;
  logic [127:0] ext_data, dout_data;
  logic         drbg_done, drbg_busy, drbg_inst;
  logic [1:0]   drbg_status;
  logic         kat_fail_q;
  logic         abort_q;               // the running task was aborted (watchdog, host)

  mccp_drbg #(.MaxAddBytes(MaxAddBytes)) u_drbg (
    .clk_i, .rst_ni,
    .cmd_valid_i      (cmd_valid),
    .cmd_ready_o      (cmd_ready),
    .cmd_op_i         (cmd_op),
    .cmd_k256_i       (cmd_k256),
    .cmd_df_i         (cmd_df),
    .cmd_pr_i         (cmd_pr),
    .cmd_ext_i        (cmd_ext),
    .cmd_add_bytes_i  (cmd_add_bytes),
    .cmd_blocks_i     (cmd_blocks),
    .reseed_interval_i,
    .cond_blocks_i,
    .alarm_i          (health_alarm || kat_fail_q || abort_q),
    .raw_valid_i      (raw_valid),
    .raw_ready_o      (raw_ready),
    .raw_data_i       (raw_data),
    .ext_valid_i      (ext_valid),
    .ext_ready_o      (ext_ready),
    .ext_data_i       (ext_data),
    .data_valid_i     (data_valid),
    .data_ready_o     (data_ready),
    .data_i           (in_data_i),
    .out_valid_o      (dout_valid),
    .out_ready_i      (dout_ready),
    .out_data_o       (dout_data),
    .done_o           (drbg_done),
    .done_status_o    (drbg_status),
    .busy_o           (drbg_busy),
    .instantiated_o   (drbg_inst),
    .reseed_counter_o
  );

  // ---------------------------------------------------------------------------------------
  // Controller: bring-up, alarm, capture.
  typedef enum logic [3:0] {
    CtOff, CtZero, CtStartup, CtKatInst, CtKatReseed, CtKatGen1, CtKatGen2, CtKatZero, CtInst,
    CtReady, CtAlarm, CtCapture
  } ctl_e;
  ctl_e       ctl_q;
  logic       ctl_sent_q;                // the state's DRBG command was accepted
  logic [1:0] kat_idx_q;                 // KAT entropy word / output word index
  logic       restart_q;                 // a restart waits for the running task

  // Task FSM (below) owns the DRBG while it runs a command.
  typedef enum logic [2:0] {TkIdle, TkReq, TkCmd, TkKeyAdd, TkKeyOut, TkDrain, TkResult} task_e;
  task_e      tk_q;
  logic       tk_drbg;                   // the task's DRBG command is on cmd_* / running

  logic ctl_cmd;                         // the controller's state issues a command
  always_comb begin
    ctl_cmd = 1'b0;
    unique case (ctl_q)
      CtZero, CtKatInst, CtKatReseed, CtKatGen1, CtKatGen2, CtKatZero, CtInst, CtCapture: ctl_cmd = !ctl_sent_q;
      default: ;
    endcase
  end

  // KAT entropy words (instantiate: Entropy, Nonce; reseed: ReseedEntropy).
  logic [127:0] kat_word;
  always_comb begin
    kat_word = '0;
    if (ctl_q == CtKatInst) begin
      unique case (kat_idx_q)
        2'd0:    kat_word = mccp_entropy_pkg::KatEntropy[255:128];
        2'd1:    kat_word = mccp_entropy_pkg::KatEntropy[127:0];
        default: kat_word = mccp_entropy_pkg::KatNonce;
      endcase
    end else begin
      kat_word = kat_idx_q[0] ? mccp_entropy_pkg::KatReseedEntropy[127:0]
                              : mccp_entropy_pkg::KatReseedEntropy[255:128];
    end
  end
  logic [127:0] kat_expect;
  always_comb begin
    unique case (kat_idx_q)
      2'd0:    kat_expect = mccp_entropy_pkg::KatOutput[511:384];
      2'd1:    kat_expect = mccp_entropy_pkg::KatOutput[383:256];
      2'd2:    kat_expect = mccp_entropy_pkg::KatOutput[255:128];
      default: kat_expect = mccp_entropy_pkg::KatOutput[127:0];
    endcase
  end

  // ---------------------------------------------------------------------------------------
  // Task state.
  logic [2:0]   func_q, curve_q;
  logic [15:0]  bytes_q;               // body bytes not yet read
  logic [31:0]  out_bytes_q;
  logic [7:0]   status_q;
  logic [7:0]   test_ent_q;            // drbg-test: entropy words still in the body
  logic [1:0]   test_op_q;
  logic         test_k256_q, test_df_q, pr_q;
  logic [12:0]  out_left_q;            // generate: words still to write
  logic [383:0] cand_q;                // ec-keygen: the candidate, W words
  logic [1:0]   cand_words_q;          // words of it still to come
  logic [1:0]   key_idx_q;             // ec-keygen: output word index
  logic [5:0]   tries_q;

  // The curve of an ec-keygen: n's bit length and n, W words.
  logic [8:0]   n_bits;
  logic [282:1] n_val;                 // n without its low bit (n is odd)
  logic [1:0]   w_words;
  logic         curve_ok;
  assign n_bits   = mccp_ecc_curves_pkg::curve_n_bits(curve_q);
  logic [282:0] n_full;
  assign n_full   = mccp_ecc_curves_pkg::curve_const(curve_q, 3'd7);
  assign n_val    = n_full[282:1];
  logic unused_n;
  assign unused_n = n_full[0];
  assign w_words  = (mccp_ecc_curves_pkg::field_m(mccp_ecc_curves_pkg::curve_field(curve_q)) > 9'd256) ? 2'd3 : 2'd2;
  assign curve_ok = (n_bits != '0)
                 && mccp_ecc_curves_pkg::supported(mccp_ecc_curves_pkg::curve_field(curve_q), EcMaxM);

  // A candidate: the low n_bits bits of the W words; accepted when c <= n - 2, i.e. c < n - 1,
  // and n - 1 is n with its low bit cleared (every n here is an odd prime): no subtraction.
  // The mask (a register set at the request) and the comparison (registered: the DRBG's
  // final Update runs between the candidate's last word and the end of its generate) keep
  // the 283-bit compare out of the task's decisions; d = c + 1 gets a cycle of its own.
  logic [282:0] cand_mask_q, cand_c, nm1_q;
  logic         cand_ok_q;
  logic [282:0] cand_mask;
  always_comb begin
    cand_mask = '0;
    for (int b = 0; b < 283; b++) cand_mask[b] = (b < int'(n_bits));
  end
  assign cand_c = cand_q[282:0] & cand_mask_q;

  // Request word fields.
  logic [31:0] req_out_bytes;
  logic        req_pr, req_k256, req_df;
  logic [1:0]  req_op;
  logic [7:0]  req_ent;
  assign req_out_bytes = in_data_i[127:96];
  assign req_pr        = in_data_i[88];
  assign req_op        = in_data_i[81:80];
  assign req_k256      = in_data_i[72];
  assign req_df        = in_data_i[73];
  assign req_ent       = in_data_i[71:64];

  logic [15:0] body_words_left;        // words of the body still to read (after the request)
  assign body_words_left = (bytes_q + 16'd15) >> 4;

  // The task's DRBG command.
  logic tk_cmd_pending_q;              // TkCmd: the command is not yet accepted
  always_comb begin
    cmd_valid     = 1'b0;
    cmd_op        = OpZeroize;
    cmd_k256      = 1'b1;
    cmd_df        = 1'b1;
    cmd_pr        = 1'b0;
    cmd_ext       = 1'b0;
    cmd_add_bytes = '0;
    cmd_blocks    = '0;
    tk_drbg       = (tk_q == TkCmd);
    if (tk_drbg) begin
      cmd_valid     = tk_cmd_pending_q;
      cmd_pr        = pr_q;
      cmd_add_bytes = bytes_q - 16'({test_ent_q, 4'd0});
      unique case (func_q)
        3'(mccp_regs_pkg::MODE_GENERATE): begin
          cmd_op     = OpGenerate;
          cmd_blocks = 13'((out_bytes_q + 32'd15) >> 4);
        end
        3'(mccp_regs_pkg::MODE_EC_KEYGEN): begin
          cmd_op        = OpGenerate;
          cmd_blocks    = 13'(w_words);
          cmd_add_bytes = (tries_q == '0) ? bytes_q : 16'd0;
        end
        3'(mccp_regs_pkg::MODE_RESEED):      cmd_op = OpReseed;
        3'(mccp_regs_pkg::MODE_INSTANTIATE): cmd_op = OpInstantiate;
        default: begin   // drbg-test
          cmd_op     = test_op_q;
          cmd_k256   = test_k256_q;
          cmd_df     = test_df_q;
          cmd_ext    = 1'b1;
          cmd_blocks = 13'((out_bytes_q + 32'd15) >> 4);
        end
      endcase
    end else begin
      cmd_valid = ctl_cmd;
      unique case (ctl_q)
        CtKatInst:   begin cmd_op = OpInstantiate; cmd_ext = 1'b1; end
        CtKatReseed: begin cmd_op = OpReseed; cmd_ext = 1'b1; end
        CtKatGen1, CtKatGen2: begin cmd_op = OpGenerate; cmd_blocks = 13'd4; end
        CtInst:      cmd_op = OpInstantiate;
        default:     cmd_op = OpZeroize;
      endcase
    end
  end

  // Entropy words from outside the source: the KAT's, or (drbg-test) the body's.
  assign ext_valid = tk_drbg ? (TestEntropy && in_valid_i && test_ent_q != '0)
                             : (ctl_q == CtKatInst || ctl_q == CtKatReseed);
  assign ext_data  = tk_drbg ? in_data_i : kat_word;
  assign data_valid = tk_drbg && in_valid_i && test_ent_q == '0;

  // DRBG output: the task's words (generate), the candidate (ec-keygen), the KAT's check.
  logic tk_gen_out;
  assign tk_gen_out = tk_drbg && (func_q == 3'(mccp_regs_pkg::MODE_GENERATE) || func_q == 3'd7);
  assign dout_ready = (tk_gen_out && !abort_q) ? out_space_i : 1'b1;

  // The last word of a generate keeps out_bytes % 16 bytes.
  logic [127:0] last_mask;
  always_comb begin
    last_mask = '1;
    if (out_left_q == 13'd1 && out_bytes_q[3:0] != 4'd0) begin
      for (int b = 0; b < 16; b++) begin
        if (b >= int'(out_bytes_q[3:0])) last_mask[127 - 8*b -: 8] = 8'h00;
      end
    end
  end

  always_comb begin
    out_we_o   = 1'b0;
    out_data_o = '0;
    if (abort_q) begin
      out_we_o = 1'b0;
    end else if (tk_gen_out && dout_valid && out_space_i) begin
      out_we_o   = 1'b1;
      out_data_o = dout_data & last_mask;
    end else if (tk_q == TkKeyOut) begin
      out_we_o   = out_space_i;
      out_data_o = (key_idx_q == 2'd0) ? ((w_words == 2'd3) ? cand_q[383:256] : cand_q[255:128])
                 : (key_idx_q == 2'd1) ? ((w_words == 2'd3) ? cand_q[255:128] : cand_q[127:0])
                 : cand_q[127:0];
    end
  end

  // Body words: the request word, entropy words and additional input (through the DRBG),
  // the rest drained.
  assign in_ready_o = (tk_q == TkReq) || (tk_q == TkDrain && body_words_left != '0)
                   || (tk_drbg && ((ext_valid && ext_ready) || (data_valid && data_ready)));

  assign start_ready_o = (tk_q == TkIdle);
  assign busy_o        = (tk_q != TkIdle);
  assign res_valid_o   = (tk_q == TkResult);
  assign res_status_o  = abort_q ? mccp_isa_pkg::STATUS_PARTNER : status_q;

  // The DRBG status of a task's command.
  logic [7:0] drbg_task_status;
  always_comb begin
    unique case (drbg_status)
      mccp_entropy_pkg::DrbgOk:              drbg_task_status = mccp_isa_pkg::STATUS_OK;
      mccp_entropy_pkg::DrbgBadLength:       drbg_task_status = mccp_isa_pkg::STATUS_BAD_PARAM;
      mccp_entropy_pkg::DrbgNotInstantiated: drbg_task_status = mccp_isa_pkg::STATUS_RNG_NOT_READY;
      default:                               drbg_task_status = mccp_isa_pkg::STATUS_RNG_ALARM;
    endcase
  end

  // The answer to a task that cannot run, before its request word is read.
  logic [7:0] refuse;
  always_comb begin
    refuse = mccp_isa_pkg::STATUS_OK;
    if (ctl_q == CtAlarm)        refuse = mccp_isa_pkg::STATUS_RNG_ALARM;
    else if (ctl_q != CtReady)   refuse = mccp_isa_pkg::STATUS_RNG_NOT_READY;
  end

  logic cmd_fire;
  assign cmd_fire = cmd_valid && cmd_ready;
  assign capturing = (ctl_q == CtCapture);
  assign health_restart = (ctl_q == CtZero) && ctl_sent_q && drbg_done;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ctl_q            <= CtOff;
      ctl_sent_q       <= 1'b0;
      kat_idx_q        <= '0;
      kat_fail_q       <= 1'b0;
      restart_q        <= 1'b0;
      tk_q             <= TkIdle;
      tk_cmd_pending_q <= 1'b0;
      func_q           <= '0;
      curve_q          <= '0;
      bytes_q          <= '0;
      out_bytes_q      <= '0;
      status_q         <= '0;
      test_ent_q       <= '0;
      test_op_q        <= '0;
      test_k256_q      <= 1'b0;
      test_df_q        <= 1'b0;
      pr_q             <= 1'b0;
      out_left_q       <= '0;
      cand_q           <= '0;
      cand_words_q     <= '0;
      cand_mask_q      <= '0;
      nm1_q            <= '0;
      cand_ok_q        <= 1'b0;
      key_idx_q        <= '0;
      tries_q          <= '0;
      abort_q          <= 1'b0;
    end else begin
      // ---- controller ----
      if (restart_i) restart_q <= 1'b1;
      if (cmd_fire && !tk_drbg) ctl_sent_q <= 1'b1;
      if (ext_valid && ext_ready && !tk_drbg) kat_idx_q <= kat_idx_q + 2'd1;
      unique case (ctl_q)
        CtOff, CtAlarm, CtCapture, CtReady: begin
          if (en_i && (restart_q || ctl_q == CtOff) && tk_q == TkIdle && !capture_i) begin
            restart_q  <= 1'b0;
            kat_fail_q <= 1'b0;
            ctl_sent_q <= 1'b0;
            ctl_q      <= CtZero;
          end else if (capture_i && ctl_q != CtCapture && tk_q == TkIdle && !drbg_busy) begin
            ctl_sent_q <= 1'b0;
            ctl_q      <= CtCapture;
          end else if (ctl_q == CtReady && (health_alarm || !en_i)) begin
            ctl_q <= health_alarm ? CtAlarm : CtOff;
          end else if (ctl_q == CtReady && !drbg_inst && !drbg_busy && tk_q == TkIdle) begin
            // an aborted task took the state with it: instantiate again
            ctl_sent_q <= 1'b0;
            ctl_q      <= CtInst;
          end
        end
        CtZero: if (ctl_sent_q && drbg_done) begin   // health_restart pulses now
          ctl_sent_q <= 1'b0;
          ctl_q      <= CtStartup;
        end
        CtStartup: begin
          if (health_alarm) ctl_q <= CtAlarm;
          else if (startup_done) begin
            kat_idx_q <= '0;
            ctl_q     <= CtKatInst;
          end
        end
        CtKatInst, CtKatReseed, CtKatGen1, CtKatGen2, CtKatZero, CtInst: begin
          if (ctl_q == CtKatGen2 && dout_valid) begin
            if (dout_data != kat_expect) kat_fail_q <= 1'b1;
            kat_idx_q <= kat_idx_q + 2'd1;
          end
          if (ctl_sent_q && drbg_done) begin
            ctl_sent_q <= 1'b0;
            kat_idx_q  <= '0;
            if (drbg_status != mccp_entropy_pkg::DrbgOk || kat_fail_q) begin
              if (ctl_q != CtInst && drbg_status != mccp_entropy_pkg::DrbgAlarm) kat_fail_q <= 1'b1;
              ctl_q <= CtAlarm;
            end else begin
              unique case (ctl_q)
                CtKatInst:   ctl_q <= CtKatReseed;
                CtKatReseed: ctl_q <= CtKatGen1;
                CtKatGen1:   ctl_q <= CtKatGen2;
                CtKatGen2:   ctl_q <= CtKatZero;
                CtKatZero:   ctl_q <= CtInst;
                default:     ctl_q <= CtReady;
              endcase
            end
          end
          if (health_alarm && !ctl_sent_q) ctl_q <= CtAlarm;
        end
        default: ctl_q <= CtOff;
      endcase
      if (!en_i && ctl_q != CtReady && ctl_q != CtAlarm) begin
        // stopping mid-bring-up: start again from the beginning when enabled
        if (!drbg_busy) begin
          ctl_sent_q <= 1'b0;
          ctl_q      <= CtOff;
        end
      end

      cand_ok_q <= cand_c < nm1_q;

      // ---- task ----
      // An abort ends the task PARTNER; a DRBG command in progress is stopped as by an alarm
      // (its state forgotten; the controller instantiates it again).
      if (abort_i && tk_q != TkIdle && tk_q != TkResult) abort_q <= 1'b1;
      // every body word taken (request word, entropy, additional input, drained)
      if (in_valid_i && in_ready_o) bytes_q <= (bytes_q > 16'd16) ? bytes_q - 16'd16 : 16'd0;
      unique case (tk_q)
        TkIdle: if (start_valid_i) begin
          func_q      <= start_func_i;
          curve_q     <= start_curve_i;
          bytes_q     <= start_bytes_i;
          test_ent_q  <= '0;
          tries_q     <= '0;
          status_q    <= refuse;
          tk_q        <= (start_bytes_i == '0) ? TkResult : TkReq;
          if (start_bytes_i == '0) status_q <= (refuse != mccp_isa_pkg::STATUS_OK) ? refuse
                                                                                   : mccp_isa_pkg::STATUS_BAD_PARAM;
        end
        TkReq: if (in_valid_i) begin
          out_bytes_q <= req_out_bytes;
          pr_q        <= req_pr;
          test_op_q   <= req_op;
          test_k256_q <= req_k256;
          test_df_q   <= req_df;
          test_ent_q  <= (func_q == 3'd7) ? req_ent : 8'd0;
          out_left_q  <= 13'((req_out_bytes + 32'd15) >> 4);
          cand_words_q <= w_words;
          cand_mask_q <= cand_mask;
          nm1_q       <= {n_val, 1'b0};
          key_idx_q   <= '0;
          tk_q        <= TkDrain;
          if (status_q != mccp_isa_pkg::STATUS_OK) begin
            // refused: drain
          end else if (bytes_q < 16'd16) begin
            status_q <= mccp_isa_pkg::STATUS_BAD_PARAM;
          end else begin
            unique case (func_q)
              3'(mccp_regs_pkg::MODE_GENERATE):
                if (req_out_bytes > 32'(OutWords * 16)) status_q <= mccp_isa_pkg::STATUS_BAD_PARAM;
                else begin tk_q <= TkCmd; tk_cmd_pending_q <= 1'b1; end
              3'(mccp_regs_pkg::MODE_EC_KEYGEN):
                if (!curve_ok) status_q <= mccp_isa_pkg::STATUS_BAD_CURVE;
                else begin tk_q <= TkCmd; tk_cmd_pending_q <= 1'b1; end
              3'(mccp_regs_pkg::MODE_RESEED), 3'(mccp_regs_pkg::MODE_INSTANTIATE): begin
                tk_q <= TkCmd;
                tk_cmd_pending_q <= 1'b1;
              end
              3'd7:
                if (!TestEntropy || req_out_bytes > 32'(OutWords * 16)
                    || 16'({req_ent, 4'd0}) > bytes_q - 16'd16)
                  status_q <= mccp_isa_pkg::STATUS_BAD_PARAM;
                else begin tk_q <= TkCmd; tk_cmd_pending_q <= 1'b1; end
              default: status_q <= mccp_isa_pkg::STATUS_BAD_PARAM;
            endcase
          end
        end
        TkCmd: begin
          if (cmd_fire) tk_cmd_pending_q <= 1'b0;
          // body words the DRBG takes
          if (ext_valid && ext_ready) test_ent_q <= test_ent_q - 8'd1;
          if (out_we_o) out_left_q <= out_left_q - 13'd1;
          if (func_q == 3'(mccp_regs_pkg::MODE_EC_KEYGEN) && dout_valid) begin
            cand_q       <= {cand_q[255:0], dout_data};
            cand_words_q <= cand_words_q - 2'd1;
          end
          if (!tk_cmd_pending_q && drbg_done) begin
            status_q <= drbg_task_status;
            tk_q     <= TkDrain;
            if (func_q == 3'(mccp_regs_pkg::MODE_EC_KEYGEN) && drbg_status == mccp_entropy_pkg::DrbgOk) begin
              tries_q <= tries_q + 6'd1;
              if (cand_ok_q) begin
                tk_q <= TkKeyAdd;
              end else if (tries_q == '1) begin
                status_q <= mccp_isa_pkg::STATUS_RNG_ALARM;   // a DRBG that never lands in range
              end else begin
                cand_words_q     <= w_words;
                tk_cmd_pending_q <= 1'b1;
                tk_q             <= TkCmd;
              end
            end
          end
        end
        TkKeyAdd: begin   // d = c + 1, in place (W words, right aligned; d < 2^283)
          cand_q <= {101'd0, cand_c + 283'd1};
          tk_q   <= TkKeyOut;
        end
        TkKeyOut: if (abort_q) begin
          cand_q <= '0;
          tk_q   <= TkDrain;
        end else if (out_we_o) begin
          key_idx_q <= key_idx_q + 2'd1;
          if (key_idx_q == w_words - 2'd1) begin
            cand_q <= '0;
            tk_q   <= TkDrain;
          end
        end
        TkDrain: begin
          if (body_words_left == '0) tk_q <= TkResult;
        end
        TkResult: if (res_ready_i) begin
          cand_q  <= '0;
          abort_q <= 1'b0;
          tk_q    <= TkIdle;
        end
        default: tk_q <= TkIdle;
      endcase
    end
  end

  // ---------------------------------------------------------------------------------------
  // Raw capture: samples into 32-bit words, a FIFO for the host.
  logic [30:0] cap_shift_q;   // the word's first 31 samples
  logic [4:0]  cap_fill_q;
  logic        cap_push, cap_full, cap_valid;
  logic [5:0]  cap_count;
  logic [31:0] cap_head;
  assign cap_push = capturing && sample_valid && cap_fill_q == 5'd31;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      cap_shift_q   <= '0;
      cap_fill_q    <= '0;
      cap_overrun_o <= 1'b0;
    end else if (!capturing) begin
      cap_fill_q <= '0;
      if (restart_i) cap_overrun_o <= 1'b0;
    end else if (sample_valid) begin
      cap_shift_q <= {cap_shift_q[29:0], sample};
      cap_fill_q  <= cap_fill_q + 5'd1;
      if (cap_push && cap_full) cap_overrun_o <= 1'b1;
    end
  end

  mccp_prim_fifo_flop #(.Width(32), .Depth(32)) u_cap_fifo (
    .clk_i, .rst_ni,
    .clr_i  (!capturing),
    .push_i (cap_push && !cap_full),
    .wdata_i({cap_shift_q, sample}),
    .pop_i  (cap_pop_i && cap_valid),
    .rdata_o(cap_head),
    .count_o(cap_count)
  );
  assign cap_data_o  = cap_valid ? cap_head : '0;
  assign cap_count_o = cap_count;
  assign cap_full    = cap_count == 6'd32;
  assign cap_valid = cap_count != '0;

  // ---------------------------------------------------------------------------------------
  always_comb begin
    unique case (ctl_q)
      CtOff:     state_o = mccp_regs_pkg::RNG_STATE_OFF;
      CtReady:   state_o = mccp_regs_pkg::RNG_STATE_READY;
      CtAlarm:   state_o = mccp_regs_pkg::RNG_STATE_ALARM;
      CtCapture: state_o = mccp_regs_pkg::RNG_STATE_CAPTURE;
      CtZero, CtStartup: state_o = mccp_regs_pkg::RNG_STATE_STARTUP;
      default:   state_o = mccp_regs_pkg::RNG_STATE_SELF_TEST;
    endcase
  end
  assign kat_fail_o = kat_fail_q;


endmodule
