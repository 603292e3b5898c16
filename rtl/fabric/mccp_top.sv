// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// mccp_top: the MCCP multi-core crypto-processor.  NumCores programmable AES
// cores, NumEcUnits elliptic-curve units (slots NumCores.., sharing one
// microcode memory), NumArxUnits ARX elements (the slots after them:
// ChaCha20-Poly1305 and the other add-rotate-xor algorithms), NumUgrids
// micro-core grids (AES ECB and CTR on 8-bit micro-cores) and NumRngUnits
// randomness units (the last slot: entropy
// source, health tests, CTR_DRBG) behind one host contract (docs/fabric.md): AXI4-Lite control and
// status (mccp_regs, generated from src/mccp/regmap/regs.yml), packets in and
// results out on AXI4-Stream, one interrupt line.
//
//   s_axis -> mccp_prim_width_up -> mccp_stream_in -> core[i] -> mccp_stream_out -> m_axis
//                                   |  ^
//                    channel table -+  +- mccp_sched <- key store (write-only)
//
// Keys enter through the key window into mccp_key_store; the only path out of
// it is mccp_sched's read port toward the shared key expander, which writes
// round keys into the chosen core's cache, toward an EC unit's scalar
// register at its start, and -- a SECRET_IN task's shared secret -- into the
// started core's input through the parser.  Secret outputs go from the output
// stage through mccp_secret_sink back into the key store, never to the
// stream (docs/fabric.md "Secret inputs and outputs").
module mccp_top #(
  parameter int          NumCores       = 4,
  parameter int          StreamBits     = 128,
  parameter int          KeySlots       = 16,
  parameter int          Channels       = 64,
  parameter int          BufBytes       = 2048,
  parameter logic [15:0] DecryptCores   = 16'hFFFF,
  // 16-bit digits: 8 clocks per GHASH block, hidden behind the 11-clock AES
  // block of GCM (GMAC's loop takes 8 either way); 32 saves 4 cycles of a
  // GCM packet's fixed cost for ~1.5k LUT4 per core.
  parameter int          GhashDigitBits = 16,
  // Elliptic-curve units (docs/ecc.md): the largest field, the multiplier's
  // digit and form, dual issue; the default is the fast configuration.
  parameter int          NumEcUnits     = 0,
  parameter int          EcMaxM         = 283,
  parameter int          EcDigit        = 163,
  parameter bit          EcKaratsuba    = 1'b1,
  parameter bit          EcDualIssue    = 1'b1,
  // ARX elements (docs/arx.md): 0..7.
  parameter int          NumArxUnits    = 0,
  parameter bit          ArxPiPhi       = 1'b1,   // the ARX elements' pi-Cipher instructions (docs/arx.md)
  // Micro-core grids (docs/ugrid.md): 0..7, each UgridRows x UgridCols cores
  // (multiples of 4: one AES block per 4 x 4 tile), its tiles' rows and
  // columns closed into rings (UgridRings) or a plain mesh.
  parameter int          NumUgrids      = 0,
  parameter int          UgridRows      = 4,
  parameter int          UgridCols      = 4,
  parameter bit          UgridRings     = 1'b1,
  parameter int          UgridImemDepth = 512,
  // Randomness unit (docs/entropy.md): 0 or 1.  RngSimModel and RngTestEntropy
  // make a simulation build (the source's behavioural model; the drbg-test
  // function that takes entropy from the host): never set for synthesis.
  parameter int          NumRngUnits    = 0,
  parameter int          RngRings       = 24,
  parameter int          RngSampleDiv   = 3,
  parameter bit          RngSimModel    = 1'b0,
  parameter bit          RngTestEntropy = 1'b0,
  // The custom-instruction coprocessor port (docs/soc.md): one AES block per command with
  // a key from the key store, for a CPU beside MCCP.  0: commands answer NO_CORE.
  parameter bit          CopEnable      = 1'b0
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  // AXI4-Lite
  input  logic                  s_axil_awvalid_i,
  output logic                  s_axil_awready_o,
  input  logic [11:0]           s_axil_awaddr_i,
  input  logic                  s_axil_wvalid_i,
  output logic                  s_axil_wready_o,
  input  logic [31:0]           s_axil_wdata_i,
  input  logic [3:0]            s_axil_wstrb_i,
  output logic                  s_axil_bvalid_o,
  input  logic                  s_axil_bready_i,
  output logic [1:0]            s_axil_bresp_o,
  input  logic                  s_axil_arvalid_i,
  output logic                  s_axil_arready_o,
  input  logic [11:0]           s_axil_araddr_i,
  output logic                  s_axil_rvalid_o,
  input  logic                  s_axil_rready_i,
  output logic [31:0]           s_axil_rdata_o,
  output logic [1:0]            s_axil_rresp_o,
  // AXI4-Stream in
  input  logic                  s_axis_tvalid_i,
  output logic                  s_axis_tready_o,
  input  logic [StreamBits-1:0] s_axis_tdata_i,
  input  logic [StreamBits/8-1:0] s_axis_tkeep_i,  // bit i: byte lane [8i+7:8i]
  input  logic                  s_axis_tlast_i,
  // AXI4-Stream out
  output logic                  m_axis_tvalid_o,
  input  logic                  m_axis_tready_i,
  output logic [StreamBits-1:0] m_axis_tdata_o,
  output logic [StreamBits/8-1:0] m_axis_tkeep_o,
  output logic                  m_axis_tlast_o,
  // coprocessor port (mccp_cop): command a, b with a function; a 32-bit answer
  input  logic                  cop_cmd_valid_i,
  output logic                  cop_cmd_ready_o,
  input  logic [9:0]            cop_cmd_func_i,
  input  logic [31:0]           cop_cmd_a_i,
  input  logic [31:0]           cop_cmd_b_i,
  output logic                  cop_rsp_valid_o,
  input  logic                  cop_rsp_ready_i,
  output logic [31:0]           cop_rsp_data_o,
  output logic                  irq_o
);

  // Parameter ranges: core numbers and masks are 4 and 16 bits wide, key slots 5,
  // channel numbers 8; buffers hold whole 16-byte words.
  if (NumCores < 1 || NumEcUnits < 0 || NumRngUnits < 0 || NumRngUnits > 1 || NumArxUnits < 0 ||
      NumArxUnits > 7 || NumUgrids < 0 || NumUgrids > 7 ||
      NumCores + NumEcUnits + NumArxUnits + NumUgrids + NumRngUnits > 16) begin : g_bad_cores
    $error("mccp_top: NumCores %0d (>= 1) + NumEcUnits %0d (>= 0) + NumArxUnits %0d (0..7) + NumUgrids %0d (0..7) + NumRngUnits %0d (0, 1) must be at most 16 slots",
           NumCores, NumEcUnits, NumArxUnits, NumUgrids, NumRngUnits);
  end
  if ((RngSimModel || RngTestEntropy) && NumRngUnits == 0) begin : g_bad_rng
    $error("mccp_top: RngSimModel / RngTestEntropy without a randomness unit");
  end
  if (StreamBits != 32 && StreamBits != 64 && StreamBits != 128) begin : g_bad_stream
    $error("mccp_top: StreamBits %0d must be 32, 64 or 128", StreamBits);
  end
  if (KeySlots < 1 || KeySlots > 32) begin : g_bad_slots
    $error("mccp_top: KeySlots %0d out of range 1..32", KeySlots);
  end
  if (Channels < 1 || Channels > 256) begin : g_bad_channels
    $error("mccp_top: Channels %0d out of range 1..256", Channels);
  end
  if (BufBytes < 16 || BufBytes % 16 != 0) begin : g_bad_buf
    $error("mccp_top: BufBytes %0d must be a multiple of 16, at least 16", BufBytes);
  end

  // Slots: AES cores 0 .. NumCores-1, then the EC units, the ARX elements, the
  // micro-core grids and the randomness unit.  The fabric (parser, scheduler, output stage, watchdog, loader) sees
  // every slot as a core; each slot's kind (CORE_CAPS.KIND) says which channels
  // it serves.
  localparam int N        = NumCores + NumEcUnits + NumArxUnits + NumUgrids + NumRngUnits;
  localparam int Cw       = (N > 1) ? $clog2(N) : 1;   // slot index bits
  localparam int NumEcEnd = NumCores + NumEcUnits;
  localparam int NumArxEnd = NumEcEnd + NumArxUnits;
  localparam int NumUgridEnd = NumArxEnd + NumUgrids;
  localparam logic [15:0] EcSlots  = 16'(((17'(1) << NumEcEnd) - 17'(1)) ^ ((17'(1) << NumCores) - 17'(1)));
  localparam logic [15:0] ArxSlots = 16'(((17'(1) << NumArxEnd) - 17'(1)) ^ ((17'(1) << NumEcEnd) - 17'(1)));
  localparam logic [15:0] UgridSlots = 16'(((17'(1) << NumUgridEnd) - 17'(1)) ^ ((17'(1) << NumArxEnd) - 17'(1)));
  localparam logic [15:0] RngSlots = 16'(((17'(1) << N) - 17'(1)) ^ ((17'(1) << NumUgridEnd) - 17'(1)));
  localparam logic [15:0] UnitSlots = EcSlots | ArxSlots | UgridSlots | RngSlots;   // slots that are not AES cores
  // The functions the randomness unit serves (its CORE_FUNCS: mode * 2).
  localparam int NumFuncs = mccp_regs_pkg::NumFuncs;
  localparam logic [NumFuncs-1:0] RngFuncs =
      NumFuncs'((1 << (2 * mccp_regs_pkg::MODE_GENERATE)) | (1 << (2 * mccp_regs_pkg::MODE_EC_KEYGEN)) |
          (1 << (2 * mccp_regs_pkg::MODE_RESEED)) | (1 << (2 * mccp_regs_pkg::MODE_INSTANTIATE)) |
          (RngTestEntropy ? (1 << (2 * mccp_regs_pkg::MODE_DRBG_TEST)) : 0));
  function automatic logic [16*3-1:0] slot_kinds();
    slot_kinds = '0;
    for (int s = 0; s < 16; s++) begin
      if (EcSlots[s]) slot_kinds[3*s +: 3] = mccp_regs_pkg::KIND_ECC;
      if (ArxSlots[s]) slot_kinds[3*s +: 3] = mccp_regs_pkg::KIND_ARX;
      if (UgridSlots[s]) slot_kinds[3*s +: 3] = mccp_regs_pkg::KIND_UGRID;
      if (RngSlots[s]) slot_kinds[3*s +: 3] = mccp_regs_pkg::KIND_RNG;
    end
  endfunction
  localparam logic [16*3-1:0] SlotKinds = slot_kinds();
  localparam int InWords  = BufBytes / 16 + 8;   // nonce + AAD room beside the payload
  localparam int OutWords = BufBytes / 16 + 2;   // payload + tag

  ///////////////
  // Registers //
  ///////////////

  logic        sched_affinity, sched_in_order, sched_ccm_split;
  logic [15:0] core_enable_mask, fw_cores_mask;
  logic [3:0]  core_sel;
  logic [4:0]  key_sel;
  logic [1:0]  key_cmd_op;
  logic [2:0]  key_cmd_len;
  logic        key_cmd_we, key_data_we;
  logic [2:0]  key_data_idx;
  logic [2:0]  key_cmd_curve;
  logic        key_data8_we;
  logic [31:0] key_data8_word;
  logic [31:0] key_data_word;
  logic [7:0]  chan_sel;
  logic        chan_cfg0_we, chan_cfg1_we, chan_cfg0_err;
  logic [2:0]  cfg0_kind;
  mccp_fabric_pkg::chan_cfg_t chan_cfg1_w;    // the CHAN_CFG1 fields of a write (others zero)
  mccp_fabric_pkg::chan_cfg_t chan_rcfg, chan_rcfg_q, chan_lookup_cfg;
  logic [3:0]  cfg0_mode;
  logic [2:0]  cfg0_key_len;
  logic [6:0]  cfg0_tag_len;
  logic [4:0]  cfg0_key_slot;
  logic        cfg0_enable, cfg0_ordered, cfg0_affinity, cfg0_split;
  logic        fw_addr_we, fw_data_we, fw_entry_we, fw_len_we, fw_check_we;
  logic        fw_addr_err, fw_data_err, fw_entry_err, fw_len_err, fw_check_err;
  logic [15:0] fw_addr_wdata, fw_addr, fw_len_wdata, fw_len;
  logic [9:0]  fw_entry_addr;
  logic [31:0] fw_data_wdata, fw_check_wdata, fw_crc;
  logic [mccp_regs_pkg::ModeBits:0] fw_entry_func;
  logic        fw_entry_valid, fw_loaded, fw_committed, fw_busy;
  logic [15:0] core_abort_mask;
  logic        core_abort_we;
  logic [15:0] wd_base;
  logic [7:0]  wd_per_word;
  logic [23:0] wd_ec_base;
  logic        wd_enable;
  // randomness unit: host control and status
  logic        rng_enable, rng_capture, rng_restart_go, rng_restart_we, rng_cap_pop;
  logic        rng_rct_fail, rng_apt_fail, rng_kat_fail, rng_cap_overrun;
  logic [2:0]  rng_state;
  logic [5:0]  rng_cap_words;
  logic [15:0] rng_rct_cutoff, rng_apt_cutoff, rng_rct_max, rng_apt_max;
  logic [3:0]  rng_cond_blocks;
  logic [31:0] rng_reseed_interval, rng_samples, rng_reseed_count, rng_cap_word;

  logic [N-1:0]      core_idle, enable, pulse_idle;
  logic [31:0]       pkt_in_cnt_q, pkt_out_cnt_q, pkt_err_cnt_q;
  logic [63:0]       cycle_q;
  logic [31:0]       core_busy_cnt_q [N];
  logic [31:0]       core_task_cnt_q [N];
  logic [N*NumFuncs-1:0] caps_funcs;
  logic [N-1:0]      key_tag_valid;
  logic [N*5-1:0]    key_tag_slot;
  logic [KeySlots-1:0] key_valid_mask;
  logic              pkt_in, pkt_out, pkt_err;
  logic              key_retiring;   // output of a replaced key still to leave (KEY_CMD.RETIRING)
  logic              sched_retiring, out_retiring;
  assign key_retiring = sched_retiring || out_retiring;
  logic [Cw-1:0]     sel;

  logic         ks_rd_req, ks_rd_ack, ks_rd_valid, ks_busy, ks_inv_valid, ks_inv_all, ks_cmd_err;
  logic [4:0]   ks_rd_slot, ks_inv_slot;
  logic [287:0] ks_rd_key;
  logic [2:0]   ks_rd_len;
  logic [2:0]   ks_rd_curve;
  logic         ks_wipe_ec, ks_wipe_aes, ks_rd_restricted;
  // the key store's read port is shared by the scheduler and the coprocessor port
  logic         sched_ks_req, sched_ks_ack, cop_ks_req, cop_ks_ack;
  logic [4:0]   sched_ks_slot, cop_ks_slot;
  // secret commits (mccp_secret_sink -> key store)
  logic         sc_valid, sc_ready, sc_restricted, sink_busy;
  logic [4:0]   sc_slot;
  logic [287:0] sc_data;
  logic [2:0]   sc_len;
  logic [2:0]   sc_curve;

  assign enable = core_enable_mask[N-1:0];
  assign sel    = (32'(core_sel) < N) ? core_sel[Cw-1:0] : '0;

  // Read-back copies the fabric does not need are left open.
  /* verilator lint_off PINCONNECTEMPTY */
  mccp_regs u_regs (
    .clk_i,
    .rst_ni,
    .s_axil_awvalid_i, .s_axil_awready_o, .s_axil_awaddr_i,
    .s_axil_wvalid_i,  .s_axil_wready_o,  .s_axil_wdata_i, .s_axil_wstrb_i,
    .s_axil_bvalid_o,  .s_axil_bready_i,  .s_axil_bresp_o,
    .s_axil_arvalid_i, .s_axil_arready_o, .s_axil_araddr_i,
    .s_axil_rvalid_o,  .s_axil_rready_i,  .s_axil_rdata_o, .s_axil_rresp_o,
    .id_value_i               (32'h4D434350),
    .config0_num_cores_i      (5'(NumCores)),
    .config0_num_ec_i         (5'(NumEcUnits)),
    .config0_num_arx_i        (3'(NumArxUnits)),
    .config0_num_rng_i        (NumRngUnits != 0),
    .config0_rng_test_i       (RngTestEntropy),
    .config0_stream_bits_i    (8'(StreamBits)),
    .config0_key_slots_i      (8'(KeySlots)),
    .config1_channels_i       (16'(Channels)),
    .config2_num_ugrid_i      (3'(NumUgrids)),
    .config2_ugrid_rows_i     (8'(UgridRows)),
    .config2_ugrid_cols_i     (8'(UgridCols)),
    .config1_buf_words_i      (16'(InWords)),
    .sched_affinity_o         (sched_affinity),
    .sched_in_order_o         (sched_in_order),
    .sched_ccm_split_o        (sched_ccm_split),
    .core_enable_mask_o       (core_enable_mask),
    .core_idle_mask_i         (16'(core_idle)),
    .core_abort_mask_o        (core_abort_mask),
    .core_abort_we_o          (core_abort_we),
    .irq_status_out_pkt_set_i (pkt_out),
    .irq_status_err_pkt_set_i (pkt_err),
    .irq_status_core_idle_set_i (pulse_idle != '0),
    .irq_status_out_pkt_o     (),
    .irq_status_err_pkt_o     (),
    .irq_status_core_idle_o   (),
    .irq_enable_out_pkt_o     (),
    .irq_enable_err_pkt_o     (),
    .irq_enable_core_idle_o   (),
    .pkt_in_count_i           (pkt_in_cnt_q),
    .pkt_out_count_i          (pkt_out_cnt_q),
    .pkt_err_count_i          (pkt_err_cnt_q),
    .cycle_lo_count_i         (cycle_q[31:0]),
    .cycle_hi_count_i         (cycle_q[63:32]),
    .core_sel_index_o         (core_sel),
    .core_busy_count_i        (core_busy_cnt_q[sel]),
    .core_tasks_count_i       (core_task_cnt_q[sel]),
    .core_funcs_funcs_i       (caps_funcs[32'(sel)*NumFuncs +: NumFuncs]),
    .core_caps_decrypt_i      (DecryptCores[4'(sel)] && !UnitSlots[4'(sel)]),
    .core_caps_kind_i         (SlotKinds[32'(sel)*3 +: 3]),
    .core_caps_key_valid_i    (key_tag_valid[sel]),
    .core_caps_key_slot_i     (7'(key_tag_slot[32'(sel)*5 +: 5])),
    .watchdog_base_o          (wd_base),
    .watchdog_per_word_o      (wd_per_word),
    .watchdog_enable_o        (wd_enable),
    .watchdog_ec_base_o       (wd_ec_base),
    .rng_ctrl_enable_o        (rng_enable),
    .rng_ctrl_capture_o       (rng_capture),
    .rng_restart_go_o         (rng_restart_go),
    .rng_restart_we_o         (rng_restart_we),
    .rng_status_state_i       (rng_state),
    .rng_status_rct_fail_i    (rng_rct_fail),
    .rng_status_apt_fail_i    (rng_apt_fail),
    .rng_status_kat_fail_i    (rng_kat_fail),
    .rng_status_cap_overrun_i (rng_cap_overrun),
    .rng_status_cap_words_i   (rng_cap_words),
    .rng_cutoff_rct_o         (rng_rct_cutoff),
    .rng_cutoff_apt_o         (rng_apt_cutoff),
    .rng_cond_blocks_o        (rng_cond_blocks),
    .rng_reseed_interval_count_o (rng_reseed_interval),
    .rng_samples_count_i      (rng_samples),
    .rng_max_rct_i            (rng_rct_max),
    .rng_max_apt_i            (rng_apt_max),
    .rng_reseed_count_count_i (rng_reseed_count),
    .rng_raw_word_i           (rng_cap_word),
    .rng_raw_word_o           (),
    .rng_raw_we_o             (rng_cap_pop),
    .rng_raw_wr_err_i         (1'b0),
    .key_sel_slot_o           (key_sel),
    .key_cmd_op_i             (2'd0),
    .key_cmd_op_o             (key_cmd_op),
    .key_cmd_len_i            (3'd0),
    .key_cmd_len_o            (key_cmd_len),
    .key_cmd_busy_i           (ks_busy),
    .key_cmd_busy_o           (),
    .key_cmd_retiring_i       (key_retiring),
    .key_cmd_retiring_o       (),
    .key_cmd_we_o             (key_cmd_we),
    .key_cmd_wr_err_i         (ks_cmd_err),
    .key_valid_mask_i         (32'(key_valid_mask)),
    .key_data_word_o          (key_data_word),
    .key_data_we_o            (key_data_we),
    .key_data_idx_o           (key_data_idx),
    .key_cmd_curve_i          (3'd0),
    .key_cmd_curve_o          (key_cmd_curve),
    .key_data8_word_o         (key_data8_word),
    .key_data8_we_o           (key_data8_we),
    .chan_sel_index_o         (chan_sel),
    .chan_cfg1_nonce_len_i    (chan_rcfg_q.nonce_len),
    .chan_cfg1_nonce_len_o    (chan_cfg1_w.nonce_len),
    .chan_cfg1_dest_len_i     (chan_rcfg_q.dest_len),
    .chan_cfg1_dest_len_o     (chan_cfg1_w.dest_len),
    .chan_cfg1_kdf_i          (chan_rcfg_q.kdf),
    .chan_cfg1_kdf_o          (chan_cfg1_w.kdf),
    .chan_cfg1_zero_key_i     (chan_rcfg_q.zero_key),
    .chan_cfg1_zero_key_o     (chan_cfg1_w.zero_key),
    .chan_cfg1_secret_in_i    (chan_rcfg_q.secret_in),
    .chan_cfg1_secret_in_o    (chan_cfg1_w.secret_in),
    .chan_cfg1_secret_out_i   (chan_rcfg_q.secret_out),
    .chan_cfg1_secret_out_o   (chan_cfg1_w.secret_out),
    .chan_cfg1_curve_i        (chan_rcfg_q.curve),
    .chan_cfg1_curve_o        (chan_cfg1_w.curve),
    .chan_cfg1_src_slot_i     (chan_rcfg_q.src_slot),
    .chan_cfg1_src_slot_o     (chan_cfg1_w.src_slot),
    .chan_cfg1_dest_slot_i    (chan_rcfg_q.dest_slot),
    .chan_cfg1_dest_slot_o    (chan_cfg1_w.dest_slot),
    .chan_cfg1_we_o           (chan_cfg1_we),
    .chan_cfg1_wr_err_i       (1'b0),
    .chan_cfg0_mode_i         (chan_rcfg_q.mode),
    .chan_cfg0_enable_i       (chan_rcfg_q.enable),
    .chan_cfg0_key_len_i      (chan_rcfg_q.key_len),
    .chan_cfg0_tag_len_i      (chan_rcfg_q.tag_len),
    .chan_cfg0_ordered_i      (chan_rcfg_q.ordered),
    .chan_cfg0_affinity_i     (chan_rcfg_q.affinity),
    .chan_cfg0_split_i        (chan_rcfg_q.split),
    .chan_cfg0_key_slot_i     (chan_rcfg_q.key_slot),
    .chan_cfg0_kind_i         (chan_rcfg_q.kind),
    .chan_cfg0_kind_o         (cfg0_kind),
    .chan_cfg0_mode_o         (cfg0_mode),
    .chan_cfg0_enable_o       (cfg0_enable),
    .chan_cfg0_key_len_o      (cfg0_key_len),
    .chan_cfg0_tag_len_o      (cfg0_tag_len),
    .chan_cfg0_ordered_o      (cfg0_ordered),
    .chan_cfg0_affinity_o     (cfg0_affinity),
    .chan_cfg0_split_o        (cfg0_split),
    .chan_cfg0_key_slot_o     (cfg0_key_slot),
    .chan_cfg0_we_o           (chan_cfg0_we),
    .chan_cfg0_wr_err_i       (chan_cfg0_err),
    .fw_cores_mask_o          (fw_cores_mask),
    .fw_addr_addr_i           (fw_addr),
    .fw_addr_addr_o           (fw_addr_wdata),
    .fw_addr_we_o             (fw_addr_we),
    .fw_addr_wr_err_i         (fw_addr_err),
    .fw_data_word_i           (32'd0),
    .fw_data_word_o           (fw_data_wdata),
    .fw_data_we_o             (fw_data_we),
    .fw_data_wr_err_i         (fw_data_err),
    .fw_entry_addr_i          (10'd0),
    .fw_entry_func_i          (5'd0),
    .fw_entry_valid_i         (1'b0),
    .fw_entry_addr_o          (fw_entry_addr),
    .fw_entry_func_o          (fw_entry_func),
    .fw_entry_valid_o         (fw_entry_valid),
    .fw_entry_we_o            (fw_entry_we),
    .fw_entry_wr_err_i        (fw_entry_err),
    .fw_len_len_i             (fw_len),
    .fw_len_len_o             (fw_len_wdata),
    .fw_len_loaded_i          (fw_loaded),
    .fw_len_loaded_o          (),
    .fw_len_committed_i       (fw_committed),
    .fw_len_committed_o       (),
    .fw_len_busy_i            (fw_busy),
    .fw_len_busy_o            (),
    .fw_len_we_o              (fw_len_we),
    .fw_len_wr_err_i          (fw_len_err),
    .fw_check_crc_i           (fw_crc),
    .fw_check_crc_o           (fw_check_wdata),
    .fw_check_we_o            (fw_check_we),
    .fw_check_wr_err_i        (fw_check_err),
    .irq_o
  );
  /* verilator lint_on PINCONNECTEMPTY */

  //////////////////////////////
  // Key store, channel table //
  //////////////////////////////


  mccp_key_store #(
    .KeySlots  (KeySlots),
    .NumCurves (mccp_ecc_curves_pkg::NumCurves)
  ) u_key_store (
    .clk_i,
    .rst_ni,
    .stage_we_i   (key_data_we || key_data8_we),
    .stage_idx_i  (key_data8_we ? 4'd8 : {1'b0, key_data_idx}),
    .stage_data_i (key_data8_we ? key_data8_word : key_data_word),
    .cmd_valid_i  (key_cmd_we),
    .cmd_op_i     (key_cmd_op),
    .cmd_slot_i   (key_sel),
    .cmd_len_i    (key_cmd_len),
    .cmd_curve_i  (key_cmd_curve),
    .wipe_ec_i    (ks_wipe_ec),
    .wipe_aes_i   (ks_wipe_aes),
    .sc_valid_i   (sc_valid),
    .sc_ready_o   (sc_ready),
    .sc_slot_i    (sc_slot),
    .sc_data_i    (sc_data),
    .sc_len_i     (sc_len),
    .sc_curve_i   (sc_curve),
    .sc_restricted_i (sc_restricted),
    .rd_hold_i    (sink_busy),
    .cmd_err_o    (ks_cmd_err),
    .valid_o      (key_valid_mask),
    .inv_valid_o  (ks_inv_valid),
    .inv_slot_o   (ks_inv_slot),
    .inv_all_o    (ks_inv_all),
    .rd_req_i     (ks_rd_req),
    .rd_slot_i    (ks_rd_slot),
    .rd_ack_o     (ks_rd_ack),
    .rd_key_o     (ks_rd_key),
    .rd_len_o     (ks_rd_len),
    .rd_curve_o   (ks_rd_curve),
    .rd_restricted_o (ks_rd_restricted),
    .rd_valid_o   (ks_rd_valid),
    .busy_o       (ks_busy)
  );

  mccp_key_read_arb u_key_read_arb (
    .clk_i,
    .rst_ni,
    .a_req_i   (sched_ks_req),
    .a_slot_i  (sched_ks_slot),
    .a_ack_o   (sched_ks_ack),
    .b_req_i   (cop_ks_req),
    .b_slot_i  (cop_ks_slot),
    .b_ack_o   (cop_ks_ack),
    .rd_req_o  (ks_rd_req),
    .rd_slot_o (ks_rd_slot),
    .rd_ack_i  (ks_rd_ack)
  );

  mccp_cop #(.Enable(CopEnable), .KeySlots(KeySlots)) u_cop (
    .clk_i,
    .rst_ni,
    .cmd_valid_i     (cop_cmd_valid_i),
    .cmd_ready_o     (cop_cmd_ready_o),
    .cmd_func_i      (cop_cmd_func_i),
    .cmd_a_i         (cop_cmd_a_i),
    .cmd_b_i         (cop_cmd_b_i),
    .rsp_valid_o     (cop_rsp_valid_o),
    .rsp_ready_i     (cop_rsp_ready_i),
    .rsp_data_o      (cop_rsp_data_o),
    .ks_req_o        (cop_ks_req),
    .ks_slot_o       (cop_ks_slot),
    .ks_ack_i        (cop_ks_ack),
    .ks_key_i        (ks_rd_key),
    .ks_len_i        (ks_rd_len),
    .ks_restricted_i (ks_rd_restricted),
    .ks_valid_i      (ks_rd_valid),
    .inv_valid_i     (ks_inv_valid),
    .inv_slot_i      (ks_inv_slot),
    .inv_all_i       (ks_inv_all)
  );

  // CHAN_CFG1 is staged; a CHAN_CFG0 write stores both.
  mccp_fabric_pkg::chan_cfg_t cfg1_stage_q;
  always_comb begin
    // the CHAN_CFG0 fields of chan_cfg1_w are not driven by the register block
    chan_cfg1_w.kind     = '0;
    chan_cfg1_w.key_slot = '0;
    chan_cfg1_w.split    = 1'b0;
    chan_cfg1_w.affinity = 1'b0;
    chan_cfg1_w.ordered  = 1'b0;
    chan_cfg1_w.tag_len  = '0;
    chan_cfg1_w.key_len  = '0;
    chan_cfg1_w.enable   = 1'b0;
    chan_cfg1_w.mode     = '0;
  end
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      cfg1_stage_q <= '0;
    end else if (chan_cfg1_we) begin
      cfg1_stage_q <= chan_cfg1_w;
    end
  end
  mccp_fabric_pkg::chan_cfg_t chan_wr;
  always_comb begin
    chan_wr            = cfg1_stage_q;
    chan_wr.kind      = cfg0_kind;
    chan_wr.key_slot  = cfg0_key_slot;
    chan_wr.split     = cfg0_split;
    chan_wr.affinity  = cfg0_affinity;
    chan_wr.ordered   = cfg0_ordered;
    chan_wr.tag_len   = cfg0_tag_len;
    chan_wr.key_len   = cfg0_key_len;
    chan_wr.enable    = cfg0_enable;
    chan_wr.mode      = cfg0_mode;
  end

  // The secret rules (docs/fabric.md "Secret inputs and outputs"): an entry
  // that could let a secret out, or that names a slot the store does not have,
  // is refused (the CHAN_CFG0 write answers SLVERR, the table keeps the old entry).
  // An rng channel: ec-keygen only with SECRET_OUT (its scalar goes nowhere
  // else), generate with or without it (random bytes, or an AES key), the others
  // without; no secret input, zero key or KDF.
  logic is_ecc_wr, ecdh_wr, is_rng_wr, keygen_wr, rng_out_ok;
  assign is_ecc_wr  = chan_wr.kind == mccp_regs_pkg::KIND_ECC;
  assign ecdh_wr    = is_ecc_wr && chan_wr.mode == mccp_regs_pkg::MODE_ECDH;
  assign is_rng_wr  = chan_wr.kind == mccp_regs_pkg::KIND_RNG;
  assign keygen_wr  = chan_wr.mode == mccp_regs_pkg::MODE_EC_KEYGEN;
  assign rng_out_ok = keygen_wr ? chan_wr.secret_out
                                : (!chan_wr.secret_out || chan_wr.mode == mccp_regs_pkg::MODE_GENERATE);
  // an arx or ugrid channel takes none of the secret routes (its output is data)
  assign chan_cfg0_err = ((chan_wr.kind == mccp_regs_pkg::KIND_ARX || chan_wr.kind == mccp_regs_pkg::KIND_UGRID) &&
                          (chan_wr.secret_in || chan_wr.secret_out || chan_wr.zero_key || chan_wr.kdf)) ||
                         (chan_wr.secret_in && (!chan_wr.secret_out || is_ecc_wr || is_rng_wr)) ||
                         (chan_wr.zero_key && (is_ecc_wr || is_rng_wr)) ||
                         (chan_wr.kdf && (!chan_wr.secret_out || is_ecc_wr || is_rng_wr ||
                                          chan_wr.mode != mccp_regs_pkg::MODE_CMAC)) ||
                         (is_ecc_wr && (chan_wr.secret_out != ecdh_wr)) ||
                         (is_rng_wr && !rng_out_ok) ||
                         (chan_wr.secret_out && 32'(chan_wr.dest_slot) >= KeySlots) ||
                         (chan_wr.secret_in && 32'(chan_wr.src_slot) >= KeySlots);

  logic [7:0] lookup_idx;

  mccp_chan_table #(
    .Channels (Channels)
  ) u_chan_table (
    .clk_i,
    .rst_ni,
    .wr_i       (chan_cfg0_we && !chan_cfg0_err),
    .wr_idx_i   (chan_sel),
    .wr_cfg_i   (chan_wr),
    .a_idx_i    (chan_sel),
    .a_cfg_o    (chan_rcfg),
    .b_idx_i    (lookup_idx),
    .b_cfg_o    (chan_lookup_cfg)
  );

  // The host's readback of the entry (CHAN_CFG0/1) passes one register: the
  // block RAM's output crosses the die to the register block.  Still current
  // for the host: mccp_regs samples a read a cycle after taking its address,
  // and a read ordered after the write of CHAN_SEL (or CHAN_CFG0) is taken a
  // cycle after that write's response at the earliest.
  always_ff @(posedge clk_i) chan_rcfg_q <= chan_rcfg;

  ///////////////////////
  // Parser, scheduler //
  ///////////////////////

  logic         word_valid, word_ready, word_last, word_keep_err;
  logic [127:0] word_data;
  logic [4:0]   word_bytes;

  mccp_prim_width_up #(
    .StreamBits (StreamBits)
  ) u_width_up (
    .clk_i,
    .rst_ni,
    .s_tvalid_i   (s_axis_tvalid_i),
    .s_tready_o   (s_axis_tready_o),
    .s_tdata_i    (s_axis_tdata_i),
    .s_tkeep_i    (s_axis_tkeep_i),
    .s_tlast_i    (s_axis_tlast_i),
    .word_valid_o (word_valid),
    .word_ready_i (word_ready),
    .word_data_o  (word_data),
    .word_bytes_o (word_bytes),
    .word_keep_err_o (word_keep_err),
    .word_last_o  (word_last)
  );

  logic                      req_valid, req_ready, req_err;
  logic [127:0]              sec_word;     // a SECRET_IN task's body word (scheduler -> parser)
  logic                      sec_pop, sec_last;
  logic [7:0]                req_err_status;
  logic [3:0]                req_core;
  mccp_fabric_pkg::task_req_t req;
  logic [N-1:0]              cin_valid, cin_ready;
  logic [127:0]              cin_data;
  logic                      cin_last;
  logic                      in_done_valid, in_done_len_err;
  logic [3:0]                in_done_core;
  logic                      err_valid, err_ready;
  logic [7:0]                err_status;
  logic [15:0]               err_channel;
  logic [31:0]               err_seq;

  mccp_stream_in #(
    .NumCores (N),
    .Channels (Channels),
    .InWords  (InWords)
  ) u_stream_in (
    .clk_i,
    .rst_ni,
    .word_valid_i      (word_valid),
    .word_ready_o      (word_ready),
    .word_data_i       (word_data),
    .word_bytes_i      (word_bytes),
    .word_keep_err_i   (word_keep_err),
    .word_last_i       (word_last),
    .chan_idx_o        (lookup_idx),
    .chan_cfg_i        (chan_lookup_cfg),
    .req_valid_o       (req_valid),
    .req_ready_i       (req_ready),
    .req_err_i         (req_err),
    .req_err_status_i  (req_err_status),
    .req_core_i        (req_core),
    .req_o             (req),
    .core_valid_o      (cin_valid),
    .core_ready_i      (cin_ready),
    .core_data_o       (cin_data),
    .core_last_o       (cin_last),
    .sec_word_i        (sec_word),
    .sec_pop_o         (sec_pop),
    .sec_last_o        (sec_last),
    .in_done_valid_o   (in_done_valid),
    .in_done_core_o    (in_done_core),
    .in_done_len_err_o (in_done_len_err),
    .err_valid_o       (err_valid),
    .err_ready_i       (err_ready),
    .err_status_o      (err_status),
    .err_channel_o     (err_channel),
    .err_seq_o         (err_seq),
    .pkt_in_o          (pkt_in)
  );

  logic [N-1:0]   key_ready, start_valid, start_ready, res_fire, rec_space, rec_empty;
  logic [N-1:0]   sched_busy, sched_start;
  logic [1:0]     start_role;
  logic           kx_start, kx_done, kx_busy_unused, kx_we;
  logic [255:0]   kx_key;
  logic [2:0]     kx_len;      // key size code; the AES key expander and cores take [1:0]
  logic [3:0]     kx_core;
  logic [3:0]     kx_idx;
  logic [127:0]   kx_rk, kx_rk_dec;
  logic           kx_sbox_en_unused;
  logic [7:0]     kx_sbox_addr_unused;
  logic [N*10-1:0] start_entry;
  logic [287:0]   slot_key;
  logic [127:0]   start_args;
  logic           start_empty;
  logic           disp_valid, disp_ordered;
  logic [3:0]     disp_core;
  logic [7:0]     disp_channel;
  logic [31:0]    disp_seq, disp_start_cycle;
  logic [4:0]     disp_key_slot;
  logic           disp_stale, disp_secret;
  mccp_fabric_pkg::secret_dest_t disp_dest;
  logic           ent_we;
  logic [N-1:0]   ent_cores;
  logic [mccp_regs_pkg::ModeBits:0] ent_func;
  logic [9:0]     ent_addr;
  logic           ent_valid;

  mccp_sched #(
    .NumCores     (N),
    .DecryptCores (DecryptCores & ~UnitSlots),
    .SlotKinds    (SlotKinds),
    .FixedSlots   (RngSlots),
    .FixedFuncs   (RngFuncs)
  ) u_sched (
    .clk_i,
    .rst_ni,
    .cycle_i            (cycle_q[31:0]),
    .affinity_en_i      (sched_affinity),
    .split_en_i         (sched_ccm_split),
    .enable_i           (enable),
    .req_valid_i        (req_valid),
    .req_ready_o        (req_ready),
    .req_err_o          (req_err),
    .req_err_status_o   (req_err_status),
    .req_core_o         (req_core),
    .req_i              (req),
    .ks_rd_req_o        (sched_ks_req),
    .ks_rd_slot_o       (sched_ks_slot),
    .ks_rd_ack_i        (sched_ks_ack),
    .ks_rd_key_i        (ks_rd_key),
    .ks_rd_len_i        (ks_rd_len),
    .ks_rd_curve_i      (ks_rd_curve),
    .ks_rd_valid_i      (ks_rd_valid),
    .ks_rd_restricted_i (ks_rd_restricted),
    .ks_busy_i          (ks_busy),
    .ks_inv_valid_i     (ks_inv_valid),
    .ks_inv_slot_i      (ks_inv_slot),
    .ks_inv_all_i       (ks_inv_all),
    .rec_space_i        (rec_space),
    .res_fire_i         (res_fire),
    .core_key_ready_i   (key_ready),
    .kx_start_o         (kx_start),
    .kx_key_o           (kx_key),
    .kx_len_o           (kx_len),
    .kx_core_o          (kx_core),
    .kx_done_i          (kx_done),
    .core_start_valid_o (start_valid),
    .core_start_ready_i (start_ready),
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
    .disp_secret_o      (disp_secret),
    .disp_dest_o        (disp_dest),
    .sec_word_o         (sec_word),
    .sec_pop_i          (sec_pop),
    .sec_last_i         (sec_last),
    .ent_we_i           (ent_we),
    .ent_cores_i        (ent_cores),
    .ent_func_i         (ent_func),
    .ent_addr_i         (ent_addr),
    .ent_valid_i        (ent_valid),
    .busy_o             (sched_busy),
    .start_o            (sched_start),
    .start_role_o       (start_role),
    .caps_funcs_o       (caps_funcs),
    .key_tag_valid_o    (key_tag_valid),
    .key_tag_slot_o     (key_tag_slot),
    .retiring_o         (sched_retiring)
  );

  // The shared key expander: expands a key once, into the round-key cache of
  // the core the scheduler chose (kx_core); the cores have no expander.
  // Round keys in decryption form only if some core decrypts.
  mccp_aes_key_expand #(
    .DecKeys (DecryptCores[NumCores-1:0] != '0),
    .ExtSbox (1'b0)
  ) u_key_expand (
    .clk_i,
    .rst_ni,
    .start_i     (kx_start),
    .key_i       (kx_key),
    .key_len_i   (kx_len[1:0]),
    .busy_o      (kx_busy_unused),
    .done_o      (kx_done),
    .rk_we_o     (kx_we),
    .rk_idx_o    (kx_idx),
    .rk_o        (kx_rk),
    .rk_dec_o    (kx_rk_dec),
    .sbox_en_o   (kx_sbox_en_unused),
    .sbox_addr_o (kx_sbox_addr_unused),
    .sbox_data_i ('0)
  );

  logic [N-1:0] imem_we;
  logic [15:0]  imem_addr;      // below 1024 but for an ARX image (4096 words) or a grid's
  logic [31:0]  imem_wdata;
  if (NumArxUnits == 0 && NumUgrids == 0) begin : g_no_arx_addr
    logic unused_addr;
    assign unused_addr = ^{imem_addr[15:10], kx_len[2]};   // (a 96-bit key: ARX only)
  end else if (NumUgrids == 0) begin : g_no_ugrid_addr
    logic unused_addr;
    assign unused_addr = ^imem_addr[15:12];
  end

  // The EC units share one microcode memory: an image for any of them is an
  // image for all, so FW_CORES naming one names them all (the loader then
  // checks that every one is disabled and idle).  A mask naming slots of two
  // kinds is refused (FW_LEN answers SLVERR, no image opens).
  logic [N-1:0] fw_mask;
  logic         fw_mixed, fw_rng;
  assign fw_mask  = fw_cores_mask[N-1:0] |
                    (((fw_cores_mask[N-1:0] & EcSlots[N-1:0]) != '0) ? EcSlots[N-1:0] : '0);
  assign fw_mixed = (((fw_cores_mask[N-1:0] & EcSlots[N-1:0]) != '0) &&
                     ((fw_cores_mask[N-1:0] & ~EcSlots[N-1:0]) != '0)) ||
                    (((fw_cores_mask[N-1:0] & ArxSlots[N-1:0]) != '0) &&
                     ((fw_cores_mask[N-1:0] & ~ArxSlots[N-1:0]) != '0)) ||
                    (((fw_cores_mask[N-1:0] & UgridSlots[N-1:0]) != '0) &&
                     ((fw_cores_mask[N-1:0] & ~UgridSlots[N-1:0]) != '0));
  // an ARX image is larger (docs/arx.md): up to 4096 words when only ARX elements
  // are named; a grid's holds every core's instruction memory (mccp_ugrid_slot)
  localparam int UgridRowW = (UgridRows > 1) ? $clog2(UgridRows) : 1;
  localparam int UgridColW = (UgridCols > 1) ? $clog2(UgridCols) : 1;
  localparam int UgridImage = (1 << (UgridRowW + UgridColW + $clog2(UgridImemDepth))) + 4 * 256 +
                              3 * (2 + 2 * 16 * (UgridRows / 4) * (UgridCols / 4));
  logic [15:0] fw_max_len;
  assign fw_max_len = ((fw_cores_mask[N-1:0] & UgridSlots[N-1:0]) != '0) ? 16'(UgridImage) :
                      ((fw_cores_mask[N-1:0] & ArxSlots[N-1:0]) != '0) ? 16'd4096 : 16'd1024;
  // The randomness unit runs no firmware: an image for it is refused too.
  assign fw_rng   = (fw_cores_mask[N-1:0] & RngSlots[N-1:0]) != '0;
  logic fw_len_err_loader;
  assign fw_len_err = fw_len_err_loader || (fw_len_we && (fw_mixed || fw_rng));
  // An image opened or an entry point changed: the key store wipes what that kind's
  // firmware could reveal, so a new program (or an old one entered elsewhere) never
  // runs with a secret stored under another -- EC microcode: every EC private scalar
  // and shared secret; AES firmware: every restricted slot (shared secrets, which it
  // reads as data, and keys made from them).
  logic fw_change;
  assign fw_change   = (fw_len_we && !fw_len_err) || (fw_entry_we && !fw_entry_err);
  assign ks_wipe_ec  = fw_change && ((fw_mask & EcSlots[N-1:0]) != '0);
  assign ks_wipe_aes = fw_change && ((fw_mask & ~UnitSlots[N-1:0]) != '0);

  mccp_fw_loader #(
    .NumCores (N)
  ) u_fw_loader (
    .clk_i,
    .rst_ni,
    .cores_i      (fw_mask),
    .enable_i     (enable),
    .idle_i       (core_idle),
    .max_len_i    (fw_max_len),
    .len_we_i     (fw_len_we && !fw_mixed && !fw_rng),
    .len_wdata_i  (fw_len_wdata),
    .len_err_o    (fw_len_err_loader),
    .len_o        (fw_len),
    .loaded_o     (fw_loaded),
    .committed_o  (fw_committed),
    .busy_o       (fw_busy),
    .addr_we_i    (fw_addr_we),
    .addr_wdata_i (fw_addr_wdata),
    .addr_err_o   (fw_addr_err),
    .addr_o       (fw_addr),
    .data_we_i    (fw_data_we),
    .data_wdata_i (fw_data_wdata),
    .data_err_o   (fw_data_err),
    .check_we_i   (fw_check_we),
    .check_wdata_i (fw_check_wdata),
    .check_err_o  (fw_check_err),
    .crc_o        (fw_crc),
    .entry_we_i   (fw_entry_we),
    .entry_func_i (fw_entry_func),
    .entry_addr_i (fw_entry_addr),
    .entry_valid_i (fw_entry_valid),
    .entry_err_o  (fw_entry_err),
    .imem_we_o    (imem_we),
    .imem_addr_o  (imem_addr),
    .imem_wdata_o (imem_wdata),
    .ent_we_o     (ent_we),
    .ent_cores_o  (ent_cores),
    .ent_func_o   (ent_func),
    .ent_addr_o   (ent_addr),
    .ent_valid_o  (ent_valid)
  );

  ///////////
  // Cores //
  ///////////

  logic [N-1:0]       cout_valid, cout_ready, cout_last, res_valid, res_ready, core_busy;
  logic [N-1:0]       so_res_ready, mac_half;   // mac_half: the core runs a split task's MAC half
  logic [N-1:0]       pair_en, abort, pair_abort;
  // core-to-core links (AES cores only)
  logic [NumCores-1:0]     tx_push, tx_space, tx_space_np, tx_space_nh;
  logic [NumCores-1:0]     rx_pop, rx_valid, rx_valid_np, rx_valid_nh;
  logic [NumCores*128-1:0] tx_data, rx_data;
  logic [N*128-1:0]   cout_data;
  logic [N*5-1:0]     cout_bytes;
  logic [N*8-1:0]     res_status;
  logic [N*16-1:0]    res_bytes;

  // Nothing here reads the cores' trace, so it is off (TraceEnable 0: no
  // trace read ports on the register files), and its ports are left open.
  /* verilator lint_off PINCONNECTEMPTY */
  for (genvar c = 0; c < NumCores; c++) begin : g_core
    logic key_error_unused, key_expanded_unused;
    mccp_core #(
      .InWords        (InWords),
      .OutWords       (OutWords),
      .DecryptEnable  (DecryptCores[c]),
      .GhashDigitBits (GhashDigitBits),
      .KeyExpand      (1'b0),
      .TraceEnable    (1'b0)
    ) u_core (
      .clk_i,
      .rst_ni,
      .imem_we_i        (imem_we[c]),
      .imem_addr_i      (imem_addr[9:0]),
      .imem_wdata_i     (imem_wdata),
      .key_valid_i      (1'b0),
      .key_ready_o      (key_ready[c]),
      .key_i            ('0),
      .key_len_i        ('0),
      .key_error_o      (key_error_unused),
      .key_expanded_o   (key_expanded_unused),
      .rk_we_i          (kx_we && kx_core == 4'(c)),
      .rk_idx_i         (kx_idx),
      .rk_i             (kx_rk),
      .rk_dec_i         (kx_rk_dec),
      .rk_done_i        (kx_done && kx_core == 4'(c)),
      .rk_len_i         (kx_len[1:0]),
      .start_valid_i    (start_valid[c]),
      .start_ready_o    (start_ready[c]),
      .start_entry_i    (start_entry[c*10 +: 10]),
      .start_args_i     (start_args),
      .start_empty_i    (start_empty),
      .in_valid_i       (cin_valid[c]),
      .in_ready_o       (cin_ready[c]),
      .in_data_i        (cin_data),
      .in_last_i        (cin_last),
      .out_valid_o      (cout_valid[c]),
      .out_ready_i      (cout_ready[c]),
      .out_data_o       (cout_data[c*128 +: 128]),
      .out_bytes_o      (cout_bytes[c*5 +: 5]),
      .out_last_o       (cout_last[c]),
      .res_valid_o      (res_valid[c]),
      .res_ready_i      (res_ready[c]),
      .res_status_o     (res_status[c*8 +: 8]),
      .res_bytes_o      (res_bytes[c*16 +: 16]),
      .busy_o           (core_busy[c]),
      .pair_en_i            (pair_en[c]),
      .abort_i              (abort[c]),
      .tx_push_o            (tx_push[c]),
      .tx_data_o            (tx_data[c*128 +: 128]),
      .tx_space_i           (tx_space[c]),
      .tx_space_next_push_i (tx_space_np[c]),
      .tx_space_next_hold_i (tx_space_nh[c]),
      .rx_pop_o             (rx_pop[c]),
      .rx_valid_i           (rx_valid[c]),
      .rx_data_i            (rx_data[c*128 +: 128]),
      .rx_valid_next_pop_i  (rx_valid_np[c]),
      .rx_valid_next_hold_i (rx_valid_nh[c]),
      .trace_valid_o    (),
      .trace_pc_o       (),
      .trace_insn_o     (),
      .trace_we_o       (),
      .trace_wsreg_o    (),
      .trace_wreg_o     (),
      .trace_wdata_o    (),
      .trace_wb_valid_o (),
      .trace_wb_reg_o   (),
      .trace_wb_data_o  ()
    );
  end
  /* verilator lint_on PINCONNECTEMPTY */

  //////////////////////////
  // Elliptic-curve units //
  //////////////////////////

  // Slots NumCores.. : the units (mccp_ecc_cluster: one shared microcode
  // memory behind its arbiter), each behind the slot contract's buffers
  // (mccp_slot_io).  A private scalar comes from the key store's read port
  // (slot_key, offered with the start), never through the AES key expander.
  if (NumEcUnits > 0) begin : g_ec
    localparam int E    = NumEcUnits;
    localparam int WMax = (EcMaxM + 127) / 128;   // words of a field element
    logic                u_mc_we;
    logic [E-1:0]        u_start_valid, u_start_ready, u_in_valid, u_in_ready, u_in_last;
    logic [E-1:0]        u_out_we, u_out_space, u_res_valid, u_res_ready, u_busy, u_abort;
    // flat vectors, unit e at [e*width +: width]: Yosys cannot index a packed
    // array declared in a generate block from the nested loop below
    logic [E*10-1:0]     u_entry;
    logic [E*128-1:0]    u_args, u_in_data, u_out_data;
    logic [E*8-1:0]      u_status;
    logic [E-1:0]        u_empty;
    logic [E*EcMaxM-1:0] u_key;

    assign u_mc_we = (imem_we & EcSlots[N-1:0]) != '0;
    for (genvar e = 0; e < E; e++) begin : g_unit_ports
      localparam int S = NumCores + e;
      assign u_start_valid[e] = start_valid[S];
      assign start_ready[S]   = u_start_ready[e];
      assign u_entry[e*10 +: 10] = start_entry[S*10 +: 10];
      assign u_args[e*128 +: 128] = start_args;
      assign u_empty[e]       = start_empty;
      assign u_key[e*EcMaxM +: EcMaxM] = slot_key[EcMaxM-1:0];
      assign u_abort[e]       = abort[S];
      assign core_busy[S]     = u_busy[e];
      assign key_ready[S]     = 1'b0;    // the AES key expander never serves it
      // no pair partner
      assign pair_en[S]       = 1'b0;
      assign pair_abort[S]    = 1'b0;
      assign mac_half[S]      = 1'b0;

      mccp_slot_io #(
        .InDepth  (4 * WMax),       // ec-add's four elements
        .OutDepth (3 * 2 * WMax)    // three tasks of two elements (mccp_slot_io)
      ) u_io (
        .clk_i,
        .rst_ni,
        .in_valid_i        (cin_valid[S]),
        .in_ready_o        (cin_ready[S]),
        .in_data_i         (cin_data),
        .in_last_i         (cin_last),
        .out_valid_o       (cout_valid[S]),
        .out_ready_i       (cout_ready[S]),
        .out_data_o        (cout_data[S*128 +: 128]),
        .out_bytes_o       (cout_bytes[S*5 +: 5]),
        .out_last_o        (cout_last[S]),
        .res_valid_o       (res_valid[S]),
        .res_ready_i       (res_ready[S]),
        .res_status_o      (res_status[S*8 +: 8]),
        .res_bytes_o       (res_bytes[S*16 +: 16]),
        .unit_in_valid_o   (u_in_valid[e]),
        .unit_in_ready_i   (u_in_ready[e]),
        .unit_in_data_o    (u_in_data[e*128 +: 128]),
        .unit_in_last_o    (u_in_last[e]),
        .unit_out_we_i     (u_out_we[e]),
        .unit_out_data_i   (u_out_data[e*128 +: 128]),
        .unit_out_bytes_i  (5'd16),
        .unit_out_space_o  (u_out_space[e]),
        .unit_res_valid_i  (u_res_valid[e]),
        .unit_res_ready_o  (u_res_ready[e]),
        .unit_res_status_i (u_status[e*8 +: 8])
      );
    end

    /* verilator lint_off PINCONNECTEMPTY */
    mccp_ecc_cluster #(
      .NumUnits    (E),
      .MaxM        (EcMaxM),
      .Digit       (EcDigit),
      .Karatsuba   (EcKaratsuba),
      .DualIssue   (EcDualIssue),
      .McodeWords  (1024),
      .TraceEnable (1'b0)
    ) u_cluster (
      .clk_i,
      .rst_ni,
      .mc_we_i          (u_mc_we),
      .mc_waddr_i       (imem_addr[9:0]),
      .mc_wdata_i       (imem_wdata),
      .start_valid_i    (u_start_valid),
      .start_ready_o    (u_start_ready),
      .start_entry_i    (u_entry),
      .start_args_i     (u_args),
      .start_empty_i    (u_empty),
      .start_key_i      (u_key),
      .in_valid_i       (u_in_valid),
      .in_ready_o       (u_in_ready),
      .in_data_i        (u_in_data),
      .in_last_i        (u_in_last),
      .out_we_o         (u_out_we),
      .out_data_o       (u_out_data),
      .out_space_i      (u_out_space),
      .res_valid_o      (u_res_valid),
      .res_ready_i      (u_res_ready),
      .res_status_o     (u_status),
      .busy_o           (u_busy),
      .abort_i          (u_abort),
      .trace_valid_o    (),
      .trace_cycle_o    (),
      .trace_pc_o       (),
      .trace_insn_o     (),
      .trace_we_o       (),
      .trace_creg_o     (),
      .trace_reg_o      (),
      .trace_data_o     (),
      .trace2_valid_o   (),
      .trace2_pc_o      (),
      .trace2_insn_o    (),
      .trace2_we_o      (),
      .trace2_creg_o    (),
      .trace2_reg_o     (),
      .trace2_data_o    (),
      .trace_wb_valid_o (),
      .trace_wb_cycle_o (),
      .trace_wb_reg_o   (),
      .trace_wb_data_o  ()
    );
    /* verilator lint_on PINCONNECTEMPTY */
  end

  ////////////////////
  // ARX elements   //
  ////////////////////

  // Slots NumEcEnd.. (docs/arx.md): each element behind its slot adapter
  // (mccp_arx_slot: the packet's body and the result in block RAM, the image's
  // 32-bit words gathered into instructions and constants, the key
  // byte-reversed).  A keyed function's key comes from the key store's read
  // port (slot_key, offered with the start, its size code kx_len beside it),
  // never through the AES key expander.
  for (genvar a = 0; a < NumArxUnits; a++) begin : g_arx
    localparam int S = NumEcEnd + a;
    assign key_ready[S]  = 1'b0;
    assign pair_en[S]    = 1'b0;
    assign pair_abort[S] = 1'b0;
    assign mac_half[S]   = 1'b0;
    mccp_arx_slot #(
      .InDepth  (InWords),
      .OutDepth (OutWords + 4),         // and a pi-Cipher tag of up to 64 bytes
      .PiPhi    (ArxPiPhi)
    ) u_slot (
      .clk_i,
      .rst_ni,
      .fw_we_i       (imem_we[S]),
      .fw_addr_i     (imem_addr[11:0]),
      .fw_wdata_i    (imem_wdata),
      .start_valid_i (start_valid[S]),
      .start_ready_o (start_ready[S]),
      .start_entry_i (start_entry[S*10 +: 10]),
      .start_args_i  (start_args),
      .start_empty_i (start_empty),
      .start_key_i   (slot_key),
      .start_key_len_i(kx_len),
      .in_valid_i    (cin_valid[S]),
      .in_ready_o    (cin_ready[S]),
      .in_data_i     (cin_data),
      .in_last_i     (cin_last),
      .out_valid_o   (cout_valid[S]),
      .out_ready_i   (cout_ready[S]),
      .out_data_o    (cout_data[S*128 +: 128]),
      .out_bytes_o   (cout_bytes[S*5 +: 5]),
      .out_last_o    (cout_last[S]),
      .res_valid_o   (res_valid[S]),
      .res_ready_i   (res_ready[S]),
      .res_status_o  (res_status[S*8 +: 8]),
      .res_bytes_o   (res_bytes[S*16 +: 16]),
      .abort_i       (abort[S]),
      .busy_o        (core_busy[S])
    );
  end

  //////////////////////////
  // Micro-core grids     //
  //////////////////////////

  // Slots NumArxEnd.. (docs/ugrid.md): each grid behind its slot adapter
  // (mccp_ugrid_slot: its own AES key expander writing the round keys into the
  // cores' memories, the body and the result in block RAM).  The key comes
  // from the key store's read port (slot_key, offered with the start), never
  // through the shared AES key expander.
  for (genvar g = 0; g < NumUgrids; g++) begin : g_ugrid
    localparam int S = NumArxEnd + g;
    assign key_ready[S]  = 1'b0;
    assign pair_en[S]    = 1'b0;
    assign pair_abort[S] = 1'b0;
    assign mac_half[S]   = 1'b0;
    mccp_ugrid_slot #(
      .Rows      (UgridRows),
      .Cols      (UgridCols),
      .WrapRows  (UgridRings ? 4 : 0),
      .WrapCols  (UgridRings ? 4 : 0),
      .ImemDepth (UgridImemDepth),
      .InDepth   (InWords),
      .OutDepth  (OutWords)
    ) u_slot (
      .clk_i,
      .rst_ni,
      .fw_we_i       (imem_we[S]),
      .fw_addr_i     (imem_addr),
      .fw_wdata_i    (imem_wdata),
      .start_valid_i (start_valid[S]),
      .start_ready_o (start_ready[S]),
      .start_entry_i (start_entry[S*10 +: 10]),
      .start_args_i  (start_args),
      .start_empty_i (start_empty),
      .start_key_i   (slot_key),
      .start_key_len_i(kx_len),
      .in_valid_i    (cin_valid[S]),
      .in_ready_o    (cin_ready[S]),
      .in_data_i     (cin_data),
      .in_last_i     (cin_last),
      .out_valid_o   (cout_valid[S]),
      .out_ready_i   (cout_ready[S]),
      .out_data_o    (cout_data[S*128 +: 128]),
      .out_bytes_o   (cout_bytes[S*5 +: 5]),
      .out_last_o    (cout_last[S]),
      .res_valid_o   (res_valid[S]),
      .res_ready_i   (res_ready[S]),
      .res_status_o  (res_status[S*8 +: 8]),
      .res_bytes_o   (res_bytes[S*16 +: 16]),
      .abort_i       (abort[S]),
      .busy_o        (core_busy[S])
    );
  end

  ///////////////////////
  // Randomness unit   //
  ///////////////////////

  // The last slot (docs/entropy.md): no firmware, no key; its task arguments
  // carry the channel's function and curve and the body length.  Its output
  // goes through mccp_slot_io like an EC unit's; a generated key or scalar goes
  // to the key store as a secret output (docs/fabric.md).
  if (NumRngUnits > 0) begin : g_rng
    localparam int S        = NumUgridEnd;
    localparam int RngOutWords = BufBytes / 16;  // the largest generate: one buffer
    logic         u_in_valid, u_in_ready, u_in_last, u_out_we, u_out_space;
    logic         u_res_valid, u_res_ready;
    logic [127:0] u_in_data, u_out_data;
    logic [7:0]   u_status;
    logic         unused_rng;
    assign unused_rng = ^{u_in_last, start_entry[S*10 +: 10], start_empty, imem_we[S]};

    assign key_ready[S]  = 1'b0;
    assign pair_en[S]    = 1'b0;
    assign pair_abort[S] = 1'b0;
    assign mac_half[S]   = 1'b0;

    mccp_slot_io #(
      .InDepth  (4),
      .OutDepth (2 * RngOutWords + 4) // a generate's words and the next task's
    ) u_io (
      .clk_i,
      .rst_ni,
      .in_valid_i        (cin_valid[S]),
      .in_ready_o        (cin_ready[S]),
      .in_data_i         (cin_data),
      .in_last_i         (cin_last),
      .out_valid_o       (cout_valid[S]),
      .out_ready_i       (cout_ready[S]),
      .out_data_o        (cout_data[S*128 +: 128]),
      .out_bytes_o       (cout_bytes[S*5 +: 5]),
      .out_last_o        (cout_last[S]),
      .res_valid_o       (res_valid[S]),
      .res_ready_i       (res_ready[S]),
      .res_status_o      (res_status[S*8 +: 8]),
      .res_bytes_o       (res_bytes[S*16 +: 16]),
      .unit_in_valid_o   (u_in_valid),
      .unit_in_ready_i   (u_in_ready),
      .unit_in_data_o    (u_in_data),
      .unit_in_last_o    (u_in_last),
      .unit_out_we_i     (u_out_we),
      .unit_out_data_i   (u_out_data),
      .unit_out_bytes_i  (5'd16),
      .unit_out_space_o  (u_out_space),
      .unit_res_valid_i  (u_res_valid),
      .unit_res_ready_o  (u_res_ready),
      .unit_res_status_i (u_status)
    );

    mccp_entropy_unit #(
      .NumRings    (RngRings),
      .SampleDiv   (RngSampleDiv),
      .SimModel    (RngSimModel),
      .TestEntropy (RngTestEntropy),
      .OutWords    (RngOutWords),
      .EcMaxM      (283)
    ) u_rng (
      .clk_i,
      .rst_ni,
      .start_valid_i     (start_valid[S]),
      .start_ready_o     (start_ready[S]),
      .start_func_i      (start_args[34:32]),
      .start_curve_i     (start_args[98:96]),
      .start_bytes_i     (start_args[79:64]),
      .in_valid_i        (u_in_valid),
      .in_ready_o        (u_in_ready),
      .in_data_i         (u_in_data),
      .out_we_o          (u_out_we),
      .out_data_o        (u_out_data),
      .out_space_i       (u_out_space),
      .res_valid_o       (u_res_valid),
      .res_ready_i       (u_res_ready),
      .res_status_o      (u_status),
      .busy_o            (core_busy[S]),
      .abort_i           (abort[S]),
      .en_i              (rng_enable),
      .restart_i         (rng_restart_we && rng_restart_go),
      .capture_i         (rng_capture),
      .rct_cutoff_i      (rng_rct_cutoff),
      .apt_cutoff_i      (rng_apt_cutoff),
      .cond_blocks_i     (rng_cond_blocks),
      .reseed_interval_i (rng_reseed_interval),
      .state_o           (rng_state),
      .rct_fail_o        (rng_rct_fail),
      .apt_fail_o        (rng_apt_fail),
      .kat_fail_o        (rng_kat_fail),
      .samples_o         (rng_samples),
      .rct_max_o         (rng_rct_max),
      .apt_max_o         (rng_apt_max),
      .reseed_counter_o  (rng_reseed_count),
      .cap_data_o        (rng_cap_word),
      .cap_count_o       (rng_cap_words),
      .cap_pop_i         (rng_cap_pop),
      .cap_overrun_o     (rng_cap_overrun)
    );
  end else begin : g_no_rng
    assign rng_state       = mccp_regs_pkg::RNG_STATE_OFF;
    assign rng_rct_fail    = 1'b0;
    assign rng_apt_fail    = 1'b0;
    assign rng_kat_fail    = 1'b0;
    assign rng_cap_overrun = 1'b0;
    assign rng_cap_words   = '0;
    assign rng_samples     = '0;
    assign rng_rct_max     = '0;
    assign rng_apt_max     = '0;
    assign rng_reseed_count = '0;
    assign rng_cap_word    = '0;
    logic unused_rng_ctrl;
    assign unused_rng_ctrl = ^{rng_enable, rng_capture, rng_restart_go, rng_restart_we, rng_cap_pop,
                               rng_rct_cutoff, rng_apt_cutoff, rng_cond_blocks, rng_reseed_interval};
  end

  assign res_fire = res_valid & res_ready;

  ///////////////////////////////////////
  // Core pairs (split tasks, CCM)     //
  ///////////////////////////////////////

  // Core 2p is the I/O half, 2p+1 the MAC half.  The MAC half's result
  // belongs to no packet: it is taken here, not by the output stage.
  assign res_ready = so_res_ready | mac_half;

  for (genvar p = 0; p < NumCores / 2; p++) begin : g_pair
    localparam int Io = 2 * p;
    localparam int Mc = 2 * p + 1;
    mccp_core_pair u_pair (
      .clk_i,
      .rst_ni,
      .io_start_i               (sched_start[Io] && start_role == 2'd1),
      .mac_start_i              (sched_start[Mc] && start_role == 2'd2),
      .io_res_valid_i           (res_valid[Io]),
      .io_res_fire_i            (res_fire[Io]),
      .mac_res_valid_i          (res_valid[Mc]),
      .mac_res_status_i         (res_status[Mc*8 +: 8]),
      .mac_res_fire_i           (res_fire[Mc]),
      .io_pair_en_o             (pair_en[Io]),
      .mac_pair_en_o            (pair_en[Mc]),
      .io_abort_o               (pair_abort[Io]),
      .mac_abort_o              (pair_abort[Mc]),
      .io_tx_push_i             (tx_push[Io]),
      .io_tx_data_i             (tx_data[Io*128 +: 128]),
      .io_tx_space_o            (tx_space[Io]),
      .io_tx_space_next_push_o  (tx_space_np[Io]),
      .io_tx_space_next_hold_o  (tx_space_nh[Io]),
      .io_rx_pop_i              (rx_pop[Io]),
      .io_rx_valid_o            (rx_valid[Io]),
      .io_rx_data_o             (rx_data[Io*128 +: 128]),
      .io_rx_valid_next_pop_o   (rx_valid_np[Io]),
      .io_rx_valid_next_hold_o  (rx_valid_nh[Io]),
      .mac_tx_push_i            (tx_push[Mc]),
      .mac_tx_data_i            (tx_data[Mc*128 +: 128]),
      .mac_tx_space_o           (tx_space[Mc]),
      .mac_tx_space_next_push_o (tx_space_np[Mc]),
      .mac_tx_space_next_hold_o (tx_space_nh[Mc]),
      .mac_rx_pop_i             (rx_pop[Mc]),
      .mac_rx_valid_o           (rx_valid[Mc]),
      .mac_rx_data_o            (rx_data[Mc*128 +: 128]),
      .mac_rx_valid_next_pop_o  (rx_valid_np[Mc]),
      .mac_rx_valid_next_hold_o (rx_valid_nh[Mc])
    );
    assign mac_half[Io] = 1'b0;
    assign mac_half[Mc] = pair_en[Mc];
  end
  if (NumCores == 1) begin : g_no_pairs
    logic unused_role;
    assign unused_role = ^start_role;
  end
  if (NumCores % 2 == 1) begin : g_unpaired
    // the last core of an odd count has no partner: vsend / vrecv trap there
    assign pair_en[NumCores-1]     = 1'b0;
    assign pair_abort[NumCores-1]  = 1'b0;
    assign mac_half[NumCores-1]    = 1'b0;
    assign tx_space[NumCores-1]    = 1'b0;
    assign tx_space_np[NumCores-1] = 1'b0;
    assign tx_space_nh[NumCores-1] = 1'b0;
    assign rx_valid[NumCores-1]    = 1'b0;
    assign rx_valid_np[NumCores-1] = 1'b0;
    assign rx_valid_nh[NumCores-1] = 1'b0;
    assign rx_data[(NumCores-1)*128 +: 128] = '0;
    logic unused_unpaired;
    assign unused_unpaired = ^{tx_push[NumCores-1], tx_data[(NumCores-1)*128 +: 128], rx_pop[NumCores-1]};
  end

  /////////////////////////////
  // Watchdog and host abort //
  /////////////////////////////

  // A task over its budget (WATCHDOG) or aborted by the host (CORE_ABORT)
  // ends through the core's abort input, like a split task's aborted half;
  // its result's status becomes TIMEOUT or ABORTED (mccp_watchdog).
  logic [N-1:0]   kill, out_wait;
  logic [N*8-1:0] so_res_status;
  logic           so_sec_start, so_sec_valid, so_sec_last;
  logic [127:0]   so_sec_word;
  mccp_fabric_pkg::secret_dest_t so_sec_dest;
  logic [17:0]    body_bytes;

  // the request on offer is the one the next start belongs to (both halves
  // of a split task); its byte counts are in the task arguments
  assign body_bytes = 18'(req.args[111:96]) + 18'(req.args[79:64]) + 18'(req.args[47:32]) +
                      18'(req.args[15:0]);
  assign out_wait   = cout_valid & ~cout_ready;

  mccp_watchdog #(
    .NumCores   (N),
    .FixedSlots (EcSlots | RngSlots),
    .SlowSlots  (ArxSlots | UgridSlots)
  ) u_watchdog (
    .clk_i,
    .rst_ni,
    .enable_i        (wd_enable),
    .base_i          (wd_base),
    .per_word_i      (wd_per_word),
    .fixed_base_i    (wd_ec_base),
    .abort_we_i      (core_abort_we),
    .abort_mask_i    (core_abort_mask[N-1:0]),
    .body_bytes_i    (body_bytes),
    .start_i         (sched_start),
    .start_role_i    (start_role),
    .start_empty_i   (start_empty),
    .in_done_valid_i (in_done_valid),
    .in_done_core_i  (in_done_core),
    .word_valid_i    (word_valid),
    .out_wait_i      (out_wait),
    .pair_en_i       (pair_en),
    .res_valid_i     (res_valid),
    .res_fire_i      (res_fire),
    .res_status_i    (res_status),
    .kill_o          (kill),
    .res_status_o    (so_res_status)
  );

  // the core holds abort_i while it runs (it ignores it once its task ended)
  assign abort = pair_abort | kill;

  //////////////////
  // Output stage //
  //////////////////

  mccp_stream_out #(
    .NumCores   (N),
    .StreamBits (StreamBits),
    .Channels   (Channels)
  ) u_stream_out (
    .clk_i,
    .rst_ni,
    .core_out_valid_i   (cout_valid),
    .core_out_ready_o   (cout_ready),
    .core_out_data_i    (cout_data),
    .core_out_bytes_i   (cout_bytes),
    .core_out_last_i    (cout_last),
    .core_res_valid_i   (res_valid),
    .core_res_ready_o   (so_res_ready),
    .core_res_status_i  (so_res_status),
    .core_res_bytes_i   (res_bytes),
    .disp_valid_i       (disp_valid),
    .disp_core_i        (disp_core),
    .disp_channel_i     (disp_channel),
    .disp_seq_i         (disp_seq),
    .disp_ordered_i     (disp_ordered && sched_in_order),
    .disp_start_cycle_i (disp_start_cycle),
    .disp_key_slot_i    (disp_key_slot),
    .disp_stale_i       (disp_stale),
    .disp_secret_i      (disp_secret),
    .disp_dest_i        (disp_dest),
    .sec_start_o        (so_sec_start),
    .sec_dest_o         (so_sec_dest),
    .sec_word_valid_o   (so_sec_valid),
    .sec_word_o         (so_sec_word),
    .sec_word_last_o    (so_sec_last),
    .sec_busy_i         (sink_busy),
    .ks_inv_valid_i     (ks_inv_valid),
    .ks_inv_slot_i      (ks_inv_slot),
    .ks_inv_all_i       (ks_inv_all),
    .in_done_valid_i    (in_done_valid),
    .in_done_core_i     (in_done_core),
    .in_done_len_err_i  (in_done_len_err),
    .err_valid_i        (err_valid),
    .err_ready_o        (err_ready),
    .err_status_i       (err_status),
    .err_channel_i      (err_channel),
    .err_seq_i          (err_seq),
    .m_axis_tvalid_o,
    .m_axis_tready_i,
    .m_axis_tdata_o,
    .m_axis_tkeep_o,
    .m_axis_tlast_o,
    .rec_space_o        (rec_space),
    .rec_empty_o        (rec_empty),
    .pkt_out_o          (pkt_out),
    .pkt_err_o          (pkt_err),
    .retiring_o         (out_retiring)
  );

  // Secret outputs into the key store.
  mccp_secret_sink u_secret_sink (
    .clk_i,
    .rst_ni,
    .start_i         (so_sec_start),
    .dest_i          (so_sec_dest),
    .word_valid_i    (so_sec_valid),
    .word_i          (so_sec_word),
    .word_last_i     (so_sec_last),
    .busy_o          (sink_busy),
    .inv_valid_i     (ks_inv_valid),
    .inv_all_i       (ks_inv_all),
    .inv_slot_i      (ks_inv_slot),
    .sc_valid_o      (sc_valid),
    .sc_ready_i      (sc_ready),
    .sc_slot_o       (sc_slot),
    .sc_data_o       (sc_data),
    .sc_len_o        (sc_len),
    .sc_curve_o      (sc_curve),
    .sc_restricted_o (sc_restricted)
  );

  //////////////////////////
  // Status and counters  //
  //////////////////////////

  logic [N-1:0] idle_disabled_q;
  assign core_idle  = ~sched_busy & rec_empty & ~core_busy;
  assign pulse_idle = (~enable & core_idle) & ~idle_disabled_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      cycle_q         <= '0;
      pkt_in_cnt_q    <= '0;
      pkt_out_cnt_q   <= '0;
      pkt_err_cnt_q   <= '0;
      idle_disabled_q <= '0;
      for (int c = 0; c < N; c++) begin
        core_busy_cnt_q[c] <= '0;
        core_task_cnt_q[c] <= '0;
      end
    end else begin
      cycle_q         <= cycle_q + 64'd1;
      idle_disabled_q <= ~enable & core_idle;
      if (pkt_in)  pkt_in_cnt_q  <= pkt_in_cnt_q + 32'd1;
      if (pkt_out) pkt_out_cnt_q <= pkt_out_cnt_q + 32'd1;
      if (pkt_err) pkt_err_cnt_q <= pkt_err_cnt_q + 32'd1;
      for (int c = 0; c < N; c++) begin
        if (core_busy[c])   core_busy_cnt_q[c] <= core_busy_cnt_q[c] + 32'd1;
        if (sched_start[c]) core_task_cnt_q[c] <= core_task_cnt_q[c] + 32'd1;
      end
    end
  end

  logic unused;
  // slot_key: the EC units take EcMaxM bits of it, AES-only builds none
  assign unused = ^{core_enable_mask, fw_cores_mask, core_sel, core_abort_mask, slot_key};

endmodule
