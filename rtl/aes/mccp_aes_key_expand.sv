// Copyright MCCP contributors.
// SPDX-License-Identifier: Apache-2.0
//
// AES key expansion (FIPS-197 KeyExpansion), iterative, run once per key.
//
// The expanded schedule leaves through a write port, one 128-bit round key at a time
// (rk_we_o, rk_idx_o = 0..Nr, rk_o), so the same module can later feed the round-key
// stores of several cores from a shared key scheduler.  With DecKeys, rk_dec_o carries
// with every round key rk the form decryption rounds add (mccp_aes_cipher):
//   rk_dec = A^-1(InvMixColumns(rk)) ^ 0x66 in every byte   (A^-1: linear part of
//   affine_inv); InvMixColumns works column by column, so it is computed per word as
// the words are produced (a quarter of the logic of a 128-bit transform).  Without
// DecKeys, rk_dec_o is 0.
//
// Structure (sized for area, not speed; the time is paid once per key):
// - key_q holds the key; a 7-word shift register (win_q, newest word in win_q[31:0])
//   holds the last words w[i-1] .. w[i-7] of the schedule.  Every step shifts one new
//   word in, so win_q[127:0] is a finished round key after every 4th word.
// - The first Nk words are "replayed" from key_q into the window (w[i] = key word i), so
//   no 256-bit load multiplexer is needed in front of the window.
// - Every new word comes from registers only (so the word logic is one LUT per bit):
//   w[i] = kw_q (key word i) while replaying, else w[i] = tap_q ^ g_q.  kw_q and tap_q
//   (w[i-Nk]) are prepared when the previous word is produced; g_q is w[i-1] or, when
//   FIPS-197 asks for it,
//   SubWord(RotWord(w[i-1])) ^ Rcon or SubWord(w[i-1]): one S-box fills g_q byte-serially
//   in 4 cycles (RotWord by the order of the bytes, Rcon into the first byte), and a 5th
//   cycle produces the word.
//
// Cycles from the accepted start to done_o (the last round-key write), one cycle to
// prepare the first word included:
//   AES-128: 1 + 44 words + 10 SubWords * 4 + 1 = 86, AES-192: 1 + 52 + 8 * 4 + 1 = 86,
//   AES-256: 1 + 60 + 13 * 4 + 1 = 114.
//
// key_len_i must be 0..2 (mccp_aes_engine rejects 3 before starting the expansion).

module mccp_aes_key_expand #(
  parameter bit DecKeys = 1'b0
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
  output logic [127:0] rk_dec_o
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
  logic [1:0]   byte_q;  // byte of w[i-1] into the S-box this cycle
  logic [7:0]   rc_q;    // Rcon to add to the S-box output this cycle (or 0)
  logic         subw_q;  // g_q holds the SubWord result for the next word
  logic         prep_q;  // first busy cycle: kw_q gets key word 0
  logic         busy_q, we_q, done_q;
  logic [3:0]   rk_idx_q;

  logic         step;          // a word is produced this cycle
  logic         replay;        // i < Nk: the word comes from the key
  logic         need_sub;      // w[i] needs SubWord
  logic         rot;           // ... with RotWord and Rcon (i mod Nk == 0)
  logic [2:0]   nk_m1;         // Nk - 1
  logic [5:0]   last_widx;     // 4 * (Nr + 1) - 1
  logic [31:0]  next_tap, key_word, new_word;
  logic         next_rot;      // w[i+1] needs RotWord and Rcon
  logic [7:0]   sbox_in, sbox_out;

  always_comb begin
    case (len_q)
      mccp_aes_pkg::KeyLen128: begin nk_m1 = 3'd3; last_widx = 6'd43; end
      mccp_aes_pkg::KeyLen192: begin nk_m1 = 3'd5; last_widx = 6'd51; end
      default:                 begin nk_m1 = 3'd7; last_widx = 6'd59; end
    endcase
  end

  assign replay   = widx_q <= {3'b000, nk_m1};
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

  // One S-box, fed one byte of w[i-1] (win_q[31:0], byte 0 on top) per cycle: bytes
  // 1, 2, 3, 0 for SubWord(RotWord(.)), bytes 0..3 for SubWord(.).
  // (byte_q and rc_q are prepared a cycle ahead, to keep this path short.)
  assign next_rot = kmod_q == nk_m1;
  assign sbox_in  = byte_q[1] ? (byte_q[0] ? win_q[7:0]   : win_q[15:8]) :
                                (byte_q[0] ? win_q[23:16] : win_q[31:24]);

  mccp_aes_sbox u_sbox (
    .data_i(sbox_in),
    .data_o(sbox_out)
  );

  // Datapath registers without reset.
  always_ff @(posedge clk_i) begin
    if (start_i && !busy_o) begin
      key_q <= key_i;
    end
    if (step || prep_q) begin
      kw_q <= key_word;
    end
    if (step) begin
      win_q  <= {win_q[191:0], new_word};
      tap_q  <= next_tap;
      g_q    <= new_word;  // w[i-1] for the next word
      byte_q <= {1'b0, next_rot};
      rc_q   <= next_rot ? rcon_q : 8'h00;
    end else if (busy_q) begin
      g_q    <= {g_q[23:0], sbox_out ^ rc_q};
      byte_q <= byte_q + 2'd1;
      rc_q   <= 8'h00;
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
        cnt_q  <= '0;
        subw_q <= 1'b0;
        rcon_q <= 8'h01;
      end else if (step) begin
        widx_q <= widx_q + 6'd1;
        kmod_q <= (kmod_q == nk_m1) ? 3'd0 : kmod_q + 3'd1;
        subw_q <= 1'b0;
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
    logic [127:0] dwin_q;
    always_ff @(posedge clk_i) begin
      if (step) begin
        dwin_q <= {dwin_q[95:0],
                   mccp_aes_pkg::column_map(new_word, mccp_aes_pkg::DecKeyMats) ^ 32'h66666666};
      end
    end
    assign rk_dec_o = dwin_q;
  end else begin : g_no_dec_keys
    assign rk_dec_o = '0;
  end

endmodule
