// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// mccp_chan_table: the channel table, Channels entries of the CHAN_CFG0 / CHAN_CFG1
// fields packed as one flat vector: mccp_regs_pkg::CHAN_CFG_BITS bits, field <F> at
// CHAN_CFG_<F>_LSB / _WIDTH (the layout of mccp_fabric_pkg::chan_cfg_t, so a struct
// and this vector assign to each other).  Flat ports: Icarus 11 aborts on a
// package-scoped struct type (pkg::chan_cfg_t) and Yosys 0.70 rejects `import`.
//
// - Storage: the entries in a memory (LUT RAM), and the enable bits in flops next to
//   it so that reset really disables every channel (the memory is not reset).
// - One write port: wr_i stores wr_cfg_i at wr_idx_i; an index >= Channels is ignored.
// - Two read ports, registered (1-cycle latency): a (host readback through CHAN_SEL)
//   and b (packet parser lookup).  A read of an index >= Channels returns an all-zero
//   (disabled) entry.  A read in the cycle of a write to the same entry returns the
//   entry as it was before the write.
module mccp_chan_table #(
  parameter int Channels = 64
) (
  input  logic                                    clk_i,
  input  logic                                    rst_ni,
  input  logic                                    wr_i,
  input  logic [7:0]                              wr_idx_i,
  input  logic [mccp_regs_pkg::CHAN_CFG_BITS-1:0] wr_cfg_i,
  input  logic [7:0]                              a_idx_i,
  output logic [mccp_regs_pkg::CHAN_CFG_BITS-1:0] a_cfg_o,
  input  logic [7:0]                              b_idx_i,
  output logic [mccp_regs_pkg::CHAN_CFG_BITS-1:0] b_cfg_o
);

  localparam int CfgBits = mccp_regs_pkg::CHAN_CFG_BITS;

  localparam int IdxW = (Channels > 1) ? $clog2(Channels) : 1;
  localparam int En = mccp_regs_pkg::CHAN_CFG_ENABLE_LSB;
  localparam logic [8:0] NumChan = 9'(Channels);

  logic [CfgBits-1:0]  mem [Channels];
  logic [Channels-1:0] en_q;
  logic                wr_ok, a_ok, b_ok;
  logic [CfgBits-1:0]  a_q, b_q, a_d, b_d;

  assign wr_ok = wr_i && ({1'b0, wr_idx_i} < NumChan);
  assign a_ok  = {1'b0, a_idx_i} < NumChan;
  assign b_ok  = {1'b0, b_idx_i} < NumChan;

  always_ff @(posedge clk_i) begin
    if (wr_ok) begin
      mem[wr_idx_i[IdxW-1:0]] <= wr_cfg_i;
    end
  end

  always_comb begin
    a_d = '0;
    b_d = '0;
    if (a_ok) begin
      a_d        = mem[a_idx_i[IdxW-1:0]];
      a_d[En]    = en_q[a_idx_i[IdxW-1:0]];
    end
    if (b_ok) begin
      b_d        = mem[b_idx_i[IdxW-1:0]];
      b_d[En]    = en_q[b_idx_i[IdxW-1:0]];
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      en_q <= '0;
      a_q  <= '0;
      b_q  <= '0;
    end else begin
      if (wr_ok) begin
        en_q[wr_idx_i[IdxW-1:0]] <= wr_cfg_i[En];
      end
      a_q <= a_d;
      b_q <= b_d;
    end
  end

  assign a_cfg_o = a_q;
  assign b_cfg_o = b_q;

  if (IdxW < 8) begin : g_unused
    logic unused;
    assign unused = ^{wr_idx_i[7:IdxW], a_idx_i[7:IdxW], b_idx_i[7:IdxW]};
  end

endmodule
