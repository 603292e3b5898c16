// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// mccp_sched: the task scheduler and key scheduler.  For each request of the
// parser it
//  1. reads the channel's key slot from the key store (the only reader of key
//     bits) and refuses the packet (KEY_ERROR) if the slot is empty or holds a
//     key of another size, or (NO_CORE) if no core has firmware for it;
//  2. picks an idle, enabled, capable core: one whose entry table holds the
//     function (mode*2 + dir) and, for ECB/CBC decryption, whose engine
//     decrypts.  With key affinity a core whose key cache already holds the
//     slot wins; ties go round robin from the core after the last one chosen;
//  3. unless that core's round-key cache holds the key already, has the
//     shared key expander (one mccp_aes_key_expand in mccp_top) expand it
//     into that core's cache, once, and waits for the last round key; then
//     starts the task;
//  4. grants the parser the core, which then streams the body into it, and
//     hands the output stage the dispatch record.
// A CCM packet with the split policy (the channel's SPLIT bit or the global
// SCHED.CCM_SPLIT) runs on a free capable pair of cores (2p, 2p+1) when the
// device has one (else on one core like any packet): steps 3 and 4 run twice,
// first for the MAC core 2p+1 (role 2 in s3[17:16], an empty packet, no
// record, the parser is not granted), then for the I/O core 2p (role 1),
// which gets the body and the record.  The key stays in its register until
// both halves hold it.
// Slots of other kinds (SlotKinds: an elliptic-curve unit, ...) are cores
// here too: a request goes only to a slot of its channel's kind.  A keyless
// request (the public EC functions) reads no key bits, cannot be refused
// KEY_ERROR, and starts without the key expander.  A request of another kind
// with a key (an EC private scalar: size 3, of the channel's curve, else
// KEY_ERROR) starts without the expander too: its key bits go to the slot on
// slot_key_o while the start is offered, and nowhere else.
// One request at a time; a request waits while every capable core is busy.
// Key bits pass through one register here, cleared once the expander has
// taken them.
// Secrets (docs/fabric.md "Secret inputs and outputs"): a key slot may hold
// a restricted value -- an EC shared secret, or a derivation key made from
// one -- that only a task whose output is secret (req.secret_out) may use;
// a request with a restricted key and no secret output is refused KEY_ERROR,
// as is an EC request whose scalar slot holds a shared secret.  A SECRET_IN
// request also reads its source slot (StSecRd): a shared secret of the
// channel's curve, else KEY_ERROR; its FE2OS bytes wait left aligned in a
// register of their own until the parser has pushed them into the started
// core as the task's body (StFeed), and are cleared then.  A zero_key request
// reads no key: the expander expands the all-zero AES-128 key, and no core's
// cache is ever tagged with it.
// A key-store write or zeroize of a slot drops every cache tag for it.
// Key-store reads: the request is held until the store acknowledges it (the
// store takes no read in a cycle with a host command), so none is lost.
// A key changed under a request: a commit or zeroize of the request's slot
// after its key was read (stale_q, or the invalidation pulse itself) sends
// the request back to read the slot again instead of offering a start, so it
// runs with the slot's key at its start (or is refused KEY_ERROR if the slot
// is now empty).  A start already offered cannot be taken back (the core
// holds it), and the I/O half of a split request whose MAC half already runs
// must follow it: such a task starts with the key read before and is marked
// (disp_stale_o), so the output stage counts its output as retiring.
module mccp_sched #(
  parameter int NumCores = 4,                          // slots, of every kind
  parameter logic [15:0] DecryptCores = 16'hFFFF,
  parameter logic [16*3-1:0] SlotKinds = '0,           // slot c's kind in [3c +: 3]
  // Fixed-function slots (the randomness unit): their functions are FixedFuncs
  // from reset on, whatever FW_ENTRY writes; their entry point is unused.
  parameter logic [15:0]     FixedSlots = '0,
  parameter logic [mccp_regs_pkg::NumFuncs-1:0] FixedFuncs = '0
) (
  input  logic                     clk_i,
  input  logic                     rst_ni,
  input  logic [31:0]              cycle_i,
  // policy (SCHED register) and cores the host lets us use
  input  logic                     affinity_en_i,
  input  logic                     split_en_i,   // CCM on two cores for every channel
  input  logic [NumCores-1:0]      enable_i,
  // parser request
  input  logic                     req_valid_i,
  output logic                     req_ready_o,
  output logic                     req_err_o,
  output logic [7:0]               req_err_status_o,
  output logic [3:0]               req_core_o,
  input  mccp_fabric_pkg::task_req_t req_i,
  // key store read port and invalidations
  output logic                     ks_rd_req_o,
  output logic [4:0]               ks_rd_slot_o,
  input  logic                     ks_rd_ack_i,
  input  logic [287:0]             ks_rd_key_i,
  input  logic [2:0]               ks_rd_len_i,
  input  logic [2:0]               ks_rd_curve_i,
  input  logic                     ks_rd_valid_i,
  input  logic                     ks_rd_restricted_i,
  input  logic                     ks_busy_i,
  input  logic                     ks_inv_valid_i,
  input  logic [4:0]               ks_inv_slot_i,
  input  logic                     ks_inv_all_i,
  // output stage: room for a record, task over (result taken)
  input  logic [NumCores-1:0]      rec_space_i,
  input  logic [NumCores-1:0]      res_fire_i,
  // shared key expander: start (with key and size) once the chosen core can
  // take round-key writes; its writes go to core kx_core_o until kx_done_i
  input  logic [NumCores-1:0]      core_key_ready_i,
  output logic                     kx_start_o,
  output logic [255:0]             kx_key_o,
  output logic [2:0]               kx_len_o,
  output logic [3:0]               kx_core_o,
  input  logic                     kx_done_i,
  // core task starts
  output logic [NumCores-1:0]      core_start_valid_o,
  input  logic [NumCores-1:0]      core_start_ready_i,
  output logic [NumCores*10-1:0]   core_start_entry_o,  // core c's entry point in [c*10 +: 10]
  output logic [287:0]             slot_key_o,          // key of a non-AES start (zero otherwise)
  output logic [127:0]             core_start_args_o,
  output logic                     core_start_empty_o,
  // dispatch record for the output stage
  output logic                     disp_valid_o,
  output logic [3:0]               disp_core_o,
  output logic [7:0]               disp_channel_o,
  output logic [31:0]              disp_seq_o,
  output logic                     disp_ordered_o,
  output logic [31:0]              disp_start_cycle_o,
  output logic [4:0]               disp_key_slot_o,
  output logic                     disp_stale_o,  // the task's key slot changed after its key was read
  output logic                     disp_secret_o, // the task's output goes to the key store (disp_dest_o)
  output mccp_fabric_pkg::secret_dest_t disp_dest_o,
  // a SECRET_IN task's body: its next word, taken by the parser (sec_pop_i; the last with sec_last_i)
  output logic [127:0]             sec_word_o,
  input  logic                     sec_pop_i,
  input  logic                     sec_last_i,
  // entry tables (FW_ENTRY), written for every core in the mask
  input  logic                     ent_we_i,
  input  logic [NumCores-1:0]      ent_cores_i,
  input  logic [mccp_regs_pkg::ModeBits:0] ent_func_i,   // mode * 2 + dir
  input  logic [9:0]               ent_addr_i,
  input  logic                     ent_valid_i,
  // status (CORE_CAPS, CORE_IDLE, counters)
  output logic [NumCores-1:0]      busy_o,       // a task is being started or runs
  output logic [NumCores-1:0]      start_o,      // a core started a task (pulse)
  output logic [1:0]               start_role_o, // with start_o: 0 alone, 1 split I/O half, 2 split MAC half
  output logic [NumCores*mccp_regs_pkg::NumFuncs-1:0] caps_funcs_o,
  output logic [NumCores-1:0]      key_tag_valid_o,
  output logic [NumCores*5-1:0]    key_tag_slot_o,
  output logic                     retiring_o     // a task is about to start with a replaced key
);

  if (NumCores < 1 || NumCores > 16) begin : g_bad_cores
    $error("mccp_sched: NumCores %0d out of range 1..16", NumCores);
  end

  localparam int Cw = (NumCores > 1) ? $clog2(NumCores) : 1;  // core index bits


  typedef enum logic [3:0] {
    StIdle,    // waiting for a request
    StKeyRd,   // key store read
    StSecRd,   // key store read of a SECRET_IN request's source slot
    StPick,    // choosing a core (waits while all capable cores are busy)
    StKey,     // waiting for the core to take round keys, starting the expander
    StExpand,  // the expander writes the core's round keys
    StStart,   // starting the task
    StRefuse,  // answering the parser with an error status
    StFeed     // the parser pushes a SECRET_IN task's body into its core
  } state_e;

  state_e state_q, state_d;
  logic [Cw-1:0]       core_q, core_d;
  logic [NumCores-1:0] start_valid_q;   // one-hot: state_q == StStart for core core_q
  logic [287:0]        key_q;
  logic [287:0]        sec_q;           // a SECRET_IN request's body, left aligned
  logic [2:0]          key_len_q;
  logic                key_ok_q, stale_q;
  localparam int NumFuncs = mccp_regs_pkg::NumFuncs;   // entry table size: mode * 2 + dir
  localparam int FuncW = mccp_regs_pkg::ModeBits + 1;

  logic                split_q, mac_half_q, io_hit_q;   // a split request; its MAC half is being started
  logic [7:0]          err_q;
  logic [NumCores-1:0] busy_q, tag_valid_q;
  logic [4:0]          tag_slot_q [NumCores];
  logic [NumFuncs-1:0] funcs_q [NumCores];

  // Per-core entry tables: NumFuncs entries in distributed RAM, read by function.
  // Each core's entry point comes from a register of its own: the read would
  // otherwise run from the parser's header register through the table into
  // the core's instruction memory across the die.  No dispatch cycle is lost:
  // req_i holds from StIdle on and a start comes two states later at the
  // earliest; the tables change only between requests (FW_ENTRY is refused
  // while a core is enabled).
  for (genvar c = 0; c < NumCores; c++) begin : g_entry
    logic [9:0] mem_q [NumFuncs];
    logic [9:0] entry_q;
    always_ff @(posedge clk_i) begin
      if (ent_we_i && ent_cores_i[c]) mem_q[ent_func_i] <= ent_addr_i;
      entry_q <= mem_q[req_i.func];
    end
    assign core_start_entry_o[c*10 +: 10] = entry_q;
  end

  // Candidates for the request, registered: the pick (StPick) starts from
  // flip-flops and does not reach across the die into every core's status.
  // hit_q / cand_q hold, one cycle late, what the pick needs: of the cores
  // that run the request's function (and decrypt when it needs that),
  // are enabled, not busy and have room for a record (free), those whose
  // cache holds the request's key, and the set the pick chooses from.  One cycle
  // late is exact where it matters: req_i holds from StIdle on and the pick
  // comes two states later; busy and record space are taken as they will be
  // in the next cycle (a result taken now frees the core, a packet chosen now
  // frees a record), and the only changes they miss, a start and its record,
  // come at least two cycles before the next pick; a cache tag dropped now
  // is dropped here too.  Only a host write of CORE_ENABLE reaches the pick
  // one cycle after it lands (a write is not ordered against a dispatch in
  // any case).  The tables and tags change only between requests.
  logic                need_dec, affine, use_hit;
  logic [NumCores-1:0] capable_q, capable, free, hit, tag_valid_next;
  logic [NumCores-1:0] hit_q, cand_q;
  logic                use_hit_q;
  // other kinds take their key (if any) at the start, not through the expander
  logic no_expand;
  assign no_expand = req_i.kind != mccp_regs_pkg::KIND_AES;
  assign need_dec = (req_i.kind == mccp_regs_pkg::KIND_AES) &&
                    ((req_i.func == FuncW'(1)) || (req_i.func == FuncW'(3)));  // ecb / cbc decrypt
  assign affine   = affinity_en_i && req_i.affinity;
  always_comb begin
    for (int c = 0; c < NumCores; c++) begin
      capable[c]        = funcs_q[c][req_i.func] && (SlotKinds[3*c +: 3] == req_i.kind) &&
                          (!need_dec || DecryptCores[c]);
      tag_valid_next[c] = tag_valid_q[c] &&
                          !(ks_inv_valid_i && (ks_inv_all_i || tag_slot_q[c] == ks_inv_slot_i));
      free[c] = capable[c] && enable_i[c] && !(busy_q[c] && !res_fire_i[c]) && rec_space_i[c];
      hit[c]  = free[c] && tag_valid_next[c] && (tag_slot_q[c] == req_i.key_slot) && !req_i.zero_key;
    end
    use_hit = affine && (hit != '0);
  end
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      capable_q <= '0;
      hit_q     <= '0;
      cand_q    <= '0;
      use_hit_q <= 1'b0;
    end else begin
      capable_q <= capable;
      hit_q     <= hit;
      cand_q    <= use_hit ? hit : free;
      use_hit_q <= use_hit;
    end
  end

  // Split: pairs (2p, 2p+1) whose cores are both capable / free / hold the
  // key; the lowest candidate pair, registered like the cores' candidates.
  localparam int NumPairs = NumCores / 2;
  localparam int Pw = (NumPairs > 1) ? $clog2(NumPairs) : 1;
  logic                    want_split, split_ok;
  logic [NumPairs:0]       pcap, pfree, phit, pcand;   // one spare bit: NumPairs may be 0
  logic [Pw-1:0]           ppick;
  logic                    pcap_any_q, pcand_any_q, pmac_hit_q, pio_hit_q;
  logic [Pw-1:0]           ppick_q;
  always_comb begin
    pcap = '0;
    pfree = '0;
    phit = '0;
    for (int p = 0; p < NumPairs; p++) begin
      pcap[p]  = capable[2*p] && capable[2*p+1];
      pfree[p] = free[2*p] && free[2*p+1];
      phit[p]  = hit[2*p] && hit[2*p+1];
    end
    pcand = (affine && (phit != '0)) ? phit : pfree;
    ppick = '0;
    for (int p = NumPairs - 1; p >= 0; p--) begin
      if (pcand[p]) ppick = Pw'(p);
    end
  end
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      pcap_any_q  <= 1'b0;
      pcand_any_q <= 1'b0;
      ppick_q     <= '0;
      pmac_hit_q  <= 1'b0;
      pio_hit_q   <= 1'b0;
    end else begin
      pcap_any_q  <= pcap != '0;
      pcand_any_q <= pcand != '0;
      ppick_q     <= ppick;
      pmac_hit_q  <= hit[2*ppick+1];
      pio_hit_q   <= hit[2*ppick];
    end
  end
  assign want_split = (split_en_i || req_i.split) && (req_i.kind == mccp_regs_pkg::KIND_AES) && !req_i.secret_in &&
                      (req_i.func[FuncW-1:1] == mccp_regs_pkg::MODE_CCM);
  assign split_ok   = want_split && pcap_any_q;

  // Round robin: the first candidate after the core last chosen alone (a
  // split pick does not move it).  With affinity and a candidate holding the
  // key every candidate holds it; else the pick's own tag tells.
  logic [Cw-1:0]       pick;
  logic                pick_hit, pick_take;
  logic [NumCores-1:0] pick_unused;   // the one-hot grant; the index is what is kept
  mccp_prim_arb_rr #(
    .N (NumCores)
  ) u_arb (
    .clk_i,
    .rst_ni,
    .req_i  (cand_q),
    .take_i (pick_take),
    .gnt_o  (pick_unused),
    .idx_o  (pick)
  );
  assign pick_hit = use_hit_q || hit_q[pick];

  // The request's slot changed after its key was read: read it again unless
  // the pair's MAC half already runs with the key read (io_half).
  // (io_half means nothing in StPick, where every request restarts.)
  logic key_fire, start_fire, io_half, inv_hit, restart, stale_d;
  assign io_half    = split_q && !mac_half_q && (state_q != StPick);
  assign inv_hit    = ks_inv_valid_i &&
                      (((ks_inv_all_i || ks_inv_slot_i == req_i.key_slot) && !req_i.keyless && !req_i.zero_key) ||
                       ((ks_inv_all_i || ks_inv_slot_i == req_i.src_slot) && req_i.secret_in));
  assign restart    = (stale_q || inv_hit) && !io_half;
  // the round robin moves on where StPick chooses a core alone (core_d = pick)
  assign pick_take  = (state_q == StPick) && !restart && key_ok_q && (capable_q != '0) && !split_ok &&
                      (cand_q != '0);
  assign key_fire   = (state_q == StKey) && !restart && core_key_ready_i[core_q];  // expander starts
  assign start_fire = |(start_valid_q & core_start_ready_i);
  // stale_q: cleared where the request goes back to read its key
  always_comb begin
    stale_d = stale_q || inv_hit;
    if (state_q == StIdle ||
        (restart && (state_q == StPick || state_q == StKey || (state_q == StExpand && kx_done_i)))) begin
      stale_d = 1'b0;
    end
  end

  // Next state and core.  The start valids are registered from them, so a
  // core's valid is a flip-flop of its own (no state decode on the way into
  // the core, which sits across the die).
  always_comb begin
    state_d = state_q;
    core_d  = core_q;
    unique case (state_q)
      StIdle:   if (req_valid_i && !ks_busy_i) state_d = StKeyRd;
      StKeyRd:  if (ks_rd_ack_i) state_d = req_i.secret_in ? StSecRd : StPick;
      StSecRd:  if (ks_rd_ack_i) state_d = StPick;
      StPick: begin
        if (restart) begin
          state_d = StKeyRd;                       // read the slot again
        end else if (!key_ok_q || capable_q == '0) begin
          state_d = StRefuse;
        end else if (split_ok) begin
          // the MAC core 2p+1 first; the I/O core 2p once it runs
          if (pcand_any_q) begin
            core_d  = Cw'({ppick_q, 1'b1});
            state_d = (pmac_hit_q && !stale_q) ? StStart : StKey;
          end
        end else if (cand_q != '0) begin
          core_d  = pick;
          state_d = (no_expand || (pick_hit && !stale_q)) ? StStart : StKey;
        end
      end
      StKey: begin
        if (restart) state_d = StKeyRd;
        else if (key_fire) state_d = StExpand;
      end
      StExpand: if (kx_done_i) state_d = restart ? StKeyRd : StStart;
      StStart: begin
        if (start_fire && mac_half_q) begin
          core_d  = core_q ^ Cw'(1);
          state_d = (io_hit_q && !stale_q) ? StStart : StKey;
        end else if (start_fire) begin
          state_d = req_i.secret_in ? StFeed : StIdle;
        end
      end
      StRefuse: state_d = StIdle;
      StFeed:   if (sec_pop_i && sec_last_i) state_d = StIdle;
      default:  state_d = StIdle;
    endcase
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q       <= StIdle;
      core_q        <= '0;
      start_valid_q <= '0;
      key_q         <= '0;
      sec_q         <= '0;
      key_len_q     <= '0;
      key_ok_q      <= 1'b0;
      stale_q       <= 1'b0;
      split_q       <= 1'b0;
      mac_half_q    <= 1'b0;
      io_hit_q      <= 1'b0;
      err_q         <= '0;
      busy_q        <= '0;
      tag_valid_q   <= '0;
      for (int c = 0; c < NumCores; c++) begin
        tag_slot_q[c] <= '0;
        funcs_q[c]    <= FixedSlots[c] ? FixedFuncs : '0;
      end
    end else begin
      // cache tags
      for (int c = 0; c < NumCores; c++) begin
        if (ks_inv_valid_i && (ks_inv_all_i || tag_slot_q[c] == ks_inv_slot_i)) tag_valid_q[c] <= 1'b0;
        if (ent_we_i && ent_cores_i[c] && !FixedSlots[c]) funcs_q[c][ent_func_i] <= ent_valid_i;
        if (res_fire_i[c]) busy_q[c] <= 1'b0;
      end
      stale_q <= stale_d;
      state_q <= state_d;
      // a request that goes back to read its key starts over: no half of it runs
      if (restart && state_d == StKeyRd) begin
        split_q    <= 1'b0;
        mac_half_q <= 1'b0;
      end
      core_q  <= core_d;
      for (int c = 0; c < NumCores; c++) start_valid_q[c] <= (state_d == StStart) && (32'(core_d) == c);

      unique case (state_q)
        StIdle: ;
        StKeyRd: begin
          if (ks_rd_ack_i) begin
            key_q     <= (req_i.keyless || req_i.zero_key) ? '0 : ks_rd_key_i;
            key_len_q <= req_i.zero_key ? mccp_regs_pkg::KEY_SIZE_K128 : ks_rd_len_i;
            // key separation: an AES task only with an AES key (size 128/192/256 bits),
            // restricted only if its output is secret; an ARX task only with a key of
            // that size, not an EC scalar, never restricted; a grid task only with an
            // AES key, never restricted; an EC task only with an EC scalar (not a
            // shared secret) of its channel's curve
            key_ok_q  <= req_i.keyless || req_i.zero_key ||
                         (ks_rd_valid_i && (ks_rd_len_i == req_i.key_len) &&
                          ((req_i.kind == mccp_regs_pkg::KIND_ARX) ?
                             (ks_rd_len_i != mccp_regs_pkg::KEY_SIZE_EC && !ks_rd_restricted_i) :
                           (req_i.kind == mccp_regs_pkg::KIND_UGRID) ?
                             (ks_rd_len_i <= mccp_regs_pkg::KEY_SIZE_K256 && !ks_rd_restricted_i) :
                           no_expand ? (ks_rd_len_i == mccp_regs_pkg::KEY_SIZE_EC &&
                                        ks_rd_curve_i == req_i.key_curve && !ks_rd_restricted_i)
                                     : (ks_rd_len_i <= mccp_regs_pkg::KEY_SIZE_K256 &&
                                        (!ks_rd_restricted_i || req_i.secret_out))));
          end
        end
        StSecRd: begin
          if (ks_rd_ack_i) begin
            // the shared secret, right aligned in the slot, moved to the top:
            // (36 - ceil(m/8)) bytes up
            sec_q    <= ks_rd_key_i << (9'd288 - 9'd8 * 9'(mccp_fabric_pkg::secret_bytes(req_i.key_curve)));
            key_ok_q <= key_ok_q && ks_rd_valid_i && ks_rd_len_i == mccp_regs_pkg::KEY_SIZE_EC && ks_rd_restricted_i &&
                        ks_rd_curve_i == req_i.key_curve;
          end
        end
        StFeed: begin
          if (sec_pop_i) sec_q <= sec_pop_i && sec_last_i ? '0 : sec_q << 128;
        end
        StPick: begin
          if (restart) begin
            // reading the slot again: nothing chosen
          end else if (!key_ok_q) begin
            err_q <= mccp_regs_pkg::STATUS_KEY_ERROR;
          end else if (capable_q == '0) begin
            err_q <= mccp_regs_pkg::STATUS_NO_CORE;
          end else if (split_ok) begin
            if (pcand_any_q) begin
              split_q    <= 1'b1;
              mac_half_q <= 1'b1;
              io_hit_q   <= pio_hit_q;
            end
          end else if (cand_q != '0) begin
            split_q    <= 1'b0;
            mac_half_q <= 1'b0;
          end
        end
        StKey: begin
          if (key_fire) begin
            // the I/O half may still need the key
            if (!(mac_half_q && !io_hit_q)) key_q <= '0;
          end
        end
        StExpand: begin
          if (kx_done_i) begin
            tag_valid_q[core_q] <= !stale_q && !req_i.zero_key &&
                                   !(ks_inv_valid_i && (ks_inv_all_i || ks_inv_slot_i == req_i.key_slot));
            tag_slot_q[core_q]  <= req_i.key_slot;
          end
        end
        StStart: begin
          if (start_fire && mac_half_q) begin
            // MAC half running: now the I/O core (its key tag checked as for the MAC core)
            busy_q[core_q] <= 1'b1;
            mac_half_q     <= 1'b0;
          end else if (start_fire) begin
            busy_q[core_q] <= 1'b1;
            key_q          <= '0;
          end
        end
        StRefuse: begin
          key_q <= '0;
          sec_q <= '0;
        end
        default: ;
      endcase
    end
  end

  // held until acknowledged: the store refuses a read in a host command's cycle
  assign ks_rd_req_o  = ((state_q == StIdle) && req_valid_i && !ks_busy_i) || (state_q == StKeyRd) ||
                        (state_q == StSecRd);
  assign ks_rd_slot_o = (state_q == StSecRd) ? req_i.src_slot : req_i.key_slot;

  assign req_ready_o      = (start_fire && !mac_half_q) || (state_q == StRefuse);
  assign req_err_o        = (state_q == StRefuse);
  assign req_err_status_o = err_q;
  assign req_core_o       = 4'(core_q);

  always_comb begin
    start_o = '0;
    if (start_fire) start_o[core_q] = 1'b1;
  end
  assign core_start_valid_o = start_valid_q;
  assign kx_start_o         = key_fire;
  assign kx_key_o           = key_fire ? key_q[287:32] : '0;  // key bits only as the expander takes them
  assign slot_key_o         = (state_q == StStart && no_expand) ? key_q : '0;
  assign kx_len_o           = key_len_q;
  assign kx_core_o          = 4'(core_q);
  assign start_role_o       = !split_q ? 2'd0 : mac_half_q ? 2'd2 : 2'd1;
  // role in s3[17:16] (the lengths leave those bits zero)
  assign core_start_args_o  = req_i.args | {96'd0, 14'd0, start_role_o, 16'd0};
  assign core_start_empty_o = req_i.empty || mac_half_q;

  assign disp_valid_o       = start_fire && !mac_half_q;
  assign disp_core_o        = 4'(core_q);
  assign disp_channel_o     = req_i.channel;
  assign disp_seq_o         = req_i.seq;
  assign disp_ordered_o     = req_i.ordered;
  assign disp_start_cycle_o = cycle_i;
  assign disp_key_slot_o    = req_i.key_slot;
  assign disp_stale_o       = stale_q || inv_hit;
  assign disp_secret_o      = req_i.secret_out;
  assign disp_dest_o        = req_i.dest;
  assign sec_word_o         = (state_q == StFeed) ? sec_q[287:160] : '0;  // key bits only while fed
  // a start already offered (or a split I/O half) that will run with a replaced
  // key; the output stage takes over at its dispatch
  assign retiring_o         = stale_q && (state_q == StKey || state_q == StExpand || state_q == StStart);

  always_comb begin
    busy_o = busy_q;
    if (state_q == StKey || state_q == StExpand || state_q == StStart) begin
      busy_o[core_q] = 1'b1;
      if (mac_half_q) busy_o[core_q ^ Cw'(1)] = 1'b1;   // the I/O core is taken too
    end
    for (int c = 0; c < NumCores; c++) begin
      caps_funcs_o[c*NumFuncs +: NumFuncs] = funcs_q[c];
      key_tag_slot_o[c*5 +: 5] = tag_slot_q[c];
    end
  end
  assign key_tag_valid_o = tag_valid_q;

endmodule
