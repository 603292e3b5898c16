// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// Vector register file of the MCCP core: 8 x 128 bits in flip-flops, two write
// ports, write-through reads.
//
// Write ports (both take effect at the clock edge; never the same register in
// one cycle -- the core's scoreboard sees to it):
//  * port 1: words wwords_i of v[waddr_i] (word 0 = bits [127:96]) get wdata_i
//    (the core's write-back stage);
//  * port 2: v[wb_addr_i] = wb_data_i (the AES engine's result).
//  * clear_i (task start) zeroes every register and overrides both ports.
// Read ports A, B and (TraceEnable) T are combinational and write-through: a
// register being written in this cycle reads as its new value, word by word,
// so the write-back stage and the AES result need no separate bypass.
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

  logic [7:0][127:0] regs_q;  // packed: written word by word from several processes

  for (genvar r = 0; r < 8; r++) begin : g_reg
    logic wb_hit, hit;
    assign wb_hit = wb_we_i && (wb_addr_i == 3'(r));
    assign hit    = we_i && (waddr_i == 3'(r));
    for (genvar w = 0; w < 4; w++) begin : g_word
      always_ff @(posedge clk_i) begin
        if (clear_i) begin
          regs_q[r][127 - 32 * w -: 32] <= '0;
        end else if (wb_hit) begin
          regs_q[r][127 - 32 * w -: 32] <= wb_data_i[127 - 32 * w -: 32];
        end else if (hit && wwords_i[w]) begin
          regs_q[r][127 - 32 * w -: 32] <= wdata_i[127 - 32 * w -: 32];
        end
      end
    end
  end

  function automatic logic [127:0] read_through(input logic [2:0] addr,
                                                input logic [7:0][127:0] regs,
                                                input logic we, input logic [2:0] waddr,
                                                input logic [3:0] wwords, input logic [127:0] wdata,
                                                input logic wb_we, input logic [2:0] wb_addr,
                                                input logic [127:0] wb_data);
    logic hit, wb_hit;
    logic [127:0] cur;
    cur    = regs[addr];  // select the register first: Icarus 11 rejects regs[addr][k -: 32]
    hit    = we && (waddr == addr);
    wb_hit = wb_we && (wb_addr == addr);
    for (integer w = 0; w < 4; w++) begin
      if (hit && wwords[w]) begin
        read_through[127 - 32 * w -: 32] = wdata[127 - 32 * w -: 32];
      end else if (wb_hit) begin
        read_through[127 - 32 * w -: 32] = wb_data[127 - 32 * w -: 32];
      end else begin
        read_through[127 - 32 * w -: 32] = cur[127 - 32 * w -: 32];
      end
    end
  endfunction

  assign rdata_a_o = read_through(raddr_a_i, regs_q, we_i, waddr_i, wwords_i, wdata_i,
                                  wb_we_i, wb_addr_i, wb_data_i);
  assign rdata_b_o = read_through(raddr_b_i, regs_q, we_i, waddr_i, wwords_i, wdata_i,
                                  wb_we_i, wb_addr_i, wb_data_i);

  if (TraceEnable) begin : g_trace
    assign rdata_t_o = read_through(raddr_t_i, regs_q, we_i, waddr_i, wwords_i, wdata_i,
                                    wb_we_i, wb_addr_i, wb_data_i);
  end else begin : g_no_trace
    logic unused_t;
    assign unused_t  = ^raddr_t_i;
    assign rdata_t_o = '0;
  end

endmodule
