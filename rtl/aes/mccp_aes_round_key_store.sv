// Copyright MCCP contributors.
// SPDX-License-Identifier: Apache-2.0
//
// Round-key store: NumKeys expanded AES keys of up to 15 round keys each; a word is
// Width bits (128: round key; 256: round key and its decryption form, see
// mccp_aes_key_expand).
//
// One synchronous write port (from a key expander, or the round-key port of
// mccp_aes_engine_rk) and one asynchronous read port (to the cipher).  Key slot `sel` and
// round key `idx` address word {sel, idx}, so a slot is 16 words deep.  Written as a plain
// memory with a registered write and a combinational read so that Yosys maps it to
// distributed RAM: on ECP5 a slot is Width / 4 TRELLIS_DPR16X4 (16 x 4 bits each) instead
// of 15 * Width flip-flops and a 15:1 read mux.
// The read is combinational because the cipher picks the first round key of a block
// from the block's direction in the same cycle it accepts the block (an EBR would need a
// registered read).  With NumKeys > 1 (a key cache) Yosys adds a read multiplexer over
// the 16-word banks.
//
// No reset: the contents are meaningless until a key expander has written them; the
// owner of the store (mccp_aes_engine_rk) tracks which slots hold a valid key.

module mccp_aes_round_key_store #(
  parameter int NumKeys = 1,
  parameter int Width = 128,
  // derived, do not override (Icarus 11 has no localparam in the parameter port list)
  parameter int SelWidth = (NumKeys > 1) ? $clog2(NumKeys) : 1
) (
  input  logic                clk_i,
  // write port
  input  logic                we_i,
  input  logic [SelWidth-1:0] wsel_i,
  input  logic [3:0]          widx_i,
  input  logic [Width-1:0]    wdata_i,
  // read port (combinational)
  input  logic [SelWidth-1:0] rsel_i,
  input  logic [3:0]          ridx_i,
  output logic [Width-1:0]    rdata_o
);

  localparam int Depth = NumKeys * 16;
  localparam int AddrWidth = (NumKeys > 1) ? SelWidth + 4 : 4;

  logic [Width-1:0]     mem [Depth];
  logic [AddrWidth-1:0] waddr, raddr;

  if (NumKeys > 1) begin : g_multi
    assign waddr = {wsel_i, widx_i};
    assign raddr = {rsel_i, ridx_i};
  end else begin : g_single
    logic unused_sel;
    assign unused_sel = wsel_i[0] ^ rsel_i[0];
    assign waddr = widx_i;
    assign raddr = ridx_i;
  end

  always_ff @(posedge clk_i) begin
    if (we_i) begin
      mem[waddr] <= wdata_i;
    end
  end

  assign rdata_o = mem[raddr];

endmodule
