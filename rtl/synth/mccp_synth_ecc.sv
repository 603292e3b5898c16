// Copyright MCCP contributors.
// SPDX-License-Identifier: Apache-2.0
//
// Synthesis wrapper for one elliptic-curve unit with its microcode memory
// (mccp_ecc_cluster, NumUnits 1; used by `mccp synth`).
//
// Every input bit (microcode write port, task start, key, input words,
// handshakes) comes from one serial pin through a shift register; every output
// bit is folded into one serial pin by an XOR signature register, so the unit
// keeps its full logic and its paths start and end at registers.

module mccp_synth_ecc #(
  parameter int MaxM      = 283,
  parameter int Digit     = 163,
  parameter bit Karatsuba = 1'b1,
  parameter bit DualIssue = 1'b1
) (
  input  logic clk_i,
  input  logic rst_ni,
  input  logic serial_i,
  output logic serial_o
);

  // mc_we, mc_waddr[10], mc_wdata[32], start_valid, start_entry[10], start_args[128],
  // start_empty, start_key[MaxM], in_valid, in_data[128], in_last, out_space, res_ready, abort
  localparam int InWidth  = 1 + 10 + 32 + 1 + 10 + 128 + 1 + MaxM + 1 + 128 + 1 + 1 + 1 + 1;
  // start_ready, in_ready, out_we, out_data[128], res_valid, res_status[8], busy
  localparam int OutWidth = 1 + 1 + 1 + 128 + 1 + 8 + 1;

  logic [InWidth-1:0]  stim;
  logic [OutWidth-1:0] resp;

  logic            mc_we, start_valid, start_empty, in_valid, in_last, out_space, res_ready, abort;
  logic [9:0]      mc_waddr, start_entry;
  logic [31:0]     mc_wdata;
  logic [127:0]    start_args, in_data;
  logic [MaxM-1:0] start_key;
  logic            start_ready, in_ready, out_we, res_valid, busy;
  logic [127:0]    out_data;
  logic [7:0]      res_status;

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

  assign {mc_we, mc_waddr, mc_wdata, start_valid, start_entry, start_args, start_empty, start_key,
          in_valid, in_data, in_last, out_space, res_ready, abort} = stim;

  // The trace ports are left open: synthesis removes the trace logic they alone use.
  /* verilator lint_off PINCONNECTEMPTY */
  mccp_ecc_cluster #(
    .NumUnits    (1),
    .MaxM        (MaxM),
    .Digit       (Digit),
    .Karatsuba   (Karatsuba),
    .DualIssue   (DualIssue),
    .McodeWords  (1024),
    .TraceEnable (1'b0)
  ) u_unit (
    .clk_i,
    .rst_ni,
    .mc_we_i          (mc_we),
    .mc_waddr_i       (mc_waddr),
    .mc_wdata_i       (mc_wdata),
    .start_valid_i    (start_valid),
    .start_ready_o    (start_ready),
    .start_entry_i    (start_entry),
    .start_args_i     (start_args),
    .start_empty_i    (start_empty),
    .start_key_i      (start_key),
    .in_valid_i       (in_valid),
    .in_ready_o       (in_ready),
    .in_data_i        (in_data),
    .in_last_i        (in_last),
    .out_we_o         (out_we),
    .out_data_o       (out_data),
    .out_space_i      (out_space),
    .res_valid_o      (res_valid),
    .res_ready_i      (res_ready),
    .res_status_o     (res_status),
    .busy_o           (busy),
    .abort_i          (abort),
    .trace_valid_o    (),
    .trace_cycle_o    (),
    .trace_pc_o       (),
    .trace_insn_o     (),
    .trace_we_o       (),
    .trace_creg_o     (),
    .trace_reg_o      (),
    .trace_data_o     (),
    .trace2_valid_o   (),
    .trace2_pc_o      (),
    .trace2_insn_o    (),
    .trace2_we_o      (),
    .trace2_creg_o    (),
    .trace2_reg_o     (),
    .trace2_data_o    (),
    .trace_wb_valid_o (),
    .trace_wb_cycle_o (),
    .trace_wb_reg_o   (),
    .trace_wb_data_o  ()
  );
  /* verilator lint_on PINCONNECTEMPTY */

  assign resp = {start_ready, in_ready, out_we, out_data, res_valid, res_status, busy};

endmodule
