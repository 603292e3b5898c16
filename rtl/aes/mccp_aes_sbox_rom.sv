// Copyright MCCP contributors.
// SPDX-License-Identifier: Apache-2.0
//
// AES table ROM with two synchronous read ports: one ECP5 block RAM (DP16KD).
//
// Kind (contents from mccp_aes_pkg, computed from the S-box definition at elaboration):
//   0: the encrypt-only cipher table, 512 x 18, address {last, x} (a_addr_i[8:0])
//   1: the encrypt/decrypt cipher table, 1024 x 18, address {dec, last, x}
//   2: SubBytes alone, 256 x 8 (data bits [7:0]), for a stand-alone key expander
//
// A read takes the address at the clock edge and shows the entry after it (no output
// register: the cipher's state is the address register, see mccp_aes_cipher).  A port
// whose rst input is high at the edge shows 0 instead (the block RAM's synchronous
// output reset, RESETMODE = SYNC), which the cipher uses to keep its round layer quiet
// while it loads a block.  No other reset: the contents never change.

module mccp_aes_sbox_rom #(
  parameter int Kind = 1
) (
  input  logic        clk_i,
  input  logic        a_rst_i,
  input  logic [9:0]  a_addr_i,
  output logic [17:0] a_data_o,
  input  logic        b_rst_i,
  input  logic [9:0]  b_addr_i,
  output logic [17:0] b_data_o
);

  localparam int AddrBits = (Kind == 0) ? 9 : (Kind == 1) ? 10 : 8;
  localparam int Width    = (Kind == 2) ? 8 : 18;
  localparam int Depth    = 1 << AddrBits;
  localparam logic [18431:0] Table = (Kind == 0) ? mccp_aes_pkg::TableEnc :
                                     (Kind == 1) ? mccp_aes_pkg::TableEncDec :
                                     {16384'b0, mccp_aes_pkg::SboxTable};

  logic [Width-1:0] mem [Depth];
  logic [Width-1:0] a_q, b_q;

  initial begin
    for (int i = 0; i < Depth; i++) begin
      mem[i] = Table[Width * i +: Width];
    end
  end

  always_ff @(posedge clk_i) begin
    if (a_rst_i) begin
      a_q <= '0;
    end else begin
      a_q <= mem[a_addr_i[AddrBits-1:0]];
    end
  end

  always_ff @(posedge clk_i) begin
    if (b_rst_i) begin
      b_q <= '0;
    end else begin
      b_q <= mem[b_addr_i[AddrBits-1:0]];
    end
  end

  assign a_data_o = 18'(a_q);
  assign b_data_o = 18'(b_q);

  if (AddrBits < 10) begin : g_unused_addr
    logic unused_addr;
    assign unused_addr = ^{a_addr_i[9:AddrBits], b_addr_i[9:AddrBits]};
  end

endmodule
