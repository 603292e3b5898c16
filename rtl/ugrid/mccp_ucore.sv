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
//   next value of its rb (r_d, this cycle's writes and the start's clear
//   forwarded), so the byte is in the read register when the word runs.  A
//   held cycle (no step_i) keeps the read register, as it keeps everything.
// - memory: 64 bytes in LUT RAM (memr reads it in the cycle).
// The host writes all three through the configuration port while the grid is
// idle; a write in a run or in its start cycle is not ordered with the run.

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
  logic [7:0][7:0] r_q, r_d;
  logic [3:0][7:0] out_q;
  logic            illegal_q;
  logic [7:0]      mem [64];
  logic [7:0]      lut_rdata, mem_rdata;

  logic [7:0] rb, ra, in_d, ein_d;
  assign rb        = r_q[fb];
  assign ra        = r_q[fa];
  assign in_d      = in_i[fd];
  assign ein_d     = ein_i[fd];
  assign mem_rdata = mem[rb[5:0]];

  // ---- execute: one register write (widx), r7's address step, outputs, memory --------
  logic       we, r7_we, mem_we, bad;
  logic [2:0] widx;
  logic [7:0] wval, r7_val;
  logic [3:0] out_we;
  always_comb begin
    we     = 1'b1;
    widx   = fc;
    wval   = '0;
    r7_we  = 1'b0;
    mem_we = 1'b0;
    out_we = '0;
    bad    = 1'b0;
    unique case (op)
      mccp_ugrid_isa_pkg::OP_AND:   wval = rb & ra;
      mccp_ugrid_isa_pkg::OP_XOR:   wval = rb ^ ra;
      mccp_ugrid_isa_pkg::OP_LUT, mccp_ugrid_isa_pkg::OP_LUT1,
      mccp_ugrid_isa_pkg::OP_LUT2, mccp_ugrid_isa_pkg::OP_LUT3: begin
        wval = lut_rdata;
        we   = page_ok;
        bad  = !page_ok;
      end
      mccp_ugrid_isa_pkg::OP_SHL:   wval = {rb[6:0], 1'b0};
      mccp_ugrid_isa_pkg::OP_SHR:   wval = {1'b0, rb[7:1]};
      mccp_ugrid_isa_pkg::OP_XTIME: wval = {rb[6:0], 1'b0} ^ (rb[7] ? 8'h1b : 8'h00);
      mccp_ugrid_isa_pkg::OP_IN: begin
        widx = fb;
        wval = in_d;
      end
      mccp_ugrid_isa_pkg::OP_EIN: begin
        widx = fb;
        wval = ein_d;
      end
      mccp_ugrid_isa_pkg::OP_XIN: begin
        widx = fb;
        wval = rb ^ in_d;
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
        widx = fb;
        wval = ra;
      end
      // r7 as the address and the destination: the write below takes priority
      mccp_ugrid_isa_pkg::OP_MEMR: begin
        widx  = fa;
        wval  = mem_rdata;
        r7_we = fb == 3'd7;
      end
      mccp_ugrid_isa_pkg::OP_NOP:   we = 1'b0;
      mccp_ugrid_isa_pkg::OP_INC: begin
        widx = fa;
        wval = ra + 8'd1;
      end
      mccp_ugrid_isa_pkg::OP_DEC: begin
        widx = fa;
        wval = ra - 8'd1;
      end
      default: begin
        we  = 1'b0;
        bad = 1'b1;
      end
    endcase
  end
  assign r7_val = (op == mccp_ugrid_isa_pkg::OP_MEMW) ? r_q[7] + 8'd1 : r_q[7] - 8'd1;

  // the registers' next values (also the table's look-ahead address below)
  always_comb begin
    for (int i = 0; i < 8; i++) begin
      if (clear_i) r_d[i] = '0;
      else if (exec_i && we && widx == 3'(i)) r_d[i] = wval;
      else if (exec_i && r7_we && i == 7) r_d[i] = r7_val;
      else r_d[i] = r_q[i];
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      r_q       <= '0;
      out_q     <= '0;
      illegal_q <= 1'b0;
    end else begin
      r_q <= r_d;
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
  logic [2:0]       fb_next;
  logic [LutAw-1:0] lut_raddr;
  assign fb_next   = cw_next[mccp_ugrid_isa_pkg::FieldBMsb:mccp_ugrid_isa_pkg::FieldBLsb];
  // page and byte; with fewer pages the page's top bits go (their words are ILLEGAL)
  assign lut_raddr = LutAw'({lut_page(cw_next[2:0]), r_d[fb_next]});

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
        2'd0:    dbg_data_o = r_q[dbg_addr_i[2:0]];
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
