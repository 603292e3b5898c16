// Copyright MCCP contributors.
// SPDX-License-Identifier: Apache-2.0
//
// Synthesis wrapper for mccp_top (used by `mccp synth`): the AXI4-Lite and
// AXI4-Stream inputs come from one serial pin through a shift register, all
// outputs fold into one serial pin (see mccp_synth_core for why).
module mccp_synth_top #(
  parameter int NumCores       = 8,
  parameter int StreamBits     = 128,
  parameter int KeySlots       = 16,
  parameter int Channels       = 64,
  parameter int BufBytes       = 2048,
  parameter int DecryptCores   = 32'h0000FFFF,
  parameter int GhashDigitBits = 16,
  parameter int NumEcUnits     = 0,
  parameter int EcMaxM         = 283,
  parameter int EcDigit        = 163,
  parameter int EcKaratsuba    = 1,
  parameter int EcDualIssue    = 1,
  parameter int NumArxUnits    = 0
) (
  input  logic clk_i,
  input  logic rst_ni,
  input  logic serial_i,
  output logic serial_o
);

  // awvalid, awaddr[12], wvalid, wdata[32], wstrb[4], bready, arvalid, araddr[12], rready,
  // s_tvalid, s_tdata[StreamBits], s_tkeep[StreamBits/8], s_tlast, m_tready
  localparam int InWidth  = 1 + 12 + 1 + 32 + 4 + 1 + 1 + 12 + 1 + 1 + StreamBits + StreamBits / 8 + 1 + 1;
  // awready, wready, bvalid, bresp[2], arready, rvalid, rdata[32], rresp[2], s_tready,
  // m_tvalid, m_tdata[StreamBits], m_tkeep[StreamBits/8], m_tlast, irq
  localparam int OutWidth = 1 + 1 + 1 + 2 + 1 + 1 + 32 + 2 + 1 + 1 + StreamBits + StreamBits / 8 + 1 + 1;

  logic [InWidth-1:0]  stim;
  logic [OutWidth-1:0] resp;

  logic                  awvalid, wvalid, bready, arvalid, rready, s_tvalid, s_tlast, m_tready;
  logic [11:0]           awaddr, araddr;
  logic [31:0]           wdata, rdata;
  logic [3:0]            wstrb;
  logic [StreamBits-1:0] s_tdata, m_tdata;
  logic [StreamBits/8-1:0] s_tkeep, m_tkeep;
  logic                  awready, wready, bvalid, arready, rvalid, s_tready, m_tvalid, m_tlast, irq;
  logic [1:0]            bresp, rresp;

  mccp_synth_shell #(
    .InWidth  (InWidth),
    .OutWidth (OutWidth)
  ) u_shell (
    .clk_i,
    .rst_ni,
    .serial_i,
    .serial_o,
    .stim_o   (stim),
    .resp_i   (resp)
  );

  assign {awvalid, awaddr, wvalid, wdata, wstrb, bready, arvalid, araddr, rready,
          s_tvalid, s_tdata, s_tkeep, s_tlast, m_tready} = stim;

  logic        cop_cmd_ready, cop_rsp_valid;
  logic [31:0] cop_rsp_data;

  mccp_top #(
    .NumCores       (NumCores),
    .StreamBits     (StreamBits),
    .KeySlots       (KeySlots),
    .Channels       (Channels),
    .BufBytes       (BufBytes),
    .DecryptCores   (16'(DecryptCores)),
    .GhashDigitBits (GhashDigitBits),
    .NumEcUnits     (NumEcUnits),
    .EcMaxM         (EcMaxM),
    .EcDigit        (EcDigit),
    .EcKaratsuba    (1'(EcKaratsuba)),
    .EcDualIssue    (1'(EcDualIssue)),
    .NumArxUnits    (NumArxUnits)
  ) u_unit (
    .clk_i,
    .rst_ni,
    .s_axil_awvalid_i (awvalid),
    .s_axil_awready_o (awready),
    .s_axil_awaddr_i  (awaddr),
    .s_axil_wvalid_i  (wvalid),
    .s_axil_wready_o  (wready),
    .s_axil_wdata_i   (wdata),
    .s_axil_wstrb_i   (wstrb),
    .s_axil_bvalid_o  (bvalid),
    .s_axil_bready_i  (bready),
    .s_axil_bresp_o   (bresp),
    .s_axil_arvalid_i (arvalid),
    .s_axil_arready_o (arready),
    .s_axil_araddr_i  (araddr),
    .s_axil_rvalid_o  (rvalid),
    .s_axil_rready_i  (rready),
    .s_axil_rdata_o   (rdata),
    .s_axil_rresp_o   (rresp),
    .s_axis_tvalid_i  (s_tvalid),
    .s_axis_tready_o  (s_tready),
    .s_axis_tdata_i   (s_tdata),
    .s_axis_tkeep_i   (s_tkeep),
    .s_axis_tlast_i   (s_tlast),
    .m_axis_tvalid_o  (m_tvalid),
    .m_axis_tready_i  (m_tready),
    .m_axis_tdata_o   (m_tdata),
    .m_axis_tkeep_o   (m_tkeep),
    .m_axis_tlast_o   (m_tlast),
    // the coprocessor port idle (CopEnable at its default, 0: no unit behind it)
    .cop_cmd_valid_i  (1'b0),
    .cop_cmd_ready_o  (cop_cmd_ready),
    .cop_cmd_func_i   ('0),
    .cop_cmd_a_i      ('0),
    .cop_cmd_b_i      ('0),
    .cop_rsp_valid_o  (cop_rsp_valid),
    .cop_rsp_ready_i  (1'b1),
    .cop_rsp_data_o   (cop_rsp_data),
    .irq_o            (irq)
  );

  logic unused_cop;
  assign unused_cop = ^{cop_cmd_ready, cop_rsp_valid, cop_rsp_data};

  assign resp = {awready, wready, bvalid, bresp, arready, rvalid, rdata, rresp, s_tready,
                 m_tvalid, m_tdata, m_tkeep, m_tlast, irq};

endmodule
