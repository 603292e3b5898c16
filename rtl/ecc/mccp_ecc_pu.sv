// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// EC processing unit: runs microcode (src/mccp/isa/ecc.yml) from the shared
// microcode memory through its instruction buffer, on a GF(2^m) datapath of
// MaxM bits: sixteen field registers, a digit-serial multiplier working in
// the background and a one-cycle ALU (add, square, add-then-square, select).
// Timing, which the ISS (mccp.iss.ecc) follows cycle for cycle, and the task
// conventions: docs/ecc.md.
//
// Two stages: F looks up the next instructions in the buffer (refilling a
// missing line through the microcode port) into the issue window, I decodes,
// checks the hazards on the multiplier's pending product, and executes.  The
// window holds one instruction, or with DualIssue two consecutive ones: an
// fmul and its neighbour then issue in the same cycle when the ISA table's
// dual-issue rule allows (mccp_ecc_isa_pkg::dual_partner, docs/ecc.md).  Of
// a pair, the fmul drives the multiplier from read ports 2 and 3, the other
// instruction ("slot x") the ALU, counters and scalar from ports 0 and 1.
// Results leave on out_* (one 128-bit word a cycle, no back-pressure inside
// a word run: out_space_i must cover a field element) and res_*; the slot
// around the unit buffers and releases them.
module mccp_ecc_pu #(
  parameter int MaxM = 283,
  parameter int Digit = 163,
  parameter bit Karatsuba = 1'b0,
  parameter bit DualIssue = 1'b1,
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
  // retire trace (TraceEnable): one event per instruction, at its last cycle;
  // trace_*: the first (or only) instruction retiring in a cycle
  output logic              trace_valid_o,
  output logic [31:0]       trace_cycle_o,    // its issue cycle, counted from the start handshake
  output logic [McAw-1:0]   trace_pc_o,
  output logic [31:0]       trace_insn_o,
  output logic              trace_we_o,
  output logic              trace_creg_o,     // 1: counter c<idx>, 0: field register f<idx>
  output logic [3:0]        trace_reg_o,
  output logic [MaxM-1:0]   trace_data_o,
  // the second instruction of a pair (DualIssue), retiring with the first in trace_cycle_o
  output logic              trace2_valid_o,
  output logic [McAw-1:0]   trace2_pc_o,
  output logic [31:0]       trace2_insn_o,
  output logic              trace2_we_o,
  output logic              trace2_creg_o,
  output logic [3:0]        trace2_reg_o,
  output logic [MaxM-1:0]   trace2_data_o,
  // products written back
  output logic              trace_wb_valid_o,
  output logic [31:0]       trace_wb_cycle_o,
  output logic [3:0]        trace_wb_reg_o,
  output logic [MaxM-1:0]   trace_wb_data_o
);

  localparam int PcW = McAw + 1;
  localparam int WMax = (MaxM + 127) / 128;       // words of an element in a packet, largest field
  localparam int AccW = MaxM - 128;               // bits of an element above its last word
  localparam int CallW = $clog2(mccp_ecc_isa_pkg::CallDepth + 1);
  localparam int CallIdxW = $clog2(mccp_ecc_isa_pkg::CallDepth);
  localparam int Slots = DualIssue ? 2 : 1;        // issue window
  localparam int RfRead = DualIssue ? 4 : 2;       // register file read ports
  localparam int NumOwn = own_curves();            // curves with m <= MaxM: ids 0 .. NumOwn - 1
  localparam int OwnW = (NumOwn > 1) ? $clog2(NumOwn) : 1;

  function automatic integer own_curves();
    own_curves = 0;
    for (integer c = 0; c < mccp_ecc_curves_pkg::NumCurves; c++) begin
      if (mccp_ecc_curves_pkg::supported(mccp_ecc_curves_pkg::curve_field(3'(c)), MaxM)) own_curves = c + 1;
    end
  endfunction

  if (MaxM != 163 && MaxM != 233 && MaxM != 283) begin : g_bad_maxm
    $error("mccp_ecc_pu: MaxM %0d must be 163, 233 or 283", MaxM);
  end
  for (genvar c = 0; c < mccp_ecc_curves_pkg::NumCurves; c++) begin : g_own
    if (mccp_ecc_curves_pkg::supported(mccp_ecc_curves_pkg::curve_field(3'(c)), MaxM) != (c < NumOwn)) begin : g_bad_order
      $error("mccp_ecc_pu: the curves with m <= MaxM are not the ids below %0d", NumOwn);
    end
  end

  typedef enum logic [2:0] {StIdle, StRun, StMulti, StDrain, StResult} state_e;
  typedef enum logic [1:0] {FIdle, FReq, FWait} fstate_e;

  // ---- task state -----------------------------------------------------------
  state_e            state_q;
  fstate_e           fstate_q, fstate_d;
  // The task's curve, of those the build runs (m <= MaxM: the curve ids below
  // NumOwn, as the ids go by field); what depends on it is a function of this
  // register, so a 163-bit build, which runs two curves of one field, has its
  // field, m, n and bitlen(n) as constants or a bit of curve_q.
  logic [OwnW-1:0]   curve_q;
  logic [2:0]        curve;
  logic [1:0]        field_q;                    // of curve_q
  logic [8:0]        m_q;
  logic              k_top;                      // bit bitlen(n) - 1 of K
  logic [MaxM-1:0]   k_mask;                     // bitlen(n) ones
  logic [MaxM-1:0]   fmask_q;                    // m ones
  logic [MaxM-1:0]   n_q;
  logic [1:0]        words_q;                    // W - 1
  logic [7:0]        status_q;
  logic              in_ended_q;                 // the packet's last word has been read
  logic [31:0]       cycle_q;                    // cycles since the start handshake

  // ---- fetch: the issue window ------------------------------------------------
  // ir_q[0] at ir_pc_q, ir_q[1] the word after it (valid only with ir_q[0]);
  // fpc_q the next word to look up, right after the window.
  logic [PcW-1:0]    fpc_q, ir_pc_q, freq_pc_q;
  logic [1:0][31:0]  ir_q;
  logic [1:0]        ir_valid_q;
  logic              look;
  logic [PcW-1:0]    look_pc;                    // the first word looked up
  logic [1:0]        room;                       // window places free after this cycle's issue
  logic [Slots-1:0][PcW-1:0] buf_pc;
  logic [Slots-1:0]  buf_hit;
  logic [Slots-1:0][31:0] buf_insn;
  logic              hit_a, hit_b, load_a, load_b, miss, fill;
  logic [PcW-1:0]    miss_pc;

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
  logic [AccW-1:0]   acc_q;                      // fin / kin: the words in so far, as far as they fit an element

  // ---- multiplier -----------------------------------------------------------
  logic              mul_start, mul_busy, mul_last, mul_ending, mul_done, mul_pend_q;
  logic [3:0]        mul_rd_q;
  logic [MaxM-1:0]   mul_r, mul_p;               // the product in its last step, after it

  // ---- decode of both window slots ------------------------------------------
  logic [1:0][5:0]   sop;
  logic [1:0][3:0]   sfd_l, sfa_l, sfb_l;        // logical register numbers
  logic [1:0][3:0]   sfd, sfa, sfb;              // physical
  logic [1:0][13:0]  simm;
  logic [1:0]        sdef, sreads_a, sreads_b, swrites_d, sstall, smul, spartner;

  // ---- issue: slot 0 alone, or the pair ----------------------------------------
  logic        issue0, issue1, xs, depends;
  // slot x: the instruction that is not the pair's fmul (slot 0 unless slot 0
  // is an fmul); its fields drive the ALU, counters, scalar and control
  logic [5:0]  op;
  logic [3:0]  fa_l, fb_l, fd_l, fa, fb, fd;
  logic [13:0] imm;
  logic [31:0] x_insn;
  logic        defined, is_branch, is_ctrl, taken, issue, trap, end_now;
  logic [7:0]  end_status;
  logic [PcW-1:0] target, branch_pc;
  // the multiplication's slot
  logic        ms;
  logic [3:0]  mfd;

  // ---- datapath -------------------------------------------------------------
  logic [RfRead-1:0][3:0]      raddr;
  logic [RfRead-1:0][MaxM-1:0] ropnd;
  logic [MaxM-1:0] opa, opb, mul_a, mul_b, alu_x, sq_y, alu_y;
  logic            take_a, take_b, take_sq, take_in;
  logic [2:0]      kidx;
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

  // Field registers an instruction reads (fa, fb) and writes (fd).
  function automatic logic reads_a_of(input logic [5:0] o);
    reads_a_of = (o == mccp_ecc_isa_pkg::OP_FMUL || o == mccp_ecc_isa_pkg::OP_FADD || o == mccp_ecc_isa_pkg::OP_FASQ || o == mccp_ecc_isa_pkg::OP_FSEL || o == mccp_ecc_isa_pkg::OP_FSQR || o == mccp_ecc_isa_pkg::OP_FSQRN || o == mccp_ecc_isa_pkg::OP_FMOV || o == mccp_ecc_isa_pkg::OP_FTZ || o == mccp_ecc_isa_pkg::OP_FOUT);
  endfunction
  function automatic logic reads_b_of(input logic [5:0] o);
    reads_b_of = (o == mccp_ecc_isa_pkg::OP_FMUL || o == mccp_ecc_isa_pkg::OP_FADD || o == mccp_ecc_isa_pkg::OP_FASQ || o == mccp_ecc_isa_pkg::OP_FSEL);
  endfunction
  function automatic logic writes_d_of(input logic [5:0] o);
    writes_d_of = (o == mccp_ecc_isa_pkg::OP_FMUL || o == mccp_ecc_isa_pkg::OP_FADD || o == mccp_ecc_isa_pkg::OP_FASQ || o == mccp_ecc_isa_pkg::OP_FSEL || o == mccp_ecc_isa_pkg::OP_FSQR || o == mccp_ecc_isa_pkg::OP_FSQRN || o == mccp_ecc_isa_pkg::OP_FMOV || o == mccp_ecc_isa_pkg::OP_FCONST || o == mccp_ecc_isa_pkg::OP_FIN);
  endfunction

  // ---- decode -------------------------------------------------------------
  // A word is defined only if its opcode exists and it has no bit outside its
  // operands (the ISA table's rule, mccp.isa.Isa.decode).  Hazards: reads of
  // the pending product wait until it is in the register file (the cycle the
  // multiplier finishes), writes of its register one more; a second product
  // waits for the multiplier.  Without DualIssue the products go in through
  // the ALU's write port in their last step: an ALU write waits out that
  // cycle, and fsqrn and fin, which write in later cycles, wait for the
  // multiplier as fmul does.
  logic pend_wait;
  assign pend_wait = mul_pend_q && !mul_done;
  for (genvar s = 0; s < 2; s++) begin : g_dec
    assign sop[s]   = ir_q[s][mccp_ecc_isa_pkg::FieldOpMsb:mccp_ecc_isa_pkg::FieldOpLsb];
    assign sfd_l[s] = ir_q[s][mccp_ecc_isa_pkg::FieldAMsb:mccp_ecc_isa_pkg::FieldALsb];
    assign sfa_l[s] = ir_q[s][mccp_ecc_isa_pkg::FieldBMsb:mccp_ecc_isa_pkg::FieldBLsb];
    assign sfb_l[s] = ir_q[s][mccp_ecc_isa_pkg::FieldCMsb:mccp_ecc_isa_pkg::FieldCLsb];
    assign simm[s]  = ir_q[s][mccp_ecc_isa_pkg::FieldImmMsb:mccp_ecc_isa_pkg::FieldImmLsb];
    assign sfd[s]   = rename(sfd_l[s], swap_q);
    assign sfa[s]   = rename(sfa_l[s], swap_q);
    assign sfb[s]   = rename(sfb_l[s], swap_q);
    assign sdef[s]  = ((ir_q[s] & ~mccp_ecc_isa_pkg::insn_bits(sop[s])) == '0) && mccp_ecc_isa_pkg::insn_bits(sop[s]) != '0;
    assign sreads_a[s]  = reads_a_of(sop[s]);
    assign sreads_b[s]  = reads_b_of(sop[s]);
    assign swrites_d[s] = writes_d_of(sop[s]);
    assign smul[s]  = sdef[s] && sop[s] == mccp_ecc_isa_pkg::DualMulOp;
    // a partner of the fmul that cannot trap (fconst 7 is ILLEGAL)
    assign spartner[s] = sdef[s] && mccp_ecc_isa_pkg::dual_partner(sop[s])
                         && !(sop[s] == mccp_ecc_isa_pkg::OP_FCONST && simm[s][2:0] == 3'd7);
    assign sstall[s] = sdef[s] && ((sreads_a[s] && pend_wait && sfa[s] == mul_rd_q)
                                   || (sreads_b[s] && pend_wait && sfb[s] == mul_rd_q)
                                   || (swrites_d[s] && mul_pend_q && sfd[s] == mul_rd_q)
                                   || (sop[s] == mccp_ecc_isa_pkg::OP_FMUL && pend_wait)
                                   || (!DualIssue && swrites_d[s] && pend_wait
                                       && (sop[s] == mccp_ecc_isa_pkg::OP_FSQRN || sop[s] == mccp_ecc_isa_pkg::OP_FIN
                                           || mul_ending))
                                   || (sop[s] == mccp_ecc_isa_pkg::OP_FOUT && !out_space_i)
                                   || (sop[s] == mccp_ecc_isa_pkg::OP_DONE && pend_wait));
  end

  // ---- issue ----------------------------------------------------------------
  // Slot 0 issues when its hazards allow; slot 1 with it when one of the two
  // is an fmul and the other a partner, slot 1 does not depend on slot 0 (it
  // neither reads nor writes the register slot 0 writes, and slot 0 does not
  // rename registers), and slot 1's hazards allow too.
  assign issue0  = state_q == StRun && ir_valid_q[0] && !sstall[0];
  assign depends = sop[0] == mccp_ecc_isa_pkg::OP_KBIT || sop[0] == mccp_ecc_isa_pkg::OP_SWCLR
                   || (swrites_d[0] && ((sreads_a[1] && sfa[1] == sfd[0]) || (sreads_b[1] && sfb[1] == sfd[0])
                                        || (swrites_d[1] && sfd[1] == sfd[0])));
  assign issue1  = DualIssue && issue0 && ir_valid_q[1] && !depends && !sstall[1]
                   && ((smul[0] && spartner[1]) || (spartner[0] && smul[1]));

  // slot x: slot 1 if slot 0 is an fmul (then x issues only in a pair), else slot 0
  assign xs     = DualIssue && smul[0];
  assign op     = sop[xs];
  assign fd_l   = sfd_l[xs];
  assign fa_l   = sfa_l[xs];
  assign fb_l   = sfb_l[xs];
  assign fd     = sfd[xs];
  assign fa     = sfa[xs];
  assign fb     = sfb[xs];
  assign imm    = simm[xs];
  assign x_insn = ir_q[xs];
  assign defined = sdef[xs];
  assign issue  = xs ? issue1 : issue0;
  assign target = PcW'(imm);

  always_comb begin
    is_branch = (op == mccp_ecc_isa_pkg::OP_BZ || op == mccp_ecc_isa_pkg::OP_BNZ || op == mccp_ecc_isa_pkg::OP_BOVF || op == mccp_ecc_isa_pkg::OP_BKBAD || op == mccp_ecc_isa_pkg::OP_CBEQ || op == mccp_ecc_isa_pkg::OP_CDBNZ);
    is_ctrl   = is_branch || op == mccp_ecc_isa_pkg::OP_JMP || op == mccp_ecc_isa_pkg::OP_CALL || op == mccp_ecc_isa_pkg::OP_RET;
  end

  // the multiplication: slot 0's if slot 0 is an fmul, else slot 1's in a pair
  assign ms        = DualIssue && !smul[0];
  assign mfd       = sfd[ms];
  assign mul_start = smul[0] ? issue0 : (issue1 && smul[1]);

  logic cdbnz_nz;
  assign cdbnz_nz = (cnt_q[fa_l[1:0]] - 16'd1) != '0;
  always_comb begin
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
  assign branch_pc = (op == mccp_ecc_isa_pkg::OP_RET) ? calls_q[CallIdxW'(sp_q - CallW'(1))] : target;

  // ---- register file and operands -----------------------------------------
  // Ports 0, 1: slot x's fa, fb (fsqrn squares its own result after the first
  // cycle, fout reads its register again for each word); with DualIssue ports
  // 2, 3: the multiplication's.
  assign raddr[0] = (state_q == StMulti) ? multi_rd_q : fa;
  assign raddr[1] = fb;
  if (DualIssue) begin : g_mul_ports
    assign raddr[2] = sfa[ms];
    assign raddr[3] = sfb[ms];
  end

  // Products go into the register file at the end of their last step (r_o),
  // so an instruction reads them there from the cycle the multiplier finishes:
  // with DualIssue through their own write port, without through the ALU's,
  // which no ALU write uses in that cycle (the hazards above).
  logic mul_wb;
  logic [3:0] mul_wb_rd;
  logic rf_we, rf_we1;
  logic [3:0] rf_waddr;
  logic [MaxM-1:0] rf_wdata;
  assign mul_wb    = mul_last && (mul_start || mul_pend_q);
  assign mul_wb_rd = mul_start ? mfd : mul_rd_q;
  if (DualIssue) begin : g_wb_port
    assign rf_we = we0; assign rf_waddr = waddr0; assign rf_wdata = alu_y;
    assign rf_we1 = mul_wb;
  end else begin : g_wb_shared
    assign rf_we    = we0 || mul_wb;
    assign rf_waddr = mul_wb ? mul_wb_rd : waddr0;
    assign rf_wdata = mul_wb ? mul_r : alu_y;
    assign rf_we1   = 1'b0;
  end

  mccp_ecc_rf #(.NumRegs(mccp_ecc_isa_pkg::NumFregs), .Width(MaxM), .NumRead(RfRead),
                .NumWrite(DualIssue ? 2 : 1)) u_rf (
    .clk_i, .rst_ni,
    .clear_i(state_q == StIdle && start_valid_i),   // a task starts with every register zero
    .raddr_i(raddr), .rdata_o(ropnd),
    .we0_i(rf_we), .waddr0_i(rf_waddr), .wdata0_i(rf_wdata),
    .we1_i(rf_we1), .waddr1_i(mul_wb_rd), .wdata1_i(mul_r)
  );
  assign opa   = ropnd[0];
  assign opb   = ropnd[1];
  assign mul_a = ropnd[RfRead - 2];
  assign mul_b = ropnd[RfRead - 1];

  // ---- ALU --------------------------------------------------------------------
  // One sum of the operands: fa + fb (fadd, fasq), fa (fmov, fsqr, fsqrn), one of
  // them (fsel: both read, whatever Z is); the squarer squares it; the curve
  // constant is that of index 0 (zero) unless fconst.  The value written is the
  // sum plus the constant, its square, or the element fin completes.
  always_comb begin
    take_a = 1'b1;
    take_b = 1'b0;
    take_sq = state_q == StMulti;                   // fsqrn after its first cycle
    take_in = state_q == StMulti && multi_op_q == mccp_ecc_isa_pkg::OP_FIN;
    kidx   = '0;
    if (state_q == StRun) begin
      unique case (op)
        mccp_ecc_isa_pkg::OP_FADD: take_b = 1'b1;
        mccp_ecc_isa_pkg::OP_FASQ: begin take_b = 1'b1; take_sq = 1'b1; end
        mccp_ecc_isa_pkg::OP_FSQR, mccp_ecc_isa_pkg::OP_FSQRN: take_sq = 1'b1;
        mccp_ecc_isa_pkg::OP_FSEL: begin take_a = z_q; take_b = !z_q; end
        mccp_ecc_isa_pkg::OP_FCONST: begin take_a = 1'b0; kidx = imm[2:0]; end
        default: ;
      endcase
    end
  end
  assign alu_x = (opa & {MaxM{take_a}}) ^ (opb & {MaxM{take_b}});
  mccp_ecc_sqr #(.MaxM(MaxM)) u_sqr (.field_i(field_q), .a_i(alu_x), .b_i('0), .y_o(sq_y));
  assign alu_y = take_in ? in_cat & fmask_q : take_sq ? sq_y : alu_x ^ konst;

  mccp_ecc_mul #(.MaxM(MaxM), .Digit(Digit), .Karatsuba(Karatsuba)) u_mul (
    .clk_i, .rst_ni,
    .start_i(mul_start), .field_i(field_q), .a_i(mul_a), .b_i(mul_b),
    .busy_o(mul_busy), .last_o(mul_last), .ending_o(mul_ending), .r_o(mul_r),
    .done_o(mul_done), .p_o(mul_p)
  );

  assign curve   = 3'(curve_q);
  assign field_q = mccp_ecc_curves_pkg::curve_field(curve);
  assign m_q     = mccp_ecc_curves_pkg::field_m(field_q);
  always_comb begin
    k_top  = 1'b0;
    k_mask = '0;
    for (int c = 0; c < NumOwn; c++) begin
      if (curve_q == OwnW'(c)) begin
        k_top  = k_q[mccp_ecc_curves_pkg::curve_n_bits(3'(c)) - 9'd1];
        k_mask = ones(mccp_ecc_curves_pkg::curve_n_bits(3'(c)));
      end
    end
  end
  assign fmask_q = ones(m_q);
  assign n_q     = MaxM'(mccp_ecc_curves_pkg::curve_const(curve, mccp_ecc_curves_pkg::CONST_N));
  assign words_q = (m_q > 9'd256) ? 2'd2 : 2'd1;
  assign konst   = MaxM'(mccp_ecc_curves_pkg::curve_const(curve, kidx));

  // ---- fetch ----------------------------------------------------------------
  // After this cycle's issue the window keeps what did not issue (nothing
  // after a taken branch); F looks up the words for its free places, from
  // fpc_q, or from the target of a taken cdbnz in the cdbnz's own cycle (any
  // other taken branch: its target in the next cycle).  Words enter in order
  // up to the first miss, whose line is requested, except in a cycle in which
  // a control transfer issues.
  always_comb begin
    if (taken || issue1) room = 2'(Slots);
    else if (issue0) room = 2'(Slots) - 2'(ir_valid_q[1]);
    else room = 2'(Slots) - 2'(ir_valid_q[0]) - 2'(ir_valid_q[1]);
  end
  assign look    = (state_q == StRun || state_q == StMulti) && fstate_q == FIdle && !end_now && room != '0
                   && !(taken && op != mccp_ecc_isa_pkg::OP_CDBNZ);
  // a taken cdbnz (slot 0; it never waits), without the pairing logic on this path
  logic loop_taken;
  assign loop_taken = state_q == StRun && ir_valid_q[0] && sdef[0] && sop[0] == mccp_ecc_isa_pkg::OP_CDBNZ
                      && cnt_q[sfa_l[0][1:0]] != 16'd1;
  assign look_pc = loop_taken ? PcW'(simm[0]) : fpc_q;

  for (genvar p = 0; p < Slots; p++) begin : g_look
    assign buf_pc[p] = look_pc + PcW'(p);
  end
  mccp_ecc_ibuf #(.McodeWords(McodeWords), .Lines(Lines), .LineWords(LineWords), .NumRead(Slots)) u_ibuf (
    .clk_i, .rst_ni,
    .flush_i,
    .pc_i(buf_pc), .hit_o(buf_hit), .insn_o(buf_insn),
    .fill_i(fill), .fill_pc_i(freq_pc_q), .fill_data_i(fetch_data_i)
  );
  assign hit_a  = buf_hit[0];
  assign hit_b  = buf_hit[Slots - 1] && DualIssue;
  assign load_a = look && hit_a;
  assign load_b = look && hit_a && hit_b && room == 2'd2;
  assign miss   = look && (!hit_a || (room == 2'd2 && !hit_b));
  assign miss_pc = hit_a ? look_pc + PcW'(1) : look_pc;

  assign fill         = fstate_q == FWait && fetch_rvalid_i;
  assign fetch_req_o  = (miss && !(issue && is_ctrl)) || fstate_q == FReq;
  assign fetch_line_o = LineAw'((fstate_q == FIdle ? miss_pc : freq_pc_q) >> $clog2(LineWords));

  // The window after this cycle: what issued leaves it, the looked-up words
  // enter behind what stays; fpc follows the last word in it.
  logic [1:0][31:0] ir_d;
  logic [1:0]       ir_valid_d;
  logic [PcW-1:0]   ir_pc_d, fpc_d;
  always_comb begin
    ir_d = ir_q; ir_valid_d = ir_valid_q; ir_pc_d = ir_pc_q; fpc_d = fpc_q;
    if (taken || issue1) begin
      ir_valid_d = '0;
    end else if (issue0) begin
      ir_d[0] = ir_q[1]; ir_valid_d = {1'b0, ir_valid_q[1]}; ir_pc_d = ir_pc_q + PcW'(1);
    end
    if (taken) fpc_d = branch_pc;
    if (load_a) begin
      if (ir_valid_d[0]) begin
        ir_d[1] = buf_insn[0]; ir_valid_d[1] = 1'b1;
      end else begin
        ir_d[0] = buf_insn[0]; ir_valid_d[0] = 1'b1; ir_pc_d = look_pc;
        if (load_b) begin ir_d[1] = buf_insn[Slots - 1]; ir_valid_d[1] = 1'b1; end
      end
      fpc_d = look_pc + PcW'(1) + PcW'(load_b);
    end
    ir_valid_d[1] = ir_valid_d[1] && DualIssue;
  end

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
  assign issue_in  = issue && !trap && (op == mccp_ecc_isa_pkg::OP_FIN || op == mccp_ecc_isa_pkg::OP_KIN);
  assign issue_out = issue && !trap && op == mccp_ecc_isa_pkg::OP_FOUT;
  assign need_word = issue_in || (state_q == StMulti && (multi_op_q == mccp_ecc_isa_pkg::OP_FIN || multi_op_q == mccp_ecc_isa_pkg::OP_KIN));
  assign in_trunc  = need_word && in_ended_q;
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
    if (issue && !trap) begin
      unique case (op)
        mccp_ecc_isa_pkg::OP_FADD, mccp_ecc_isa_pkg::OP_FSQR, mccp_ecc_isa_pkg::OP_FASQ,
        mccp_ecc_isa_pkg::OP_FSQRN, mccp_ecc_isa_pkg::OP_FMOV, mccp_ecc_isa_pkg::OP_FCONST,
        mccp_ecc_isa_pkg::OP_FSEL: we0 = 1'b1;
        default: ;
      endcase
    end
    if (state_q == StMulti && multi_op_q == mccp_ecc_isa_pkg::OP_FSQRN) begin
      we0 = 1'b1; waddr0 = multi_rd_q;
    end
    if (state_q == StMulti && multi_op_q == mccp_ecc_isa_pkg::OP_FIN && multi_last) begin
      we0 = 1'b1; waddr0 = multi_rd_q;
    end
  end

  // ---- input and output -------------------------------------------------------
  assign in_ready_o = (need_word && !in_ended_q) || (state_q == StDrain && !in_ended_q);
  assign out_we_o   = issue_out || (state_q == StMulti && multi_op_q == mccp_ecc_isa_pkg::OP_FOUT);
  // fout: word W-1 of fa in its issue cycle, then word multi_q - 1 of the same register
  logic [1:0] out_word;
  assign out_word = issue_out ? words_q : multi_q[1:0] - 2'd1;
  always_comb begin
    out_data_o = '0;
    for (int w = 0; w < WMax; w++) begin
      if (out_word == 2'(w)) out_data_o = 128'((WMax * 128)'(opa) >> (128 * w));
    end
  end
  // fin / kin: each word taken shifts into acc_q what of the element it can
  // still hold; what leaves its top (or of the last word, lies at or above m)
  // is >= 2^m and sets O.  A word taken at the issue follows no other; without
  // one, acc_q is cleared for the first.
  logic in_take, in_last_word, in_ovf;
  logic [MaxM-1:0] in_cat;
  assign in_take      = need_word && in_valid_i && !in_ended_q;
  assign in_last_word = state_q == StMulti && multi_q == 14'd1;
  assign in_cat       = {(state_q == StMulti) ? acc_q : AccW'(0), in_data_i};
  assign in_ovf       = (in_cat[MaxM-1:AccW] & ~(in_last_word ? fmask_q[MaxM-1:AccW] : 128'(0))) != '0;

  // ---- sequential -------------------------------------------------------------

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q <= StIdle;
      fstate_q <= FIdle;
      curve_q <= '0;
      status_q <= '0; in_ended_q <= 1'b0; cycle_q <= '0;
      fpc_q <= '0; ir_pc_q <= '0; freq_pc_q <= '0; ir_q <= '0; ir_valid_q <= '0;
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
      if (mul_start) begin mul_pend_q <= 1'b1; mul_rd_q <= mfd; end
      // a task ended by a trap or an abort leaves its product unwritten: it never lands
      // in the next task's registers (a new start abandons it in the multiplier)
      if (state_q == StDrain || state_q == StResult) mul_pend_q <= 1'b0;
      if (fstate_q == FIdle && fetch_req_o) freq_pc_q <= miss_pc;

      ir_q <= ir_d; ir_valid_q <= ir_valid_d; ir_pc_q <= ir_pc_d; fpc_q <= fpc_d;

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
            curve_q <= OwnW'(c);
            in_ended_q <= start_empty_i;
            cnt_q[0] <= 16'(c); cnt_q[1] <= 16'(f); cnt_q[2] <= 16'(mccp_ecc_curves_pkg::curve_n_bits(c));
            cnt_q[3] <= start_args_i[79:64];
            z_q <= 1'b0; o_q <= 1'b0; last_bit_q <= 1'b0; swap_q <= 1'b0; k_q <= start_key_i; sp_q <= '0;
            fpc_q <= PcW'(start_entry_i); ir_valid_q <= '0;
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
              mccp_ecc_isa_pkg::OP_FTZ: z_q <= opa == '0;
              mccp_ecc_isa_pkg::OP_KN: begin k_q <= n_q; last_bit_q <= 1'b0; end
              mccp_ecc_isa_pkg::OP_KBIT: begin
                logic b;
                b = k_top;
                k_q <= (k_q << 1) & k_mask;
                swap_q <= swap_q ^ b ^ last_bit_q;
                last_bit_q <= b;
              end
              mccp_ecc_isa_pkg::OP_SWCLR: begin swap_q <= 1'b0; last_bit_q <= 1'b0; end
              default: ;
            endcase
            if ((op == mccp_ecc_isa_pkg::OP_FSQRN || op == mccp_ecc_isa_pkg::OP_FIN || op == mccp_ecc_isa_pkg::OP_KIN || op == mccp_ecc_isa_pkg::OP_FOUT)) begin
              multi_op_q <= op; multi_rd_q <= (op == mccp_ecc_isa_pkg::OP_FOUT) ? fa : fd; multi_cycle_q <= cycle_q;
              multi_insn_q <= x_insn; multi_pc_q <= ir_pc_q;
              if (op == mccp_ecc_isa_pkg::OP_FSQRN) multi_q <= imm - 14'd1;
              else if (op == mccp_ecc_isa_pkg::OP_FOUT || in_valid_i) multi_q <= 14'(words_q);
              else multi_q <= 14'(words_q) + 14'd1;
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
            if (multi_q == 14'd1) begin
              state_q <= StRun;
              if (multi_op_q == mccp_ecc_isa_pkg::OP_KIN) begin
                k_q <= in_cat & fmask_q; last_bit_q <= 1'b0;
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
      if (in_take) begin
        acc_q <= in_cat[AccW-1:0];
        if (in_ovf) o_q <= 1'b1;
      end else if (issue_in) begin
        acc_q <= '0;                 // the first word comes after the issue
      end
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
    logic multi_done, multi_op0;
    // what slot x writes: a field register from the ALU, or a counter
    logic x_we, x_creg;
    logic [3:0] x_reg;
    logic [MaxM-1:0] x_data;
    assign multi_done = (state_q == StMulti && multi_q == 14'd1 && !(need_word && !in_valid_i) && !in_trunc)
                        || (issue && !trap && op == mccp_ecc_isa_pkg::OP_FSQRN && imm == 14'd1);
    assign multi_op0  = sop[0] == mccp_ecc_isa_pkg::OP_FSQRN || sop[0] == mccp_ecc_isa_pkg::OP_FIN
                        || sop[0] == mccp_ecc_isa_pkg::OP_KIN || sop[0] == mccp_ecc_isa_pkg::OP_FOUT;
    always_comb begin
      x_we   = we0;
      x_creg = 1'b0;
      x_reg  = fd;
      x_data = alu_y;
      if ((op == mccp_ecc_isa_pkg::OP_CDBNZ || op == mccp_ecc_isa_pkg::OP_CLI || op == mccp_ecc_isa_pkg::OP_CMOV)) begin
        x_we   = 1'b1;
        x_creg = 1'b1;
        x_reg  = (op == mccp_ecc_isa_pkg::OP_CDBNZ) ? fa_l : fd_l;
        x_data = MaxM'(16'(op == mccp_ecc_isa_pkg::OP_CDBNZ ? cnt_q[fa_l[1:0]] - 16'd1
                           : op == mccp_ecc_isa_pkg::OP_CLI ? 16'(imm) : cnt_q[fa_l[1:0]]));
      end
    end
    always_comb begin
      trace_valid_o = 1'b0;
      trace_cycle_o = cycle_q;
      trace_pc_o    = McAw'(ir_pc_q);
      trace_insn_o  = ir_q[0];
      trace_we_o    = 1'b0;
      trace_creg_o  = 1'b0;
      trace_reg_o   = sfd[0];
      trace_data_o  = alu_y;
      if (issue0 && !trap && !multi_op0) begin
        trace_valid_o = 1'b1;
        if (!xs) begin
          trace_we_o   = x_we;
          trace_creg_o = x_creg;
          trace_reg_o  = x_reg;
          trace_data_o = x_data;
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
    always_comb begin
      trace2_valid_o = issue1;
      trace2_pc_o    = McAw'(ir_pc_q + PcW'(1));
      trace2_insn_o  = ir_q[1];
      trace2_we_o    = 1'b0;
      trace2_creg_o  = 1'b0;
      trace2_reg_o   = sfd[1];
      trace2_data_o  = alu_y;
      if (xs) begin
        trace2_we_o   = x_we;
        trace2_creg_o = x_creg;
        trace2_reg_o  = x_reg;
        trace2_data_o = x_data;
      end
    end
    assign trace_wb_valid_o = mul_pend_q && mul_done;
    assign trace_wb_cycle_o = cycle_q;
    assign trace_wb_reg_o   = mul_rd_q;
    assign trace_wb_data_o  = mul_p;
  end else begin : g_no_trace
    logic unused_trace;   // the retire record's registers feed only the trace, as do the
                          // counter-number operands' upper bits and the multiplier's output
                          // register (products reach the register file from r_o)
    assign unused_trace  = ^{multi_cycle_q, multi_insn_q, fa_l[3:2], fd_l[3:2], mul_p};
    assign {trace_valid_o, trace_cycle_o, trace_pc_o, trace_insn_o, trace_we_o, trace_creg_o, trace_reg_o,
            trace_data_o} = '0;
    assign {trace2_valid_o, trace2_pc_o, trace2_insn_o, trace2_we_o, trace2_creg_o, trace2_reg_o,
            trace2_data_o} = '0;
    assign {trace_wb_valid_o, trace_wb_cycle_o, trace_wb_reg_o, trace_wb_data_o} = '0;
  end

endmodule
