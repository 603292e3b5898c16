// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// ARX element: paper 004's programmable processing element, widened to 128-bit
// vectors.  It runs firmware (src/mccp/isa/arx.yml) one 64-bit VLIW word a
// cycle: the word drives the vector ALU (mccp_arx_valu), the register file's
// three reads and two writes, the stream, the Poly1305 unit and the sequencer
// together.  Timing, which the ISS (mccp.iss.arx) follows cycle for cycle, and
// the task conventions: docs/arx.md.
//
// Two stages after the fetch.  Stage I: the instruction memory's read register
// is the instruction register; the instruction is decoded, its traps and
// waits decided, counters, control and the output budget done, its operands
// read (forwarded from stage X's writes of the same cycle) and registered; the
// next address (pc + 1, a branch target, the loop's start) is chosen from it,
// so a taken branch costs no cycle.  Stage X: the vector ALU, the register
// writes, the output word, the Poly1305 feed and key, the coefficient memory's
// read data.  To the firmware it is one instruction a cycle as before, but for
// a beq / bne right after a vcmp (a cycle more: E comes from stage X).  An
// instruction that waits (an input word, room in the Poly1305 queue) holds the
// read register; an output word without room holds both stages.
// The instruction memory is written through its own port whenever the host
// likes, also while a task runs (a new program streams in behind the fetch).
//
// Stream words are byte-reversed at the ports, so the firmware sees byte i of
// a word in bits [8i+7:8i] (little-endian lanes).  Results leave on out_* one
// word at a time (each of min(16, c7) bytes) and res_*; the slot buffers them.
module mccp_arx_pe #(
  parameter int ImemWords = 1024,
  parameter int CmemWords = 64,
  parameter int PolyQueue = 4,
  parameter bit PiPhi = 1'b1,         // pi-Cipher's phi instructions (pmu ... pnux); ILLEGAL without
  parameter bit TraceEnable = 1'b1,
  localparam int ImAw = $clog2(ImemWords),
  localparam int CmAw = $clog2(CmemWords)
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  // firmware: instruction and coefficient memory write ports
  input  logic              im_we_i,
  input  logic [ImAw-1:0]   im_waddr_i,
  input  logic [63:0]       im_wdata_i,
  input  logic              cm_we_i,
  input  logic [CmAw-1:0]   cm_waddr_i,
  input  logic [127:0]      cm_wdata_i,
  // task
  input  logic              start_valid_i,
  output logic              start_ready_o,
  input  logic [ImAw-1:0]   start_entry_i,
  input  logic [127:0]      start_args_i,     // words 0..3 ([127:96] first) -> c0..c3
  input  logic              start_empty_i,    // the packet has no body word
  input  logic [255:0]      start_key_i,      // the channel's key, byte i in bits [8i+7:8i]
  input  logic [5:0]        start_key_len_i,  // its length in bytes -> c4
  input  logic              in_valid_i,
  output logic              in_ready_o,
  input  logic [127:0]      in_data_i,
  input  logic              in_last_i,
  output logic              out_we_o,
  output logic [127:0]      out_data_o,
  output logic [4:0]        out_bytes_o,
  input  logic              out_space_i,
  output logic              res_valid_o,
  input  logic              res_ready_i,
  output logic [7:0]        res_status_o,
  output logic              busy_o,
  // the fabric's watchdog or host abort (held while the task runs): the task
  // ends with PARTNER (relabelled TIMEOUT / ABORTED) after draining its input
  input  logic              abort_i,
  // retire trace (TraceEnable): one event per instruction, in its last cycle
  output logic              trace_valid_o,
  output logic [31:0]       trace_cycle_o,
  output logic [ImAw-1:0]   trace_pc_o,
  output logic [63:0]       trace_insn_o,
  output logic              trace_we_o,       // the first write port wrote ...
  output logic              trace_creg_o,     // ... counter c<reg> (1) or vector register v<reg> (0)
  output logic [3:0]        trace_reg_o,
  output logic [127:0]      trace_data_o,
  output logic              trace2_we_o,      // the second write port (arx) wrote v<trace2_reg_o>
  output logic [3:0]        trace2_reg_o,
  output logic [127:0]      trace2_data_o
);

  localparam logic [4:0] Stream = 5'd31;
  localparam int PcW = ImAw + 1;      // one bit more: an address beyond the memory is ILLEGAL
  localparam int CallW = $clog2(mccp_arx_isa_pkg::CallDepth + 1);
  localparam int CallIdxW = (mccp_arx_isa_pkg::CallDepth > 1) ? $clog2(mccp_arx_isa_pkg::CallDepth) : 1;
  localparam int Budget = 7;          // c7: the output budget

  typedef enum logic [1:0] {StIdle, StRun, StDrain, StResult} state_e;

  function automatic logic [127:0] bswap128(input logic [127:0] x);
    for (int i = 0; i < 16; i++) bswap128[8*i +: 8] = x[8*(15-i) +: 8];
  endfunction

  // ---- state --------------------------------------------------------------------
  state_e            state_q;
  logic [PcW-1:0]    pc_q;                 // address of the word in the instruction register
  logic [31:0]       c_q [mccp_arx_isa_pkg::NumCregs];
  logic              e_q;                  // vcmp found equal
  logic [255:0]      key_q;
  logic [PcW-1:0]    calls_q [mccp_arx_isa_pkg::CallDepth];
  logic [CallW-1:0]  sp_q;
  logic              loop_q;               // a loop runs
  logic [PcW-1:0]    loop_start_q, loop_end_q;
  logic [31:0]       loop_left_q;          // iterations left, the running one included
  logic              in_ended_q;           // the packet's last word has been read
  logic [7:0]        status_q;
  logic [31:0]       cycle_q;

  // signals used before the logic that drives them
  logic            issue, start, poly_feed, poly_fin;
  logic [127:0]    valu_res1, valu_res2;

  // ---- fetch ----------------------------------------------------------------------
  logic [63:0]     ir;
  logic            fetch_re;
  logic [PcW-1:0]  fetch_addr;
  mccp_prim_ram_1w1r #(.Words(ImemWords), .Width(64)) u_imem (
    .clk_i,
    .we_i   (im_we_i),
    .waddr_i(im_waddr_i),
    .wdata_i(im_wdata_i),
    .re_i   (fetch_re),
    .raddr_i(fetch_addr[ImAw-1:0]),
    .rdata_o(ir)
  );

  // ---- decode -------------------------------------------------------------------
  logic [5:0]  op;
  logic [1:0]  w, xl, zl, pmode;
  logic [4:0]  rd, ra, rb, rc;
  logic [5:0]  rot;
  logic [23:0] imm;
  assign op    = ir[mccp_arx_isa_pkg::FieldOpMsb:mccp_arx_isa_pkg::FieldOpLsb];
  assign w     = ir[mccp_arx_isa_pkg::FieldWMsb:mccp_arx_isa_pkg::FieldWLsb];
  assign rd    = ir[mccp_arx_isa_pkg::FieldRdMsb:mccp_arx_isa_pkg::FieldRdLsb];
  assign ra    = ir[mccp_arx_isa_pkg::FieldRaMsb:mccp_arx_isa_pkg::FieldRaLsb];
  assign rb    = ir[mccp_arx_isa_pkg::FieldRbMsb:mccp_arx_isa_pkg::FieldRbLsb];
  assign rc    = ir[mccp_arx_isa_pkg::FieldRcMsb:mccp_arx_isa_pkg::FieldRcLsb];
  assign rot   = ir[mccp_arx_isa_pkg::FieldRotMsb:mccp_arx_isa_pkg::FieldRotLsb];
  assign xl    = ir[mccp_arx_isa_pkg::FieldXlMsb:mccp_arx_isa_pkg::FieldXlLsb];
  assign zl    = ir[mccp_arx_isa_pkg::FieldZlMsb:mccp_arx_isa_pkg::FieldZlLsb];
  assign pmode = ir[mccp_arx_isa_pkg::FieldPMsb:mccp_arx_isa_pkg::FieldPLsb];
  assign imm   = ir[mccp_arx_isa_pkg::FieldImmMsb:mccp_arx_isa_pkg::FieldImmLsb];

  logic alu_op, src_op, control;
  always_comb begin
    alu_op = 1'b0;
    unique case (op)
      mccp_arx_isa_pkg::OP_ADD, mccp_arx_isa_pkg::OP_SUB, mccp_arx_isa_pkg::OP_XOR, mccp_arx_isa_pkg::OP_AND, mccp_arx_isa_pkg::OP_OR, mccp_arx_isa_pkg::OP_ANDN, mccp_arx_isa_pkg::OP_MOV, mccp_arx_isa_pkg::OP_BSWAP: alu_op = 1'b1;
      default: ;
    endcase
    src_op = alu_op || op == mccp_arx_isa_pkg::OP_MST;    // the ops whose operand a may be `in`
    control = 1'b0;
    unique case (op)
      mccp_arx_isa_pkg::OP_DONE, mccp_arx_isa_pkg::OP_JMP, mccp_arx_isa_pkg::OP_CALL, mccp_arx_isa_pkg::OP_RET, mccp_arx_isa_pkg::OP_BZ, mccp_arx_isa_pkg::OP_BNZ, mccp_arx_isa_pkg::OP_BLT, mccp_arx_isa_pkg::OP_BEQ, mccp_arx_isa_pkg::OP_BNE, mccp_arx_isa_pkg::OP_LOOP: control = 1'b1;
      default: ;
    endcase
  end

  logic [31:0] ca, cb;                     // counters named by ra, rb
  assign ca = c_q[ra[2:0]];
  assign cb = c_q[rb[2:0]];

  // ---- register file ----------------------------------------------------------
  // Read in stage I (the instruction's operands, forwarded from stage X's writes of this
  // cycle), written in stage X.
  logic [2:0][3:0]   raddr;
  logic [2:0][127:0] rdata;
  logic              we0, we1;
  logic [3:0]        waddr0, waddr1;
  logic [127:0]      wdata0, wdata1;
  logic two_writes, pi_second;             // arx, swz, shar, pmux, pnux: write vx (rd) and vz (rc)
  assign pi_second  = op == mccp_arx_isa_pkg::OP_PMUX || op == mccp_arx_isa_pkg::OP_PNUX;   // these read va (ra), not vx
  assign two_writes = op == mccp_arx_isa_pkg::OP_ARX || op == mccp_arx_isa_pkg::OP_SWZ || op == mccp_arx_isa_pkg::OP_SHAR || pi_second;
  assign raddr[0] = ((two_writes && !pi_second) || op == mccp_arx_isa_pkg::OP_VINS) ? rd[3:0] : ra[3:0];
  assign raddr[1] = rb[3:0];
  assign raddr[2] = rc[3:0];
  mccp_prim_rf #(.NumRegs(mccp_arx_isa_pkg::NumVregs), .Width(mccp_arx_isa_pkg::VregBits), .NumRead(3), .NumWrite(2)) u_rf (
    .clk_i,
    .rst_ni,
    .clear_i (start),
    .raddr_i (raddr),
    .rdata_o (rdata),
    .we0_i   (we0),
    .waddr0_i(waddr0),
    .wdata0_i(wdata0),
    .we1_i   (we1),
    .waddr1_i(waddr1),
    .wdata1_i(wdata1)
  );

  // operand p of the instruction in stage I, with what stage X writes to it in this cycle
  function automatic logic [127:0] forward(input logic [3:0] r, input logic [127:0] d, input logic w0,
                                           input logic [3:0] a0, input logic [127:0] d0, input logic w1,
                                           input logic [3:0] a1, input logic [127:0] d1);
    forward = (w0 && a0 == r) ? d0 : (w1 && a1 == r) ? d1 : d;
  endfunction

  // ---- message memory: gathered in stage I (operand b of madd, msch), written in stage X
  logic [3:0][4:0] m_raddr;
  logic [127:0]    m_rdata;
  logic            m_we;
  logic [2:0]      m_wrow;
  logic [3:0]      m_wmask;
  logic [127:0]    m_wdata;
  logic [3:0][4:0] g;                      // the gather fields: word indices, or msig's positions
  assign g = {imm[mccp_arx_isa_pkg::FieldG3Msb:mccp_arx_isa_pkg::FieldG3Lsb],
              imm[mccp_arx_isa_pkg::FieldG2Msb:mccp_arx_isa_pkg::FieldG2Lsb],
              imm[mccp_arx_isa_pkg::FieldG1Msb:mccp_arx_isa_pkg::FieldG1Lsb],
              imm[mccp_arx_isa_pkg::FieldG0Msb:mccp_arx_isa_pkg::FieldG0Lsb]};
  // msig: the words at positions g of BLAKE2's sigma row cb (a 64-bit lane's two words)
  logic [63:0] sig_row;
  assign sig_row = mccp_arx_isa_pkg::blake2_sigma(cb[3:0]);
  always_comb begin
    for (int j = 0; j < 4; j++) begin
      if (op != mccp_arx_isa_pkg::OP_MSIG) m_raddr[j] = g[j];
      else if (w == 2'd2) m_raddr[j] = {sig_row[4*g[j/2][3:0] +: 4], 1'(j % 2)};
      else m_raddr[j] = {1'b0, sig_row[4*g[j][3:0] +: 4]};
    end
  end
  mccp_arx_msgmem u_msg (
    .clk_i,
    .rst_ni,
    .clear_i(start),
    .we_i   (m_we),
    .wrow_i (m_wrow),
    .wmask_i(m_wmask),
    .wdata_i(m_wdata),
    .raddr_i(m_raddr),
    .rdata_o(m_rdata)
  );

  logic uses_in, gathers;
  logic [2:0][127:0] opnd;
  assign uses_in = src_op && ra == Stream;
  assign opnd[0] = uses_in ? bswap128(in_data_i) : forward(raddr[0], rdata[0], we0, waddr0, wdata0, we1, waddr1, wdata1);
  assign gathers = op == mccp_arx_isa_pkg::OP_MADD || op == mccp_arx_isa_pkg::OP_MSIG || op == mccp_arx_isa_pkg::OP_MSCH;
  assign opnd[1] = gathers ? m_rdata : forward(raddr[1], rdata[1], we0, waddr0, wdata0, we1, waddr1, wdata1);
  assign opnd[2] = forward(raddr[2], rdata[2], we0, waddr0, wdata0, we1, waddr1, wdata1);

  // ---- coefficient memory: addressed in stage I, read data in stage X ------------------
  logic [31:0]  cm_addr;
  logic [127:0] cm_rdata;
  assign cm_addr = 32'(imm) + ((op == mccp_arx_isa_pkg::OP_LDCX) ? ca : 32'd0);
  mccp_prim_ram_1w1r #(.Words(CmemWords), .Width(128)) u_cmem (
    .clk_i,
    .we_i   (cm_we_i),
    .waddr_i(cm_waddr_i),
    .wdata_i(cm_wdata_i),
    .re_i   (1'b1),
    .raddr_i(cm_addr[CmAw-1:0]),
    .rdata_o(cm_rdata)
  );

  // ---- stage X: the instruction issued in the cycle before ---------------------------
  typedef enum logic [1:0] {SrcValu, SrcCmem, SrcKey, SrcTag} src_e;
  logic          x_valid_q, x_we0_q, x_we1_q, x_out_q, x_feed_q, x_pkey_q, x_vcmp_q, x_khalf_q;
  logic          x_mst_q, x_msch_q;
  logic [4:0]    x_mword_q;                 // mst: row k as word 4k; msch: word k
  logic [5:0]    x_op_q, x_rot_q;
  logic [1:0]    x_w_q, x_xl_q, x_zl_q, x_pmode_q;
  src_e          x_src_q;
  logic [2:0]    x_lane_q;
  logic [31:0]   x_cval_q;
  logic [3:0]    x_rd_q, x_rc_q;
  logic [4:0]    x_bytes_q;
  logic [127:0]  xa_q, xb_q, xc_q;
  // the retire trace, one event per instruction from stage X
  logic [31:0]   x_cycle_q, x_cdata_q;
  logic [ImAw-1:0] x_pc_q;
  logic [63:0]   x_insn_q;
  logic          x_cwe_q;
  logic [2:0]    x_creg_q;

  logic         valu_eq;
  logic [31:0]  valu_sched;
  mccp_arx_valu #(
    .PiPhi (PiPhi)
  ) u_valu (
    .op_i  (x_op_q),
    .w_i   (x_w_q),
    .rot_i (x_rot_q),
    .xl_i  (x_xl_q),
    .zl_i  (x_zl_q),
    .lane_i(x_lane_q),
    .cval_i(x_cval_q),
    .a_i   (xa_q),
    .b_i   (xb_q),
    .c_i   (xc_q),
    .res1_o(valu_res1),
    .res2_o(valu_res2),
    .eq_o  (valu_eq),
    .sched_o(valu_sched)
  );

  // stage X waits (and stage I with it) while its output word finds no room
  logic x_stall, x_go;
  assign x_stall = x_valid_q && x_out_q && !out_space_i;
  assign x_go    = x_valid_q && !x_stall;

  logic poly_room, poly_idle, poly_tag_valid;
  logic [127:0] poly_tag;
  always_comb begin
    unique case (x_src_q)
      SrcCmem: wdata0 = cm_rdata;
      SrcKey:  wdata0 = x_khalf_q ? key_q[255:128] : key_q[127:0];
      SrcTag:  wdata0 = poly_tag;
      default: wdata0 = valu_res1;
    endcase
  end
  assign wdata1 = valu_res2;

  assign m_we    = x_go && (x_mst_q || x_msch_q);
  assign m_wrow  = x_mword_q[4:2];
  assign m_wmask = x_mst_q ? 4'b1111 : 4'(1) << x_mword_q[1:0];
  assign m_wdata = x_mst_q ? xa_q : {4{valu_sched}};
  assign we0    = x_go && x_we0_q;
  assign we1    = x_go && x_we1_q;
  assign waddr0 = x_rd_q;
  assign waddr1 = x_rc_q;

  // an output word carries its first min(16, c7) bytes (counted in stage I), the others zero
  // (no byte beyond a message -- keystream, say -- leaves in a word's padding)
  logic [127:0] out_keep;
  always_comb begin
    for (int i = 0; i < 16; i++) out_keep[8*i +: 8] = {8{x_bytes_q > 5'(i)}};
  end
  assign out_we_o    = x_go && x_out_q;
  assign out_bytes_o = x_bytes_q;
  assign out_data_o  = bswap128(wdata0 & out_keep);

  // ---- Poly1305: fed and keyed from stage X ------------------------------------------------
  mccp_arx_poly1305 #(.Queue(PolyQueue)) u_poly (
    .clk_i,
    .rst_ni,
    .clear_i    (start),
    .key_we_i   (x_go && x_pkey_q),
    .key_r_i    (xa_q),
    .key_s_i    (xb_q),
    .feed_i     (poly_feed),
    .block_i    ((x_pmode_q == 2'd1) ? valu_res1 : xa_q),
    .room_o     (poly_room),
    .idle_o     (poly_idle),
    .fin_i      (poly_fin),
    .tag_valid_o(poly_tag_valid),
    .tag_o      (poly_tag)
  );
  assign poly_feed = x_go && x_feed_q;

  // ---- stage I: waits and traps --------------------------------------------------------
  logic writes_out, dest_vec;
  assign dest_vec   = alu_op || op == mccp_arx_isa_pkg::OP_PFIN;        // ops whose vd may be `out`
  assign writes_out = dest_vec && rd == Stream;

  // waits for the Poly1305 unit come first (the ISS: a wait, then the instruction's traps);
  // the unit's room and idle count the block stage X feeds in this cycle
  logic poly_wait;
  assign poly_wait = (alu_op && pmode != 2'd0 && !poly_room)
                     || ((op == mccp_arx_isa_pkg::OP_PFIN || op == mccp_arx_isa_pkg::OP_PKEY || op == mccp_arx_isa_pkg::OP_DONE) && !poly_idle);
  // targets beyond the memory keep their top bit set: executing there is ILLEGAL
  logic [PcW-1:0] pc1, target;
  assign pc1    = pc_q + PcW'(1);
  assign target = {imm[23:ImAw] != '0, imm[ImAw-1:0]};
  logic bad_word, bad_run, trunc;
  assign bad_word = !mccp_arx_isa_pkg::insn_defined(ir) || pc_q[ImAw];
  always_comb begin
    bad_run = loop_q && control;
    unique case (op)
      mccp_arx_isa_pkg::OP_CALL: if (32'(sp_q) >= mccp_arx_isa_pkg::CallDepth) bad_run = 1'b1;
      mccp_arx_isa_pkg::OP_RET:  if (sp_q == '0) bad_run = 1'b1;
      mccp_arx_isa_pkg::OP_LOOP: if (target <= pc_q) bad_run = 1'b1;
      mccp_arx_isa_pkg::OP_ARX, mccp_arx_isa_pkg::OP_SWZ, mccp_arx_isa_pkg::OP_SHAR, mccp_arx_isa_pkg::OP_PMUX, mccp_arx_isa_pkg::OP_PNUX: if (rd == rc) bad_run = 1'b1;
      mccp_arx_isa_pkg::OP_VINS: if ((w == 2'd0 && imm[2]) || (w == 2'd2 && imm[2:1] != 2'b00)) bad_run = 1'b1;
      mccp_arx_isa_pkg::OP_LDC, mccp_arx_isa_pkg::OP_LDCX: if (cm_addr >= 32'(CmemWords)) bad_run = 1'b1;
      default: ;
    endcase
    // an element built without pi-Cipher's phi has none of its six instructions
    if (!PiPhi && (op == mccp_arx_isa_pkg::OP_PMU || op == mccp_arx_isa_pkg::OP_PNU ||
                   op == mccp_arx_isa_pkg::OP_PMUT || op == mccp_arx_isa_pkg::OP_PNUT ||
                   op == mccp_arx_isa_pkg::OP_PMUX || op == mccp_arx_isa_pkg::OP_PNUX)) bad_run = 1'b1;
  end
  assign trunc = uses_in && in_ended_q;

  logic running, trap, waits;
  assign running = state_q == StRun && !abort_i;
  assign trap    = running && (bad_word || (!poly_wait && (bad_run || trunc)));
  assign waits   = poly_wait
                   || x_stall
                   || (uses_in && !in_valid_i)
                   || (op == mccp_arx_isa_pkg::OP_PFIN && !poly_tag_valid)
                   // E is written by a vcmp in stage X: a branch on it waits a cycle
                   || ((op == mccp_arx_isa_pkg::OP_BEQ || op == mccp_arx_isa_pkg::OP_BNE) && x_valid_q && x_vcmp_q);
  // issue: the instruction leaves stage I (to stage X) in this cycle
  assign issue   = running && !trap && !waits;
  assign poly_fin = running && !bad_word && op == mccp_arx_isa_pkg::OP_PFIN && !poly_tag_valid;

  // the output budget: an output word takes min(16, c7) bytes, counted here
  logic [4:0] out_bytes;
  assign out_bytes = (c_q[Budget] >= 32'd16) ? 5'd16 : c_q[Budget][4:0];

  // counter writes
  logic        cwe;
  logic [31:0] cwdata;
  always_comb begin
    cwe = issue;
    cwdata = '0;
    unique case (op)
      mccp_arx_isa_pkg::OP_CLI:  cwdata = 32'(imm[15:0]);
      mccp_arx_isa_pkg::OP_CADD: cwdata = ca + {{16{imm[15]}}, imm[15:0]};
      mccp_arx_isa_pkg::OP_CSUB: cwdata = ca - cb;
      mccp_arx_isa_pkg::OP_CSHR: cwdata = (imm[15:0] >= 16'd32) ? 32'd0 : ca >> imm[4:0];
      mccp_arx_isa_pkg::OP_CAND: cwdata = ca & 32'(imm[15:0]);
      mccp_arx_isa_pkg::OP_CMIN: cwdata = (ca < 32'(imm[15:0])) ? ca : 32'(imm[15:0]);
      default: cwe = 1'b0;
    endcase
  end

  // ---- next address -------------------------------------------------------------------
  logic            taken;
  always_comb begin
    taken = 1'b0;
    unique case (op)
      mccp_arx_isa_pkg::OP_JMP, mccp_arx_isa_pkg::OP_CALL: taken = 1'b1;
      mccp_arx_isa_pkg::OP_BZ:   taken = ca == 32'd0;
      mccp_arx_isa_pkg::OP_BNZ:  taken = ca != 32'd0;
      mccp_arx_isa_pkg::OP_BLT:  taken = ca < cb;
      mccp_arx_isa_pkg::OP_BEQ:  taken = e_q;
      mccp_arx_isa_pkg::OP_BNE:  taken = !e_q;
      default: ;
    endcase
  end
  logic loop_back;
  assign loop_back = loop_q && pc_q == loop_end_q && loop_left_q != 32'd1;
  always_comb begin
    if (state_q != StRun) fetch_addr = PcW'(start_entry_i);
    else if (op == mccp_arx_isa_pkg::OP_RET) fetch_addr = calls_q[CallIdxW'(sp_q - CallW'(1))];
    else if (op == mccp_arx_isa_pkg::OP_LOOP && ca == 32'd0) fetch_addr = target + PcW'(1);
    else if (taken) fetch_addr = target;
    else if (loop_back) fetch_addr = loop_start_q;
    else fetch_addr = pc1;
  end
  assign start    = state_q == StIdle && start_valid_i;
  assign fetch_re = start || issue;

  // ---- end of the task ------------------------------------------------------------
  logic       end_now;
  logic [7:0] end_status;
  assign end_now = trap || (issue && op == mccp_arx_isa_pkg::OP_DONE);
  always_comb begin
    end_status = imm[7:0];
    if (trap) end_status = (bad_word || bad_run) ? mccp_arx_isa_pkg::STATUS_ILLEGAL : mccp_arx_isa_pkg::STATUS_TRUNCATED;
    else if (end_status == mccp_arx_isa_pkg::STATUS_OK && !in_ended_q) end_status = mccp_arx_isa_pkg::STATUS_LENGTH;
  end

  assign in_ready_o = (issue && uses_in) || (state_q == StDrain && !in_ended_q);

  // vector results of the instruction issued: written by stage X in the next cycle
  logic i_we0;
  assign i_we0 = rd != Stream && (alu_op || two_writes || op == mccp_arx_isa_pkg::OP_VINS || op == mccp_arx_isa_pkg::OP_VMASK ||
                                  op == mccp_arx_isa_pkg::OP_LDC || op == mccp_arx_isa_pkg::OP_LDCX || op == mccp_arx_isa_pkg::OP_KEY || op == mccp_arx_isa_pkg::OP_PFIN ||
                                  op == mccp_arx_isa_pkg::OP_MADD || op == mccp_arx_isa_pkg::OP_MSIG || op == mccp_arx_isa_pkg::OP_PMU || op == mccp_arx_isa_pkg::OP_PNU ||
                                  op == mccp_arx_isa_pkg::OP_PMUT || op == mccp_arx_isa_pkg::OP_PNUT);

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      x_valid_q <= 1'b0; x_we0_q <= 1'b0; x_we1_q <= 1'b0; x_out_q <= 1'b0; x_feed_q <= 1'b0;
      x_mst_q <= 1'b0; x_msch_q <= 1'b0; x_mword_q <= '0;
      x_pkey_q <= 1'b0; x_vcmp_q <= 1'b0; x_khalf_q <= 1'b0; x_op_q <= '0; x_rot_q <= '0; x_w_q <= '0;
      x_xl_q <= '0; x_zl_q <= '0; x_pmode_q <= '0; x_src_q <= SrcValu; x_lane_q <= '0; x_cval_q <= '0;
      x_rd_q <= '0; x_rc_q <= '0; x_bytes_q <= '0; xa_q <= '0; xb_q <= '0; xc_q <= '0;
      x_cycle_q <= '0; x_cdata_q <= '0; x_pc_q <= '0; x_insn_q <= '0; x_cwe_q <= 1'b0; x_creg_q <= '0;
    end else if (!x_stall) begin
      x_valid_q <= issue;
      if (issue) begin
        x_op_q    <= op;
        x_w_q     <= w;
        x_rot_q   <= rot;
        x_xl_q    <= xl;
        x_zl_q    <= zl;
        x_pmode_q <= pmode;
        x_lane_q  <= imm[2:0];
        x_cval_q  <= ca;
        x_rd_q    <= rd[3:0];
        x_rc_q    <= rc[3:0];
        x_we0_q   <= i_we0;
        x_we1_q   <= two_writes;
        x_mst_q   <= op == mccp_arx_isa_pkg::OP_MST;
        x_msch_q  <= op == mccp_arx_isa_pkg::OP_MSCH;
        x_mword_q <= (op == mccp_arx_isa_pkg::OP_MST) ? {imm[2:0], 2'b00} : rd;
        x_out_q   <= writes_out && out_bytes != '0;
        x_bytes_q <= out_bytes;
        x_feed_q  <= alu_op && pmode != 2'd0;
        x_pkey_q  <= op == mccp_arx_isa_pkg::OP_PKEY;
        x_vcmp_q  <= op == mccp_arx_isa_pkg::OP_VCMP;
        x_khalf_q <= imm[0];
        x_src_q   <= (op == mccp_arx_isa_pkg::OP_LDC || op == mccp_arx_isa_pkg::OP_LDCX) ? SrcCmem : (op == mccp_arx_isa_pkg::OP_KEY) ? SrcKey :
                     (op == mccp_arx_isa_pkg::OP_PFIN) ? SrcTag : SrcValu;
        xa_q      <= opnd[0];
        xb_q      <= opnd[1];
        xc_q      <= opnd[2];
        x_cycle_q <= cycle_q;
        x_pc_q    <= pc_q[ImAw-1:0];
        x_insn_q  <= ir;
        x_cwe_q   <= cwe;
        x_creg_q  <= rd[2:0];
        x_cdata_q <= cwdata;
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q <= StIdle;
      pc_q <= '0;
      for (int i = 0; i < mccp_arx_isa_pkg::NumCregs; i++) c_q[i] <= '0;
      e_q <= 1'b0; key_q <= '0;
      for (int i = 0; i < mccp_arx_isa_pkg::CallDepth; i++) calls_q[i] <= '0;
      sp_q <= '0;
      loop_q <= 1'b0; loop_start_q <= '0; loop_end_q <= '0; loop_left_q <= '0;
      in_ended_q <= 1'b0; status_q <= '0; cycle_q <= '0;
    end else begin
      cycle_q <= cycle_q + 32'd1;
      if (in_valid_i && in_ready_o && in_last_i) in_ended_q <= 1'b1;
      if (fetch_re) pc_q <= fetch_addr;
      if (x_go && x_vcmp_q) e_q <= valu_eq;
      unique case (state_q)
        StIdle: begin
          if (start_valid_i) begin
            cycle_q <= 32'd1;
            for (int i = 0; i < mccp_arx_isa_pkg::NumCregs; i++) c_q[i] <= (i < 4) ? start_args_i[127 - 32 * i -: 32] : 32'd0;
            c_q[4] <= 32'(start_key_len_i);
            e_q <= 1'b0; key_q <= start_key_i; sp_q <= '0; loop_q <= 1'b0;
            in_ended_q <= start_empty_i;
            state_q <= StRun;
          end
        end
        StRun: begin
          if (issue) begin
            if (cwe) c_q[rd[2:0]] <= cwdata;
            if (writes_out) c_q[Budget] <= c_q[Budget] - 32'(out_bytes);
            if (op == mccp_arx_isa_pkg::OP_CALL) begin
              calls_q[CallIdxW'(sp_q)] <= pc1;
              sp_q <= sp_q + CallW'(1);
            end
            if (op == mccp_arx_isa_pkg::OP_RET) sp_q <= sp_q - CallW'(1);
            if (op == mccp_arx_isa_pkg::OP_LOOP && ca != 32'd0) begin
              loop_q <= 1'b1; loop_start_q <= pc1; loop_end_q <= target; loop_left_q <= ca;
            end else if (loop_q && pc_q == loop_end_q) begin
              loop_left_q <= loop_left_q - 32'd1;
              if (loop_left_q == 32'd1) loop_q <= 1'b0;
            end
          end
          if (end_now) begin
            status_q <= end_status;
            state_q <= in_ended_q ? StResult : StDrain;
          end
          if (state_q == StRun && abort_i) begin
            status_q <= mccp_arx_isa_pkg::STATUS_PARTNER;
            state_q  <= StDrain;
          end
        end
        StDrain: begin
          if (in_ended_q || (in_valid_i && in_last_i)) state_q <= StResult;
        end
        StResult: begin
          key_q <= '0;           // no key outlives its task (stage X holds at most the done)
          if (res_ready_i) state_q <= StIdle;
        end
        default: state_q <= StIdle;
      endcase
    end
  end

  assign start_ready_o = state_q == StIdle;
  assign res_valid_o   = state_q == StResult;
  assign res_status_o  = status_q;
  assign busy_o        = state_q != StIdle;

  // ---- trace ------------------------------------------------------------------------
  if (TraceEnable) begin : g_trace
    assign trace_valid_o = x_go;
    assign trace_cycle_o = x_cycle_q;
    assign trace_pc_o    = x_pc_q;
    assign trace_insn_o  = x_insn_q;
    assign trace_we_o    = we0 || x_cwe_q;
    assign trace_creg_o  = x_cwe_q;
    assign trace_reg_o   = x_cwe_q ? {1'b0, x_creg_q} : x_rd_q;
    assign trace_data_o  = x_cwe_q ? 128'(x_cdata_q) : wdata0;
    assign trace2_we_o   = we1;
    assign trace2_reg_o  = x_rc_q;
    assign trace2_data_o = wdata1;
  end else begin : g_no_trace
    assign trace_valid_o = 1'b0;
    assign trace_cycle_o = '0;
    assign trace_pc_o    = '0;
    assign trace_insn_o  = '0;
    assign trace_we_o    = 1'b0;
    assign trace_creg_o  = 1'b0;
    assign trace_reg_o   = '0;
    assign trace_data_o  = '0;
    assign trace2_we_o   = 1'b0;
    assign trace2_reg_o  = '0;
    assign trace2_data_o = '0;
    logic unused_trace;
    assign unused_trace = ^{x_cycle_q, x_pc_q, x_insn_q, x_cwe_q, x_creg_q, x_cdata_q};
  end

  logic unused;
  assign unused = ^{imm[23:20], rb[4], rc[4], ra[4:3]};

endmodule
