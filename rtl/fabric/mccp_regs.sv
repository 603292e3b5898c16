// generated from src/mccp/regmap/regs.yml by `mccp regs gen`; do not edit.
//
// mccp_regs: AXI4-Lite slave holding the MCCP host registers (docs/registers.md).
// - One transaction in flight per direction: AW and W are buffered separately (any
//   order, same cycle allowed); the write takes effect in the cycle after both are
//   held and no B response is pending, B follows in the next cycle.  A read is
//   decoded in the cycle AR is accepted (ro/ext inputs sampled then), R follows.
// - Address bits [1:0] are ignored; unmapped words answer SLVERR (reads 0, no effect).
// - rw and w1c registers apply WSTRB per byte; wo/ext registers take any write with
//   at least one strobe as a full write; a write without strobes changes nothing.
// - wo/ext write data (<reg>_<field>_o) is valid in the cycle of <reg>_we_o only
//   (the W buffer is cleared once used, so no key word stays in this block).
//   <reg>_wr_err_i, sampled in that cycle, turns the response into SLVERR.
// - Array registers: one <reg>_we_o with the element index <reg>_idx_o.
// - irq_o = |(IRQ_STATUS & IRQ_ENABLE), registered.  w1c: a set wins over a clear.
module mccp_regs (
  input  logic        clk_i,
  input  logic        rst_ni,
  // AXI4-Lite slave
  input  logic        s_axil_awvalid_i,
  output logic        s_axil_awready_o,
  input  logic [11:0] s_axil_awaddr_i,
  input  logic        s_axil_wvalid_i,
  output logic        s_axil_wready_o,
  input  logic [31:0] s_axil_wdata_i,
  input  logic [3:0]  s_axil_wstrb_i,
  output logic        s_axil_bvalid_o,
  input  logic        s_axil_bready_i,
  output logic [1:0]  s_axil_bresp_o,
  input  logic        s_axil_arvalid_i,
  output logic        s_axil_arready_o,
  input  logic [11:0] s_axil_araddr_i,
  output logic        s_axil_rvalid_o,
  input  logic        s_axil_rready_i,
  output logic [31:0] s_axil_rdata_o,
  output logic [1:0]  s_axil_rresp_o,
  // fabric side (docs/registers.md, "Access kinds")
  input  logic [31:0]  id_value_i,
  input  logic [4:0]   config0_num_cores_i,
  input  logic [7:0]   config0_stream_bits_i,
  input  logic [7:0]   config0_key_slots_i,
  input  logic [4:0]   config0_num_ec_i,
  input  logic [2:0]   config0_num_arx_i,
  input  logic         config0_num_rng_i,
  input  logic         config0_rng_test_i,
  input  logic [15:0]  config1_channels_i,
  input  logic [15:0]  config1_buf_words_i,
  input  logic [2:0]   config2_num_ugrid_i,
  input  logic [7:0]   config2_ugrid_rows_i,
  input  logic [7:0]   config2_ugrid_cols_i,
  output logic         sched_affinity_o,
  output logic         sched_in_order_o,
  output logic         sched_ccm_split_o,
  output logic [15:0]  core_enable_mask_o,
  input  logic [15:0]  core_idle_mask_i,
  output logic [15:0]  core_abort_mask_o,
  output logic         core_abort_we_o,
  input  logic         irq_status_out_pkt_set_i,
  output logic         irq_status_out_pkt_o,
  input  logic         irq_status_err_pkt_set_i,
  output logic         irq_status_err_pkt_o,
  input  logic         irq_status_core_idle_set_i,
  output logic         irq_status_core_idle_o,
  output logic         irq_enable_out_pkt_o,
  output logic         irq_enable_err_pkt_o,
  output logic         irq_enable_core_idle_o,
  input  logic [31:0]  pkt_in_count_i,
  input  logic [31:0]  pkt_out_count_i,
  input  logic [31:0]  pkt_err_count_i,
  input  logic [31:0]  cycle_lo_count_i,
  input  logic [31:0]  cycle_hi_count_i,
  output logic [3:0]   core_sel_index_o,
  input  logic [31:0]  core_busy_count_i,
  input  logic [31:0]  core_tasks_count_i,
  input  logic         core_caps_decrypt_i,
  input  logic [2:0]   core_caps_kind_i,
  input  logic         core_caps_key_valid_i,
  input  logic [6:0]   core_caps_key_slot_i,
  output logic [15:0]  watchdog_base_o,
  output logic [7:0]   watchdog_per_word_o,
  output logic         watchdog_enable_o,
  output logic [23:0]  watchdog_ec_base_o,
  input  logic [31:0]  core_funcs_funcs_i,
  output logic         rng_ctrl_enable_o,
  output logic         rng_ctrl_capture_o,
  output logic         rng_restart_go_o,
  output logic         rng_restart_we_o,
  input  logic [2:0]   rng_status_state_i,
  input  logic         rng_status_rct_fail_i,
  input  logic         rng_status_apt_fail_i,
  input  logic         rng_status_kat_fail_i,
  input  logic         rng_status_cap_overrun_i,
  input  logic [5:0]   rng_status_cap_words_i,
  output logic [15:0]  rng_cutoff_rct_o,
  output logic [15:0]  rng_cutoff_apt_o,
  output logic [3:0]   rng_cond_blocks_o,
  output logic [31:0]  rng_reseed_interval_count_o,
  input  logic [31:0]  rng_samples_count_i,
  input  logic [15:0]  rng_max_rct_i,
  input  logic [15:0]  rng_max_apt_i,
  input  logic [31:0]  rng_reseed_count_count_i,
  input  logic [31:0]  rng_raw_word_i,
  output logic [31:0]  rng_raw_word_o,
  output logic         rng_raw_we_o,
  input  logic         rng_raw_wr_err_i,
  output logic [4:0]   key_sel_slot_o,
  input  logic [1:0]   key_cmd_op_i,
  output logic [1:0]   key_cmd_op_o,
  input  logic [2:0]   key_cmd_len_i,
  output logic [2:0]   key_cmd_len_o,
  input  logic [2:0]   key_cmd_curve_i,
  output logic [2:0]   key_cmd_curve_o,
  input  logic         key_cmd_retiring_i,
  output logic         key_cmd_retiring_o,
  input  logic         key_cmd_busy_i,
  output logic         key_cmd_busy_o,
  output logic         key_cmd_we_o,
  input  logic         key_cmd_wr_err_i,
  input  logic [31:0]  key_valid_mask_i,
  output logic [31:0]  key_data_word_o,
  output logic         key_data_we_o,
  output logic [2:0]   key_data_idx_o,
  output logic [31:0]  key_data8_word_o,
  output logic         key_data8_we_o,
  output logic [7:0]   chan_sel_index_o,
  input  logic [9:0]   chan_cfg1_nonce_len_i,
  output logic [9:0]   chan_cfg1_nonce_len_o,
  input  logic [1:0]   chan_cfg1_dest_len_i,
  output logic [1:0]   chan_cfg1_dest_len_o,
  input  logic         chan_cfg1_kdf_i,
  output logic         chan_cfg1_kdf_o,
  input  logic         chan_cfg1_zero_key_i,
  output logic         chan_cfg1_zero_key_o,
  input  logic         chan_cfg1_secret_in_i,
  output logic         chan_cfg1_secret_in_o,
  input  logic         chan_cfg1_secret_out_i,
  output logic         chan_cfg1_secret_out_o,
  input  logic [2:0]   chan_cfg1_curve_i,
  output logic [2:0]   chan_cfg1_curve_o,
  input  logic [4:0]   chan_cfg1_src_slot_i,
  output logic [4:0]   chan_cfg1_src_slot_o,
  input  logic [4:0]   chan_cfg1_dest_slot_i,
  output logic [4:0]   chan_cfg1_dest_slot_o,
  output logic         chan_cfg1_we_o,
  input  logic         chan_cfg1_wr_err_i,
  input  logic [3:0]   chan_cfg0_mode_i,
  output logic [3:0]   chan_cfg0_mode_o,
  input  logic         chan_cfg0_enable_i,
  output logic         chan_cfg0_enable_o,
  input  logic [6:0]   chan_cfg0_tag_len_i,
  output logic [6:0]   chan_cfg0_tag_len_o,
  input  logic         chan_cfg0_ordered_i,
  output logic         chan_cfg0_ordered_o,
  input  logic         chan_cfg0_affinity_i,
  output logic         chan_cfg0_affinity_o,
  input  logic [2:0]   chan_cfg0_key_len_i,
  output logic [2:0]   chan_cfg0_key_len_o,
  input  logic         chan_cfg0_split_i,
  output logic         chan_cfg0_split_o,
  input  logic [4:0]   chan_cfg0_key_slot_i,
  output logic [4:0]   chan_cfg0_key_slot_o,
  input  logic [2:0]   chan_cfg0_kind_i,
  output logic [2:0]   chan_cfg0_kind_o,
  output logic         chan_cfg0_we_o,
  input  logic         chan_cfg0_wr_err_i,
  output logic [15:0]  fw_cores_mask_o,
  input  logic [15:0]  fw_addr_addr_i,
  output logic [15:0]  fw_addr_addr_o,
  output logic         fw_addr_we_o,
  input  logic         fw_addr_wr_err_i,
  input  logic [31:0]  fw_data_word_i,
  output logic [31:0]  fw_data_word_o,
  output logic         fw_data_we_o,
  input  logic         fw_data_wr_err_i,
  input  logic [9:0]   fw_entry_addr_i,
  output logic [9:0]   fw_entry_addr_o,
  input  logic [4:0]   fw_entry_func_i,
  output logic [4:0]   fw_entry_func_o,
  input  logic         fw_entry_valid_i,
  output logic         fw_entry_valid_o,
  output logic         fw_entry_we_o,
  input  logic         fw_entry_wr_err_i,
  input  logic [15:0]  fw_len_len_i,
  output logic [15:0]  fw_len_len_o,
  input  logic         fw_len_loaded_i,
  output logic         fw_len_loaded_o,
  input  logic         fw_len_committed_i,
  output logic         fw_len_committed_o,
  input  logic         fw_len_busy_i,
  output logic         fw_len_busy_o,
  output logic         fw_len_we_o,
  input  logic         fw_len_wr_err_i,
  input  logic [31:0]  fw_check_crc_i,
  output logic [31:0]  fw_check_crc_o,
  output logic         fw_check_we_o,
  input  logic         fw_check_wr_err_i,
  output logic         irq_o
);

  localparam logic [1:0] RespOkay   = 2'b00;
  localparam logic [1:0] RespSlvErr = 2'b10;

  // ---- write channel ----
  logic        aw_full_q, w_full_q, b_valid_q;
  logic [9:0]  aw_addr_q;   // word address
  logic [31:0] w_data_q;
  logic [3:0]  w_strb_q;
  logic [1:0]  b_resp_q;
  logic        wr_go, wr_any, wr_hit, wr_err;
  logic [31:0] wr_mask;     // WSTRB as a bit mask

  assign s_axil_awready_o = !aw_full_q;
  assign s_axil_wready_o  = !w_full_q;
  assign s_axil_bvalid_o  = b_valid_q;
  assign s_axil_bresp_o   = b_resp_q;
  assign wr_go  = aw_full_q && w_full_q && !b_valid_q;
  assign wr_any = |w_strb_q;
  assign wr_mask = {{8{w_strb_q[3]}}, {8{w_strb_q[2]}}, {8{w_strb_q[1]}}, {8{w_strb_q[0]}}};

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      aw_full_q <= 1'b0;
      w_full_q  <= 1'b0;
      b_valid_q <= 1'b0;
      aw_addr_q <= '0;
      w_data_q  <= '0;
      w_strb_q  <= '0;
      b_resp_q  <= RespOkay;
    end else begin
      if (s_axil_awvalid_i && !aw_full_q) begin
        aw_full_q <= 1'b1;
        aw_addr_q <= s_axil_awaddr_i[11:2];
      end
      if (s_axil_wvalid_i && !w_full_q) begin
        w_full_q <= 1'b1;
        w_data_q <= s_axil_wdata_i;
        w_strb_q <= s_axil_wstrb_i;
      end
      if (wr_go) begin
        aw_full_q <= 1'b0;
        w_full_q  <= 1'b0;
        w_data_q  <= '0;
        b_valid_q <= 1'b1;
        b_resp_q  <= (wr_hit && !wr_err) ? RespOkay : RespSlvErr;
      end else if (s_axil_bready_i) begin
        b_valid_q <= 1'b0;
      end
    end
  end

  // Write decode: one select per register word.
  logic wsel_id;
  assign wsel_id = wr_go && (aw_addr_q == 10'h000);  // 0x000
  logic wsel_config0;
  assign wsel_config0 = wr_go && (aw_addr_q == 10'h001);  // 0x004
  logic wsel_config1;
  assign wsel_config1 = wr_go && (aw_addr_q == 10'h002);  // 0x008
  logic wsel_config2;
  assign wsel_config2 = wr_go && (aw_addr_q == 10'h003);  // 0x00c
  logic wsel_sched;
  assign wsel_sched = wr_go && (aw_addr_q == 10'h004);  // 0x010
  logic wsel_core_enable;
  assign wsel_core_enable = wr_go && (aw_addr_q == 10'h005);  // 0x014
  logic wsel_core_idle;
  assign wsel_core_idle = wr_go && (aw_addr_q == 10'h006);  // 0x018
  logic wsel_core_abort;
  assign wsel_core_abort = wr_go && (aw_addr_q == 10'h007);  // 0x01c
  logic wsel_irq_status;
  assign wsel_irq_status = wr_go && (aw_addr_q == 10'h008);  // 0x020
  logic wsel_irq_enable;
  assign wsel_irq_enable = wr_go && (aw_addr_q == 10'h009);  // 0x024
  logic wsel_pkt_in;
  assign wsel_pkt_in = wr_go && (aw_addr_q == 10'h00c);  // 0x030
  logic wsel_pkt_out;
  assign wsel_pkt_out = wr_go && (aw_addr_q == 10'h00d);  // 0x034
  logic wsel_pkt_err;
  assign wsel_pkt_err = wr_go && (aw_addr_q == 10'h00e);  // 0x038
  logic wsel_cycle_lo;
  assign wsel_cycle_lo = wr_go && (aw_addr_q == 10'h00f);  // 0x03c
  logic wsel_cycle_hi;
  assign wsel_cycle_hi = wr_go && (aw_addr_q == 10'h010);  // 0x040
  logic wsel_core_sel;
  assign wsel_core_sel = wr_go && (aw_addr_q == 10'h011);  // 0x044
  logic wsel_core_busy;
  assign wsel_core_busy = wr_go && (aw_addr_q == 10'h012);  // 0x048
  logic wsel_core_tasks;
  assign wsel_core_tasks = wr_go && (aw_addr_q == 10'h013);  // 0x04c
  logic wsel_core_caps;
  assign wsel_core_caps = wr_go && (aw_addr_q == 10'h014);  // 0x050
  logic wsel_watchdog;
  assign wsel_watchdog = wr_go && (aw_addr_q == 10'h015);  // 0x054
  logic wsel_watchdog_ec;
  assign wsel_watchdog_ec = wr_go && (aw_addr_q == 10'h016);  // 0x058
  logic wsel_core_funcs;
  assign wsel_core_funcs = wr_go && (aw_addr_q == 10'h017);  // 0x05c
  logic wsel_rng_ctrl;
  assign wsel_rng_ctrl = wr_go && (aw_addr_q == 10'h018);  // 0x060
  logic wsel_rng_restart;
  assign wsel_rng_restart = wr_go && (aw_addr_q == 10'h019);  // 0x064
  logic wsel_rng_status;
  assign wsel_rng_status = wr_go && (aw_addr_q == 10'h01a);  // 0x068
  logic wsel_rng_cutoff;
  assign wsel_rng_cutoff = wr_go && (aw_addr_q == 10'h01b);  // 0x06c
  logic wsel_rng_cond;
  assign wsel_rng_cond = wr_go && (aw_addr_q == 10'h01c);  // 0x070
  logic wsel_rng_reseed_interval;
  assign wsel_rng_reseed_interval = wr_go && (aw_addr_q == 10'h01d);  // 0x074
  logic wsel_rng_samples;
  assign wsel_rng_samples = wr_go && (aw_addr_q == 10'h01e);  // 0x078
  logic wsel_rng_max;
  assign wsel_rng_max = wr_go && (aw_addr_q == 10'h01f);  // 0x07c
  logic wsel_rng_reseed_count;
  assign wsel_rng_reseed_count = wr_go && (aw_addr_q == 10'h020);  // 0x080
  logic wsel_rng_raw;
  assign wsel_rng_raw = wr_go && (aw_addr_q == 10'h021);  // 0x084
  logic wsel_key_sel;
  assign wsel_key_sel = wr_go && (aw_addr_q == 10'h040);  // 0x100
  logic wsel_key_cmd;
  assign wsel_key_cmd = wr_go && (aw_addr_q == 10'h041);  // 0x104
  logic wsel_key_valid;
  assign wsel_key_valid = wr_go && (aw_addr_q == 10'h042);  // 0x108
  logic wsel_key_data;
  assign wsel_key_data = wr_go && (aw_addr_q[9:3] == 7'h9);
  logic wsel_key_data8;
  assign wsel_key_data8 = wr_go && (aw_addr_q == 10'h050);  // 0x140
  logic wsel_chan_sel;
  assign wsel_chan_sel = wr_go && (aw_addr_q == 10'h080);  // 0x200
  logic wsel_chan_cfg1;
  assign wsel_chan_cfg1 = wr_go && (aw_addr_q == 10'h081);  // 0x204
  logic wsel_chan_cfg0;
  assign wsel_chan_cfg0 = wr_go && (aw_addr_q == 10'h082);  // 0x208
  logic wsel_fw_cores;
  assign wsel_fw_cores = wr_go && (aw_addr_q == 10'h0c0);  // 0x300
  logic wsel_fw_addr;
  assign wsel_fw_addr = wr_go && (aw_addr_q == 10'h0c1);  // 0x304
  logic wsel_fw_data;
  assign wsel_fw_data = wr_go && (aw_addr_q == 10'h0c2);  // 0x308
  logic wsel_fw_entry;
  assign wsel_fw_entry = wr_go && (aw_addr_q == 10'h0c3);  // 0x30c
  logic wsel_fw_len;
  assign wsel_fw_len = wr_go && (aw_addr_q == 10'h0c4);  // 0x310
  logic wsel_fw_check;
  assign wsel_fw_check = wr_go && (aw_addr_q == 10'h0c5);  // 0x314
  assign wr_hit = wsel_id
                | wsel_config0
                | wsel_config1
                | wsel_config2
                | wsel_sched
                | wsel_core_enable
                | wsel_core_idle
                | wsel_core_abort
                | wsel_irq_status
                | wsel_irq_enable
                | wsel_pkt_in
                | wsel_pkt_out
                | wsel_pkt_err
                | wsel_cycle_lo
                | wsel_cycle_hi
                | wsel_core_sel
                | wsel_core_busy
                | wsel_core_tasks
                | wsel_core_caps
                | wsel_watchdog
                | wsel_watchdog_ec
                | wsel_core_funcs
                | wsel_rng_ctrl
                | wsel_rng_restart
                | wsel_rng_status
                | wsel_rng_cutoff
                | wsel_rng_cond
                | wsel_rng_reseed_interval
                | wsel_rng_samples
                | wsel_rng_max
                | wsel_rng_reseed_count
                | wsel_rng_raw
                | wsel_key_sel
                | wsel_key_cmd
                | wsel_key_valid
                | wsel_key_data
                | wsel_key_data8
                | wsel_chan_sel
                | wsel_chan_cfg1
                | wsel_chan_cfg0
                | wsel_fw_cores
                | wsel_fw_addr
                | wsel_fw_data
                | wsel_fw_entry
                | wsel_fw_len
                | wsel_fw_check;
  assign wr_err = (wsel_rng_raw && wr_any && rng_raw_wr_err_i)
                | (wsel_key_cmd && wr_any && key_cmd_wr_err_i)
                | (wsel_chan_cfg1 && wr_any && chan_cfg1_wr_err_i)
                | (wsel_chan_cfg0 && wr_any && chan_cfg0_wr_err_i)
                | (wsel_fw_addr && wr_any && fw_addr_wr_err_i)
                | (wsel_fw_data && wr_any && fw_data_wr_err_i)
                | (wsel_fw_entry && wr_any && fw_entry_wr_err_i)
                | (wsel_fw_len && wr_any && fw_len_wr_err_i)
                | (wsel_fw_check && wr_any && fw_check_wr_err_i);

  // wo / ext: strobe and data in the write cycle.
  assign core_abort_we_o = wsel_core_abort && wr_any;
  assign core_abort_mask_o = w_data_q[15:0];
  assign rng_restart_we_o = wsel_rng_restart && wr_any;
  assign rng_restart_go_o = w_data_q[0:0];
  assign rng_raw_we_o = wsel_rng_raw && wr_any;
  assign rng_raw_word_o = w_data_q[31:0];
  assign key_cmd_we_o = wsel_key_cmd && wr_any;
  assign key_cmd_op_o = w_data_q[1:0];
  assign key_cmd_len_o = w_data_q[4:2];
  assign key_cmd_curve_o = w_data_q[7:5];
  assign key_cmd_retiring_o = w_data_q[30:30];
  assign key_cmd_busy_o = w_data_q[31:31];
  assign key_data_we_o = wsel_key_data && wr_any;
  assign key_data_idx_o = aw_addr_q[2:0];
  assign key_data_word_o = w_data_q[31:0];
  assign key_data8_we_o = wsel_key_data8 && wr_any;
  assign key_data8_word_o = w_data_q[31:0];
  assign chan_cfg1_we_o = wsel_chan_cfg1 && wr_any;
  assign chan_cfg1_nonce_len_o = w_data_q[9:0];
  assign chan_cfg1_dest_len_o = w_data_q[11:10];
  assign chan_cfg1_kdf_o = w_data_q[12:12];
  assign chan_cfg1_zero_key_o = w_data_q[13:13];
  assign chan_cfg1_secret_in_o = w_data_q[14:14];
  assign chan_cfg1_secret_out_o = w_data_q[15:15];
  assign chan_cfg1_curve_o = w_data_q[18:16];
  assign chan_cfg1_src_slot_o = w_data_q[23:19];
  assign chan_cfg1_dest_slot_o = w_data_q[28:24];
  assign chan_cfg0_we_o = wsel_chan_cfg0 && wr_any;
  assign chan_cfg0_mode_o = w_data_q[3:0];
  assign chan_cfg0_enable_o = w_data_q[4:4];
  assign chan_cfg0_tag_len_o = w_data_q[13:7];
  assign chan_cfg0_ordered_o = w_data_q[14:14];
  assign chan_cfg0_affinity_o = w_data_q[15:15];
  assign chan_cfg0_key_len_o = w_data_q[27:25];
  assign chan_cfg0_split_o = w_data_q[24:24];
  assign chan_cfg0_key_slot_o = w_data_q[20:16];
  assign chan_cfg0_kind_o = w_data_q[23:21];
  assign fw_addr_we_o = wsel_fw_addr && wr_any;
  assign fw_addr_addr_o = w_data_q[15:0];
  assign fw_data_we_o = wsel_fw_data && wr_any;
  assign fw_data_word_o = w_data_q[31:0];
  assign fw_entry_we_o = wsel_fw_entry && wr_any;
  assign fw_entry_addr_o = w_data_q[9:0];
  assign fw_entry_func_o = w_data_q[20:16];
  assign fw_entry_valid_o = w_data_q[31:31];
  assign fw_len_we_o = wsel_fw_len && wr_any;
  assign fw_len_len_o = w_data_q[15:0];
  assign fw_len_loaded_o = w_data_q[29:29];
  assign fw_len_committed_o = w_data_q[30:30];
  assign fw_len_busy_o = w_data_q[31:31];
  assign fw_check_we_o = wsel_fw_check && wr_any;
  assign fw_check_crc_o = w_data_q[31:0];

  // rw / w1c storage.
  logic sched_affinity_q;
  logic sched_in_order_q;
  logic sched_ccm_split_q;
  logic [15:0] core_enable_mask_q;
  logic irq_status_out_pkt_q;
  logic irq_status_err_pkt_q;
  logic irq_status_core_idle_q;
  logic irq_enable_out_pkt_q;
  logic irq_enable_err_pkt_q;
  logic irq_enable_core_idle_q;
  logic [3:0] core_sel_index_q;
  logic [15:0] watchdog_base_q;
  logic [7:0] watchdog_per_word_q;
  logic watchdog_enable_q;
  logic [23:0] watchdog_ec_base_q;
  logic rng_ctrl_enable_q;
  logic rng_ctrl_capture_q;
  logic [15:0] rng_cutoff_rct_q;
  logic [15:0] rng_cutoff_apt_q;
  logic [3:0] rng_cond_blocks_q;
  logic [31:0] rng_reseed_interval_count_q;
  logic [4:0] key_sel_slot_q;
  logic [7:0] chan_sel_index_q;
  logic [15:0] fw_cores_mask_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      sched_affinity_q <= 1'h1;
      sched_in_order_q <= 1'h1;
      sched_ccm_split_q <= 1'h0;
      core_enable_mask_q <= 16'hffff;
      irq_status_out_pkt_q <= 1'h0;
      irq_status_err_pkt_q <= 1'h0;
      irq_status_core_idle_q <= 1'h0;
      irq_enable_out_pkt_q <= 1'h0;
      irq_enable_err_pkt_q <= 1'h0;
      irq_enable_core_idle_q <= 1'h0;
      core_sel_index_q <= 4'h0;
      watchdog_base_q <= 16'h800;
      watchdog_per_word_q <= 8'h40;
      watchdog_enable_q <= 1'h1;
      watchdog_ec_base_q <= 24'h100000;
      rng_ctrl_enable_q <= 1'h1;
      rng_ctrl_capture_q <= 1'h0;
      rng_cutoff_rct_q <= 16'h51;
      rng_cutoff_apt_q <= 16'h338;
      rng_cond_blocks_q <= 4'h3;
      rng_reseed_interval_count_q <= 32'h10000;
      key_sel_slot_q <= 5'h0;
      chan_sel_index_q <= 8'h0;
      fw_cores_mask_q <= 16'h0;
    end else begin
      if (wsel_sched) begin
        sched_affinity_q <= (sched_affinity_q & ~wr_mask[0:0]) | (w_data_q[0:0] & wr_mask[0:0]);
      end
      if (wsel_sched) begin
        sched_in_order_q <= (sched_in_order_q & ~wr_mask[1:1]) | (w_data_q[1:1] & wr_mask[1:1]);
      end
      if (wsel_sched) begin
        sched_ccm_split_q <= (sched_ccm_split_q & ~wr_mask[2:2]) | (w_data_q[2:2] & wr_mask[2:2]);
      end
      if (wsel_core_enable) begin
        core_enable_mask_q <= (core_enable_mask_q & ~wr_mask[15:0]) | (w_data_q[15:0] & wr_mask[15:0]);
      end
      irq_status_out_pkt_q <= (irq_status_out_pkt_q & ~(wsel_irq_status ? (w_data_q[0:0] & wr_mask[0:0]) : 1'h0)) | irq_status_out_pkt_set_i;
      irq_status_err_pkt_q <= (irq_status_err_pkt_q & ~(wsel_irq_status ? (w_data_q[1:1] & wr_mask[1:1]) : 1'h0)) | irq_status_err_pkt_set_i;
      irq_status_core_idle_q <= (irq_status_core_idle_q & ~(wsel_irq_status ? (w_data_q[2:2] & wr_mask[2:2]) : 1'h0)) | irq_status_core_idle_set_i;
      if (wsel_irq_enable) begin
        irq_enable_out_pkt_q <= (irq_enable_out_pkt_q & ~wr_mask[0:0]) | (w_data_q[0:0] & wr_mask[0:0]);
      end
      if (wsel_irq_enable) begin
        irq_enable_err_pkt_q <= (irq_enable_err_pkt_q & ~wr_mask[1:1]) | (w_data_q[1:1] & wr_mask[1:1]);
      end
      if (wsel_irq_enable) begin
        irq_enable_core_idle_q <= (irq_enable_core_idle_q & ~wr_mask[2:2]) | (w_data_q[2:2] & wr_mask[2:2]);
      end
      if (wsel_core_sel) begin
        core_sel_index_q <= (core_sel_index_q & ~wr_mask[3:0]) | (w_data_q[3:0] & wr_mask[3:0]);
      end
      if (wsel_watchdog) begin
        watchdog_base_q <= (watchdog_base_q & ~wr_mask[15:0]) | (w_data_q[15:0] & wr_mask[15:0]);
      end
      if (wsel_watchdog) begin
        watchdog_per_word_q <= (watchdog_per_word_q & ~wr_mask[23:16]) | (w_data_q[23:16] & wr_mask[23:16]);
      end
      if (wsel_watchdog) begin
        watchdog_enable_q <= (watchdog_enable_q & ~wr_mask[31:31]) | (w_data_q[31:31] & wr_mask[31:31]);
      end
      if (wsel_watchdog_ec) begin
        watchdog_ec_base_q <= (watchdog_ec_base_q & ~wr_mask[23:0]) | (w_data_q[23:0] & wr_mask[23:0]);
      end
      if (wsel_rng_ctrl) begin
        rng_ctrl_enable_q <= (rng_ctrl_enable_q & ~wr_mask[0:0]) | (w_data_q[0:0] & wr_mask[0:0]);
      end
      if (wsel_rng_ctrl) begin
        rng_ctrl_capture_q <= (rng_ctrl_capture_q & ~wr_mask[1:1]) | (w_data_q[1:1] & wr_mask[1:1]);
      end
      if (wsel_rng_cutoff) begin
        rng_cutoff_rct_q <= (rng_cutoff_rct_q & ~wr_mask[15:0]) | (w_data_q[15:0] & wr_mask[15:0]);
      end
      if (wsel_rng_cutoff) begin
        rng_cutoff_apt_q <= (rng_cutoff_apt_q & ~wr_mask[31:16]) | (w_data_q[31:16] & wr_mask[31:16]);
      end
      if (wsel_rng_cond) begin
        rng_cond_blocks_q <= (rng_cond_blocks_q & ~wr_mask[3:0]) | (w_data_q[3:0] & wr_mask[3:0]);
      end
      if (wsel_rng_reseed_interval) begin
        rng_reseed_interval_count_q <= (rng_reseed_interval_count_q & ~wr_mask[31:0]) | (w_data_q[31:0] & wr_mask[31:0]);
      end
      if (wsel_key_sel) begin
        key_sel_slot_q <= (key_sel_slot_q & ~wr_mask[4:0]) | (w_data_q[4:0] & wr_mask[4:0]);
      end
      if (wsel_chan_sel) begin
        chan_sel_index_q <= (chan_sel_index_q & ~wr_mask[7:0]) | (w_data_q[7:0] & wr_mask[7:0]);
      end
      if (wsel_fw_cores) begin
        fw_cores_mask_q <= (fw_cores_mask_q & ~wr_mask[15:0]) | (w_data_q[15:0] & wr_mask[15:0]);
      end
    end
  end

  assign sched_affinity_o = sched_affinity_q;
  assign sched_in_order_o = sched_in_order_q;
  assign sched_ccm_split_o = sched_ccm_split_q;
  assign core_enable_mask_o = core_enable_mask_q;
  assign irq_status_out_pkt_o = irq_status_out_pkt_q;
  assign irq_status_err_pkt_o = irq_status_err_pkt_q;
  assign irq_status_core_idle_o = irq_status_core_idle_q;
  assign irq_enable_out_pkt_o = irq_enable_out_pkt_q;
  assign irq_enable_err_pkt_o = irq_enable_err_pkt_q;
  assign irq_enable_core_idle_o = irq_enable_core_idle_q;
  assign core_sel_index_o = core_sel_index_q;
  assign watchdog_base_o = watchdog_base_q;
  assign watchdog_per_word_o = watchdog_per_word_q;
  assign watchdog_enable_o = watchdog_enable_q;
  assign watchdog_ec_base_o = watchdog_ec_base_q;
  assign rng_ctrl_enable_o = rng_ctrl_enable_q;
  assign rng_ctrl_capture_o = rng_ctrl_capture_q;
  assign rng_cutoff_rct_o = rng_cutoff_rct_q;
  assign rng_cutoff_apt_o = rng_cutoff_apt_q;
  assign rng_cond_blocks_o = rng_cond_blocks_q;
  assign rng_reseed_interval_count_o = rng_reseed_interval_count_q;
  assign key_sel_slot_o = key_sel_slot_q;
  assign chan_sel_index_o = chan_sel_index_q;
  assign fw_cores_mask_o = fw_cores_mask_q;

  logic irq_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      irq_q <= 1'b0;
    end else begin
      irq_q <= |{(irq_status_out_pkt_q & irq_enable_out_pkt_q), (irq_status_err_pkt_q & irq_enable_err_pkt_q), (irq_status_core_idle_q & irq_enable_core_idle_q)};
    end
  end
  assign irq_o = irq_q;

  // ---- read channel ----
  // Two stages: the address is registered when AR is taken, the data one
  // cycle later.  The read multiplexer then starts from flip-flops, and a
  // source one register behind its select (the channel table's readback,
  // a block RAM across the die) is current when it is sampled.
  logic        r_valid_q, ar_pend_q;
  logic [9:0]  ar_addr_q;   // word address
  logic [31:0] r_data_q, rd_data;
  logic [1:0]  r_resp_q;
  logic        rd_hit;

  assign s_axil_arready_o = !r_valid_q && !ar_pend_q;
  assign s_axil_rvalid_o  = r_valid_q;
  assign s_axil_rdata_o   = r_data_q;
  assign s_axil_rresp_o   = r_resp_q;

  always_comb begin
    rd_data = '0;
    rd_hit  = 1'b1;
    unique case (ar_addr_q)
      10'h000: begin  // ID
        rd_data[31:0] = id_value_i;
      end
      10'h001: begin  // CONFIG0
        rd_data[4:0] = config0_num_cores_i;
        rd_data[15:8] = config0_stream_bits_i;
        rd_data[23:16] = config0_key_slots_i;
        rd_data[28:24] = config0_num_ec_i;
        rd_data[7:5] = config0_num_arx_i;
        rd_data[29:29] = config0_num_rng_i;
        rd_data[30:30] = config0_rng_test_i;
      end
      10'h002: begin  // CONFIG1
        rd_data[15:0] = config1_channels_i;
        rd_data[31:16] = config1_buf_words_i;
      end
      10'h003: begin  // CONFIG2
        rd_data[2:0] = config2_num_ugrid_i;
        rd_data[15:8] = config2_ugrid_rows_i;
        rd_data[23:16] = config2_ugrid_cols_i;
      end
      10'h004: begin  // SCHED
        rd_data[0:0] = sched_affinity_q;
        rd_data[1:1] = sched_in_order_q;
        rd_data[2:2] = sched_ccm_split_q;
      end
      10'h005: begin  // CORE_ENABLE
        rd_data[15:0] = core_enable_mask_q;
      end
      10'h006: begin  // CORE_IDLE
        rd_data[15:0] = core_idle_mask_i;
      end
      10'h007: rd_data = '0;  // CORE_ABORT (write only)
      10'h008: begin  // IRQ_STATUS
        rd_data[0:0] = irq_status_out_pkt_q;
        rd_data[1:1] = irq_status_err_pkt_q;
        rd_data[2:2] = irq_status_core_idle_q;
      end
      10'h009: begin  // IRQ_ENABLE
        rd_data[0:0] = irq_enable_out_pkt_q;
        rd_data[1:1] = irq_enable_err_pkt_q;
        rd_data[2:2] = irq_enable_core_idle_q;
      end
      10'h00c: begin  // PKT_IN
        rd_data[31:0] = pkt_in_count_i;
      end
      10'h00d: begin  // PKT_OUT
        rd_data[31:0] = pkt_out_count_i;
      end
      10'h00e: begin  // PKT_ERR
        rd_data[31:0] = pkt_err_count_i;
      end
      10'h00f: begin  // CYCLE_LO
        rd_data[31:0] = cycle_lo_count_i;
      end
      10'h010: begin  // CYCLE_HI
        rd_data[31:0] = cycle_hi_count_i;
      end
      10'h011: begin  // CORE_SEL
        rd_data[3:0] = core_sel_index_q;
      end
      10'h012: begin  // CORE_BUSY
        rd_data[31:0] = core_busy_count_i;
      end
      10'h013: begin  // CORE_TASKS
        rd_data[31:0] = core_tasks_count_i;
      end
      10'h014: begin  // CORE_CAPS
        rd_data[16:16] = core_caps_decrypt_i;
        rd_data[19:17] = core_caps_kind_i;
        rd_data[24:24] = core_caps_key_valid_i;
        rd_data[31:25] = core_caps_key_slot_i;
      end
      10'h015: begin  // WATCHDOG
        rd_data[15:0] = watchdog_base_q;
        rd_data[23:16] = watchdog_per_word_q;
        rd_data[31:31] = watchdog_enable_q;
      end
      10'h016: begin  // WATCHDOG_EC
        rd_data[23:0] = watchdog_ec_base_q;
      end
      10'h017: begin  // CORE_FUNCS
        rd_data[31:0] = core_funcs_funcs_i;
      end
      10'h018: begin  // RNG_CTRL
        rd_data[0:0] = rng_ctrl_enable_q;
        rd_data[1:1] = rng_ctrl_capture_q;
      end
      10'h019: rd_data = '0;  // RNG_RESTART (write only)
      10'h01a: begin  // RNG_STATUS
        rd_data[2:0] = rng_status_state_i;
        rd_data[4:4] = rng_status_rct_fail_i;
        rd_data[5:5] = rng_status_apt_fail_i;
        rd_data[6:6] = rng_status_kat_fail_i;
        rd_data[7:7] = rng_status_cap_overrun_i;
        rd_data[13:8] = rng_status_cap_words_i;
      end
      10'h01b: begin  // RNG_CUTOFF
        rd_data[15:0] = rng_cutoff_rct_q;
        rd_data[31:16] = rng_cutoff_apt_q;
      end
      10'h01c: begin  // RNG_COND
        rd_data[3:0] = rng_cond_blocks_q;
      end
      10'h01d: begin  // RNG_RESEED_INTERVAL
        rd_data[31:0] = rng_reseed_interval_count_q;
      end
      10'h01e: begin  // RNG_SAMPLES
        rd_data[31:0] = rng_samples_count_i;
      end
      10'h01f: begin  // RNG_MAX
        rd_data[15:0] = rng_max_rct_i;
        rd_data[31:16] = rng_max_apt_i;
      end
      10'h020: begin  // RNG_RESEED_COUNT
        rd_data[31:0] = rng_reseed_count_count_i;
      end
      10'h021: begin  // RNG_RAW
        rd_data[31:0] = rng_raw_word_i;
      end
      10'h040: begin  // KEY_SEL
        rd_data[4:0] = key_sel_slot_q;
      end
      10'h041: begin  // KEY_CMD
        rd_data[1:0] = key_cmd_op_i;
        rd_data[4:2] = key_cmd_len_i;
        rd_data[7:5] = key_cmd_curve_i;
        rd_data[30:30] = key_cmd_retiring_i;
        rd_data[31:31] = key_cmd_busy_i;
      end
      10'h042: begin  // KEY_VALID
        rd_data[31:0] = key_valid_mask_i;
      end
      10'h048: rd_data = '0;  // KEY_DATA[0] (write only)
      10'h049: rd_data = '0;  // KEY_DATA[1] (write only)
      10'h04a: rd_data = '0;  // KEY_DATA[2] (write only)
      10'h04b: rd_data = '0;  // KEY_DATA[3] (write only)
      10'h04c: rd_data = '0;  // KEY_DATA[4] (write only)
      10'h04d: rd_data = '0;  // KEY_DATA[5] (write only)
      10'h04e: rd_data = '0;  // KEY_DATA[6] (write only)
      10'h04f: rd_data = '0;  // KEY_DATA[7] (write only)
      10'h050: rd_data = '0;  // KEY_DATA8 (write only)
      10'h080: begin  // CHAN_SEL
        rd_data[7:0] = chan_sel_index_q;
      end
      10'h081: begin  // CHAN_CFG1
        rd_data[9:0] = chan_cfg1_nonce_len_i;
        rd_data[11:10] = chan_cfg1_dest_len_i;
        rd_data[12:12] = chan_cfg1_kdf_i;
        rd_data[13:13] = chan_cfg1_zero_key_i;
        rd_data[14:14] = chan_cfg1_secret_in_i;
        rd_data[15:15] = chan_cfg1_secret_out_i;
        rd_data[18:16] = chan_cfg1_curve_i;
        rd_data[23:19] = chan_cfg1_src_slot_i;
        rd_data[28:24] = chan_cfg1_dest_slot_i;
      end
      10'h082: begin  // CHAN_CFG0
        rd_data[3:0] = chan_cfg0_mode_i;
        rd_data[4:4] = chan_cfg0_enable_i;
        rd_data[13:7] = chan_cfg0_tag_len_i;
        rd_data[14:14] = chan_cfg0_ordered_i;
        rd_data[15:15] = chan_cfg0_affinity_i;
        rd_data[27:25] = chan_cfg0_key_len_i;
        rd_data[24:24] = chan_cfg0_split_i;
        rd_data[20:16] = chan_cfg0_key_slot_i;
        rd_data[23:21] = chan_cfg0_kind_i;
      end
      10'h0c0: begin  // FW_CORES
        rd_data[15:0] = fw_cores_mask_q;
      end
      10'h0c1: begin  // FW_ADDR
        rd_data[15:0] = fw_addr_addr_i;
      end
      10'h0c2: begin  // FW_DATA
        rd_data[31:0] = fw_data_word_i;
      end
      10'h0c3: begin  // FW_ENTRY
        rd_data[9:0] = fw_entry_addr_i;
        rd_data[20:16] = fw_entry_func_i;
        rd_data[31:31] = fw_entry_valid_i;
      end
      10'h0c4: begin  // FW_LEN
        rd_data[15:0] = fw_len_len_i;
        rd_data[29:29] = fw_len_loaded_i;
        rd_data[30:30] = fw_len_committed_i;
        rd_data[31:31] = fw_len_busy_i;
      end
      10'h0c5: begin  // FW_CHECK
        rd_data[31:0] = fw_check_crc_i;
      end
      default: rd_hit = 1'b0;
    endcase
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ar_pend_q <= 1'b0;
      ar_addr_q <= '0;
      r_valid_q <= 1'b0;
      r_data_q  <= '0;
      r_resp_q  <= RespOkay;
    end else begin
      ar_pend_q <= s_axil_arvalid_i && s_axil_arready_o;
      if (s_axil_arvalid_i && s_axil_arready_o) begin
        ar_addr_q <= s_axil_araddr_i[11:2];
      end
      if (ar_pend_q) begin
        r_valid_q <= 1'b1;
        r_data_q  <= rd_data;
        r_resp_q  <= rd_hit ? RespOkay : RespSlvErr;
      end else if (s_axil_rready_i) begin
        r_valid_q <= 1'b0;
      end
    end
  end

  logic unused;
  assign unused = ^{s_axil_araddr_i[1:0], s_axil_awaddr_i[1:0]};

endmodule
