// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// An ARX element in a slot of mccp_top (docs/fabric.md "Slot contract",
// docs/arx.md): the element, the slot's buffers (mccp_slot_io: the packet's
// body in block RAM, the output held until the task ends OK, each word with
// its byte count) and the two adaptations to the fabric:
//   * firmware: the loader writes 32-bit image words.  Words 0 .. 2
//     ImemWords - 1 are the instructions (instruction k = words 2k, its bits
//     [31:0], and 2k + 1), words from 2 ImemWords the coefficient memory (word
//     j = image words 2 ImemWords + 4j .. + 3, bits [31:0] first); a word
//     completes on its last part.  The loader's sweep writes every part.
//   * the key: the key store's slot (key byte 0 in bits [287:280], left
//     aligned, the bytes a key does not have zero) byte-reversed to the
//     element's key port (byte i in bits [8i+7:8i]); its size code (0, 1, 2,
//     4: 16, 24, 32, 12 bytes) as the byte count the firmware finds in c4.
module mccp_arx_slot #(
  parameter int ImemWords = 1024,
  parameter int CmemWords = 64,
  parameter int InDepth   = 136,     // body words the slot holds (a whole packet)
  parameter int OutDepth  = 136,     // output words (a whole result, and more of the next)
  parameter bit PiPhi     = 1'b1,    // the element's pi-Cipher instructions
  localparam int ImAw = $clog2(ImemWords),
  localparam int CmAw = $clog2(CmemWords)
) (
  input  logic         clk_i,
  input  logic         rst_ni,
  // firmware loader
  input  logic         fw_we_i,
  input  logic [11:0]  fw_addr_i,
  input  logic [31:0]  fw_wdata_i,
  // slot contract
  input  logic         start_valid_i,
  output logic         start_ready_o,
  input  logic [9:0]   start_entry_i,
  input  logic [127:0] start_args_i,
  input  logic         start_empty_i,
  input  logic [287:0] start_key_i,
  input  logic [2:0]   start_key_len_i,   // the key store's size code
  input  logic         in_valid_i,
  output logic         in_ready_o,
  input  logic [127:0] in_data_i,
  input  logic         in_last_i,
  output logic         out_valid_o,
  input  logic         out_ready_i,
  output logic [127:0] out_data_o,
  output logic [4:0]   out_bytes_o,
  output logic         out_last_o,
  output logic         res_valid_o,
  input  logic         res_ready_i,
  output logic [7:0]   res_status_o,
  output logic [15:0]  res_bytes_o,
  input  logic         abort_i,
  output logic         busy_o
);

  if (2 * ImemWords + 4 * CmemWords > 4096) begin : g_bad_image
    $error("mccp_arx_slot: the image (2 x %0d + 4 x %0d words) must fit the loader's 4096", ImemWords, CmemWords);
  end
  if (ImemWords > 1024) begin : g_bad_entry
    $error("mccp_arx_slot: entries are 10 bits: ImemWords %0d at most 1024", ImemWords);
  end

  // ---- firmware words ------------------------------------------------------------
  localparam int CodeWords = 2 * ImemWords;
  logic [95:0]  part_q;               // the parts of the word being completed
  logic         in_code;
  logic [11:0]  cm_off;
  assign in_code = 32'(fw_addr_i) < CodeWords;
  assign cm_off  = fw_addr_i - 12'(CodeWords);
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) part_q <= '0;
    else if (fw_we_i) begin
      if (in_code) part_q[31:0] <= fw_wdata_i;
      else part_q[32 * cm_off[1:0] +: 32] <= fw_wdata_i;
    end
  end
  logic          im_we, cm_we;
  logic [63:0]   im_wdata;
  logic [127:0]  cm_wdata;
  assign im_we    = fw_we_i && in_code && fw_addr_i[0];
  assign im_wdata = {fw_wdata_i, part_q[31:0]};
  assign cm_we    = fw_we_i && !in_code && cm_off[1:0] == 2'd3 && 32'(cm_off[11:2]) < CmemWords;
  assign cm_wdata = {fw_wdata_i, part_q[95:0]};

  // ---- the key, byte-reversed -------------------------------------------------------
  logic [255:0] key;
  logic [5:0]   key_bytes;
  assign key_bytes = mccp_regs_pkg::key_size_bytes(start_key_len_i);
  always_comb begin
    for (int i = 0; i < 32; i++) key[8*i +: 8] = start_key_i[287 - 8*i -: 8];
  end

  // ---- buffers and the element ------------------------------------------------------
  logic         u_in_valid, u_in_ready, u_in_last, u_out_we, u_out_space, u_res_valid, u_res_ready;
  logic [127:0] u_in_data, u_out_data;
  logic [4:0]   u_out_bytes;
  logic [7:0]   u_status;

  mccp_slot_io #(
    .InDepth  (InDepth),
    .InRam    (1'b1),
    .OutDepth (OutDepth)
  ) u_io (
    .clk_i,
    .rst_ni,
    .in_valid_i,
    .in_ready_o,
    .in_data_i,
    .in_last_i,
    .out_valid_o,
    .out_ready_i,
    .out_data_o,
    .out_bytes_o,
    .out_last_o,
    .res_valid_o,
    .res_ready_i,
    .res_status_o,
    .res_bytes_o,
    .unit_in_valid_o   (u_in_valid),
    .unit_in_ready_i   (u_in_ready),
    .unit_in_data_o    (u_in_data),
    .unit_in_last_o    (u_in_last),
    .unit_out_we_i     (u_out_we),
    .unit_out_data_i   (u_out_data),
    .unit_out_bytes_i  (u_out_bytes),
    .unit_out_space_o  (u_out_space),
    .unit_res_valid_i  (u_res_valid),
    .unit_res_ready_o  (u_res_ready),
    .unit_res_status_i (u_status)
  );

  /* verilator lint_off PINCONNECTEMPTY */
  mccp_arx_pe #(
    .ImemWords   (ImemWords),
    .CmemWords   (CmemWords),
    .PiPhi       (PiPhi),
    .TraceEnable (1'b0)
  ) u_pe (
    .clk_i,
    .rst_ni,
    .im_we_i       (im_we),
    .im_waddr_i    (fw_addr_i[ImAw:1]),
    .im_wdata_i    (im_wdata),
    .cm_we_i       (cm_we),
    .cm_waddr_i    (cm_off[CmAw+1:2]),
    .cm_wdata_i    (cm_wdata),
    .start_valid_i,
    .start_ready_o,
    .start_entry_i (start_entry_i[ImAw-1:0]),
    .start_args_i,
    .start_empty_i,
    .start_key_i   (key),
    .start_key_len_i(key_bytes),
    .in_valid_i    (u_in_valid),
    .in_ready_o    (u_in_ready),
    .in_data_i     (u_in_data),
    .in_last_i     (u_in_last),
    .out_we_o      (u_out_we),
    .out_data_o    (u_out_data),
    .out_bytes_o   (u_out_bytes),
    .out_space_i   (u_out_space),
    .res_valid_o   (u_res_valid),
    .res_ready_i   (u_res_ready),
    .res_status_o  (u_status),
    .busy_o,
    .abort_i,
    .trace_valid_o (),
    .trace_cycle_o (),
    .trace_pc_o    (),
    .trace_insn_o  (),
    .trace_we_o    (),
    .trace_creg_o  (),
    .trace_reg_o   (),
    .trace_data_o  (),
    .trace2_we_o   (),
    .trace2_reg_o  (),
    .trace2_data_o ()
  );
  /* verilator lint_on PINCONNECTEMPTY */

  logic unused;
  assign unused = ^{start_key_i[31:0], start_entry_i, cm_off};

endmodule
