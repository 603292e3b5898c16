// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// One 8 x 32-bit slice of the core's vector register file: one synchronous
// write port, one asynchronous read port.  Written so that synthesis maps it
// to distributed (LUT) RAM: on ECP5, 8 TRELLIS_DPR16X4 (16 x 4 bits each, the
// upper half unused).
module mccp_core_vram (
  input  logic        clk_i,
  input  logic        we_i,
  input  logic [2:0]  waddr_i,
  input  logic [31:0] wdata_i,
  input  logic [2:0]  raddr_i,
  output logic [31:0] rdata_o
);

  logic [31:0] mem [8];

  always_ff @(posedge clk_i) begin
    if (we_i) begin
      mem[waddr_i] <= wdata_i;
    end
  end

  assign rdata_o = mem[raddr_i];

endmodule
