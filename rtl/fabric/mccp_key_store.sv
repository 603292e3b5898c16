// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// mccp_key_store: write-only key slots of up to 288 bits (docs/fabric.md, "Key store").
//
// - Staging: 9 x 32-bit words written by the host (KEY_DATA, KEY_DATA8); word i holds
//   key bytes 4i..4i+3, big endian, so word 0 lands in slot bits [287:256].
// - Storage: one 288-bit word per slot in block RAM (8 EBR of 36 bits, which the cores
//   leave spare), plus a valid bit, the 3-bit size and a 3-bit curve per slot in flops.
//   Sizes (mccp_regs_pkg::KEY_SIZE_*): 0/1/2 a key of 128/192/256 bits and 4 one of
//   96 bits, left aligned (from bit 287); 3 an elliptic-curve private scalar of curve
//   curve_q, 288 bits right aligned.  A commit stores the words of its size and zeros
//   for the others, so a slot never holds bits beyond its key.
// - Commands (cmd_valid_i for one cycle), each done in that cycle except zeroize-all:
//     1 commit: staging -> slot cmd_slot_i with size cmd_len_i (and cmd_curve_i), valid;
//     2 zeroize slot cmd_slot_i: its bits overwritten with zeros, not valid;
//     3 zeroize all: every valid bit cleared at once, then the memory is overwritten
//       with zeros one slot per cycle (busy_o meanwhile, KeySlots cycles).  The same
//       sweep runs after reset, so a soft reset leaves no key bits behind.
//   cmd_err_o (combinational) flags a command that is refused and does nothing to the
//   slots: busy_o, cmd_slot_i >= KeySlots on a commit or zeroize, a commit of an EC
//   scalar with cmd_curve_i >= NumCurves or of an unknown size (5..7), or a commit for
//   which not every word of its size (4/6/8/9/3) was written since the staging was last
//   cleared.  Op 0 does nothing
//   and is not an error.
// - Restricted slots (docs/fabric.md "Secret inputs and outputs"): a slot written by a
//   task's secret output holds an EC shared secret (size 3 with its curve) or an AES
//   key made from one, marked restricted: the scheduler lets only tasks whose output is
//   secret use it.  A host commit is never restricted.
// - Secret commits (sc_*, from mccp_secret_sink): like a host commit of sc_data_i to
//   sc_slot_i with size, curve and restricted mark, taken in a cycle with no host
//   command and no sweep (sc_ready_o); a slot >= KeySlots is ignored.  While the sink
//   holds one on its way (rd_hold_i) no read is taken, so a request that follows the
//   status of the task that made it reads it.
// - Wipes (pulses: firmware of a kind changed, so a new program never runs with a
//   secret stored under another): wipe_ec_i (EC microcode) takes every slot of size 3
//   (EC scalars and shared secrets), wipe_aes_i (AES firmware) every restricted slot;
//   they become invalid at once and are overwritten with zeros by the sweep (busy_o
//   meanwhile).  The invalidation pulse that follows names every slot.
// - Every command but op 0, done or refused, clears the staging (words and their
//   written marks): staged words never outlive the command they were meant for, and a
//   commit cannot install words left over from an earlier one.  A staging write in the
//   same cycle lands in the cleared staging.
// - Invalidation: the cycle after a commit, zeroize or zeroize-all, inv_valid_o pulses
//   with inv_slot_o (or inv_all_o): every core drops its key cache tag for the slot.
// - Read port (key scheduler only): a read is taken in a cycle with rd_req_i, no
//   command, not busy_o and not rd_ack_o; rd_ack_o pulses in the next cycle with
//   rd_key_o (key byte 0 in [287:280], as committed), rd_curve_o,
//   rd_len_o and rd_valid_o (the slot holds a key; a slot >= KeySlots reads as empty
//   zeros).  Hold rd_req_i and rd_slot_i until rd_ack_o.  A read of a zeroized slot
//   returns zeros: the bits are gone, not only the valid bit.
// - Only rd_key_o carries key bits; no other output depends on them.
module mccp_key_store #(
  parameter int KeySlots  = 16,
  parameter int NumCurves = 6     // curve ids 0 .. NumCurves-1 (mccp_ecc_curves_pkg)
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  // staging (KEY_DATA)
  input  logic                stage_we_i,
  input  logic [3:0]          stage_idx_i,
  input  logic [31:0]         stage_data_i,
  // commands (KEY_CMD)
  input  logic                cmd_valid_i,
  input  logic [1:0]          cmd_op_i,
  input  logic [4:0]          cmd_slot_i,
  input  logic [2:0]          cmd_len_i,
  input  logic [2:0]          cmd_curve_i,
  output logic                cmd_err_o,
  input  logic                wipe_ec_i,
  input  logic                wipe_aes_i,
  // secret commits (mccp_secret_sink)
  input  logic                sc_valid_i,
  output logic                sc_ready_o,
  input  logic [4:0]          sc_slot_i,
  input  logic [287:0]        sc_data_i,
  input  logic [2:0]          sc_len_i,
  input  logic [2:0]          sc_curve_i,
  input  logic                sc_restricted_i,
  input  logic                rd_hold_i,
  output logic                busy_o,
  output logic [KeySlots-1:0] valid_o,
  // key cache invalidation
  output logic                inv_valid_o,
  output logic [4:0]          inv_slot_o,
  output logic                inv_all_o,
  // key read port (key scheduler)
  input  logic                rd_req_i,
  input  logic [4:0]          rd_slot_i,
  output logic                rd_ack_o,
  output logic [287:0]        rd_key_o,
  output logic [2:0]          rd_len_o,
  output logic [2:0]          rd_curve_o,
  output logic                rd_restricted_o,
  output logic                rd_valid_o
);

  localparam int SlotW = (KeySlots > 1) ? $clog2(KeySlots) : 1;
  localparam logic [1:0] OpCommit  = 2'd1;
  localparam logic [1:0] OpZeroize = 2'd2;
  localparam logic [1:0] OpZeroAll = 2'd3;
  localparam logic [5:0] NumSlots  = 6'(KeySlots);
  localparam logic [2:0] SizeEc    = mccp_regs_pkg::KEY_SIZE_EC;

  (* ram_style = "block" *) logic [287:0] mem [KeySlots];
  logic [31:0]      stage_q [9];
  logic [8:0]       staged_q;     // word i written since the staging was cleared
  logic [KeySlots-1:0] valid_q;
  logic [KeySlots-1:0] wipe_q;    // slots the sweep still has to overwrite
  logic [2:0]       len_q [KeySlots];
  logic [2:0]       curve_q [KeySlots];
  logic [KeySlots-1:0] restr_q;   // restricted: a secret or a key made from one
  logic             busy_q;
  logic [SlotW-1:0] sweep_q;

  // ---- commands ----
  logic slot_ok, words_ok, do_commit, do_zero, do_all, stage_clr;
  assign slot_ok   = {1'b0, cmd_slot_i} < NumSlots;
  // the staging words a size takes, from its byte count (regs.yml key_sizes): the first
  // 4 (128 bits), 6 (192), 8 (256), 9 (EC scalar) or 3 (96); none for an unknown size
  logic [5:0] cmd_bytes;
  logic [8:0] cmd_words;
  logic       unused_bytes;
  assign cmd_bytes    = mccp_regs_pkg::key_size_bytes(cmd_len_i);
  assign cmd_words    = 9'((10'd1 << cmd_bytes[5:2]) - 10'd1);
  assign unused_bytes = ^cmd_bytes[1:0];      // every size is whole words
  assign words_ok  = cmd_words != '0 && (staged_q & cmd_words) == cmd_words;
  assign busy_o    = busy_q;
  assign cmd_err_o = cmd_valid_i && (cmd_op_i != 2'd0) &&
                     (busy_q || (cmd_op_i == OpCommit && (!slot_ok || !words_ok ||
                                 (cmd_len_i == SizeEc && 32'(cmd_curve_i) >= NumCurves))) ||
                      (cmd_op_i == OpZeroize && !slot_ok));
  assign stage_clr = cmd_valid_i && (cmd_op_i != 2'd0);
  assign do_commit = cmd_valid_i && !cmd_err_o && cmd_op_i == OpCommit;
  assign do_zero   = cmd_valid_i && !cmd_err_o && cmd_op_i == OpZeroize;
  assign do_all    = cmd_valid_i && !cmd_err_o && cmd_op_i == OpZeroAll;

  // ---- secret commits: host commands and the sweep first ----
  logic sc_ok, do_sc;
  assign sc_ready_o = !cmd_valid_i && !busy_q;
  assign sc_ok      = {1'b0, sc_slot_i} < NumSlots;
  assign do_sc      = sc_valid_i && sc_ready_o && sc_ok;

  // ---- memory write port: commit, zeroize, sweep ----
  logic             mem_we;
  logic [SlotW-1:0] mem_waddr;
  logic [287:0]     mem_wdata, committed;
  always_comb begin
    for (int i = 0; i < 9; i++) committed[287 - 32*i -: 32] = cmd_words[i] ? stage_q[i] : '0;
    mem_we    = (busy_q && wipe_q[sweep_q]) || do_commit || do_zero || do_sc;
    mem_waddr = busy_q ? sweep_q : do_sc ? sc_slot_i[SlotW-1:0] : cmd_slot_i[SlotW-1:0];
    mem_wdata = do_commit ? committed : do_sc ? sc_data_i : '0;
  end

  always_ff @(posedge clk_i) begin
    if (mem_we) begin
      mem[mem_waddr] <= mem_wdata;
    end
  end

  // ---- staging, valid / size, sweep ----
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      for (int i = 0; i < 9; i++) begin
        stage_q[i] <= '0;
      end
      staged_q <= '0;
      for (int s = 0; s < KeySlots; s++) begin
        len_q[s]   <= '0;
        curve_q[s] <= '0;
      end
      valid_q <= '0;
      restr_q <= '0;
      wipe_q  <= '1;
      busy_q  <= 1'b1;         // sweep every slot after reset
      sweep_q <= '0;
    end else begin
      if (stage_clr) begin
        for (int i = 0; i < 9; i++) begin
          stage_q[i] <= '0;
        end
        staged_q <= '0;
      end
      if (stage_we_i) begin
        stage_q[stage_idx_i]  <= stage_data_i;
        staged_q[stage_idx_i] <= 1'b1;
      end
      if (do_commit) begin
        valid_q[cmd_slot_i[SlotW-1:0]] <= 1'b1;
        len_q[cmd_slot_i[SlotW-1:0]]   <= cmd_len_i;
        curve_q[cmd_slot_i[SlotW-1:0]] <= cmd_curve_i;
        restr_q[cmd_slot_i[SlotW-1:0]] <= 1'b0;
      end
      if (do_sc) begin
        valid_q[sc_slot_i[SlotW-1:0]] <= 1'b1;
        len_q[sc_slot_i[SlotW-1:0]]   <= sc_len_i;
        curve_q[sc_slot_i[SlotW-1:0]] <= sc_curve_i;
        restr_q[sc_slot_i[SlotW-1:0]] <= sc_restricted_i;
      end
      if (do_zero) begin
        valid_q[cmd_slot_i[SlotW-1:0]] <= 1'b0;
        len_q[cmd_slot_i[SlotW-1:0]]   <= '0;
        restr_q[cmd_slot_i[SlotW-1:0]] <= 1'b0;
      end
      if (busy_q) begin
        if (wipe_q[sweep_q]) begin
          len_q[sweep_q]   <= '0;
          restr_q[sweep_q] <= 1'b0;
        end
        wipe_q[sweep_q] <= 1'b0;
        if (sweep_q == SlotW'(KeySlots - 1)) begin
          busy_q <= 1'b0;
        end
        sweep_q <= sweep_q + 1'b1;
      end
      // a wipe or zeroize-all (re)starts the sweep from slot 0
      if (wipe_ec_i || wipe_aes_i) begin
        for (int s = 0; s < KeySlots; s++) begin
          if ((wipe_ec_i && len_q[s] == SizeEc) || (wipe_aes_i && restr_q[s])) begin
            valid_q[s] <= 1'b0;
            wipe_q[s]  <= 1'b1;
          end
        end
        busy_q  <= 1'b1;
        sweep_q <= '0;
      end
      if (do_all) begin
        valid_q <= '0;
        wipe_q  <= '1;
        busy_q  <= 1'b1;
        sweep_q <= '0;
      end
    end
  end
  assign valid_o = valid_q;

  // ---- invalidation pulse ----
  logic       inv_valid_q, inv_all_q;
  logic [4:0] inv_slot_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      inv_valid_q <= 1'b0;
      inv_all_q   <= 1'b0;
      inv_slot_q  <= '0;
    end else begin
      inv_valid_q <= do_commit || do_zero || do_all || wipe_ec_i || wipe_aes_i || do_sc;
      inv_all_q   <= do_all || wipe_ec_i || wipe_aes_i;
      inv_slot_q  <= (do_all || wipe_ec_i || wipe_aes_i) ? 5'd0 : do_sc ? sc_slot_i : cmd_slot_i;
    end
  end
  assign inv_valid_o = inv_valid_q;
  assign inv_all_o   = inv_all_q;
  assign inv_slot_o  = inv_slot_q;

  // ---- read port ----
  logic         rd_take, rd_ok, rd_ack_q, rd_valid_q, rd_restr_q;
  logic [287:0] rd_key_q;
  logic [2:0]   rd_len_q;
  logic [2:0]   rd_curve_q;
  assign rd_take = rd_req_i && !cmd_valid_i && !busy_q && !rd_ack_q && !rd_hold_i && !sc_valid_i;
  assign rd_ok   = {1'b0, rd_slot_i} < NumSlots;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rd_ack_q   <= 1'b0;
      rd_valid_q <= 1'b0;
      rd_restr_q <= 1'b0;
      rd_len_q   <= '0;
      rd_curve_q <= '0;
    end else begin
      rd_ack_q <= rd_take;
      if (rd_take) begin
        rd_valid_q <= rd_ok && valid_q[rd_slot_i[SlotW-1:0]];
        rd_restr_q <= rd_ok && restr_q[rd_slot_i[SlotW-1:0]];
        rd_len_q   <= rd_ok ? len_q[rd_slot_i[SlotW-1:0]] : 3'd0;
        rd_curve_q <= rd_ok ? curve_q[rd_slot_i[SlotW-1:0]] : 3'd0;
      end
    end
  end

  // key bits: the block RAM's read register (no reset), loaded only by a read
  always_ff @(posedge clk_i) begin
    if (rd_take) begin
      rd_key_q <= rd_ok ? mem[rd_slot_i[SlotW-1:0]] : '0;
    end
  end

  assign rd_ack_o   = rd_ack_q;
  assign rd_key_o   = rd_key_q;
  assign rd_len_o   = rd_len_q;
  assign rd_curve_o = rd_curve_q;
  assign rd_valid_o = rd_valid_q;
  assign rd_restricted_o = rd_restr_q;

  if (SlotW < 5) begin : g_unused
    logic unused;
    assign unused = ^{cmd_slot_i[4:SlotW], rd_slot_i[4:SlotW], sc_slot_i[4:SlotW]};
  end

endmodule
