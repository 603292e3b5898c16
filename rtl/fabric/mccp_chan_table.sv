// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// mccp_chan_table: the channel table, Channels entries of the CHAN_CFG0 / CHAN_CFG1
// fields packed as one flat vector: mccp_regs_pkg::CHAN_CFG_BITS bits, field <F> at
// CHAN_CFG_<F>_LSB / _WIDTH (the layout of mccp_fabric_pkg::chan_cfg_t, so a struct
// and this vector assign to each other).  Flat ports: Icarus 11 aborts on a
// package-scoped struct type (pkg::chan_cfg_t) and Yosys 0.70 rejects `import`.
//
// - Storage: the entries in block RAM (one copy per read port: 2 EBR at 64
//   channels, where LUT RAM took 64 DPR16X4 and a 4:1 multiplexer per bit), and
//   the enable bits in flops next to it so that reset really disables every
//   channel (the memory is not reset).
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
  logic                a_ok_q, b_ok_q, a_en_q, b_en_q;
  logic [CfgBits-1:0]  a_mem_q, b_mem_q;

  assign wr_ok = wr_i && ({1'b0, wr_idx_i} < NumChan);
  assign a_ok  = {1'b0, a_idx_i} < NumChan;
  assign b_ok  = {1'b0, b_idx_i} < NumChan;

  // The memory and its read registers have no reset: block RAM (EBR), one copy
  // per read port, each read port synchronous (old data on a same-entry write).
  always_ff @(posedge clk_i) begin
    if (wr_ok) begin
      mem[wr_idx_i[IdxW-1:0]] <= wr_cfg_i;
    end
    a_mem_q <= mem[a_idx_i[IdxW-1:0]];
    b_mem_q <= mem[b_idx_i[IdxW-1:0]];
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      en_q   <= '0;
      a_ok_q <= 1'b0;
      b_ok_q <= 1'b0;
      a_en_q <= 1'b0;
      b_en_q <= 1'b0;
    end else begin
      if (wr_ok) begin
        en_q[wr_idx_i[IdxW-1:0]] <= wr_cfg_i[En];
      end
      a_ok_q <= a_ok;
      b_ok_q <= b_ok;
      a_en_q <= a_ok && en_q[a_idx_i[IdxW-1:0]];
      b_en_q <= b_ok && en_q[b_idx_i[IdxW-1:0]];
    end
  end

  always_comb begin
    a_cfg_o     = a_ok_q ? a_mem_q : '0;
    b_cfg_o     = b_ok_q ? b_mem_q : '0;
    a_cfg_o[En] = a_en_q;
    b_cfg_o[En] = b_en_q;
  end

  if (IdxW < 8) begin : g_unused
    logic unused;
    assign unused = ^{wr_idx_i[7:IdxW], a_idx_i[7:IdxW], b_idx_i[7:IdxW]};
  end

endmodule
