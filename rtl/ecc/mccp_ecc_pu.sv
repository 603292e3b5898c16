// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// EC processing unit: runs microcode (src/mccp/isa/ecc.yml) from the shared
// microcode memory through its instruction buffer, on a GF(2^m) datapath of
// MaxM bits: sixteen field registers, a digit-serial multiplier working in
// the background and a one-cycle ALU (add, square, add-then-square, select).
// Timing, which the ISS (mccp.iss.ecc) follows cycle for cycle, and the task
// conventions: docs/ecc.md.
//
// Two stages: F looks the next instruction up in the buffer (refilling a
// missing line through the microcode port), I decodes, checks the hazards on
// the multiplier's pending product, and executes.  Results leave on out_*
// (one 128-bit word a cycle, no back-pressure inside a word run: out_space_i
// must cover a field element) and res_*; the slot around the unit buffers and
// releases them.
module mccp_ecc_pu #(
  parameter int MaxM = 283,
  parameter int Digit = 283,
  parameter bit Karatsuba = 1'b0,
  parameter int McodeWords = 1024,
  parameter int Lines = 8,
  parameter int LineWords = 4,
  parameter bit TraceEnable = 1'b1,
  localparam int McAw = $clog2(McodeWords),
  localparam int LineAw = McAw - $clog2(LineWords),
  localparam int LineW = LineWords * 32
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  // microcode port (mccp_ecc_mcode)
  output logic              fetch_req_o,
  output logic [LineAw-1:0] fetch_line_o,
  input  logic              fetch_gnt_i,
  input  logic              fetch_rvalid_i,
  input  logic [LineW-1:0]  fetch_data_i,
  input  logic              flush_i,
  // task
  input  logic              start_valid_i,
  output logic              start_ready_o,
  input  logic [McAw-1:0]   start_entry_i,
  input  logic [127:0]      start_args_i,     // word 0 [127:96] curve id, word 1 [95:64] argument
  input  logic              start_empty_i,    // the packet has no body word
  input  logic [MaxM-1:0]    start_key_i,      // K at the start: a private scalar from the key store, or 0
  input  logic              in_valid_i,
  output logic              in_ready_o,
  input  logic [127:0]      in_data_i,
  input  logic              in_last_i,
  output logic              out_we_o,
  output logic [127:0]      out_data_o,
  input  logic              out_space_i,
  output logic              res_valid_o,
  input  logic              res_ready_i,
  output logic [7:0]        res_status_o,
  output logic              busy_o,
  // the fabric's watchdog or host abort (held while the task runs): the task
  // ends with PARTNER (relabelled TIMEOUT / ABORTED) after draining its input
  input  logic              abort_i,
  // retire trace (TraceEnable): one event per instruction, at its last cycle
  output logic              trace_valid_o,
  output logic [31:0]       trace_cycle_o,    // its issue cycle, counted from the start handshake
  output logic [McAw-1:0]   trace_pc_o,
  output logic [31:0]       trace_insn_o,
  output logic              trace_we_o,
  output logic              trace_creg_o,     // 1: counter c<idx>, 0: field register f<idx>
  output logic [3:0]        trace_reg_o,
  output logic [MaxM-1:0]   trace_data_o,
  // products written back
  output logic              trace_wb_valid_o,
  output logic [31:0]       trace_wb_cycle_o,
  output logic [3:0]        trace_wb_reg_o,
  output logic [MaxM-1:0]   trace_wb_data_o
);

  localparam int PcW = McAw + 1;
  localparam int WMax = (MaxM + 127) / 128;       // words of an element in a packet, largest field
  localparam int AccW = WMax * 128;
  localparam int CallW = $clog2(mccp_ecc_isa_pkg::CallDepth + 1);
  localparam int CallIdxW = $clog2(mccp_ecc_isa_pkg::CallDepth);

  if (MaxM != 163 && MaxM != 233 && MaxM != 283) begin : g_bad_maxm
    $error("mccp_ecc_pu: MaxM %0d must be 163, 233 or 283", MaxM);
  end

  typedef enum logic [2:0] {StIdle, StRun, StMulti, StDrain, StResult} state_e;
  typedef enum logic [1:0] {FIdle, FReq, FWait} fstate_e;

  // ---- task state -----------------------------------------------------------
  state_e            state_q;
  fstate_e           fstate_q, fstate_d;
  logic [2:0]        curve_q;
  logic [1:0]        field_q;
  logic [MaxM-1:0]   fmask_q;                    // m ones
  logic [MaxM-1:0]   ktop_q;                     // one-hot at bit bitlen(n) - 1
  logic [MaxM-1:0]   n_q;
  logic [1:0]        words_q;                    // W - 1
  logic [7:0]        status_q;
  logic              in_ended_q;                 // the packet's last word has been read
  logic [31:0]       cycle_q;                    // cycles since the start handshake

  // ---- fetch ----------------------------------------------------------------
  logic [PcW-1:0]    fpc_q, ir_pc_q;
  logic [31:0]       ir_q;
  logic              ir_valid_q;
  logic              look, hit, fill;
  logic [31:0]       buf_insn;

  // ---- issue ----------------------------------------------------------------
  logic [15:0]       cnt_q [4];
  logic              z_q, o_q, last_bit_q, swap_q;
  logic [MaxM-1:0]   k_q;
  logic [PcW-1:0]    calls_q [mccp_ecc_isa_pkg::CallDepth];
  logic [CallW-1:0]  sp_q;
  logic [13:0]       multi_q;                    // cycles (or words) left of a multi-cycle instruction
  logic [3:0]        multi_rd_q;                 // its destination (physical)
  logic [5:0]        multi_op_q;
  logic [31:0]       multi_cycle_q;
  logic [31:0]       multi_insn_q;
  logic [PcW-1:0]    multi_pc_q;
  logic [AccW-1:0]   acc_q;                      // fin / kin words in, fout words out

  // ---- multiplier -----------------------------------------------------------
  logic              mul_start, mul_busy, mul_done, mul_pend_q;
  logic [3:0]        mul_rd_q;
  logic [MaxM-1:0]   mul_p;

  // ---- decode ---------------------------------------------------------------
  logic [5:0]  op;
  logic [3:0]  fa_l, fb_l, fd_l;                 // logical register numbers
  logic [3:0]  fa, fb, fd;                       // physical
  logic [13:0] imm;
  logic        defined, is_branch, taken, issue, stall, trap, end_now;
  logic [7:0]  end_status;
  logic [PcW-1:0] target;

  // ---- datapath -------------------------------------------------------------
  logic [3:0]      ra, rb;
  logic [MaxM-1:0] rf_a, rf_b, opa, opb, sq_in_b, sq_y, alu_y;
  logic            we0;
  logic [3:0]      waddr0;
  logic [MaxM-1:0] konst;

  function automatic logic [3:0] rename(input logic [3:0] r, input logic swapped);
    rename = r;
    if (swapped && r >= 4'(mccp_ecc_isa_pkg::SwapFirst) && r <= 4'(mccp_ecc_isa_pkg::SwapLast)) rename = r ^ 4'(mccp_ecc_isa_pkg::SwapXor);
  endfunction

  function automatic logic [MaxM-1:0] ones(input logic [8:0] count);
    ones = '0;
    for (int i = 0; i < MaxM; i++) ones[i] = (9'(i) < count);
  endfunction

  // ---- decode -------------------------------------------------------------
  assign op   = ir_q[mccp_ecc_isa_pkg::FieldOpMsb:mccp_ecc_isa_pkg::FieldOpLsb];
  assign fd_l = ir_q[mccp_ecc_isa_pkg::FieldAMsb:mccp_ecc_isa_pkg::FieldALsb];
  assign fa_l = ir_q[mccp_ecc_isa_pkg::FieldBMsb:mccp_ecc_isa_pkg::FieldBLsb];
  assign fb_l = ir_q[mccp_ecc_isa_pkg::FieldCMsb:mccp_ecc_isa_pkg::FieldCLsb];
  assign imm  = ir_q[mccp_ecc_isa_pkg::FieldImmMsb:mccp_ecc_isa_pkg::FieldImmLsb];
  assign fd   = rename(fd_l, swap_q);
  assign fa   = rename(fa_l, swap_q);
  assign fb   = rename(fb_l, swap_q);
  assign target = PcW'(imm);

  // A word is defined only if its opcode exists and it has no bit outside its
  // operands (the ISA table's rule, mccp.isa.Isa.decode).
  always_comb begin
    defined   = ((ir_q & ~mccp_ecc_isa_pkg::insn_bits(op)) == '0) && mccp_ecc_isa_pkg::insn_bits(op) != '0;
    is_branch = (op == mccp_ecc_isa_pkg::OP_BZ || op == mccp_ecc_isa_pkg::OP_BNZ || op == mccp_ecc_isa_pkg::OP_BOVF || op == mccp_ecc_isa_pkg::OP_BKBAD || op == mccp_ecc_isa_pkg::OP_CBEQ || op == mccp_ecc_isa_pkg::OP_CDBNZ);
  end

  // ---- register file and operands -----------------------------------------
  // fsqrn squares its own result after the first cycle.
  assign ra = (state_q == StMulti && multi_op_q == mccp_ecc_isa_pkg::OP_FSQRN) ? multi_rd_q : fa;
  assign rb = fb;

  mccp_ecc_rf #(.NumRegs(mccp_ecc_isa_pkg::NumFregs), .Width(MaxM)) u_rf (
    .clk_i, .rst_ni,
    .ra_i(ra), .rdata_a_o(rf_a),
    .rb_i(rb), .rdata_b_o(rf_b),
    .we0_i(we0), .waddr0_i(waddr0), .wdata0_i(alu_y),
    .we1_i(mul_done && mul_pend_q), .waddr1_i(mul_rd_q), .wdata1_i(mul_p)
  );

  // A product is read in the cycle the multiplier finishes it (bypass).
  assign opa = (mul_pend_q && mul_done && ra == mul_rd_q) ? mul_p : rf_a;
  assign opb = (mul_pend_q && mul_done && rb == mul_rd_q) ? mul_p : rf_b;

  assign sq_in_b = (op == mccp_ecc_isa_pkg::OP_FASQ && state_q == StRun) ? opb : '0;
  mccp_ecc_sqr #(.MaxM(MaxM)) u_sqr (.field_i(field_q), .a_i(opa), .b_i(sq_in_b), .y_o(sq_y));

  assign mul_start = issue && op == mccp_ecc_isa_pkg::OP_FMUL;
  mccp_ecc_mul #(.MaxM(MaxM), .Digit(Digit), .Karatsuba(Karatsuba)) u_mul (
    .clk_i, .rst_ni,
    .start_i(mul_start), .field_i(field_q), .a_i(opa), .b_i(opb),
    .busy_o(mul_busy), .done_o(mul_done), .p_o(mul_p)
  );

  assign konst = MaxM'(mccp_ecc_curves_pkg::curve_const(curve_q, imm[2:0]));

  // ---- hazards --------------------------------------------------------------
  // Reads of the pending product wait for its last cycle (bypass), writes of
  // its register one more; a second product waits for the multiplier.
  logic reads_a, reads_b, writes_d, pend_wait;
  always_comb begin
    reads_a  = (op == mccp_ecc_isa_pkg::OP_FMUL || op == mccp_ecc_isa_pkg::OP_FADD || op == mccp_ecc_isa_pkg::OP_FASQ || op == mccp_ecc_isa_pkg::OP_FSEL || op == mccp_ecc_isa_pkg::OP_FSQR || op == mccp_ecc_isa_pkg::OP_FSQRN || op == mccp_ecc_isa_pkg::OP_FMOV || op == mccp_ecc_isa_pkg::OP_FTZ || op == mccp_ecc_isa_pkg::OP_FOUT);
    reads_b  = (op == mccp_ecc_isa_pkg::OP_FMUL || op == mccp_ecc_isa_pkg::OP_FADD || op == mccp_ecc_isa_pkg::OP_FASQ || op == mccp_ecc_isa_pkg::OP_FSEL);
    writes_d = (op == mccp_ecc_isa_pkg::OP_FMUL || op == mccp_ecc_isa_pkg::OP_FADD || op == mccp_ecc_isa_pkg::OP_FASQ || op == mccp_ecc_isa_pkg::OP_FSEL || op == mccp_ecc_isa_pkg::OP_FSQR || op == mccp_ecc_isa_pkg::OP_FSQRN || op == mccp_ecc_isa_pkg::OP_FMOV || op == mccp_ecc_isa_pkg::OP_FCONST || op == mccp_ecc_isa_pkg::OP_FIN);
    pend_wait = mul_pend_q && !mul_done;
    stall = 1'b0;
    if (defined) begin
      if (reads_a && pend_wait && fa == mul_rd_q) stall = 1'b1;
      if (reads_b && pend_wait && fb == mul_rd_q) stall = 1'b1;
      if (writes_d && mul_pend_q && fd == mul_rd_q) stall = 1'b1;
      if (op == mccp_ecc_isa_pkg::OP_FMUL && pend_wait) stall = 1'b1;
      if (op == mccp_ecc_isa_pkg::OP_FOUT && !out_space_i) stall = 1'b1;
      if (op == mccp_ecc_isa_pkg::OP_DONE && pend_wait) stall = 1'b1;
    end
  end

  // ---- issue ----------------------------------------------------------------
  logic cdbnz_nz;
  assign cdbnz_nz = (cnt_q[fa_l[1:0]] - 16'd1) != '0;
  always_comb begin
    issue      = state_q == StRun && ir_valid_q && !stall;
    taken      = 1'b0;
    trap       = 1'b0;
    if (issue) begin
      if (!defined) trap = 1'b1;
      else unique case (op)
        mccp_ecc_isa_pkg::OP_JMP: taken = 1'b1;
        mccp_ecc_isa_pkg::OP_CALL: begin taken = 1'b1; trap = sp_q == CallW'(mccp_ecc_isa_pkg::CallDepth); end
        mccp_ecc_isa_pkg::OP_RET: begin taken = 1'b1; trap = sp_q == '0; end
        mccp_ecc_isa_pkg::OP_BZ: taken = z_q;
        mccp_ecc_isa_pkg::OP_BNZ: taken = !z_q;
        mccp_ecc_isa_pkg::OP_BOVF: taken = o_q;
        mccp_ecc_isa_pkg::OP_BKBAD: taken = k_q == '0 || k_q >= n_q;
        mccp_ecc_isa_pkg::OP_CBEQ: taken = cnt_q[fa_l[1:0]] == 16'(fb_l);
        mccp_ecc_isa_pkg::OP_CDBNZ: taken = cdbnz_nz;
        mccp_ecc_isa_pkg::OP_FSQRN: trap = imm == '0;
        mccp_ecc_isa_pkg::OP_FCONST: trap = imm[2:0] == 3'd7;
        default: ;
      endcase
      if (trap) taken = 1'b0;
    end
  end

  // ---- fetch ----------------------------------------------------------------
  // F looks up when the instruction register frees: empty, or its
  // instruction issuing.  In a branch's issue cycle a miss does not refill.
  assign look = (state_q == StRun || state_q == StMulti) && fstate_q == FIdle && !end_now
                && (!ir_valid_q || issue);

  mccp_ecc_ibuf #(.McodeWords(McodeWords), .Lines(Lines), .LineWords(LineWords)) u_ibuf (
    .clk_i, .rst_ni,
    .flush_i,
    .pc_i(fpc_q), .hit_o(hit), .insn_o(buf_insn),
    .fill_i(fill), .fill_pc_i(fpc_q), .fill_data_i(fetch_data_i)
  );

  assign fill         = fstate_q == FWait && fetch_rvalid_i;
  assign fetch_req_o  = (look && !hit && !(issue && (is_branch || taken || (op == mccp_ecc_isa_pkg::OP_JMP || op == mccp_ecc_isa_pkg::OP_CALL || op == mccp_ecc_isa_pkg::OP_RET))))
                        || fstate_q == FReq;
  assign fetch_line_o = LineAw'(fpc_q >> $clog2(LineWords));

  always_comb begin
    fstate_d = fstate_q;
    unique case (fstate_q)
      FIdle: if (fetch_req_o) fstate_d = fetch_gnt_i ? FWait : FReq;
      FReq:  if (fetch_gnt_i) fstate_d = FWait;
      FWait: if (fetch_rvalid_i) fstate_d = FIdle;
      default: fstate_d = FIdle;
    endcase
  end

  // ---- end of the task ------------------------------------------------------
  // done (or a trap) ends it; the result follows once the input is drained.
  // fin / kin take their first word in their issue cycle, fout writes its first.
  logic need_word, in_trunc, issue_in, issue_out;
  logic [AccW-1:0] out_aligned;
  assign issue_in  = issue && !trap && (op == mccp_ecc_isa_pkg::OP_FIN || op == mccp_ecc_isa_pkg::OP_KIN);
  assign issue_out = issue && !trap && op == mccp_ecc_isa_pkg::OP_FOUT;
  assign need_word = issue_in || (state_q == StMulti && (multi_op_q == mccp_ecc_isa_pkg::OP_FIN || multi_op_q == mccp_ecc_isa_pkg::OP_KIN));
  assign in_trunc  = need_word && in_ended_q;
  assign out_aligned = AccW'(opa) << (128 * (WMax - 1 - int'(words_q)));
  assign end_now   = (issue && (trap || op == mccp_ecc_isa_pkg::OP_DONE)) || in_trunc;
  always_comb begin
    end_status = imm[7:0];
    if (in_trunc) end_status = mccp_ecc_isa_pkg::STATUS_TRUNCATED;
    else if (trap) end_status = mccp_ecc_isa_pkg::STATUS_ILLEGAL;
    else if (end_status == mccp_ecc_isa_pkg::STATUS_OK && !in_ended_q) end_status = mccp_ecc_isa_pkg::STATUS_LENGTH;
  end

  // ---- ALU write ------------------------------------------------------------
  logic multi_last;
  assign multi_last = state_q == StMulti && multi_q == 14'd1
                      && !(need_word && (!in_valid_i || in_ended_q));
  always_comb begin
    we0    = 1'b0;
    waddr0 = fd;
    alu_y  = sq_y;
    if (issue && !trap) begin
      unique case (op)
        mccp_ecc_isa_pkg::OP_FADD:   begin we0 = 1'b1; alu_y = opa ^ opb; end
        mccp_ecc_isa_pkg::OP_FSQR, mccp_ecc_isa_pkg::OP_FASQ: we0 = 1'b1;
        mccp_ecc_isa_pkg::OP_FSQRN:  we0 = 1'b1;
        mccp_ecc_isa_pkg::OP_FMOV:   begin we0 = 1'b1; alu_y = opa; end
        mccp_ecc_isa_pkg::OP_FCONST: begin we0 = 1'b1; alu_y = konst; end
        mccp_ecc_isa_pkg::OP_FSEL:   begin we0 = 1'b1; alu_y = z_q ? opa : opb; end
        default: ;
      endcase
    end
    if (state_q == StMulti && multi_op_q == mccp_ecc_isa_pkg::OP_FSQRN) begin
      we0 = 1'b1; waddr0 = multi_rd_q;
    end
    if (state_q == StMulti && multi_op_q == mccp_ecc_isa_pkg::OP_FIN && multi_last) begin
      we0 = 1'b1; waddr0 = multi_rd_q; alu_y = MaxM'({acc_q[AccW-129:0], in_data_i}) & fmask_q;
    end
  end

  // ---- input and output -------------------------------------------------------
  assign in_ready_o = (need_word && !in_ended_q) || (state_q == StDrain && !in_ended_q);
  assign out_we_o   = issue_out || (state_q == StMulti && multi_op_q == mccp_ecc_isa_pkg::OP_FOUT);
  assign out_data_o = issue_out ? out_aligned[AccW-1 -: 128] : acc_q[AccW-1 -: 128];

  // ---- sequential -------------------------------------------------------------
  logic [AccW-1:0] acc_in, fmask_wide;
  assign acc_in = {acc_q[AccW-129:0], in_data_i};
  assign fmask_wide = {{(AccW - MaxM){1'b0}}, fmask_q};

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q <= StIdle;
      fstate_q <= FIdle;
      curve_q <= '0; field_q <= '0; fmask_q <= '0; ktop_q <= '0; n_q <= '0; words_q <= '0;
      status_q <= '0; in_ended_q <= 1'b0; cycle_q <= '0;
      fpc_q <= '0; ir_pc_q <= '0; ir_q <= '0; ir_valid_q <= 1'b0;
      for (int i = 0; i < 4; i++) cnt_q[i] <= '0;
      z_q <= 1'b0; o_q <= 1'b0; last_bit_q <= 1'b0; swap_q <= 1'b0; k_q <= '0;
      for (int i = 0; i < mccp_ecc_isa_pkg::CallDepth; i++) calls_q[i] <= '0;
      sp_q <= '0;
      multi_q <= '0; multi_rd_q <= '0; multi_op_q <= '0; multi_cycle_q <= '0; multi_insn_q <= '0;
      multi_pc_q <= '0; acc_q <= '0;
      mul_pend_q <= 1'b0; mul_rd_q <= '0;
    end else begin
      fstate_q <= fstate_d;
      cycle_q <= cycle_q + 32'd1;
      if (in_valid_i && in_ready_o && in_last_i) in_ended_q <= 1'b1;
      if (mul_done) mul_pend_q <= 1'b0;

      // fetch: the looked-up instruction enters the instruction register
      if (look && hit) begin
        ir_q <= buf_insn; ir_pc_q <= fpc_q; ir_valid_q <= 1'b1; fpc_q <= fpc_q + PcW'(1);
      end else if (issue || look) begin
        ir_valid_q <= 1'b0;
      end
      if (taken) begin
        ir_valid_q <= 1'b0;
        fpc_q <= (op == mccp_ecc_isa_pkg::OP_RET) ? calls_q[CallIdxW'(sp_q - CallW'(1))] : target;
      end

      unique case (state_q)
        StIdle: begin
          if (start_valid_i) begin
            logic [2:0] c;
            logic [1:0] f;
            logic [8:0] m;
            c = start_args_i[98:96];
            f = mccp_ecc_curves_pkg::curve_field(c);
            m = mccp_ecc_curves_pkg::field_m(f);
            cycle_q <= 32'd1;
            curve_q <= c; field_q <= f; fmask_q <= ones(m);
            ktop_q <= MaxM'(1) << (mccp_ecc_curves_pkg::curve_n_bits(c) - 9'd1);
            n_q <= MaxM'(mccp_ecc_curves_pkg::curve_const(c, mccp_ecc_curves_pkg::CONST_N));
            words_q <= (m > 9'd256) ? 2'd2 : 2'd1;
            in_ended_q <= start_empty_i;
            cnt_q[0] <= 16'(c); cnt_q[1] <= 16'(f); cnt_q[2] <= 16'(mccp_ecc_curves_pkg::curve_n_bits(c));
            cnt_q[3] <= start_args_i[79:64];
            z_q <= 1'b0; o_q <= 1'b0; last_bit_q <= 1'b0; swap_q <= 1'b0; k_q <= start_key_i; sp_q <= '0;
            fpc_q <= PcW'(start_entry_i); ir_valid_q <= 1'b0;
            if (start_args_i[127:96] >= 32'(mccp_ecc_curves_pkg::NumCurves) || m > 9'(MaxM)) begin
              status_q <= mccp_ecc_isa_pkg::STATUS_BAD_CURVE;
              state_q  <= StDrain;
            end else begin
              state_q <= StRun;
            end
          end
        end
        StRun: begin
          if (issue && !trap) begin
            unique case (op)
              mccp_ecc_isa_pkg::OP_CALL: begin calls_q[CallIdxW'(sp_q)] <= ir_pc_q + PcW'(1); sp_q <= sp_q + CallW'(1); end
              mccp_ecc_isa_pkg::OP_RET: sp_q <= sp_q - CallW'(1);
              mccp_ecc_isa_pkg::OP_CDBNZ: cnt_q[fa_l[1:0]] <= cnt_q[fa_l[1:0]] - 16'd1;
              mccp_ecc_isa_pkg::OP_CLI: cnt_q[fd_l[1:0]] <= 16'(imm);
              mccp_ecc_isa_pkg::OP_CMOV: cnt_q[fd_l[1:0]] <= cnt_q[fa_l[1:0]];
              mccp_ecc_isa_pkg::OP_FMUL: begin mul_pend_q <= 1'b1; mul_rd_q <= fd; end
              mccp_ecc_isa_pkg::OP_FTZ: z_q <= opa == '0;
              mccp_ecc_isa_pkg::OP_KN: begin k_q <= n_q; last_bit_q <= 1'b0; end
              mccp_ecc_isa_pkg::OP_KBIT: begin
                logic b;
                b = (k_q & ktop_q) != '0;
                k_q <= (k_q << 1) & ((ktop_q << 1) - MaxM'(1) | ktop_q);
                swap_q <= swap_q ^ b ^ last_bit_q;
                last_bit_q <= b;
              end
              mccp_ecc_isa_pkg::OP_SWCLR: begin swap_q <= 1'b0; last_bit_q <= 1'b0; end
              default: ;
            endcase
            if ((op == mccp_ecc_isa_pkg::OP_FSQRN || op == mccp_ecc_isa_pkg::OP_FIN || op == mccp_ecc_isa_pkg::OP_KIN || op == mccp_ecc_isa_pkg::OP_FOUT)) begin
              multi_op_q <= op; multi_rd_q <= fd; multi_cycle_q <= cycle_q;
              multi_insn_q <= ir_q; multi_pc_q <= ir_pc_q;
              if (op == mccp_ecc_isa_pkg::OP_FSQRN) multi_q <= imm - 14'd1;
              else if (op == mccp_ecc_isa_pkg::OP_FOUT || in_valid_i) multi_q <= 14'(words_q);
              else multi_q <= 14'(words_q) + 14'd1;
              acc_q <= (op == mccp_ecc_isa_pkg::OP_FOUT) ? out_aligned << 128
                     : in_valid_i ? AccW'(in_data_i) : '0;
              if (!(op == mccp_ecc_isa_pkg::OP_FSQRN && imm == 14'd1)) state_q <= StMulti;
            end
          end
          if (end_now) begin
            status_q <= end_status;
            state_q <= in_ended_q ? StResult : StDrain;
          end
        end
        StMulti: begin
          if (in_trunc) begin
            status_q <= end_status;
            state_q <= StResult;
          end else if (!(need_word && !in_valid_i)) begin
            multi_q <= multi_q - 14'd1;
            if (need_word) acc_q <= acc_in;
            if (multi_op_q == mccp_ecc_isa_pkg::OP_FOUT) acc_q <= acc_q << 128;
            if (multi_q == 14'd1) begin
              state_q <= StRun;
              if ((multi_op_q == mccp_ecc_isa_pkg::OP_FIN || multi_op_q == mccp_ecc_isa_pkg::OP_KIN)) begin
                if ((acc_in & ~fmask_wide) != '0) o_q <= 1'b1;
              end
              if (multi_op_q == mccp_ecc_isa_pkg::OP_KIN) begin
                k_q <= MaxM'(acc_in) & fmask_q; last_bit_q <= 1'b0;
              end
            end
          end
        end
        StDrain: begin
          if (in_ended_q || (in_valid_i && in_last_i)) state_q <= StResult;
        end
        StResult: begin
          k_q <= '0;     // no scalar outlives its task
          if (res_ready_i) state_q <= StIdle;
        end
        default: state_q <= StIdle;
      endcase
      if (abort_i && (state_q == StRun || state_q == StMulti)) begin
        status_q <= mccp_ecc_isa_pkg::STATUS_PARTNER;
        state_q  <= StDrain;
      end
    end
  end

  logic unused;
  assign unused = ^{start_args_i[95:80], start_args_i[63:0], mul_busy, multi_pc_q[PcW-1], ir_pc_q[PcW-1]};

  assign start_ready_o = state_q == StIdle;
  assign res_valid_o   = state_q == StResult;
  assign res_status_o  = status_q;
  assign busy_o        = state_q != StIdle;

  // ---- trace ----------------------------------------------------------------
  if (TraceEnable) begin : g_trace
    logic multi_done;
    assign multi_done = (state_q == StMulti && multi_q == 14'd1 && !(need_word && !in_valid_i) && !in_trunc)
                        || (issue && !trap && op == mccp_ecc_isa_pkg::OP_FSQRN && imm == 14'd1);
    always_comb begin
      trace_valid_o = 1'b0;
      trace_cycle_o = cycle_q;
      trace_pc_o    = McAw'(ir_pc_q);
      trace_insn_o  = ir_q;
      trace_we_o    = 1'b0;
      trace_creg_o  = 1'b0;
      trace_reg_o   = fd;
      trace_data_o  = alu_y;
      if (issue && !trap && !((op == mccp_ecc_isa_pkg::OP_FSQRN || op == mccp_ecc_isa_pkg::OP_FIN || op == mccp_ecc_isa_pkg::OP_KIN || op == mccp_ecc_isa_pkg::OP_FOUT))) begin
        trace_valid_o = 1'b1;
        trace_we_o    = we0;
        if ((op == mccp_ecc_isa_pkg::OP_CDBNZ || op == mccp_ecc_isa_pkg::OP_CLI || op == mccp_ecc_isa_pkg::OP_CMOV)) begin
          trace_we_o   = 1'b1;
          trace_creg_o = 1'b1;
          trace_reg_o  = (op == mccp_ecc_isa_pkg::OP_CDBNZ) ? fa_l : fd_l;
          trace_data_o = MaxM'(16'(op == mccp_ecc_isa_pkg::OP_CDBNZ ? cnt_q[fa_l[1:0]] - 16'd1
                                   : op == mccp_ecc_isa_pkg::OP_CLI ? 16'(imm) : cnt_q[fa_l[1:0]]));
        end
      end else if (multi_done) begin
        trace_valid_o = 1'b1;
        if (state_q == StMulti) begin
          trace_cycle_o = multi_cycle_q;
          trace_pc_o    = McAw'(multi_pc_q);
          trace_insn_o  = multi_insn_q;
          trace_reg_o   = multi_rd_q;
          trace_we_o    = (multi_op_q == mccp_ecc_isa_pkg::OP_FSQRN || multi_op_q == mccp_ecc_isa_pkg::OP_FIN);
        end else begin
          trace_we_o    = 1'b1;
        end
      end
    end
    assign trace_wb_valid_o = mul_pend_q && mul_done;
    assign trace_wb_cycle_o = cycle_q;
    assign trace_wb_reg_o   = mul_rd_q;
    assign trace_wb_data_o  = mul_p;
  end else begin : g_no_trace
    logic unused_trace;   // the retire record's registers feed only the trace
    assign unused_trace  = ^{multi_cycle_q, multi_insn_q};
    assign trace_valid_o = 1'b0;
    assign trace_cycle_o = '0;
    assign trace_pc_o = '0;
    assign trace_insn_o = '0;
    assign trace_we_o = 1'b0;
    assign trace_creg_o = 1'b0;
    assign trace_reg_o = '0;
    assign trace_data_o = '0;
    assign trace_wb_valid_o = 1'b0;
    assign trace_wb_cycle_o = '0;
    assign trace_wb_reg_o = '0;
    assign trace_wb_data_o = '0;
  end

endmodule
