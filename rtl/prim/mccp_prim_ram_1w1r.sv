// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// Simple dual-port RAM (block RAM on ECP5): one write port, one synchronous
// read port whose output register holds while re_i is low, so a reader that
// stalls keeps its word without reading it again.  A read of the word being
// written in that cycle returns undefined data (no_rw_check: no bypass logic);
// owners that write while reading write other words (docs of each owner).
module mccp_prim_ram_1w1r #(
  parameter int Words = 1024,
  parameter int Width = 64,
  localparam int Aw = (Words > 1) ? $clog2(Words) : 1
) (
  input  logic             clk_i,
  input  logic             we_i,
  input  logic [Aw-1:0]    waddr_i,
  input  logic [Width-1:0] wdata_i,
  input  logic             re_i,
  input  logic [Aw-1:0]    raddr_i,
  output logic [Width-1:0] rdata_o
);

  (* no_rw_check *) logic [Width-1:0] mem [Words];

  always_ff @(posedge clk_i) begin
    if (we_i) mem[waddr_i] <= wdata_i;
  end

  always_ff @(posedge clk_i) begin
    if (re_i) rdata_o <= mem[raddr_i];
  end

endmodule
