// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// NumUnits EC processing units fetching from one shared microcode memory
// through its arbiter (paper 002's organisation).  Each unit's task ports are
// the slot contract's; the host loads microcode through mc_we_i (units idle).
module mccp_ecc_cluster #(
  parameter int NumUnits = 1,
  parameter int MaxM = 283,
  parameter int Digit = 163,
  parameter bit Karatsuba = 1'b0,
  parameter bit DualIssue = 1'b1,
  parameter int McodeWords = 1024,
  parameter int Lines = 8,
  parameter int LineWords = 4,
  parameter bit TraceEnable = 1'b1,
  localparam int McAw = $clog2(McodeWords),
  localparam int LineAw = McAw - $clog2(LineWords),
  localparam int N = NumUnits
) (
  input  logic                        clk_i,
  input  logic                        rst_ni,
  input  logic                        mc_we_i,
  input  logic [McAw-1:0]             mc_waddr_i,
  input  logic [31:0]                 mc_wdata_i,
  input  logic [N-1:0]                start_valid_i,
  output logic [N-1:0]                start_ready_o,
  input  logic [N-1:0][McAw-1:0]      start_entry_i,
  input  logic [N-1:0][127:0]         start_args_i,
  input  logic [N-1:0]                start_empty_i,
  input  logic [N-1:0][MaxM-1:0]      start_key_i,
  input  logic [N-1:0]                in_valid_i,
  output logic [N-1:0]                in_ready_o,
  input  logic [N-1:0][127:0]         in_data_i,
  input  logic [N-1:0]                in_last_i,
  output logic [N-1:0]                out_we_o,
  output logic [N-1:0][127:0]         out_data_o,
  input  logic [N-1:0]                out_space_i,
  output logic [N-1:0]                res_valid_o,
  input  logic [N-1:0]                res_ready_i,
  output logic [N-1:0][7:0]           res_status_o,
  output logic [N-1:0]                busy_o,
  input  logic [N-1:0]                abort_i,
  output logic [N-1:0]                trace_valid_o,
  output logic [N-1:0][31:0]          trace_cycle_o,
  output logic [N-1:0][McAw-1:0]      trace_pc_o,
  output logic [N-1:0][31:0]          trace_insn_o,
  output logic [N-1:0]                trace_we_o,
  output logic [N-1:0]                trace_creg_o,
  output logic [N-1:0][3:0]           trace_reg_o,
  output logic [N-1:0][MaxM-1:0]      trace_data_o,
  output logic [N-1:0]                trace2_valid_o,
  output logic [N-1:0][McAw-1:0]      trace2_pc_o,
  output logic [N-1:0][31:0]          trace2_insn_o,
  output logic [N-1:0]                trace2_we_o,
  output logic [N-1:0]                trace2_creg_o,
  output logic [N-1:0][3:0]           trace2_reg_o,
  output logic [N-1:0][MaxM-1:0]      trace2_data_o,
  output logic [N-1:0]                trace_wb_valid_o,
  output logic [N-1:0][31:0]          trace_wb_cycle_o,
  output logic [N-1:0][3:0]           trace_wb_reg_o,
  output logic [N-1:0][MaxM-1:0]      trace_wb_data_o
);

  logic                           flush;
  logic [N-1:0]                   req, gnt, rvalid;
  logic [N-1:0][LineAw-1:0]       line_addr;
  logic [LineWords*32-1:0]        line;

  mccp_ecc_mcode #(.NumUnits(N), .McodeWords(McodeWords), .LineWords(LineWords)) u_mcode (
    .clk_i, .rst_ni,
    .we_i(mc_we_i), .waddr_i(mc_waddr_i), .wdata_i(mc_wdata_i),
    .flush_o(flush),
    .req_i(req), .line_addr_i(line_addr), .gnt_o(gnt), .rvalid_o(rvalid), .line_o(line)
  );

  for (genvar u = 0; u < N; u++) begin : g_unit
    mccp_ecc_pu #(
      .MaxM(MaxM), .Digit(Digit), .Karatsuba(Karatsuba), .DualIssue(DualIssue), .McodeWords(McodeWords),
      .Lines(Lines), .LineWords(LineWords), .TraceEnable(TraceEnable)
    ) u_pu (
      .clk_i, .rst_ni,
      .fetch_req_o(req[u]), .fetch_line_o(line_addr[u]), .fetch_gnt_i(gnt[u]),
      .fetch_rvalid_i(rvalid[u]), .fetch_data_i(line), .flush_i(flush),
      .start_valid_i(start_valid_i[u]), .start_ready_o(start_ready_o[u]),
      .start_entry_i(start_entry_i[u]), .start_args_i(start_args_i[u]),
      .start_empty_i(start_empty_i[u]), .start_key_i(start_key_i[u]),
      .in_valid_i(in_valid_i[u]), .in_ready_o(in_ready_o[u]), .in_data_i(in_data_i[u]),
      .in_last_i(in_last_i[u]),
      .out_we_o(out_we_o[u]), .out_data_o(out_data_o[u]), .out_space_i(out_space_i[u]),
      .res_valid_o(res_valid_o[u]), .res_ready_i(res_ready_i[u]), .res_status_o(res_status_o[u]),
      .busy_o(busy_o[u]), .abort_i(abort_i[u]),
      .trace_valid_o(trace_valid_o[u]), .trace_cycle_o(trace_cycle_o[u]), .trace_pc_o(trace_pc_o[u]),
      .trace_insn_o(trace_insn_o[u]), .trace_we_o(trace_we_o[u]), .trace_creg_o(trace_creg_o[u]),
      .trace_reg_o(trace_reg_o[u]), .trace_data_o(trace_data_o[u]),
      .trace2_valid_o(trace2_valid_o[u]), .trace2_pc_o(trace2_pc_o[u]), .trace2_insn_o(trace2_insn_o[u]),
      .trace2_we_o(trace2_we_o[u]), .trace2_creg_o(trace2_creg_o[u]), .trace2_reg_o(trace2_reg_o[u]),
      .trace2_data_o(trace2_data_o[u]),
      .trace_wb_valid_o(trace_wb_valid_o[u]), .trace_wb_cycle_o(trace_wb_cycle_o[u]),
      .trace_wb_reg_o(trace_wb_reg_o[u]), .trace_wb_data_o(trace_wb_data_o[u])
    );
  end

endmodule
