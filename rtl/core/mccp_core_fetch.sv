// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// Instruction fetch of the MCCP core: the sequential read port (port A) of
// the instruction memory and a queue of up to three fetched words whose head
// is the core's D stage.
//
// Why a queue: the core's issue decision (pop_i) comes late in the cycle and
// fans out widely; if it also chose the memory address it would run on into
// the block RAM's address setup across the chip.  Here the address comes
// from registers only, and a read is started whenever the queue will have
// room for its word even without a pop (held + in flight <= 2 of 3 places),
// so one word per cycle flows in while the core issues one per cycle, and
// pop_i only drives register enables and multiplexers.
//
// Timing (the same as a plain fetch register):
//  * start_i (the start handshake, cycle 0): the head loads the entry word,
//    which port B read (entry_word_i); port A has read entry + 1 in that
//    cycle (addr_o = entry + 1 while run_i is low), which arrives in cycle 1.
//  * redirect_i (the cycle after a taken branch in X): the queue drops its
//    words and the word arriving now, the head loads the target word from
//    port B (entry_word_i, pc tgt_i), port A reads tgt_i + 1.
module mccp_core_fetch #(
  parameter int Words = 1024,
  parameter int Width = 66,          // stored word: {predecode, instruction}
  localparam int Aw = (Words > 1) ? $clog2(Words) : 1
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             run_i,          // a task runs
  input  logic             start_i,
  input  logic [Aw-1:0]    start_entry_i,
  input  logic             redirect_i,
  input  logic [13:0]      tgt_i,
  input  logic [Width-1:0] entry_word_i,   // port B's word: the entry or the target
  input  logic             pop_i,          // the head moves on to X (only with head_valid_o)
  // port A of the instruction memory
  output logic [Aw-1:0]    addr_o,
  input  logic [Width-1:0] rdata_i,
  // head of the queue: the instruction in D
  output logic             head_valid_o,
  output logic [Width-1:0] head_o,
  output logic [13:0]      head_pc_o,
  output logic             head_oob_o      // beyond the memory: an undefined instruction
);

  localparam int E = Width + 14;   // entry: {pc, word}

  // Entries 0 (head) .. 2; v_q is a thermometer (v_q[i] = entry i holds a word).
  // A shifting queue, not mccp_prim_fifo_flop: the head is always entry 0, so
  // D reads a register with no read multiplexer, and a pop only shifts.
  logic [2:0][E-1:0] q_q, q_d;
  logic [2:0]        v_q, v_pop, v_d;
  logic              infl_q;       // port A's word of the last edge counts (arrives now)
  logic [13:0]       infl_pc_q, fq_q, fq1_q;   // next address to fetch, and + 1
  logic [13:0]       addr;
  logic              take, arrive;

  // A read counts when its word will have a place without a pop: at most two
  // words held, or one held and none in flight.
  assign take   = redirect_i || start_i || (run_i && !v_q[2] && !(v_q[1] && infl_q));
  assign arrive = infl_q && run_i && !redirect_i;

  always_comb begin
    if (!run_i) begin
      addr = 14'(start_entry_i) + 14'd1;
    end else if (redirect_i) begin
      addr = tgt_i + 14'd1;
    end else begin
      addr = fq_q;
    end
  end
  assign addr_o = addr[Aw-1:0];

  // Queue after this cycle: a pop shifts, an arriving word takes the first
  // free entry after that.
  assign v_pop = pop_i ? {1'b0, v_q[2:1]} : v_q;
  always_comb begin
    for (int i = 0; i < 3; i++) begin
      q_d[i] = (pop_i && i < 2) ? q_q[(i < 2) ? i + 1 : i] : q_q[i];
      if (arrive && !v_pop[i] && (i == 0 || v_pop[(i > 0) ? i - 1 : 0])) begin
        q_d[i] = {infl_pc_q, rdata_i};
      end
    end
  end
  assign v_d = arrive ? {v_pop[1:0], 1'b1} : v_pop;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      q_q       <= '0;
      v_q       <= '0;
      infl_q    <= 1'b0;
      infl_pc_q <= '0;
      fq_q      <= '0;
      fq1_q     <= '0;
    end else begin
      infl_q <= take;
      if (take) begin
        infl_pc_q <= addr;
      end
      // The words move whatever happens; only the valid bits say whether they count.
      if (start_i || redirect_i) begin
        q_q[0] <= {start_i ? 14'(start_entry_i) : tgt_i, entry_word_i};
        v_q    <= 3'b001;
        fq_q   <= addr + 14'd1;
        fq1_q  <= addr + 14'd2;
      end else begin
        q_q <= q_d;
        v_q <= run_i ? v_d : 3'b000;
        if (take) begin
          fq_q  <= fq1_q;
          fq1_q <= fq1_q + 14'd1;
        end
      end
    end
  end

  assign head_valid_o = v_q[0];
  assign head_o       = q_q[0][Width-1:0];
  assign head_pc_o    = q_q[0][E-1:Width];
  assign head_oob_o   = (32'(q_q[0][E-1:Width]) >= 32'(Words));

endmodule
