// Copyright MCCP contributors.
// SPDX-License-Identifier: Apache-2.0
//
// Synthesis wrapper for mccp_ghash (used by `mccp synth`).
//
// All 259 input bits of the GHASH unit (hash key, block, controls) come from
// one serial pin through a shift register; all 130 output bits are folded into
// one serial pin by an XOR signature register, so no logic of the unit can be
// optimized away and its timing paths run register to register.

module mccp_synth_ghash #(
  parameter int unsigned DigitBits = 32
) (
  input  logic clk_i,
  input  logic rst_ni,
  input  logic serial_i,
  output logic serial_o
);

  // h_we, h[128], clear, in_valid, in_data[128]
  localparam int unsigned InWidth  = 1 + 128 + 1 + 1 + 128;
  // in_ready, y[128], busy, last, last_next
  localparam int unsigned OutWidth = 1 + 128 + 1 + 1 + 1;

  logic [InWidth-1:0]  stim;
  logic [OutWidth-1:0] resp;

  logic         h_we, clear, in_valid, in_ready, busy, last, last_next;
  logic [127:0] h, in_data, y;

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

  assign {h_we, h, clear, in_valid, in_data} = stim;

  mccp_ghash #(
    .DigitBits(DigitBits)
  ) u_unit (
    .clk_i,
    .rst_ni,
    .h_we_i    (h_we),
    .h_i       (h),
    .clear_i   (clear),
    .in_valid_i(in_valid),
    .in_ready_o(in_ready),
    .in_data_i (in_data),
    .y_o       (y),
    .busy_o    (busy),
    .last_o    (last),
    .last_next_o (last_next)
  );

  assign resp = {in_ready, y, busy, last, last_next};

endmodule
