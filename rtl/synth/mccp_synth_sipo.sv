// Copyright MCCP contributors.
// SPDX-License-Identifier: Apache-2.0
//
// Synthesis harness: serial-in, parallel-out shift register.
//
// Feeds the wide input ports of a unit under synthesis from one pin, so the
// pins do not dominate placement and every input bit of the unit is driven by
// a distinct, non-constant register that the tools cannot optimize away.
// Bit 0 takes the serial input; each clock the register shifts towards the MSB.

module mccp_synth_sipo #(
  parameter int unsigned Width = 8
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             serial_i,
  output logic [Width-1:0] par_o
);

  logic [Width-1:0] shift_d, shift_q;

  if (Width == 1) begin : g_single
    assign shift_d = serial_i;
  end else begin : g_chain
    assign shift_d = {shift_q[Width-2:0], serial_i};
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      shift_q <= '0;
    end else begin
      shift_q <= shift_d;
    end
  end

  assign par_o = shift_q;

endmodule
