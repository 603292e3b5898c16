// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// mccp_core: one MCCP crypto core -- a two-stage in-order sequencer running
// firmware from its instruction memory over a 128-bit datapath (AES engine,
// GHASH unit, vector ALU, input FIFO, output buffer).  Architecture, task
// contract and the cycle rules: docs/core.md; the ISS (src/mccp/iss) charges
// exactly the cycles this RTL takes.
//
// Pipeline.  Fetch reads the instruction memory (block RAM, 4+ ns from clock
// to data on ECP5) into the instruction register (IR, flip-flops); execute
// decodes the IR, reads the register files, checks the scoreboard and the
// units, and either waits, issues, or ends the task (done / trap) in the same
// cycle.  The memory has two read ports: port A reads the word after the IR
// (pc + 1 while the IR waits, pc + 2 when it issues), port B reads the target
// of the instruction in the IR (imm, or s[b] for jr) in case it is a taken
// branch, and the entry point while no task runs.  So:
//  * A start offered in cycle -1 (start_valid_i) reads the entry word; the
//    handshake happens in cycle 0 at the earliest (start_ready_o rises one
//    cycle after start_valid_i), the IR holds the entry word in cycle 1, where
//    the first instruction issues.
//  * Taken jump/branch in cycle t: cycle t+1 is a bubble in which the IR loads
//    the target (port B's word), which issues in t+2.
//  * Scoreboard: an aes* marks v[a] pending until the engine's result appears
//    (out_valid, cycle t + Nr + 1); that cycle is the write-back cycle, in which
//    readers get the result by bypass; writers of v[a] wait one cycle more.
//  * done waits until the GHASH unit is idle and nothing is pending.
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
// DRAIN); a key load on offer blocks the start.  Firmware writes are accepted
// in the same states.
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
  parameter int GhashDigitBits = 32,
  parameter bit TraceEnable = 1'b1
) (
  input  logic         clk_i,
  input  logic         rst_ni,
  // firmware load
  input  logic         imem_we_i,
  input  logic [9:0]   imem_addr_i,
  input  logic [31:0]  imem_wdata_i,
  // key port (AES engine)
  input  logic         key_valid_i,
  output logic         key_ready_o,
  input  logic [255:0] key_i,
  input  logic [1:0]   key_len_i,
  output logic         key_error_o,
  output logic         key_expanded_o,
  // task start
  input  logic         start_valid_i,
  output logic         start_ready_o,
  input  logic [9:0]   start_entry_i,
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
  // retire trace
  output logic         trace_valid_o,
  output logic [9:0]   trace_pc_o,
  output logic [31:0]  trace_insn_o,
  output logic         trace_we_o,
  output logic         trace_wsreg_o,
  output logic [2:0]   trace_wreg_o,
  output logic [127:0] trace_wdata_o,
  output logic         trace_wb_valid_o,
  output logic [2:0]   trace_wb_reg_o,
  output logic [127:0] trace_wb_data_o
);

  localparam int ImemAw = (ImemWords > 1) ? $clog2(ImemWords) : 1;

  typedef enum logic [1:0] {
    StIdle,   // waiting for a start
    StRun,    // running firmware
    StDrain,  // task ended; reading the rest of the packet
    StRes     // result on offer
  } state_e;

  state_e state_q, state_d;
  logic   run, host_ok, start_fire;

  assign run     = (state_q == StRun);
  assign host_ok = (state_q == StIdle) || (state_q == StRes);

  // decoded instruction (mccp_core_decode)
  logic       dec_legal;
  logic       dec_done;
  logic       dec_jump;
  logic       dec_jr;
  logic       dec_branch;
  logic [1:0] dec_br_kind;
  logic       dec_bf;
  logic       dec_rd_va;
  logic       dec_rd_vb;
  logic       dec_wr_vd;
  logic       dec_v_we;
  logic       dec_s_we;
  logic [3:0] dec_salu_op;
  logic [3:0] dec_valu_op;
  logic [1:0] dec_nsel;
  logic       dec_vld;
  logic       dec_vst;
  logic       dec_ghget;
  logic       dec_setw;
  logic       dec_tagchk;
  logic       dec_aes;
  logic       dec_aes_x;
  logic       dec_aes_dec;
  logic       dec_ghinit;
  logic       dec_ghash;

  ////////////
  // Engines //
  ////////////

  logic         eng_key_ready, eng_in_valid, eng_in_ready, eng_out_valid, eng_busy;
  logic         eng_out_error;
  logic [127:0] eng_in_data, eng_out_data;
  logic         gh_h_we, gh_in_valid, gh_in_ready, gh_busy;
  logic [127:0] gh_h, gh_y;

  mccp_aes_engine #(
    .DecryptEnable(DecryptEnable)
  ) u_aes (
    .clk_i,
    .rst_ni,
    .key_valid_i    (key_valid_i && host_ok),
    .key_ready_o    (eng_key_ready),
    .key_i,
    .key_len_i,
    .key_error_o,
    .key_expanded_o,
    .in_valid_i     (eng_in_valid),
    .in_ready_o     (eng_in_ready),
    .in_decrypt_i   (dec_aes_dec),
    .in_data_i      (eng_in_data),
    .out_valid_o    (eng_out_valid),
    .out_ready_i    (1'b1),
    .out_data_o     (eng_out_data),
    .out_error_o    (eng_out_error),
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
    .in_data_i  (eng_in_data),
    .y_o        (gh_y),
    .busy_o     (gh_busy)
  );

  ///////////
  // Fetch //
  ///////////

  logic [31:0]       ir_q, rdata_a, rdata_b;
  logic              ir_valid_q, ir_oob_q, redirect_q, prime_q;
  logic [9:0]        pc_q;
  logic [13:0]       pc1_q, pc2_q;            // pc + 1, pc + 2
  logic [9:0]        tgt_q;                   // taken branch target
  logic [13:0]       tgt1_q;                  // target + 1
  logic              tgt_oob_q;
  logic [ImemAw-1:0] addr_a, addr_b;
  logic [13:0]       target;
  logic              host_we;

  assign host_we = imem_we_i && host_ok;

  // Port A: the word after the IR's (or a firmware write).
  always_comb begin
    if (host_we) begin
      addr_a = imem_addr_i[ImemAw-1:0];
    end else if (!run) begin
      addr_a = ImemAw'(start_entry_i) + 1'b1;
    end else if (redirect_q) begin
      addr_a = tgt1_q[ImemAw-1:0];
    end else if (go) begin
      addr_a = pc2_q[ImemAw-1:0];
    end else begin
      addr_a = pc1_q[ImemAw-1:0];
    end
  end

  // Port B: the entry point, or the target of the instruction in the IR.
  assign addr_b = run ? target[ImemAw-1:0] : ImemAw'(start_entry_i);

  mccp_core_imem #(
    .Words(ImemWords)
  ) u_imem (
    .clk_i,
    .we_a_i    (host_we),
    .addr_a_i  (addr_a),
    .wdata_a_i (imem_wdata_i),
    .rdata_a_o (rdata_a),
    .addr_b_i  (addr_b),
    .rdata_b_o (rdata_b)
  );

  if (ImemAw < 10) begin : g_imem_addr_unused
    logic unused_imem_addr;
    assign unused_imem_addr = ^imem_addr_i[9:ImemAw];
  end

  ////////////
  // Decode //
  ////////////

  logic        legal;
  logic [2:0]  ra, rb, rc;
  logic [13:0] imm;

  mccp_core_decode u_decode (
    .insn_i    (ir_q),
    .legal_o   (dec_legal),
    .done_o    (dec_done),
    .jump_o    (dec_jump),
    .jr_o      (dec_jr),
    .branch_o  (dec_branch),
    .br_kind_o (dec_br_kind),
    .bf_o      (dec_bf),
    .rd_va_o   (dec_rd_va),
    .rd_vb_o   (dec_rd_vb),
    .wr_vd_o   (dec_wr_vd),
    .v_we_o    (dec_v_we),
    .s_we_o    (dec_s_we),
    .salu_op_o (dec_salu_op),
    .valu_op_o (dec_valu_op),
    .nsel_o    (dec_nsel),
    .vld_o     (dec_vld),
    .vst_o     (dec_vst),
    .ghget_o   (dec_ghget),
    .setw_o    (dec_setw),
    .tagchk_o  (dec_tagchk),
    .aes_o     (dec_aes),
    .aes_x_o   (dec_aes_x),
    .aes_dec_o (dec_aes_dec),
    .ghinit_o  (dec_ghinit),
    .ghash_o   (dec_ghash)
  );

  assign legal       = dec_legal && !ir_oob_q;
  assign ra          = ir_q[mccp_isa_pkg::FieldALsb +: 3];
  assign rb          = ir_q[mccp_isa_pkg::FieldBLsb +: 3];
  assign rc          = ir_q[mccp_isa_pkg::FieldCLsb +: 3];
  assign imm         = ir_q[mccp_isa_pkg::FieldImmMsb:mccp_isa_pkg::FieldImmLsb];
  
  ///////////////////////////
  // Registers and operands //
  ///////////////////////////

  logic         pend_q, pend_a, pend_b, pend_d;
  logic [2:0]   pend_reg_q;
  logic         byp_a, byp_b;
  logic [127:0] va_raw, vb_raw, opa, opb, v_t;
  logic [31:0]  sa, sb, s_t;
  logic [4:0]   clamp_c, clamp_a, n_eff;
  logic         f_q, ended_q;

  // Bypass of the AES result in its write-back cycle.
  assign pend_a = pend_q && (pend_reg_q == rb);
  assign pend_b = pend_q && (pend_reg_q == rc);
  assign pend_d = pend_q && (pend_reg_q == ra);
  assign byp_a  = pend_a && eng_out_valid;
  assign byp_b  = pend_b && eng_out_valid;
  assign opa    = byp_a ? eng_out_data : va_raw;
  assign opb    = byp_b ? eng_out_data : vb_raw;

  logic         v_we, s_we, retire, go;
  logic [3:0]   v_words;
  logic [127:0] v_wdata, valu_res;
  logic [31:0]  salu_res;
  logic         fifo_valid, fifo_last, fifo_pop;
  logic [127:0] fifo_data;
  logic         trace_we_q, trace_wsreg_q;
  logic [2:0]   trace_wreg_q;

  assign v_words = dec_setw ? (4'b0001 << imm[1:0]) : 4'b1111;  // bit w = word w
  assign v_wdata = dec_vld ? fifo_data : dec_ghget ? gh_y : valu_res;

  mccp_core_vregs #(
    .TraceEnable(TraceEnable)
  ) u_vregs (
    .clk_i,
    .clear_i   (start_fire),
    .we_i      (v_we),
    .waddr_i   (ra),
    .wwords_i  (v_words),
    .wdata_i   (v_wdata),
    .wb_we_i   (eng_out_valid && pend_q),
    .wb_addr_i (pend_reg_q),
    .wb_data_i (eng_out_data),
    .raddr_a_i (rb),
    .rdata_a_o (va_raw),
    .raddr_b_i (rc),
    .rdata_b_o (vb_raw),
    .raddr_t_i (trace_wreg_q),
    .rdata_t_o (v_t)
  );

  mccp_core_sregs #(
    .TraceEnable(TraceEnable)
  ) u_sregs (
    .clk_i,
    .init_i    (start_fire),
    .args_i    (start_args_i),
    .we_i      (s_we),
    .waddr_i   (ra),
    .wdata_i   (salu_res),
    .raddr_a_i (rb),
    .rdata_a_o (sa),
    .raddr_b_i (rc),
    .rdata_b_o (sb),
    .caddr_c_i (rc),
    .clamp_c_o (clamp_c),
    .caddr_a_i (ra),
    .clamp_a_o (clamp_a),
    .raddr_t_i (trace_wreg_q),
    .rdata_t_o (s_t)
  );

  /////////
  // ALUs //
  /////////

  logic eq, lt, mismatch;

  mccp_core_salu u_salu (
    .op_i   (dec_salu_op),
    .sa_i   (sa),
    .sb_i   (sb),
    .imm_i  (imm),
    .link_i ({18'd0, pc1_q}),
    .va_i   (opa),
    .res_o  (salu_res),
    .eq_o   (eq),
    .lt_o   (lt)
  );

  always_comb begin
    unique case (dec_nsel)
      mccp_core_pkg::NSEL_16: n_eff = 5'd16;
      mccp_core_pkg::NSEL_0:  n_eff = 5'd0;
      default: n_eff = clamp_c;
    endcase
  end

  mccp_core_valu u_valu (
    .op_i       (dec_valu_op),
    .a_i        (opa),
    .b_i        (opb),
    .s_i        (sb),
    .n_i        (n_eff),
    .nt_i       (clamp_a),
    .k_i        (imm[3:0]),
    .res_o      (valu_res),
    .mismatch_o (mismatch)
  );

  /////////////////
  // Input, output //
  /////////////////

  logic ob_we, ob_release, ob_discard, ob_space, ob_oversize;

  mccp_core_in_fifo #(
    .Depth(InWords)
  ) u_in_fifo (
    .clk_i,
    .rst_ni,
    .in_valid_i,
    .in_ready_o,
    .in_data_i,
    .in_last_i,
    .valid_o (fifo_valid),
    .data_o  (fifo_data),
    .last_o  (fifo_last),
    .pop_i   (fifo_pop)
  );

  mccp_core_out_buf #(
    .Depth(OutWords)
  ) u_out_buf (
    .clk_i,
    .rst_ni,
    .we_i        (ob_we),
    .wdata_i     (valu_res),
    .wbytes_i    (n_eff),
    .release_i   (ob_release),
    .discard_i   (ob_discard),
    .space_o     (ob_space),
    .oversize_o  (ob_oversize),
    .out_valid_o,
    .out_ready_i,
    .out_data_o,
    .out_bytes_o,
    .out_last_o
  );

  ///////////
  // Issue //
  ///////////

  logic        n_nonzero, aes_bad, wait_hz, wait_unit, stall;
  logic        trap_ill, trap_trunc, trap_over, trap, finish, taken, cond;
  logic [7:0]  done_status, end_status;

  assign n_nonzero = (n_eff != 5'd0);
  assign aes_bad   = !key_expanded_o || (dec_aes_dec && !DecryptEnable);

  // Scoreboard: reads of a pending register wait for its write-back cycle,
  // writes (and vsetw, which keeps the other words) for the cycle after.
  assign wait_hz = (dec_rd_va && pend_a && !eng_out_valid) ||
                   (dec_rd_vb && pend_b && !eng_out_valid) ||
                   (dec_wr_vd && pend_d);

  assign wait_unit = (dec_aes && key_expanded_o && !eng_in_ready) ||
                     (dec_ghash && !gh_in_ready) ||
                     ((dec_ghinit || dec_ghget) && gh_busy) ||
                     (dec_vld && !ended_q && !fifo_valid) ||
                     (dec_vst && n_nonzero && !ob_oversize && !ob_space) ||
                     (dec_done && (pend_q || gh_busy));

  // An undefined word traps at once; a defined one waits first.
  assign stall = legal && (wait_hz || wait_unit);
  assign go    = run && ir_valid_q && !stall;

  assign trap_ill   = !legal || (dec_aes && aes_bad);
  assign trap_trunc = dec_vld && ended_q;
  assign trap_over  = dec_vst && n_nonzero && ob_oversize;
  assign trap       = go && (trap_ill || trap_trunc || trap_over);
  assign retire     = go && !(trap_ill || trap_trunc || trap_over);
  assign finish     = trap || (retire && dec_done);

  always_comb begin
    unique case (dec_br_kind)
      mccp_core_pkg::BR_EQ:   cond = eq;
      mccp_core_pkg::BR_NE:   cond = !eq;
      mccp_core_pkg::BR_LT:   cond = lt;
      default: cond = !lt;
    endcase
  end
  assign taken  = retire && (dec_jump || dec_jr || (dec_branch && cond) || (dec_bf && f_q));
  assign target = dec_jr ? sa[13:0] : imm;

  assign done_status = (imm[7:0] < 8'd7) ? imm[7:0] : mccp_isa_pkg::STATUS_BAD_PARAM;
  always_comb begin
    if (trap_ill) begin
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

  assign v_we         = retire && dec_v_we;
  assign s_we         = retire && dec_s_we;
  assign eng_in_valid = retire && dec_aes;
  assign eng_in_data  = dec_aes_x ? (opa ^ opb) : opa;
  assign gh_in_valid  = retire && dec_ghash;
  assign gh_h_we      = start_fire || (retire && dec_ghinit);
  assign gh_h         = run ? opa : '0;
  assign ob_we        = retire && dec_vst && n_nonzero;
  assign ob_release   = finish && (end_status == mccp_isa_pkg::STATUS_OK);
  assign ob_discard   = finish && (end_status != mccp_isa_pkg::STATUS_OK);
  assign fifo_pop     = (retire && dec_vld) || ((state_q == StDrain) && fifo_valid);


  ///////////////////
  // State, control //
  ///////////////////

  logic [15:0] bytes_q;
  logic [7:0]  res_status_q;
  logic [15:0] res_bytes_q;

  // prime_q: port B has read start_entry_i (start_valid_i was high, no firmware write).
  assign start_ready_o = (state_q == StIdle) && prime_q && !eng_busy && !pend_q && !gh_busy &&
                         !key_valid_i && !imem_we_i;
  assign start_fire    = start_valid_i && start_ready_o;

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

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q      <= StIdle;
      ir_q         <= '0;
      ir_valid_q   <= 1'b0;
      ir_oob_q     <= 1'b0;
      redirect_q   <= 1'b0;
      prime_q      <= 1'b0;
      pc_q         <= '0;
      pc1_q        <= '0;
      pc2_q        <= '0;
      tgt_q        <= '0;
      tgt1_q       <= '0;
      tgt_oob_q    <= 1'b0;
      pend_q       <= 1'b0;
      pend_reg_q   <= '0;
      f_q          <= 1'b0;
      ended_q      <= 1'b0;
      bytes_q      <= '0;
      res_status_q <= '0;
      res_bytes_q  <= '0;
    end else begin
      state_q <= state_d;

      // fetch
      prime_q <= host_ok && start_valid_i && !imem_we_i && !start_fire;
      if (start_fire) begin
        ir_q       <= rdata_b;
        ir_valid_q <= 1'b1;
        ir_oob_q   <= (32'(start_entry_i) >= 32'(ImemWords));
        redirect_q <= 1'b0;
        pc_q       <= start_entry_i;
        pc1_q      <= 14'(start_entry_i) + 14'd1;
        pc2_q      <= 14'(start_entry_i) + 14'd2;
      end else if (run) begin
        if (redirect_q) begin
          // bubble after a taken branch: the IR loads the target
          ir_q       <= rdata_b;
          ir_valid_q <= 1'b1;
          ir_oob_q   <= tgt_oob_q;
          redirect_q <= 1'b0;
          pc_q       <= tgt_q;
          pc1_q      <= tgt1_q;
          pc2_q      <= tgt1_q + 14'd1;
        end else if (finish) begin
          ir_valid_q <= 1'b0;
        end else if (taken) begin
          ir_valid_q <= 1'b0;
          redirect_q <= 1'b1;
          tgt_q      <= target[9:0];
          tgt1_q     <= target + 14'd1;
          tgt_oob_q  <= (32'(target) >= 32'(ImemWords));
        end else if (retire) begin
          ir_q     <= rdata_a;
          ir_oob_q <= (32'(pc1_q) >= 32'(ImemWords));
          pc_q     <= pc1_q[9:0];
          pc1_q    <= pc2_q;
          pc2_q    <= pc2_q + 14'd1;
        end
      end else begin
        ir_valid_q <= 1'b0;
        redirect_q <= 1'b0;
      end

      // scoreboard
      if (eng_in_valid) begin
        pend_q     <= 1'b1;
        pend_reg_q <= ra;
      end else if (eng_out_valid) begin
        pend_q <= 1'b0;
      end

      // flag, packet state, output bytes
      if (start_fire) begin
        f_q     <= 1'b0;
        ended_q <= start_empty_i;
        bytes_q <= '0;
      end else begin
        if (retire && dec_tagchk) begin
          f_q <= mismatch;
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
  assign unused = ^{eng_out_error, imm[13:8]};

  ///////////
  // Trace //
  ///////////

  if (TraceEnable) begin : g_trace
    logic         valid_q, wb_valid_q;
    logic [9:0]   pc_tq;
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
        trace_we_q    <= retire && (dec_v_we || dec_s_we);
        trace_wsreg_q <= dec_s_we;
        trace_wreg_q  <= ra;
        pc_tq         <= pc_q;
        insn_q        <= ir_q;
        wb_valid_q    <= eng_out_valid && pend_q && run;
        wb_reg_q      <= pend_reg_q;
      end
    end

    always_ff @(posedge clk_i) begin
      wb_data_q <= eng_out_data;
    end

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
    logic unused_trace;
    assign unused_trace = ^{v_t, s_t};
  end

endmodule
