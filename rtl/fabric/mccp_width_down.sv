// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// mccp_width_down: the fabric's 128-bit words sent as AXI4-Stream beats of
// StreamBits (32/64/128).  Beat 0 of a word carries its most significant part
// (byte 0 first, docs/fabric.md "Words and beats"); TLAST is set on the last
// beat of a word that carries word_last_i.  word_err_i travels with the word
// and appears on m_terr_o beside the TLAST beat (a side band for the packet
// counters, not an AXI signal).
//
// Two word registers: `head` is on the stream (shifted left by one beat per
// accepted beat, so the beat is always its top StreamBits), `skid` takes the
// next word while head is still going out.  word_ready_o = !skid: it comes
// from a flip-flop, so m_tready_i has no combinational path to the producer.
// Head refills from skid (or straight from the input) in the cycle its last
// beat is accepted: the stream runs one beat per cycle without bubbles, also
// at 128 bits with one word per beat.  tdata/tlast hold while tvalid && !tready.
module mccp_width_down #(
  parameter int StreamBits = 128
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  input  logic                  word_valid_i,
  output logic                  word_ready_o,
  input  logic [127:0]          word_data_i,
  input  logic                  word_last_i,
  input  logic                  word_err_i,
  output logic                  m_tvalid_o,
  input  logic                  m_tready_i,
  output logic [StreamBits-1:0] m_tdata_o,
  output logic                  m_tlast_o,
  output logic                  m_terr_o
);

  localparam int Beats = 128 / StreamBits;

  logic          head_v_q, head_last_q, head_err_q;
  logic [127:0]  head_q;
  logic          skid_v_q, skid_last_q, skid_err_q;
  logic [127:0]  skid_q;
  logic          beat_last, fire, pop, refill, push;

  if (Beats == 1) begin : g_one
    assign beat_last = 1'b1;
  end else begin : g_many
    localparam int Cw = $clog2(Beats);
    logic [Cw-1:0] beat_q;
    assign beat_last = (32'(beat_q) == Beats - 1);
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        beat_q <= '0;
      end else if (refill) begin
        beat_q <= '0;
      end else if (fire) begin
        beat_q <= beat_q + 1'b1;
      end
    end
  end

  assign fire         = head_v_q && m_tready_i;
  assign pop          = fire && beat_last;        // head's last beat leaves
  assign refill       = !head_v_q || pop;         // head takes a new word this cycle
  assign word_ready_o = !skid_v_q;
  assign push         = word_valid_i && word_ready_o;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      head_v_q    <= 1'b0;
      head_q      <= '0;
      head_last_q <= 1'b0;
      head_err_q  <= 1'b0;
      skid_v_q    <= 1'b0;
      skid_q      <= '0;
      skid_last_q <= 1'b0;
      skid_err_q  <= 1'b0;
    end else begin
      if (refill) begin
        if (skid_v_q) begin
          // no push while skid holds a word (word_ready_o is low)
          head_v_q    <= 1'b1;
          head_q      <= skid_q;
          head_last_q <= skid_last_q;
          head_err_q  <= skid_err_q;
          skid_v_q    <= 1'b0;
        end else begin
          head_v_q <= push;
          if (push) begin
            head_q      <= word_data_i;
            head_last_q <= word_last_i;
            head_err_q  <= word_err_i;
          end
        end
      end else begin
        if (fire) begin
          head_q <= head_q << StreamBits;
        end
        if (push) begin
          skid_v_q    <= 1'b1;
          skid_q      <= word_data_i;
          skid_last_q <= word_last_i;
          skid_err_q  <= word_err_i;
        end
      end
    end
  end

  assign m_tvalid_o = head_v_q;
  assign m_tdata_o  = head_q[127 -: StreamBits];
  assign m_tlast_o  = head_last_q && beat_last;
  assign m_terr_o   = head_err_q && beat_last;

endmodule
