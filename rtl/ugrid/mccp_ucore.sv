// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// One micro-core of the grid (docs/ugrid.md "A core"): eight 8-bit registers,
// four output registers (one per side: e, w, n, s), a 64-byte memory, a table
// of LutPages pages of 256 bytes and a sticky ILLEGAL flag.  In a cycle with
// exec_i it runs the control word in cw_q (src/mccp/isa/ugrid.yml); every read
// sees the state at the start of the cycle, every write lands at its end.
//
// Memories, one of each per core:
// - instruction memory: LUT RAM read asynchronously at the sequencer's
//   fetch address, registered into cw_q.  The asynchronous read is what the
//   table needs: the next word is known in the cycle before it runs.
// - table: block RAM (mccp_prim_ram_1w1r, a synchronous read).  Its address
//   for the next word is formed in the cycle before: that word's page and the
//   next value of its rb (this cycle's writes and the start's clear
//   forwarded), so the byte is in the read register when the word runs.  A
//   held cycle (no step_i) keeps the read register, as it keeps everything.
// - memory: 64 bytes in LUT RAM (memr reads it in the cycle).
// The host writes all three through the configuration port while the grid is
// idle; a write in a run or in its start cycle is not ordered with the run.
//
// Laid out for area and the table's loop on ECP5 (with eight flip-flop
// registers, three 8:1 read multiplexers and two incrementers, the unit
// ugrid_core took 742 LUT4 instead of 551 and ran at 81 instead of 92 MHz):
// - r0-r6 in LUT RAM (DPR16X4, two per copy), one copy per read port (rb, ra,
//   the table's look-ahead, and with DebugEnable the debug read), each
//   register with a valid bit: the start clears the valid bits, and a register
//   whose bit is clear reads 0.  r0-r6 take at most one write a cycle.
// - r7 in flip-flops: memw and memr step it beside another register's write.
// - One incrementer serves inc, dec and both steps of r7 (see ra below).
// - The table's byte joins the value written and the look-ahead last (the
//   keep attributes hold that structure through ABC), so a look-up reading
//   the register the previous look-up wrote (block RAM output to block RAM
//   address) has one LUT between the two.

module mccp_ucore #(
  parameter int ImemDepth = 256,
  parameter int LutPages = 4,
  parameter bit DebugEnable = 1'b1,
  localparam int ImAw = $clog2(ImemDepth),
  localparam int LutAw = $clog2(LutPages * 256),
  localparam int CfgAw = (ImAw > LutAw) ? ImAw : LutAw   // the memory's 6 bits are always fewer
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  // sequencer (mccp_ugrid_seq)
  input  logic             clear_i,       // a run starts: registers, outputs, ILLEGAL cleared
  input  logic             step_i,        // take the word at fetch_addr_i for the next cycle
  input  logic             exec_i,        // run the word in cw_q in this cycle
  input  logic [ImAw-1:0]  fetch_addr_i,
  // configuration writes (this core selected)
  input  logic             cfg_imem_we_i,
  input  logic             cfg_lut_we_i,
  input  logic             cfg_mem_we_i,
  input  logic [CfgAw-1:0] cfg_addr_i,
  input  logic [10:0]      cfg_data_i,
  // neighbours: [side] with e = 0, w = 1, n = 2, s = 3
  input  logic [3:0][7:0]  in_i,          // the byte arriving from each side (across a ring)
  input  logic [3:0][7:0]  ein_i,         // ... over the physical link (ein)
  output logic [3:0][7:0]  out_o,         // the output register of each side
  output logic             illegal_o,
  // debug read (DebugEnable): 0 register, 1 output register, 2 memory byte, 3 ILLEGAL
  input  logic [1:0]       dbg_sel_i,
  input  logic [5:0]       dbg_addr_i,
  output logic [7:0]       dbg_data_o
);

  // ---- instruction memory ------------------------------------------------------------
  logic [10:0] imem [ImemDepth];
  logic [10:0] cw_next, cw_q;
  always_ff @(posedge clk_i) begin
    if (cfg_imem_we_i) imem[cfg_addr_i[ImAw-1:0]] <= cfg_data_i;
  end
  assign cw_next = imem[fetch_addr_i];

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) cw_q <= '0;
    else if (step_i) cw_q <= cw_next;
  end

  // ---- decode ------------------------------------------------------------------------
  mccp_ugrid_isa_pkg::opcode_e op;
  logic [2:0] fc, fb, fa;
  logic [1:0] fd;
  assign op = mccp_ugrid_isa_pkg::decode(cw_q);
  assign fc = cw_q[mccp_ugrid_isa_pkg::FieldCMsb:mccp_ugrid_isa_pkg::FieldCLsb];
  assign fb = cw_q[mccp_ugrid_isa_pkg::FieldBMsb:mccp_ugrid_isa_pkg::FieldBLsb];
  assign fa = cw_q[mccp_ugrid_isa_pkg::FieldAMsb:mccp_ugrid_isa_pkg::FieldALsb];
  assign fd = cw_q[mccp_ugrid_isa_pkg::FieldDMsb:mccp_ugrid_isa_pkg::FieldDLsb];

  // A look-up's page from its sub-code (lut 000, lut1 001, lut2 010, lut3 101);
  // meaningless for other words, which do not use it.
  function automatic logic [1:0] lut_page(input logic [2:0] sub);
    lut_page = {sub[2] | sub[1], sub[0]};
  endfunction

  logic [1:0] page;
  logic       page_ok;                  // a page this core was built with
  assign page    = lut_page(cw_q[2:0]);
  assign page_ok = LutPages == 4 || (LutPages == 2 && !page[1]) || page == 2'd0;

  // ---- state -------------------------------------------------------------------------
  logic [7:0]      rf [8];              // r0-r6 (rf[7] is never used)
  logic [6:0]      v_q;                 // r0-r6 hold a value written in this run
  logic [7:0]      valid;
  logic [7:0]      r7_q;
  logic [3:0][7:0] out_q;
  logic            illegal_q;
  logic [7:0]      mem [64];
  logic [7:0]      lut_rdata, mem_rdata;

  assign valid = {1'b0, v_q};

  // a register's value at the start of the cycle
  function automatic logic [7:0] reg_value(input logic [2:0] idx);
    if (idx == 3'd7) reg_value = r7_q;
    else reg_value = valid[idx] ? rf[idx] : 8'd0;
  endfunction

  // ra reads fb for memr (which reads no fa), so that one incrementer serves inc,
  // dec and both steps of r7: memw's r7 + 1 is ra + 1 (fa = 7), memr's r7 - 1 is
  // ra - 1 (fb = 7).
  logic       is_memr, add_dec;
  logic [2:0] fa_rd;
  logic [7:0] rb, ra, in_d, ein_d, add_val;
  assign is_memr   = op == mccp_ugrid_isa_pkg::OP_MEMR;
  assign fa_rd     = is_memr ? fb : fa;
  assign rb        = reg_value(fb);
  assign ra        = reg_value(fa_rd);
  assign in_d      = in_i[fd];
  assign ein_d     = ein_i[fd];
  assign mem_rdata = mem[rb[5:0]];
  assign add_dec   = is_memr || op == mccp_ugrid_isa_pkg::OP_DEC;
  assign add_val   = ra + (add_dec ? 8'hff : 8'h01);

  // ---- execute: one register write (widx), r7's address step, outputs, memory --------
  // wval_nl: the value written but for the table's byte (a look-up's), joined last
  logic       we, r7_we, mem_we, bad, is_lut;
  logic [2:0] widx;
  (* keep *) logic [7:0] wval_nl;
  logic [7:0] wval;
  logic [3:0] out_we;
  always_comb begin
    we      = 1'b1;
    widx    = fc;
    wval_nl = '0;
    is_lut  = 1'b0;
    r7_we   = 1'b0;
    mem_we  = 1'b0;
    out_we  = '0;
    bad     = 1'b0;
    unique case (op)
      mccp_ugrid_isa_pkg::OP_AND:   wval_nl = rb & ra;
      mccp_ugrid_isa_pkg::OP_XOR:   wval_nl = rb ^ ra;
      mccp_ugrid_isa_pkg::OP_LUT, mccp_ugrid_isa_pkg::OP_LUT1,
      mccp_ugrid_isa_pkg::OP_LUT2, mccp_ugrid_isa_pkg::OP_LUT3: begin
        is_lut = 1'b1;
        we     = page_ok;
        bad    = !page_ok;
      end
      mccp_ugrid_isa_pkg::OP_SHL:   wval_nl = {rb[6:0], 1'b0};
      mccp_ugrid_isa_pkg::OP_SHR:   wval_nl = {1'b0, rb[7:1]};
      mccp_ugrid_isa_pkg::OP_XTIME: wval_nl = {rb[6:0], 1'b0} ^ (rb[7] ? 8'h1b : 8'h00);
      mccp_ugrid_isa_pkg::OP_IN: begin
        widx    = fb;
        wval_nl = in_d;
      end
      mccp_ugrid_isa_pkg::OP_EIN: begin
        widx    = fb;
        wval_nl = ein_d;
      end
      mccp_ugrid_isa_pkg::OP_XIN: begin
        widx    = fb;
        wval_nl = rb ^ in_d;
      end
      mccp_ugrid_isa_pkg::OP_OUT: begin
        we         = 1'b0;
        out_we[fd] = 1'b1;
      end
      mccp_ugrid_isa_pkg::OP_OUTA: begin
        we     = 1'b0;
        out_we = '1;
      end
      mccp_ugrid_isa_pkg::OP_MEMW: begin
        we     = 1'b0;
        mem_we = 1'b1;
        r7_we  = fa == 3'd7;
      end
      mccp_ugrid_isa_pkg::OP_MOV: begin
        widx    = fb;
        wval_nl = ra;
      end
      // r7 as the address and the destination: the write below takes priority
      mccp_ugrid_isa_pkg::OP_MEMR: begin
        widx    = fa;
        wval_nl = mem_rdata;
        r7_we   = fb == 3'd7;
      end
      mccp_ugrid_isa_pkg::OP_NOP:   we = 1'b0;
      mccp_ugrid_isa_pkg::OP_INC, mccp_ugrid_isa_pkg::OP_DEC: begin
        widx    = fa;
        wval_nl = add_val;
      end
      default: begin
        we  = 1'b0;
        bad = 1'b1;
      end
    endcase
  end
  assign wval = is_lut ? lut_rdata : wval_nl;

  // the register this cycle writes (one-hot), and r7's step where no write takes r7
  logic [7:0] wr;
  logic       step7;
  always_comb begin
    for (int i = 0; i < 8; i++) wr[i] = exec_i && we && widx == 3'(i);
  end
  assign step7 = exec_i && r7_we;

  // r0-r6: the write (the start's clear clears the valid bits; a write in that
  // cycle lands in the RAM but reads as 0)
  always_ff @(posedge clk_i) begin
    if (exec_i && we && widx != 3'd7) rf[widx] <= wval;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      v_q       <= '0;
      r7_q      <= '0;
      out_q     <= '0;
      illegal_q <= 1'b0;
    end else begin
      if (clear_i) v_q <= '0;
      else v_q <= v_q | wr[6:0];
      if (clear_i) r7_q <= '0;
      else if (wr[7]) r7_q <= wval;
      else if (step7) r7_q <= add_val;
      if (clear_i) begin
        out_q     <= '0;
        illegal_q <= 1'b0;
      end else if (exec_i) begin
        for (int s = 0; s < 4; s++) begin
          if (out_we[s]) out_q[s] <= rb;
        end
        if (bad) illegal_q <= 1'b1;
      end
    end
  end

  // ---- memory: the run's write before the host's (they meet only in a misuse) --------
  always_ff @(posedge clk_i) begin
    if (exec_i && mem_we) mem[ra[5:0]] <= rb;
    else if (cfg_mem_we_i) mem[cfg_addr_i[5:0]] <= cfg_data_i[7:0];
  end

  // ---- table: the next word's byte, addressed a cycle ahead --------------------------
  // The next word's rb as it will be: the start's clear, this cycle's write to it
  // or r7's step forwarded.  A look-up that writes it forwards the table's byte,
  // joined last (fwd_lut implies wr[fb_next]).
  logic [2:0]       fb_next;
  logic             fwd_lut;
  (* keep *) logic [7:0] rb_next_nl;
  logic [7:0]       rb_next;
  logic [LutAw-1:0] lut_raddr;
  assign fb_next = cw_next[mccp_ugrid_isa_pkg::FieldBMsb:mccp_ugrid_isa_pkg::FieldBLsb];
  assign fwd_lut = !clear_i && exec_i && is_lut && page_ok && fc == fb_next;
  always_comb begin
    if (clear_i) rb_next_nl = '0;
    else if (wr[fb_next]) rb_next_nl = wval_nl;
    else if (step7 && fb_next == 3'd7) rb_next_nl = add_val;
    else rb_next_nl = reg_value(fb_next);
  end
  assign rb_next = fwd_lut ? lut_rdata : rb_next_nl;
  // page and byte; with fewer pages the page's top bits go (their words are ILLEGAL)
  assign lut_raddr = LutAw'({lut_page(cw_next[2:0]), rb_next});

  mccp_prim_ram_1w1r #(.Words(LutPages * 256), .Width(8)) u_lut (
    .clk_i,
    .we_i   (cfg_lut_we_i),
    .waddr_i(cfg_addr_i[LutAw-1:0]),
    .wdata_i(cfg_data_i[7:0]),
    .re_i   (step_i),
    .raddr_i(lut_raddr),
    .rdata_o(lut_rdata)
  );

  assign out_o     = out_q;
  assign illegal_o = illegal_q;

  // ---- debug read ----------------------------------------------------------------------
  if (DebugEnable) begin : g_dbg
    always_comb begin
      unique case (dbg_sel_i)
        2'd0:    dbg_data_o = reg_value(dbg_addr_i[2:0]);
        2'd1:    dbg_data_o = out_q[dbg_addr_i[1:0]];
        2'd2:    dbg_data_o = mem[dbg_addr_i];
        default: dbg_data_o = {7'd0, illegal_q};
      endcase
    end
  end else begin : g_no_dbg
    assign dbg_data_o = '0;
    logic unused_dbg;
    assign unused_dbg = ^{dbg_sel_i, dbg_addr_i};
  end

endmodule
