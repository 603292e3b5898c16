// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// mccp_fw_loader: the firmware window (FW_CORES / FW_ADDR / FW_DATA /
// FW_ENTRY).  A FW_DATA word goes to the instruction memory of every core in
// the FW_CORES mask at FW_ADDR, which then advances; a FW_ENTRY write goes to
// the scheduler's entry tables of those cores.  Both are refused (SLVERR)
// while any of those cores is enabled for scheduling or not idle, so a core is
// only rewritten once the host has drained it; the others keep working.
// Both writes leave through registers (one clock after the register write):
// the refusal depends on every core's enable and idle state, and that logic
// must not sit in front of each core's memory address or the scheduler's
// entry tables (it crossed the die there).  The late write is safe: the cores
// it addresses are disabled, so no dispatch reads their entries meanwhile.
module mccp_fw_loader #(
  parameter int NumCores = 4
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  input  logic [NumCores-1:0] cores_i,     // FW_CORES
  input  logic [NumCores-1:0] enable_i,    // CORE_ENABLE
  input  logic [NumCores-1:0] idle_i,      // CORE_IDLE
  // FW_ADDR
  input  logic                addr_we_i,
  input  logic [9:0]          addr_wdata_i,
  output logic [9:0]          addr_o,
  // FW_DATA
  input  logic                data_we_i,
  input  logic [31:0]         data_wdata_i,
  // FW_ENTRY
  input  logic                entry_we_i,
  input  logic [3:0]          entry_func_i,
  input  logic [9:0]          entry_addr_i,
  input  logic                entry_valid_i,
  output logic                refuse_o,    // a FW_DATA / FW_ENTRY write now would be refused
  // to the cores and the scheduler
  output logic [NumCores-1:0] imem_we_o,
  output logic [9:0]          imem_addr_o,
  output logic [31:0]         imem_wdata_o,
  output logic                ent_we_o,
  output logic [NumCores-1:0] ent_cores_o,
  output logic [3:0]          ent_func_o,
  output logic [9:0]          ent_addr_o,
  output logic                ent_valid_o
);

  logic [9:0]          addr_q;
  logic [NumCores-1:0] imem_we_q;
  logic [9:0]          imem_addr_q;
  logic [31:0]         imem_wdata_q;
  logic                ent_we_q;
  logic [NumCores-1:0] ent_cores_q;
  logic [3:0]          ent_func_q;
  logic [9:0]          ent_addr_q;
  logic                ent_valid_q;

  assign refuse_o = (cores_i & (enable_i | ~idle_i)) != '0;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      addr_q <= '0;
    end else if (addr_we_i) begin
      addr_q <= addr_wdata_i;
    end else if (data_we_i && !refuse_o) begin
      addr_q <= addr_q + 10'd1;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      imem_we_q <= '0;
      ent_we_q  <= 1'b0;
    end else begin
      imem_we_q <= (data_we_i && !refuse_o) ? cores_i : '0;
      ent_we_q  <= entry_we_i && !refuse_o;
    end
  end
  always_ff @(posedge clk_i) begin
    imem_addr_q  <= addr_q;
    imem_wdata_q <= data_wdata_i;
    ent_cores_q  <= cores_i;
    ent_func_q   <= entry_func_i;
    ent_addr_q   <= entry_addr_i;
    ent_valid_q  <= entry_valid_i;
  end
  assign addr_o       = addr_q;
  assign imem_we_o    = imem_we_q;
  assign imem_addr_o  = imem_addr_q;
  assign imem_wdata_o = imem_wdata_q;
  assign ent_we_o     = ent_we_q;
  assign ent_cores_o  = ent_cores_q;
  assign ent_func_o   = ent_func_q;
  assign ent_addr_o   = ent_addr_q;
  assign ent_valid_o  = ent_valid_q;

endmodule
