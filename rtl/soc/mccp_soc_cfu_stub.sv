// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// mccp_soc_cfu_stub: stands in on the CPU's CFU port (custom-0 instructions)
// until the coprocessor of the next milestone replaces it.  Every command is
// accepted and answered the next cycle with 0, so a custom instruction
// completes (rd = 0) instead of stalling the CPU forever.  One response is
// held at a time: a new command is taken when none waits or the waiting one
// is taken in the same cycle.
module mccp_soc_cfu_stub (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        cmd_valid_i,
  output logic        cmd_ready_o,
  input  logic [9:0]  cmd_function_id_i,
  input  logic [31:0] cmd_input0_i,
  input  logic [31:0] cmd_input1_i,
  output logic        rsp_valid_o,
  input  logic        rsp_ready_i,
  output logic [31:0] rsp_output0_o
);

  logic pending_q;

  assign cmd_ready_o = !pending_q || rsp_ready_i;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      pending_q <= 1'b0;
    end else if (cmd_valid_i && cmd_ready_o) begin
      pending_q <= 1'b1;
    end else if (rsp_ready_i) begin
      pending_q <= 1'b0;
    end
  end

  assign rsp_valid_o   = pending_q;
  assign rsp_output0_o = '0;

  logic unused_cmd;
  assign unused_cmd = ^{cmd_function_id_i, cmd_input0_i, cmd_input1_i};

endmodule
