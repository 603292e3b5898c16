// Copyright MCCP contributors.
// SPDX-License-Identifier: Apache-2.0
//
// mccp_cop: the custom-instruction coprocessor port of mccp_top (docs/soc.md): one AES block
// at a time for a CPU beside MCCP, with a key from the key store (paper 003's FCM, the RISC-V
// way).  The port is a CFU-style pair of handshakes: a command (function, two 32-bit
// operands a and b) and an answer (32 bits), one command in flight, answers in order.
//
// Functions (mccp_regs_pkg::COP_*, generated from regs.yml cop_functions; func_i[2:0] is
// the function, func_i[9:3] must be 0 or the answer is BAD_PARAM):
//   key a         read key slot a through the key store's read port; an AES key of
//                 128/192/256 bits that is not restricted goes into the engine's own
//                 key expander (answer OK when expanded), anything else KEY_ERROR and no
//                 key is held.  The key bits go from the key store straight into the
//                 engine: this module registers none of them.
//   load-lo a, b  block bytes 0..7;  load-hi a, b: bytes 8..15 (big endian words)
//   encrypt/decrypt  the block with the held key (11/13/15 cycles); answer OK, or ILLEGAL
//                 with a zero result when no key is held
//   read a        result word a[1:0]
//   clear         forget the key (the engine expands a zero 256-bit key over the round-key
//                 store) and zero the block and the result
//   info          bit 31: a key is held, [9:8] its size, [4:0] its slot
// A key the host replaces or zeroizes (the key store's invalidation of its slot, or of
// all) is no longer held from that cycle on, also when it was being loaded: a key command
// under way then answers KEY_ERROR.
//
// Enable = 0: no engine; every command is answered NO_CORE in the next cycle, so a CPU that
// issues one anyway does not hang.
module mccp_cop #(
  parameter bit Enable   = 1'b1,
  parameter int KeySlots = 16
) (
  input  logic         clk_i,
  input  logic         rst_ni,
  // command
  input  logic         cmd_valid_i,
  output logic         cmd_ready_o,
  input  logic [9:0]   cmd_func_i,
  input  logic [31:0]  cmd_a_i,
  input  logic [31:0]  cmd_b_i,
  // answer
  output logic         rsp_valid_o,
  input  logic         rsp_ready_i,
  output logic [31:0]  rsp_data_o,
  // the key store's read port (through mccp_key_read_arb)
  output logic         ks_req_o,
  output logic [4:0]   ks_slot_o,
  input  logic         ks_ack_i,
  input  logic [287:0] ks_key_i,
  input  logic [2:0]   ks_len_i,
  input  logic         ks_restricted_i,
  input  logic         ks_valid_i,
  // key invalidation (mccp_key_store)
  input  logic         inv_valid_i,
  input  logic [4:0]   inv_slot_i,
  input  logic         inv_all_i
);

  // status codes: the core's (mccp_isa_pkg) and the fabric's (mccp_regs_pkg)
  localparam logic [31:0] StOk       = 32'(mccp_isa_pkg::STATUS_OK);
  localparam logic [31:0] StIllegal  = 32'(mccp_isa_pkg::STATUS_ILLEGAL);
  localparam logic [31:0] StBadParam = 32'(mccp_isa_pkg::STATUS_BAD_PARAM);
  localparam logic [31:0] StKeyError = 32'(mccp_regs_pkg::STATUS_KEY_ERROR);
  localparam logic [31:0] StNoCore   = 32'(mccp_regs_pkg::STATUS_NO_CORE);

  logic        rsp_valid_q;
  logic [31:0] rsp_data_q;
  assign rsp_valid_o = rsp_valid_q;
  assign rsp_data_o  = rsp_data_q;

  if (Enable) begin : g_cop
    typedef enum logic [2:0] {Idle, KeyRead, KeyWait, Block, Clear, ClearWait} state_e;
    state_e       state_q;
    logic [127:0] block_q, result_q;
    logic         held_q;        // an expanded key of slot_q may be used
    logic         stale_q;       // the slot being loaded was invalidated since its read began
    logic [4:0]   slot_q;
    logic [1:0]   size_q;
    logic         decrypt_q;
    logic         sent_q;        // the block of this command went into the engine

    // the engine: its own key expander, decryption, S-boxes in block RAM
    logic         key_valid, key_ready, key_expanded, in_valid, in_ready, out_valid, out_error;
    logic [255:0] key;
    logic [1:0]   key_len;
    logic [127:0] out_data;

    logic [2:0] func;
    logic       accept, inv_hit;
    assign func        = cmd_func_i[2:0];
    assign cmd_ready_o = (state_q == Idle) && !rsp_valid_q;
    assign accept      = cmd_valid_i && cmd_ready_o;
    assign inv_hit     = inv_valid_i && (inv_all_i || inv_slot_i == slot_q);

    assign ks_req_o  = (state_q == KeyRead);
    assign ks_slot_o = slot_q;

    // The key bits go into the engine in the cycle of the key store's ack, straight from its
    // port (the engine is idle then: nothing else runs while a key command is under way);
    // zeros for clear.
    logic key_ok;
    assign key_ok = ks_ack_i && ks_valid_i && !ks_restricted_i && ks_len_i <= 3'd2 && !stale_q && !inv_hit;
    always_comb begin
      key_valid = 1'b0;
      key       = '0;
      key_len   = 2'd2;
      if (state_q == KeyRead) begin
        key_valid = key_ok;
        key       = ks_key_i[287:32];
        key_len   = ks_len_i[1:0];
      end else if (state_q == Clear) begin
        key_valid = 1'b1;
      end
    end

    // one block per command: offered until the engine takes it, never again (a second offer
    // would start a duplicate whose late result a following command could take for its own)
    assign in_valid = (state_q == Block) && !sent_q;

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        state_q     <= Idle;
        rsp_valid_q <= 1'b0;
        rsp_data_q  <= '0;
        block_q     <= '0;
        result_q    <= '0;
        held_q      <= 1'b0;
        stale_q     <= 1'b0;
        slot_q      <= '0;
        size_q      <= '0;
        decrypt_q   <= 1'b0;
        sent_q      <= 1'b0;
      end else begin
        if (rsp_valid_q && rsp_ready_i) rsp_valid_q <= 1'b0;
        if (inv_hit) begin
          held_q  <= 1'b0;
          stale_q <= 1'b1;
        end
        unique case (state_q)
          Idle: if (accept) begin
            if (cmd_func_i[9:3] != '0) begin
              rsp_valid_q <= 1'b1;
              rsp_data_q  <= StBadParam;
            end else begin
              unique case (func)
                mccp_regs_pkg::COP_KEY: begin
                  held_q  <= 1'b0;
                  stale_q <= 1'b0;
                  slot_q  <= cmd_a_i[4:0];
                  if (cmd_a_i >= 32'(KeySlots)) begin
                    rsp_valid_q <= 1'b1;
                    rsp_data_q  <= StKeyError;
                  end else begin
                    state_q <= KeyRead;
                  end
                end
                mccp_regs_pkg::COP_LOAD_LO: begin
                  block_q[127:64] <= {cmd_a_i, cmd_b_i};
                  rsp_valid_q     <= 1'b1;
                  rsp_data_q      <= '0;
                end
                mccp_regs_pkg::COP_LOAD_HI: begin
                  block_q[63:0] <= {cmd_a_i, cmd_b_i};
                  rsp_valid_q   <= 1'b1;
                  rsp_data_q    <= '0;
                end
                mccp_regs_pkg::COP_ENCRYPT, mccp_regs_pkg::COP_DECRYPT: begin
                  decrypt_q <= (func == mccp_regs_pkg::COP_DECRYPT);
                  if (held_q && !inv_hit) begin
                    state_q <= Block;
                  end else begin
                    result_q    <= '0;
                    rsp_valid_q <= 1'b1;
                    rsp_data_q  <= StIllegal;
                  end
                end
                mccp_regs_pkg::COP_READ: begin
                  rsp_valid_q <= 1'b1;
                  rsp_data_q  <= result_q[{~cmd_a_i[1:0], 5'd0} +: 32];   // word 0 = bits [127:96]
                end
                mccp_regs_pkg::COP_CLEAR: begin
                  held_q   <= 1'b0;
                  block_q  <= '0;
                  result_q <= '0;
                  state_q  <= Clear;
                end
                default: begin   // COP_INFO
                  rsp_valid_q <= 1'b1;
                  rsp_data_q  <= {held_q && !inv_hit, 21'd0, size_q, 3'd0, slot_q};
                end
              endcase
            end
          end
          KeyRead: if (ks_ack_i) begin
            if (key_ok) begin
              size_q  <= ks_len_i[1:0];
              state_q <= KeyWait;
            end else begin
              state_q     <= Idle;
              rsp_valid_q <= 1'b1;
              rsp_data_q  <= StKeyError;
            end
          end
          KeyWait: if (key_expanded) begin   // key_expanded drops the cycle after the load
            state_q     <= Idle;
            held_q      <= !(stale_q || inv_hit);
            rsp_valid_q <= 1'b1;
            rsp_data_q  <= (stale_q || inv_hit) ? StKeyError : StOk;
          end
          Block: begin
            if (in_valid && in_ready) sent_q <= 1'b1;
            if (out_valid) begin
              state_q     <= Idle;
              sent_q      <= 1'b0;
              result_q    <= out_error ? '0 : out_data;
              rsp_valid_q <= 1'b1;
              rsp_data_q  <= out_error ? StIllegal : StOk;
            end
          end
          Clear: if (key_ready) state_q <= ClearWait;
          ClearWait: if (key_expanded) begin
            state_q     <= Idle;
            rsp_valid_q <= 1'b1;
            rsp_data_q  <= '0;
          end
          default: state_q <= Idle;
        endcase
      end
    end

    logic key_error, out_next, busy;
    mccp_aes_engine #(.DecryptEnable(1'b1)) u_engine (
      .clk_i,
      .rst_ni,
      .key_valid_i    (key_valid),
      .key_ready_o    (key_ready),
      .key_i          (key),
      .key_len_i      (key_len),
      .key_error_o    (key_error),
      .key_expanded_o (key_expanded),
      .in_valid_i     (in_valid),
      .in_ready_o     (in_ready),
      .in_decrypt_i   (decrypt_q),
      .in_data_i      (block_q),
      .out_valid_o    (out_valid),
      .out_ready_i    (1'b1),
      .out_data_o     (out_data),
      .out_error_o    (out_error),
      .out_next_o     (out_next),
      .busy_o         (busy)
    );

    logic unused;
    assign unused = ^{key_error, out_next, busy, ks_key_i[31:0]};
  end else begin : g_none
    assign cmd_ready_o = !rsp_valid_q;
    assign ks_req_o    = 1'b0;
    assign ks_slot_o   = '0;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        rsp_valid_q <= 1'b0;
        rsp_data_q  <= '0;
      end else if (cmd_valid_i && cmd_ready_o) begin
        rsp_valid_q <= 1'b1;
        rsp_data_q  <= StNoCore;
      end else if (rsp_ready_i) begin
        rsp_valid_q <= 1'b0;
      end
    end
    logic unused;
    assign unused = ^{cmd_func_i, cmd_a_i, cmd_b_i, ks_ack_i, ks_key_i, ks_len_i, ks_restricted_i,
                      ks_valid_i, inv_valid_i, inv_slot_i, inv_all_i};
  end

endmodule
