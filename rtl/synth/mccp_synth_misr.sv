// Copyright MCCP contributors.
// SPDX-License-Identifier: Apache-2.0
//
// Synthesis harness: parallel-in, serial-out XOR fold (a multiple-input
// signature register).
//
// Each clock the register rotates by one bit towards the MSB and every bit is
// XORed with one bit of the parallel input.  Every input bit therefore reaches
// the serial output pin after at most Width clocks, so no logic that drives the
// parallel input can be removed by synthesis, while the unit's wide output
// ports cost one pin.

module mccp_synth_misr #(
  parameter int unsigned Width = 8
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic [Width-1:0] par_i,
  output logic             serial_o
);

  logic [Width-1:0] sig_d, sig_q;

  if (Width == 1) begin : g_single
    assign sig_d = sig_q ^ par_i;
  end else begin : g_fold
    assign sig_d = {sig_q[Width-2:0], sig_q[Width-1]} ^ par_i;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      sig_q <= '0;
    end else begin
      sig_q <= sig_d;
    end
  end

  assign serial_o = sig_q[Width-1];

endmodule
