// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// Vector register file of the MCCP core: 8 x 128 bits in flip-flops.
//
// Write ports (both take effect at the clock edge):
//  * issue port: v[waddr] words selected by wwords_i (word 0 = bits [127:96])
//    get wdata_i; used by the instruction issuing this cycle;
//  * write-back port: v[wb_addr] = wb_data_i, the AES engine's result.
//    The scoreboard keeps the two ports on different registers.
//  * clear_i (task start) zeroes every register and overrides both ports.
// Read ports are combinational: A, B and, with TraceEnable, a trace port.
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

  assign rdata_a_o = regs_q[raddr_a_i];
  assign rdata_b_o = regs_q[raddr_b_i];

  if (TraceEnable) begin : g_trace
    assign rdata_t_o = regs_q[raddr_t_i];
  end else begin : g_no_trace
    logic unused_t;
    assign unused_t  = ^raddr_t_i;
    assign rdata_t_o = '0;
  end

endmodule
