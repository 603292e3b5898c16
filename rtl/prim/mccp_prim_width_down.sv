// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// mccp_prim_width_down: words of WordBits sent as AXI4-Stream beats of
// StreamBits (the fabric: 128-bit words, 32/64/128-bit beats).  Beat 0 of a
// word carries its most significant part
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
// with one beat a word.  tdata/tlast/tkeep hold while
// tvalid && !tready.
//
// TKEEP: word_bytes_i (1..WordBits/8) valid bytes of the word, all of them for
// every word but a packet's last.  The word ends at the beat holding its last valid byte (no
// empty beats) and TKEEP marks that beat's valid bytes, a run from byte 0 (the
// top lane, bit StreamBits/8-1); every other beat has TKEEP all ones.
module mccp_prim_width_down #(
  parameter int StreamBits = 128,
  parameter int WordBits   = 128
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  input  logic                  word_valid_i,
  output logic                  word_ready_o,
  input  logic [WordBits-1:0]   word_data_i,
  input  logic [$clog2(WordBits/8+1)-1:0] word_bytes_i,
  input  logic                  word_last_i,
  input  logic                  word_err_i,
  output logic                  m_tvalid_o,
  input  logic                  m_tready_i,
  output logic [StreamBits-1:0] m_tdata_o,
  output logic [StreamBits/8-1:0] m_tkeep_o,
  output logic                  m_tlast_o,
  output logic                  m_terr_o
);

  if (StreamBits < 8 || StreamBits % 8 != 0 || WordBits % StreamBits != 0) begin : g_bad_width
    $error("mccp_prim_width_down: StreamBits %0d must be whole bytes and divide WordBits %0d",
           StreamBits, WordBits);
  end

  localparam int BeatBytes = StreamBits / 8;
  localparam int Bw = $clog2(WordBits / 8 + 1);   // byte count bits

  logic          head_v_q, head_last_q, head_err_q;
  logic [WordBits-1:0] head_q;
  logic [Bw-1:0] head_left_q;     // bytes of head not yet sent (its top beat first)
  logic          skid_v_q, skid_last_q, skid_err_q;
  logic [WordBits-1:0] skid_q;
  logic [Bw-1:0] skid_bytes_q;
  logic          beat_last, fire, pop, refill, push;

  // A full word's bytes end exactly on its last beat; a shorter one earlier.
  assign beat_last = (head_left_q <= Bw'(BeatBytes));
  assign m_tkeep_o = beat_last ? ~({BeatBytes{1'b1}} >> head_left_q)
                               : {BeatBytes{1'b1}};

  assign fire         = head_v_q && m_tready_i;
  assign pop          = fire && beat_last;        // head's last beat leaves
  assign refill       = !head_v_q || pop;         // head takes a new word this cycle
  assign word_ready_o = !skid_v_q;
  assign push         = word_valid_i && word_ready_o;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      head_v_q    <= 1'b0;
      head_q      <= '0;
      head_left_q <= '0;
      skid_bytes_q <= '0;
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
          head_left_q <= skid_bytes_q;
          head_last_q <= skid_last_q;
          head_err_q  <= skid_err_q;
          skid_v_q    <= 1'b0;
        end else begin
          head_v_q <= push;
          if (push) begin
            head_q      <= word_data_i;
            head_left_q <= word_bytes_i;
            head_last_q <= word_last_i;
            head_err_q  <= word_err_i;
          end
        end
      end else begin
        if (fire) begin
          head_q      <= head_q << StreamBits;
          head_left_q <= head_left_q - Bw'(BeatBytes);
        end
        if (push) begin
          skid_v_q    <= 1'b1;
          skid_q      <= word_data_i;
          skid_bytes_q <= word_bytes_i;
          skid_last_q <= word_last_i;
          skid_err_q  <= word_err_i;
        end
      end
    end
  end

  assign m_tvalid_o = head_v_q;
  assign m_tdata_o  = head_q[WordBits-1 -: StreamBits];
  assign m_tlast_o  = head_last_q && beat_last;
  assign m_terr_o   = head_err_q && beat_last;

endmodule
