// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// The microcode memory the EC processing units share (paper 002's central
// instruction memory), one line of LineWords instructions per access, and
// its round-robin arbiter: one grant a cycle; the granted unit's line is on
// line_o in the next cycle (rvalid_o).  The host writes one instruction at a
// time (we_i); every write flushes the units' buffers (flush_o), so firmware
// is reloaded with the units idle.
module mccp_ecc_mcode #(
  parameter int NumUnits = 1,
  parameter int McodeWords = 1024,
  parameter int LineWords = 4,
  localparam int Aw = $clog2(McodeWords),
  localparam int LineAw = Aw - $clog2(LineWords),
  localparam int LineW = LineWords * 32
) (
  input  logic                             clk_i,
  input  logic                             rst_ni,
  input  logic                             we_i,
  input  logic [Aw-1:0]                    waddr_i,
  input  logic [31:0]                      wdata_i,
  output logic                             flush_o,
  input  logic [NumUnits-1:0]              req_i,
  input  logic [NumUnits-1:0][LineAw-1:0]  line_addr_i,
  output logic [NumUnits-1:0]              gnt_o,
  output logic [NumUnits-1:0]              rvalid_o,
  output logic [LineW-1:0]                 line_o
);

  localparam int UnitW = (NumUnits > 1) ? $clog2(NumUnits) : 1;
  localparam int OffW = (LineWords > 1) ? $clog2(LineWords) : 1;

  logic [UnitW-1:0]    gidx;
  logic [NumUnits-1:0] gnt_q;
  logic [LineAw-1:0]   waddr_line;
  logic [OffW-1:0]     woff;

  mccp_prim_arb_rr #(.N(NumUnits)) u_arb (
    .clk_i, .rst_ni,
    .req_i,
    .take_i(|req_i),
    .gnt_o,
    .idx_o (gidx)
  );

  assign waddr_line = LineAw'(waddr_i >> $clog2(LineWords));
  assign woff       = (LineWords > 1) ? OffW'(waddr_i) : '0;

  // One memory per word of a line (a bank holds word w of every line), each
  // written a whole word at a time: a single 128-bit memory written by 32-bit
  // slices mapped to 32 block RAMs, the banks take LineWords.  Firmware is
  // written while the units are idle, so a line is never read in a cycle its
  // word is written: no_rw_check spares synthesis the flip-flops and
  // multiplexers that would give such a read the old word (~145 LUT4).
  for (genvar w = 0; w < LineWords; w++) begin : g_bank
    (* no_rw_check *) logic [31:0] bank [McodeWords / LineWords];
    always_ff @(posedge clk_i) begin
      if (we_i && woff == OffW'(w)) bank[waddr_line] <= wdata_i;
      if (|req_i) line_o[32*w +: 32] <= bank[line_addr_i[gidx]];
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      gnt_q   <= '0;
      flush_o <= 1'b0;
    end else begin
      gnt_q   <= gnt_o;
      flush_o <= we_i;
    end
  end
  assign rvalid_o = gnt_q;

endmodule
