// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// mccp_soc: a RISC-V system around mccp_top (docs/soc.md).
//
//   VexRiscv (RV32IM, 4 KB I$ + D$) --iBus--> RAM port A
//                                   --dBus--> mccp_soc_dec --> RAM port B
//                                                          --> mccp_soc_ctrl (console, exit, cycles, bus errors)
//                                                          --> mccp_soc_wb2axil --> mccp_top AXI4-Lite
//                                   --CFU---> mccp_top's coprocessor port (AES blocks, keys from its key store)
//   irq: externalInterruptArray[0] = mccp_top's irq_o, [1] = a captured bus error
//
// The CPU is the generated VexRiscv_FullCfu.v of the PyPI package
// pythondata-cpu-vexriscv (mccp.eda.filelist.vexriscv_verilog()); it is not
// part of this repository.  Addresses with bit 31 set bypass its data cache.
// Its Wishbone bridges ignore ERR (they wait for ACK), so an ERR from a slave
// is given to the CPU as ACK (read data 0) and captured in mccp_soc_ctrl,
// whose interrupt makes the error a trap a few instructions later.
//
// mccp_top's AXI4-Stream ports are tied off until the DMA engine comes: no
// input (s_axis_tvalid 0), output always taken (m_axis_tready 1).
module mccp_soc #(
  parameter int RamBytes   = 256 * 1024,
  parameter int NumCores   = 2,
  parameter int StreamBits = 32,
  parameter int KeySlots   = 16,
  parameter int Channels   = 64,
  parameter int BufBytes   = 2048
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  output logic        console_valid_o,
  output logic [7:0]  console_data_o,
  output logic        exit_valid_o,
  output logic [31:0] exit_code_o
);

  localparam int RamWords = RamBytes / 4;

  // CPU --------------------------------------------------------------------------
  logic        ibus_cyc, ibus_stb, ibus_ack, ibus_we, ibus_err;
  logic [29:0] ibus_adr;
  logic [31:0] ibus_dat_r, ibus_dat_w;
  logic [3:0]  ibus_sel;
  logic [2:0]  ibus_cti;
  logic [1:0]  ibus_bte;
  logic        dbus_cyc, dbus_stb, dbus_ack, dbus_we, dbus_err;
  logic [29:0] dbus_adr;
  logic [31:0] dbus_dat_r, dbus_dat_w;
  logic [3:0]  dbus_sel;
  logic [2:0]  dbus_cti;
  logic [1:0]  dbus_bte;
  logic        cfu_cmd_valid, cfu_cmd_ready, cfu_rsp_valid, cfu_rsp_ready;
  logic [9:0]  cfu_function_id;
  logic [31:0] cfu_input0, cfu_input1, cfu_output0;
  logic [31:0] irqs;
  logic        mccp_irq, buserr_irq;

  assign irqs = {30'b0, buserr_irq, mccp_irq};

  VexRiscv u_cpu (
    .externalResetVector                  (32'h0000_0000),
    .timerInterrupt                       (1'b0),
    .softwareInterrupt                    (1'b0),
    .externalInterruptArray               (irqs),
    .CfuPlugin_bus_cmd_valid              (cfu_cmd_valid),
    .CfuPlugin_bus_cmd_ready              (cfu_cmd_ready),
    .CfuPlugin_bus_cmd_payload_function_id(cfu_function_id),
    .CfuPlugin_bus_cmd_payload_inputs_0   (cfu_input0),
    .CfuPlugin_bus_cmd_payload_inputs_1   (cfu_input1),
    .CfuPlugin_bus_rsp_valid              (cfu_rsp_valid),
    .CfuPlugin_bus_rsp_ready              (cfu_rsp_ready),
    .CfuPlugin_bus_rsp_payload_outputs_0  (cfu_output0),
    .iBusWishbone_CYC                     (ibus_cyc),
    .iBusWishbone_STB                     (ibus_stb),
    .iBusWishbone_ACK                     (ibus_ack),
    .iBusWishbone_WE                      (ibus_we),
    .iBusWishbone_ADR                     (ibus_adr),
    .iBusWishbone_DAT_MISO                (ibus_dat_r),
    .iBusWishbone_DAT_MOSI                (ibus_dat_w),
    .iBusWishbone_SEL                     (ibus_sel),
    .iBusWishbone_ERR                     (1'b0),
    .iBusWishbone_CTI                     (ibus_cti),
    .iBusWishbone_BTE                     (ibus_bte),
    .dBusWishbone_CYC                     (dbus_cyc),
    .dBusWishbone_STB                     (dbus_stb),
    .dBusWishbone_ACK                     (dbus_ack),
    .dBusWishbone_WE                      (dbus_we),
    .dBusWishbone_ADR                     (dbus_adr),
    .dBusWishbone_DAT_MISO                (dbus_dat_r),
    .dBusWishbone_DAT_MOSI                (dbus_dat_w),
    .dBusWishbone_SEL                     (dbus_sel),
    .dBusWishbone_ERR                     (1'b0),
    .dBusWishbone_CTI                     (dbus_cti),
    .dBusWishbone_BTE                     (dbus_bte),
    .clk                                  (clk_i),
    .reset                                (!rst_ni)   // synchronous, active high
  );

  // The CFU port is mccp_top's coprocessor port (docs/fabric.md "Coprocessor port"): custom-0
  // instructions run AES blocks with keys from the key store; VexRiscv's function id is
  // {funct7, funct3}, the port's function in [2:0].

  // Instruction bus: RAM only --------------------------------------------------------
  logic        ibus_in_ram, ram_a_ack, ibus_bad_q;
  logic [31:0] ram_a_dat;

  assign ibus_in_ram = ibus_adr < 30'(RamWords);

  // A fetch outside the RAM is answered with 0 (an illegal instruction) and
  // reported as a bus error.
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ibus_bad_q <= 1'b0;
    end else begin
      ibus_bad_q <= ibus_stb && !ibus_in_ram && !ibus_bad_q;
    end
  end

  assign ibus_err   = ibus_bad_q && ibus_stb;
  assign ibus_ack   = (ibus_in_ram && ram_a_ack) || ibus_err;
  assign ibus_dat_r = ibus_in_ram ? ram_a_dat : 32'h0;

  // Data bus ----------------------------------------------------------------------
  logic        ram_b_stb, ram_b_ack, ctrl_stb, ctrl_ack, ctrl_err, mccp_stb, mccp_ack, mccp_err;
  logic        dec_ack;
  logic [31:0] ram_b_dat, ctrl_dat, mccp_dat;

  mccp_soc_dec #(
    .RamBytes(RamBytes)
  ) u_dec (
    .clk_i     (clk_i),
    .rst_ni    (rst_ni),
    .stb_i     (dbus_stb),
    .adr_i     (dbus_adr),
    .ack_o     (dec_ack),
    .err_o     (dbus_err),
    .dat_o     (dbus_dat_r),
    .ram_stb_o (ram_b_stb),
    .ram_ack_i (ram_b_ack),
    .ram_dat_i (ram_b_dat),
    .ctrl_stb_o(ctrl_stb),
    .ctrl_ack_i(ctrl_ack),
    .ctrl_err_i(ctrl_err),
    .ctrl_dat_i(ctrl_dat),
    .mccp_stb_o(mccp_stb),
    .mccp_ack_i(mccp_ack),
    .mccp_err_i(mccp_err),
    .mccp_dat_i(mccp_dat)
  );

  // the CPU waits for ACK only (see the header): ERR ends the access too
  assign dbus_ack = dec_ack || dbus_err;

  mccp_soc_ram #(
    .RamBytes(RamBytes)
  ) u_ram (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .a_stb_i(ibus_stb && ibus_in_ram),
    .a_adr_i(ibus_adr),
    .a_cti_i(ibus_cti),
    .a_ack_o(ram_a_ack),
    .a_dat_o(ram_a_dat),
    .b_stb_i(ram_b_stb),
    .b_we_i (dbus_we),
    .b_adr_i(dbus_adr),
    .b_sel_i(dbus_sel),
    .b_dat_i(dbus_dat_w),
    .b_cti_i(dbus_cti),
    .b_ack_o(ram_b_ack),
    .b_dat_o(ram_b_dat)
  );

  mccp_soc_ctrl u_ctrl (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .stb_i          (ctrl_stb),
    .we_i           (dbus_we),
    .adr_i          (dbus_adr[9:0]),
    .sel_i          (dbus_sel),
    .dat_i          (dbus_dat_w),
    .ack_o          (ctrl_ack),
    .err_o          (ctrl_err),
    .dat_o          (ctrl_dat),
    // a data-bus error wins over a fetch error in the same cycle
    .err_valid_i    (dbus_err || ibus_err),
    .err_addr_i     (dbus_err ? {dbus_adr, 2'b00} : {ibus_adr, 2'b00}),
    .err_write_i    (dbus_err && dbus_we),
    .err_fetch_i    (!dbus_err),
    .irq_o          (buserr_irq),
    .console_valid_o(console_valid_o),
    .console_data_o (console_data_o),
    .exit_valid_o   (exit_valid_o),
    .exit_code_o    (exit_code_o)
  );

  // mccp_top ----------------------------------------------------------------------
  logic        axil_awvalid, axil_awready, axil_wvalid, axil_wready, axil_bvalid, axil_bready;
  logic        axil_arvalid, axil_arready, axil_rvalid, axil_rready;
  logic [11:0] axil_awaddr, axil_araddr;
  logic [31:0] axil_wdata, axil_rdata;
  logic [3:0]  axil_wstrb;
  logic [1:0]  axil_bresp, axil_rresp;
  logic                    m_axis_tvalid, m_axis_tlast, s_axis_tready;
  logic [StreamBits-1:0]   m_axis_tdata;
  logic [StreamBits/8-1:0] m_axis_tkeep;

  mccp_soc_wb2axil #(
    .AddrBits(12)
  ) u_wb2axil (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .stb_i    (mccp_stb),
    .we_i     (dbus_we),
    .adr_i    (dbus_adr[9:0]),
    .sel_i    (dbus_sel),
    .dat_i    (dbus_dat_w),
    .ack_o    (mccp_ack),
    .err_o    (mccp_err),
    .dat_o    (mccp_dat),
    .awvalid_o(axil_awvalid),
    .awready_i(axil_awready),
    .awaddr_o (axil_awaddr),
    .wvalid_o (axil_wvalid),
    .wready_i (axil_wready),
    .wdata_o  (axil_wdata),
    .wstrb_o  (axil_wstrb),
    .bvalid_i (axil_bvalid),
    .bready_o (axil_bready),
    .bresp_i  (axil_bresp),
    .arvalid_o(axil_arvalid),
    .arready_i(axil_arready),
    .araddr_o (axil_araddr),
    .rvalid_i (axil_rvalid),
    .rready_o (axil_rready),
    .rdata_i  (axil_rdata),
    .rresp_i  (axil_rresp)
  );

  mccp_top #(
    .NumCores  (NumCores),
    .StreamBits(StreamBits),
    .KeySlots  (KeySlots),
    .Channels  (Channels),
    .BufBytes  (BufBytes),
    .CopEnable (1'b1)
  ) u_mccp (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .s_axil_awvalid_i(axil_awvalid),
    .s_axil_awready_o(axil_awready),
    .s_axil_awaddr_i (axil_awaddr),
    .s_axil_wvalid_i (axil_wvalid),
    .s_axil_wready_o (axil_wready),
    .s_axil_wdata_i  (axil_wdata),
    .s_axil_wstrb_i  (axil_wstrb),
    .s_axil_bvalid_o (axil_bvalid),
    .s_axil_bready_i (axil_bready),
    .s_axil_bresp_o  (axil_bresp),
    .s_axil_arvalid_i(axil_arvalid),
    .s_axil_arready_o(axil_arready),
    .s_axil_araddr_i (axil_araddr),
    .s_axil_rvalid_o (axil_rvalid),
    .s_axil_rready_i (axil_rready),
    .s_axil_rdata_o  (axil_rdata),
    .s_axil_rresp_o  (axil_rresp),
    .s_axis_tvalid_i (1'b0),
    .s_axis_tready_o (s_axis_tready),
    .s_axis_tdata_i  ('0),
    .s_axis_tkeep_i  ('0),
    .s_axis_tlast_i  (1'b0),
    .m_axis_tvalid_o (m_axis_tvalid),
    .m_axis_tready_i (1'b1),
    .m_axis_tdata_o  (m_axis_tdata),
    .m_axis_tkeep_o  (m_axis_tkeep),
    .m_axis_tlast_o  (m_axis_tlast),
    .cop_cmd_valid_i (cfu_cmd_valid),
    .cop_cmd_ready_o (cfu_cmd_ready),
    .cop_cmd_func_i  (cfu_function_id),
    .cop_cmd_a_i     (cfu_input0),
    .cop_cmd_b_i     (cfu_input1),
    .cop_rsp_valid_o (cfu_rsp_valid),
    .cop_rsp_ready_i (cfu_rsp_ready),
    .cop_rsp_data_o  (cfu_output0),
    .irq_o           (mccp_irq)
  );

  logic unused_sig;
  assign unused_sig = ^{ibus_cyc, ibus_we, ibus_dat_w, ibus_sel, ibus_bte, dbus_cyc, dbus_bte,
                        s_axis_tready, m_axis_tvalid, m_axis_tdata, m_axis_tkeep, m_axis_tlast};

endmodule
