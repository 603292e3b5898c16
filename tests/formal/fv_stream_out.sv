// Formal harness: mccp_stream_out (NumCores 2, StreamBits 128, Channels 2) and
// the mccp_secret_sink its secret words go to.
// Properties 4 (no data after a status other than OK), 5 (every accepted
// packet leaves once, within K cycles) and 6 (a secret task's packet is its
// header alone: no word of a secret output reaches the stream); docs/formal.md.  The scheduler, parser
// and cores are modelled by assumptions on the free inputs and a small model of
// each core's output buffer.  With FV_TREADY the output is never stalled
// (needed for the latency bound of property 5).
module fv_stream_out (
  input  logic           clk_i,
  // cores
  input  logic [255:0]   core_out_data_i,
  input  logic [9:0]     core_out_bytes_i,
  input  logic [1:0]     core_res_valid_i,
  input  logic [15:0]    core_res_status_i,
  input  logic [31:0]    core_res_bytes_i,
  input  logic [1:0]     res_words_i,       // words of an OK result with bytes: 1 or 2
  // scheduler
  input  logic           disp_valid_i,
  input  logic [3:0]     disp_core_i,
  input  logic [7:0]     disp_channel_i,
  input  logic [31:0]    disp_seq_i,
  input  logic           disp_ordered_i,
  input  logic [31:0]    disp_start_cycle_i,
  input  logic [4:0]     disp_key_slot_i,
  input  logic           disp_stale_i,
  input  logic           disp_secret_i,
  input  mccp_fabric_pkg::secret_dest_t disp_dest_i,
  input  logic           sc_ready_i,        // the key store takes the sink's commit
  input  logic           ks_inv_valid_i,
  input  logic [4:0]     ks_inv_slot_i,
  input  logic           ks_inv_all_i,
  // parser
  input  logic           in_done_valid_i,
  input  logic [3:0]     in_done_core_i,
  input  logic           in_done_len_err_i,
  input  logic           err_valid_i,
  input  logic [7:0]     err_status_i,
  input  logic [15:0]    err_channel_i,
  input  logic [31:0]    err_seq_i,
  // AXI4-Stream sink
  input  logic           m_axis_tready_i
);
  localparam int NumCores = 2;
  // per core: tasks dispatched and not yet out: 2 records (the dispatch register
  // included) + 3 granted with the header not yet on the wire (the header register,
  // the downsizer's two words)
  localparam int MaxOut = 5;
`ifndef FV_K
  `define FV_K 10
`endif
  localparam int K = `FV_K;   // latency bound of property 5 (docs/formal.md)

  logic init = 1'b1;
  always_ff @(posedge clk_i) init <= 1'b0;
  logic rst_ni;
  assign rst_ni = !init;

  // ---- core output buffers (model): the words of each OK result with bytes ----
  logic [2:0] wcnt_q [NumCores];          // words held
  logic [7:0] wlast_q [NumCores];         // their last flags, head in bit 0
  logic [NumCores-1:0] out_valid, out_last, out_ready, res_ready, rec_space, rec_empty;
  for (genvar c = 0; c < NumCores; c++) begin : g_buf
    assign out_valid[c] = wcnt_q[c] != '0;
    assign out_last[c]  = wlast_q[c][0];
  end

  logic          tvalid, tlast, err_ready, pkt_out, pkt_err, retiring;
  logic [127:0]  tdata;
  logic          sec_start, sec_valid, sec_last, sink_busy, sc_valid;
  logic [127:0]  sec_word;
  mccp_fabric_pkg::secret_dest_t sec_dest;

  mccp_stream_out #(.NumCores(NumCores), .StreamBits(128), .Channels(2)) u_so (
    .clk_i, .rst_ni,
    .core_out_valid_i  (out_valid),
    .core_out_ready_o  (out_ready),
    .core_out_data_i,
    .core_out_bytes_i,
    .core_out_last_i   (out_last),
    .core_res_valid_i,
    .core_res_ready_o  (res_ready),
    .core_res_status_i,
    .core_res_bytes_i,
    .disp_valid_i, .disp_core_i, .disp_channel_i, .disp_seq_i, .disp_ordered_i,
    .disp_start_cycle_i, .disp_key_slot_i, .disp_stale_i,
    .disp_secret_i, .disp_dest_i,
    .sec_start_o       (sec_start),
    .sec_dest_o        (sec_dest),
    .sec_word_valid_o  (sec_valid),
    .sec_word_o        (sec_word),
    .sec_word_last_o   (sec_last),
    .sec_busy_i        (sink_busy),
    .ks_inv_valid_i, .ks_inv_slot_i, .ks_inv_all_i,
    .in_done_valid_i, .in_done_core_i, .in_done_len_err_i,
    .err_valid_i,
    .err_ready_o       (err_ready),
    .err_status_i, .err_channel_i, .err_seq_i,
    .m_axis_tvalid_o   (tvalid),
    .m_axis_tready_i,
    .m_axis_tdata_o    (tdata),
    .m_axis_tlast_o    (tlast),
    .rec_space_o       (rec_space),
    .rec_empty_o       (rec_empty),
    .pkt_out_o         (pkt_out),
    .pkt_err_o         (pkt_err),
    .retiring_o        (retiring)
  );

  // the key store's side of the sink: its commit port (sc_ready_i); no invalidation
  /* verilator lint_off PINCONNECTEMPTY */
  mccp_secret_sink u_sink (
    .clk_i, .rst_ni,
    .start_i         (sec_start),
    .dest_i          (sec_dest),
    .word_valid_i    (sec_valid),
    .word_i          (sec_word),
    .word_last_i     (sec_last),
    .busy_o          (sink_busy),
    .inv_valid_i     (1'b0),
    .inv_all_i       (1'b0),
    .inv_slot_i      ('0),
    .sc_valid_o      (sc_valid),
    .sc_ready_i,
    .sc_slot_o       (),
    .sc_data_o       (),
    .sc_len_o        (),
    .sc_curve_o      (),
    .sc_restricted_o ()
  );
  /* verilator lint_on PINCONNECTEMPTY */

  // ---- ghost counts per core (since reset) ----
  logic [3:0] n_disp_q [NumCores], n_res_q [NumCores], n_done_q [NumCores], n_out_q [NumCores];
  logic [3:0] n_err_in_q = '0, n_err_out_q = '0;
  logic       ord_q [NumCores][8];         // ordered flag of each task, by dispatch number
  logic       sec_q [NumCores][8];         // secret output of each task, by dispatch number
  logic       first_q = 1'b1;              // the next beat starts a packet
  logic       hs, hdr;
  logic [7:0] h_status, h_core;
  logic [15:0] h_len;
  assign hs       = tvalid && m_axis_tready_i;
  assign hdr      = hs && first_q;
  assign h_status = tdata[mccp_regs_pkg::HDR_OUT_STATUS_MSB:mccp_regs_pkg::HDR_OUT_STATUS_LSB];
  assign h_len    = tdata[mccp_regs_pkg::HDR_OUT_OUT_LEN_MSB:mccp_regs_pkg::HDR_OUT_OUT_LEN_LSB];
  assign h_core   = tdata[mccp_regs_pkg::HDR_OUT_CORE_MSB:mccp_regs_pkg::HDR_OUT_CORE_LSB];

  logic [NumCores-1:0] disp_c, res_c, done_c, out_c, running;
  logic                err_fire;
  for (genvar c = 0; c < NumCores; c++) begin : g_ev
    assign disp_c[c]  = disp_valid_i && disp_core_i == 4'(c);
    assign res_c[c]   = core_res_valid_i[c] && res_ready[c];
    assign done_c[c]  = in_done_valid_i && in_done_core_i == 4'(c);
    assign out_c[c]   = hdr && h_core == 8'(c);
    assign running[c] = n_res_q[c] != n_disp_q[c];   // a task runs on the core
  end
  assign err_fire = err_valid_i && err_ready;

  always_ff @(posedge clk_i) begin
    if (init) begin
      for (int c = 0; c < NumCores; c++) begin
        n_disp_q[c] <= '0;
        n_res_q[c]  <= '0;
        n_done_q[c] <= '0;
        n_out_q[c]  <= '0;
        wcnt_q[c]   <= '0;
        wlast_q[c]  <= '0;
      end
      n_err_in_q  <= '0;
      n_err_out_q <= '0;
      first_q     <= 1'b1;
    end else begin
      for (int c = 0; c < NumCores; c++) begin
        if (disp_c[c]) begin
          n_disp_q[c] <= n_disp_q[c] + 1'b1;
          ord_q[c][n_disp_q[c][2:0]] <= disp_ordered_i;
          sec_q[c][n_disp_q[c][2:0]] <= disp_secret_i;
        end
        if (res_c[c]) n_res_q[c] <= n_res_q[c] + 1'b1;
        if (done_c[c]) n_done_q[c] <= n_done_q[c] + 1'b1;
        if (out_c[c]) n_out_q[c] <= n_out_q[c] + 1'b1;
        // the buffer: pop the head word, push the words of an OK result with bytes
        begin
          logic [2:0] n;
          logic [7:0] l;
          n = wcnt_q[c];
          l = wlast_q[c];
          if (out_valid[c] && out_ready[c]) begin
            n = n - 1'b1;
            l = l >> 1;
          end
          if (res_c[c] && core_res_status_i[8*c +: 8] == 8'd0 && core_res_bytes_i[16*c +: 16] != '0) begin
            if (res_words_i == 2'd1) l[n] = 1'b1;
            else l[n + 3'd1] = 1'b1;
            n = n + 3'(res_words_i);
          end
          wcnt_q[c]  <= n;
          wlast_q[c] <= l;
        end
      end
      if (err_fire) n_err_in_q <= n_err_in_q + 1'b1;
      if (hdr && h_core == 8'hFF) n_err_out_q <= n_err_out_q + 1'b1;
      if (hs) first_q <= tlast;
    end
  end

  // ---- environment (assumptions) ----
  logic [NumCores-1:0] rec_space_q = '0;   // rec_space_o one cycle earlier
  always_ff @(posedge clk_i) rec_space_q <= rec_space;
  always_ff @(posedge clk_i) begin
    if (!init) begin
      // scheduler: one dispatch at a time, to a core < NumCores with no task
      // running and room for a record as rec_space_o said in the cycle before;
      // no dispatch in the cycle after one (the scheduler picks first)
      if (disp_valid_i) begin
        assume (disp_core_i < 4'(NumCores));
        assume (!running[disp_core_i[0]]);
        assume (!$past(init) && rec_space_q[disp_core_i[0]] && !$past(disp_valid_i));
      end
      // cores: a result only for a task running since an earlier cycle, held
      // unchanged until taken; an OK result with bytes has 1 or 2 words
      for (int c = 0; c < NumCores; c++) begin
        if (core_res_valid_i[c]) assume (running[c] && !$past(disp_c[c]));
        if (!$past(init) && $past(core_res_valid_i[c] && !res_ready[c])) begin
          assume (core_res_valid_i[c]);
          assume (core_res_status_i[8*c +: 8] == $past(core_res_status_i[8*c +: 8]));
          assume (core_res_bytes_i[16*c +: 16] == $past(core_res_bytes_i[16*c +: 16]));
        end
      end
      assume (res_words_i == 2'd1 || res_words_i == 2'd2);
      // parser: one in_done per packet granted to a core (at most one ahead of
      // the output stage seeing the dispatch); error records held until taken
      if (in_done_valid_i) begin
        assume (in_done_core_i < 4'(NumCores));
        assume (n_done_q[in_done_core_i[0]] != n_disp_q[in_done_core_i[0]] + 4'd1);
      end
      if (!$past(init) && $past(err_valid_i && !err_ready)) begin
        assume (err_valid_i);
        assume (err_status_i == $past(err_status_i) && err_channel_i == $past(err_channel_i) &&
                err_seq_i == $past(err_seq_i));
      end
      // a secret destination takes 16..48 bytes (mccp_stream_in sets it so)
      if (disp_valid_i && disp_secret_i) assume (disp_dest_i.need >= 6'd16 && disp_dest_i.need <= 6'd48);
`ifdef FV_TREADY
      assume (m_axis_tready_i);
      assume (sc_ready_i);
`endif
    end
  end

  // ---- property 4: no data after a status other than OK ----
  always_ff @(posedge clk_i) begin
    if (!init) begin
      if (hdr && h_status != 8'd0) begin
        p4_err_header_only: assert (tlast);
        p4_err_len_zero: assert (h_len == 16'd0);
      end
      p4_magic: assert (!hdr || tdata[127:120] == mccp_regs_pkg::HDR_OUT_MAGIC);
      // AXI4-Stream: tdata / tlast hold while tvalid && !tready
      if (!$past(init) && $past(tvalid && !m_axis_tready_i)) begin
        p4_axis_hold: assert (tvalid && tdata == $past(tdata) && tlast == $past(tlast));
      end
    end
  end

  // ---- property 6: a secret task's packet is its header alone ----
  logic [NumCores-1:0] out_sec;
  for (genvar c = 0; c < NumCores; c++) begin : g_out_sec
    assign out_sec[c] = out_c[c] && sec_q[c][n_out_q[c][2:0]];
  end
  always_ff @(posedge clk_i) begin
    if (!init) begin
      if (out_sec != '0) begin
        p6_secret_header_only: assert (tlast);
        p6_secret_len_zero: assert (h_len == 16'd0);
      end
      // words reach the sink only as a secret packet's (after its grant, one at a time)
      if (sec_valid) p6_sink_taking: assert (sink_busy);
    end
  end

  // ---- property 5: every accepted packet leaves once, within K cycles ----
  logic [4:0] wait_q [NumCores];
  logic [4:0] ewait_q = '0;
  logic [NumCores-1:0] head_done;
  for (genvar c = 0; c < NumCores; c++) begin : g_head
    // the core's oldest task not yet out has its result and in_done, and is
    // unordered (an ordered one also waits for its channel predecessor)
    assign head_done[c] = n_disp_q[c] != n_out_q[c] && n_res_q[c] != n_out_q[c] &&
                          n_done_q[c] != n_out_q[c] && !ord_q[c][n_out_q[c][2:0]];
  end
  always_ff @(posedge clk_i) begin
    for (int c = 0; c < NumCores; c++) begin
      if (init || out_c[c] || !head_done[c]) wait_q[c] <= '0;
      else if (wait_q[c] != 5'h1f) wait_q[c] <= wait_q[c] + 1'b1;
    end
    if (init || !err_valid_i || err_fire) ewait_q <= '0;
    else if (ewait_q != 5'h1f) ewait_q <= ewait_q + 1'b1;
  end
  // per core (labels cannot repeat in Yosys, so one line per core of the two)
  always_ff @(posedge clk_i) begin
    if (!init) begin
      // no packet of a core without a task dispatched to it and not yet out
      if (out_c[0]) p5_no_dup_0: assert (n_out_q[0] != n_disp_q[0]);
      if (out_c[1]) p5_no_dup_1: assert (n_out_q[1] != n_disp_q[1]);
      p5_ring: assert (4'(n_disp_q[0] - n_out_q[0]) <= 4'(MaxOut) && 4'(n_disp_q[1] - n_out_q[1]) <= 4'(MaxOut));
      p5_buffer_fits: assert (wcnt_q[0] <= 3'd6 && wcnt_q[1] <= 3'd6);
`ifdef FV_TREADY
      p5_latency_0: assert (wait_q[0] <= 5'(K));
      p5_latency_1: assert (wait_q[1] <= 5'(K));
`endif
    end
  end
  always_ff @(posedge clk_i) begin
    if (!init) begin
      if (hdr) p5_core_field: assert (h_core < 8'(NumCores) || h_core == 8'hFF);
      if (hdr && h_core == 8'hFF) p5_no_dup_err: assert (n_err_out_q != n_err_in_q);
`ifdef FV_TREADY
      p5_err_latency: assert (ewait_q <= 5'(K));
`endif
    end
  end

  // ---- reachability ----
  always_ff @(posedge clk_i) begin
    if (!init) begin
      c_err_status_hdr: cover (hdr && h_status != 8'd0 && h_core != 8'hFF);
      c_length_drop: cover (hdr && h_status == mccp_isa_pkg::STATUS_LENGTH && h_core == 8'd1);
      c_data_packet: cover (hs && !first_q && tlast && n_out_q[0] == 4'd2);
      c_slow_head: cover (wait_q[0] == 5'(K - 2) || wait_q[1] == 5'(K - 2));
      c_secret_out: cover (out_sec != '0 && h_status == 8'd0);
      c_secret_commit: cover (sc_valid && sc_ready_i);
      c_secret_bad: cover (out_sec != '0 && h_status == mccp_regs_pkg::STATUS_BAD_SECRET);
    end
  end

endmodule
