// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// mccp_core: one MCCP crypto core -- a three-stage in-order sequencer running
// firmware from its instruction memory over a 128-bit datapath (AES engine,
// GHASH unit, vector ALU, input FIFO, output buffer).  Architecture, task
// contract and the cycle rules: docs/core.md; the ISS (src/mccp/iss) charges
// exactly the cycles this RTL takes.
//
// Pipeline.  F reads the instruction memory (block RAM, ~4 ns from clock to
// data on ECP5; each word stored with its predecoded form) into the D
// register.  D reads the register files (addresses from flip-flops,
// write-through) into the X operand registers.  X checks the scoreboard and
// the units, and either waits, issues, or ends the task (done / trap); its
// operands pass one bypass multiplexer (the result of the instruction issued
// in the previous cycle, from the write-back stage, and the AES result in its
// write-back cycle) on the way into the ALUs.  The memory has two read ports:
// port A fetches in sequence, port B reads the target of the instruction in X
// (imm, or s[b] for jr) in case it is a taken branch, and the entry point
// while no task runs.  So:
//  * A start offered in cycle -1 (start_valid_i) reads the entry word; the
//    handshake happens in cycle 0 at the earliest (start_ready_o rises one
//    cycle after start_valid_i), D holds the entry word in cycle 1 and the
//    first instruction issues in cycle 2.
//  * Taken jump/branch in cycle t: cycles t+1 and t+2 are bubbles (D loads the
//    target from port B in t+1), the target issues in t+3.  The branch
//    decision only reaches flip-flops (no memory address), which keeps the
//    compare off the memory's setup path.
//  * Scoreboard: an aes* marks v[a] pending until the engine's result appears
//    (out_valid, cycle t + Nr + 1); that cycle is the write-back cycle, in which
//    an aes* reading it as va gets the result by bypass (CBC and CBC-MAC
//    chains); every other reader, and writers of v[a], wait one cycle more.
//  * A byte count (clamp of a scalar) written by the instruction issued just
//    before is not bypassed: the reader waits one cycle.
//  * done waits until the GHASH unit is idle and nothing is pending.
//  * Results enter the register files at the end of their issue cycle (the
//    LUT RAM takes them at that clock edge), so the instruction in D after
//    next reads them; X bypasses the result of the instruction issued just
//    before (read by D before it was written) from a write-back register, so
//    this is invisible to the firmware.
//
// Task end (done, or a trap: ILLEGAL / TRUNCATED / OVERSIZE) in cycle t: the
// output of the task is released (status OK) or discarded; if the packet's
// last input word has not been read the rest is drained one word per cycle;
// res_valid_o then rises (cycle t + 1 + drained words) and stays up until
// res_ready_i.  A new start is accepted only after the result is taken, when
// the engines are idle (a trap may leave an AES block or GHASH step running;
// its result is dropped) and no key load or firmware write is on offer.
//
// Key port: passed to the AES engine, but only while no task runs (RUN /
// DRAIN); a key load on offer blocks the start.  With KeyExpand = 0 the engine
// has no expander and the round-key port (rk_*, filled by a shared expander)
// takes its place, under the same rules.  Firmware writes are accepted in the
// same states and reach the instruction memory a cycle later, through a
// register; a start waits for that cycle too.
//
// Trace (TraceEnable): registered, so every event appears one cycle after the
// cycle it describes: trace_valid_o for the instruction retired in the
// previous cycle (trace_wdata_o is the value of the written register, read
// from the register file), trace_wb_valid_o for a background write-back in
// the previous cycle.  Write-backs after the task has ended are not traced.
module mccp_core #(
  parameter int ImemWords = 1024,
  parameter int InWords = 136,
  parameter int OutWords = 130,
  parameter bit DecryptEnable = 1'b1,
  parameter bit KeyExpand = 1'b1,     // 1: the engine expands key_i; 0: round keys come through rk_*
  parameter int GhashDigitBits = 16,
  parameter bit TraceEnable = 1'b1,
  // instruction memory address bits (ports: firmware, entry point, trace)
  localparam int ImemAw = (ImemWords > 1) ? $clog2(ImemWords) : 1
) (
  input  logic         clk_i,
  input  logic         rst_ni,
  // firmware load (taken while no task runs or starts)
  input  logic         imem_we_i,
  input  logic [ImemAw-1:0] imem_addr_i,
  input  logic [31:0]  imem_wdata_i,
  // key port (AES engine)
  input  logic         key_valid_i,
  output logic         key_ready_o,
  input  logic [255:0] key_i,
  input  logic [1:0]   key_len_i,
  output logic         key_error_o,
  output logic         key_expanded_o,
  // round-key port (KeyExpand = 0; mccp_aes_engine_rk's contract, while no task
  // runs and no start is offered)
  input  logic         rk_we_i,
  input  logic [3:0]   rk_idx_i,
  input  logic [127:0] rk_i,
  input  logic [127:0] rk_dec_i,
  input  logic         rk_done_i,
  input  logic [1:0]   rk_len_i,
  // task start
  input  logic         start_valid_i,  // held high until start_ready_o (the handshake)
  output logic         start_ready_o,
  input  logic [ImemAw-1:0] start_entry_i,
  input  logic [127:0] start_args_i,
  input  logic         start_empty_i,  // the packet has no input word (e.g. CMAC of an empty message)
  // packet in
  input  logic         in_valid_i,
  output logic         in_ready_o,
  input  logic [127:0] in_data_i,
  input  logic         in_last_i,
  // packet out (released words only)
  output logic         out_valid_o,
  input  logic         out_ready_i,
  output logic [127:0] out_data_o,
  output logic [4:0]   out_bytes_o,
  output logic         out_last_o,
  // result
  output logic         res_valid_o,
  input  logic         res_ready_i,
  output logic [7:0]   res_status_o,
  output logic [15:0]  res_bytes_o,
  output logic         busy_o,
  // split tasks (docs/core.md): the queues to and from the partner core
  // (mccp_core_link, through mccp_core_pair), usable while pair_en_i; abort_i
  // ends a running task with status PARTNER
  input  logic         pair_en_i,
  input  logic         abort_i,
  output logic         tx_push_o,
  output logic [127:0] tx_data_o,
  input  logic         tx_space_i,
  input  logic         tx_space_next_push_i,
  input  logic         tx_space_next_hold_i,
  output logic         rx_pop_o,
  input  logic         rx_valid_i,
  input  logic [127:0] rx_data_i,
  input  logic         rx_valid_next_pop_i,
  input  logic         rx_valid_next_hold_i,
  // retire trace
  output logic         trace_valid_o,
  output logic [ImemAw-1:0] trace_pc_o,
  output logic [31:0]  trace_insn_o,
  output logic         trace_we_o,
  output logic         trace_wsreg_o,
  output logic [2:0]   trace_wreg_o,
  output logic [127:0] trace_wdata_o,
  output logic         trace_wb_valid_o,
  output logic [2:0]   trace_wb_reg_o,
  output logic [127:0] trace_wb_data_o
);

  // Parameter ranges: a jump target is a 14-bit imm; a task's output byte count
  // (res_bytes_o) has 16 bits; the GHASH unit takes digits of 1..64 or 128 bits.
  if (ImemWords < 2 || ImemWords > 16384) begin : g_bad_imem
    $error("mccp_core: ImemWords %0d out of range 2..16384", ImemWords);
  end
  if (InWords < 2 || OutWords < 2 || OutWords > 4095) begin : g_bad_buf
    $error("mccp_core: InWords %0d / OutWords %0d: at least 2 each, OutWords at most 4095",
           InWords, OutWords);
  end
  if (GhashDigitBits < 1 || (GhashDigitBits > 64 && GhashDigitBits != 128)) begin : g_bad_digits
    $error("mccp_core: GhashDigitBits %0d must be 1..64 or 128", GhashDigitBits);
  end
  // Predecoded instructions (see "Predecode"): of the word being written, of D's
  // instruction and of X's.  (PreBits from a signal: Yosys takes $bits of a
  // signal, not of a package's type.)
  mccp_core_pkg::predecode_t pre_w, pre_d, pre_x_q;
  localparam int PreBits = $bits(pre_w);

  typedef enum logic [1:0] {
    StIdle,   // waiting for a start
    StRun,    // running firmware
    StDrain,  // task ended; reading the rest of the packet
    StRes     // result on offer
  } state_e;

  state_e state_q, state_d;
  logic   run, host_ok, start_fire, start_q, idle_q;

  assign run     = (state_q == StRun);
  assign host_ok = (state_q == StIdle) || (state_q == StRes);

  // Firmware writes go through two registers on their way to the memory, so that
  // the long wire from the fabric to a core has no logic on it:
  //  * fw_*_q take the loader's bus, only on this core's write.  Loaded on every
  //    cycle they would be the same in every core, and a flattened synthesis
  //    would keep one copy of them and of the predecode behind them for all
  //    cores: one predecode far from most of the memories;
  //  * img_*_q take the predecoded word, beside the memory.
  // The memory is written two cycles after the core sees the write; a start
  // waits until both registers are empty, and a write in the start's cycle is
  // dropped like one during a task (the fabric's loader writes only cores
  // that are disabled and idle, so it never meets a start).
  logic        fw_we_q;
  logic [ImemAw-1:0] fw_addr_q;
  logic [31:0] fw_wdata_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      fw_we_q <= 1'b0;
    end else begin
      fw_we_q <= imem_we_i && host_ok && !start_fire;
    end
  end
  always_ff @(posedge clk_i) begin
    if (imem_we_i) begin
      fw_addr_q  <= imem_addr_i;
      fw_wdata_q <= imem_wdata_i;
    end
  end

  ///////////////
  // Predecode //
  ///////////////

  // Firmware words are decoded when they are written, and the decoded form is
  // stored beside the word, so the control signals of the instruction in the IR
  // come straight from flip-flops.  `illegal` is stored inverted so an all-zero
  // entry is a `nop`, like the all-zero word.
  mccp_core_decode u_decode (
    .insn_i (fw_wdata_q),
    .pre_o  (pre_w)
  );

  logic                img_we_q;
  logic [ImemAw-1:0]   img_addr_q;
  logic [31+PreBits:0] img_word_q;   // {predecode, word}, as stored

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      img_we_q <= 1'b0;
    end else begin
      img_we_q <= fw_we_q;
    end
  end
  always_ff @(posedge clk_i) begin
    if (fw_we_q) begin
      img_addr_q <= fw_addr_q;
      img_word_q <= {pre_w, fw_wdata_q};
    end
  end

  /////////////
  // Engines //
  /////////////

  logic         eng_key_ready, eng_in_valid, eng_in_ready, eng_out_valid, eng_busy;
  logic         eng_out_error, eng_out_next, gh_last, gh_last_next;
  logic [127:0] eng_in_data, eng_out_data;
  logic         gh_h_we, gh_in_valid, gh_in_ready, gh_busy;
  logic [127:0] gh_h, gh_y;
  logic [127:0] opa, opb;          // X operands (bypassed)

  // An encrypt-only engine keeps its round keys in block RAM: 4 EBR instead of 32
  // DPR16X4 (about 210 LUT sites), which the many-core tops are short of.
  mccp_aes_engine_rk #(
    .DecryptEnable      (DecryptEnable),
    .KeyExpand          (KeyExpand),
    .RoundKeysInBlockRam(!DecryptEnable)
  ) u_aes (
    .clk_i,
    .rst_ni,
    .key_valid_i    (key_valid_i && host_ok),
    .key_ready_o    (eng_key_ready),
    .key_i,
    .key_len_i,
    .key_error_o,
    .key_expanded_o,
    .rk_we_i        (rk_we_i && host_ok),
    .rk_idx_i,
    .rk_i,
    .rk_dec_i,
    .rk_done_i      (rk_done_i && host_ok),
    .rk_len_i,
    .in_valid_i     (eng_in_valid),
    .in_ready_o     (eng_in_ready),
    .in_decrypt_i   (pre_x_q.aes_dec),
    .in_data_i      (eng_in_data),
    .out_valid_o    (eng_out_valid),
    .out_ready_i    (1'b1),
    .out_data_o     (eng_out_data),
    .out_error_o    (eng_out_error),
    .out_next_o     (eng_out_next),
    .busy_o         (eng_busy)
  );

  assign key_ready_o = eng_key_ready && host_ok;

  mccp_ghash #(
    .DigitBits(GhashDigitBits)
  ) u_ghash (
    .clk_i,
    .rst_ni,
    .h_we_i     (gh_h_we),
    .h_i        (gh_h),
    .clear_i    (gh_h_we),
    .in_valid_i (gh_in_valid),
    .in_ready_o (gh_in_ready),
    .in_data_i  (opa),
    .y_o        (gh_y),
    .busy_o     (gh_busy),
    .last_o     (gh_last),
    .last_next_o(gh_last_next)
  );

  ///////////
  // Fetch //
  ///////////

  // F -> D -> X.  D is the head of the fetch queue (mccp_core_fetch), X the
  // instruction register of the execute stage.  `advance`: X takes D's
  // instruction at the end of this cycle (X issues, or holds nothing).
  logic [31:0]         ir_d, ir_x_q;
  logic [31+PreBits:0] rdata_a, rdata_b;     // {predecode, word}
  logic                d_valid, d_oob, x_valid_q, x_oob_q, redirect_q, prime_q;
  logic [13:0]         pc_d, pc1_x_q;
  logic [ImemAw-1:0]   pc_x_q;               // for the trace
  logic [13:0]         tgt_q;                // taken branch target
  logic [ImemAw-1:0]   addr_a, fetch_addr, addr_b;
  logic [13:0]         target;
  logic                host_we, go, advance;

  assign host_we = img_we_q;
  // After a taken branch (redirect_q) the instruction in X is dead: it does
  // not issue and X takes D's (dead too) so that the target can follow; the
  // branch decision itself only reaches redirect_q.
  assign advance = !x_valid_q || go || redirect_q;

  mccp_core_fetch #(
    .Words(ImemWords),
    .Width(32 + PreBits)
  ) u_fetch (
    .clk_i,
    .rst_ni,
    .run_i         (run),
    .start_i       (start_fire),
    .start_entry_i,
    .redirect_i    (redirect_q),
    .tgt_i         (tgt_q),
    .entry_word_i  (rdata_b),
    .pop_i         (advance && d_valid),
    .addr_o        (fetch_addr),
    .rdata_i       (rdata_a),
    .head_valid_o  (d_valid),
    .head_o        ({pre_d, ir_d}),
    .head_pc_o     (pc_d),
    .head_oob_o    (d_oob)
  );

  logic unused_d;   // D's predecode: the rest is used once the instruction is in X
  assign unused_d = ^{pre_d.jump, pre_d.jr, pre_d.bf, pre_d.v_we, pre_d.s_we, pre_d.setw, pre_d.aes_x,
                      pre_d.aes_dec, pre_d.br_kind, pre_d.salu_op};

  // Port A: the fetch queue's address (or a firmware write).
  assign addr_a = host_we ? img_addr_q : fetch_addr;
  // Port B: the entry point, or the target of the instruction in X.
  assign addr_b = run ? target[ImemAw-1:0] : start_entry_i;

  mccp_core_imem #(
    .Words(ImemWords),
    .Width(32 + PreBits)
  ) u_imem (
    .clk_i,
    .we_a_i    (host_we),
    .addr_a_i  (addr_a),
    .wdata_a_i (img_word_q),
    .rdata_a_o (rdata_a),
    .addr_b_i  (addr_b),
    .rdata_b_o (rdata_b)
  );


  logic        legal;
  logic [2:0]  ra, ra_d, rb_d, rc_d;
  logic [13:0] imm;

  assign legal = !pre_x_q.illegal && !x_oob_q;
  assign ra    = ir_x_q[mccp_isa_pkg::FieldALsb +: 3];
  assign imm   = ir_x_q[mccp_isa_pkg::FieldImmMsb:mccp_isa_pkg::FieldImmLsb];
  assign ra_d  = ir_d[mccp_isa_pkg::FieldALsb +: 3];
  assign rb_d  = ir_d[mccp_isa_pkg::FieldBLsb +: 3];
  assign rc_d  = ir_d[mccp_isa_pkg::FieldCLsb +: 3];

  //////////////////////////////////////////////////
  // Registers, operand stage, bypass, write-back //
  //////////////////////////////////////////////////

  // D reads both files at its instruction's fields (a register written in this
  // cycle reads as its old value: the result of the instruction issuing now
  // comes through the write-back stage below; an AES result landing in this
  // cycle comes from the engine, see g_operand) into the X operand registers,
  // which load when X advances.  X then takes, per operand, the AES result in
  // its write-back cycle or the write-back stage's value (the result of the
  // instruction issued just before X's, which the files took at the end of
  // its issue cycle) instead of the registered one.  The
  // selects are registered a cycle ahead.  While X holds, the write-back
  // stage keeps its value (it loads only on an issue) and the select stays;
  // an AES result that lands meanwhile is loaded into the operand register
  // (the engine's output does not keep it).
  logic         pend_q;
  logic [2:0]   pend_reg_q;
  logic [31:0]  d_sa, d_sb, sa, sb, sa_q, sb_q, s_t;
  logic [4:0]   d_cc, d_ca, cc_q, w_clamp, n_eff;
  logic         d_pos, pos_q, w_pos;
  logic [127:0] d_opa, d_opb, opa_q, opb_q, v_t, valu_res, valu_masked, valu_lu;
  logic [3:0]   skid_b_d, skid_c_d;   // words of D's v[b] / v[c] in the file's skid: the AES result
  logic [15:0]  mismatch, tag_q;
  logic [31:0]  salu_res;
  logic [127:0] rot_d, rot_q;   // X's operand a rotated (mccp_core_rot), and registered
  logic         eq, lt, retire, ended_q;   // eq / lt: joined from registered halves (see cmp_q)
  logic         fifo_valid, fifo_last, fifo_pop;
  logic [127:0] fifo_data;

  logic         swb_valid_q;
  logic [2:0]   swb_reg_q;
  logic [127:0] vwb_data_q;
  logic         v_issue, s_issue;   // X's instruction writes v[a] / s[a] now (see Issue)
  logic [3:0]   words_d;            // the words of v[a] it writes
  logic [31:0]  swb_data_q;
  logic         trace_we_q, trace_wsreg_q;
  logic [2:0]   trace_wreg_q;

  // Bypass selects and hazards, registered a cycle ahead: *wb_sel_<f>_q = the
  // write-back stage holds the X instruction's operand <f> (per 32-bit word for
  // the vector file: vsetw writes one word), eng_m_<f>_q = operand <f> is the
  // pending AES destination.  The data multiplexers take per-word copies of
  // the selects (kept: they fan out to 32 bits each).  cnt_stale_<f>_q: the byte count of operand <f> (c, or
  // a for tagchk) was written just before and is reloaded in this cycle.
  logic         eng_m_a_q, eng_m_b_q, eng_m_c_q, swb_sel_b_q, swb_sel_c_q;
  logic         cnt_stale_c_q, cnt_stale_a_q;
  (* keep *) logic [3:0] vwb_sel_b_q, vwb_sel_c_q, eng_mw_b_q, eng_mw_c_q;
  logic         eng_wb, eng_land_q;
  logic [3:0]   eng_sel_b, eng_sel_c;

  mccp_core_vregs #(
    .TraceEnable(TraceEnable)
  ) u_vregs (
    .clk_i,
    .clear_i   (start_fire),
    .we_i      (v_issue),
    .waddr_i   (ra),
    .wwords_i  (words_d),
    .wdata_i   (valu_res),
    .wb_we_i   (eng_wb),
    .wb_addr_i (pend_reg_q),
    .wb_data_i (eng_out_data),
    .raddr_a_i (rb_d),
    .rdata_a_o (d_opa),
    .skid_a_o  (skid_b_d),
    .raddr_b_i (rc_d),
    .rdata_b_o (d_opb),
    .skid_b_o  (skid_c_d),
    .raddr_t_i (trace_wreg_q),
    .rdata_t_o (v_t)
  );

  mccp_core_sregs #(
    .TraceEnable(TraceEnable)
  ) u_sregs (
    .clk_i,
    .init_i    (start_fire),
    .args_i    (start_args_i),
    .ram_we_i    (s_issue),
    .ram_waddr_i (ra),
    .ram_wdata_i (salu_res),
    .we_i      (swb_valid_q),
    .waddr_i   (swb_reg_q),
    .wdata_i   (swb_data_q),
    .raddr_a_i (rb_d),
    .rdata_a_o (d_sa),
    .raddr_b_i (rc_d),
    .rdata_b_o (d_sb),
    .caddr_c_i (rc_d),
    .clamp_c_o (d_cc),
    .caddr_a_i (ra_d),
    .clamp_a_o (d_ca),
    .pos_c_o   (d_pos),
    .wclamp_o  (w_clamp),
    .wpos_o    (w_pos),
    .raddr_t_i (trace_wreg_q),
    .rdata_t_o (s_t)
  );

  // The AES result is written in its write-back cycle (dropped after a trap:
  // pend_q stays up until it arrives and the next start clears the file).
  // eng_wb: the AES result lands in this cycle (eng_out_valid && pend_q, from a
  // register set a cycle ahead: the engine says when its last round runs).
  assign eng_wb    = eng_land_q;
  assign eng_sel_b = {4{eng_wb}} & eng_mw_b_q;
  assign eng_sel_c = {4{eng_wb}} & eng_mw_c_q;

  // Word w of an operand: the write-back stage or the operand register (word
  // 0 = bits [127:96]).  The AES result reaches X's operands a cycle after its
  // write-back cycle (reloaded, or read through the file by D), except for
  // operand a (va of aes / aesx chains), where it is bypassed in that cycle.
  // (Every other reader of the register waits in that cycle, so operand a
  // carries the bypass for all its users; the engine takes it through the
  // vector ALU's logic unit, which also forms aesx's va ^ vb.)  Only va: every
  // chain in the firmware runs through va, and a bypass on vb too cost 128 LUT4.
  for (genvar w = 0; w < 4; w++) begin : g_bypass
    assign opa[127 - 32 * w -: 32] = eng_sel_b[w]   ? eng_out_data[127 - 32 * w -: 32] :
                                     vwb_sel_b_q[w] ? vwb_data_q[127 - 32 * w -: 32] :
                                                      opa_q[127 - 32 * w -: 32];
    assign opb[127 - 32 * w -: 32] = vwb_sel_c_q[w] ? vwb_data_q[127 - 32 * w -: 32] :
                                                      opb_q[127 - 32 * w -: 32];
  end
  assign sa = swb_sel_b_q ? swb_data_q : sa_q;
  assign sb = swb_sel_c_q ? swb_data_q : sb_q;

  mccp_core_salu u_salu (
    .op_i   (pre_x_q.salu_op),
    .sa_i   (sa),
    .sb_i   (sb),
    .imm_i  (imm),
    .link_i (pc1_x_q),
    .word_i (rot_q[127:96]),
    .res_o  (salu_res)
  );

  // Branch comparison, registered: X's branch uses eq = (s[b] == s[c]) and
  // lt = (s[b] < s[c], signed), joined from cmp_q, the halves' results
  // computed from D's operands when X advances, or from X's bypassed ones
  // while it holds.  A branch whose operand the instruction
  // issued just before wrote (br_stale_q) waits one cycle for the latter.
  // Two comparators, so the late `advance` picks a result and does not sit
  // between the register read and a shared comparator (mccp_core_cmp); the
  // halves' results are registered and joined in X.
  logic [3:0] cmp_q, cmp_d, cmp_x;   // {hi_eq, hi_lt, lo_eq, lo_lt}
  logic       br_stale_q;
  mccp_core_cmp u_cmp_d (
    .a_i     (d_sa),
    .b_i     (d_sb),
    .parts_o (cmp_d)
  );
  mccp_core_cmp u_cmp_x (
    .a_i     (sa),
    .b_i     (sb),
    .parts_o (cmp_x)
  );
  always_ff @(posedge clk_i) begin
    cmp_q <= advance ? cmp_d : cmp_x;
  end
  assign eq = cmp_q[3] && cmp_q[1];
  assign lt = cmp_q[2] || (cmp_q[3] && cmp_q[0]);

  // The byte count of X's instruction (16, 0 or clamp(s[c])), and its masks
  // decoded a cycle ahead: D's count when X advances, the reloaded one when
  // a stale count reloads from the write-back stage.
  function automatic logic [4:0] count(input logic [1:0] nsel, input logic [4:0] c);
    unique case (nsel)
      mccp_core_pkg::NSEL_16: count = 5'd16;
      mccp_core_pkg::NSEL_0:  count = 5'd0;
      default:                count = c;
    endcase
  endfunction

  logic [4:0]  n_d, n_w;
  logic [15:0] keep_q, pad, keept_q;
  assign n_eff = count(pre_x_q.nsel, cc_q);
  assign n_d   = count(pre_d.nsel, d_cc);
  assign n_w   = count(pre_x_q.nsel, w_clamp);
  // byte_at(n): the first byte first_bytes(n) does not keep (none if n = 16)
  assign pad   = ~keep_q & {1'b1, keep_q[15:1]};

  // The rotator serves the byte shifts and vgetw (word w of v[b] = the top
  // word of v[b] rotated by 4w bytes).  Both take two cycles: the rotated
  // operand is registered (rot_q), and the instruction issues once it has
  // held one cycle in X with its final operand.  So the rotator's four
  // layers end in a register and not in the scalar write-back path.
  logic         shift_ok_q, p_shift, d_shift, p_getw, d_getw;
  assign p_getw  = (pre_x_q.salu_op == mccp_core_pkg::SOP_VGETW);
  assign d_getw  = (pre_d.salu_op == mccp_core_pkg::SOP_VGETW);
  assign p_shift = (pre_x_q.valu_op == mccp_core_pkg::VOP_SHL) || (pre_x_q.valu_op == mccp_core_pkg::VOP_SHR) ||
                   p_getw;

  mccp_core_rot u_rot (
    .a_i     (opa),
    .right_i (pre_x_q.valu_op == mccp_core_pkg::VOP_SHR),
    .k_i     (p_getw ? {imm[1:0], 2'b00} : imm[3:0]),
    .y_o     (rot_d)
  );

  always_ff @(posedge clk_i) begin
    rot_q <= rot_d;
  end

  mccp_core_valu u_valu (
    .op_i       (pre_x_q.valu_op),
    .a_i        (opa),
    .b_i        (opb),
    .s_i        (sb),
    .keep_i     (keep_q),
    .pad_i      (pad),
    .keept_i    (keept_q),
    .k_i        (imm[3:0]),
    .rot_i      (rot_q),
    .ld_i       (pre_x_q.recv ? rx_data_i : fifo_data),
    .gh_i       (gh_y),
    .res_o      (valu_res),
    .masked_o   (valu_masked),
    .lu_o       (valu_lu),
    .mismatch_o (mismatch)
  );

  ///////////////////
  // Input, output //
  ///////////////////

  logic ob_we, ob_release_q, ob_discard_q, ob_space, ob_oversize;
  logic ob_space_next_we, ob_space_next, ob_over_next_we, fifo_valid_next_pop, fifo_valid_next_hold;

  // The input FIFO: block RAM behind a first-word-fall-through stage; each
  // word carries the packet's `last`.
  mccp_prim_fifo_ram #(
    .Width(129),
    .Depth(InWords)
  ) u_in_fifo (
    .clk_i,
    .rst_ni,
    .wvalid_i (in_valid_i),
    .wready_o (in_ready_o),
    .wdata_i  ({in_last_i, in_data_i}),
    .rvalid_o (fifo_valid),
    .rdata_o  ({fifo_last, fifo_data}),
    .pop_i    (fifo_pop),
    .rvalid_next_pop_o  (fifo_valid_next_pop),
    .rvalid_next_hold_o (fifo_valid_next_hold)
  );

  mccp_prim_out_buf #(
    .Depth(OutWords)
  ) u_out_buf (
    .clk_i,
    .rst_ni,
    .we_i        (ob_we),
    .wdata_i     (valu_masked),
    .wbytes_i    (n_eff),
    .release_i   (ob_release_q),
    .discard_i   (ob_discard_q),
    .space_o     (ob_space),
    .oversize_o  (ob_oversize),
    .space_next_we_o    (ob_space_next_we),
    .space_next_o       (ob_space_next),
    .oversize_next_we_o (ob_over_next_we),
    .out_valid_o,
    .out_ready_i,
    .out_data_o,
    .out_bytes_o,
    .out_last_o
  );

  ///////////
  // Issue //
  ///////////

  // The issue decision is taken a cycle ahead: stall_q says whether the
  // instruction in X waits in this cycle.  The cycle before computes it for
  // both cases -- X advancing (D's instruction next, after the effects of X's
  // instruction issuing) and X holding (the same instruction, no effects) --
  // from the units' next-cycle states, and `advance` picks one.  So `go` is
  // one gate from flip-flops although it steers the whole core.  The rules
  // (docs/core.md): reads of a pending register wait until its write-back
  // cycle (va of aes*: bypassed) or the cycle after (others), writes
  // (and vsetw, which keeps the other words) for the cycle after; a byte
  // count or a branch operand written by the instruction issued just before
  // waits one cycle (the count and the comparison reload from the write-back
  // stage); a byte shift or vgetw waits one
  // cycle in X with its final operand (shift_ok_q); units and streams wait
  // until they can take the instruction.  Simulation also
  // evaluates the rules in the cycle itself and stops on a difference.
  logic       n_nonzero, aes_bad, flag, stall_q, stall_d;
  logic       trap_ill, trap_trunc, trap_over, trap, finish, taken, cond, abort_q, abort_end;
  logic       vld_go, tag_issue;
  logic [7:0] done_status, end_status;

  // clamp(s[c]) != 0, from a per-register shadow bit (s[c] > 0)
  assign n_nonzero = (pre_x_q.nsel == mccp_core_pkg::NSEL_16) || (pre_x_q.nsel == mccp_core_pkg::NSEL_REG && pos_q);
  assign aes_bad   = !key_expanded_o || (pre_x_q.aes_dec && !DecryptEnable);
  assign flag      = |tag_q;

  assign go         = run && x_valid_q && !stall_q && !redirect_q;
  assign trap_ill   = !legal || (pre_x_q.aes && aes_bad) || ((pre_x_q.send || pre_x_q.recv) && !pair_en_i);
  assign trap_trunc = pre_x_q.vld && ended_q;
  assign trap_over  = pre_x_q.vst && n_nonzero && ob_oversize;
  assign trap       = go && (trap_ill || trap_trunc || trap_over);
  assign retire     = go && !(trap_ill || trap_trunc || trap_over);
  // abort_i (registered; X is emptied meanwhile, so nothing issues) ends the task like a trap
  assign abort_end  = run && abort_q;
  assign finish     = trap || (retire && pre_x_q.done) || abort_end;

  // The issue of each unit's instructions (retire && pre_x_q.<unit>), with only the
  // trap terms that can apply to that unit.
  assign eng_in_valid = go && legal && pre_x_q.aes && !aes_bad;
  assign gh_in_valid  = go && legal && pre_x_q.ghash;
  assign gh_h_we      = start_q || (go && legal && pre_x_q.ghinit);   // H = 0, Y = 0 after a start
  assign vld_go       = go && legal && pre_x_q.vld && !ended_q;
  assign ob_we        = go && legal && pre_x_q.vst && n_nonzero && !ob_oversize;
  assign v_issue      = go && legal && pre_x_q.v_we && !(pre_x_q.vld && ended_q) && !(pre_x_q.recv && !pair_en_i);
  assign tx_push_o    = go && legal && pre_x_q.send && pair_en_i;
  assign tx_data_o    = opa;
  assign rx_pop_o     = go && legal && pre_x_q.recv && pair_en_i;
  assign s_issue      = go && legal && pre_x_q.s_we;
  assign tag_issue    = go && legal && pre_x_q.tagchk;

  // What X's instruction does if it issues now (the advance case with X valid).
  logic i_aes, i_ghash, i_pop, i_ob_we, i_s_we, i_send, i_recv;
  assign i_aes   = x_valid_q && legal && pre_x_q.aes && !aes_bad;
  assign i_ghash = x_valid_q && legal && pre_x_q.ghash;
  assign i_pop   = x_valid_q && legal && pre_x_q.vld && !ended_q;
  assign i_ob_we = x_valid_q && legal && pre_x_q.vst && n_nonzero && !ob_oversize;
  assign i_s_we  = x_valid_q && legal && pre_x_q.s_we;
  assign i_send  = x_valid_q && legal && pre_x_q.send && pair_en_i;
  assign i_recv  = x_valid_q && legal && pre_x_q.recv && pair_en_i;

  // The units next cycle, if X advances (a) or holds (h).  A block the engine
  // accepts now cannot finish next cycle, so eng_out_next holds in both.
  logic pend_a, pend_h, eng_rdy_a, eng_rdy_h, gh_busy_a, gh_busy_h, gh_rdy_a, gh_rdy_h;
  logic fifo_a, fifo_h, ended_a, space_a, over_a, tx_a, rx_a;
  logic [2:0] m_a, m_h;    // pending register == next X instruction's {a, b, c}
  assign pend_a    = i_aes || (pend_q && !eng_out_valid);
  assign pend_h    = pend_q && !eng_out_valid;
  assign eng_rdy_a = !i_aes && (!eng_busy || eng_out_next);
  assign eng_rdy_h = !eng_busy || eng_out_next;
  assign gh_busy_a = i_ghash || (gh_busy && !gh_last);
  assign gh_busy_h = gh_busy && !gh_last;
  assign gh_rdy_a  = !gh_busy_a || gh_last_next;
  assign gh_rdy_h  = !gh_busy_h || gh_last_next;
  assign fifo_a    = i_pop ? fifo_valid_next_pop : fifo_valid_next_hold;
  assign fifo_h    = fifo_valid_next_hold;
  assign ended_a   = ended_q || (i_pop && fifo_last);
  assign space_a   = i_ob_we ? ob_space_next_we : ob_space_next;
  assign over_a    = i_ob_we ? ob_over_next_we : ob_oversize;
  assign tx_a      = i_send ? tx_space_next_push_i : tx_space_next_hold_i;
  assign rx_a      = i_recv ? rx_valid_next_pop_i : rx_valid_next_hold_i;
  assign m_a       = i_aes ? {ra == ra_d, ra == rb_d, ra == rc_d}
                           : {pend_reg_q == ra_d, pend_reg_q == rb_d, pend_reg_q == rc_d};
  assign m_h       = {eng_m_a_q, eng_m_b_q, eng_m_c_q};

  logic stall_a, stall_h, nz_a, nz_h;
  assign nz_a = (pre_d.nsel == mccp_core_pkg::NSEL_16) || (pre_d.nsel == mccp_core_pkg::NSEL_REG && d_pos);
  assign nz_h = (pre_x_q.nsel == mccp_core_pkg::NSEL_16) ||
                (pre_x_q.nsel == mccp_core_pkg::NSEL_REG && (cnt_stale_c_q ? w_pos : pos_q));

  assign d_shift = (pre_d.valu_op == mccp_core_pkg::VOP_SHL) || (pre_d.valu_op == mccp_core_pkg::VOP_SHR) ||
                   d_getw;
  assign stall_a = d_valid && !pre_d.illegal && !d_oob && (
                     d_shift ||
                     (pre_d.rd_va && pend_a && m_a[1] && !(pre_d.aes && eng_out_next)) ||
                     (pre_d.rd_vb && pend_a && m_a[0]) ||
                     (pre_d.wr_vd && pend_a && m_a[2]) ||
                     (pre_d.cnt_c && i_s_we && ra == rc_d) ||
                     (pre_d.branch && i_s_we && (ra == rb_d || ra == rc_d)) ||
                     (pre_d.tagchk && i_s_we && ra == ra_d) ||
                     (pre_d.aes && key_expanded_o && !eng_rdy_a) ||
                     (pre_d.ghash && !gh_rdy_a) ||
                     ((pre_d.ghinit || pre_d.ghget) && gh_busy_a) ||
                     (pre_d.vld && !ended_a && !fifo_a) ||
                     (pre_d.vst && nz_a && !over_a && !space_a) ||
                     (pre_d.send && pair_en_i && !tx_a) ||
                     (pre_d.recv && pair_en_i && !rx_a) ||
                     (pre_d.done && (pend_a || gh_busy_a)));
  assign stall_h = x_valid_q && legal && (
                     (p_shift && (eng_sel_b != '0)) ||
                     (pre_x_q.rd_va && pend_h && m_h[1] && !(pre_x_q.aes && eng_out_next)) ||
                     (pre_x_q.rd_vb && pend_h && m_h[0]) ||
                     (pre_x_q.wr_vd && pend_h && m_h[2]) ||
                     (pre_x_q.aes && key_expanded_o && !eng_rdy_h) ||
                     (pre_x_q.ghash && !gh_rdy_h) ||
                     ((pre_x_q.ghinit || pre_x_q.ghget) && gh_busy_h) ||
                     (pre_x_q.vld && !ended_q && !fifo_h) ||
                     (pre_x_q.vst && nz_h && !ob_oversize && !ob_space_next) ||
                     (pre_x_q.send && pair_en_i && !tx_space_next_hold_i) ||
                     (pre_x_q.recv && pair_en_i && !rx_valid_next_hold_i) ||
                     (pre_x_q.done && (pend_h || gh_busy_h)));
  assign stall_d = advance ? stall_a : stall_h;

`ifndef SYNTHESIS
  // The same rules evaluated in the cycle itself.
  logic stall_now;
  assign stall_now = legal && (
                       (p_shift && !shift_ok_q) ||
                       (pre_x_q.rd_va && pend_q && eng_m_b_q && !(pre_x_q.aes && eng_out_valid)) ||
                       (pre_x_q.rd_vb && pend_q && eng_m_c_q) ||
                       (pre_x_q.wr_vd && pend_q && eng_m_a_q) ||
                       (pre_x_q.cnt_c && cnt_stale_c_q) ||
                       (pre_x_q.branch && br_stale_q) ||
                       (pre_x_q.tagchk && cnt_stale_a_q) ||
                       (pre_x_q.aes && key_expanded_o && !eng_in_ready) ||
                       (pre_x_q.ghash && !gh_in_ready) ||
                       ((pre_x_q.ghinit || pre_x_q.ghget) && gh_busy) ||
                       (pre_x_q.vld && !ended_q && !fifo_valid) ||
                       (pre_x_q.vst && n_nonzero && !ob_oversize && !ob_space) ||
                       (pre_x_q.send && pair_en_i && !tx_space_i) ||
                       (pre_x_q.recv && pair_en_i && !rx_valid_i) ||
                       (pre_x_q.done && (pend_q || gh_busy)));
  always_ff @(posedge clk_i) begin
    if (run && x_valid_q && !redirect_q && (stall_q != stall_now)) begin
      $fatal(1, "mccp_core: issue decided a cycle ahead (stall %0d) differs from the rules (stall %0d) at pc %0d",
             stall_q, stall_now, pc_x_q);
    end
    if (run && (eng_land_q != (eng_out_valid && pend_q))) begin
      $fatal(1, "mccp_core: AES write-back predicted %0d, engine says %0d", eng_land_q, eng_out_valid && pend_q);
    end
  end
`endif

  always_comb begin
    unique case (pre_x_q.br_kind)
      mccp_core_pkg::BR_EQ: cond = eq;
      mccp_core_pkg::BR_NE: cond = !eq;
      mccp_core_pkg::BR_LT: cond = lt;
      default:              cond = !lt;
    endcase
  end
  assign taken  = retire && (pre_x_q.jump || pre_x_q.jr || (pre_x_q.branch && cond) || (pre_x_q.bf && flag));
  assign target = pre_x_q.jr ? sa[13:0] : imm;

  // imm < 8 (the defined codes), written without a comparison (carry chain)
  assign done_status = (imm[7:3] == '0) ? imm[7:0] : mccp_isa_pkg::STATUS_BAD_PARAM;
  always_comb begin
    if (abort_end) begin
      end_status = mccp_isa_pkg::STATUS_PARTNER;
    end else if (trap_ill) begin
      end_status = mccp_isa_pkg::STATUS_ILLEGAL;
    end else if (trap_trunc) begin
      end_status = mccp_isa_pkg::STATUS_TRUNCATED;
    end else if (trap_over) begin
      end_status = mccp_isa_pkg::STATUS_OVERSIZE;
    end else if (done_status == mccp_isa_pkg::STATUS_OK && !ended_q) begin
      end_status = mccp_isa_pkg::STATUS_LENGTH;
    end else begin
      end_status = done_status;
    end
  end

  assign eng_in_data = valu_lu;   // va ^ vb (aesx), va (aes, aesd)
  assign gh_h        = start_q ? '0 : opa;
  assign fifo_pop    = vld_go || ((state_q == StDrain) && fifo_valid);

  ////////////////////
  // State, control //
  ////////////////////

  logic [15:0] bytes_q;
  logic [7:0]  res_status_q;
  logic [15:0] res_bytes_q;

  // prime_q: port B has read start_entry_i (start_valid_i was high, no firmware write).
  // idle_q: the engines are idle (registered: while no task runs they only
  // start working on a key load, which idle_q sees coming).
  // Only registers, apart from key_valid_i (the engine's own expander, tied
  // off in mccp_top): the round-key and firmware writes from the fabric reach
  // the core over long wires and their contracts keep them apart from a
  // start (see the ports).
  assign start_ready_o = (state_q == StIdle) && prime_q && idle_q &&
                         !key_valid_i && !fw_we_q && !img_we_q;
  // start_valid_i stays high until the handshake (as TVALID does), so prime_q
  // (in start_ready_o) implies it: the start fans out across the core from
  // this core's own registers, not from the scheduler's.
  assign start_fire    = start_ready_o;

  always_comb begin
    state_d = state_q;
    unique case (state_q)
      StIdle:  if (start_fire) state_d = StRun;
      StRun: begin
        if (finish && ended_q) begin
          state_d = StRes;
        end else if (finish) begin
          state_d = StDrain;
        end
      end
      StDrain: if (fifo_valid && fifo_last) state_d = StRes;
      StRes:   if (res_ready_i) state_d = StIdle;
      default: state_d = StIdle;
    endcase
  end

  // Next cycle's selects.  The write-back stage will hold the register X
  // writes now (ra), and X will hold D's instruction if X issues; the pending
  // register will be ra if an aes* issues now, else stays.  Each candidate is
  // compared on its own and the result picked by the late issue signals.
  logic [2:0] wb_m_d, eng_m_d;
  assign words_d = pre_x_q.setw ? (4'b0001 << imm[1:0]) : 4'b1111;  // bit w = word w
  assign wb_m_d  = {ra == ra_d, ra == rb_d, ra == rc_d};
  assign eng_m_d = advance ? m_a : m_h;

  // Operand registers: loaded when X advances -- from D's read, or from the
  // AES result if it lands in this cycle in the register D reads (the file
  // returns the old value then: mccp_core_vregs) or the file holds it in its
  // skid (the file returns zero for those words; the engine's output still
  // holds the result, see mccp_core_vregs); while X holds, an AES result
  // for an operand and a stale byte count reload.  Write-back stage data:
  // loaded on an issue.
  logic land_b_d, land_c_d;   // the AES result lands now in D's v[b] / v[c]
  assign land_b_d = eng_wb && (pend_reg_q == rb_d);
  assign land_c_d = eng_wb && (pend_reg_q == rc_d);
  // Per word: a register enable and one select (the file's read, or the AES
  // result), so each bit is one LUT4 with the file's zeroing AND.
  for (genvar w = 0; w < 4; w++) begin : g_operand
    logic take_a, take_b;   // the word loads D's read (else the AES result)
    assign take_a = advance && !(land_b_d || skid_b_d[w]);
    assign take_b = advance && !(land_c_d || skid_c_d[w]);
    always_ff @(posedge clk_i) begin
      if (advance || eng_sel_b[w]) begin
        opa_q[127 - 32 * w -: 32] <= take_a ? d_opa[127 - 32 * w -: 32] : eng_out_data[127 - 32 * w -: 32];
      end
      if (advance || eng_sel_c[w]) begin
        opb_q[127 - 32 * w -: 32] <= take_b ? d_opb[127 - 32 * w -: 32] : eng_out_data[127 - 32 * w -: 32];
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (advance) begin
      sa_q  <= d_sa;
      sb_q  <= d_sb;
      cc_q    <= d_cc;
      pos_q   <= d_pos;
      keep_q  <= mccp_core_pkg::first_bytes(n_d);
      keept_q <= mccp_core_pkg::first_bytes(d_ca);
    end else begin
      if (cnt_stale_c_q) begin
        cc_q   <= w_clamp;
        pos_q  <= w_pos;
        keep_q <= mccp_core_pkg::first_bytes(n_w);
      end
      if (cnt_stale_a_q) begin
        keept_q <= mccp_core_pkg::first_bytes(w_clamp);
      end
    end
    if (v_issue) begin
      vwb_data_q  <= valu_res;
    end
    if (s_issue) begin
      swb_reg_q  <= ra;
      swb_data_q <= salu_res;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      swb_sel_b_q   <= 1'b0;
      swb_sel_c_q   <= 1'b0;
      cnt_stale_c_q <= 1'b0;
      cnt_stale_a_q <= 1'b0;
      br_stale_q    <= 1'b0;
      vwb_sel_b_q   <= '0;
      vwb_sel_c_q   <= '0;
      eng_m_a_q     <= 1'b0;
      eng_m_b_q     <= 1'b0;
      eng_m_c_q     <= 1'b0;
      eng_mw_b_q    <= '0;
      eng_mw_c_q    <= '0;
      stall_q       <= 1'b0;
      eng_land_q    <= 1'b0;
      shift_ok_q    <= 1'b0;
    end else begin
      // the operand stays: X holds and no AES result reloads it
      shift_ok_q <= !advance && (eng_sel_b == '0);
      stall_q    <= stall_d;
      eng_land_q <= eng_out_next && pend_q;
      if (advance) begin
        swb_sel_b_q   <= s_issue && wb_m_d[1];
        swb_sel_c_q   <= s_issue && wb_m_d[0];
        cnt_stale_c_q <= s_issue && wb_m_d[0];
        cnt_stale_a_q <= s_issue && wb_m_d[2];
        br_stale_q    <= s_issue && (wb_m_d[1] || wb_m_d[0]);
        vwb_sel_b_q   <= {4{v_issue && wb_m_d[1]}} & words_d;
        vwb_sel_c_q   <= {4{v_issue && wb_m_d[0]}} & words_d;
      end else begin
        cnt_stale_c_q <= 1'b0;
        cnt_stale_a_q <= 1'b0;
        br_stale_q    <= 1'b0;
      end
      {eng_m_a_q, eng_m_b_q, eng_m_c_q} <= eng_m_d;
      eng_mw_b_q <= {4{eng_m_d[1]}};
      eng_mw_c_q <= {4{eng_m_d[0]}};
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q      <= StIdle;
      ir_x_q       <= '0;
      pre_x_q      <= '0;
      x_valid_q    <= 1'b0;
      x_oob_q      <= 1'b0;
      redirect_q   <= 1'b0;
      prime_q      <= 1'b0;
      start_q      <= 1'b0;
      idle_q       <= 1'b0;
      abort_q      <= 1'b0;
      pc_x_q       <= '0;
      pc1_x_q      <= '0;
      tgt_q        <= '0;
      pend_q       <= 1'b0;
      pend_reg_q   <= '0;
      swb_valid_q  <= 1'b0;
      ob_release_q <= 1'b0;
      ob_discard_q <= 1'b0;
      tag_q        <= '0;
      ended_q      <= 1'b0;
      bytes_q      <= '0;
      res_status_q <= '0;
      res_bytes_q  <= '0;
    end else begin
      state_q <= state_d;
      prime_q <= host_ok && start_valid_i && !imem_we_i && !fw_we_q && !img_we_q && !start_fire;
      start_q <= start_fire;
      idle_q  <= !eng_busy && !pend_q && !gh_busy && !(key_valid_i && key_ready_o) && !rk_we_i && !gh_h_we;

      // X takes D's instruction when it advances, whatever X's instruction
      // does: after a taken branch or the task end it is dead (x_valid_q drops)
      // and the fetch queue loads the target the cycle after.
      if (run && advance) begin
        pre_x_q <= pre_d;
        ir_x_q  <= ir_d;
        x_oob_q <= d_oob;
        pc_x_q  <= pc_d[ImemAw-1:0];
        pc1_x_q <= pc_d + 14'd1;
      end
      if (go) begin
        tgt_q <= target;
      end
      x_valid_q  <= run && !abort_i && (advance ? (d_valid && !redirect_q) : x_valid_q);
      abort_q    <= run && abort_i && !finish;
      redirect_q <= run && taken;

      // write-back stage
      swb_valid_q <= s_issue;

      // the output buffer releases or discards the task's words in the cycle after its end
      ob_release_q <= finish && (end_status == mccp_isa_pkg::STATUS_OK);
      ob_discard_q <= finish && (end_status != mccp_isa_pkg::STATUS_OK);

      // scoreboard
      if (eng_in_valid) begin
        pend_q     <= 1'b1;
        pend_reg_q <= ra;
      end else if (eng_out_valid) begin
        pend_q <= 1'b0;
      end

      // flag, packet state, output bytes
      if (start_fire) begin
        tag_q   <= '0;
        ended_q <= start_empty_i;   // no input word: the packet has ended already
        bytes_q <= '0;
      end else begin
        if (tag_issue) begin
          tag_q <= mismatch;
        end
        if (fifo_pop && fifo_last) begin
          ended_q <= 1'b1;
        end
        if (ob_we) begin
          bytes_q <= bytes_q + 16'(n_eff);
        end
      end

      if (finish) begin
        res_status_q <= end_status;
        res_bytes_q  <= (end_status == mccp_isa_pkg::STATUS_OK) ? bytes_q : '0;
      end
    end
  end

  assign res_valid_o  = (state_q == StRes);
  assign res_status_o = res_status_q;
  assign res_bytes_o  = res_bytes_q;
  assign busy_o       = (state_q != StIdle) || eng_busy || gh_busy || pend_q;

  logic unused;
  assign unused = ^{eng_out_error, imm[13:8], pre_x_q.aes_x};   // aesx: its valu_op (XOR) forms va ^ vb

  ///////////
  // Trace //
  ///////////

  if (TraceEnable) begin : g_trace
    logic         valid_q, wb_valid_q;
    logic [ImemAw-1:0] pc_tq;
    logic [31:0]  insn_q;
    logic [2:0]   wb_reg_q;
    logic [127:0] wb_data_q;

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        valid_q       <= 1'b0;
        wb_valid_q    <= 1'b0;
        trace_we_q    <= 1'b0;
        trace_wsreg_q <= 1'b0;
        trace_wreg_q  <= '0;
        pc_tq         <= '0;
        insn_q        <= '0;
        wb_reg_q      <= '0;
      end else begin
        valid_q       <= retire;
        trace_we_q    <= retire && (pre_x_q.v_we || pre_x_q.s_we);
        trace_wsreg_q <= pre_x_q.s_we;
        trace_wreg_q  <= ra;
        pc_tq         <= pc_x_q;
        insn_q        <= ir_x_q;
        wb_valid_q    <= eng_wb && run;
        wb_reg_q      <= pend_reg_q;
      end
    end

    always_ff @(posedge clk_i) begin
      wb_data_q <= eng_out_data;
    end

    // In the cycle after the issue the written register reads as its new
    // value (the register files took it at the end of the issue cycle).
    assign trace_valid_o    = valid_q;
    assign trace_pc_o       = pc_tq;
    assign trace_insn_o     = insn_q;
    assign trace_we_o       = trace_we_q;
    assign trace_wsreg_o    = trace_wsreg_q;
    assign trace_wreg_o     = trace_wreg_q;
    assign trace_wdata_o    = !trace_we_q ? '0 : trace_wsreg_q ? {96'd0, s_t} : v_t;
    assign trace_wb_valid_o = wb_valid_q;
    assign trace_wb_reg_o   = wb_reg_q;
    assign trace_wb_data_o  = wb_data_q;
  end else begin : g_no_trace
    assign trace_we_q       = 1'b0;
    assign trace_wsreg_q    = 1'b0;
    assign trace_wreg_q     = '0;
    assign trace_valid_o    = 1'b0;
    assign trace_pc_o       = '0;
    assign trace_insn_o     = '0;
    assign trace_we_o       = 1'b0;
    assign trace_wsreg_o    = 1'b0;
    assign trace_wreg_o     = '0;
    assign trace_wdata_o    = '0;
    assign trace_wb_valid_o = 1'b0;
    assign trace_wb_reg_o   = '0;
    assign trace_wb_data_o  = '0;
    // pc_x_q, the opcode bits of ir_x_q (predecoded) and the trace flags only feed the trace
    logic unused_trace;
    assign unused_trace = ^{v_t, s_t, pc_x_q, ir_x_q, trace_we_q, trace_wsreg_q};
  end

endmodule
