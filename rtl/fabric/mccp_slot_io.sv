// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// mccp_slot_io: the slot contract's buffers (docs/fabric.md "Slot contract")
// for a unit that has none of its own, such as an EC unit, which reads its
// input a word at a time when its firmware asks and writes its output
// without back-pressure.
//  * Input: a FIFO of InDepth words the parser streams the body into, so the
//    parser does not wait on the unit's firmware (it reads its operands at
//    its own pace) unless a packet is longer than the FIFO: flip-flops for a
//    few words (an EC unit's operands), block RAM with InRam (an ARX
//    element's whole packet, so the parser moves on to other slots).
//  * Output: the task's words wait in mccp_prim_out_buf until the unit's
//    result: released if the status is OK, discarded otherwise.  A released
//    packet may still be leaving while the next task runs and a third waits
//    (the output stage frees a record when it chooses the packet), so
//    OutDepth must hold three tasks' output; the unit then never sees the
//    buffer full (unit_out_space_o stays up).
//  * Result: offered to the fabric the cycle after the unit's (while the
//    buffer releases or discards), with the bytes released (the sum of the
//    words' byte counts, unit_out_bytes_i: 16 for a unit whose words are
//    whole); taking it releases the unit.
module mccp_slot_io #(
  parameter int InDepth  = 12,
  parameter bit InRam    = 1'b0,
  parameter int OutDepth = 18
) (
  input  logic         clk_i,
  input  logic         rst_ni,
  // fabric side (the parser, the output stage)
  input  logic         in_valid_i,
  output logic         in_ready_o,
  input  logic [127:0] in_data_i,
  input  logic         in_last_i,
  output logic         out_valid_o,
  input  logic         out_ready_i,
  output logic [127:0] out_data_o,
  output logic [4:0]   out_bytes_o,
  output logic         out_last_o,
  output logic         res_valid_o,
  input  logic         res_ready_i,
  output logic [7:0]   res_status_o,
  output logic [15:0]  res_bytes_o,
  // unit side
  output logic         unit_in_valid_o,
  input  logic         unit_in_ready_i,
  output logic [127:0] unit_in_data_o,
  output logic         unit_in_last_o,
  input  logic         unit_out_we_i,
  input  logic [127:0] unit_out_data_i,
  input  logic [4:0]   unit_out_bytes_i,   // 1..16 valid bytes of the word (its first ones)
  output logic         unit_out_space_o,
  input  logic         unit_res_valid_i,
  output logic         unit_res_ready_o,
  input  logic [7:0]   unit_res_status_i
);

  localparam int InCw = $clog2(InDepth + 1);

  // ---- input ------------------------------------------------------------------
  logic [128:0] in_head;
  if (InRam) begin : g_in_ram
    /* verilator lint_off PINCONNECTEMPTY */
    mccp_prim_fifo_ram #(
      .Width (129),
      .Depth (InDepth)
    ) u_in_fifo (
      .clk_i,
      .rst_ni,
      .wvalid_i           (in_valid_i),
      .wready_o           (in_ready_o),
      .wdata_i            ({in_last_i, in_data_i}),
      .rvalid_o           (unit_in_valid_o),
      .rdata_o            (in_head),
      .pop_i              (unit_in_valid_o && unit_in_ready_i),
      .rvalid_next_pop_o  (),
      .rvalid_next_hold_o ()
    );
    /* verilator lint_on PINCONNECTEMPTY */
  end else begin : g_in_flop
    logic [InCw-1:0] in_count;
    assign in_ready_o = 32'(in_count) < InDepth;
    mccp_prim_fifo_flop #(
      .Width (129),
      .Depth (InDepth)
    ) u_in_fifo (
      .clk_i,
      .rst_ni,
      .clr_i   (1'b0),
      .push_i  (in_valid_i && in_ready_o),
      .wdata_i ({in_last_i, in_data_i}),
      .pop_i   (unit_in_valid_o && unit_in_ready_i),
      .rdata_o (in_head),
      .count_o (in_count)
    );
    assign unit_in_valid_o = in_count != '0;
  end
  assign unit_in_data_o  = in_head[127:0];
  assign unit_in_last_o  = in_head[128];

  // ---- result -------------------------------------------------------------------
  logic        hold_q, release_q, discard_q;
  logic [7:0]  status_q;
  logic [15:0] sum_q;           // bytes the running task wrote
  logic [15:0] bytes_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      hold_q    <= 1'b0;
      release_q <= 1'b0;
      discard_q <= 1'b0;
      status_q  <= '0;
      sum_q     <= '0;
      bytes_q   <= '0;
    end else begin
      release_q <= 1'b0;
      discard_q <= 1'b0;
      if (unit_out_we_i) sum_q <= sum_q + 16'(unit_out_bytes_i);
      if (unit_res_valid_i && !hold_q) begin
        hold_q    <= 1'b1;
        status_q  <= unit_res_status_i;
        release_q <= unit_res_status_i == mccp_isa_pkg::STATUS_OK;
        discard_q <= unit_res_status_i != mccp_isa_pkg::STATUS_OK;
        bytes_q   <= (unit_res_status_i == mccp_isa_pkg::STATUS_OK) ? sum_q : '0;
        sum_q     <= '0;
      end else if (hold_q && res_ready_i) begin
        hold_q <= 1'b0;
      end
    end
  end
  assign res_valid_o      = hold_q;
  assign res_status_o     = status_q;
  assign res_bytes_o      = bytes_q;
  assign unit_res_ready_o = hold_q && res_ready_i;

  // ---- output -------------------------------------------------------------------
  /* verilator lint_off PINCONNECTEMPTY */
  mccp_prim_out_buf #(
    .Depth (OutDepth)
  ) u_out_buf (
    .clk_i,
    .rst_ni,
    .we_i               (unit_out_we_i),
    .wdata_i            (unit_out_data_i),
    .wbytes_i           (unit_out_bytes_i),
    .release_i          (release_q),
    .discard_i          (discard_q),
    .space_o            (unit_out_space_o),
    .oversize_o         (),
    .space_next_we_o    (),
    .space_next_o       (),
    .oversize_next_we_o (),
    .out_valid_o,
    .out_ready_i,
    .out_data_o,
    .out_bytes_o,
    .out_last_o
  );
  /* verilator lint_on PINCONNECTEMPTY */

endmodule
