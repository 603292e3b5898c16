// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// mccp_soc_dec: the data bus's address decoder, one Wishbone master to the
// SoC's slaves (docs/soc.md "Memory map"):
//
//   0x0000_0000 + RamBytes   RAM
//   0x8000_0000 + 4 KB       control registers (mccp_soc_ctrl)
//   0x9000_0000 + 4 KB       mccp_top's AXI4-Lite registers (through mccp_soc_wb2axil)
//   0xA000_0000              reserved for the DMA engine: ERR for now
//   anything else            ERR
//
// The slave is chosen from the master's address, which holds for the whole
// access (and stays inside the RAM for a burst), so the response mux needs no
// state.  Addresses that no slave claims get ERR from a responder here, one
// cycle after the strobe.
module mccp_soc_dec #(
  parameter int RamBytes = 256 * 1024
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  // master
  input  logic        stb_i,
  input  logic [29:0] adr_i,     // word address
  output logic        ack_o,
  output logic        err_o,
  output logic [31:0] dat_o,
  // RAM
  output logic        ram_stb_o,
  input  logic        ram_ack_i,
  input  logic [31:0] ram_dat_i,
  // control registers
  output logic        ctrl_stb_o,
  input  logic        ctrl_ack_i,
  input  logic        ctrl_err_i,
  input  logic [31:0] ctrl_dat_i,
  // mccp_top's registers
  output logic        mccp_stb_o,
  input  logic        mccp_ack_i,
  input  logic        mccp_err_i,
  input  logic [31:0] mccp_dat_i
);

  localparam int RamWords = RamBytes / 4;

  logic sel_ram, sel_ctrl, sel_mccp, sel_none;
  logic none_q;

  // 4 KB windows: word address bits [29:26] give the byte address's top hex
  // digit, bits [25:10] must be zero
  assign sel_ram  = adr_i < 30'(RamWords);
  assign sel_ctrl = adr_i[29:26] == 4'h8 && adr_i[25:10] == '0;
  assign sel_mccp = adr_i[29:26] == 4'h9 && adr_i[25:10] == '0;
  assign sel_none = !(sel_ram || sel_ctrl || sel_mccp);

  assign ram_stb_o  = stb_i && sel_ram;
  assign ctrl_stb_o = stb_i && sel_ctrl;
  assign mccp_stb_o = stb_i && sel_mccp;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      none_q <= 1'b0;
    end else begin
      none_q <= stb_i && sel_none && !none_q;
    end
  end

  always_comb begin
    ack_o = 1'b0;
    err_o = 1'b0;
    dat_o = '0;
    if (sel_ram) begin
      ack_o = ram_ack_i;
      dat_o = ram_dat_i;
    end else if (sel_ctrl) begin
      ack_o = ctrl_ack_i;
      err_o = ctrl_err_i;
      dat_o = ctrl_dat_i;
    end else if (sel_mccp) begin
      ack_o = mccp_ack_i;
      err_o = mccp_err_i;
      dat_o = mccp_dat_i;
    end else begin
      err_o = none_q && stb_i;
    end
  end

endmodule
