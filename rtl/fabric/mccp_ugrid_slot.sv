// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// A micro-core grid in a slot of mccp_top (docs/fabric.md "Slot contract",
// docs/ugrid.md "The grid as a slot"): the grid (mccp_ugrid), an AES key
// expander that writes the round keys into the cores' memories, the slot's
// buffers (mccp_slot_io) and the sequencing of ECB and CTR encryption, one
// block per 4 x 4 tile and run.
//
// Firmware image (32-bit words from the loader; mccp.ugrid.image builds it):
//   * instructions: word ((r << ColW | c) << ImAw) | a is core (r, c)'s word
//     at address a (bits [10:0]), so a word goes to one core in one cycle;
//   * tables: LutPages * 256 words from LutBase, byte a of every core's table;
//   * descriptors from DescBase, one per key size p (0, 1, 2: AES-128, -192,
//     -256), DescWords each: word 0 = the program's entry [15:0] and last
//     word [31:16]; word 1 = the column offset of round key i (0..14) in bits
//     [2i+1:2i]; then one word per input label j (FIPS-197 byte j % 16 of
//     tile j / 16's block): the executed-cycle index k (0 = the run's first)
//     in [15:0] in which the byte must be on edge lane (side [25:24]: E W N S,
//     index [23:16]); then one word per output label: its lane, and the
//     cycles executed [15:0] after which the lane shows it.
// Every image write (the loader's sweep too) forgets the cached key, so a new
// program never runs with round keys laid out for another.
//
// Entry points (FW_ENTRY): the entry's bit 0 chooses ECB (0) or CTR (1); a
// function without one is not offered to the slot (NO_CORE).  A task:
//  1. checks its arguments (ECB: whole blocks; CTR: a 16-byte counter block);
//  2. unless the key (bits and size) is the cached one, expands it: every
//     round key is written into every core's memory in one cycle, at address
//     0 (round 0) or 64 - i, each byte in the column its offset names;
//  3. per run: up to Tiles blocks (ECB: the body words; CTR: the counter,
//     then +1 mod 2^128 per block), the grid run with the edge lanes driven
//     and read as the descriptor says, then the output words (CTR: the
//     keystream xor the body words, the last word's bytes as the payload's);
//  4. the status: OK, BAD_PARAM, TRUNCATED (the body ended early), LENGTH
//     (words beyond the payload, drained), PARTNER (abort_i, input drained).
module mccp_ugrid_slot #(
  parameter int Rows      = 4,
  parameter int Cols      = 4,
  parameter int WrapRows  = 4,
  parameter int WrapCols  = 4,
  parameter int ImemDepth = 512,
  parameter int LutPages  = 4,
  parameter int InDepth   = 136,
  parameter int OutDepth  = 136,
  localparam int RowW  = (Rows > 1) ? $clog2(Rows) : 1,
  localparam int ColW  = (Cols > 1) ? $clog2(Cols) : 1,
  localparam int ImAw  = $clog2(ImemDepth),
  localparam int LutAw = $clog2(LutPages * 256),
  localparam int CfgAw = (ImAw > LutAw) ? ImAw : LutAw,
  localparam int Tiles = (Rows / 4) * (Cols / 4),
  localparam int Labels = 16 * Tiles,
  localparam int LutBase  = 1 << (RowW + ColW + ImAw),
  localparam int DescBase = LutBase + LutPages * 256,
  localparam int DescWords = 2 + 2 * Labels,
  localparam int ImageWords = DescBase + 3 * DescWords
) (
  input  logic         clk_i,
  input  logic         rst_ni,
  // firmware loader
  input  logic         fw_we_i,
  input  logic [15:0]  fw_addr_i,
  input  logic [31:0]  fw_wdata_i,
  // slot contract
  input  logic         start_valid_i,
  output logic         start_ready_o,
  input  logic [9:0]   start_entry_i,
  input  logic [127:0] start_args_i,
  input  logic         start_empty_i,
  input  logic [287:0] start_key_i,
  input  logic [2:0]   start_key_len_i,   // the key store's size code (0..2 here)
  input  logic         in_valid_i,
  output logic         in_ready_o,
  input  logic [127:0] in_data_i,
  input  logic         in_last_i,
  output logic         out_valid_o,
  input  logic         out_ready_i,
  output logic [127:0] out_data_o,
  output logic [4:0]   out_bytes_o,
  output logic         out_last_o,
  output logic         res_valid_o,
  input  logic         res_ready_i,
  output logic [7:0]   res_status_o,
  output logic [15:0]  res_bytes_o,
  input  logic         abort_i,
  output logic         busy_o
);

  if (Rows % 4 != 0 || Cols % 4 != 0 || Rows < 4 || Cols < 4) begin : g_bad_shape
    $error("mccp_ugrid_slot: AES runs on 4 x 4 tiles: Rows %0d and Cols %0d must be multiples of 4", Rows, Cols);
  end
  if (ImageWords > 65535) begin : g_bad_image
    $error("mccp_ugrid_slot: the image (%0d words) must fit the loader's 65535", ImageWords);
  end

  localparam int MaxEdge = (Rows > Cols) ? Rows : Cols;
  localparam int CycW = ImAw + 1;        // an executed-cycle count of a run (at most ImemDepth)

  // ---- firmware words ---------------------------------------------------------------
  logic in_imem, in_lut, in_desc;
  assign in_imem = 32'(fw_addr_i) < LutBase;
  assign in_lut  = !in_imem && 32'(fw_addr_i) < DescBase;
  assign in_desc = 32'(fw_addr_i) >= DescBase && 32'(fw_addr_i) < ImageWords;

  logic [15:0] desc_off;
  assign desc_off = fw_addr_i - 16'(DescBase);

  // descriptors: per key size, the program's bounds, the round keys' offsets, the lanes
  logic [2:0][ImAw-1:0]       d_entry, d_last;
  logic [2:0][14:0][1:0]      d_off;
  logic [2:0][Labels-1:0][CycW-1:0] d_in_k, d_out_k;
  logic [2:0][Labels-1:0][1:0]      d_in_side, d_out_side;
  logic [2:0][Labels-1:0][7:0]      d_in_idx, d_out_idx;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      d_entry <= '0; d_last <= '0; d_off <= '0;
      d_in_k <= '0; d_out_k <= '0; d_in_side <= '0; d_out_side <= '0; d_in_idx <= '0; d_out_idx <= '0;
    end else if (fw_we_i && in_desc) begin
      for (int p = 0; p < 3; p++) begin
        for (int w = 0; w < DescWords; w++) begin
          if (32'(desc_off) == p * DescWords + w) begin
            if (w == 0) begin
              d_entry[p] <= fw_wdata_i[ImAw-1:0];
              d_last[p]  <= fw_wdata_i[16 +: ImAw];
            end else if (w == 1) begin
              d_off[p] <= fw_wdata_i[29:0];
            end else if (w < 2 + Labels) begin
              d_in_k[p][w-2]    <= fw_wdata_i[CycW-1:0];
              d_in_idx[p][w-2]  <= fw_wdata_i[23:16];
              d_in_side[p][w-2] <= fw_wdata_i[25:24];
            end else begin
              d_out_k[p][w-2-Labels]    <= fw_wdata_i[CycW-1:0];
              d_out_idx[p][w-2-Labels]  <= fw_wdata_i[23:16];
              d_out_side[p][w-2-Labels] <= fw_wdata_i[25:24];
            end
          end
        end
      end
    end
  end

  // the task's descriptor (by its key size)
  logic [1:0] key_p;
  logic [ImAw-1:0]             a_entry, a_last;
  logic [Labels-1:0][CycW-1:0] a_in_k, a_out_k;
  logic [Labels-1:0][1:0]      a_in_side, a_out_side;
  logic [Labels-1:0][7:0]      a_in_idx, a_out_idx;
  always_comb begin
    a_entry = d_entry[0]; a_last = d_last[0];
    a_in_k = d_in_k[0]; a_out_k = d_out_k[0];
    a_in_side = d_in_side[0]; a_out_side = d_out_side[0];
    a_in_idx = d_in_idx[0]; a_out_idx = d_out_idx[0];
    for (int p = 1; p < 3; p++) begin
      if (key_p == 2'(p)) begin
        a_entry = d_entry[p]; a_last = d_last[p];
        a_in_k = d_in_k[p]; a_out_k = d_out_k[p];
        a_in_side = d_in_side[p]; a_out_side = d_out_side[p];
        a_in_idx = d_in_idx[p]; a_out_idx = d_out_idx[p];
      end
    end
  end

  // ---- the grid --------------------------------------------------------------------
  logic                   g_start, g_busy, g_exec;
  logic [ImAw-1:0]        g_pc;
  logic                   kmem_we;
  logic [5:0]             kmem_addr;
  logic [Rows*Cols*8-1:0] kmem_data;
  logic [Rows*8-1:0]      e_in_e, e_in_w, e_out_e, e_out_w;
  logic [Cols*8-1:0]      e_in_n, e_in_s, e_out_n, e_out_s;
  logic [7:0]             dbg_unused;
  logic                   illegal_unused;

  /* verilator lint_off PINCONNECTEMPTY */
  mccp_ugrid #(
    .Rows        (Rows),
    .Cols        (Cols),
    .ImemDepth   (ImemDepth),
    .LutPages    (LutPages),
    .DebugEnable (1'b0),
    .WrapRows    (WrapRows),
    .WrapCols    (WrapCols)
  ) u_grid (
    .clk_i,
    .rst_ni,
    .start_i      (g_start),
    .entry_i      (a_entry),
    .last_i       (a_last),
    .loop_start_i ('0),
    .loop_end_i   ('0),
    .loop_count_i (16'd1),
    .hold_i       (1'b0),
    .busy_o       (g_busy),
    .exec_o       (g_exec),
    .pc_o         (g_pc),
    .illegal_o    (illegal_unused),
    .cfg_we_i     (fw_we_i && (in_imem || in_lut)),
    .cfg_target_i (in_imem ? 2'd0 : 2'd1),
    .cfg_all_i    (!in_imem),
    .cfg_row_i    (fw_addr_i[ImAw + ColW +: RowW]),
    .cfg_col_i    (fw_addr_i[ImAw +: ColW]),
    .cfg_addr_i   (in_imem ? CfgAw'(fw_addr_i[ImAw-1:0]) : CfgAw'(fw_addr_i - 16'(LutBase))),
    .cfg_data_i   (fw_wdata_i[10:0]),
    .kmem_we_i    (kmem_we),
    .kmem_addr_i  (kmem_addr),
    .kmem_data_i  (kmem_data),
    .edge_in_e_i  (e_in_e),
    .edge_in_w_i  (e_in_w),
    .edge_in_n_i  (e_in_n),
    .edge_in_s_i  (e_in_s),
    .edge_out_e_o (e_out_e),
    .edge_out_w_o (e_out_w),
    .edge_out_n_o (e_out_n),
    .edge_out_s_o (e_out_s),
    .dbg_row_i    ('0),
    .dbg_col_i    ('0),
    .dbg_sel_i    ('0),
    .dbg_addr_i   ('0),
    .dbg_data_o   (dbg_unused)
  );
  /* verilator lint_on PINCONNECTEMPTY */

  // ---- the key: expanded into the memories once per key -------------------------------
  logic [255:0] key_q;          // the cached key (its round keys are in the memories)
  logic [1:0]   key_len_q;
  logic         key_valid_q;
  logic         kx_start, kx_busy, kx_done, kx_we;
  logic [3:0]   kx_idx;
  logic [127:0] kx_rk, kx_rk_dec_unused;
  logic         kx_sbox_en_unused;
  logic [7:0]   kx_sbox_addr_unused;

  mccp_aes_key_expand #(.DecKeys(1'b0), .ExtSbox(1'b0)) u_kx (
    .clk_i,
    .rst_ni,
    .start_i     (kx_start),
    .key_i       (key_q),
    .key_len_i   (key_len_q),
    .busy_o      (kx_busy),
    .done_o      (kx_done),
    .rk_we_o     (kx_we),
    .rk_idx_o    (kx_idx),
    .rk_o        (kx_rk),
    .rk_dec_o    (kx_rk_dec_unused),
    .sbox_en_o   (kx_sbox_en_unused),
    .sbox_addr_o (kx_sbox_addr_unused),
    .sbox_data_i ('0)
  );

  // round key i's byte r + 4c sits in column (c + offset_i) mod 4 of every tile, row r
  logic [1:0] kx_off;
  logic [14:0][1:0] kx_offs;
  always_comb begin
    kx_offs = d_off[0];
    for (int p = 1; p < 3; p++) if (key_len_q == 2'(p)) kx_offs = d_off[p];
  end
  assign kx_off    = kx_offs[kx_idx];
  assign kmem_we   = kx_we;
  assign kmem_addr = (kx_idx == 4'd0) ? 6'd0 : 6'd0 - 6'(kx_idx);
  always_comb begin
    for (int r = 0; r < Rows; r++) begin
      for (int c = 0; c < Cols; c++) begin
        logic [1:0] lc;
        lc = 2'(c % 4) - kx_off;           // the key column this core holds
        kmem_data[8*(r*Cols+c) +: 8] = kx_rk[127 - 8*((r % 4) + 4*lc) -: 8];
      end
    end
  end

  // ---- the task -----------------------------------------------------------------------
  typedef enum logic [3:0] {
    StIdle, StKey, StKeyWait, StCtr, StGather, StRun, StOut, StDrain, StRes
  } state_e;
  state_e state_q;

  logic [Tiles-1:0][127:0] blk_q;     // the run's input blocks
  logic [Tiles-1:0][127:0] dat_q;     // CTR: the body words the keystream is added to
  logic [Tiles-1:0][127:0] res_q;     // the run's output blocks
  logic [127:0] ctr_q;
  logic         ctr_mode_q, empty_q, seen_last_q;
  logic [15:0]  left_in_q;            // payload bytes not yet read
  logic [15:0]  left_out_q;           // payload bytes not yet written
  logic [$clog2(Tiles+1)-1:0] t_q, n_q;   // the tile being gathered / written, the run's blocks
  logic [CycW-1:0] k_q;               // cycles executed in this run
  logic [7:0]   status_q;

  logic u_in_valid, u_in_ready, u_in_last, u_out_we, u_out_space, u_res_valid, u_res_ready;
  logic [127:0] u_in_data, u_out_data;
  logic [4:0]   u_out_bytes;

  logic [15:0] a_payload, a_nonce;
  assign a_payload = start_args_i[111:96];
  assign a_nonce   = start_args_i[47:32];

  logic key_hit;
  assign key_hit = key_valid_q && key_len_q == start_key_len_i[1:0] && key_q == start_key_i[287:32];

  logic in_fire;
  assign in_fire = u_in_valid && u_in_ready;
  assign u_in_ready = (state_q == StCtr) || (state_q == StDrain) ||
                      (state_q == StGather && left_in_q != '0 && 32'(t_q) < Tiles);

  // edge lanes: each input label's byte on its lane in its cycle
  always_comb begin
    e_in_e = '0; e_in_w = '0; e_in_n = '0; e_in_s = '0;
    for (int j = 0; j < Labels; j++) begin
      if (state_q == StRun && g_exec && k_q == a_in_k[j]) begin
        logic [7:0] b;
        b = blk_q[j / 16][127 - 8*(j % 16) -: 8];
        for (int i = 0; i < MaxEdge; i++) begin
          if (a_in_idx[j] == 8'(i)) begin
            case (a_in_side[j])
              2'd0: if (i < Rows) e_in_e[8*i +: 8] = e_in_e[8*i +: 8] | b;
              2'd1: if (i < Rows) e_in_w[8*i +: 8] = e_in_w[8*i +: 8] | b;
              2'd2: if (i < Cols) e_in_n[8*i +: 8] = e_in_n[8*i +: 8] | b;
              default: if (i < Cols) e_in_s[8*i +: 8] = e_in_s[8*i +: 8] | b;
            endcase
          end
        end
      end
    end
  end

  // the byte each output label's lane shows now
  logic [Labels-1:0][7:0] lane_out;
  always_comb begin
    for (int j = 0; j < Labels; j++) begin
      lane_out[j] = '0;
      for (int i = 0; i < MaxEdge; i++) begin
        if (a_out_idx[j] == 8'(i)) begin
          case (a_out_side[j])
            2'd0: if (i < Rows) lane_out[j] = e_out_e[8*i +: 8];
            2'd1: if (i < Rows) lane_out[j] = e_out_w[8*i +: 8];
            2'd2: if (i < Cols) lane_out[j] = e_out_n[8*i +: 8];
            default: if (i < Cols) lane_out[j] = e_out_s[8*i +: 8];
          endcase
        end
      end
    end
  end

  // output words: ECB the block, CTR the keystream xor the body; the last one partial
  logic [127:0] out_word;
  logic [4:0]   out_n;
  assign out_word = ctr_mode_q ? (res_q[t_q] ^ dat_q[t_q]) : res_q[t_q];
  assign out_n    = (left_out_q < 16'd16) ? 5'(left_out_q) : 5'd16;
  assign u_out_we    = state_q == StOut && u_out_space && !abort_i;
  assign u_out_data  = out_word;
  assign u_out_bytes = out_n;

  assign g_start   = state_q == StGather && t_q != '0 && (left_in_q == '0 || 32'(t_q) == Tiles) && !abort_i;
  assign kx_start  = state_q == StKey;
  assign u_res_valid = state_q == StRes;
  assign start_ready_o = state_q == StIdle && !g_busy && !kx_busy;
  assign busy_o = state_q != StIdle;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q     <= StIdle;
      key_q       <= '0;
      key_len_q   <= '0;
      key_valid_q <= 1'b0;
      key_p       <= '0;
      blk_q       <= '0;
      dat_q       <= '0;
      res_q       <= '0;
      ctr_q       <= '0;
      ctr_mode_q  <= 1'b0;
      empty_q     <= 1'b0;
      seen_last_q <= 1'b0;
      left_in_q   <= '0;
      left_out_q  <= '0;
      t_q         <= '0;
      n_q         <= '0;
      k_q         <= '0;
      status_q    <= '0;
    end else begin
      if (fw_we_i) key_valid_q <= 1'b0;
      if (in_fire && u_in_last) seen_last_q <= 1'b1;
      if (state_q == StRun && g_exec) k_q <= k_q + CycW'(1);
      if (state_q == StRun) begin
        for (int j = 0; j < Labels; j++) begin
          if (k_q == a_out_k[j]) res_q[j / 16][127 - 8*(j % 16) -: 8] <= lane_out[j];
        end
      end
      case (state_q)
        StIdle: if (start_valid_i && start_ready_o) begin
          ctr_mode_q  <= start_entry_i[0];
          empty_q     <= start_empty_i;
          seen_last_q <= 1'b0;
          left_in_q   <= a_payload;
          left_out_q  <= a_payload;
          key_p       <= start_key_len_i[1:0];
          status_q    <= mccp_ugrid_isa_pkg::STATUS_OK;
          t_q         <= '0;
          if (start_key_len_i > 3'd2 ||
              (start_entry_i[0] ? (a_nonce != 16'd16) : (a_payload[3:0] != 4'd0))) begin
            status_q <= mccp_ugrid_isa_pkg::STATUS_BAD_PARAM;
            state_q  <= start_empty_i ? StRes : StDrain;
          end else if (!key_hit) begin
            key_q       <= start_key_i[287:32];
            key_len_q   <= start_key_len_i[1:0];
            key_valid_q <= 1'b0;
            state_q     <= StKey;
          end else begin
            state_q <= start_entry_i[0] ? StCtr : StGather;
          end
        end
        StKey: state_q <= StKeyWait;
        StKeyWait: if (kx_done) begin
          key_valid_q <= 1'b1;
          state_q     <= ctr_mode_q ? StCtr : StGather;
        end
        StCtr: begin
          if (abort_i) begin
            status_q <= mccp_ugrid_isa_pkg::STATUS_PARTNER;
            state_q  <= StDrain;
          end else if (empty_q) begin
            status_q <= mccp_ugrid_isa_pkg::STATUS_TRUNCATED;
            state_q  <= StRes;
          end else if (in_fire) begin
            ctr_q   <= u_in_data;
            state_q <= StGather;
            if (u_in_last && left_in_q != '0) begin
              status_q <= mccp_ugrid_isa_pkg::STATUS_TRUNCATED;
              state_q  <= StRes;
            end
          end
        end
        StGather: begin
          if (abort_i) begin
            status_q <= mccp_ugrid_isa_pkg::STATUS_PARTNER;
            state_q  <= StDrain;
          end else if (left_in_q == '0 && t_q == '0) begin
            // an empty payload (ECB, or CTR after its counter): nothing to run
            state_q <= (empty_q || seen_last_q) ? StRes : StDrain;
            if (!(empty_q || seen_last_q)) status_q <= mccp_ugrid_isa_pkg::STATUS_LENGTH;
          end else if (g_start) begin
            n_q     <= t_q;
            k_q     <= '0;
            state_q <= StRun;
          end else if (empty_q || (seen_last_q && !in_fire)) begin
            // bytes owed that no word will bring
            status_q <= mccp_ugrid_isa_pkg::STATUS_TRUNCATED;
            state_q  <= StRes;
          end else if (in_fire) begin
            blk_q[t_q] <= ctr_mode_q ? ctr_q : u_in_data;
            dat_q[t_q] <= u_in_data;
            if (ctr_mode_q) ctr_q <= ctr_q + 128'd1;
            t_q        <= t_q + 1'b1;
            left_in_q  <= (left_in_q > 16'd16) ? left_in_q - 16'd16 : '0;
            if (u_in_last && left_in_q > 16'd16) begin
              status_q <= mccp_ugrid_isa_pkg::STATUS_TRUNCATED;
              state_q  <= StRes;
            end
          end
        end
        StRun: if (!g_busy && k_q != '0) begin
          t_q     <= '0;
          state_q <= abort_i ? StDrain : StOut;
          if (abort_i) status_q <= mccp_ugrid_isa_pkg::STATUS_PARTNER;
        end
        StOut: begin
          if (abort_i) begin
            status_q <= mccp_ugrid_isa_pkg::STATUS_PARTNER;
            state_q  <= StDrain;
          end else if (u_out_space) begin
            left_out_q <= left_out_q - 16'(out_n);
            t_q        <= t_q + 1'b1;
            if (left_out_q <= 16'd16) begin
              // the payload is out: words beyond it are LENGTH
              state_q <= (empty_q || seen_last_q) ? StRes : StDrain;
              if (!(empty_q || seen_last_q)) status_q <= mccp_ugrid_isa_pkg::STATUS_LENGTH;
            end else if (t_q + 1'b1 == n_q) begin
              t_q     <= '0;
              state_q <= StGather;
            end
          end
        end
        StDrain: if (empty_q || seen_last_q) state_q <= StRes;
        StRes: if (u_res_ready) state_q <= StIdle;
        default: state_q <= StIdle;
      endcase
    end
  end

  // ---- buffers -----------------------------------------------------------------------------
  mccp_slot_io #(
    .InDepth  (InDepth),
    .InRam    (1'b1),
    .OutDepth (OutDepth)
  ) u_io (
    .clk_i,
    .rst_ni,
    .in_valid_i,
    .in_ready_o,
    .in_data_i,
    .in_last_i,
    .out_valid_o,
    .out_ready_i,
    .out_data_o,
    .out_bytes_o,
    .out_last_o,
    .res_valid_o,
    .res_ready_i,
    .res_status_o,
    .res_bytes_o,
    .unit_in_valid_o   (u_in_valid),
    .unit_in_ready_i   (u_in_ready),
    .unit_in_data_o    (u_in_data),
    .unit_in_last_o    (u_in_last),
    .unit_out_we_i     (u_out_we),
    .unit_out_data_i   (u_out_data),
    .unit_out_bytes_i  (u_out_bytes),
    .unit_out_space_o  (u_out_space),
    .unit_res_valid_i  (u_res_valid),
    .unit_res_ready_o  (u_res_ready),
    .unit_res_status_i (status_q)
  );

  logic unused;
  assign unused = ^{fw_wdata_i[31:30], start_key_i[31:0], start_entry_i[9:1], start_args_i, g_pc, dbg_unused, illegal_unused,
                    kx_rk_dec_unused, kx_sbox_en_unused, kx_sbox_addr_unused, kx_busy, desc_off};

endmodule
