// Copyright MCCP contributors.
// SPDX-License-Identifier: Apache-2.0
//
// AES round-per-clock datapath (AES-128/192/256; decryption when DecryptEnable) with its
// S-boxes in block RAM.
//
// Structure: the 16 state bytes address 16 read ports of 8 dual-port table ROMs
// (mccp_aes_sbox_rom, one ECP5 DP16KD each).  A block RAM registers its address, so the
// address register *is* the state register: no other register lies on the round loop
//   table ports -> round layer (XORs) -> ^ round key -> table addresses.
// The tables do not return S(x) alone but 18 bits ("pins") from which the round layer
// forms ShiftRows + MixColumns (InvShiftRows + InvMixColumns) with a few XORs per bit;
// mccp_aes_pkg describes the tables and the masks.  The two ports of a ROM serve two bytes
// of one diagonal, so the four new bytes of a column read two ROMs only.
//
// Timing of a block (Nr = 10/12/14 rounds):
//   cycle 0        the block is accepted (in_valid_i && in_ready_o); the table addresses
//                  load in_data_i ^ rk[first] (the initial AddRoundKey).  The table ports
//                  show 0 in this cycle (synchronous output reset, see below), so the round
//                  layer adds nothing to the load.
//   cycles 1..Nr   one round each: addresses <= round_layer(pins) ^ rk[r]
//   cycle Nr       (the last round) the output register loads the result
//   cycle Nr+1     out_valid_o; out_data_o is the output register.  If the output is
//                  accepted in this cycle, the next block may be accepted in the same cycle,
//                  so back-to-back blocks take Nr + 1 = 11/13/15 cycles each.
// The table ports are reset (read as 0) in every cycle that is not a round, i.e. their
// synchronous reset is !running_d; only a round reads them.
//
// Encryption (DecryptEnable = 0): the last round reads "last" entries (address bit 8), for
// which the same round layer yields ShiftRows(S(x)), so the output register loads the
// table address value of the last round (no logic of its own).
//
// Decryption (DecryptEnable = 1): the equivalent inverse cipher (FIPS-197 5.3.5)
//   load: s = C ^ rk[Nr];  rounds r = 1..Nr-1: s = InvMixColumns(InvShiftRows(InvS(s))) ^
//   InvMixColumns(rk[Nr-r]);  last: InvShiftRows(InvS(s)) ^ rk[0]
// with inverse tables (address bit 9) and the state kept with rows 1 and 3 exchanged, which
// makes InvShiftRows the ShiftRows wiring, so both directions share one round layer
// (mccp_aes_pkg).  The round keys come from the store as rk_dec_i =
// mccp_aes_pkg::dec_round_key(rk, idx == Nr), read at Nr-1 .. 1 in the rounds and at Nr
// for the load; the block loads with rows 1 and 3 exchanged.  The output register takes
// B = ShiftRows(S(x)) / InvShiftRows(InvS(x)) pins of the last round ^ rk_i (rk[Nr] /
// rk[0]): one LUT per bit, with the row exchange undone for decryption.
// With DecryptEnable = 0 a block with in_decrypt_i = 1 is answered at once (next cycle)
// with out_error_o = 1 and out_data_o = 0, in order with the other blocks.
//
// S-box port (sbox_en_i, sbox_addr_i -> sbox_data_o one cycle later): a key expander may
// use the read port of state byte 1 (row 1, column 0) while no block runs: with sbox_en_i
// the port stays out of reset and its address is sbox_addr_i, and in_ready_o is low.  Byte
// 1 is not among the bytes its own round-layer bits read, and those ports are in reset,
// so its address is sbox_addr_i exactly.  (Encryption entries: B = S(x).)  in_ready_o also
// stays low in the cycle after sbox_en_i falls, when the port still shows its last read
// (mccp_aes_key_expand ends its S-box use 4+ cycles before it is done, so this costs no
// cycle there).
//
// The key size (key_len_i) and the store contents must not change while busy_o is high;
// the owner (mccp_aes_engine_rk) only starts a key expansion when busy_o is low and only
// lets blocks in (start_ok_i) when a complete expanded key is held.

module mccp_aes_cipher
#(
  parameter bit DecryptEnable = 1'b1
) (
  input  logic         clk_i,
  input  logic         rst_ni,
  // key context
  input  logic         start_ok_i,   // blocks may be accepted (an expanded key is held)
  input  logic [1:0]   key_len_i,    // size of that key: 0: 128, 1: 192, 2: 256
  // round-key read port (combinational read)
  output logic [3:0]   rk_idx_o,
  output logic [3:0]   rk_idx_next_o, // rk_idx_o of the next cycle, DecryptEnable = 0 only (see below)
  input  logic [127:0] rk_i,
  input  logic [127:0] rk_dec_i,     // decryption form of rk_i (mccp_aes_pkg::dec_round_key)
  // S-box lookups for a key expander while no block runs (see above)
  input  logic         sbox_en_i,
  input  logic [7:0]   sbox_addr_i,
  output logic [7:0]   sbox_data_o,  // S(sbox_addr_i of the previous cycle)
  // blocks in
  input  logic         in_valid_i,
  output logic         in_ready_o,
  input  logic         in_decrypt_i,
  input  logic [127:0] in_data_i,
  // blocks out
  output logic         out_valid_o,
  input  logic         out_ready_i,
  output logic [127:0] out_data_o,
  output logic         out_error_o,
  output logic         out_next_o,   // out_valid_o rises next cycle (the last round runs)
  // a block is being computed
  output logic         busy_o
);

  localparam int SboxByte = 1;  // state byte whose table port a key expander may use

  logic         running_q, dec_q, last_q, out_valid_q, error_q, sbox_en_q;
  logic [3:0]   idx_q;
  logic [127:0] out_q;

  logic [3:0]   nr;
  logic         out_hold, accept, reject, start, in_dec;
  logic         running_d, last_d, dec_sel;
  logic [3:0]   idx_d;

  assign nr       = mccp_aes_pkg::num_rounds(key_len_i);
  assign out_hold = out_valid_q && !out_ready_i;

  assign in_ready_o = start_ok_i && !sbox_en_i && !sbox_en_q && !running_q && !out_hold;
  assign accept     = in_valid_i && in_ready_o;
  assign in_dec     = DecryptEnable && in_decrypt_i;
  assign reject     = accept && in_decrypt_i && !DecryptEnable;
  assign start      = accept && !reject;

  // Round-key index: the running round's key, or the first key of the block on offer.
  assign rk_idx_o = running_q ? idx_q : (in_dec ? nr : 4'd0);
  // The same one cycle ahead, for a store with a registered read: the next round's key,
  // or rk[0] for a block that may be offered next cycle.  Only an encryption's first key
  // is known before the block is: with DecryptEnable the owner must read rk_idx_o.
  assign rk_idx_next_o = running_d ? idx_d : 4'd0;

  // What the next cycle does, for the table reads at this clock edge: a round at all
  // (else the ports read 0), the last round (last entries), decryption (inverse entries).
  assign running_d = start || (running_q && !last_q);
  assign last_d    = running_q && (dec_q ? (idx_q == 4'd1) : (idx_q + 4'd1 == nr));
  assign dec_sel   = running_q ? dec_q : in_dec;
  assign idx_d     = start ? (in_dec ? nr - 4'd1 : 4'd1) :
                     running_q ? (dec_q ? idx_q - 4'd1 : idx_q + 4'd1) : idx_q;

  /////////////////
  // Round logic //
  /////////////////

  logic [287:0] pins;                 // 18 table bits per state byte, byte b at [18*b +: 18]
  logic [127:0] key, z, addr;
  logic [15:0]  port_rst, port_dec;

  // Round key: its decryption form in decryption cycles (the load included).
  if (DecryptEnable) begin : g_dec_key
    assign key = dec_sel ? rk_dec_i : rk_i;
  end else begin : g_enc_key
    logic unused_rk_dec;
    assign unused_rk_dec = ^rk_dec_i;
    assign key = rk_i;
  end

  // z: what the round layer adds to the tables' XORs: the round key, and in the load cycle
  // (the table ports read 0 then) the block, with rows 1 and 3 exchanged for decryption.
  for (genvar c = 0; c < 4; c++) begin : g_z_col
    for (genvar r = 0; r < 4; r++) begin : g_z_row
      localparam int B  = 4 * c + r;
      localparam int BX = 4 * c + (r ^ 2);
      logic [7:0] blk_byte, load;
      if (DecryptEnable && (r % 2 == 1)) begin : g_swap
        assign blk_byte = dec_sel ? in_data_i[127 - 8 * BX -: 8] : in_data_i[127 - 8 * B -: 8];
      end else begin : g_straight
        assign blk_byte = in_data_i[127 - 8 * B -: 8];
      end
      assign load = running_q ? 8'h00 : blk_byte;
      if (B == SboxByte) begin : g_sbox_byte
        // A key expander's S-box address replaces the round key and the block here.
        assign z[127 - 8 * B -: 8] = sbox_en_i ? sbox_addr_i : (load ^ key[127 - 8 * B -: 8]);
        assign port_rst[B] = !(running_d || sbox_en_i);
        assign port_dec[B] = dec_sel && !sbox_en_i;
      end else begin : g_state_byte
        assign z[127 - 8 * B -: 8] = load ^ key[127 - 8 * B -: 8];
        assign port_rst[B] = !running_d;
        assign port_dec[B] = dec_sel;
      end
    end
  end

  mccp_aes_round_layer #(
    .DecryptEnable(DecryptEnable)
  ) u_round_layer (
    .pins_i(pins),
    .z_i   (z),
    .addr_o(addr)
  );

  // Table ROMs: ROM 2c serves bytes (0, c) and (1, c+1), ROM 2c+1 bytes (2, c+2) and
  // (3, c+3): the diagonal that the new column c reads.
  for (genvar c = 0; c < 4; c++) begin : g_rom
    localparam int B0 = 4 * c;
    localparam int B1 = 4 * ((c + 1) % 4) + 1;
    localparam int B2 = 4 * ((c + 2) % 4) + 2;
    localparam int B3 = 4 * ((c + 3) % 4) + 3;
    mccp_aes_sbox_rom #(
      .Kind(DecryptEnable ? 1 : 0)
    ) u_rom_lo (
      .clk_i,
      .a_rst_i (port_rst[B0]),
      .a_addr_i({port_dec[B0], last_d, addr[127 - 8 * B0 -: 8]}),
      .a_data_o(pins[18 * B0 +: 18]),
      .b_rst_i (port_rst[B1]),
      .b_addr_i({port_dec[B1], last_d, addr[127 - 8 * B1 -: 8]}),
      .b_data_o(pins[18 * B1 +: 18])
    );
    mccp_aes_sbox_rom #(
      .Kind(DecryptEnable ? 1 : 0)
    ) u_rom_hi (
      .clk_i,
      .a_rst_i (port_rst[B2]),
      .a_addr_i({port_dec[B2], last_d, addr[127 - 8 * B2 -: 8]}),
      .a_data_o(pins[18 * B2 +: 18]),
      .b_rst_i (port_rst[B3]),
      .b_addr_i({port_dec[B3], last_d, addr[127 - 8 * B3 -: 8]}),
      .b_data_o(pins[18 * B3 +: 18])
    );
  end

  assign sbox_data_o = pins[18 * SboxByte + 8 +: 8];

  // Output register: the last round's result.
  logic [127:0] out_d;

  if (DecryptEnable) begin : g_out_dec
    // B pins of the byte ShiftRows (InvShiftRows, with the row exchange undone) brings
    // to (r, c), plus the round key.
    for (genvar c = 0; c < 4; c++) begin : g_out_col
      for (genvar r = 0; r < 4; r++) begin : g_out_row
        localparam int B  = 4 * c + r;
        localparam int BE = 4 * ((c + r) % 4) + r;
        localparam int BD = 4 * ((c + 4 - r) % 4) + (r ^ 2);
        if (r % 2 == 1) begin : g_swap
          assign out_d[127 - 8 * B -: 8] = rk_i[127 - 8 * B -: 8] ^
              (dec_q ? pins[18 * BD + 8 +: 8] : pins[18 * BE + 8 +: 8]);
        end else begin : g_straight
          assign out_d[127 - 8 * B -: 8] = rk_i[127 - 8 * B -: 8] ^ pins[18 * BE + 8 +: 8];
        end
      end
    end
  end else begin : g_out_enc
    assign out_d = addr;  // the last entries make the round layer ShiftRows(S(x))
  end

  always_ff @(posedge clk_i) begin
    if (reject) begin
      out_q <= '0;
    end else if (running_q && last_q) begin
      out_q <= out_d;
    end
  end

  /////////////
  // Control //
  /////////////

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      running_q   <= 1'b0;
      dec_q       <= 1'b0;
      last_q      <= 1'b0;
      idx_q       <= '0;
      out_valid_q <= 1'b0;
      error_q     <= 1'b0;
      sbox_en_q   <= 1'b0;
    end else begin
      sbox_en_q <= sbox_en_i;
      idx_q     <= idx_d;
      if (out_valid_q && out_ready_i) begin
        out_valid_q <= 1'b0;
      end
      if (start) begin
        running_q <= 1'b1;
        dec_q     <= in_dec;
        last_q    <= 1'b0;  // Nr >= 10: the first round is never the last
      end else if (running_q) begin
        last_q <= last_d;
        if (last_q) begin
          running_q   <= 1'b0;
          out_valid_q <= 1'b1;
          error_q     <= 1'b0;
        end
      end
      if (reject) begin
        out_valid_q <= 1'b1;
        error_q     <= 1'b1;
      end
    end
  end

  assign out_valid_o = out_valid_q;
  assign out_data_o  = out_q;
  assign out_error_o = error_q;
  assign busy_o      = running_q;
  assign out_next_o  = running_q && last_q;

endmodule
