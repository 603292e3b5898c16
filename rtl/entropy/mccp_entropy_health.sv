// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// SP 800-90B health tests on the raw samples (binary, one bit per sample), section 4.4:
// - Repetition Count Test: a run of rct_cutoff_i identical samples is a failure
//   (C = 1 + ceil(-log2(alpha) / H));
// - Adaptive Proportion Test: in each window of AptWindow samples, the first sample's value
//   occurring apt_cutoff_i times (the first included) is a failure
//   (C = 1 + CRITBINOM(W, 2^-H, 1 - alpha)).
// The host computes both cutoffs from its claimed min-entropy H per sample and the false
// alarm probability alpha (mccp.entropy.health).
//
// Start-up (4.3): after restart_i, the first StartupSamples samples are tested and not
// used; startup_done_o rises when they passed.  Any failure, during start-up or after,
// sets alarm_o (with rct_fail_o / apt_fail_o saying which test), and it stays set until the
// next restart_i: recovery is an explicit re-initialisation with a fresh start-up test.
// use_o marks the samples that may be used (start-up done, no alarm).
//
// Counters for the host, since the last restart: samples tested, the longest run seen and
// the highest window count seen (both saturate at 16 bits).
module mccp_entropy_health #(
  parameter int AptWindow      = 1024,
  parameter int StartupSamples = 1024
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        restart_i,
  input  logic [15:0] rct_cutoff_i,
  input  logic [15:0] apt_cutoff_i,
  input  logic        sample_valid_i,
  input  logic        sample_i,
  output logic        use_o,
  output logic        startup_done_o,
  output logic        alarm_o,
  output logic        rct_fail_o,
  output logic        apt_fail_o,
  output logic [31:0] samples_o,
  output logic [15:0] rct_max_o,
  output logic [15:0] apt_max_o
);

  localparam int WinW = $clog2(AptWindow);

  logic        last_q;            // the previous sample
  logic [15:0] run_q;             // length of the current run (0: no sample yet)
  logic [WinW-1:0] win_idx_q;     // position in the APT window
  logic        apt_ref_q;         // the window's first sample
  logic [15:0] apt_cnt_q;         // its occurrences so far
  logic        started_q;         // a restart happened (the tests run)

  logic [15:0] run_d, apt_cnt_d;
  logic        rct_fail, apt_fail, first_of_window;

  assign first_of_window = (win_idx_q == '0);
  assign run_d     = (run_q != '0 && sample_i == last_q) ? run_q + 16'd1 : 16'd1;
  assign apt_cnt_d = first_of_window ? 16'd1 : (sample_i == apt_ref_q) ? apt_cnt_q + 16'd1 : apt_cnt_q;
  assign rct_fail  = run_d >= rct_cutoff_i;
  assign apt_fail  = apt_cnt_d >= apt_cutoff_i;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      last_q         <= 1'b0;
      run_q          <= '0;
      win_idx_q      <= '0;
      apt_ref_q      <= 1'b0;
      apt_cnt_q      <= '0;
      started_q      <= 1'b0;
      startup_done_o <= 1'b0;
      alarm_o        <= 1'b0;
      rct_fail_o     <= 1'b0;
      apt_fail_o     <= 1'b0;
      samples_o      <= '0;
      rct_max_o      <= '0;
      apt_max_o      <= '0;
    end else if (restart_i) begin
      run_q          <= '0;
      win_idx_q      <= '0;
      apt_cnt_q      <= '0;
      started_q      <= 1'b1;
      startup_done_o <= 1'b0;
      alarm_o        <= 1'b0;
      rct_fail_o     <= 1'b0;
      apt_fail_o     <= 1'b0;
      samples_o      <= '0;
      rct_max_o      <= '0;
      apt_max_o      <= '0;
    end else if (sample_valid_i && started_q) begin
      last_q    <= sample_i;
      run_q     <= run_d;
      win_idx_q <= (32'(win_idx_q) == AptWindow - 1) ? '0 : win_idx_q + WinW'(1);
      if (first_of_window) apt_ref_q <= sample_i;
      apt_cnt_q <= apt_cnt_d;
      if (samples_o != '1) samples_o <= samples_o + 32'd1;
      if (run_d > rct_max_o) rct_max_o <= run_d;
      if (apt_cnt_d > apt_max_o) apt_max_o <= apt_cnt_d;
      if (rct_fail) rct_fail_o <= 1'b1;
      if (apt_fail) apt_fail_o <= 1'b1;
      if (rct_fail || apt_fail) alarm_o <= 1'b1;
      if (samples_o == 32'(StartupSamples - 1) && !alarm_o && !rct_fail && !apt_fail) startup_done_o <= 1'b1;
    end
  end

  assign use_o = sample_valid_i && started_q && startup_done_o && !alarm_o && !rct_fail && !apt_fail;

endmodule
