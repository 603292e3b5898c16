// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// Scalar register file of the MCCP core: 8 x 32 bits in distributed (LUT)
// RAM, one write port, and a shadow of clamp(s[i]) = min(max(s[i], 0), 16)
// (signed) per register in flip-flops, written a cycle later.
//
// The byte counts of vmask / vpad / vstn / tagchk are clamp() of a scalar; the
// shadow is computed when a register is written, so a byte count is a 5-bit
// read instead of a 32-bit read plus the clamp.
//
//  * init_i (task start): s0..s3 = args_i (s0 = [127:96]), s4..s7 = 0;
//  * one write port (ram_we_i, ram_waddr_i, ram_wdata_i: the core's result in
//    the cycle of its issue), for the values;
//  * the same write a cycle later (we_i, waddr_i, wdata_i: the core's
//    write-back stage), for the clamp shadow;
//  * read ports A (s[b]), B (s[c]) and, with TraceEnable, a trace port, not
//    write-through (a register written in this cycle reads as its old value:
//    the core bypasses it from its write-back stage);
//  * clamp ports C (s[c]) and A' (s[a]) and the s[c] > 0 bit, write-through
//    for we_i (a register the write-back stage writes reads as its new value);
//  * wclamp_o / wpos_o: clamp() and > 0 of the value being written, for the
//    core's execute stage, which refreshes a byte count it holds when the
//    write-back stage writes that register.
//
// Storage.  The values live in one 8 x 32 LUT RAM per read port
// (mccp_core_vram), written by the one write port, so a write needs no
// multiplexer in front of any register (in flip-flops, the file took 780 to
// 895 LUT4, most of them the per-register write selects).  A LUT RAM cannot
// take the four arguments in one cycle, so init_i does not write it: a flag
// per register (written_q) says whether the register was written since the
// start; until then it reads as its initial value, from args_q.
module mccp_core_sregs #(
  parameter bit TraceEnable = 1'b1
) (
  input  logic         clk_i,
  input  logic         init_i,
  input  logic [127:0] args_i,
  input  logic         ram_we_i,
  input  logic [2:0]   ram_waddr_i,
  input  logic [31:0]  ram_wdata_i,
  input  logic         we_i,
  input  logic [2:0]   waddr_i,
  input  logic [31:0]  wdata_i,
  input  logic [2:0]   raddr_a_i,
  output logic [31:0]  rdata_a_o,
  input  logic [2:0]   raddr_b_i,
  output logic [31:0]  rdata_b_o,
  input  logic [2:0]   caddr_c_i,
  output logic [4:0]   clamp_c_o,
  input  logic [2:0]   caddr_a_i,
  output logic [4:0]   clamp_a_o,
  output logic         pos_c_o,     // s[c] > 0 (signed), i.e. clamp(s[c]) != 0
  output logic [4:0]   wclamp_o,
  output logic         wpos_o,
  input  logic [2:0]   raddr_t_i,
  output logic [31:0]  rdata_t_o
);

  function automatic logic [4:0] clamp16(input logic [31:0] x);
    if (x[31]) begin
      clamp16 = 5'd0;
    end else if (x[30:4] != '0) begin
      clamp16 = 5'd16;
    end else begin
      clamp16 = {1'b0, x[3:0]};
    end
  endfunction

  logic [3:0][31:0] args_q;    // s0..s3 as the task started
  logic [7:0]       written_q; // s[i] written since the start (else it reads as its initial value)
  logic [7:0][4:0]  clamp_q;
  logic [7:0]       pos_q;
  logic [4:0]       wclamp;
  logic             wpos;

  assign wclamp = clamp16(wdata_i);
  assign wpos   = !wdata_i[31] && (wdata_i != '0);

  always_ff @(posedge clk_i) begin
    if (init_i) begin
      for (int r = 0; r < 4; r++) begin
        args_q[r] <= args_i[127 - 32 * r -: 32];
      end
      written_q <= '0;
    end else if (ram_we_i) begin
      written_q[ram_waddr_i] <= 1'b1;
    end
  end

  for (genvar r = 0; r < 8; r++) begin : g_shadow
    logic [31:0] init_val;
    if (r < 4) begin : g_arg
      assign init_val = args_i[127 - 32 * r -: 32];
    end else begin : g_zero
      assign init_val = '0;
    end
    always_ff @(posedge clk_i) begin
      if (init_i) begin
        clamp_q[r] <= clamp16(init_val);
        pos_q[r]   <= !init_val[31] && (init_val != '0);
      end else if (we_i && waddr_i == 3'(r)) begin
        clamp_q[r] <= wclamp;
        pos_q[r]   <= wpos;
      end
    end
  end

  // One read port: the RAM, or the initial value if the register was not
  // written since the start.
  localparam int Ports = TraceEnable ? 3 : 2;
  logic [Ports-1:0][2:0]  raddr;
  logic [Ports-1:0][31:0] rdata;
  assign raddr[0] = raddr_a_i;
  assign raddr[1] = raddr_b_i;
  if (TraceEnable) begin : g_trace_addr
    assign raddr[2] = raddr_t_i;
  end else begin : g_no_trace_addr
    logic unused_t;
    assign unused_t = ^raddr_t_i;
  end

  for (genvar p = 0; p < Ports; p++) begin : g_port
    logic [31:0]      ram;
    logic [31:0]      init01, init23;
    mccp_core_vram u_ram (
      .clk_i,
      .we_i    (ram_we_i),
      .waddr_i (ram_waddr_i),
      .wdata_i (ram_wdata_i),
      .raddr_i (raddr[p]),
      .rdata_o (ram)
    );
    // written ? ram : (s0..s3: args_q, s4..s7: 0).  The initial value is
    // args_q[raddr] as two AO22 leaves whose selects decode the address alone
    // (flip-flops in the core), so they do not wait for the written_q[raddr]
    // lookup, which runs beside them and the RAM read; one LUT joins the three
    // (mccp_prim_mux2_or).
    logic       sel_ram;
    logic [3:0] sel_arg;
    mccp_prim_pick8 u_written (
      .v_i (written_q),
      .s_i (raddr[p]),
      .y_o (sel_ram)
    );
    for (genvar k = 0; k < 4; k++) begin : g_sel
      assign sel_arg[k] = (raddr[p] == 3'(k));
    end
    mccp_prim_ao22 #(
      .Width(32)
    ) u_arg01 (
      .a_i  (args_q[0]),
      .sa_i ({32{sel_arg[0]}}),
      .b_i  (args_q[1]),
      .sb_i ({32{sel_arg[1]}}),
      .y_o  (init01)
    );
    mccp_prim_ao22 #(
      .Width(32)
    ) u_arg23 (
      .a_i  (args_q[2]),
      .sa_i ({32{sel_arg[2]}}),
      .b_i  (args_q[3]),
      .sb_i ({32{sel_arg[3]}}),
      .y_o  (init23)
    );
    mccp_prim_mux2_or #(
      .Width(32)
    ) u_join (
      .s_i (sel_ram),
      .a_i (ram),
      .b_i (init01),
      .c_i (init23),
      .y_o (rdata[p])
    );
  end

  assign rdata_a_o = rdata[0];
  assign rdata_b_o = rdata[1];
  assign clamp_c_o = (we_i && waddr_i == caddr_c_i) ? wclamp : clamp_q[caddr_c_i];
  assign clamp_a_o = (we_i && waddr_i == caddr_a_i) ? wclamp : clamp_q[caddr_a_i];
  assign pos_c_o   = (we_i && waddr_i == caddr_c_i) ? wpos : pos_q[caddr_c_i];
  assign wclamp_o  = wclamp;
  assign wpos_o    = wpos;

  if (TraceEnable) begin : g_trace
    assign rdata_t_o = rdata[2];
  end else begin : g_no_trace
    assign rdata_t_o = '0;
  end

endmodule
