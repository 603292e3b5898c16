// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// Instruction buffer of an EC processing unit: a direct-mapped cache of the
// shared microcode memory (mccp_ecc_mcode), Lines lines of LineWords
// instructions.  Units that loop from their buffer leave the shared port to
// the others: this is how six units share one port at nearly full speed,
// where paper 002's units fetched every microinstruction through the arbiter.
//
// lookup: pc_i[p] -> hit_o[p], insn_o[p] in the same cycle on each of
// NumRead read ports (LUT RAM, asynchronous read; a dual-issue unit looks up
// two consecutive words a cycle).  An address at or beyond McodeWords reads
// as a hit on an undefined word (all ones), so the unit traps ILLEGAL on it.  fill_i writes the line
// of fill_pc_i (any pc in it) from fill_data_i, instruction 0 in the low bits.
// flush_i (new firmware) empties every line.
module mccp_ecc_ibuf #(
  parameter int McodeWords = 1024,
  parameter int Lines = 8,
  parameter int LineWords = 4,
  parameter int NumRead = 1,
  localparam int PcW = $clog2(McodeWords) + 1,     // one bit more: out-of-range addresses
  localparam int LineW = LineWords * 32
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             flush_i,
  input  logic [NumRead-1:0][PcW-1:0] pc_i,
  output logic [NumRead-1:0]          hit_o,
  output logic [NumRead-1:0][31:0]    insn_o,
  input  logic             fill_i,
  input  logic [PcW-1:0]   fill_pc_i,
  input  logic [LineW-1:0] fill_data_i
);

  localparam int OffW = (LineWords > 1) ? $clog2(LineWords) : 1;
  localparam int IdxW = (Lines > 1) ? $clog2(Lines) : 1;
  localparam int OffBits = $clog2(LineWords);
  localparam int IdxBits = $clog2(Lines);
  localparam int TagW = PcW - OffBits - IdxBits;

  if (LineWords < 1 || (1 << OffBits) != LineWords) begin : g_bad_words
    $error("mccp_ecc_ibuf: LineWords %0d must be a power of two", LineWords);
  end
  if (Lines < 1 || (1 << IdxBits) != Lines) begin : g_bad_lines
    $error("mccp_ecc_ibuf: Lines %0d must be a power of two", Lines);
  end
  if (TagW < 1) begin : g_bad_size
    $error("mccp_ecc_ibuf: the buffer is as large as the microcode memory");
  end

  logic [LineW-1:0] data_mem [Lines];
  logic [TagW-1:0]  tag_mem [Lines];
  logic [Lines-1:0] valid_q;
  logic [IdxW-1:0]  fill_idx;
  logic [TagW-1:0]  fill_tag;

  function automatic logic [IdxW-1:0] index_of(input logic [PcW-1:0] pc);
    index_of = '0;
    if (Lines > 1) index_of = IdxW'(pc >> OffBits);
  endfunction

  assign fill_idx = index_of(fill_pc_i);
  assign fill_tag = fill_pc_i[PcW-1 -: TagW];

  for (genvar p = 0; p < NumRead; p++) begin : g_read
    logic [IdxW-1:0]  idx;
    logic [OffW-1:0]  off;
    logic [TagW-1:0]  tag;
    logic [LineW-1:0] line;
    logic             hit;
    logic [31:0]      insn;
    assign idx  = index_of(pc_i[p]);
    assign tag  = pc_i[p][PcW-1 -: TagW];
    assign off  = (LineWords > 1) ? OffW'(pc_i[p]) : '0;
    assign line = data_mem[idx];
    always_comb begin
      hit  = valid_q[idx] && tag_mem[idx] == tag;
      insn = line[32*off +: 32];
      if (pc_i[p] >= PcW'(McodeWords)) begin
        hit  = 1'b1;
        insn = '1;
      end
    end
    assign hit_o[p]  = hit;
    assign insn_o[p] = insn;
  end

  always_ff @(posedge clk_i) begin
    if (fill_i) begin
      data_mem[fill_idx] <= fill_data_i;
      tag_mem[fill_idx]  <= fill_tag;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      valid_q <= '0;
    end else if (flush_i) begin
      valid_q <= '0;
    end else if (fill_i) begin
      valid_q[fill_idx] <= 1'b1;
    end
  end

endmodule
