// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// mccp_stream_out: the output stage.  Keeps a record per dispatched task,
// collects the core's result and the parser's input completion for it, and
// emits each finished task as one output packet (docs/fabric.md "Output
// packet", "Output stage"): the status header word, then -- status OK only --
// the core's released output words.  Packets leave whole, one at a time,
// chosen round robin among the cores with an emittable record and the parser's
// error records; a channel's ordered records leave in dispatch order.
//
// Records.  Two per core (slot 2c+0, 2c+1, a ring with head hd_q[c]): the task
// running on the core and a finished one whose packet has not left yet.  A
// record is made from disp_* (the cycle the core accepts the start) one cycle
// later, from registers: the start handshake runs between the scheduler and a
// core, and its result must not go on into every record's enables in the
// same cycle (that path crossed the chip twice and limited the tops' Fmax).
// A core cannot finish a task in that cycle.  The record then takes the
// core's result (res_*) as soon as it is offered -- so the core may start its
// next task while this one's words still wait in its output buffer -- and is
// freed when its packet is chosen for emission.  The parser's in_done events
// of a core (one per packet granted to it, possibly before its dispatch) wait
// in a 4-deep FIFO per core; the k-th event belongs to the k-th record.  They
// too are taken one cycle late, from registers: a packet without a body is
// done in the cycle the scheduler's start handshake grants it, and that
// handshake (a core's start_ready, the scheduler, the parser) must not run on
// into the FIFOs' enables (it limited the 2-core tops at 64 and 128 bits).
// Only a task that ends before its input has all arrived waits for it.
//
// Per-channel order.  An ordered record links to the channel's previous
// ordered record still held (the one with `tail` set; found by comparing the
// channel with every slot at dispatch) and waits until that one is chosen.
// This is the ticket rule (dispatch counter == release counter per channel)
// without per-channel tables.  Unordered records take no part in it.
//
// Emittable (core c): head record holds its result and its in_done, waits for
// no predecessor, no dropped packet of the core is still draining, and --
// for a packet with data -- the core's first word is visible (out_valid), so a
// chosen packet never stalls the stream for a word that is not there yet.
// The arbiter sees this registered (req_q: the cores' output buffers and the
// record logic stay off the grant's path, which would otherwise grow with
// the core count); every part of it only turns false when the core is
// granted, so req_q is cleared by the core's grant and is otherwise at most
// one cycle late.
//
// Final status: LENGTH when in_done reported len_err (TLAST came late), else
// the core's status.  Non-OK: header only, out_len 0; if the core's status
// was OK its released words are popped and dropped in the background (drop_q)
// while other packets go out.
//
// Word register.  The chosen core's words pass through one register
// (wr_*_q) on their way to the downsizer; it takes the first word while the
// header is on offer, so words still go out one per cycle.  The last word is
// thus taken -- and the next packet chosen -- from registers: the multiplexer
// over every core's out_valid / out_last stays off the grant's path and the
// slot records' enables (through it that path crossed the chip and limited
// the 6-core tops).  Once the register holds a packet's last word it takes no
// more, so at a grant every word of the current packet has left the core.
//
// Retiring keys.  Each record keeps its task's key slot.  A key-store commit
// or zeroize (the store's invalidation pulse, registered here: one cycle
// later it also meets the record of a task started in the pulse's own cycle)
// marks every record of that slot `old`, and the scheduler marks a task that
// starts after such a change (disp_stale_i: a start offered before it, or a
// split task's I/O half).  Packets granted and not yet past their TLAST beat
// keep their slot and flag in a small queue (at most three: one being handed
// over, two in the downsizer), marked the same way.  retiring_o is set while
// an old record or packet is held, and in the two cycles a pulse takes to
// reach them: once it falls no output depends on the replaced key.
//
// Secret outputs (docs/fabric.md "Secret inputs and outputs").  A record
// dispatched with disp_secret_i sends its task's words to the key store, not
// to the stream: its packet is the status header alone (TLAST, out_len 0),
// and its words pass the word register into mccp_secret_sink (sec_word_*)
// while the stream waits (EmSec), then the next packet is chosen.  Its status
// is BAD_SECRET -- words dropped, nothing committed -- when the output does not
// fit the destination (fewer than dest.need bytes, or more words than it
// takes: the `sok` flag made with the result) or the record is old (its key
// slot changed while it ran).  A secret packet is granted only while the sink
// is free (sec_busy_i), so one secret is on its way at a time.
//
// Timing: the next packet is chosen in the cycle the current one's last word
// is taken; its header follows in the next cycle, so packets go out back to
// back.  pkt_out_o / pkt_err_o pulse one cycle after the TLAST beat's handshake.
module mccp_stream_out #(
  parameter int NumCores   = 4,
  parameter int StreamBits = 128,
  parameter int Channels   = 64
) (
  input  logic                    clk_i,
  input  logic                    rst_ni,
  // cores: output words (first-word-fall-through) and results
  input  logic [NumCores-1:0]     core_out_valid_i,
  output logic [NumCores-1:0]     core_out_ready_o,
  input  logic [NumCores*128-1:0] core_out_data_i,
  input  logic [NumCores*5-1:0]   core_out_bytes_i,
  input  logic [NumCores-1:0]     core_out_last_i,
  input  logic [NumCores-1:0]     core_res_valid_i,
  output logic [NumCores-1:0]     core_res_ready_o,
  input  logic [NumCores*8-1:0]   core_res_status_i,
  input  logic [NumCores*16-1:0]  core_res_bytes_i,
  // dispatch record (scheduler): the cycle core disp_core_i accepts a start
  input  logic                    disp_valid_i,
  input  logic [3:0]              disp_core_i,
  input  logic [7:0]              disp_channel_i,
  input  logic [31:0]             disp_seq_i,
  input  logic                    disp_ordered_i,
  input  logic [31:0]             disp_start_cycle_i,
  input  logic [4:0]              disp_key_slot_i,
  input  logic                    disp_stale_i,
  input  logic                    disp_secret_i,
  input  mccp_fabric_pkg::secret_dest_t disp_dest_i,
  // key-store invalidations (commit, zeroize of a slot or of all)
  input  logic                    ks_inv_valid_i,
  input  logic [4:0]              ks_inv_slot_i,
  input  logic                    ks_inv_all_i,
  // input completion (parser): one per packet granted to a core
  input  logic                    in_done_valid_i,
  input  logic [3:0]              in_done_core_i,
  input  logic                    in_done_len_err_i,
  // error records (parser): header only, core 0xFF, outside channel order
  input  logic                    err_valid_i,
  output logic                    err_ready_o,
  input  logic [7:0]              err_status_i,
  input  logic [15:0]             err_channel_i,
  input  logic [31:0]             err_seq_i,
  // AXI4-Stream out
  output logic                    m_axis_tvalid_o,
  input  logic                    m_axis_tready_i,
  output logic [StreamBits-1:0]   m_axis_tdata_o,
  output logic [StreamBits/8-1:0] m_axis_tkeep_o,
  output logic                    m_axis_tlast_o,
  // secret outputs: the granted packet's destination (sec_start_o), its words
  output logic                    sec_start_o,
  output mccp_fabric_pkg::secret_dest_t sec_dest_o,
  output logic                    sec_word_valid_o,
  output logic [127:0]            sec_word_o,
  output logic                    sec_word_last_o,
  input  logic                    sec_busy_i,
  // scheduler / registers
  output logic [NumCores-1:0]     rec_space_o,  // room for one more record (next cycle)
  output logic [NumCores-1:0]     rec_empty_o,  // no record, nothing of the core left to emit
  output logic                    pkt_out_o,
  output logic                    pkt_err_o,
  output logic                    retiring_o    // output of a replaced key still to leave
);

  if (NumCores < 1 || NumCores > 16 || Channels < 1 || Channels > 256) begin : g_bad_params
    $error("mccp_stream_out: NumCores %0d (1..16) or Channels %0d (1..256) out of range",
           NumCores, Channels);
  end

  localparam int NS    = 2 * NumCores;   // record slots
  localparam int NR    = NumCores + 1;   // requesters: cores, then the error records
  localparam int ChanW = (Channels > 1) ? $clog2(Channels) : 1;
  localparam int SlotW = $clog2(NS);
  localparam logic [7:0] StOk     = mccp_isa_pkg::STATUS_OK;
  localparam logic [7:0] StLength = mccp_isa_pkg::STATUS_LENGTH;
  localparam logic [7:0] StBadSecret = mccp_regs_pkg::STATUS_BAD_SECRET;
  localparam int DestW = mccp_fabric_pkg::SecretDestBits;

  typedef enum logic [1:0] {
    EmIdle,  // no packet going out
    EmHdr,   // header word on offer
    EmData,  // the core's words on offer
    EmSec    // a secret packet's words to the sink
  } em_e;

  // The dispatch, registered (see the header).
  logic        dp_valid_q, dp_ordered_q, dp_stale_q, dp_secret_q;
  mccp_fabric_pkg::secret_dest_t dp_dest_q;
  logic [4:0]  dp_slot_q;
  logic [3:0]  dp_core_q;
  logic [7:0]  dp_channel_q;
  logic [31:0] dp_seq_q, dp_start_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      dp_valid_q   <= 1'b0;
      dp_ordered_q <= 1'b0;
      dp_stale_q   <= 1'b0;
      dp_secret_q  <= 1'b0;
      dp_dest_q    <= '0;
      dp_slot_q    <= '0;
      dp_core_q    <= '0;
      dp_channel_q <= '0;
      dp_seq_q     <= '0;
      dp_start_q   <= '0;
    end else begin
      dp_valid_q <= disp_valid_i;
      if (disp_valid_i) begin
        dp_ordered_q <= disp_ordered_i;
        dp_stale_q   <= disp_stale_i;
        dp_secret_q  <= disp_secret_i;
        dp_dest_q    <= disp_dest_i;
        dp_slot_q    <= disp_key_slot_i;
        dp_core_q    <= disp_core_i;
        dp_channel_q <= disp_channel_i;
        dp_seq_q     <= disp_seq_i;
        dp_start_q   <= disp_start_cycle_i;
      end
    end
  end

  // The parser's in_done event, registered (see the header).
  logic       dn_valid_q, dn_len_err_q;
  logic [3:0] dn_core_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      dn_valid_q   <= 1'b0;
      dn_len_err_q <= 1'b0;
      dn_core_q    <= '0;
    end else begin
      dn_valid_q <= in_done_valid_i;
      if (in_done_valid_i) begin
        dn_len_err_q <= in_done_len_err_i;
        dn_core_q    <= in_done_core_i;
      end
    end
  end

  // The key store's invalidation, registered (see the header).
  logic       iv_valid_q, iv_all_q;
  logic [4:0] iv_slot_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      iv_valid_q <= 1'b0;
      iv_all_q   <= 1'b0;
      iv_slot_q  <= '0;
    end else begin
      iv_valid_q <= ks_inv_valid_i;
      iv_all_q   <= ks_inv_all_i;
      iv_slot_q  <= ks_inv_slot_i;
    end
  end

  // unused upper channel bits: records only come from channels < Channels
  logic unused_chan;
  assign unused_chan = ^dp_channel_q;

  /////////////
  // Records //
  /////////////

  // (Two slots per core as a ring, not a primitive FIFO: a record is updated
  // in place -- result, order link, old mark -- while it waits.)
  logic [NS-1:0]            vld_q, ord_q, tail_q, wait_q, res_q, old_q;
  logic [NS-1:0]            sec_q, sok_q;   // secret output; its result fits the destination
  logic [NS-1:0]            iv_hit;         // the registered invalidation meets the record's slot
  logic [NS-1:0][5:0]       sneed_q;        // bytes the destination takes
  logic [NS-1:0][4:0]       kslot_q;
  logic [NS-1:0][ChanW-1:0] chan_q;
  logic [NS-1:0][SlotW-1:0] pred_q;
  logic [NS-1:0][7:0]       status_q;
  logic [NS-1:0][15:0]      bytes_q;

  logic [NumCores-1:0]      hd_q, drop_q;
  logic [NumCores-1:0][1:0] cnt_q;

  // per-core in_done FIFO: its head's len_err bit and its count
  logic [NumCores-1:0]      dl_head;
  logic [NumCores-1:0][2:0] dc_q;

  // emission
  em_e          em_q;
  logic [127:0] hdr_q;
  logic         only_q, herr_q, cur_err_q, cur_sec_q;
  logic [3:0]   cur_q;

  // arbitration results (combinational)
  logic          grant, grant_err;
  logic [((NR > 1) ? $clog2(NR) : 1)-1:0] gidx;
  logic [NR-1:0] req, gsel;   // gsel: the grant, one-hot (if any)
  logic [NumCores-1:0] req_q;
  logic          finish;
  logic [NS-1:0] free_vec, alloc_vec;   // alloc_vec: the slot a dispatch fills (one-hot)

  // dispatch: the channel's current tail, if any, becomes the predecessor
  logic [NS-1:0] tmatch, tlive;
  logic          link;
  logic [SlotW-1:0] pred_enc;

  for (genvar s = 0; s < NS; s++) begin : g_tail
    assign tmatch[s] = vld_q[s] && ord_q[s] && tail_q[s] &&
                       (chan_q[s] == dp_channel_q[ChanW-1:0]);
  end
  assign tlive = tmatch & ~free_vec;  // a tail chosen in this cycle no longer blocks
  assign link  = dp_valid_q && dp_ordered_q && (tlive != '0);
  // at most one tail per channel: an OR of the matching slot numbers
  logic [NS:0][SlotW-1:0] pe_chain;
  assign pe_chain[0] = '0;
  for (genvar s = 0; s < NS; s++) begin : g_pred
    assign pe_chain[s+1] = pe_chain[s] | (tlive[s] ? SlotW'(s) : '0);
  end
  assign pred_enc = pe_chain[NS];

  // per-core views of the head record
  logic [NumCores-1:0]      h_ready, h_only, h_len, h_drop, emit, h_sec, h_sbad;
  logic [NumCores-1:0][7:0] h_fstat;
  logic [NumCores-1:0]      alloc_c, done_push, res_fire;
  logic [NumCores-1:0]      res_to_head;

  for (genvar c = 0; c < NumCores; c++) begin : g_core
    logic       free_c;      // the core's head record is chosen now
    logic       hk;          // head slot within the core
    logic [SlotW-1:0] hs, os;  // head slot, other slot
    assign hk = hd_q[c];
    assign hs = SlotW'(2 * c) + SlotW'(hk);
    assign os = SlotW'(2 * c) + SlotW'(!hk);

    assign free_c       = grant && gsel[c];
    assign alloc_c[c]   = dp_valid_q && (dp_core_q == 4'(c));
    assign done_push[c] = dn_valid_q && (dn_core_q == 4'(c));

    // results: into the head-most record without one
    logic rt_h, rt_o;
    assign rt_h               = vld_q[hs] && !res_q[hs];
    assign rt_o               = vld_q[os] && !res_q[os];
    assign core_res_ready_o[c] = rt_h || rt_o;
    assign res_fire[c]         = core_res_valid_i[c] && core_res_ready_o[c];
    assign res_to_head[c]      = rt_h;

    assign h_len[c]   = dl_head[c];
    assign h_sec[c]   = sec_q[hs];
    // a secret output that does not fit, or of a replaced key, is not committed
    assign h_sbad[c]  = sec_q[hs] && (status_q[hs] == StOk) && (!sok_q[hs] || old_q[hs] || iv_hit[hs]);
    assign h_fstat[c] = h_len[c] ? StLength : h_sbad[c] ? StBadSecret : status_q[hs];
    assign h_only[c]  = (h_fstat[c] != StOk) || (bytes_q[hs] == '0);
    // the core's OK words are dropped when len_err (or a bad secret) changes the status
    assign h_drop[c]  = (h_len[c] || h_sbad[c]) && (status_q[hs] == StOk) && (bytes_q[hs] != '0);
    assign h_ready[c] = vld_q[hs] && res_q[hs] && (dc_q[c] != '0) && !wait_q[hs] && !drop_q[c];
    // first word visible (in the cycle the core's previous packet takes its
    // last word, out_valid is that word's: the next packet of the same core
    // goes on at once and its words follow one per cycle)
    assign emit[c]    = h_ready[c] && (h_only[c] || core_out_valid_i[c]);
    // a secret packet waits while the sink still holds the previous one
    assign req[c]     = req_q[c] && !(h_sec[c] && sec_busy_i);

    // rec_space_o: room in the next cycle (the scheduler registers it for
    // its pick), counting the record still in the dispatch register and the
    // one chosen now; a dispatch now is not counted: the scheduler picks no
    // core in the cycle after one.  rec_empty_o counts the dispatch register
    // too.
    assign rec_space_o[c] = (cnt_q[c] + 2'(alloc_c[c]) - 2'(free_c)) != 2'd2;
    assign rec_empty_o[c] = (cnt_q[c] == '0) && !alloc_c[c] && !drop_q[c] &&
                            !((em_q != EmIdle) && !cur_err_q && (cur_q == 4'(c)));


    // the in_done events of the core: the k-th belongs to the k-th record
    mccp_prim_fifo_flop #(
      .Width    (1),
      .Depth    (4),
      .ResetMem (1'b1)
    ) u_done_fifo (
      .clk_i,
      .rst_ni,
      .clr_i   (1'b0),
      .push_i  (done_push[c]),
      .wdata_i (dn_len_err_q),
      .pop_i   (free_c),
      .rdata_o (dl_head[c]),
      .count_o (dc_q[c])
    );

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        req_q[c]  <= 1'b0;
        hd_q[c]   <= 1'b0;
        cnt_q[c]  <= '0;
        drop_q[c] <= 1'b0;
      end else begin
        req_q[c] <= emit[c] && !free_c;   // the granted head is gone
        if (free_c) hd_q[c] <= !hd_q[c];
        cnt_q[c] <= cnt_q[c] + 2'(alloc_c[c]) - 2'(free_c);
        if (free_c && h_drop[c]) begin
          drop_q[c] <= 1'b1;
        end else if (core_out_valid_i[c] && core_out_last_i[c]) begin
          drop_q[c] <= 1'b0;
        end
      end
    end
  end

  for (genvar s = 0; s < NS; s++) begin : g_slot
    localparam int C = s / 2;
    localparam int K = s % 2;
    logic alloc_s, res_s;
    // a new record goes behind the head (or to the head slot when empty)
    assign alloc_s = alloc_c[C] && (1'(K) == (hd_q[C] ^ (cnt_q[C] != '0)));
    assign alloc_vec[s] = alloc_s;
    assign res_s   = res_fire[C] && ((1'(K) == hd_q[C]) == res_to_head[C]);

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        vld_q[s]    <= 1'b0;
        ord_q[s]    <= 1'b0;
        tail_q[s]   <= 1'b0;
        wait_q[s]   <= 1'b0;
        res_q[s]    <= 1'b0;
        old_q[s]    <= 1'b0;
        sec_q[s]    <= 1'b0;
        sok_q[s]    <= 1'b0;
        sneed_q[s]  <= '0;
        kslot_q[s]  <= '0;
        chan_q[s]   <= '0;
        pred_q[s]   <= '0;
        status_q[s] <= '0;
        bytes_q[s]  <= '0;
      end else if (alloc_s) begin
        vld_q[s]   <= 1'b1;
        ord_q[s]   <= dp_ordered_q;
        tail_q[s]  <= dp_ordered_q;
        wait_q[s]  <= link;
        pred_q[s]  <= pred_enc;
        res_q[s]   <= 1'b0;
        old_q[s]   <= dp_stale_q || (iv_valid_q && (iv_all_q || iv_slot_q == dp_slot_q));
        kslot_q[s] <= dp_slot_q;
        chan_q[s]  <= dp_channel_q[ChanW-1:0];
        sec_q[s]   <= dp_secret_q;
        sneed_q[s] <= dp_dest_q.need;
      end else begin
        if (iv_hit[s]) old_q[s] <= 1'b1;
        if (free_vec[s]) begin
          vld_q[s]  <= 1'b0;
          tail_q[s] <= 1'b0;
          wait_q[s] <= 1'b0;
        end
        if (link && tlive[s]) tail_q[s] <= 1'b0;
        if (wait_q[s] && free_vec[pred_q[s]]) wait_q[s] <= 1'b0;
        if (res_s) begin
          res_q[s]    <= 1'b1;
          status_q[s] <= core_res_status_i[8*C +: 8];
          bytes_q[s]  <= core_res_bytes_i[16*C +: 16];
          // a secret output fills its destination in exactly the words it takes
          sok_q[s]    <= core_res_bytes_i[16*C +: 16] >= 16'(sneed_q[s]) &&
                         core_res_bytes_i[16*C +: 16] <= ((16'(sneed_q[s]) + 16'd15) & ~16'd15);
        end
      end
    end
  end

  //////////////////
  // Arbitration  //
  //////////////////

  assign req[NumCores] = err_valid_i;

  // round robin: the first requester after the last granted one (after
  // reset, as if the error records, the last requester, went last).  The
  // arbiter keeps the last grant as a mask, which keeps carry chains off the
  // 8-core tops' critical path (last grant -> pick -> head records -> header
  // register).
  mccp_prim_arb_rr #(
    .N (NR)
  ) u_arb (
    .clk_i,
    .rst_ni,
    .req_i  (req),
    .take_i (grant),
    .gnt_o  (gsel),
    .idx_o  (gidx)
  );

  // word stream into the downsizer
  logic         w_valid, w_ready, w_last;
  logic [4:0]   w_bytes;
  logic [127:0] w_data, cur_data;
  logic [4:0]   cur_bytes;
  logic         cur_valid, cur_last;

  logic [NumCores:0]        cv_chain, cl_chain;
  logic [NumCores:0][127:0] cd_chain;
  logic [NumCores:0][4:0]   cb_chain;
  assign cv_chain[0] = 1'b0;
  assign cl_chain[0] = 1'b0;
  assign cd_chain[0] = '0;
  assign cb_chain[0] = '0;
  for (genvar c = 0; c < NumCores; c++) begin : g_cur
    logic sel;
    assign sel           = (cur_q == 4'(c));
    assign cv_chain[c+1] = cv_chain[c] | (sel & core_out_valid_i[c]);
    assign cl_chain[c+1] = cl_chain[c] | (sel & core_out_last_i[c]);
    assign cd_chain[c+1] = cd_chain[c] | (sel ? core_out_data_i[128*c +: 128] : 128'd0);
    assign cb_chain[c+1] = cb_chain[c] | (sel ? core_out_bytes_i[5*c +: 5] : 5'd0);
  end
  assign cur_valid = cv_chain[NumCores];
  assign cur_last  = cl_chain[NumCores];
  assign cur_data  = cd_chain[NumCores];
  assign cur_bytes = cb_chain[NumCores];

  // bytes beyond the word's count are zero
  logic [127:0] cur_masked;
  for (genvar b = 0; b < 16; b++) begin : g_mask
    assign cur_masked[127 - 8 * b -: 8] = (5'(b) < cur_bytes) ? cur_data[127 - 8 * b -: 8] : 8'h00;
  end

  // the word register (see the header); more_q (set at the grant, below):
  // words of the current packet still to take from its core
  logic         wr_valid_q, wr_last_q, more_q;
  logic [127:0] wr_data_q;
  logic [4:0]   wr_bytes_q;   // valid bytes: the core's count on a packet's last word, else 16
  logic         wr_take, wr_load;
  assign wr_take = ((em_q == EmData) && wr_valid_q && w_ready) || ((em_q == EmSec) && wr_valid_q);
  assign wr_load = more_q && (!wr_valid_q || wr_take);
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wr_valid_q <= 1'b0;
      wr_last_q  <= 1'b0;
    end else if (wr_load && cur_valid) begin
      wr_valid_q <= 1'b1;
      wr_last_q  <= cur_last;
    end else if (wr_take) begin
      wr_valid_q <= 1'b0;
    end
  end
  // The word itself needs no reset: it is read only while wr_valid_q is set.
  always_ff @(posedge clk_i) begin
    if (wr_load && cur_valid) begin
      wr_data_q  <= cur_masked;
      // earlier words keep their zero padding (each field starts on a new word)
      wr_bytes_q <= cur_last ? cur_bytes : 5'd16;
    end
  end

  always_comb begin
    w_valid = 1'b0;
    w_last  = 1'b0;
    w_data  = hdr_q;
    w_bytes = 5'd16;
    if (em_q == EmHdr) begin
      w_valid = 1'b1;
      w_last  = only_q;
    end else if (em_q == EmData) begin
      w_valid = wr_valid_q;
      w_last  = wr_last_q;
      w_data  = wr_data_q;
      w_bytes = wr_bytes_q;
    end
  end

  // a secret packet's header carries TLAST, but the packet ends with its last word to the sink
  assign finish     = (w_valid && w_ready && w_last && !((em_q == EmHdr) && cur_sec_q)) ||
                      ((em_q == EmSec) && wr_valid_q && wr_last_q);
  assign grant      = ((em_q == EmIdle) || finish) && (req != '0);
  assign grant_err  = grant && gsel[NumCores];
  assign err_ready_o = grant_err;

  for (genvar c = 0; c < NumCores; c++) begin : g_out_ready
    assign core_out_ready_o[c] = drop_q[c] || (wr_load && (cur_q == 4'(c)));
  end

  // the freed slot: the granted core's head (one-hot sel_vec; the record
  // fields below are AND-OR multiplexers over it)
  logic [NS-1:0] sel_vec;
  for (genvar s = 0; s < NS; s++) begin : g_sel
    assign sel_vec[s]  = gsel[s / 2] && (hd_q[s / 2] == 1'(s % 2));
    assign free_vec[s] = grant && sel_vec[s];
  end
  logic [NS:0][ChanW-1:0] fch_chain;
  logic [NS:0][15:0]      fol_chain;
  logic                   g_old;        // the granted record is old (or turns old now)
  logic [NS:0][4:0]       fks_chain;
  assign fch_chain[0] = '0;
  assign fol_chain[0] = '0;
  assign fks_chain[0] = '0;
  for (genvar s = 0; s < NS; s++) begin : g_iv_hit
    assign iv_hit[s]      = iv_valid_q && (iv_all_q || iv_slot_q == kslot_q[s]);
    assign fks_chain[s+1] = fks_chain[s] | (sel_vec[s] ? kslot_q[s] : 5'd0);
  end
  assign g_old = (sel_vec & vld_q & (old_q | iv_hit)) != '0;
  for (genvar s = 0; s < NS; s++) begin : g_free
    assign fch_chain[s+1] = fch_chain[s] | (sel_vec[s] ? chan_q[s] : '0);
    assign fol_chain[s+1] = fol_chain[s] | (sel_vec[s] ? bytes_q[s] : '0);
  end

  // Sequence number and start cycle of each record: written once at dispatch,
  // read once, when the record's packet is chosen, so they live in
  // distributed RAM (one write port: one dispatch per cycle) read at the freed
  // slot, instead of 64 flip-flops per slot behind a 2 x NumCores-way
  // multiplexer (at 8 cores and 128 bits: 3,018 LUT4 and 16 DPR16X4 against
  // 4,204 LUT4, 1,024 flip-flops fewer).  A record is never chosen in the
  // cycle it is written (it is not valid before), so no write-through.
  logic [NS:0][SlotW-1:0] fs_chain, as_chain;   // slot numbers of sel_vec / alloc_vec
  logic [64+DestW-1:0]    rec_mem [NS];
  logic [64+DestW-1:0]    free_ss;    // {seq, start cycle, secret destination} of the freed slot
  assign fs_chain[0] = '0;
  assign as_chain[0] = '0;
  for (genvar s = 0; s < NS; s++) begin : g_slot_nr
    assign fs_chain[s+1] = fs_chain[s] | (sel_vec[s] ? SlotW'(s) : '0);
    assign as_chain[s+1] = as_chain[s] | (alloc_vec[s] ? SlotW'(s) : '0);
  end
  always_ff @(posedge clk_i) begin
    if (dp_valid_q) begin
      rec_mem[as_chain[NS]] <= {dp_seq_q, dp_start_q, dp_dest_q};
    end
  end
  assign free_ss = rec_mem[fs_chain[NS]];

  // header of the granted packet
  logic [127:0] g_hdr;
  logic         g_only, g_err;
  logic [7:0]   g_st, g_co;
  logic [15:0]  g_ch, g_ol;
  logic [31:0]  g_sq, g_sc;
  logic [NumCores:0]      gc_sel;   // a core was granted (chain)
  logic [NumCores:0][7:0] st_chain;
  logic [NumCores:0]      on_chain, sc_chain;
  logic                   g_sec;
  assign gc_sel[0]   = 1'b0;
  assign st_chain[0] = '0;
  assign on_chain[0] = 1'b0;
  assign sc_chain[0] = 1'b0;
  for (genvar c = 0; c < NumCores; c++) begin : g_gsel
    logic sel;
    assign sel           = gsel[c];
    assign gc_sel[c+1]   = gc_sel[c] | sel;
    assign st_chain[c+1] = st_chain[c] | (sel ? h_fstat[c] : 8'd0);
    assign on_chain[c+1] = on_chain[c] | (sel & h_only[c]);
    assign sc_chain[c+1] = sc_chain[c] | (sel & h_sec[c]);
  end
  // the record fields come from the freed slot (the granted core's head)
  assign g_st   = gc_sel[NumCores] ? st_chain[NumCores] : err_status_i;
  assign g_ch   = gc_sel[NumCores] ? 16'(fch_chain[NS]) : err_channel_i;
  assign g_sq   = gc_sel[NumCores] ? free_ss[DestW+32 +: 32] : err_seq_i;
  // a secret packet OK: its words go to the sink, its header says none
  assign g_sec  = gc_sel[NumCores] && sc_chain[NumCores] && st_chain[NumCores] == StOk;
  assign g_ol   = (gc_sel[NumCores] && st_chain[NumCores] == StOk && !sc_chain[NumCores]) ? fol_chain[NS] : '0;
  assign g_co   = gc_sel[NumCores] ? 8'(gidx) : 8'hFF;
  assign g_sc   = gc_sel[NumCores] ? free_ss[DestW +: 32] : '0;
  assign g_only = gc_sel[NumCores] ? on_chain[NumCores] : 1'b1;
  assign g_err  = (g_st != StOk);
  always_comb begin
    g_hdr = '0;
    g_hdr[mccp_regs_pkg::HDR_OUT_MAGIC_MSB:mccp_regs_pkg::HDR_OUT_MAGIC_LSB]             = mccp_regs_pkg::HDR_OUT_MAGIC;
    g_hdr[mccp_regs_pkg::HDR_OUT_STATUS_MSB:mccp_regs_pkg::HDR_OUT_STATUS_LSB]           = g_st;
    g_hdr[mccp_regs_pkg::HDR_OUT_CHANNEL_MSB:mccp_regs_pkg::HDR_OUT_CHANNEL_LSB]         = g_ch;
    g_hdr[mccp_regs_pkg::HDR_OUT_SEQ_MSB:mccp_regs_pkg::HDR_OUT_SEQ_LSB]                 = g_sq;
    g_hdr[mccp_regs_pkg::HDR_OUT_OUT_LEN_MSB:mccp_regs_pkg::HDR_OUT_OUT_LEN_LSB]         = g_ol;
    g_hdr[mccp_regs_pkg::HDR_OUT_CORE_MSB:mccp_regs_pkg::HDR_OUT_CORE_LSB]               = g_co;
    g_hdr[mccp_regs_pkg::HDR_OUT_START_CYCLE_MSB:mccp_regs_pkg::HDR_OUT_START_CYCLE_LSB] = g_sc;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      em_q      <= EmIdle;
      hdr_q     <= '0;
      only_q    <= 1'b0;
      herr_q    <= 1'b0;
      cur_err_q <= 1'b0;
      cur_sec_q <= 1'b0;
      cur_q     <= '0;
      more_q    <= 1'b0;
    end else begin
      if (grant) begin
        em_q      <= EmHdr;
        hdr_q     <= g_hdr;
        only_q    <= g_only || g_sec;   // TLAST on the header
        cur_sec_q <= g_sec;
        herr_q    <= g_err;
        cur_err_q <= grant_err;
        cur_q     <= grant_err ? '0 : 4'(gidx);
      end else if (finish) begin
        em_q <= EmIdle;
      end else if ((em_q == EmHdr) && w_ready) begin
        em_q <= cur_sec_q ? EmSec : EmData;   // header taken, words follow (a header-only one finishes)
      end
      if (grant) begin
        more_q <= !g_only;   // a header-only packet takes no word
      end else if (wr_load && cur_valid && cur_last) begin
        more_q <= 1'b0;      // its last word has left the core
      end
    end
  end

  /////////////////
  // Downsizer   //
  /////////////////

  logic m_tvalid, m_tlast, m_terr, pkt_out_q, pkt_err_q;

  mccp_prim_width_down #(
    .StreamBits(StreamBits)
  ) u_width_down (
    .clk_i,
    .rst_ni,
    .word_valid_i (w_valid),
    .word_ready_o (w_ready),
    .word_data_i  (w_data),
    .word_bytes_i (w_bytes),
    .word_last_i  (w_last),
    .word_err_i   (herr_q),
    .m_tvalid_o   (m_tvalid),
    .m_tready_i   (m_axis_tready_i),
    .m_tdata_o    (m_axis_tdata_o),
    .m_tkeep_o    (m_axis_tkeep_o),
    .m_tlast_o    (m_tlast),
    .m_terr_o     (m_terr)
  );

  assign sec_start_o      = grant && g_sec;
  assign sec_dest_o       = free_ss[DestW-1:0];
  assign sec_word_valid_o = (em_q == EmSec) && wr_valid_q;
  assign sec_word_o       = wr_data_q;
  assign sec_word_last_o  = wr_last_q;

  assign m_axis_tvalid_o = m_tvalid;
  assign m_axis_tlast_o  = m_tlast;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      pkt_out_q <= 1'b0;
      pkt_err_q <= 1'b0;
    end else begin
      pkt_out_q <= m_tvalid && m_axis_tready_i && m_tlast;
      pkt_err_q <= m_tvalid && m_axis_tready_i && m_tlast && m_terr;
    end
  end

  assign pkt_out_o = pkt_out_q;
  assign pkt_err_o = pkt_err_q;

  // The packets granted and not yet past their TLAST beat, oldest first: a
  // core's packet (okey: it has a key slot), its slot and its old flag.  A
  // shift queue of its own, not mccp_prim_fifo_flop: an invalidation marks
  // every held entry in place.
  logic [3:0]      oold_q, oold_d, okey_q, okey_d;
  logic [3:0][4:0] oslot_q, oslot_d;
  logic [2:0]      ocnt_q, ocnt_d;
  always_comb begin
    oold_d  = oold_q;
    okey_d  = okey_q;
    oslot_d = oslot_q;
    ocnt_d  = ocnt_q;
    for (int i = 0; i < 4; i++) begin
      if (iv_valid_q && okey_q[i] && (iv_all_q || iv_slot_q == oslot_q[i])) oold_d[i] = 1'b1;
    end
    if (m_tvalid && m_axis_tready_i && m_tlast) begin
      oold_d  = oold_d >> 1;
      okey_d  = okey_d >> 1;
      oslot_d = {5'd0, oslot_d[3:1]};
      ocnt_d  = ocnt_d - 3'd1;
    end
    if (grant) begin
      oold_d[ocnt_d[1:0]]  = g_old && !grant_err;
      okey_d[ocnt_d[1:0]]  = !grant_err;
      oslot_d[ocnt_d[1:0]] = fks_chain[NS];
      ocnt_d               = ocnt_d + 3'd1;
    end
  end
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      oold_q  <= '0;
      okey_q  <= '0;
      oslot_q <= '0;
      ocnt_q  <= '0;
    end else begin
      oold_q  <= oold_d;
      okey_q  <= okey_d;
      oslot_q <= oslot_d;
      ocnt_q  <= ocnt_d;
    end
  end
  assign retiring_o = ((vld_q & old_q) != '0) || (oold_q != '0) || iv_valid_q || ks_inv_valid_i ||
                      (dp_valid_q && dp_stale_q);

endmodule
