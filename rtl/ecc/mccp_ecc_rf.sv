// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// Field register file of an EC processing unit: NumRegs elements of Width
// bits in LUT RAM, NumRead asynchronous read ports (2: the ALU's two
// operands; 4 with dual issue: and the multiplier's) and NumWrite write ports.
//
// NumWrite 1: one bank, written from port 0 (a single-issue unit writes its
// products through the same port, in a cycle the ALU does not write).
//
// NumWrite 2 (w0: the one-cycle ALU, w1: the multiplier's products, so a
// product is written in its last step whatever the ALU writes then): a
// live-value table, one bank per write port (each copied per read
// port by synthesis), and which bank wrote a register last is kept as two
// one-bit tags in LUT RAM as well: port 0 writes t0[r] = t1[r], port 1 writes
// t1[r] = !t0[r], so bank 1 holds r iff t0[r] != t1[r].  (The table kept in
// flip-flops cost ~8 LUT4 a read bit: synthesis merged its 16-way selection
// into every bit's multiplexer.)  The unit never writes one register from
// both ports in a cycle.
//
// clear_i (a task's start): every register reads as zero until written again
// (one flip-flop per register, ANDed into the read), so no value of a task --
// an intermediate of a scalar multiplication with a private scalar, an ECDH
// shared secret -- is seen by the next one, whatever its microcode.
module mccp_ecc_rf #(
  parameter int NumRegs = 16,
  parameter int Width = 283,
  parameter int NumRead = 2,
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
    $error("mccp_ecc_rf: NumRead %0d must be at least 1", NumRead);
  end
  if (NumWrite != 1 && NumWrite != 2) begin : g_bad_write
    $error("mccp_ecc_rf: NumWrite %0d must be 1 or 2", NumWrite);
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
      assign rdata_o[p] = bank0[raddr_i[p]] & {Width{written_q[raddr_i[p]]}};
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
      assign rdata_o[p] = ((tag0[raddr_i[p]] != tag1[raddr_i[p]]) ? bank1[raddr_i[p]] : bank0[raddr_i[p]]) &
                          {Width{written_q[raddr_i[p]]}};
    end
  end

endmodule
