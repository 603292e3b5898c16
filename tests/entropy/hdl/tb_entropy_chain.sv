// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// Test-only top: the entropy source's simulation model, the health tests and the raw block
// collector, wired as the randomness unit wires them (tests/entropy/tb_entropy_chain.py
// breaks the model on purpose through its knobs, u_src.g_model.u_model.*).
module tb_entropy_chain #(
  parameter int NumRings  = 24,
  parameter int SampleDiv = 3
) (
  input  logic         clk_i,
  input  logic         rst_ni,
  input  logic         en_i,
  input  logic         restart_i,
  input  logic [15:0]  rct_cutoff_i,
  input  logic [15:0]  apt_cutoff_i,
  output logic         sample_valid_o,
  output logic         sample_o,
  output logic         startup_done_o,
  output logic         alarm_o,
  output logic         rct_fail_o,
  output logic         apt_fail_o,
  output logic [31:0]  samples_o,
  output logic [15:0]  rct_max_o,
  output logic [15:0]  apt_max_o,
  output logic         raw_valid_o,
  input  logic         raw_ready_i,
  output logic [127:0] raw_data_o
);

  logic use_sample;

  mccp_entropy_src #(.NumRings(NumRings), .SimModel(1'b1), .SampleDiv(SampleDiv)) u_src (
    .clk_i, .rst_ni, .en_i,
    .sample_valid_o,
    .sample_o
  );

  mccp_entropy_health u_health (
    .clk_i, .rst_ni,
    .restart_i,
    .rct_cutoff_i,
    .apt_cutoff_i,
    .sample_valid_i(sample_valid_o),
    .sample_i      (sample_o),
    .use_o         (use_sample),
    .startup_done_o,
    .alarm_o,
    .rct_fail_o,
    .apt_fail_o,
    .samples_o,
    .rct_max_o,
    .apt_max_o
  );

  mccp_entropy_collect u_collect (
    .clk_i, .rst_ni,
    .flush_i    (restart_i || alarm_o),
    .use_i      (use_sample),
    .sample_i   (sample_o),
    .raw_valid_o,
    .raw_ready_i,
    .raw_data_o
  );

endmodule
