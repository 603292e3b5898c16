// Copyright MCCP contributors.
// SPDX-License-Identifier: Apache-2.0
//
// Synthesis wrapper for one micro-core of the grid (used by `mccp synth`): mccp_ucore alone,
// with its instruction memory, table and memory, without the grid's sequencer (shared by all
// cores) and with the debug port off, so the unit is what each core of a grid adds.  Every
// input bit (the sequencer's, the configuration port's, the eight neighbour bytes) comes from
// one serial pin through a shift register; every output bit is folded into one serial pin by
// an XOR signature register (mccp_synth_shell).

module mccp_synth_ucore #(
  parameter int ImemDepth = 256,
  parameter int LutPages = 4
) (
  input  logic clk_i,
  input  logic rst_ni,
  input  logic serial_i,
  output logic serial_o
);

  localparam int ImAw = $clog2(ImemDepth);
  localparam int LutAw = $clog2(LutPages * 256);
  localparam int CfgAw = (ImAw > LutAw) ? ImAw : LutAw;

  // clear, step, exec, fetch_addr, cfg_imem_we, cfg_lut_we, cfg_mem_we, cfg_addr, cfg_data[11],
  // in[4][8], ein[4][8]
  localparam int InWidth  = 3 + ImAw + 3 + CfgAw + 11 + 64;
  // out[4][8], illegal
  localparam int OutWidth = 32 + 1;

  logic [InWidth-1:0]  stim;
  logic [OutWidth-1:0] resp;

  logic            clear, step, exec_q, imem_we, lut_we, mem_we, illegal;
  logic [ImAw-1:0] fetch_addr;
  logic [CfgAw-1:0] cfg_addr;
  logic [10:0]     cfg_data;
  logic [3:0][7:0] in_b, ein_b, out_b;

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

  assign {clear, step, exec_q, fetch_addr, imem_we, lut_we, mem_we, cfg_addr, cfg_data, in_b, ein_b} = stim;

  /* verilator lint_off PINCONNECTEMPTY */
  mccp_ucore #(
    .ImemDepth   (ImemDepth),
    .LutPages    (LutPages),
    .DebugEnable (1'b0)
  ) u_core (
    .clk_i,
    .rst_ni,
    .clear_i       (clear),
    .step_i        (step),
    .exec_i        (exec_q),
    .fetch_addr_i  (fetch_addr),
    .cfg_imem_we_i (imem_we),
    .cfg_lut_we_i  (lut_we),
    .cfg_mem_we_i  (mem_we),
    .cfg_addr_i    (cfg_addr),
    .cfg_data_i    (cfg_data),
    .in_i          (in_b),
    .ein_i         (ein_b),
    .out_o         (out_b),
    .illegal_o     (illegal),
    // sized zeros (see mccp_synth_ugrid)
    .dbg_sel_i     (2'd0),
    .dbg_addr_i    (6'd0),
    .dbg_data_o    ()
  );
  /* verilator lint_on PINCONNECTEMPTY */

  assign resp = {out_b, illegal};

endmodule
