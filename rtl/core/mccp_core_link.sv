// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// mccp_core_link: the queue from one core of a split task to its partner
// (vsend on the sending core, vrecv on the receiving one).  Depth blocks of
// 128 bits.
//
// Each side sees the other's moves one cycle late: a block pushed in cycle t
// is visible to the receiver from t + 2, a place freed by a pop in cycle t is
// visible to the sender from t + 2 (mccp_isa_pkg::PairLinkLatency).  So every
// cross-core signal a core's issue logic uses comes from a flip-flop, and
// each side can tell its next-cycle state from its own move alone:
//   receiver, next cycle: valid = count_q - pop > 0   (rx_valid_next_*)
//   sender,   next cycle: space = count_q + push < Depth  (tx_space_next_*)
// which is what the core's issue logic, decided a cycle ahead, needs.
module mccp_core_link #(
  parameter int Depth = mccp_isa_pkg::PairLinkDepth
) (
  input  logic         clk_i,
  input  logic         rst_ni,
  input  logic         clear_i,              // drop every block (a split task starts)
  // sender
  input  logic         push_i,               // only while tx_space_o
  input  logic [127:0] push_data_i,
  output logic         tx_space_o,
  output logic         tx_space_next_push_o, // space next cycle if the sender pushes now
  output logic         tx_space_next_hold_o, // ... if it does not
  // receiver
  input  logic         pop_i,                // only while rx_valid_o
  output logic         rx_valid_o,
  output logic [127:0] rx_data_o,
  output logic         rx_valid_next_pop_o,  // a block visible next cycle if the receiver pops now
  output logic         rx_valid_next_hold_o  // ... if it does not
);

  localparam int Cw = $clog2(Depth + 1);

  // The queue itself: flip-flops (no LUT at depth 1, the ISA's; a 128-bit
  // read multiplexer at depth 2 or more).
  logic [Cw-1:0] count_q;
  logic          push_q, pop_q;   // last cycle's moves, not yet seen by the other side

  mccp_prim_fifo_flop #(
    .Width (128),
    .Depth (Depth)
  ) u_fifo (
    .clk_i,
    .rst_ni,
    .clr_i   (clear_i),
    .push_i,
    .wdata_i (push_data_i),
    .pop_i,
    .rdata_o (rx_data_o),
    .count_o (count_q)
  );

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      push_q <= 1'b0;
      pop_q  <= 1'b0;
    end else if (clear_i) begin
      push_q <= 1'b0;
      pop_q  <= 1'b0;
    end else begin
      push_q <= push_i;
      pop_q  <= pop_i;
    end
  end

  // The receiver does not see the block pushed last cycle, the sender does
  // not see the place freed last cycle.
  assign rx_valid_o           = count_q > Cw'(push_q);
  assign rx_valid_next_hold_o = count_q != '0;
  assign rx_valid_next_pop_o  = 32'(count_q) > 1;
  assign tx_space_o           = 32'(count_q) + 32'(pop_q) < Depth;
  assign tx_space_next_hold_o = 32'(count_q) < Depth;
  assign tx_space_next_push_o = 32'(count_q) + 1 < Depth;

endmodule
