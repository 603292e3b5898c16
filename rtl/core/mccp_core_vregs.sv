// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// Vector register file of the MCCP core: 8 x 128 bits, two write ports,
// write-through reads, held in distributed (LUT) RAM.
//
// Write ports (both take effect at the clock edge; never the same register in
// one cycle -- the core's scoreboard sees to it):
//  * port 1: words wwords_i of v[waddr_i] (word 0 = bits [127:96]) get wdata_i
//    (the core's write-back stage);
//  * port 2: v[wb_addr_i] = wb_data_i (the AES engine's result).
//  * clear_i (task start) zeroes every register and overrides both ports.
// Read ports A, B and (TraceEnable) T are combinational and write-through for
// port 1: a word port 1 writes in this cycle reads as its new value.  A
// register port 2 writes in this cycle reads as its old value: the core takes
// the AES result into its operand registers itself (mccp_core: the operand
// registers load it in its write-back cycle), which keeps a second
// multiplexer layer off all 256 read bits.  The core reads ports A and B in
// its operand stage (D) with addresses from flip-flops, so the compares with
// the write address run beside the RAM read.
//
// Storage.  One bank of LUT RAM, 4 words of 8 x 32 bits copied once per read
// port, written by port 1, and a skid register for port 2: a port-2 write
// goes into the skid, and the skid goes into the bank (its words that no
// port-1 write has replaced since) in the next cycle without a port-1 write.
// Per register word two flip-flops say where its value is: in_w (in the bank)
// and in_s (in the skid); neither after clear_i, and the word reads as zero.
// A second bank for port 2, as before, took 64 more DPR16X4 (about 420 COMB
// sites on ECP5) where the skid takes 128 flip-flops and a 2:1 multiplexer in
// front of the bank.
//
// Contract (port 2): a port-2 write never comes while the skid still holds a
// value and port 1 writes (the skid would have nowhere to go).  The core keeps
// it without a stall: an AES result lands at the earliest Nr + 1 cycles after
// its aes instruction issued, and that issue, which writes nothing through
// port 1, gives the skid of the previous result its cycle to go into the bank.
// Simulation stops on a violation.
module mccp_core_vregs #(
  parameter bit TraceEnable = 1'b1
) (
  input  logic         clk_i,
  input  logic         clear_i,
  input  logic         we_i,
  input  logic [2:0]   waddr_i,
  input  logic [3:0]   wwords_i,
  input  logic [127:0] wdata_i,
  input  logic         wb_we_i,
  input  logic [2:0]   wb_addr_i,
  input  logic [127:0] wb_data_i,
  input  logic [2:0]   raddr_a_i,
  output logic [127:0] rdata_a_o,
  input  logic [2:0]   raddr_b_i,
  output logic [127:0] rdata_b_o,
  input  logic [2:0]   raddr_t_i,
  output logic [127:0] rdata_t_o
);

  localparam int Ports = TraceEnable ? 3 : 2;

  logic [7:0][3:0] in_w_q, in_s_q;   // word w of v[r] is in the bank / in the skid (neither: cleared)
  logic            skid_full_q;
  logic [2:0]      skid_reg_q;
  logic [127:0]    skid_q;
  logic            drain;            // the skid goes into the bank at this edge
  logic [3:0]      drain_words;

  assign drain       = skid_full_q && !we_i;
  assign drain_words = in_s_q[skid_reg_q];

  always_ff @(posedge clk_i) begin
    if (wb_we_i) begin
      skid_q <= wb_data_i;
    end
  end

  always_ff @(posedge clk_i) begin
    if (clear_i) begin
      skid_full_q <= 1'b0;
      skid_reg_q  <= '0;
    end else if (wb_we_i) begin
      skid_full_q <= 1'b1;
      skid_reg_q  <= wb_addr_i;
    end else if (drain) begin
      skid_full_q <= 1'b0;
    end
  end

  for (genvar r = 0; r < 8; r++) begin : g_reg
    logic wb_hit, hit, drained;
    assign wb_hit  = wb_we_i && (wb_addr_i == 3'(r));
    assign hit     = we_i && (waddr_i == 3'(r));
    assign drained = drain && (skid_reg_q == 3'(r));
    always_ff @(posedge clk_i) begin
      if (clear_i) begin
        in_w_q[r] <= '0;
        in_s_q[r] <= '0;
      end else if (wb_hit) begin
        in_w_q[r] <= '0;
        in_s_q[r] <= '1;
      end else if (hit) begin
        in_w_q[r] <= in_w_q[r] | wwords_i;
        in_s_q[r] <= in_s_q[r] & ~wwords_i;
      end else if (drained) begin
        in_w_q[r] <= in_w_q[r] | in_s_q[r];
        in_s_q[r] <= '0;
      end
    end
  end

`ifndef SYNTHESIS
  always_ff @(posedge clk_i) begin
    if (!clear_i && wb_we_i && skid_full_q && we_i) begin
      $fatal(1, "mccp_core_vregs: port-2 write to v%0d while the skid holds v%0d and port 1 writes v%0d",
             wb_addr_i, skid_reg_q, waddr_i);
    end
  end
`endif

  // The bank's one write port: port 1, or the skid in a cycle without port 1.
  logic [3:0]   bank_we;
  logic [2:0]   bank_waddr;
  logic [127:0] bank_wdata;
  assign bank_we    = we_i ? wwords_i : (drain ? drain_words : 4'b0000);
  assign bank_waddr = we_i ? waddr_i : skid_reg_q;
  assign bank_wdata = we_i ? wdata_i : skid_q;

  logic [Ports * 3 - 1:0]   raddr;   // port p: [3 p +: 3] (flat vectors: Icarus 11)
  logic [Ports * 128 - 1:0] rdata;   // port p: [128 p +: 128]

  assign raddr[2:0] = raddr_a_i;
  assign raddr[5:3] = raddr_b_i;
  if (TraceEnable) begin : g_trace_addr
    assign raddr[8:6] = raddr_t_i;
  end

  // Read port p, word w: a word port 1 writes in this cycle reads as the data
  // being written, any other as the bank or the skid (stored; zero if
  // cleared, and the old value while port 2 writes it), an AO22 layer whose
  // selects come straight from the in_w / in_s flags.
  for (genvar p = 0; p < Ports; p++) begin : g_port
    logic       hit;
    logic [3:0] in_w, in_s;
    assign hit    = we_i && (waddr_i == raddr[3 * p +: 3]);
    assign in_w   = in_w_q[raddr[3 * p +: 3]];
    assign in_s   = in_s_q[raddr[3 * p +: 3]];
    for (genvar w = 0; w < 4; w++) begin : g_word
      logic [31:0] w_word, stored;
      logic        sel_wd;
      assign sel_wd = hit && wwords_i[w];
      mccp_core_vram u_bank (
        .clk_i,
        .we_i    (bank_we[w]),
        .waddr_i (bank_waddr),
        .wdata_i (bank_wdata[127 - 32 * w -: 32]),
        .raddr_i (raddr[3 * p +: 3]),
        .rdata_o (w_word)
      );
      mccp_core_ao22 u_stored (
        .a_i  (w_word),
        .sa_i ({32{in_w[w]}}),
        .b_i  (skid_q[127 - 32 * w -: 32]),
        .sb_i ({32{in_s[w]}}),
        .y_o  (stored)
      );
      assign rdata[128 * p + 127 - 32 * w -: 32] = sel_wd ? wdata_i[127 - 32 * w -: 32] : stored;
    end
  end

  assign rdata_a_o = rdata[127:0];
  assign rdata_b_o = rdata[255:128];

  if (TraceEnable) begin : g_trace
    assign rdata_t_o = rdata[383:256];
  end else begin : g_no_trace
    logic unused_t;
    assign unused_t  = ^raddr_t_i;
    assign rdata_t_o = '0;
  end

endmodule
