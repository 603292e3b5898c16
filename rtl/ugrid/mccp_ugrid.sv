// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// The micro-core grid (paper 001, docs/ugrid.md): Rows x Cols micro-cores
// (mccp_ucore), each reading its own instruction memory at the one program
// counter of the sequencer (mccp_ugrid_seq), joined to its neighbours.  A
// core's input on a side is the output register of the neighbour there that
// faces it (no combinational path crosses a core), or the grid's edge input.
// Row 0 is the north edge, column 0 the west edge.
//
// Wrap-around links (WrapRows = k > 0): each band of k rows closes into a ring,
// the north input of a band's first row being the south output register of
// its last row (and the reverse); `in` and `xin` read the ring, `ein` the
// physical link (the next band's core or the grid's edge input).  WrapCols
// does the same for columns.  Edge outputs stay those of the outer cores.
//
// Edge ports are flat: byte r of a side's vector ([8r+7:8r]) is row r (east,
// west) or column r (north, south).  The host loads instruction memories,
// tables and memories through the configuration port (cfg_target_i 0, 1, 2;
// one core or, with cfg_all_i, every core), while the grid is idle.
module mccp_ugrid #(
  parameter int Rows = 4,
  parameter int Cols = 4,
  parameter int ImemDepth = 256,
  parameter int LutPages = 4,
  parameter bit DebugEnable = 1'b1,
  parameter int WrapRows = 0,         // rows per ring of the north-south links; 0 = a mesh
  parameter int WrapCols = 0,         // columns per ring of the east-west links; 0 = a mesh
  localparam int RowW = $clog2(Rows),
  localparam int ColW = $clog2(Cols),
  localparam int ImAw = $clog2(ImemDepth),
  localparam int LutAw = $clog2(LutPages * 256),
  localparam int CfgAw = (ImAw > LutAw) ? ImAw : LutAw   // the memory's 6 bits are always fewer
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  // runs
  input  logic              start_i,
  input  logic [ImAw-1:0]   entry_i,
  input  logic [ImAw-1:0]   last_i,
  input  logic [ImAw-1:0]   loop_start_i,
  input  logic [ImAw-1:0]   loop_end_i,
  input  logic [15:0]       loop_count_i,
  input  logic              hold_i,
  output logic              busy_o,
  output logic              exec_o,
  output logic [ImAw-1:0]   pc_o,
  output logic              illegal_o,      // some core met an undefined word in this run
  // configuration writes
  input  logic              cfg_we_i,
  input  logic [1:0]        cfg_target_i,   // 0 instruction memory, 1 table, 2 memory
  input  logic              cfg_all_i,
  input  logic [RowW-1:0]   cfg_row_i,
  input  logic [ColW-1:0]   cfg_col_i,
  input  logic [CfgAw-1:0]  cfg_addr_i,
  input  logic [10:0]       cfg_data_i,
  // parallel memory write (a slot's round keys): every core's byte at one address, in one
  // cycle; core (r, c) takes kmem_data_i[8(r Cols + c) +: 8].  Not in the same cycle as a
  // configuration write to a memory.
  input  logic                   kmem_we_i,
  input  logic [5:0]             kmem_addr_i,
  input  logic [Rows*Cols*8-1:0] kmem_data_i,
  // edges
  input  logic [Rows*8-1:0] edge_in_e_i,
  input  logic [Rows*8-1:0] edge_in_w_i,
  input  logic [Cols*8-1:0] edge_in_n_i,
  input  logic [Cols*8-1:0] edge_in_s_i,
  output logic [Rows*8-1:0] edge_out_e_o,
  output logic [Rows*8-1:0] edge_out_w_o,
  output logic [Cols*8-1:0] edge_out_n_o,
  output logic [Cols*8-1:0] edge_out_s_o,
  // debug read (DebugEnable): dbg_sel_i 0 register, 1 output register, 2 memory byte, 3 ILLEGAL
  input  logic [RowW-1:0]   dbg_row_i,
  input  logic [ColW-1:0]   dbg_col_i,
  input  logic [1:0]        dbg_sel_i,
  input  logic [5:0]        dbg_addr_i,
  output logic [7:0]        dbg_data_o
);

  if (Rows < 2) begin : g_bad_rows
    $error("mccp_ugrid: Rows %0d must be at least 2", Rows);
  end
  if (Cols < 2) begin : g_bad_cols
    $error("mccp_ugrid: Cols %0d must be at least 2", Cols);
  end
  if (LutPages != 1 && LutPages != 2 && LutPages != 4) begin : g_bad_pages
    $error("mccp_ugrid: LutPages %0d must be 1, 2 or 4", LutPages);
  end
  if (WrapRows < 0 || WrapRows == 1 || (WrapRows > 0 && Rows % WrapRows != 0)) begin : g_bad_wrap_rows
    $error("mccp_ugrid: WrapRows %0d must be 0, or at least 2 and divide Rows %0d", WrapRows, Rows);
  end
  if (WrapCols < 0 || WrapCols == 1 || (WrapCols > 0 && Cols % WrapCols != 0)) begin : g_bad_wrap_cols
    $error("mccp_ugrid: WrapCols %0d must be 0, or at least 2 and divide Cols %0d", WrapCols, Cols);
  end
  // the program counter wraps at the memory's end
  if (ImemDepth < 2 || (ImemDepth & (ImemDepth - 1)) != 0) begin : g_bad_imem
    $error("mccp_ugrid: ImemDepth %0d must be a power of two, at least 2", ImemDepth);
  end

  localparam int E = 0, W = 1, N = 2, S = 3;   // side codes (Table II)

  logic            clear, step;
  logic [ImAw-1:0] fetch_addr;
  mccp_ugrid_seq #(.ImemDepth(ImemDepth)) u_seq (
    .clk_i,
    .rst_ni,
    .start_i,
    .entry_i,
    .last_i,
    .loop_start_i,
    .loop_end_i,
    .loop_count_i,
    .hold_i,
    .busy_o,
    .exec_o,
    .pc_o,
    .clear_o     (clear),
    .step_o      (step),
    .fetch_addr_o(fetch_addr)
  );

  // a band's length as a divisor (1 without wrap-around, where it is not used)
  localparam int BandR = (WrapRows > 0) ? WrapRows : 1;
  localparam int BandC = (WrapCols > 0) ? WrapCols : 1;

  logic [Rows-1:0][Cols-1:0][3:0][7:0] outs, ins, eins;   // eins: the physical links
  logic [Rows-1:0][Cols-1:0][7:0]      dbg;
  logic [Rows-1:0][Cols-1:0]           illegal;

  for (genvar r = 0; r < Rows; r++) begin : g_row
    for (genvar c = 0; c < Cols; c++) begin : g_col
      logic sel;
      assign sel = cfg_we_i && (cfg_all_i || (cfg_row_i == RowW'(r) && cfg_col_i == ColW'(c)));

      // the physical links: the neighbour's facing output register, or the edge input
      if (c + 1 < Cols) begin : g_e
        assign eins[r][c][E] = outs[r][c+1][W];
      end else begin : g_edge_e
        assign eins[r][c][E] = edge_in_e_i[8*r +: 8];
      end
      if (c > 0) begin : g_w
        assign eins[r][c][W] = outs[r][c-1][E];
      end else begin : g_edge_w
        assign eins[r][c][W] = edge_in_w_i[8*r +: 8];
      end
      if (r > 0) begin : g_n
        assign eins[r][c][N] = outs[r-1][c][S];
      end else begin : g_edge_n
        assign eins[r][c][N] = edge_in_n_i[8*c +: 8];
      end
      if (r + 1 < Rows) begin : g_s
        assign eins[r][c][S] = outs[r+1][c][N];
      end else begin : g_edge_s
        assign eins[r][c][S] = edge_in_s_i[8*c +: 8];
      end

      // the ring: at a band's ends, the band's other end; elsewhere the physical link
      if (WrapCols > 0 && c % BandC == BandC - 1) begin : g_ring_e
        assign ins[r][c][E] = outs[r][c-BandC+1][W];
      end else begin : g_link_e
        assign ins[r][c][E] = eins[r][c][E];
      end
      if (WrapCols > 0 && c % BandC == 0) begin : g_ring_w
        assign ins[r][c][W] = outs[r][c+BandC-1][E];
      end else begin : g_link_w
        assign ins[r][c][W] = eins[r][c][W];
      end
      if (WrapRows > 0 && r % BandR == 0) begin : g_ring_n
        assign ins[r][c][N] = outs[r+BandR-1][c][S];
      end else begin : g_link_n
        assign ins[r][c][N] = eins[r][c][N];
      end
      if (WrapRows > 0 && r % BandR == BandR - 1) begin : g_ring_s
        assign ins[r][c][S] = outs[r-BandR+1][c][N];
      end else begin : g_link_s
        assign ins[r][c][S] = eins[r][c][S];
      end

      mccp_ucore #(.ImemDepth(ImemDepth), .LutPages(LutPages), .DebugEnable(DebugEnable)) u_core (
        .clk_i,
        .rst_ni,
        .clear_i      (clear),
        .step_i       (step),
        .exec_i       (exec_o),
        .fetch_addr_i (fetch_addr),
        .cfg_imem_we_i(sel && cfg_target_i == 2'd0),
        .cfg_lut_we_i (sel && cfg_target_i == 2'd1),
        .cfg_mem_we_i ((sel && cfg_target_i == 2'd2) || kmem_we_i),
        .cfg_addr_i   (kmem_we_i ? CfgAw'(kmem_addr_i) : cfg_addr_i),
        .cfg_data_i   (kmem_we_i ? {3'd0, kmem_data_i[8*(r*Cols+c) +: 8]} : cfg_data_i),
        .in_i         (ins[r][c]),
        .ein_i        (eins[r][c]),
        .out_o        (outs[r][c]),
        .illegal_o    (illegal[r][c]),
        .dbg_sel_i,
        .dbg_addr_i,
        .dbg_data_o   (dbg[r][c])
      );
    end
  end

  for (genvar r = 0; r < Rows; r++) begin : g_edge_rows
    assign edge_out_e_o[8*r +: 8] = outs[r][Cols-1][E];
    assign edge_out_w_o[8*r +: 8] = outs[r][0][W];
  end
  for (genvar c = 0; c < Cols; c++) begin : g_edge_cols
    assign edge_out_n_o[8*c +: 8] = outs[0][c][N];
    assign edge_out_s_o[8*c +: 8] = outs[Rows-1][c][S];
  end

  assign illegal_o = |illegal;

  if (DebugEnable) begin : g_dbg
    assign dbg_data_o = dbg[dbg_row_i][dbg_col_i];
  end else begin : g_no_dbg
    assign dbg_data_o = '0;
    logic unused_dbg;
    assign unused_dbg = ^{dbg_row_i, dbg_col_i, dbg};
  end

endmodule
