// Formal harness: mccp_key_store (KeySlots 4) + mccp_sched (NumCores 2).
// Properties 1 (key reads answered) and 2 (no task starts with a replaced key);
// docs/formal.md.  Every input of this module is free in every cycle (sby), the
// assumptions below keep them within their protocols.
module fv_keysched (
  input  logic        clk_i,
  // host: key staging and commands (KEY_DATA, KEY_CMD writes)
  input  logic        stage_we_i,
  input  logic [3:0]  stage_idx_i,
  input  logic [31:0] stage_data_i,
  input  logic        cmd_valid_i,
  input  logic [1:0]  cmd_op_i,
  input  logic [4:0]  cmd_slot_i,
  input  logic [2:0]  cmd_len_i,
  input  logic [2:0]  cmd_curve_i,
  // scheduler controls, parser request, output stage, cores, entry tables
  input  logic [31:0] cycle_i,
  input  logic        affinity_en_i,
  input  logic        split_en_i,
  input  logic [1:0]  enable_i,
  input  logic        req_valid_i,
  input  mccp_fabric_pkg::task_req_t req_i,
  input  logic [1:0]  rec_space_i,
  input  logic [1:0]  res_fire_i,
  input  logic [1:0]  core_key_ready_i,
  input  logic [1:0]  core_start_ready_i,
  input  logic        kx_fin_i,          // the expander's last round key (when running)
  input  logic        ent_we_i,
  input  logic [1:0]  ent_cores_i,
  input  logic [4:0]  ent_func_i,
  input  logic [9:0]  ent_addr_i,
  input  logic        ent_valid_i
);
  localparam int KeySlots = 4;
  localparam int NumCores = 2;

  // ---- reset: low in the first cycle only ----
  logic init = 1'b1;
  always_ff @(posedge clk_i) init <= 1'b0;
  logic rst_ni;
  assign rst_ni = !init;

  // ---- the design ----
  logic                cmd_err, ks_busy, inv_valid, inv_all, rd_req, rd_ack, rd_valid;
  logic [KeySlots-1:0] ks_valid;
  logic [4:0]          inv_slot, rd_slot;
  logic [287:0]        rd_key;
  logic [2:0]          rd_len;
  logic [2:0]          rd_curve;
  logic                rd_restricted, sc_ready_unused;

  mccp_key_store #(.KeySlots(KeySlots)) u_ks (
    .clk_i, .rst_ni,
    .stage_we_i, .stage_idx_i, .stage_data_i,
    .cmd_valid_i, .cmd_op_i, .cmd_slot_i, .cmd_len_i, .cmd_curve_i,
    .wipe_ec_i   (1'b0),     // the wipes: tests/fabric/test_key_store.py and the miter
    .wipe_aes_i  (1'b0),
    .sc_valid_i  (1'b0),     // secret commits: the miter; AES keys only here
    .sc_ready_o  (sc_ready_unused),
    .sc_slot_i   ('0),
    .sc_data_i   ('0),
    .sc_len_i    ('0),
    .sc_curve_i  ('0),
    .sc_restricted_i (1'b0),
    .rd_hold_i   (1'b0),
    .cmd_err_o   (cmd_err),
    .busy_o      (ks_busy),
    .valid_o     (ks_valid),
    .inv_valid_o (inv_valid),
    .inv_slot_o  (inv_slot),
    .inv_all_o   (inv_all),
    .rd_req_i    (rd_req),
    .rd_slot_i   (rd_slot),
    .rd_ack_o    (rd_ack),
    .rd_key_o    (rd_key),
    .rd_len_o    (rd_len),
    .rd_curve_o  (rd_curve),
    .rd_restricted_o (rd_restricted),
    .rd_valid_o  (rd_valid)
  );

  logic                req_ready, req_err, kx_start, kx_done, disp_valid, disp_ordered, disp_stale;
  logic                start_empty, retiring, disp_secret_unused;
  mccp_fabric_pkg::secret_dest_t disp_dest_unused;
  logic [127:0]        sec_word_unused;
  logic [7:0]          req_err_status, disp_channel;
  logic [3:0]          req_core, kx_core, disp_core;
  logic [255:0]        kx_key;
  logic [2:0]          kx_len;
  logic [1:0]          start_role;
  logic [NumCores-1:0] start_valid, sched_busy, start_pulse, tag_valid;
  logic [NumCores*10-1:0] start_entry;
  logic [287:0]        slot_key;
  logic [127:0]        start_args;
  logic [31:0]         disp_seq, disp_start_cycle;
  logic [4:0]          disp_key_slot;
  logic [NumCores*mccp_regs_pkg::NumFuncs-1:0] caps;
  logic [NumCores*5-1:0]  tag_slot;

  mccp_sched #(.NumCores(NumCores), .DecryptCores(16'h0001)) u_sched (
    .clk_i, .rst_ni, .cycle_i, .affinity_en_i, .split_en_i, .enable_i,
    .req_valid_i,
    .req_ready_o        (req_ready),
    .req_err_o          (req_err),
    .req_err_status_o   (req_err_status),
    .req_core_o         (req_core),
    .req_i,
    .ks_rd_req_o        (rd_req),
    .ks_rd_slot_o       (rd_slot),
    .ks_rd_ack_i        (rd_ack),
    .ks_rd_key_i        (rd_key),
    .ks_rd_len_i        (rd_len),
    .ks_rd_curve_i      (rd_curve),
    .ks_rd_valid_i      (rd_valid),
    .ks_rd_restricted_i (rd_restricted),
    .ks_busy_i          (ks_busy),
    .ks_inv_valid_i     (inv_valid),
    .ks_inv_slot_i      (inv_slot),
    .ks_inv_all_i       (inv_all),
    .rec_space_i, .res_fire_i,
    .core_key_ready_i,
    .kx_start_o         (kx_start),
    .kx_key_o           (kx_key),
    .kx_len_o           (kx_len),
    .kx_core_o          (kx_core),
    .kx_done_i          (kx_done),
    .core_start_valid_o (start_valid),
    .core_start_ready_i,
    .core_start_entry_o (start_entry),
    .slot_key_o         (slot_key),
    .core_start_args_o  (start_args),
    .core_start_empty_o (start_empty),
    .disp_valid_o       (disp_valid),
    .disp_core_o        (disp_core),
    .disp_channel_o     (disp_channel),
    .disp_seq_o         (disp_seq),
    .disp_ordered_o     (disp_ordered),
    .disp_start_cycle_o (disp_start_cycle),
    .disp_key_slot_o    (disp_key_slot),
    .disp_stale_o       (disp_stale),
    .disp_secret_o      (disp_secret_unused),
    .disp_dest_o        (disp_dest_unused),
    .sec_word_o         (sec_word_unused),
    .sec_pop_i          (1'b0),
    .sec_last_i         (1'b0),
    .ent_we_i, .ent_cores_i, .ent_func_i, .ent_addr_i, .ent_valid_i,
    .busy_o             (sched_busy),
    .start_o            (start_pulse),
    .start_role_o       (start_role),
    .caps_funcs_o       (caps),
    .key_tag_valid_o    (tag_valid),
    .key_tag_slot_o     (tag_slot),
    .retiring_o         (retiring)
  );

  // ---- environment ----
  // the shared expander: done some cycles after its start (kx_fin_i), once
  logic kx_busy_q = 1'b0;
  assign kx_done = kx_busy_q && kx_fin_i;
  always_ff @(posedge clk_i) begin
    if (init) kx_busy_q <= 1'b0;
    else if (kx_start) kx_busy_q <= 1'b1;
    else if (kx_done) kx_busy_q <= 1'b0;
  end

  always_ff @(posedge clk_i) begin
    if (!init) begin
      // AXI4-Lite writes: a KEY_CMD write at most every other cycle
      if ($past(cmd_valid_i)) assume (!cmd_valid_i);
      // AES requests (the properties are the AES key path's; both slots are AES cores)
      assume (req_i.kind == mccp_regs_pkg::KIND_AES && !req_i.keyless);
      // keys from the key slot (no zero key, no secret input: their slots are not the key's)
      assume (!req_i.zero_key && !req_i.secret_in);
      // the parser holds its request, unchanged, until the scheduler takes it
      if (!$past(init) && $past(req_valid_i) && !$past(req_ready)) begin
        assume (req_valid_i);
        assume (req_i == $past(req_i));
      end
    end
  end

  // ---- ghost state: key generations ----
  // gen_q[s] counts the changes of slot s's key (commit, zeroize, zeroize all),
  // as of the start of the cycle (a command changes the slot at the clock edge)
  logic [5:0] gen_q [KeySlots];
  logic [5:0] gen_prev_q [KeySlots];   // gen_q one cycle earlier
  logic       cmd_do;
  assign cmd_do = cmd_valid_i && (cmd_op_i != 2'd0) && !cmd_err;
  initial for (int s = 0; s < KeySlots; s++) begin
    gen_q[s] = '0;
    gen_prev_q[s] = '0;
  end
  always_ff @(posedge clk_i) begin
    for (int s = 0; s < KeySlots; s++) begin
      gen_prev_q[s] <= gen_q[s];
      if (cmd_do && (cmd_op_i == 2'd3 || cmd_slot_i == 5'(s))) gen_q[s] <= gen_q[s] + 1'b1;
    end
  end
  function automatic logic [5:0] gen_of(input logic [4:0] slot);
    gen_of = (slot < 5'(KeySlots)) ? gen_q[slot[1:0]] : 6'd0;   // slots >= KeySlots never change
  endfunction
  function automatic logic [5:0] gen_prev_of(input logic [4:0] slot);
    gen_prev_of = (slot < 5'(KeySlots)) ? gen_prev_q[slot[1:0]] : 6'd0;
  endfunction

  // ---- property 1: every key read is answered ----
  // pend_q: the scheduler asked the store for a key and has had no answer yet
  // (the scheduler's key-read state); wait_q: cycles of that since the store
  // was last busy
  logic       pend_q = 1'b0, pend;
  logic [3:0] wait_q = '0;
  assign pend = pend_q || rd_req;
  always_ff @(posedge clk_i) begin
    if (init) begin
      pend_q <= 1'b0;
      wait_q <= '0;
    end else begin
      pend_q <= pend && !rd_ack;
      // a host command may take the store's port (a zeroize-all sweep for
      // KeySlots cycles): the bound counts the cycles since it was free last
      if (rd_ack || ks_busy) wait_q <= '0;
      else if (pend) wait_q <= wait_q + 1'b1;
    end
  end
  always_ff @(posedge clk_i) begin
    if (!init) begin
      p1_read_answered: assert (wait_q < 4'd4);
      p1_ack_only_asked: assert (!rd_ack || pend_q);
`ifndef FV_NO_REQ_HELD
      p1_req_held: assert (!(pend_q && !rd_ack && !rd_req));
`endif
    end
  end

  // ---- property 2: no task starts with a replaced key ----
  // rd_gen_q: the generation of the slot when the request's key was read
  logic [5:0] rd_gen_q = '0, offer_gen_q = '0;
  always_ff @(posedge clk_i) begin
    if (pend && rd_ack) rd_gen_q <= gen_of(req_i.key_slot);
  end
  // offer_gen: the generation when the start now on offer was decided (one cycle
  // before its valid rose: the decision sees changes up to the cycle before it)
  logic offer_new, start_fire;
  logic [5:0] offer_gen;
  logic started_q = 1'b0, offered_q = 1'b0;
  assign start_fire = (start_valid & core_start_ready_i) != '0;
  assign offer_new  = (start_valid != '0) && (!offered_q || started_q);
  assign offer_gen  = offer_new ? gen_prev_of(req_i.key_slot) : offer_gen_q;
  always_ff @(posedge clk_i) begin
    offered_q   <= !init && (start_valid != '0);
    started_q   <= start_fire;
    offer_gen_q <= offer_gen;
  end
  // per core, the key its round-key cache was given (slot, generation)
  logic       cache_v_q [NumCores];
  logic [4:0] cache_slot_q [NumCores];
  logic [5:0] cache_gen_q [NumCores];
  initial for (int c = 0; c < NumCores; c++) begin
    cache_v_q[c] = 1'b0;
    cache_slot_q[c] = '0;
    cache_gen_q[c] = '0;
  end
  always_ff @(posedge clk_i) begin
    for (int c = 0; c < NumCores; c++) begin
      if (kx_start && kx_core == 4'(c)) begin
        cache_v_q[c]    <= 1'b1;
        cache_slot_q[c] <= req_i.key_slot;
        cache_gen_q[c]  <= rd_gen_q;
      end
    end
  end
  logic       cur_ok, cache_ok, io_half;
  logic [0:0] sc;
  assign io_half = (start_role == 2'd1);
  assign cur_ok  = (gen_of(req_i.key_slot) == rd_gen_q);
  assign sc      = start_valid[1];   // the core on offer (one-hot)
  assign cache_ok = cache_v_q[sc] && cache_slot_q[sc] == req_i.key_slot &&
                    cache_gen_q[sc] == gen_of(req_i.key_slot);
  always_ff @(posedge clk_i) begin
    if (!init) begin
      if (start_fire) begin
        // the key read is current, or the start was offered before the change
        // (then marked); a split I/O half follows its MAC half, marked
        if (!io_half) begin
          p2_start_key_current: assert (cur_ok || (disp_stale && offer_gen == rd_gen_q));
          p2_start_cache_current: assert (cache_ok || (disp_stale && offer_gen == rd_gen_q));
        end else begin
          p2_io_half_marked: assert (cur_ok || disp_stale);
        end
      end
      // a start marked stale follows a real change of its slot
      if (disp_valid && disp_stale) p2_stale_real: assert (!cur_ok);
      // the expander gets a key read after the slot's last change (I/O half excepted)
      if (kx_start) p2_kx_key_current: assert (cur_ok || io_half);
      p2_kx_not_busy: assert (!(kx_start && kx_busy_q));
    end
  end

  // ---- reachability (the proof is not vacuous) ----
  always_ff @(posedge clk_i) begin
    if (!init) begin
      c_start_after_reread: cover (start_fire && !io_half && cur_ok && rd_gen_q != 6'd0 && !disp_stale);
      c_start_stale: cover (start_fire && disp_stale);
      c_read_delayed: cover (wait_q == 4'd2);
    end
  end

endmodule
