// Copyright MCCP contributors.
// SPDX-License-Identifier: Apache-2.0
//
// Synthesis wrapper for mccp_core (used by `mccp synth`).
//
// Every input bit of the core (firmware port, key port, task start, packet
// stream, handshakes) comes from one serial pin through a shift register;
// every output bit is folded into one serial pin by an XOR signature
// register, so the core keeps its full logic and its paths start and end at
// registers, not at pins.

module mccp_synth_core #(
  parameter bit DecryptEnable  = 1'b1,
  parameter bit KeyExpand      = 1'b1,
  parameter int GhashDigitBits = 16
) (
  input  logic clk_i,
  input  logic rst_ni,
  input  logic serial_i,
  output logic serial_o
);

  // imem_we, imem_addr[10], imem_wdata[32], key_valid, key[256], key_len[2], rk_idx[4],
  // rk_done, start_valid, start_entry[10], start_args[128], start_empty, in_valid,
  // in_data[128], in_last, out_ready, res_ready, pair_en, abort, tx_space[3], rx_valid[3].
  // The round-key port (KeyExpand = 0) takes its write enable, data and key size from
  // key_valid, key and key_len; the partner queue's data comes from in_data.
  localparam int InWidth  = 1 + 10 + 32 + 1 + 256 + 2 + 4 + 1 + 1 + 10 + 128 + 1 + 1 + 128 + 1 + 1 + 1 + 8;
  // key_ready, key_error, key_expanded, start_ready, in_ready, out_valid, out_data[128],
  // out_bytes[5], out_last, res_valid, res_status[8], res_bytes[16], busy, tx_push,
  // tx_data[128], rx_pop
  localparam int OutWidth = 1 + 1 + 1 + 1 + 1 + 1 + 128 + 5 + 1 + 1 + 8 + 16 + 1 + 1 + 128 + 1;

  logic [InWidth-1:0]  stim;
  logic [OutWidth-1:0] resp;

  logic         imem_we, key_valid, start_valid, start_empty, in_valid, in_last, out_ready, res_ready;
  logic         rk_done, pair_en, abort, tx_push, rx_pop;
  logic [2:0]   tx_space, rx_valid;
  logic [127:0] tx_data;
  logic [3:0]   rk_idx;
  logic [9:0]   imem_addr, start_entry;
  logic [31:0]  imem_wdata;
  logic [255:0] key;
  logic [1:0]   key_len;
  logic [127:0] start_args, in_data;

  logic         key_ready, key_error, key_expanded, start_ready, in_ready, out_valid, out_last;
  logic         res_valid, busy;
  logic [127:0] out_data;
  logic [4:0]   out_bytes;
  logic [7:0]   res_status;
  logic [15:0]  res_bytes;

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

  assign {imem_we, imem_addr, imem_wdata, key_valid, key, key_len, rk_idx, rk_done, start_valid,
          start_entry, start_args, start_empty, in_valid, in_data, in_last, out_ready, res_ready,
          pair_en, abort, tx_space, rx_valid} = stim;

  // The trace ports are left open: synthesis removes the trace logic they alone use.
  /* verilator lint_off PINCONNECTEMPTY */
  mccp_core #(
    .DecryptEnable (DecryptEnable),
    .KeyExpand     (KeyExpand),
    .GhashDigitBits(GhashDigitBits),
    .TraceEnable   (1'b0)
  ) u_unit (
    .clk_i,
    .rst_ni,
    .imem_we_i       (imem_we),
    .imem_addr_i     (imem_addr),
    .imem_wdata_i    (imem_wdata),
    .key_valid_i     (key_valid),
    .key_ready_o     (key_ready),
    .key_i           (key),
    .key_len_i       (key_len),
    .key_error_o     (key_error),
    .key_expanded_o  (key_expanded),
    .rk_we_i         (key_valid),
    .rk_idx_i        (rk_idx),
    .rk_i            (key[255:128]),
    .rk_dec_i        (key[127:0]),
    .rk_done_i       (rk_done),
    .rk_len_i        (key_len),
    .start_valid_i   (start_valid),
    .start_ready_o   (start_ready),
    .start_entry_i   (start_entry),
    .start_args_i    (start_args),
    .start_empty_i   (start_empty),
    .in_valid_i      (in_valid),
    .in_ready_o      (in_ready),
    .in_data_i       (in_data),
    .in_last_i       (in_last),
    .out_valid_o     (out_valid),
    .out_ready_i     (out_ready),
    .out_data_o      (out_data),
    .out_bytes_o     (out_bytes),
    .out_last_o      (out_last),
    .res_valid_o     (res_valid),
    .res_ready_i     (res_ready),
    .res_status_o    (res_status),
    .res_bytes_o     (res_bytes),
    .busy_o          (busy),
    .pair_en_i           (pair_en),
    .abort_i             (abort),
    .tx_push_o           (tx_push),
    .tx_data_o           (tx_data),
    .tx_space_i          (tx_space[0]),
    .tx_space_next_push_i(tx_space[1]),
    .tx_space_next_hold_i(tx_space[2]),
    .rx_pop_o            (rx_pop),
    .rx_valid_i          (rx_valid[0]),
    .rx_data_i           (in_data),
    .rx_valid_next_pop_i (rx_valid[1]),
    .rx_valid_next_hold_i(rx_valid[2]),
    .trace_valid_o   (),
    .trace_pc_o      (),
    .trace_insn_o    (),
    .trace_we_o      (),
    .trace_wsreg_o   (),
    .trace_wreg_o    (),
    .trace_wdata_o   (),
    .trace_wb_valid_o(),
    .trace_wb_reg_o  (),
    .trace_wb_data_o ()
  );
  /* verilator lint_on PINCONNECTEMPTY */

  assign resp = {key_ready, key_error, key_expanded, start_ready, in_ready, out_valid, out_data,
                 out_bytes, out_last, res_valid, res_status, res_bytes, busy, tx_push, tx_data, rx_pop};

endmodule
