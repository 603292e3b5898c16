// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// mccp_prim_fifo_ram: FIFO of Depth words of Width bits in a memory with a
// synchronous read (block RAM) behind a first-word-fall-through stage
// (mccp_prim_fwft), so the consumer sees the head word in a register and can
// pop one word per cycle.  wready_o is high while fewer than Depth words are
// held (memory and read stage together).  A word pushed in cycle t can be
// popped from cycle t + 3 on.  rvalid_next_*_o tell rvalid_o of the next
// cycle a cycle ahead, for a consumer that decides its pop that early.
module mccp_prim_fifo_ram #(
  parameter int Width = 129,
  parameter int Depth = 136
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             wvalid_i,
  output logic             wready_o,
  input  logic [Width-1:0] wdata_i,
  output logic             rvalid_o,
  output logic [Width-1:0] rdata_o,
  input  logic             pop_i,              // only with rvalid_o
  output logic             rvalid_next_pop_o,  // rvalid_o next cycle if pop_i is high now
  output logic             rvalid_next_hold_o  // ... if it is low
);

  if (Depth < 2) begin : g_bad_depth
    $error("mccp_prim_fifo_ram: Depth %0d must be at least 2", Depth);
  end

  localparam int Aw = $clog2(Depth);
  localparam int Cw = $clog2(Depth + 1);

  // A word written in this cycle is not read in it (its read would not count): no_rw_check.
  (* no_rw_check *) logic [Width-1:0] mem [Depth];
  logic [Width-1:0] mem_rdata_q;
  logic [Aw-1:0]    wr_q, rd_q;
  logic [Cw-1:0]    mem_cnt_q, cnt_q;   // unread words in the memory; all words held
  logic             full_q, push, take;

  assign wready_o = !full_q;
  assign push     = wvalid_i && !full_q;

  always_ff @(posedge clk_i) begin
    if (push) begin
      mem[wr_q] <= wdata_i;
    end
    mem_rdata_q <= mem[rd_q];
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wr_q      <= '0;
      rd_q      <= '0;
      mem_cnt_q <= '0;
      cnt_q     <= '0;
      full_q    <= 1'b0;
    end else begin
      if (push) begin
        wr_q <= (wr_q == Aw'(Depth - 1)) ? '0 : wr_q + 1'b1;
      end
      if (take) begin
        rd_q <= (rd_q == Aw'(Depth - 1)) ? '0 : rd_q + 1'b1;
      end
      mem_cnt_q <= mem_cnt_q + Cw'(push) - Cw'(take);
      cnt_q     <= cnt_q + Cw'(push) - Cw'(pop_i);
      full_q    <= (cnt_q + Cw'(push) - Cw'(pop_i)) == Cw'(Depth);
    end
  end

  mccp_prim_fwft #(
    .Width(Width)
  ) u_fwft (
    .clk_i,
    .rst_ni,
    .avail_i (mem_cnt_q != '0),
    .take_o  (take),
    .rdata_i (mem_rdata_q),
    .valid_o (rvalid_o),
    .data_o  (rdata_o),
    .pop_i,
    .valid_next_pop_o  (rvalid_next_pop_o),
    .valid_next_hold_o (rvalid_next_hold_o)
  );

endmodule
