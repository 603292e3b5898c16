// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// mccp_prim_fifo_flop: a small FIFO in flip-flops, Depth entries of Width
// bits.  The head entry is read without a register (rdata_o = the entry at
// the read pointer), so a consumer sees a word the cycle after its push.
// No flow control inside: the owner pushes only while count_o < Depth and
// pops only while count_o > 0, and builds whatever view of the count it needs
// (a late view across the die, a full flag) from count_o.
//  * clr_i empties the FIFO (pointers and count; a push in that cycle is lost);
//  * ResetMem: the entries reset to zero as well, for an owner that reads
//    them before they are written (otherwise they power up undefined).
module mccp_prim_fifo_flop #(
  parameter int Width    = 8,
  parameter int Depth    = 4,
  parameter bit ResetMem = 1'b0
) (
  input  logic                       clk_i,
  input  logic                       rst_ni,
  input  logic                       clr_i,
  input  logic                       push_i,
  input  logic [Width-1:0]           wdata_i,
  input  logic                       pop_i,
  output logic [Width-1:0]           rdata_o,
  output logic [$clog2(Depth+1)-1:0] count_o
);

  if (Depth < 1) begin : g_bad_depth
    $error("mccp_prim_fifo_flop: Depth %0d must be at least 1", Depth);
  end

  localparam int Aw = (Depth > 1) ? $clog2(Depth) : 1;
  localparam int Cw = $clog2(Depth + 1);

  logic [Aw-1:0] wr_q, rd_q;
  logic [Cw-1:0] count_q;

  function automatic logic [Aw-1:0] next_ptr(input logic [Aw-1:0] p);
    next_ptr = (32'(p) == Depth - 1) ? '0 : p + 1'b1;
  endfunction

  // Flip-flops, not LUT RAM (a 16-deep DPR16X4 per 4 bits is wasted on a few
  // entries).  Each entry is written under an enable of its own and Depth 1
  // reads its one entry: an index on either side left synthesis a data
  // multiplexer per bit (a 128-bit entry took 129 LUT4 instead of 7).
  logic [Depth-1:0][Width-1:0] mem_q;
  logic [Depth-1:0]            mem_we;

  for (genvar i = 0; i < Depth; i++) begin : g_we
    assign mem_we[i] = push_i && (32'(wr_q) == i);
  end
  if (ResetMem) begin : g_mem_rst
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        mem_q <= '0;
      end else begin
        for (int i = 0; i < Depth; i++) begin
          if (mem_we[i]) mem_q[i] <= wdata_i;
        end
      end
    end
  end else begin : g_mem
    always_ff @(posedge clk_i) begin
      for (int i = 0; i < Depth; i++) begin
        if (mem_we[i]) mem_q[i] <= wdata_i;
      end
    end
  end
  if (Depth == 1) begin : g_one
    assign rdata_o = mem_q[0];
  end else begin : g_many
    assign rdata_o = mem_q[rd_q];
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wr_q    <= '0;
      rd_q    <= '0;
      count_q <= '0;
    end else if (clr_i) begin
      wr_q    <= '0;
      rd_q    <= '0;
      count_q <= '0;
    end else begin
      if (push_i) wr_q <= next_ptr(wr_q);
      if (pop_i)  rd_q <= next_ptr(rd_q);
      count_q <= count_q + Cw'(push_i) - Cw'(pop_i);
    end
  end

  assign count_o = count_q;

endmodule
