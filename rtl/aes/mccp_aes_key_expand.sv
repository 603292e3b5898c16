// Copyright MCCP contributors.
// SPDX-License-Identifier: Apache-2.0
//
// AES key expansion (FIPS-197 KeyExpansion), iterative, run once per key.
//
// The expanded schedule leaves through a write port, one 128-bit round key at a time
// (rk_we_o, rk_idx_o = 0..Nr, rk_o), so the same module can later feed the round-key
// stores of several cores from a shared key scheduler.
//
// Structure (sized for area, not speed; the time is paid once per key):
// - key_q holds the key; a 8-word shift register (win_q, newest word in win_q[31:0])
//   holds the last words w[i-1] .. w[i-8] of the schedule.  Every step shifts one new
//   word in, so win_q[127:0] is a finished round key after every 4th word.
// - The first Nk words are "replayed" from key_q into the window (w[i] = key word i), so
//   no 256-bit load multiplexer is needed in front of the window.
// - SubWord uses one S-box, byte-serially: 4 cycles shift S(byte) into sub_q, a 5th
//   cycle produces the word.
//
// Cycles from the accepted start to done_o (inclusive of the last write):
//   AES-128: 44 words + 10 SubWords * 4 + 1 = 85, AES-192: 52 + 8 * 4 + 1 = 85,
//   AES-256: 60 + 13 * 4 + 1 = 113.
//
// key_len_i must be 0..2 (mccp_aes_engine rejects 3 before starting the expansion).

module mccp_aes_key_expand
(
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
  output logic [127:0] rk_o
);

  logic [255:0] key_q;
  logic [255:0] win_q;
  logic [31:0]  sub_q;
  logic [7:0]   rcon_q;
  logic [1:0]   len_q;
  logic [5:0]   widx_q;  // index i of the next word w[i]
  logic [2:0]   kmod_q;  // i mod Nk
  logic [1:0]   byte_q;  // SubWord byte counter
  logic         subw_q;  // sub_q holds SubWord(w[i-1]) for the next word
  logic         busy_q, we_q, done_q;
  logic [3:0]   rk_idx_q;

  logic         step;          // a word is produced this cycle
  logic         replay;        // i < Nk: the word comes from the key
  logic         need_sub;      // w[i] needs SubWord(w[i-1])
  logic         rot;           // ... with RotWord and Rcon (i mod Nk == 0)
  logic [2:0]   nk_m1;         // Nk - 1
  logic [5:0]   last_widx;     // 4 * (Nr + 1) - 1
  logic [31:0]  temp, tap, key_word, new_word;
  logic [7:0]   sbox_in, sbox_out;

  always_comb begin
    case (len_q)
      mccp_aes_pkg::KeyLen128: begin nk_m1 = 3'd3; last_widx = 6'd43; end
      mccp_aes_pkg::KeyLen192: begin nk_m1 = 3'd5; last_widx = 6'd51; end
      default:   begin nk_m1 = 3'd7; last_widx = 6'd59; end
    endcase
  end

  assign temp     = win_q[31:0];  // w[i-1]
  assign replay   = widx_q <= {3'b000, nk_m1};
  assign rot      = kmod_q == 3'd0;
  assign need_sub = !replay && (rot || (len_q == mccp_aes_pkg::KeyLen256 && kmod_q == 3'd4));
  assign step     = busy_q && (!need_sub || subw_q);

  // w[i - Nk]
  assign tap = (len_q == mccp_aes_pkg::KeyLen128) ? win_q[127:96] :
               (len_q == mccp_aes_pkg::KeyLen192) ? win_q[191:160] : win_q[255:224];

  always_comb begin
    case (widx_q[2:0])
      3'd0:    key_word = key_q[255:224];
      3'd1:    key_word = key_q[223:192];
      3'd2:    key_word = key_q[191:160];
      3'd3:    key_word = key_q[159:128];
      3'd4:    key_word = key_q[127:96];
      3'd5:    key_word = key_q[95:64];
      3'd6:    key_word = key_q[63:32];
      default: key_word = key_q[31:0];
    endcase
  end

  assign new_word = replay    ? key_word :
                    !need_sub ? tap ^ temp :
                    rot       ? tap ^ {sub_q[23:0], sub_q[31:24]} ^ {rcon_q, 24'h000000} :
                                tap ^ sub_q;

  // One S-box, fed one byte of w[i-1] per cycle.
  always_comb begin
    case (byte_q)
      2'd0:    sbox_in = temp[31:24];
      2'd1:    sbox_in = temp[23:16];
      2'd2:    sbox_in = temp[15:8];
      default: sbox_in = temp[7:0];
    endcase
  end

  mccp_aes_sbox #(
    .InvEnable(1'b0)
  ) u_sbox (
    .data_i(sbox_in),
    .inv_i (1'b0),
    .data_o(sbox_out)
  );

  // Datapath registers without reset.
  always_ff @(posedge clk_i) begin
    if (start_i && !busy_o) begin
      key_q <= key_i;
    end
    if (step) begin
      win_q <= {win_q[223:0], new_word};
    end
    if (busy_q && need_sub && !subw_q) begin
      sub_q <= {sub_q[23:0], sbox_out};  // byte 0 of w[i-1] first
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      busy_q   <= 1'b0;
      we_q     <= 1'b0;
      done_q   <= 1'b0;
      len_q    <= mccp_aes_pkg::KeyLen128;
      widx_q   <= '0;
      kmod_q   <= '0;
      byte_q   <= '0;
      subw_q   <= 1'b0;
      rcon_q   <= 8'h01;
      rk_idx_q <= '0;
    end else begin
      we_q   <= step && (widx_q[1:0] == 2'd3);
      done_q <= step && (widx_q == last_widx);
      if (step) begin
        rk_idx_q <= widx_q[5:2];
      end
      if (start_i && !busy_o) begin
        busy_q <= 1'b1;
        len_q  <= key_len_i;
        widx_q <= '0;
        kmod_q <= '0;
        byte_q <= '0;
        subw_q <= 1'b0;
        rcon_q <= 8'h01;
      end else if (busy_q) begin
        if (step) begin
          widx_q <= widx_q + 6'd1;
          kmod_q <= (kmod_q == nk_m1) ? 3'd0 : kmod_q + 3'd1;
          subw_q <= 1'b0;
          if (need_sub && rot) begin
            rcon_q <= mccp_aes_pkg::xtime(rcon_q);
          end
          if (widx_q == last_widx) begin
            busy_q <= 1'b0;
          end
        end else begin
          // SubWord in progress: one byte per cycle
          byte_q <= byte_q + 2'd1;
          if (byte_q == 2'd3) begin
            subw_q <= 1'b1;
          end
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

endmodule
