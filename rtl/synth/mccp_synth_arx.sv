// Copyright MCCP contributors.
// SPDX-License-Identifier: Apache-2.0
//
// Synthesis wrapper for one ARX element (used by `mccp synth`): mccp_arx_pe with its
// instruction memory, coefficient memory, register file, vector ALU and Poly1305 unit, as a
// slot of mccp_top has it (the trace off).  Every input bit comes from one serial pin through
// a shift register; every output bit is folded into one serial pin by an XOR signature
// register, so the logic stays whole and its paths start and end at registers.

module mccp_synth_arx (
  input  logic clk_i,
  input  logic rst_ni,
  input  logic serial_i,
  output logic serial_o
);

  // im_we, im_waddr[10], im_wdata[64], cm_we, cm_waddr[6], cm_wdata[128], start_valid,
  // start_entry[10], start_args[128], start_empty, start_key[256], start_key_len[6], in_valid, in_data[128],
  // in_last, out_space, res_ready, abort
  localparam int InWidth  = 1 + 10 + 64 + 1 + 6 + 128 + 1 + 10 + 128 + 1 + 256 + 6 + 1 + 128 + 1 + 1 + 1 + 1;
  // start_ready, in_ready, out_we, out_data[128], out_bytes[5], res_valid, res_status[8], busy
  localparam int OutWidth = 1 + 1 + 1 + 128 + 5 + 1 + 8 + 1;

  logic [InWidth-1:0]  stim;
  logic [OutWidth-1:0] resp;

  logic         im_we, cm_we, start_valid, start_empty, in_valid, in_last, out_space, res_ready, abort;
  logic [9:0]   im_waddr, start_entry;
  logic [5:0]   cm_waddr;
  logic [63:0]  im_wdata;
  logic [127:0] cm_wdata, start_args, in_data;
  logic [255:0] start_key;
  logic [5:0]   start_key_len;
  logic         start_ready, in_ready, out_we, res_valid, busy;
  logic [127:0] out_data;
  logic [4:0]   out_bytes;
  logic [7:0]   res_status;

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

  assign {im_we, im_waddr, im_wdata, cm_we, cm_waddr, cm_wdata, start_valid, start_entry, start_args,
          start_empty, start_key, start_key_len, in_valid, in_data, in_last, out_space, res_ready, abort} = stim;

  /* verilator lint_off PINCONNECTEMPTY */
  mccp_arx_pe #(
    .ImemWords   (1024),
    .CmemWords   (64),
    .TraceEnable (1'b0)
  ) u_pe (
    .clk_i,
    .rst_ni,
    .im_we_i       (im_we),
    .im_waddr_i    (im_waddr),
    .im_wdata_i    (im_wdata),
    .cm_we_i       (cm_we),
    .cm_waddr_i    (cm_waddr),
    .cm_wdata_i    (cm_wdata),
    .start_valid_i (start_valid),
    .start_ready_o (start_ready),
    .start_entry_i (start_entry),
    .start_args_i  (start_args),
    .start_empty_i (start_empty),
    .start_key_i   (start_key),
    .start_key_len_i(start_key_len),
    .in_valid_i    (in_valid),
    .in_ready_o    (in_ready),
    .in_data_i     (in_data),
    .in_last_i     (in_last),
    .out_we_o      (out_we),
    .out_data_o    (out_data),
    .out_bytes_o   (out_bytes),
    .out_space_i   (out_space),
    .res_valid_o   (res_valid),
    .res_ready_i   (res_ready),
    .res_status_o  (res_status),
    .busy_o        (busy),
    .abort_i       (abort),
    .trace_valid_o (),
    .trace_cycle_o (),
    .trace_pc_o    (),
    .trace_insn_o  (),
    .trace_we_o    (),
    .trace_creg_o  (),
    .trace_reg_o   (),
    .trace_data_o  (),
    .trace2_we_o   (),
    .trace2_reg_o  (),
    .trace2_data_o ()
  );
  /* verilator lint_on PINCONNECTEMPTY */

  assign resp = {start_ready, in_ready, out_we, out_data, out_bytes, res_valid, res_status, busy};

endmodule
