// Copyright MCCP contributors.
// SPDX-License-Identifier: Apache-2.0
//
// Synthesis wrapper for the randomness unit (used by `mccp synth`): with WholeUnit the whole
// mccp_entropy_unit (ring oscillators, health tests, collector, CTR_DRBG with its AES engine,
// controller, capture FIFO), else the entropy source and its health tests alone.  The rings
// are the real ones (SimModel 0) and there is no test entropy function.
//
// Every input bit comes from one serial pin through a shift register; every output bit is
// folded into one serial pin by an XOR signature register, so the logic stays whole and its
// paths start and end at registers.

module mccp_synth_entropy #(
  parameter bit WholeUnit = 1'b1,
  parameter int NumRings  = 24
) (
  input  logic clk_i,
  input  logic rst_ni,
  input  logic serial_i,
  output logic serial_o
);

  // start_valid, start_func[3], start_curve[3], start_bytes[16], in_valid, in_data[128],
  // out_space, res_ready, abort, en, restart, capture, rct[16], apt[16], cond[4], interval[32],
  // cap_pop
  localparam int InWidth  = 1 + 3 + 3 + 16 + 1 + 128 + 1 + 1 + 1 + 1 + 1 + 1 + 16 + 16 + 4 + 32 + 1;
  // start_ready, in_ready, out_we, out_data[128], res_valid, res_status[8], busy, state[3],
  // rct_fail, apt_fail, kat_fail, samples[32], rct_max[16], apt_max[16], reseed[32],
  // cap_data[32], cap_count[6], cap_overrun
  localparam int OutWidth = 1 + 1 + 1 + 128 + 1 + 8 + 1 + 3 + 1 + 1 + 1 + 32 + 16 + 16 + 32 + 32 + 6 + 1;

  logic [InWidth-1:0]  stim;
  logic [OutWidth-1:0] resp;

  logic         start_valid, in_valid, out_space, res_ready, abort, en, restart, capture, cap_pop;
  logic [2:0]   start_func, start_curve;
  logic [15:0]  start_bytes, rct_cutoff, apt_cutoff;
  logic [127:0] in_data;
  logic [3:0]   cond_blocks;
  logic [31:0]  reseed_interval;

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

  assign {start_valid, start_func, start_curve, start_bytes, in_valid, in_data, out_space, res_ready,
          abort, en, restart, capture, rct_cutoff, apt_cutoff, cond_blocks, reseed_interval, cap_pop} = stim;

  if (WholeUnit) begin : g_unit
    logic         start_ready, in_ready, out_we, res_valid, busy, rct_fail, apt_fail, kat_fail, cap_overrun;
    logic [127:0] out_data;
    logic [7:0]   res_status;
    logic [2:0]   state;
    logic [31:0]  samples, reseed_counter, cap_data;
    logic [15:0]  rct_max, apt_max;
    logic [5:0]   cap_count;

    mccp_entropy_unit #(
      .NumRings    (NumRings),
      .SimModel    (1'b0),
      .TestEntropy (1'b0)
    ) u_unit (
      .clk_i,
      .rst_ni,
      .start_valid_i     (start_valid),
      .start_ready_o     (start_ready),
      .start_func_i      (start_func),
      .start_curve_i     (start_curve),
      .start_bytes_i     (start_bytes),
      .in_valid_i        (in_valid),
      .in_ready_o        (in_ready),
      .in_data_i         (in_data),
      .out_we_o          (out_we),
      .out_data_o        (out_data),
      .out_space_i       (out_space),
      .res_valid_o       (res_valid),
      .res_ready_i       (res_ready),
      .res_status_o      (res_status),
      .busy_o            (busy),
      .abort_i           (abort),
      .en_i              (en),
      .restart_i         (restart),
      .capture_i         (capture),
      .rct_cutoff_i      (rct_cutoff),
      .apt_cutoff_i      (apt_cutoff),
      .cond_blocks_i     (cond_blocks),
      .reseed_interval_i (reseed_interval),
      .state_o           (state),
      .rct_fail_o        (rct_fail),
      .apt_fail_o        (apt_fail),
      .kat_fail_o        (kat_fail),
      .samples_o         (samples),
      .rct_max_o         (rct_max),
      .apt_max_o         (apt_max),
      .reseed_counter_o  (reseed_counter),
      .cap_data_o        (cap_data),
      .cap_count_o       (cap_count),
      .cap_pop_i         (cap_pop),
      .cap_overrun_o     (cap_overrun)
    );
    assign resp = {start_ready, in_ready, out_we, out_data, res_valid, res_status, busy, state, rct_fail,
                   apt_fail, kat_fail, samples, rct_max, apt_max, reseed_counter, cap_data, cap_count,
                   cap_overrun};
  end else begin : g_source
    // The source and its health tests; the samples the tests pass go into the collector,
    // whose blocks leave through the signature register.
    logic         sample_valid, sample, use_sample, startup_done, alarm, rct_fail, apt_fail, raw_valid;
    logic [31:0]  samples;
    logic [15:0]  rct_max, apt_max;
    logic [127:0] raw_data;

    mccp_entropy_src #(.NumRings(NumRings), .SimModel(1'b0)) u_src (
      .clk_i, .rst_ni,
      .en_i          (en),
      .sample_valid_o(sample_valid),
      .sample_o      (sample)
    );
    mccp_entropy_health u_health (
      .clk_i, .rst_ni,
      .restart_i     (restart),
      .rct_cutoff_i  (rct_cutoff),
      .apt_cutoff_i  (apt_cutoff),
      .sample_valid_i(sample_valid),
      .sample_i      (sample),
      .use_o         (use_sample),
      .startup_done_o(startup_done),
      .alarm_o       (alarm),
      .rct_fail_o    (rct_fail),
      .apt_fail_o    (apt_fail),
      .samples_o     (samples),
      .rct_max_o     (rct_max),
      .apt_max_o     (apt_max)
    );
    mccp_entropy_collect u_collect (
      .clk_i, .rst_ni,
      .flush_i    (restart || alarm),
      .use_i      (use_sample),
      .sample_i   (sample),
      .raw_valid_o(raw_valid),
      .raw_ready_i(res_ready),
      .raw_data_o (raw_data)
    );
    assign resp = OutWidth'({raw_valid, raw_data, startup_done, alarm, rct_fail, apt_fail, samples,
                             rct_max, apt_max});
    logic unused;
    assign unused = ^{start_valid, start_func, start_curve, start_bytes, in_valid, in_data, out_space,
                      abort, capture, cond_blocks, reseed_interval, cap_pop};
  end

endmodule
