// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// mccp_prim_fwft: first-word-fall-through read side for a memory with a
// synchronous read (block RAM), for FIFOs and buffers built around one.
//
// The memory is read every cycle at its read address; this unit says whether
// that read counts (take_o: the owner advances the read address) and keeps up
// to two words in flip-flops (head, skid).  data_o/valid_o come straight from
// the head register, and pop_i only drives register enables, never the memory
// address, so a consumer may pop one word per cycle on a late signal.
//
// take_o: the memory has a word (avail_i) and it will have a place when it
// arrives next cycle: words held + word arriving - pop <= 1.
module mccp_prim_fwft #(
  parameter int Width = 129
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             avail_i,
  output logic             take_o,
  input  logic [Width-1:0] rdata_i,
  output logic             valid_o,
  output logic [Width-1:0] data_o,
  input  logic             pop_i,   // only with valid_o
  // valid_o next cycle, if pop_i is high / low now (for an owner that decides
  // a cycle ahead)
  output logic             valid_next_pop_o,
  output logic             valid_next_hold_o
);

  logic             rvalid_q, hv_q, sv_q;
  logic [Width-1:0] head_q, skid_q;
  logic [1:0]       held;
  logic             hv_after, sv_after;

  assign held   = 2'(hv_q) + 2'(sv_q) + 2'(rvalid_q);
  assign take_o = avail_i && ((held <= 2'd1) || (held == 2'd2 && pop_i));

  assign hv_after = pop_i ? sv_q : hv_q;
  assign sv_after = pop_i ? 1'b0 : sv_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rvalid_q <= 1'b0;
      hv_q     <= 1'b0;
      sv_q     <= 1'b0;
    end else begin
      rvalid_q <= take_o;
      hv_q     <= hv_after || rvalid_q;
      sv_q     <= sv_after || (rvalid_q && hv_after);
    end
  end

  always_ff @(posedge clk_i) begin
    if (pop_i) begin
      head_q <= sv_q ? skid_q : rdata_i;
    end else if (!hv_q) begin
      head_q <= rdata_i;
    end
    if (rvalid_q && hv_after) begin
      skid_q <= rdata_i;
    end
  end

  assign valid_o           = hv_q;
  assign valid_next_pop_o  = sv_q || rvalid_q;
  assign valid_next_hold_o = hv_q || rvalid_q;
  assign data_o  = head_q;

endmodule
