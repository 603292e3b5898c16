// Copyright MCCP contributors.
// SPDX-License-Identifier: Apache-2.0
//
// AES key expansion (FIPS-197 KeyExpansion), iterative, run once per key.
//
// The expanded schedule leaves through a write port, one 128-bit round key at a time
// (rk_we_o, rk_idx_o = 0..Nr, rk_o), the contract of the round-key port of
// mccp_aes_engine_rk (KeyExpand = 0), so one expander can fill the round-key stores of
// several engines.  With DecKeys, rk_dec_o carries with every round key i its decryption
// form mccp_aes_pkg::dec_round_key(rk, i == Nr), computed word by word as the words are
// produced (InvMixColumns works column by column); without DecKeys, rk_dec_o is 0.
// done_o pulses with the last write; the key size is the key_len_i given with start_i.
//
// Structure (sized for area, not speed; the time is paid once per key):
// - key_q holds the key; a 7-word shift register (win_q, newest word in win_q[31:0])
//   holds the last words w[i-1] .. w[i-7] of the schedule.  Every step shifts one new
//   word in, so win_q[127:0] is a finished round key after every 4th word.
// - The first Nk words are "replayed" from key_q into the window (w[i] = key word i), so
//   no 256-bit load multiplexer is needed in front of the window.
// - Every new word comes from registers only: w[i] = kw_q (key word i) while replaying,
//   else w[i] = tap_q ^ g_q.  kw_q and tap_q (w[i-Nk]) are prepared when the previous
//   word is produced; g_q is w[i-1] or, when FIPS-197 asks for it,
//   SubWord(RotWord(w[i-1])) ^ Rcon or SubWord(w[i-1]).
// - SubWord: the S-box is a synchronous ROM (a block RAM port: the result comes one cycle
//   after the address).  The step that produces w[i-1] loads g_q with w[i-1], rotated by
//   a byte for RotWord, and sends its top byte to the S-box; the next 4 cycles shift g_q
//   up by a byte, the S-box result (^ Rcon the first time) entering at the bottom, while
//   the next top byte goes to the S-box.  A 5th cycle produces the word.
//   ExtSbox = 0: the S-box is an own mccp_aes_sbox_rom (one block RAM, for a stand-alone
//   expander); ExtSbox = 1: sbox_addr_o / sbox_data_i (mccp_aes_engine_rk borrows a
//   cipher table port for it).
//
// Cycles from the accepted start to done_o (the last round-key write), one cycle to
// prepare the first word included:
//   AES-128: 1 + 44 words + 10 SubWords * 4 + 1 = 86, AES-192: 1 + 52 + 8 * 4 + 1 = 86,
//   AES-256: 1 + 60 + 13 * 4 + 1 = 114.
//
// key_len_i must be 0..2 (mccp_aes_engine_rk rejects 3 before starting the expansion).

module mccp_aes_key_expand #(
  parameter bit DecKeys = 1'b0,
  parameter bit ExtSbox = 1'b0
) (
  input  logic         clk_i,
  input  logic         rst_ni,
  // start: accepted when !busy_o
  input  logic         start_i,
  input  logic [255:0] key_i,     // left-aligned, key_i[255:248] = key byte 0
  input  logic [1:0]   key_len_i, // 0: 128, 1: 192, 2: 256
  output logic         busy_o,
  output logic         done_o,    // one-cycle pulse with the last round-key write
  // round-key write port
  output logic         rk_we_o,
  output logic [3:0]   rk_idx_o,
  output logic [127:0] rk_o,
  output logic [127:0] rk_dec_o,
  // external S-box (ExtSbox = 1): sbox_data_i = S(sbox_addr_o of the previous cycle),
  // needed while sbox_en_o (from the start to the last SubWord, 4+ cycles before done_o)
  output logic         sbox_en_o,
  output logic [7:0]   sbox_addr_o,
  input  logic [7:0]   sbox_data_i
);

  logic [255:0] key_q;
  logic [223:0] win_q;
  logic [31:0]  kw_q, tap_q, g_q;
  logic [7:0]   rcon_q;
  logic [1:0]   len_q;
  logic [5:0]   widx_q;  // index i of the next word w[i]
  logic [2:0]   kidx_q;  // key word to prepare next
  logic [2:0]   kmod_q;  // i mod Nk
  logic [1:0]   cnt_q;   // SubWord byte counter
  logic [7:0]   rc_q;    // Rcon to add to the S-box output this cycle (or 0)
  logic         subw_q;  // g_q holds the SubWord result for the next word
  logic         sub_q;   // a SubWord byte cycle: the S-box reads from g_q
  logic         replay_q; // i < Nk: w[i] comes from the key
  logic         nrot_q;  // w[i+1] needs RotWord and Rcon ((i + 1) mod Nk == 0)
  logic         sben_q;  // the S-box is in use (up to the last SubWord)
  logic         prep_q;  // first busy cycle: kw_q gets key word 0
  logic         busy_q, we_q, done_q;
  logic [3:0]   rk_idx_q;

  logic         step;          // a word is produced this cycle
  logic         replay;        // i < Nk: the word comes from the key
  logic         need_sub;      // w[i] needs SubWord
  logic         rot;           // ... with RotWord and Rcon (i mod Nk == 0)
  logic [2:0]   nk_m1;         // Nk - 1
  logic [5:0]   last_widx;     // 4 * (Nr + 1) - 1
  logic [31:0]  next_tap, key_word, new_word, g_load;
  logic         next_rot;      // w[i+1] needs RotWord and Rcon
  logic [7:0]   sbox_out;

  always_comb begin
    case (len_q)
      mccp_aes_pkg::KeyLen128: begin nk_m1 = 3'd3; last_widx = 6'd43; end
      mccp_aes_pkg::KeyLen192: begin nk_m1 = 3'd5; last_widx = 6'd51; end
      default:                 begin nk_m1 = 3'd7; last_widx = 6'd59; end
    endcase
  end

  // Flags the S-box address depends on are registers (replay_q, nrot_q, sub_q): that path
  // continues through the cipher's round layer to a block-RAM address.
  assign replay   = replay_q;
  assign rot      = kmod_q == 3'd0;
  assign need_sub = !replay && (rot || (len_q == mccp_aes_pkg::KeyLen256 && kmod_q == 3'd4));
  assign step     = busy_q && !prep_q && (!need_sub || subw_q);

  // key word kidx_q, as a binary multiplexer tree
  assign key_word = kidx_q[2] ?
      (kidx_q[1] ? (kidx_q[0] ? key_q[31:0]    : key_q[63:32]) :
                   (kidx_q[0] ? key_q[95:64]   : key_q[127:96])) :
      (kidx_q[1] ? (kidx_q[0] ? key_q[159:128] : key_q[191:160]) :
                   (kidx_q[0] ? key_q[223:192] : key_q[255:224]));

  // w[i + 1 - Nk]: after this step's shift it sits at window word Nk - 1
  assign next_tap = (len_q == mccp_aes_pkg::KeyLen128) ? win_q[95:64] :
                    (len_q == mccp_aes_pkg::KeyLen192) ? win_q[159:128] : win_q[223:192];

  assign new_word = replay ? kw_q : (tap_q ^ g_q);

  // g_q after a step: w[i], rotated by one byte when w[i+1] needs RotWord (its S-box
  // bytes then come out of the top in the order 1, 2, 3, 0).
  assign next_rot = nrot_q;
  assign g_load   = next_rot ? {new_word[23:0], new_word[31:24]} : new_word;

  // The S-box reads the byte that will be on top of g_q in the next cycle.  The last word
  // with a SubWord is the first of round key Nr, w[4*Nr].
  assign sbox_addr_o = sub_q ? g_q[23:16] : g_load[31:24];
  assign sbox_en_o   = sben_q;

  if (ExtSbox) begin : g_ext_sbox
    assign sbox_out = sbox_data_i;
  end else begin : g_own_sbox
    logic [17:0] rom_data, rom_unused;
    logic        unused_rom;
    mccp_aes_sbox_rom #(
      .Kind(2)
    ) u_sbox (
      .clk_i,
      .a_rst_i (1'b0),
      .a_addr_i({2'b00, sbox_addr_o}),
      .a_data_o(rom_data),
      .b_rst_i (1'b1),
      .b_addr_i(10'd0),
      .b_data_o(rom_unused)
    );
    assign sbox_out   = rom_data[7:0];
    assign unused_rom = ^{rom_data[17:8], rom_unused, sbox_data_i};
  end

  // Datapath registers without reset.
  always_ff @(posedge clk_i) begin
    if (start_i && !busy_o) begin
      key_q <= key_i;
    end
    if (step || prep_q) begin
      kw_q <= key_word;
    end
    if (step) begin
      win_q <= {win_q[191:0], new_word};
      tap_q <= next_tap;
      g_q   <= g_load;  // w[i-1] (rotated) for the next word
      rc_q  <= next_rot ? rcon_q : 8'h00;
    end else if (busy_q) begin
      g_q  <= {g_q[23:0], sbox_out ^ rc_q};
      rc_q <= 8'h00;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      busy_q   <= 1'b0;
      prep_q   <= 1'b0;
      we_q     <= 1'b0;
      done_q   <= 1'b0;
      len_q    <= mccp_aes_pkg::KeyLen128;
      widx_q   <= '0;
      kidx_q   <= '0;
      kmod_q   <= '0;
      cnt_q    <= '0;
      subw_q   <= 1'b0;
      sub_q    <= 1'b0;
      replay_q <= 1'b0;
      nrot_q   <= 1'b0;
      sben_q   <= 1'b0;
      rcon_q   <= 8'h01;
      rk_idx_q <= '0;
    end else begin
      we_q   <= step && (widx_q[1:0] == 2'd3);
      done_q <= step && (widx_q == last_widx);
      prep_q <= start_i && !busy_o;
      if (prep_q || step) begin
        kidx_q <= kidx_q + 3'd1;
      end
      if (step) begin
        rk_idx_q <= widx_q[5:2];
      end
      if (start_i && !busy_o) begin
        busy_q <= 1'b1;
        len_q  <= key_len_i;
        widx_q <= '0;
        kidx_q <= '0;
        kmod_q <= '0;
        cnt_q    <= '0;
        subw_q   <= 1'b0;
        sub_q    <= 1'b0;
        replay_q <= 1'b1;
        nrot_q   <= 1'b0;
        sben_q   <= 1'b1;
        rcon_q   <= 8'h01;
      end else if (step) begin
        widx_q   <= widx_q + 6'd1;
        kmod_q   <= (kmod_q == nk_m1) ? 3'd0 : kmod_q + 3'd1;
        subw_q   <= 1'b0;
        replay_q <= widx_q < {3'b000, nk_m1};
        nrot_q   <= kmod_q + 3'd1 == nk_m1;
        // w[i+1] needs SubWord: (i + 1) mod Nk == 0, or (AES-256) (i + 1) mod 8 == 4, i + 1 > 4
        sub_q    <= next_rot ||
                    (len_q == mccp_aes_pkg::KeyLen256 && kmod_q == 3'd3 && !replay_q);
        if (widx_q == last_widx - 6'd3) begin
          sben_q <= 1'b0;  // w[4*Nr] was the last word with a SubWord
        end
        if (need_sub && rot) begin
          rcon_q <= mccp_aes_pkg::xtime(rcon_q);
        end
        if (widx_q == last_widx) begin
          busy_q <= 1'b0;
        end
      end else if (busy_q && !prep_q) begin
        // SubWord in progress: one byte per cycle
        cnt_q <= cnt_q + 2'd1;
        if (cnt_q == 2'd3) begin
          subw_q <= 1'b1;
          sub_q  <= 1'b0;
        end
      end
    end
  end

  // Busy until the last round key has been written.
  assign busy_o   = busy_q || we_q;
  assign done_o   = done_q;
  assign rk_we_o  = we_q;
  assign rk_idx_o = rk_idx_q;
  assign rk_o     = win_q[127:0];

  if (DecKeys) begin : g_dec_keys
    // Words of round key Nr (the last four) get the plain form (see mccp_aes_pkg).
    logic [127:0] dwin_q;
    logic         last_key;
    assign last_key = widx_q > last_widx - 6'd4;
    always_ff @(posedge clk_i) begin
      if (step) begin
        dwin_q <= {dwin_q[95:0], mccp_aes_pkg::dec_key_word(new_word, last_key)};
      end
    end
    assign rk_dec_o = dwin_q;
  end else begin : g_no_dec_keys
    assign rk_dec_o = '0;
  end

endmodule
