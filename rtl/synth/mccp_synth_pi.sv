// Copyright MCCP contributors.
// SPDX-License-Identifier: Apache-2.0
//
// Synthesis wrapper for one fixed-function pi-Cipher ARX engine (mccp_pi_arx, used by
// `mccp synth`: the pi<W>_single / _double / _quad units, paper 004's Tables 1 and 2).
// Every input bit (start handshake, x, y, result ready) comes from one serial pin through a
// shift register; every output bit is folded into one serial pin by an XOR signature
// register, so the engine keeps its full logic, its paths start and end at registers, and
// its 8 W input and 4 W output bits do not count as pins.

module mccp_synth_pi #(
  parameter int W     = 16,
  parameter int Lanes = 1
) (
  input  logic clk_i,
  input  logic rst_ni,
  input  logic serial_i,
  output logic serial_o
);

  // start_valid, x[4W], y[4W], z_ready
  localparam int InWidth  = 1 + 4 * W + 4 * W + 1;
  // start_ready, z_valid, z[4W], busy
  localparam int OutWidth = 1 + 1 + 4 * W + 1;

  logic [InWidth-1:0]  stim;
  logic [OutWidth-1:0] resp;

  logic           start_valid, start_ready, z_valid, z_ready, busy;
  logic [4*W-1:0] x, y, z;

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

  assign {start_valid, x, y, z_ready} = stim;

  mccp_pi_arx #(
    .W     (W),
    .Lanes (Lanes)
  ) u_engine (
    .clk_i,
    .rst_ni,
    .start_valid_i (start_valid),
    .start_ready_o (start_ready),
    .x_i           (x),
    .y_i           (y),
    .z_valid_o     (z_valid),
    .z_ready_i     (z_ready),
    .z_o           (z),
    .busy_o        (busy)
  );

  assign resp = {start_ready, z_valid, z, busy};

endmodule
