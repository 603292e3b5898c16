// Copyright MCCP contributors.
// SPDX-License-Identifier: Apache-2.0
//
// mccp_key_read_arb: shares the key store's one read port between two readers (the task
// scheduler and the custom-instruction coprocessor port, mccp_cop).
//
// The key store takes a read in a cycle with rd_req_o (and its own conditions) and answers
// with rd_ack_i in the next cycle; a reader holds its request and slot until its ack.  So
// the reader whose request drives the port in cycle t owns an ack in cycle t + 1: sel_q
// remembers who drove, and the ack (with the key store's data, which both readers see)
// goes to that reader only.  When both wait, the one not served last goes first, so
// neither can starve the other.
module mccp_key_read_arb (
  input  logic       clk_i,
  input  logic       rst_ni,
  // reader a (the scheduler)
  input  logic       a_req_i,
  input  logic [4:0] a_slot_i,
  output logic       a_ack_o,
  // reader b (the coprocessor port)
  input  logic       b_req_i,
  input  logic [4:0] b_slot_i,
  output logic       b_ack_o,
  // the key store's read port
  output logic       rd_req_o,
  output logic [4:0] rd_slot_o,
  input  logic       rd_ack_i
);

  logic sel_b;         // b drives the port in this cycle
  logic sel_b_q;       // b drove it in the previous cycle: an ack now is b's
  logic last_b_q;      // the last ack went to b

  always_comb begin
    if (a_req_i && b_req_i) sel_b = !last_b_q;
    else                    sel_b = b_req_i;
  end

  assign rd_req_o  = sel_b ? b_req_i : a_req_i;
  assign rd_slot_o = sel_b ? b_slot_i : a_slot_i;
  assign a_ack_o   = rd_ack_i && !sel_b_q;
  assign b_ack_o   = rd_ack_i && sel_b_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      sel_b_q  <= 1'b0;
      last_b_q <= 1'b0;
    end else begin
      sel_b_q <= sel_b;
      if (rd_ack_i) last_b_q <= sel_b_q;
    end
  end

endmodule
