// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// Field register file of an EC processing unit: NumRegs elements of Width
// bits, NumRead asynchronous read ports (2: the ALU's two operands; 4 with
// dual issue: and the multiplier's), two write ports (w0: the one-cycle ALU,
// w1: the multiplier's products), so a product lands in the cycle the
// multiplier finishes whatever the ALU writes then.  Built as a live-value
// table: one LUT-RAM bank per write port (each copied per read port by
// synthesis) and one bit per register saying which bank wrote it last.  The
// unit never writes one register from both ports in a cycle.
module mccp_ecc_rf #(
  parameter int NumRegs = 16,
  parameter int Width = 283,
  parameter int NumRead = 2,
  localparam int Aw = $clog2(NumRegs)
) (
  input  logic                            clk_i,
  input  logic                            rst_ni,
  input  logic [NumRead-1:0][Aw-1:0]      raddr_i,
  output logic [NumRead-1:0][Width-1:0]   rdata_o,
  input  logic                            we0_i,
  input  logic [Aw-1:0]                   waddr0_i,
  input  logic [Width-1:0]                wdata0_i,
  input  logic                            we1_i,
  input  logic [Aw-1:0]                   waddr1_i,
  input  logic [Width-1:0]                wdata1_i
);

  if (NumRead < 1) begin : g_bad_read
    $error("mccp_ecc_rf: NumRead %0d must be at least 1", NumRead);
  end

  logic [Width-1:0] bank0 [NumRegs];
  logic [Width-1:0] bank1 [NumRegs];
  logic [NumRegs-1:0] live1_q;     // register r was last written by port 1

  always_ff @(posedge clk_i) begin
    if (we0_i) bank0[waddr0_i] <= wdata0_i;
    if (we1_i) bank1[waddr1_i] <= wdata1_i;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      live1_q <= '0;
    end else begin
      if (we0_i) live1_q[waddr0_i] <= 1'b0;
      if (we1_i) live1_q[waddr1_i] <= 1'b1;
    end
  end

  for (genvar p = 0; p < NumRead; p++) begin : g_read
    assign rdata_o[p] = live1_q[raddr_i[p]] ? bank1[raddr_i[p]] : bank0[raddr_i[p]];
  end

endmodule
