// Copyright MCCP contributors.
// SPDX-License-Identifier: Apache-2.0
//
// Synthesis wrapper for a micro-core grid (used by `mccp synth`): mccp_ugrid with its
// sequencer, per-core instruction memories, tables and memories (the debug port off).
// Every input bit comes from one serial pin through a shift register; every output bit is
// folded into one serial pin by an XOR signature register, so the logic stays whole and its
// paths start and end at registers.

module mccp_synth_ugrid #(
  parameter int Rows = 4,
  parameter int Cols = 4,
  parameter int ImemDepth = 256,
  parameter int LutPages = 4,
  parameter int WrapRows = 0,
  parameter int WrapCols = 0
) (
  input  logic clk_i,
  input  logic rst_ni,
  input  logic serial_i,
  output logic serial_o
);

  localparam int RowW = $clog2(Rows);
  localparam int ColW = $clog2(Cols);
  localparam int ImAw = $clog2(ImemDepth);
  localparam int LutAw = $clog2(LutPages * 256);
  localparam int CfgAw = (ImAw > LutAw) ? ImAw : LutAw;

  // start, entry, last, loop_start, loop_end, loop_count[16], hold, cfg_we, cfg_target[2],
  // cfg_all, cfg_row, cfg_col, cfg_addr, cfg_data[11], edge inputs (e, w: Rows bytes; n, s: Cols)
  localparam int InWidth  = 1 + 4 * ImAw + 16 + 1 + 1 + 2 + 1 + RowW + ColW + CfgAw + 11 + 16 * (Rows + Cols);
  // busy, exec, pc, illegal, edge outputs
  localparam int OutWidth = 1 + 1 + ImAw + 1 + 16 * (Rows + Cols);

  logic [InWidth-1:0]  stim;
  logic [OutWidth-1:0] resp;

  logic              start, hold, busy, exec_q, illegal, cfg_we, cfg_all;
  logic [ImAw-1:0]   entry, last, loop_start, loop_end, pc;
  logic [15:0]       loop_count;
  logic [1:0]        cfg_target;
  logic [RowW-1:0]   cfg_row;
  logic [ColW-1:0]   cfg_col;
  logic [CfgAw-1:0]  cfg_addr;
  logic [10:0]       cfg_data;
  logic [Rows*8-1:0] in_e, in_w, out_e, out_w;
  logic [Cols*8-1:0] in_n, in_s, out_n, out_s;

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

  assign {start, entry, last, loop_start, loop_end, loop_count, hold, cfg_we, cfg_target, cfg_all, cfg_row,
          cfg_col, cfg_addr, cfg_data, in_e, in_w, in_n, in_s} = stim;

  /* verilator lint_off PINCONNECTEMPTY */
  mccp_ugrid #(
    .Rows        (Rows),
    .Cols        (Cols),
    .ImemDepth   (ImemDepth),
    .LutPages    (LutPages),
    .DebugEnable (1'b0),
    .WrapRows    (WrapRows),
    .WrapCols    (WrapCols)
  ) u_grid (
    .clk_i,
    .rst_ni,
    .start_i      (start),
    .entry_i      (entry),
    .last_i       (last),
    .loop_start_i (loop_start),
    .loop_end_i   (loop_end),
    .loop_count_i (loop_count),
    .hold_i       (hold),
    .busy_o       (busy),
    .exec_o       (exec_q),
    .pc_o         (pc),
    .illegal_o    (illegal),
    .cfg_we_i     (cfg_we),
    .cfg_target_i (cfg_target),
    .cfg_all_i    (cfg_all),
    .cfg_row_i    (cfg_row),
    .cfg_col_i    (cfg_col),
    .cfg_addr_i   (cfg_addr),
    .cfg_data_i   (cfg_data),
    .kmem_we_i    (1'b0),
    .kmem_addr_i  (6'd0),
    .kmem_data_i  ({(Rows * Cols * 8){1'b0}}),
    .edge_in_e_i  (in_e),
    .edge_in_w_i  (in_w),
    .edge_in_n_i  (in_n),
    .edge_in_s_i  (in_s),
    .edge_out_e_o (out_e),
    .edge_out_w_o (out_w),
    .edge_out_n_o (out_n),
    .edge_out_s_o (out_s),
    // sized zeros: an unsized '0 into the black box of the wrapper-alone run makes Yosys
    // re-derive this module after its shell is flattened away
    .dbg_row_i    (RowW'(0)),
    .dbg_col_i    (ColW'(0)),
    .dbg_sel_i    (2'd0),
    .dbg_addr_i   (6'd0),
    .dbg_data_o   ()
  );
  /* verilator lint_on PINCONNECTEMPTY */

  assign resp = {busy, exec_q, pc, illegal, out_e, out_w, out_n, out_s};

endmodule
