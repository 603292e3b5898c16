// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// Output buffer of a slot (an MCCP core, an EC unit): holds a packet until
// its task ends.
// (Not a generic FIFO: words are written, then released or discarded as a
// whole, and `last` is written again at release; only its read side is the
// primitive mccp_prim_fwft.)
//
// A circular buffer of Depth words (128 data bits + byte count) with three
// pointers: write (next word of the running task), commit (end of the
// released words) and read.  Words between commit and write belong to the
// running task and are invisible outside; release_i moves commit to write and
// marks the task's final word `last`; discard_i moves write back to commit.
// Released words of earlier packets keep draining through out_* (a block RAM
// read behind mccp_prim_fwft) while the next task writes.
//
//  * space_o: a word may be written (fewer than Depth words held in total,
//    counting released words not yet taken by the consumer and the word taken
//    in the last cycle: the count sees a take a cycle late, so the core's issue
//    decision, which reads space a cycle ahead, never waits on out_ready_i,
//    whose consumer sits across the die);
//  * oversize_o: the running task's own words fill the buffer.
// Both are registers.  we_i must not be asserted without space_o, and at most
// one of we_i, release_i, discard_i is asserted in a cycle.
module mccp_prim_out_buf #(
  parameter int Depth = 130
) (
  input  logic         clk_i,
  input  logic         rst_ni,
  input  logic         we_i,
  input  logic [127:0] wdata_i,
  input  logic [4:0]   wbytes_i,
  input  logic         release_i,
  input  logic         discard_i,
  output logic         space_o,
  output logic         oversize_o,
  // space_o / oversize_o next cycle if we_i is high now (*_we_o) or low
  // (while no release or discard runs), for an owner that decides a cycle ahead
  output logic         space_next_we_o,
  output logic         space_next_o,
  output logic         oversize_next_we_o,
  output logic         out_valid_o,
  input  logic         out_ready_i,
  output logic [127:0] out_data_o,
  output logic [4:0]   out_bytes_o,
  output logic         out_last_o
);

  localparam int Aw = $clog2(Depth);
  localparam int Cw = $clog2(Depth + 1);

  // A word is read only once committed, never in a cycle it is written: no_rw_check.
  (* no_rw_check *) logic [132:0] mem [Depth];       // {bytes, data}
  (* no_rw_check *) logic         last_mem [Depth];  // written again at release
  logic [133:0]  rdata_q;
  logic [Aw-1:0] wr_q, cm_q, rd_q, prev_q;  // prev_q: address of the last word written
  logic [Cw-1:0] unc_q, avail_q, tot_q;     // uncommitted; committed unread; all held
  logic [Cw-1:0] unc_d, tot_d;
  logic          full_q, ufull_q, take, pop, pop_q, last_we, last_wdata;
  logic [Aw-1:0] last_waddr;

  assign pop        = out_valid_o && out_ready_i;
  assign last_we    = we_i || (release_i && unc_q != '0);
  assign last_waddr = we_i ? wr_q : prev_q;
  assign last_wdata = !we_i;

  always_ff @(posedge clk_i) begin
    if (we_i) begin
      mem[wr_q] <= {wbytes_i, wdata_i};
    end
    if (last_we) begin
      last_mem[last_waddr] <= last_wdata;
    end
    rdata_q <= {last_mem[rd_q], mem[rd_q]};
  end

  always_comb begin
    unc_d = unc_q;
    tot_d = tot_q - Cw'(pop_q);
    if (we_i) begin
      unc_d = unc_q + 1'b1;
      tot_d = tot_d + 1'b1;
    end else if (release_i || discard_i) begin
      unc_d = '0;
      if (discard_i) begin
        tot_d = tot_d - unc_q;
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wr_q    <= '0;
      cm_q    <= '0;
      rd_q    <= '0;
      prev_q  <= '0;
      unc_q   <= '0;
      avail_q <= '0;
      tot_q   <= '0;
      pop_q   <= 1'b0;
      full_q  <= 1'b0;
      ufull_q <= 1'b0;
    end else begin
      if (we_i) begin
        wr_q   <= (wr_q == Aw'(Depth - 1)) ? '0 : wr_q + 1'b1;
        prev_q <= wr_q;
      end else if (discard_i) begin
        wr_q <= cm_q;
      end
      if (release_i) begin
        cm_q <= wr_q;
      end
      if (take) begin
        rd_q <= (rd_q == Aw'(Depth - 1)) ? '0 : rd_q + 1'b1;
      end
      avail_q <= avail_q + (release_i ? unc_q : '0) - Cw'(take);
      unc_q   <= unc_d;
      tot_q   <= tot_d;
      pop_q   <= pop;
      full_q  <= (tot_d == Cw'(Depth));
      ufull_q <= (unc_d == Cw'(Depth));
    end
  end

  assign space_o    = !full_q;
  assign oversize_o = ufull_q;

  logic [Cw-1:0] tot_pop;
  assign tot_pop            = tot_q - Cw'(pop_q);
  assign space_next_o       = (tot_pop != Cw'(Depth));
  assign space_next_we_o    = (tot_pop + 1'b1 != Cw'(Depth));
  assign oversize_next_we_o = (unc_q + 1'b1 == Cw'(Depth));

  // The read side's next-cycle valid outputs are for the core's input FIFO.
  /* verilator lint_off PINCONNECTEMPTY */
  mccp_prim_fwft #(
    .Width(134)
  ) u_prefetch (
    .clk_i,
    .rst_ni,
    .avail_i (avail_q != '0),
    .take_o  (take),
    .rdata_i (rdata_q),
    .valid_o (out_valid_o),
    .data_o  ({out_last_o, out_bytes_o, out_data_o}),
    .pop_i   (pop),
    .valid_next_pop_o  (),
    .valid_next_hold_o ()
  );
  /* verilator lint_on PINCONNECTEMPTY */

endmodule
