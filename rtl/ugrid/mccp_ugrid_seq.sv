// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// Sequencer of the micro-core grid (docs/ugrid.md "Sequencer"): the one
// program counter every core reads its own instruction memory at, a loop and
// the hold.
//
// It runs one word ahead of the cores: in the cycle that executes the word at
// pc_q it already hands the cores the address of the next word (fetch_addr_o),
// so a core can address its table for that word's look-up a cycle early
// (mccp_ucore).  The next address depends on the pc and the loop's count only,
// never on data, so deciding it a cycle early costs nothing.  In the start
// cycle the word fetched is the entry's, straight from the start's inputs.
module mccp_ugrid_seq #(
  parameter int ImemDepth = 256,
  localparam int Aw = $clog2(ImemDepth)
) (
  input  logic          clk_i,
  input  logic          rst_ni,
  input  logic          start_i,        // taken when !busy_o
  input  logic [Aw-1:0] entry_i,
  input  logic [Aw-1:0] last_i,
  input  logic [Aw-1:0] loop_start_i,
  input  logic [Aw-1:0] loop_end_i,
  input  logic [15:0]   loop_count_i,   // passes of the loop; 0 counts as 1
  input  logic          hold_i,         // no cycle executes
  output logic          busy_o,
  output logic          exec_o,         // this cycle executes the word at pc_o
  output logic [Aw-1:0] pc_o,
  output logic          clear_o,        // a start is taken: the cores clear their run state
  output logic          step_o,         // the cores take the word at fetch_addr_o
  output logic [Aw-1:0] fetch_addr_o    // the word the next cycle executes
);

  logic          busy_q, more_q;        // more_q: a word follows the one at pc_q
  logic [Aw-1:0] pc_q, fpc_q;           // fpc_q: the word after pc_q (if more_q)
  logic [Aw-1:0] last_q, loop_start_q, loop_end_q;
  logic [15:0]   passes_q;              // passes left, as of fpc_q

  logic accept, exec;
  assign accept = start_i && !busy_q;
  assign exec   = busy_q && !hold_i;

  // the word fetched in this cycle and the run's numbers it is decided with
  logic [Aw-1:0] f_pc, f_last, f_loop_start, f_loop_end;
  logic [15:0]   f_passes;
  always_comb begin
    if (busy_q) begin
      f_pc         = fpc_q;
      f_last       = last_q;
      f_loop_start = loop_start_q;
      f_loop_end   = loop_end_q;
      f_passes     = passes_q;
    end else begin
      f_pc         = entry_i;
      f_last       = last_i;
      f_loop_start = loop_start_i;
      f_loop_end   = loop_end_i;
      f_passes     = (loop_count_i == 16'd0) ? 16'd1 : loop_count_i;
    end
  end

  // the word after the fetched one
  logic          jump, n_more;
  logic [Aw-1:0] n_pc;
  logic [15:0]   n_passes;
  assign jump     = f_pc == f_loop_end && f_passes > 16'd1;
  assign n_more   = jump || f_pc != f_last;
  assign n_pc     = jump ? f_loop_start : f_pc + Aw'(1);
  assign n_passes = jump ? f_passes - 16'd1 : f_passes;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      busy_q       <= 1'b0;
      more_q       <= 1'b0;
      pc_q         <= '0;
      fpc_q        <= '0;
      last_q       <= '0;
      loop_start_q <= '0;
      loop_end_q   <= '0;
      passes_q     <= '0;
    end else if (accept) begin
      busy_q       <= 1'b1;
      pc_q         <= entry_i;
      last_q       <= last_i;
      loop_start_q <= loop_start_i;
      loop_end_q   <= loop_end_i;
      more_q       <= n_more;
      fpc_q        <= n_pc;
      passes_q     <= n_passes;
    end else if (exec) begin
      if (!more_q) begin
        busy_q <= 1'b0;
      end else begin
        pc_q     <= fpc_q;
        more_q   <= n_more;
        fpc_q    <= n_pc;
        passes_q <= n_passes;
      end
    end
  end

  assign busy_o       = busy_q;
  assign exec_o       = exec;
  assign pc_o         = pc_q;
  assign clear_o      = accept;
  assign step_o       = accept || exec;
  assign fetch_addr_o = f_pc;

endmodule
