// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// mccp_fw_loader: the firmware window (FW_CORES / FW_LEN / FW_ADDR / FW_DATA /
// FW_CHECK / FW_ENTRY, docs/fabric.md "Firmware update").  An image is loaded
// in one session for the cores in FW_CORES:
//  * FW_LEN opens it: the length is latched, FW_ADDR and the CRC restart, and
//    the cores' memories are swept (one word per clock, BUSY) to FillWord, an
//    undefined instruction, while the first NumFuncs sweep clocks invalidate their
//    entry tables.  So no word of an older image survives past the new one,
//    and nothing runs until the new entries are written.
//  * FW_DATA words go to FW_ADDR, which then advances; a word at or beyond the
//    declared length (or after LEN words) is refused, never wrapped.  Each
//    accepted word enters a CRC-32 (zlib's: reflected, 0xEDB88320, bits taken
//    from bit 0 up, so a word counts as its 4 bytes little endian).
//  * FW_CHECK commits: accepted only when LEN words came and the CRC agrees.
//  * FW_ENTRY is accepted only for a committed image, at an address inside it.
// Images hold up to max_len_i words (1024 for AES cores and EC units; 4096 when
// FW_CORES names only ARX elements, whose 64-bit instructions and 128-bit
// constants take two and four words, docs/arx.md; a micro-core grid's image
// holds every core's instruction memory, docs/ugrid.md); the sweep clears that many.
// Every write is refused (SLVERR) while a core of FW_CORES is enabled for
// scheduling or not idle, so a core is only rewritten once the host has
// drained it; the others keep working.  Writes to the cores and the entry
// tables leave through registers (one clock after the register write): the
// refusal depends on every core's enable and idle state, and that logic must
// not sit in front of each core's memory address or the scheduler's entry
// tables (it crossed the die there).  The late write is safe: the cores it
// addresses are disabled, so no dispatch reads their entries meanwhile.
module mccp_fw_loader #(
  parameter int NumCores = 4,
  localparam int FuncW = mccp_regs_pkg::ModeBits + 1   // function index: mode * 2 + dir
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  input  logic [NumCores-1:0] cores_i,     // FW_CORES
  input  logic [NumCores-1:0] enable_i,    // CORE_ENABLE
  input  logic [NumCores-1:0] idle_i,      // CORE_IDLE
  input  logic [15:0]         max_len_i,   // the largest image of the cores in FW_CORES (1024, 4096, a grid's)
  // FW_LEN
  input  logic                len_we_i,
  input  logic [15:0]         len_wdata_i,
  output logic                len_err_o,
  output logic [15:0]         len_o,
  output logic                loaded_o,
  output logic                committed_o,
  output logic                busy_o,
  // FW_ADDR
  input  logic                addr_we_i,
  input  logic [15:0]         addr_wdata_i,
  output logic                addr_err_o,
  output logic [15:0]         addr_o,
  // FW_DATA
  input  logic                data_we_i,
  input  logic [31:0]         data_wdata_i,
  output logic                data_err_o,
  // FW_CHECK
  input  logic                check_we_i,
  input  logic [31:0]         check_wdata_i,
  output logic                check_err_o,
  output logic [31:0]         crc_o,
  // FW_ENTRY
  input  logic                entry_we_i,
  input  logic [FuncW-1:0]    entry_func_i,
  input  logic [9:0]          entry_addr_i,
  input  logic                entry_valid_i,
  output logic                entry_err_o,
  // to the cores and the scheduler
  output logic [NumCores-1:0] imem_we_o,
  output logic [15:0]         imem_addr_o,
  output logic [31:0]         imem_wdata_o,
  output logic                ent_we_o,
  output logic [NumCores-1:0] ent_cores_o,
  output logic [FuncW-1:0]    ent_func_o,
  output logic [9:0]          ent_addr_o,
  output logic                ent_valid_o
);

  // Opcode 0x3F is undefined (src/mccp/isa/insns.yml): a task reaching a
  // cleared word traps ILLEGAL instead of running on (word 0 is a nop).
  localparam logic [31:0] FillWord  = 32'hFFFF_FFFF;
  localparam logic [31:0] CrcPoly   = 32'hEDB8_8320;

  logic [NumCores-1:0] img_cores_q;   // FW_CORES when the image was opened
  logic                open_q, busy_q, committed_q;
  logic [15:0]         len_q, cnt_q, sweep_q, sweep_end_q;
  logic [15:0]         addr_q;
  logic [31:0]         crc_q, crc_d;

  logic [NumCores-1:0] imem_we_q;
  logic [15:0]         imem_addr_q;
  logic [31:0]         imem_wdata_q;
  logic                ent_we_q;
  logic [NumCores-1:0] ent_cores_q;
  logic [FuncW-1:0]    ent_func_q;
  logic [9:0]          ent_addr_q;
  logic                ent_valid_q;

  logic cores_busy, same_cores, len_ok, data_ok, check_ok, entry_ok, addr_ok;
  logic len_go, data_go, check_go, entry_go;

  assign cores_busy = (cores_i & (enable_i | ~idle_i)) != '0;
  assign same_cores = open_q && (cores_i == img_cores_q);

  assign len_ok   = !cores_busy && !busy_q && (len_wdata_i != '0) && (len_wdata_i <= max_len_i);
  assign addr_ok  = !cores_busy && !busy_q && (addr_wdata_i < max_len_i);
  assign data_ok  = !cores_busy && !busy_q && same_cores &&
                    (addr_q < len_q) && (cnt_q < len_q);
  assign check_ok = !cores_busy && !busy_q && same_cores && (cnt_q == len_q) &&
                    (~crc_q == check_wdata_i);
  assign entry_ok = !cores_busy && !busy_q && same_cores && committed_q &&
                    (!entry_valid_i || (16'(entry_addr_i) < len_q));

  assign len_go   = len_we_i && len_ok;
  assign data_go  = data_we_i && data_ok;
  assign check_go = check_we_i && check_ok;
  assign entry_go = entry_we_i && entry_ok;

  assign len_err_o   = len_we_i && !len_ok;
  assign addr_err_o  = addr_we_i && !addr_ok;
  assign data_err_o  = data_we_i && !data_ok;
  assign check_err_o = check_we_i && !check_ok;
  assign entry_err_o = entry_we_i && !entry_ok;

  // One word into the CRC, bit 0 first.
  always_comb begin
    crc_d = crc_q ^ data_wdata_i;
    for (int b = 0; b < 32; b++) begin
      crc_d = crc_d[0] ? ((crc_d >> 1) ^ CrcPoly) : (crc_d >> 1);
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      img_cores_q <= '0;
      open_q      <= 1'b0;
      busy_q      <= 1'b0;
      committed_q <= 1'b0;
      len_q       <= '0;
      cnt_q       <= '0;
      sweep_q     <= '0;
      sweep_end_q <= '0;
      addr_q      <= '0;
      crc_q       <= '1;
    end else begin
      if (len_go) begin
        img_cores_q <= cores_i;
        open_q      <= 1'b1;
        busy_q      <= 1'b1;
        committed_q <= 1'b0;
        len_q       <= len_wdata_i;
        cnt_q       <= '0;
        sweep_q     <= '0;
        sweep_end_q <= max_len_i - 16'd1;
        addr_q      <= '0;
        crc_q       <= '1;
      end else begin
        if (busy_q) begin
          sweep_q <= sweep_q + 16'd1;
          if (sweep_q == sweep_end_q) busy_q <= 1'b0;
        end
        if (addr_we_i && addr_ok) begin
          addr_q <= addr_wdata_i;
        end else if (data_go) begin
          addr_q <= addr_q + 16'd1;
        end
        if (data_go) begin
          cnt_q <= cnt_q + 16'd1;
          crc_q <= crc_d;
        end
        if (check_go) committed_q <= 1'b1;
      end
    end
  end

  logic sweep_ent;   // the first NumFuncs sweep clocks invalidate function sweep_q
  assign sweep_ent = busy_q && (sweep_q[15:FuncW] == '0);

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      imem_we_q <= '0;
      ent_we_q  <= 1'b0;
    end else begin
      imem_we_q <= (busy_q || data_go) ? img_cores_q : '0;
      ent_we_q  <= sweep_ent || entry_go;
    end
  end
  always_ff @(posedge clk_i) begin
    imem_addr_q  <= busy_q ? sweep_q : addr_q;
    imem_wdata_q <= busy_q ? FillWord : data_wdata_i;
    ent_cores_q  <= busy_q ? img_cores_q : cores_i;
    ent_func_q   <= busy_q ? sweep_q[FuncW-1:0] : entry_func_i;
    ent_addr_q   <= busy_q ? '0 : entry_addr_i;
    ent_valid_q  <= !busy_q && entry_valid_i;
  end

  assign len_o        = len_q;
  assign loaded_o     = open_q && (cnt_q == len_q);
  assign committed_o  = committed_q;
  assign busy_o       = busy_q;
  assign addr_o       = addr_q;
  assign crc_o        = ~crc_q;
  assign imem_we_o    = imem_we_q;
  assign imem_addr_o  = imem_addr_q;
  assign imem_wdata_o = imem_wdata_q;
  assign ent_we_o     = ent_we_q;
  assign ent_cores_o  = ent_cores_q;
  assign ent_func_o   = ent_func_q;
  assign ent_addr_o   = ent_addr_q;
  assign ent_valid_o  = ent_valid_q;

endmodule
