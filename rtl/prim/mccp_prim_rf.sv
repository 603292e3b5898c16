// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// Register file in LUT RAM: NumRegs registers of Width bits, NumRead
// asynchronous read ports and one or two write ports, every register reading
// as zero from clear_i (a task's start) until it is written again, so no task
// sees another's values (keys, keystream, intermediates) whatever its firmware.
//
// Two write ports: a live-value table, one bank per write port (each copied per
// read port by synthesis); which bank wrote a register last is kept as two
// one-bit tags in LUT RAM: port 0 writes t0[r] = t1[r], port 1 writes
// t1[r] = !t0[r], so bank 1 holds r iff t0[r] != t1[r].  Both ports never write
// one register in the same cycle.
//
// Per read port, the "written since clear" bit is selected in a kept hierarchy
// (mccp_prim_bit_sel) and the bank select comes from LUT RAM, so each data bit
// is one LUT4 of (bank 0 bit, bank 1 bit, select, written): left to itself,
// synthesis merged the flip-flops' selection into every bit's multiplexer
// (~1,500 LUT4 more for 16 x 128 bits, 3 ports).
module mccp_prim_rf #(
  parameter int NumRegs = 16,
  parameter int Width = 128,
  parameter int NumRead = 3,
  parameter int NumWrite = 2,
  localparam int Aw = $clog2(NumRegs)
) (
  input  logic                            clk_i,
  input  logic                            rst_ni,
  input  logic                            clear_i,
  input  logic [NumRead-1:0][Aw-1:0]      raddr_i,
  output logic [NumRead-1:0][Width-1:0]   rdata_o,
  input  logic                            we0_i,
  input  logic [Aw-1:0]                   waddr0_i,
  input  logic [Width-1:0]                wdata0_i,
  input  logic                            we1_i,      // NumWrite 2 only
  input  logic [Aw-1:0]                   waddr1_i,
  input  logic [Width-1:0]                wdata1_i
);

  if (NumRead < 1) begin : g_bad_read
    $error("mccp_prim_rf: NumRead %0d must be at least 1", NumRead);
  end
  if (NumWrite != 1 && NumWrite != 2) begin : g_bad_write
    $error("mccp_prim_rf: NumWrite %0d must be 1 or 2", NumWrite);
  end

  logic [Width-1:0] bank0 [NumRegs];
  logic [NumRegs-1:0] written_q;   // written since clear_i

  always_ff @(posedge clk_i) begin
    if (we0_i) bank0[waddr0_i] <= wdata0_i;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      written_q <= '0;
    end else if (clear_i) begin
      written_q <= '0;
    end else begin
      if (we0_i) written_q[waddr0_i] <= 1'b1;
      if (we1_i && NumWrite == 2) written_q[waddr1_i] <= 1'b1;
    end
  end

  if (NumWrite == 1) begin : g_one
    for (genvar p = 0; p < NumRead; p++) begin : g_read
      logic live;
      mccp_prim_bit_sel #(.N(NumRegs)) u_live (.bits_i(written_q), .idx_i(raddr_i[p]), .bit_o(live));
      assign rdata_o[p] = live ? bank0[raddr_i[p]] : '0;
    end
    logic unused_w1;
    assign unused_w1 = ^{we1_i, waddr1_i, wdata1_i};
  end else begin : g_two
    logic [Width-1:0] bank1 [NumRegs];
    (* ram_style = "distributed" *) logic tag0 [NumRegs];
    (* ram_style = "distributed" *) logic tag1 [NumRegs];
    always_ff @(posedge clk_i) begin
      if (we0_i) tag0[waddr0_i] <= tag1[waddr0_i];
      if (we1_i) begin
        bank1[waddr1_i] <= wdata1_i;
        tag1[waddr1_i]  <= !tag0[waddr1_i];
      end
    end
    for (genvar p = 0; p < NumRead; p++) begin : g_read
      logic sel1, live;
      assign sel1 = tag0[raddr_i[p]] != tag1[raddr_i[p]];
      mccp_prim_bit_sel #(.N(NumRegs)) u_live (.bits_i(written_q), .idx_i(raddr_i[p]), .bit_o(live));
      assign rdata_o[p] = live ? (sel1 ? bank1[raddr_i[p]] : bank0[raddr_i[p]]) : '0;
    end
  end

endmodule
