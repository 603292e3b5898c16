// Copyright MCCP contributors.
// SPDX-License-Identifier: Apache-2.0
//
// Round-key store: NumKeys expanded AES keys of up to 15 round keys each; a word is
// Width bits (128: round key; 256: round key and its decryption form, see
// mccp_aes_key_expand).
//
// One synchronous write port (from a key expander, or the round-key port of
// mccp_aes_engine_rk) and one read port (to the cipher).  Key slot `sel` and round key
// `idx` address word {sel, idx}, so a slot is 16 words deep.
//
// BlockRam = 0: the read is combinational (rdata_o = word {rsel_i, ridx_i} now), written as
// a plain memory so that Yosys maps it to distributed RAM: on ECP5 a slot is Width / 4
// TRELLIS_DPR16X4 (16 x 4 bits each) instead of 15 * Width flip-flops and a 15:1 read mux.
// A decrypting cipher needs this: it picks the first round key of a block from the block's
// direction in the same cycle it accepts the block.  With NumKeys > 1 (a key cache) Yosys
// adds a read multiplexer over the 16-word banks.
// BlockRam = 1: the read is registered (rdata_o = the word {rsel_i, ridx_i} addressed at the
// previous clock edge), which maps to block RAM (ECP5: a DP16KD in 36-bit pseudo dual-port
// mode per 36 bits of Width) and frees the distributed RAM and its slices; the reader gives the
// address one cycle ahead (mccp_aes_cipher's rk_idx_next_o).  A read of the word being
// written in the same cycle is undefined in the block RAM (ports of a pseudo dual-port
// EBR do not see each other's collisions), so Yosys is told not to add bypass logic for it
// (no_rw_check), and simulation returns X for it; the owner never uses such a read.
//
// No reset: the contents are meaningless until a key expander has written them; the
// owner of the store (mccp_aes_engine_rk) tracks which slots hold a valid key.

module mccp_aes_round_key_store #(
  parameter int NumKeys = 1,
  parameter int Width = 128,
  parameter bit BlockRam = 1'b0,
  // derived, do not override (Icarus 11 has no localparam in the parameter port list)
  parameter int SelWidth = (NumKeys > 1) ? $clog2(NumKeys) : 1
) (
  input  logic                clk_i,
  // write port
  input  logic                we_i,
  input  logic [SelWidth-1:0] wsel_i,
  input  logic [3:0]          widx_i,
  input  logic [Width-1:0]    wdata_i,
  // read port (combinational; BlockRam: registered, one cycle after ridx_i)
  input  logic [SelWidth-1:0] rsel_i,
  input  logic [3:0]          ridx_i,
  output logic [Width-1:0]    rdata_o
);

  localparam int Depth = NumKeys * 16;
  localparam int AddrWidth = (NumKeys > 1) ? SelWidth + 4 : 4;

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

  if (BlockRam) begin : g_block
    (* ram_style = "block", no_rw_check *)
    logic [Width-1:0] mem [Depth];
    logic [Width-1:0] rdata_q;

    always_ff @(posedge clk_i) begin
      if (we_i) begin
        mem[waddr] <= wdata_i;
      end
      rdata_q <= mem[raddr];
`ifndef SYNTHESIS
      if (we_i && waddr == raddr) begin
        rdata_q <= 'x;  // undefined in the block RAM
      end
`endif
    end
    assign rdata_o = rdata_q;
  end else begin : g_distributed
    logic [Width-1:0] mem [Depth];

    always_ff @(posedge clk_i) begin
      if (we_i) begin
        mem[waddr] <= wdata_i;
      end
    end
    assign rdata_o = mem[raddr];
  end

endmodule
