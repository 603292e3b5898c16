// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// Message memory of the ARX element (docs/arx.md): 32 words of 32 bits that
// each 32-bit lane of a read addresses on its own, so one instruction gathers
// four message words in any order (BLAKE2's sigma permutations, SHA-256's
// schedule window).  Word k lives in bank k % 4, row k / 4; a write fills the
// banks of wmask_i in row wrow_i, bank b from lane b of wdata_i (a whole row
// for mst, one word for msch).  Reads see the write of their cycle, so an
// instruction reads what the one before it wrote.  Every word reads zero from
// clear_i (a task's start) until written: no task sees another's message or
// key block.
module mccp_arx_msgmem (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic              clear_i,
  input  logic              we_i,
  input  logic [2:0]        wrow_i,
  input  logic [3:0]        wmask_i,
  input  logic [127:0]      wdata_i,
  input  logic [3:0][4:0]   raddr_i,     // lane j reads word raddr_i[j]
  output logic [127:0]      rdata_o
);

  logic [3:0][2:0]       rows;           // the row each lane reads, in every bank
  logic [3:0][3:0][31:0] bank_rdata;     // [bank][lane]
  for (genvar j = 0; j < 4; j++) begin : g_row
    assign rows[j] = raddr_i[j][4:2];
  end
  for (genvar b = 0; b < 4; b++) begin : g_bank
    mccp_prim_rf #(.NumRegs(8), .Width(32), .NumRead(4), .NumWrite(1)) u_bank (
      .clk_i,
      .rst_ni,
      .clear_i,
      .raddr_i (rows),
      .rdata_o (bank_rdata[b]),
      .we0_i   (we_i && wmask_i[b]),
      .waddr0_i(wrow_i),
      .wdata0_i(wdata_i[32*b +: 32]),
      .we1_i   (1'b0),
      .waddr1_i('0),
      .wdata1_i('0)
    );
  end

  for (genvar j = 0; j < 4; j++) begin : g_lane
    logic [1:0] b;
    logic       fwd;
    assign b   = raddr_i[j][1:0];
    assign fwd = we_i && wmask_i[b] && wrow_i == raddr_i[j][4:2];
    assign rdata_o[32*j +: 32] = fwd ? wdata_i[32*b +: 32] : bank_rdata[b][j];
  end

endmodule
