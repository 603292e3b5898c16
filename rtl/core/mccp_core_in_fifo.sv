// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// Input FIFO of the MCCP core: Depth words of 128 data bits + `last`, a block
// RAM with a synchronous read behind a first-word-fall-through stage
// (mccp_core_prefetch), so the core sees the head word in a register and can
// pop one word per cycle.  in_ready_o is high while fewer than Depth words are
// held (memory and read stage together).  A word pushed in cycle t can be
// popped from cycle t + 3 on.
module mccp_core_in_fifo #(
  parameter int Depth = 136
) (
  input  logic         clk_i,
  input  logic         rst_ni,
  input  logic         in_valid_i,
  output logic         in_ready_o,
  input  logic [127:0] in_data_i,
  input  logic         in_last_i,
  output logic         valid_o,
  output logic [127:0] data_o,
  output logic         last_o,
  input  logic         pop_i,
  output logic         valid_next_pop_o,    // valid_o next cycle if pop_i is high now
  output logic         valid_next_hold_o    // ... if it is low
);

  localparam int Aw = $clog2(Depth);
  localparam int Cw = $clog2(Depth + 1);

  // A word written in this cycle is not read in it (its read would not count): no_rw_check.
  (* no_rw_check *) logic [128:0] mem [Depth];
  logic [128:0]  rdata_q;
  logic [Aw-1:0] wr_q, rd_q;
  logic [Cw-1:0] mem_cnt_q, cnt_q;   // unread words in the memory; all words held
  logic          full_q, push, take;

  assign in_ready_o = !full_q;
  assign push       = in_valid_i && !full_q;

  always_ff @(posedge clk_i) begin
    if (push) begin
      mem[wr_q] <= {in_last_i, in_data_i};
    end
    rdata_q <= mem[rd_q];
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

  mccp_core_prefetch #(
    .Width(129)
  ) u_prefetch (
    .clk_i,
    .rst_ni,
    .avail_i (mem_cnt_q != '0),
    .take_o  (take),
    .rdata_i (rdata_q),
    .valid_o,
    .data_o  ({last_o, data_o}),
    .pop_i,
    .valid_next_pop_o,
    .valid_next_hold_o
  );

endmodule
