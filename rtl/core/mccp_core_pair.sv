// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// mccp_core_pair: joins two cores for split tasks (docs/core.md "Split
// tasks"): the I/O core (role 1: the packet's input, output and CTR) and the
// MAC core (role 2) exchange blocks through one mccp_core_link per
// direction.  The MAC core is started first; its start empties both queues.
//
// Who may use the queues, and who ends whom:
//  * a core may vsend / vrecv only while it runs its half of a split task
//    (pair_en_o); anywhere else they trap ILLEGAL;
//  * the I/O core's task ending while the MAC core still runs aborts the MAC
//    core (it waits for blocks that will never come);
//  * the MAC core ending with an error while the I/O core runs aborts the
//    I/O core (it would wait for the MAC forever).
// An aborted core ends its task with status PARTNER.
module mccp_core_pair (
  input  logic         clk_i,
  input  logic         rst_ni,
  // split task starts (the scheduler's start handshakes of each half)
  input  logic         io_start_i,
  input  logic         mac_start_i,
  // each core's result, and its handshake
  input  logic         io_res_valid_i,
  input  logic         io_res_fire_i,
  input  logic         mac_res_valid_i,
  input  logic [7:0]   mac_res_status_i,
  input  logic         mac_res_fire_i,
  output logic         io_pair_en_o,
  output logic         mac_pair_en_o,  // also: the MAC core's result is nobody's packet
  output logic         io_abort_o,
  output logic         mac_abort_o,
  // queues: I/O core -> MAC core, MAC core -> I/O core
  input  logic         io_tx_push_i,
  input  logic [127:0] io_tx_data_i,
  output logic         io_tx_space_o,
  output logic         io_tx_space_next_push_o,
  output logic         io_tx_space_next_hold_o,
  input  logic         io_rx_pop_i,
  output logic         io_rx_valid_o,
  output logic [127:0] io_rx_data_o,
  output logic         io_rx_valid_next_pop_o,
  output logic         io_rx_valid_next_hold_o,
  input  logic         mac_tx_push_i,
  input  logic [127:0] mac_tx_data_i,
  output logic         mac_tx_space_o,
  output logic         mac_tx_space_next_push_o,
  output logic         mac_tx_space_next_hold_o,
  input  logic         mac_rx_pop_i,
  output logic         mac_rx_valid_o,
  output logic [127:0] mac_rx_data_o,
  output logic         mac_rx_valid_next_pop_o,
  output logic         mac_rx_valid_next_hold_o
);

  logic io_q, mac_q;   // each half runs (start handshake until its result is taken)
  logic mac_err_q;     // the MAC half of this task ended with an error
  logic mac_err;
  assign mac_err = mac_res_valid_i && (mac_res_status_i != mccp_isa_pkg::STATUS_OK);

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      io_q      <= 1'b0;
      mac_q     <= 1'b0;
      mac_err_q <= 1'b0;
    end else begin
      if (mac_start_i)                              mac_err_q <= 1'b0;
      else if (mac_q && mac_res_fire_i && mac_err)  mac_err_q <= 1'b1;
      if (io_start_i)          io_q <= 1'b1;
      else if (io_res_fire_i)  io_q <= 1'b0;
      if (mac_start_i)         mac_q <= 1'b1;
      else if (mac_res_fire_i) mac_q <= 1'b0;
    end
  end

  assign io_pair_en_o  = io_q;
  assign mac_pair_en_o = mac_q;
  // A core ignores abort_i once its task has ended, so these may stay up
  // until the halves' results are taken.
  assign mac_abort_o   = mac_q && io_q && io_res_valid_i;
  // (the I/O half may start after the MAC half has failed: hence mac_err_q)
  assign io_abort_o    = io_q && ((mac_q && mac_err) || mac_err_q);

  mccp_core_link u_io_to_mac (
    .clk_i,
    .rst_ni,
    .clear_i              (mac_start_i),
    .push_i               (io_tx_push_i),
    .push_data_i          (io_tx_data_i),
    .tx_space_o           (io_tx_space_o),
    .tx_space_next_push_o (io_tx_space_next_push_o),
    .tx_space_next_hold_o (io_tx_space_next_hold_o),
    .pop_i                (mac_rx_pop_i),
    .rx_valid_o           (mac_rx_valid_o),
    .rx_data_o            (mac_rx_data_o),
    .rx_valid_next_pop_o  (mac_rx_valid_next_pop_o),
    .rx_valid_next_hold_o (mac_rx_valid_next_hold_o)
  );

  mccp_core_link u_mac_to_io (
    .clk_i,
    .rst_ni,
    .clear_i              (mac_start_i),
    .push_i               (mac_tx_push_i),
    .push_data_i          (mac_tx_data_i),
    .tx_space_o           (mac_tx_space_o),
    .tx_space_next_push_o (mac_tx_space_next_push_o),
    .tx_space_next_hold_o (mac_tx_space_next_hold_o),
    .pop_i                (io_rx_pop_i),
    .rx_valid_o           (io_rx_valid_o),
    .rx_data_o            (io_rx_data_o),
    .rx_valid_next_pop_o  (io_rx_valid_next_pop_o),
    .rx_valid_next_hold_o (io_rx_valid_next_hold_o)
  );

endmodule
