// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// Vector register file of the MCCP core: 8 x 128 bits, two write ports,
// held in distributed (LUT) RAM.
//
// Write ports (both take effect at the clock edge; never the same register in
// one cycle -- the core's scoreboard sees to it):
//  * port 1: words wwords_i of v[waddr_i] (word 0 = bits [127:96]) get wdata_i
//    (the core's result, in the cycle of its issue);
//  * port 2: v[wb_addr_i] = wb_data_i (the AES engine's result).
//  * clear_i (task start) zeroes every register and overrides both ports.
// Read ports A, B and (TraceEnable) T are combinational and not write-through:
// a register either port writes in this cycle reads as its old value.  Ports
// A and B return the words held in the bank (zero for a word in the skid or
// cleared) and say which words are in the skid (skid_a_o / skid_b_o): the
// owner takes those from wb_data_i, which holds them (see the contract) --
// the core folds that into the multiplexer its operand registers have for the
// AES result anyway, so the read itself is one AND per bit, which synthesis
// merges into that multiplexer.  Port T returns the whole value.  The
// core bypasses port 1's value itself (mccp_core: X takes the result of the
// instruction issued just before from its write-back register) and takes the
// AES result into its operand registers (they load it in its write-back
// cycle), which keeps a multiplexer layer off all 256 read bits.
//
// Storage.  One bank of LUT RAM, 4 words of 8 x 32 bits copied once per read
// port, written by port 1, and a skid for port 2: a port-2 write goes into
// the bank at once if port 1 does not write in that cycle, else into the
// skid, and the skid goes into the bank (its words that no port-1 write has
// replaced since) in the next cycle without a port-1 write.  The skid
// holds no data of its own: it is wb_data_i, which the owner holds (see the
// contract); only its register number and flags are stored here.
// Per register word two flip-flops say where its value is: in_w (in the bank)
// and in_s (in the skid); neither after clear_i, and the word reads as zero.
// A second bank for port 2, as before, took 64 more DPR16X4 (about 420 COMB
// sites on ECP5) where the skid takes a 2:1 multiplexer in
// front of the bank.
//
// Contract (port 2): a port-2 write never comes while the skid still holds a
// value, and wb_data_i keeps the value of the last port-2 write while the skid
// holds it.  The core keeps both without a stall: wb_data_i is the AES
// engine's output register, which changes only when a block ends; an AES
// result lands at the earliest Nr + 1 cycles after its aes instruction
// issued, and that issue, in which port 1 writes nothing, comes no earlier
// than the previous result's landing: in the landing cycle itself (the
// result goes into the bank at once) or later (the skid goes into the bank
// in that cycle at the latest).  Simulation stops on a violation.
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
  output logic [3:0]   skid_a_o,    // words of v[raddr_a_i] in the skid (bit w = word w): wb_data_i
  input  logic [2:0]   raddr_b_i,
  output logic [127:0] rdata_b_o,
  output logic [3:0]   skid_b_o,
  input  logic [2:0]   raddr_t_i,
  output logic [127:0] rdata_t_o
);

  localparam int Ports = TraceEnable ? 3 : 2;

  logic [7:0][3:0] in_w_q, in_s_q;   // word w of v[r] is in the bank / in the skid (neither: cleared)
  logic            skid_full_q;
  logic [2:0]      skid_reg_q;
  logic [127:0]    skid;             // the skid's data: wb_data_i (see the contract)
  logic            drain;            // the skid goes into the bank at this edge
  logic            direct;           // a port-2 write goes into the bank at this edge
  logic [3:0]      drain_words;

  assign drain       = skid_full_q && !we_i;
  assign direct      = wb_we_i && !we_i;
  assign drain_words = in_s_q[skid_reg_q];

  assign skid = wb_data_i;

  always_ff @(posedge clk_i) begin
    if (clear_i) begin
      skid_full_q <= 1'b0;
      skid_reg_q  <= '0;
    end else if (wb_we_i && we_i) begin
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
        in_w_q[r] <= {4{direct}};
        in_s_q[r] <= {4{!direct}};
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
  logic [127:0] skid_chk_q;   // the value of the last port-2 write
  always_ff @(posedge clk_i) begin
    if (wb_we_i) begin
      skid_chk_q <= wb_data_i;
    end
    if (!clear_i && wb_we_i && skid_full_q) begin
      $fatal(1, "mccp_core_vregs: port-2 write to v%0d while the skid holds v%0d",
             wb_addr_i, skid_reg_q);
    end
    if (skid_full_q && (wb_data_i !== skid_chk_q)) begin
      $fatal(1, "mccp_core_vregs: wb_data_i changed while the skid holds v%0d", skid_reg_q);
    end
  end
`endif

  // The bank's one write port: port 1, or in a cycle without port 1 the skid
  // or port 2 (never both: the contract).
  logic [3:0]   bank_we;
  logic [2:0]   bank_waddr;
  logic [127:0] bank_wdata;
  assign bank_we    = we_i ? wwords_i : drain ? drain_words : {4{direct}};
  assign bank_waddr = we_i ? waddr_i : drain ? skid_reg_q : wb_addr_i;
  assign bank_wdata = we_i ? wdata_i : skid;

  logic [Ports * 3 - 1:0]   raddr;   // port p: [3 p +: 3] (flat vectors: Icarus 11)
  logic [Ports * 128 - 1:0] rdata;   // port p: [128 p +: 128]
  logic [7:0]               rskid;   // port p < 2: [4 p +: 4], the words in the skid

  assign raddr[2:0] = raddr_a_i;
  assign raddr[5:3] = raddr_b_i;
  if (TraceEnable) begin : g_trace_addr
    assign raddr[8:6] = raddr_t_i;
  end

  // Read port p, word w: the bank (zero if the word is in the skid or
  // cleared; the old value while a port writes it); port T adds the skid, an
  // AO22 layer whose selects come straight from the in_w / in_s flags.
  for (genvar p = 0; p < Ports; p++) begin : g_port
    logic [3:0] in_w, in_s;
    assign in_w   = in_w_q[raddr[3 * p +: 3]];
    assign in_s   = in_s_q[raddr[3 * p +: 3]];
    if (p < 2) begin : g_skid
      assign rskid[4 * p +: 4] = in_s;
    end
    for (genvar w = 0; w < 4; w++) begin : g_word
      logic [31:0] w_word;
      mccp_core_vram u_bank (
        .clk_i,
        .we_i    (bank_we[w]),
        .waddr_i (bank_waddr),
        .wdata_i (bank_wdata[127 - 32 * w -: 32]),
        .raddr_i (raddr[3 * p +: 3]),
        .rdata_o (w_word)
      );
      if (p < 2) begin : g_bank
        assign rdata[128 * p + 127 - 32 * w -: 32] = w_word & {32{in_w[w]}};
      end else begin : g_stored
        mccp_prim_ao22 u_stored (
          .a_i  (w_word),
          .sa_i ({32{in_w[w]}}),
          .b_i  (skid[127 - 32 * w -: 32]),
          .sb_i ({32{in_s[w]}}),
          .y_o  (rdata[128 * p + 127 - 32 * w -: 32])
        );
      end
    end
  end

  assign rdata_a_o = rdata[127:0];
  assign rdata_b_o = rdata[255:128];
  assign skid_a_o  = rskid[3:0];
  assign skid_b_o  = rskid[7:4];

  if (TraceEnable) begin : g_trace
    assign rdata_t_o = rdata[383:256];
  end else begin : g_no_trace
    logic unused_t;
    assign unused_t  = ^raddr_t_i;
    assign rdata_t_o = '0;
  end

endmodule
