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
// Read ports A, B and (TraceEnable) T are combinational and write-through: a
// register being written in this cycle reads as its new value, word by word.
// The core reads ports A and B in its operand stage (D) with addresses from
// flip-flops, so the compares with the write addresses run beside the RAM read.
//
// Storage.  A LUT RAM has one write port, so each write port has its own bank
// (W for port 1, E for port 2), 4 words of 8 x 32 bits, copied once per read
// port.  Per register word two flip-flops say where its value is: in_w (the
// last write came from port 1) and in_e (from port 2); neither after clear_i,
// and the word reads as zero.  The banks take every write as it comes; clear_i
// only drops the flags.
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

  logic [7:0][3:0] in_w_q, in_e_q;   // word w of v[r] is in bank W / bank E (neither: cleared)

  for (genvar r = 0; r < 8; r++) begin : g_reg
    logic wb_hit, hit;
    assign wb_hit = wb_we_i && (wb_addr_i == 3'(r));
    assign hit    = we_i && (waddr_i == 3'(r));
    always_ff @(posedge clk_i) begin
      if (clear_i) begin
        in_w_q[r] <= '0;
        in_e_q[r] <= '0;
      end else if (wb_hit) begin
        in_w_q[r] <= '0;
        in_e_q[r] <= '1;
      end else if (hit) begin
        in_w_q[r] <= in_w_q[r] | wwords_i;
        in_e_q[r] <= in_e_q[r] & ~wwords_i;
      end
    end
  end

  logic [Ports * 3 - 1:0]   raddr;   // port p: [3 p +: 3] (flat vectors: Icarus 11)
  logic [Ports * 128 - 1:0] rdata;   // port p: [128 p +: 128]

  assign raddr[2:0] = raddr_a_i;
  assign raddr[5:3] = raddr_b_i;
  if (TraceEnable) begin : g_trace_addr
    assign raddr[8:6] = raddr_t_i;
  end

  // Read port p, word w: a word written in this cycle (by port 1 or port 2)
  // reads as the data being written (fresh), any other as bank W or bank E
  // (stored; zero if cleared), each an AO22 layer; the selects of the stored
  // value come straight from the in_w / in_e flags.
  for (genvar p = 0; p < Ports; p++) begin : g_port
    logic       hit, wb_hit;
    logic [3:0] in_w, in_e;
    assign hit    = we_i && (waddr_i == raddr[3 * p +: 3]);
    assign wb_hit = wb_we_i && (wb_addr_i == raddr[3 * p +: 3]);
    assign in_w   = in_w_q[raddr[3 * p +: 3]];
    assign in_e   = in_e_q[raddr[3 * p +: 3]];
    for (genvar w = 0; w < 4; w++) begin : g_word
      logic [31:0] w_word, e_word, fresh, stored;
      logic        sel_wd;
      // port 1 and port 2 never write the same register in one cycle
      assign sel_wd = hit && wwords_i[w];
      mccp_core_vram u_bank_w (
        .clk_i,
        .we_i    (we_i && wwords_i[w]),
        .waddr_i (waddr_i),
        .wdata_i (wdata_i[127 - 32 * w -: 32]),
        .raddr_i (raddr[3 * p +: 3]),
        .rdata_o (w_word)
      );
      mccp_core_vram u_bank_e (
        .clk_i,
        .we_i    (wb_we_i),
        .waddr_i (wb_addr_i),
        .wdata_i (wb_data_i[127 - 32 * w -: 32]),
        .raddr_i (raddr[3 * p +: 3]),
        .rdata_o (e_word)
      );
      mccp_core_ao22 u_fresh (
        .a_i  (wdata_i[127 - 32 * w -: 32]),
        .sa_i ({32{sel_wd}}),
        .b_i  (wb_data_i[127 - 32 * w -: 32]),
        .sb_i ({32{wb_hit}}),
        .y_o  (fresh)
      );
      mccp_core_ao22 u_stored (
        .a_i  (w_word),
        .sa_i ({32{in_w[w]}}),
        .b_i  (e_word),
        .sb_i ({32{in_e[w]}}),
        .y_o  (stored)
      );
      assign rdata[128 * p + 127 - 32 * w -: 32] = (sel_wd || wb_hit) ? fresh : stored;
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
