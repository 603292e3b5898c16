// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// mccp_width_up: AXI4-Stream beats of StreamBits (32/64/128) gathered into the
// fabric's 128-bit words.  Beat 0 of a word carries its most significant part
// (byte 0 first, docs/fabric.md "Words and beats").  A TLAST in the middle of
// a word ends the word early: the rest is zero and word_last_o is set, so a
// packet never spills into the next one's word.
//
// The word is held in a register until taken (word_valid_o && word_ready_i);
// while it waits the next word's beats are not accepted: at 128 bits one word
// per cycle passes (tready = !word_valid_o || word_ready_i).
module mccp_width_up #(
  parameter int StreamBits = 128
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  input  logic                  s_tvalid_i,
  output logic                  s_tready_o,
  input  logic [StreamBits-1:0] s_tdata_i,
  input  logic                  s_tlast_i,
  output logic                  word_valid_o,
  input  logic                  word_ready_i,
  output logic [127:0]          word_data_o,
  output logic                  word_last_o
);

  localparam int Beats = 128 / StreamBits;
  localparam int Cw = (Beats > 1) ? $clog2(Beats) : 1;

  logic          beat_fire, word_done;
  logic [Cw-1:0] cnt_q;
  logic [127:0]  data_q;
  logic          valid_q, last_q;

  // A beat may enter while no complete word waits, or the waiting one leaves now.
  assign s_tready_o = !valid_q || word_ready_i;
  assign beat_fire  = s_tvalid_i && s_tready_o;
  assign word_done  = beat_fire && (s_tlast_i || (32'(cnt_q) == Beats - 1));

  // The word under construction, shifted in from the right; when the word ends
  // early (TLAST) the received part moves to the top.
  logic [127:0] shifted, placed;
  if (Beats == 1) begin : g_one
    assign shifted = s_tdata_i;
    assign placed  = shifted;
  end else begin : g_many
    logic [127:0] acc_q;
    assign shifted = {acc_q[127-StreamBits:0], s_tdata_i};
    // beats received so far = cnt_q + 1; shift left by the missing beats
    assign placed  = shifted << (StreamBits * (Beats - 1 - 32'(cnt_q)));
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        acc_q <= '0;
      end else if (beat_fire) begin
        acc_q <= word_done ? '0 : shifted;
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      cnt_q   <= '0;
      valid_q <= 1'b0;
      data_q  <= '0;
      last_q  <= 1'b0;
    end else begin
      if (word_valid_o && word_ready_i) valid_q <= 1'b0;
      if (beat_fire) begin
        cnt_q <= word_done ? '0 : cnt_q + 1'b1;
        if (word_done) begin
          valid_q <= 1'b1;
          data_q  <= placed;
          last_q  <= s_tlast_i;
        end
      end
    end
  end

  assign word_valid_o = valid_q;
  assign word_data_o  = data_q;
  assign word_last_o  = last_q;

endmodule
