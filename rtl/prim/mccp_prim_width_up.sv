// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// mccp_prim_width_up: AXI4-Stream beats of StreamBits gathered into words of
// WordBits (the fabric: 32/64/128-bit beats, 128-bit words).  Beat 0 of a word
// carries its most significant part (byte 0 first, docs/fabric.md "Words and
// beats").  A TLAST in the middle of
// a word ends the word early: the rest is zero and word_last_o is set, so a
// packet never spills into the next one's word.
//
// TKEEP (docs/fabric.md "Words and beats"): bit i marks the byte lane
// tdata[8i+7:8i], so byte 0 of a beat is lane StreamBits/8-1.  Every beat is
// full except a packet's last, whose valid bytes are a run from byte 0.  The
// bytes TKEEP leaves out are zeroed (their data is undefined on the bus), the
// word's valid byte count goes out with it (WordBits/8 but for a packet's last
// word)
// and word_keep_err_o flags a word with a beat that broke the rule (a hole,
// a partial beat before TLAST, an empty last beat); the parser turns both
// into LENGTH.
//
// The word is held in a register until taken (word_valid_o && word_ready_i);
// while it waits the next word's beats are not accepted: with one beat a word,
// one word per cycle passes (tready = !word_valid_o || word_ready_i).
module mccp_prim_width_up #(
  parameter int StreamBits = 128,
  parameter int WordBits   = 128
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  input  logic                  s_tvalid_i,
  output logic                  s_tready_o,
  input  logic [StreamBits-1:0] s_tdata_i,
  input  logic [StreamBits/8-1:0] s_tkeep_i,
  input  logic                  s_tlast_i,
  output logic                  word_valid_o,
  input  logic                  word_ready_i,
  output logic [WordBits-1:0]   word_data_o,
  output logic [$clog2(WordBits/8+1)-1:0] word_bytes_o,
  output logic                  word_keep_err_o,
  output logic                  word_last_o
);

  if (StreamBits < 8 || StreamBits % 8 != 0 || WordBits % StreamBits != 0) begin : g_bad_width
    $error("mccp_prim_width_up: StreamBits %0d must be whole bytes and divide WordBits %0d",
           StreamBits, WordBits);
  end

  localparam int Beats = WordBits / StreamBits;
  localparam int BeatBytes = StreamBits / 8;
  localparam int Cw = (Beats > 1) ? $clog2(Beats) : 1;
  localparam int Bw = $clog2(WordBits / 8 + 1);   // byte count bits

  // TKEEP of this beat: a run of ones from byte 0 (the top lane) is legal on
  // the last beat, all ones on the others.  keep_rev has byte 0 in bit 0, so
  // a run from byte 0 is a run of ones from bit 0: keep_rev & (keep_rev + 1) == 0.
  logic [BeatBytes-1:0] keep_rev;
  logic [StreamBits-1:0] kept;        // tdata with the lanes TKEEP leaves out zeroed
  logic [Bw-1:0]        keep_cnt;
  logic                 keep_ok;
  always_comb begin
    keep_cnt = '0;
    for (int i = 0; i < BeatBytes; i++) begin
      keep_rev[i]       = s_tkeep_i[BeatBytes-1-i];
      kept[8*i +: 8]    = s_tkeep_i[i] ? s_tdata_i[8*i +: 8] : 8'h00;
      keep_cnt          = keep_cnt + Bw'(s_tkeep_i[i]);
    end
  end
  assign keep_ok = s_tlast_i ? (((keep_rev & (keep_rev + 1'b1)) == '0) && (s_tkeep_i != '0))
                             : (&s_tkeep_i);

  logic          beat_fire, word_done;
  logic [Cw-1:0] cnt_q;
  logic [WordBits-1:0] data_q;
  logic          valid_q, last_q;
  logic [Bw-1:0] bytes_q;
  logic          kerr_q, kerr_acc_q;   // keep error of the word / of its beats so far

  // A beat may enter while no complete word waits, or the waiting one leaves now.
  assign s_tready_o = !valid_q || word_ready_i;
  assign beat_fire  = s_tvalid_i && s_tready_o;
  assign word_done  = beat_fire && (s_tlast_i || (32'(cnt_q) == Beats - 1));

  // The word under construction, shifted in from the right; when the word ends
  // early (TLAST) the received part moves to the top.
  logic [WordBits-1:0] shifted, placed;
  if (Beats == 1) begin : g_one
    assign shifted = kept;
    assign placed  = shifted;
  end else begin : g_many
    // the beats before the last one of a word: the last goes straight to placed
    logic [WordBits-StreamBits-1:0] acc_q;
    assign shifted = {acc_q, kept};
    // beats received so far = cnt_q + 1; shift left by the missing beats
    assign placed  = shifted << (StreamBits * (Beats - 1 - 32'(cnt_q)));
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        acc_q <= '0;
      end else if (beat_fire) begin
        acc_q <= word_done ? '0 : shifted[WordBits-StreamBits-1:0];
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      cnt_q   <= '0;
      valid_q <= 1'b0;
      data_q  <= '0;
      last_q  <= 1'b0;
      bytes_q <= '0;
      kerr_q  <= 1'b0;
      kerr_acc_q <= 1'b0;
    end else begin
      if (word_valid_o && word_ready_i) valid_q <= 1'b0;
      if (beat_fire) begin
        cnt_q      <= word_done ? '0 : cnt_q + 1'b1;
        kerr_acc_q <= !word_done && (kerr_acc_q || !keep_ok);
        if (word_done) begin
          valid_q <= 1'b1;
          data_q  <= placed;
          last_q  <= s_tlast_i;
          // the beats before this one were full (else kerr is set)
          bytes_q <= Bw'(32'(cnt_q) * BeatBytes) + keep_cnt;
          kerr_q  <= kerr_acc_q || !keep_ok;
        end
      end
    end
  end

  assign word_valid_o    = valid_q;
  assign word_data_o     = data_q;
  assign word_bytes_o    = bytes_q;
  assign word_keep_err_o = kerr_q;
  assign word_last_o     = last_q;

endmodule
