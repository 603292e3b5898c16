// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// Test-only top: the nine builds of the pi-Cipher ARX engine (mccp_pi_arx: W 16, 32, 64
// x Lanes 1, 2, 4) in one model, so that the nine benches cost one Verilator build.
// Build b = 3 * (W index) + (Lanes index); sel_i names the one the bench drives: only it
// sees start_valid_i and z_ready_i, and its outputs are the ones shown.  x_i, y_i and z_o
// hold the build's 4 W-bit words in their low 4 * W bits (word j in bits [W*j +: W]).
// The others stay idle; busy_o of any build is shown in any_busy_o.
module tb_pi_arx_builds (
  input  logic         clk_i,
  input  logic         rst_ni,
  input  logic [3:0]   sel_i,
  input  logic         start_valid_i,
  output logic         start_ready_o,
  input  logic [255:0] x_i,
  input  logic [255:0] y_i,
  output logic         z_valid_o,
  input  logic         z_ready_i,
  output logic [255:0] z_o,
  output logic         busy_o,
  output logic         any_busy_o
);

  localparam int Builds = 9;

  logic [Builds-1:0]        start_ready, z_valid, busy;
  logic [Builds-1:0][255:0] z;

  for (genvar b = 0; b < Builds; b++) begin : g_build
    localparam int W     = 16 << (b / 3);
    localparam int Lanes = 1 << (b % 3);
    logic [4*W-1:0] z_b;

    mccp_pi_arx #(
      .W     (W),
      .Lanes (Lanes)
    ) u_engine (
      .clk_i,
      .rst_ni,
      .start_valid_i (start_valid_i && sel_i == 4'(b)),
      .start_ready_o (start_ready[b]),
      .x_i           (x_i[4*W-1:0]),
      .y_i           (y_i[4*W-1:0]),
      .z_valid_o     (z_valid[b]),
      .z_ready_i     (z_ready_i && sel_i == 4'(b)),
      .z_o           (z_b),
      .busy_o        (busy[b])
    );
    assign z[b] = 256'(z_b);
  end

  always_comb begin
    start_ready_o = 1'b0;
    z_valid_o     = 1'b0;
    z_o           = '0;
    busy_o        = 1'b0;
    for (int b = 0; b < Builds; b++) begin
      if (sel_i == 4'(b)) begin
        start_ready_o = start_ready[b];
        z_valid_o     = z_valid[b];
        z_o           = z[b];
        busy_o        = busy[b];
      end
    end
  end
  assign any_busy_o = |busy;

endmodule
