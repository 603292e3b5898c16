// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// Instruction memory of the MCCP core: Words x 32 bits, one write port (firmware
// load) and one synchronous read port with a read enable (the read register
// holds its word while re_i is low, so a stalled instruction stays in place).
// Block RAM on an FPGA (two DP16KD on ECP5 for 1024 words).
module mccp_core_imem #(
  parameter int Words = 1024,
  localparam int Aw = (Words > 1) ? $clog2(Words) : 1
) (
  input  logic          clk_i,
  input  logic          we_i,
  input  logic [Aw-1:0] waddr_i,
  input  logic [31:0]   wdata_i,
  input  logic          re_i,
  input  logic [Aw-1:0] raddr_i,
  output logic [31:0]   rdata_o
);

  logic [31:0] mem [Words];

  always_ff @(posedge clk_i) begin
    if (we_i) begin
      mem[waddr_i] <= wdata_i;
    end
  end

  always_ff @(posedge clk_i) begin
    if (re_i) begin
      rdata_o <= mem[raddr_i];
    end
  end

endmodule
