// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// mccp_secret_sink: where a secret output goes (docs/fabric.md "Secret inputs
// and outputs").  The output stage hands it the destination of a secret packet
// it grants (start_i, dest_i) and then the task's words, one per cycle
// (always taken); the sink turns them into one key-store commit:
// - an EC shared secret (dest.ec): the value right aligned in the last words
//   the unit wrote (an element of W words, m <= 283 bits), stored right
//   aligned in the 288-bit slot, size 3 with its curve, restricted;
// - an AES key of size dest.len: the first 16/24/32 bytes of the output, left
//   aligned as a host commit stores them, the rest of the slot zero,
//   restricted as dest.restricted says.
// The output stage has checked the word count (one or two words for a key,
// W for a secret), so the last word ends the collection.  busy_o holds from
// the start to the commit: the key store takes no read meanwhile (a request
// after the packet's status reads the new slot) and the output stage grants
// no other secret packet.  A host command that invalidates the destination
// (its zeroize or commit, a zeroize of all, a wipe) while the secret is on
// its way cancels the commit: the host's command wins.  The words are cleared
// once committed or cancelled.
module mccp_secret_sink (
  input  logic                          clk_i,
  input  logic                          rst_ni,
  // from the output stage
  input  logic                          start_i,
  input  mccp_fabric_pkg::secret_dest_t dest_i,
  input  logic                          word_valid_i,
  input  logic [127:0]                  word_i,
  input  logic                          word_last_i,
  output logic                          busy_o,
  // the key store's invalidation pulse (host commands)
  input  logic                          inv_valid_i,
  input  logic                          inv_all_i,
  input  logic [4:0]                    inv_slot_i,
  // commit port of mccp_key_store
  output logic                          sc_valid_o,
  input  logic                          sc_ready_i,
  output logic [4:0]                    sc_slot_o,
  output logic [287:0]                  sc_data_o,
  output logic [2:0]                    sc_len_o,
  output logic [2:0]                    sc_curve_o,
  output logic                          sc_restricted_o
);

  typedef enum logic [1:0] {
    StIdle,     // nothing on its way
    StCollect,  // taking the words
    StCommit,   // offering the commit
    StCancel    // taking the rest of the words of a cancelled secret
  } state_e;

  state_e                        state_q, state_d;
  mccp_fabric_pkg::secret_dest_t dest_q;
  logic [383:0]                  acc_q;     // the words, the last one at the bottom
  logic [1:0]                    words_q;

  logic cancel, take;
  assign cancel = inv_valid_i && (inv_all_i || inv_slot_i == dest_q.slot);
  assign take   = (state_q == StCollect || state_q == StCancel) && word_valid_i;

  always_comb begin
    state_d = state_q;
    unique case (state_q)
      StIdle:    if (start_i) state_d = StCollect;
      StCollect: begin
        if (take && word_last_i) state_d = cancel ? StIdle : StCommit;
        else if (cancel)         state_d = StCancel;
      end
      StCancel:  if (take && word_last_i) state_d = StIdle;
      StCommit:  if (sc_ready_i || cancel) state_d = StIdle;
      default:   state_d = StIdle;
    endcase
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q <= StIdle;
      dest_q  <= '0;
      acc_q   <= '0;
      words_q <= '0;
    end else begin
      state_q <= state_d;
      if (state_q == StIdle && start_i) begin
        dest_q  <= dest_i;
        words_q <= '0;
      end
      if (take) begin
        acc_q   <= {acc_q[255:0], word_i};
        words_q <= words_q + 2'd1;
      end
      if (state_d == StIdle) acc_q <= '0;   // committed or cancelled: no secret bits stay
    end
  end

  // The slot's 288 bits.  An AES key: its first word on top, the second (two
  // words) below it, cut to the key's size.
  logic [287:0] key;
  always_comb begin
    key = (words_q == 2'd1) ? {acc_q[127:0], 160'd0} : {acc_q[255:0], 32'd0};
    unique case (dest_q.len)
      2'd0:    key[159:0] = '0;
      2'd1:    key[95:0]  = '0;
      default: key[31:0]  = '0;
    endcase
  end

  assign busy_o          = state_q != StIdle;
  assign sc_valid_o      = state_q == StCommit && !cancel;
  assign sc_slot_o       = dest_q.slot;
  assign sc_data_o       = (state_q != StCommit) ? '0 : dest_q.ec ? acc_q[287:0] : key;
  assign sc_len_o        = dest_q.ec ? mccp_regs_pkg::KEY_SIZE_EC : {1'b0, dest_q.len};
  assign sc_curve_o      = dest_q.curve;
  assign sc_restricted_o = dest_q.restricted;

  logic unused;
  assign unused = ^{dest_q.need, acc_q[383:288]};

endmodule
