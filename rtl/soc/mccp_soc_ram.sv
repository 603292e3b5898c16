// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// mccp_soc_ram: the SoC's RAM, RamBytes of block RAM behind two Wishbone
// (classic, with incrementing bursts) slave ports on 32-bit words.
//
//   port A: read only (the CPU's instruction bus)
//   port B: read and write with byte enables (the data bus; later an arbiter
//           in front of it shares it with the DMA engine)
//
// Both ports answer a single access in two cycles (address, then ACK with the
// data).  In a burst (CTI = 3'b010) the port reads the next word while it
// acknowledges the current one, so a cache line of 8 words streams at one word
// per cycle after the first.  Word addresses wrap modulo the RAM size: the
// decoder in front of the port keeps out-of-range addresses away.
//
// In simulation the RAM is preloaded from a hex file (one 32-bit word a line,
// $readmemh) named by the plusarg +mem=<path>.
module mccp_soc_ram #(
  parameter int RamBytes = 256 * 1024
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  // port A (read only)
  input  logic        a_stb_i,
  input  logic [29:0] a_adr_i,     // word address
  input  logic [2:0]  a_cti_i,
  output logic        a_ack_o,
  output logic [31:0] a_dat_o,
  // port B
  input  logic        b_stb_i,
  input  logic        b_we_i,
  input  logic [29:0] b_adr_i,     // word address
  input  logic [3:0]  b_sel_i,
  input  logic [31:0] b_dat_i,
  input  logic [2:0]  b_cti_i,
  output logic        b_ack_o,
  output logic [31:0] b_dat_o
);

  localparam int Words = RamBytes / 4;
  localparam int Aw    = $clog2(Words);
  localparam logic [2:0] CtiIncr = 3'b010;

  if (RamBytes < 8 || (RamBytes & (RamBytes - 1)) != 0) begin : g_bad_size
    $error("mccp_soc_ram: RamBytes %0d must be a power of two", RamBytes);
  end

  logic [31:0] mem [Words];

`ifndef SYNTHESIS
  initial begin : preload
    string path;
    if ($value$plusargs("mem=%s", path)) begin
      $readmemh(path, mem);
    end
  end
`endif

  // Port A ---------------------------------------------------------------------
  logic          a_ack_q;
  logic [Aw-1:0] a_raddr;
  logic [31:0]   a_dat_q;

  // While a burst beat is acknowledged the master still shows its address; the
  // next beat's word is read now so it is ready when the master moves on.
  assign a_raddr = (a_ack_q && a_cti_i == CtiIncr) ? a_adr_i[Aw-1:0] + Aw'(1) : a_adr_i[Aw-1:0];

  always_ff @(posedge clk_i) begin
    a_dat_q <= mem[a_raddr];
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      a_ack_q <= 1'b0;
    end else begin
      // the last (or only) beat's ACK ends the access; a burst beat's ACK is
      // followed by the next one's
      a_ack_q <= a_stb_i && !(a_ack_q && a_cti_i != CtiIncr);
    end
  end

  assign a_ack_o = a_ack_q && a_stb_i;
  assign a_dat_o = a_dat_q;

  // Port B ---------------------------------------------------------------------
  logic          b_ack_q;
  logic [Aw-1:0] b_raddr;
  logic [31:0]   b_dat_q;
  logic          b_write;

  assign b_raddr = (b_ack_q && b_cti_i == CtiIncr) ? b_adr_i[Aw-1:0] + Aw'(1) : b_adr_i[Aw-1:0];
  // a write takes effect in its address cycle, once
  assign b_write = b_stb_i && b_we_i && !b_ack_q;

  always_ff @(posedge clk_i) begin
    for (int i = 0; i < 4; i++) begin
      if (b_write && b_sel_i[i]) begin
        mem[b_adr_i[Aw-1:0]][8*i +: 8] <= b_dat_i[8*i +: 8];
      end
    end
    b_dat_q <= mem[b_raddr];
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      b_ack_q <= 1'b0;
    end else begin
      b_ack_q <= b_stb_i && !(b_ack_q && b_cti_i != CtiIncr);
    end
  end

  assign b_ack_o = b_ack_q && b_stb_i;
  assign b_dat_o = b_dat_q;

  logic unused_adr;
  assign unused_adr = ^{a_adr_i[29:Aw], b_adr_i[29:Aw]};

endmodule
