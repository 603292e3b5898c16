// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// mccp_synth_shell: the pins of a synthesis wrapper.  A unit's InWidth input
// bits come from one pin through a serial-in, parallel-out shift register
// (stim_o; bit 0 takes serial_i, each clock the register shifts towards the
// MSB), and its OutWidth output bits fold into one pin through a signature
// register (resp_i: each clock the register rotates by one bit towards the MSB
// and every bit is XORed with one bit of resp_i; serial_o is its MSB).
//
// So every input bit of the unit is driven by a distinct, non-constant
// register that the tools cannot optimize away, every output bit reaches the
// output pin within OutWidth clocks (no logic behind it can be removed), the
// unit's paths start and end at registers, and its wide ports cost two pins.
module mccp_synth_shell #(
  parameter int InWidth  = 8,
  parameter int OutWidth = 8
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  input  logic                serial_i,
  output logic                serial_o,
  output logic [InWidth-1:0]  stim_o,
  input  logic [OutWidth-1:0] resp_i
);

  logic [InWidth-1:0]  shift_d, shift_q;
  logic [OutWidth-1:0] sig_d, sig_q;

  if (InWidth == 1) begin : g_single_in
    assign shift_d = serial_i;
  end else begin : g_chain_in
    assign shift_d = {shift_q[InWidth-2:0], serial_i};
  end

  if (OutWidth == 1) begin : g_single_out
    assign sig_d = sig_q ^ resp_i;
  end else begin : g_fold_out
    assign sig_d = {sig_q[OutWidth-2:0], sig_q[OutWidth-1]} ^ resp_i;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      shift_q <= '0;
      sig_q   <= '0;
    end else begin
      shift_q <= shift_d;
      sig_q   <= sig_d;
    end
  end

  assign stim_o   = shift_q;
  assign serial_o = sig_q[OutWidth-1];

endmodule
