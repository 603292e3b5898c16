// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// mccp_stream_in: the packet parser.  Reads the header word of each input
// packet (docs/fabric.md "Input packet"), looks the channel up, checks the
// header against the channel, asks the scheduler for a core and streams the
// body words straight into that core's input buffer -- so a packet loads while
// the other cores compute.  Packets that cannot run (unknown or disabled
// channel, malformed header, oversize, or refused by the scheduler) are
// dropped up to TLAST and reported as a header-only error record.
//
// Length rule: the header says how many body words follow.  TLAST early: the
// word with TLAST is the core's last word (the firmware then traps TRUNCATED).
// TLAST late: the core's last word is the expected one, the extra words are
// dropped and in_done reports len_err (the output stage turns the status into
// LENGTH).  in_done pulses once per granted packet, when its TLAST has passed.
// Bytes (docs/fabric.md "Words and beats"): the packet's last word must hold
// exactly the last field's bytes (its length mod 16, or 16); a last word cut
// shorter or padded longer, a partial header word or a TKEEP pattern the
// upsizer flags is len_err too, so no packet runs on bytes it did not carry
// and none is answered OK with a byte count the header does not give.
// Secret input (a SECRET_IN channel, docs/fabric.md "Secret inputs and
// outputs"): the packet is its header alone, and the task's payload is the
// shared secret the scheduler read from the key store: ceil(m/8) bytes (m the
// channel's curve's field), which this parser pushes into the granted core as
// its body words (sec_word_i, one per sec_pop_o) instead of stream words.
module mccp_stream_in #(
  parameter int NumCores = 4,
  parameter int Channels = 64,
  parameter int InWords = 136       // body words a core's input buffer holds
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  // words from mccp_prim_width_up
  input  logic                word_valid_i,
  output logic                word_ready_o,
  input  logic [127:0]        word_data_i,
  input  logic [4:0]          word_bytes_i,     // valid bytes: 16 but for a packet's last word
  input  logic                word_keep_err_i,  // a beat of the word broke the TKEEP rule
  input  logic                word_last_i,
  // channel table lookup (registered read: cfg one cycle after idx)
  output logic [7:0]          chan_idx_o,
  input  mccp_fabric_pkg::chan_cfg_t chan_cfg_i,
  // request to the scheduler; it answers with a core or an error status
  output logic                req_valid_o,
  input  logic                req_ready_i,
  input  logic                req_err_i,
  input  logic [7:0]          req_err_status_i,
  input  logic [3:0]          req_core_i,
  output mccp_fabric_pkg::task_req_t req_o,
  // body words to the granted core (data and last shared, valid per core)
  output logic [NumCores-1:0] core_valid_o,
  input  logic [NumCores-1:0] core_ready_i,
  output logic [127:0]        core_data_o,
  output logic                core_last_o,
  // a secret input's words, from the scheduler (the next one after each pop)
  input  logic [127:0]        sec_word_i,
  output logic                sec_pop_o,
  output logic                sec_last_o,
  // the granted packet's input has fully passed (TLAST seen)
  output logic                in_done_valid_o,
  output logic [3:0]          in_done_core_o,
  output logic                in_done_len_err_o,
  // error records (no core)
  output logic                err_valid_o,
  input  logic                err_ready_i,
  output logic [7:0]          err_status_o,
  output logic [15:0]         err_channel_o,
  output logic [31:0]         err_seq_o,
  // a packet header was accepted
  output logic                pkt_in_o
);

  if (NumCores < 1 || NumCores > 16 || Channels < 1 || Channels > 256) begin : g_bad_params
    $error("mccp_stream_in: NumCores %0d (1..16) or Channels %0d (1..256) out of range",
           NumCores, Channels);
  end

  localparam int Cw = (NumCores > 1) ? $clog2(NumCores) : 1;  // core index bits

  typedef enum logic [2:0] {
    StHdr,     // waiting for a header word
    StLookup,  // channel table read
    StCheck,   // header checked against the channel
    StReq,     // waiting for the scheduler
    StBody,    // body words to the core
    StErr,     // error record on offer
    StDrop,    // dropping words up to TLAST
    StSecret   // a secret input's words to the core
  } state_e;

  state_e state_q, state_d;

  mccp_fabric_pkg::in_hdr_t     hdr_q, word_hdr;
  logic        hdr_last_q;      // TLAST came with the header word
  mccp_fabric_pkg::chan_cfg_t   cfg_q;
  logic [7:0]  err_q, err_d;
  logic        len_err_q, len_err_d;  // drop state: the packet was granted, report in_done
  // Body words still to go to the core: all the header announces from StLookup
  // until the body starts, then counted down (the last word, to the core's FIFO,
  // is a compare with 1, with no subtract before it).
  logic [13:0] left_q;
  logic [Cw-1:0] core_q;
  // Valid bytes the packet's last word must hold (1..16), from the header in
  // StLookup; and a sticky flag: a partial header word or a TKEEP error so far.
  logic [4:0]  lastb_q, lastb_d;
  logic        kerr_q;

  // Body words of a field of n bytes.
  function automatic logic [13:0] nwords(input logic [15:0] n);
    nwords = 14'(({1'b0, n} + 17'd15) >> 4);
  endfunction


  // Header checks (registered in StCheck).  The body length is summed from the
  // header alone and registered a state earlier, in StLookup, so its adders do
  // not run on into the checks (carry chains in series were the 2-core tops'
  // critical path, from here into the cores' input FIFOs).
  logic        is_ecc, is_rng, is_arx, is_unit, mac_mode, has_tag, aad_ok, dir, op_ok, chan_ok, fields_ok;
  logic [13:0] words_d;
  logic [7:0]  check_status;
  logic [6:0]  tag_expect;
  // An ecc or rng channel's packet carries its operands (request) as payload;
  // op 0, no AAD, nonce or tag (docs/fabric.md "Elliptic-curve packets",
  // docs/entropy.md).
  assign is_ecc     = cfg_q.kind == mccp_regs_pkg::KIND_ECC;
  assign is_rng     = cfg_q.kind == mccp_regs_pkg::KIND_RNG;
  assign is_unit    = is_ecc || is_rng;
  // An arx channel's packet has an AES AEAD channel's fields (docs/arx.md): a nonce, AAD,
  // the payload and, to decrypt or verify, the tag.
  assign is_arx     = cfg_q.kind == mccp_regs_pkg::KIND_ARX;
  // An arx MAC mode (regs.yml `mac: true`, SipHash) takes the ops mac / verify.
  assign mac_mode   = is_arx ? mccp_regs_pkg::ArxMacModes[cfg_q.mode] :
                      !is_unit && ((cfg_q.mode == mccp_regs_pkg::MODE_CBC_MAC) || (cfg_q.mode == mccp_regs_pkg::MODE_CMAC) ||
                                   (cfg_q.mode == mccp_regs_pkg::MODE_GMAC));
  assign has_tag     = mac_mode || is_arx ||
                       (!is_unit && ((cfg_q.mode == mccp_regs_pkg::MODE_CCM) || (cfg_q.mode == mccp_regs_pkg::MODE_GCM)));
  assign aad_ok     = is_arx || (cfg_q.mode == mccp_regs_pkg::MODE_CCM) || (cfg_q.mode == mccp_regs_pkg::MODE_GCM) ||
                      (cfg_q.mode == mccp_regs_pkg::MODE_GMAC);
  assign dir        = hdr_q.op[0];
  assign op_ok      = is_unit ? (hdr_q.op == '0) : (hdr_q.op[7:2] == '0) && (hdr_q.op[1] == mac_mode);
  assign tag_expect = (has_tag && dir) ? cfg_q.tag_len : 7'd0;
  assign chan_ok    = (32'(hdr_q.channel) < Channels) && cfg_q.enable;
  // Fields a mode does not take (firmware/*.s): AAD only with CCM, GCM and
  // GMAC; GMAC's message travels as AAD, so it takes no payload.  The core
  // would otherwise read the AAD words as payload (ECB/CBC/CTR) or run full
  // GCM on a MAC-only channel.
  // A SECRET_IN packet carries no payload or AAD of its own.
  assign fields_ok  = is_unit ? (hdr_q.aad_len == '0 && hdr_q.nonce_len == '0) :
                      ((hdr_q.aad_len == '0) || aad_ok) &&
                      ((hdr_q.payload_len == '0) || is_arx || (cfg_q.mode != mccp_regs_pkg::MODE_GMAC)) &&
                      (hdr_q.nonce_len == {6'd0, cfg_q.nonce_len}) &&
                      (!cfg_q.secret_in || (hdr_q.payload_len == '0 && hdr_q.aad_len == '0));
  assign words_d    = nwords(hdr_q.nonce_len) + nwords(hdr_q.aad_len) +
                      nwords(hdr_q.payload_len) + nwords({8'd0, hdr_q.tag_len});

  // The last field of the packet sets the last word's byte count: tag, else
  // payload, else AAD, else nonce, else the header alone (16).
  logic [3:0] last_mod;
  logic       last_hdr;
  always_comb begin
    last_hdr = 1'b0;
    if (hdr_q.tag_len != '0)          last_mod = hdr_q.tag_len[3:0];
    else if (hdr_q.payload_len != '0) last_mod = hdr_q.payload_len[3:0];
    else if (hdr_q.aad_len != '0)     last_mod = hdr_q.aad_len[3:0];
    else if (hdr_q.nonce_len != '0)   last_mod = hdr_q.nonce_len[3:0];
    else begin
      last_mod = 4'd0;
      last_hdr = 1'b1;
    end
    lastb_d = (last_mod == '0 || last_hdr) ? 5'd16 : {1'b0, last_mod};
  end

  always_comb begin
    check_status = mccp_isa_pkg::STATUS_OK;
    if (hdr_q.magic != mccp_regs_pkg::HDR_IN_MAGIC || hdr_q.reserved != '0) check_status = mccp_regs_pkg::STATUS_BAD_HEADER;
    else if (!chan_ok)                                   check_status = mccp_regs_pkg::STATUS_NO_CHANNEL;
    else if (!op_ok || !fields_ok || hdr_q.tag_len != {1'd0, tag_expect})
                                                         check_status = mccp_regs_pkg::STATUS_BAD_HEADER;
    else if (32'(left_q) > InWords)                      check_status = mccp_isa_pkg::STATUS_OVERSIZE;
  end

  // The request: function, key, policy and the core's task arguments.  A
  // secret input's length replaces the payload length; a KDF channel's block
  // count (1 for an AES-128 destination, else 2) goes to s3[19:18].
  logic [15:0] payload_len;
  logic [1:0]  kdf_blocks;
  assign payload_len = cfg_q.secret_in ? 16'(mccp_fabric_pkg::secret_bytes(cfg_q.curve)) : hdr_q.payload_len;
  assign kdf_blocks  = !cfg_q.kdf ? 2'd0 : (cfg_q.dest_len == 2'd0) ? 2'd1 : 2'd2;
  always_comb begin
    req_o          = '0;
    req_o.channel  = hdr_q.channel[7:0];
    req_o.seq      = hdr_q.seq;
    req_o.kind     = cfg_q.kind;
    // ec-public and ecdh take the channel's key slot: an EC private scalar of the channel's
    // curve; the randomness unit takes no key
    req_o.keyless  = is_rng ||
                     (is_ecc && cfg_q.mode != mccp_regs_pkg::MODE_EC_PUBLIC && cfg_q.mode != mccp_regs_pkg::MODE_ECDH) ||
                     (is_arx && mccp_regs_pkg::ArxKeylessModes[cfg_q.mode]);   // the hashes
    // a secret output: an ecdh shared secret (restricted), a generated EC private scalar
    // (rng ec-keygen; not restricted, as a host's), or an AES key
    req_o.secret_out      = cfg_q.secret_out;
    req_o.dest.slot       = cfg_q.dest_slot;
    req_o.dest.ec         = is_ecc || (is_rng && cfg_q.mode == mccp_regs_pkg::MODE_EC_KEYGEN);
    req_o.dest.len        = cfg_q.dest_len;
    req_o.dest.curve      = cfg_q.curve;
    req_o.dest.restricted = is_ecc || cfg_q.secret_in;   // a shared secret, or what a task made of one
    req_o.dest.need       = req_o.dest.ec ? mccp_fabric_pkg::element_bytes(cfg_q.curve) : 6'd16 + 6'(cfg_q.dest_len) * 6'd8;
    req_o.secret_in = !is_unit && cfg_q.secret_in;
    req_o.src_slot  = cfg_q.src_slot;
    req_o.zero_key  = !is_unit && cfg_q.zero_key;
    req_o.func     = {cfg_q.mode, dir};
    req_o.key_slot = cfg_q.key_slot;
    req_o.key_len  = is_ecc ? mccp_regs_pkg::KEY_SIZE_EC : cfg_q.key_len;
    req_o.key_curve = cfg_q.curve;
    req_o.affinity = cfg_q.affinity;
    req_o.ordered  = cfg_q.ordered;
    req_o.split    = cfg_q.split;
    req_o.empty    = !cfg_q.secret_in && (hdr_last_q || (left_q == '0));  // no body word will reach the core
    req_o.args     = is_unit ? {29'd0, cfg_q.curve, 16'd0, hdr_q.payload_len, 28'd0, cfg_q.mode, 32'd0}
                            : {16'd0, payload_len, 16'd0, hdr_q.aad_len,
                               16'd0, hdr_q.nonce_len, 12'd0, kdf_blocks, 11'd0, cfg_q.tag_len};
  end

  logic body_fire, body_last, word_fire, sec_fire, sec_last;
  assign word_fire = word_valid_i && word_ready_o;
  assign body_fire = (state_q == StBody) && word_valid_i && core_ready_i[core_q];
  assign body_last = word_last_i || (left_q == 14'd1);
  // the secret's words: counted down in sec_left_q from the grant
  logic [1:0] sec_left_q;
  assign sec_fire = (state_q == StSecret) && core_ready_i[core_q];
  assign sec_last = sec_left_q == 2'd1;

  always_comb begin
    state_d   = state_q;
    err_d     = err_q;
    len_err_d = len_err_q;
    unique case (state_q)
      StHdr:    if (word_valid_i) state_d = StLookup;
      StLookup: state_d = StCheck;
      StCheck: begin
        err_d = check_status;
        state_d = (check_status == mccp_isa_pkg::STATUS_OK) ? StReq : StErr;
      end
      StReq: begin
        if (req_ready_i) begin
          if (req_err_i) begin
            err_d   = req_err_status_i;
            state_d = StErr;
          end else if (cfg_q.secret_in) begin
            state_d = StSecret;       // the body comes from the key store
          end else if (left_q == '0) begin
            // no body: TLAST must have come with the header
            len_err_d = !hdr_last_q;
            state_d   = hdr_last_q ? StHdr : StDrop;
          end else if (hdr_last_q) begin
            state_d = StHdr;          // body announced but TLAST already seen
          end else begin
            state_d = StBody;
          end
        end
      end
      StBody: begin
        if (body_fire && body_last) begin
          len_err_d = !word_last_i;
          state_d   = word_last_i ? StHdr : StDrop;
        end
      end
      StErr: begin
        len_err_d = 1'b0;
        if (err_ready_i) state_d = hdr_last_q ? StHdr : StDrop;
      end
      StDrop: if (word_valid_i && word_last_i) state_d = StHdr;
      StSecret: begin
        // then the packet must end with its header (else its words are dropped: LENGTH)
        if (sec_fire && sec_last) begin
          len_err_d = !hdr_last_q;
          state_d   = hdr_last_q ? StHdr : StDrop;
        end
      end
      default: state_d = StHdr;
    endcase
  end

  // Words are taken in the header state, while dropping, and by the core.
  always_comb begin
    word_ready_o = 1'b0;
    unique case (state_q)
      StHdr:   word_ready_o = 1'b1;
      StBody:  word_ready_o = core_ready_i[core_q];
      StDrop:  word_ready_o = 1'b1;
      default: word_ready_o = 1'b0;
    endcase
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q    <= StHdr;
      hdr_q      <= '0;
      hdr_last_q <= 1'b0;
      cfg_q      <= '0;
      err_q      <= '0;
      len_err_q  <= 1'b0;
      left_q     <= '0;
      core_q     <= '0;
      lastb_q    <= 5'd16;
      kerr_q     <= 1'b0;
      sec_left_q <= '0;
    end else begin
      state_q   <= state_d;
      err_q     <= err_d;
      len_err_q <= len_err_d;
      if (state_q == StHdr && word_fire) begin
        hdr_q      <= word_hdr;
        hdr_last_q <= word_last_i;
        kerr_q     <= word_keep_err_i || (word_bytes_i != 5'd16);
      end else if (word_fire && word_keep_err_i) begin
        kerr_q     <= 1'b1;
      end
      if (state_q == StLookup) begin
        cfg_q   <= chan_cfg_i;  // read with the index of StHdr
        left_q  <= words_d;
        lastb_q <= lastb_d;
      end
      if (state_q == StReq && req_ready_i) core_q <= req_core_i[Cw-1:0];
      if (body_fire) left_q <= left_q - 14'd1;
      if (state_q == StReq) sec_left_q <= 2'(nwords({10'd0, mccp_fabric_pkg::secret_bytes(cfg_q.curve)}));
      else if (sec_fire) sec_left_q <= sec_left_q - 2'd1;
    end
  end

  // The table registers the index of the header word itself, so the entry is
  // there in StLookup.
  assign word_hdr     = word_data_i;
  assign chan_idx_o   = (state_q == StHdr) ? word_hdr.channel[7:0] : hdr_q.channel[7:0];
  assign req_valid_o  = (state_q == StReq);
  assign core_data_o  = (state_q == StSecret) ? sec_word_i : word_data_i;
  assign core_last_o  = (state_q == StSecret) ? sec_last : body_last;
  assign sec_pop_o    = sec_fire;
  assign sec_last_o   = sec_last;
  always_comb begin
    core_valid_o = '0;
    if (state_q == StBody) core_valid_o[core_q] = word_valid_i;
    if (state_q == StSecret) core_valid_o[core_q] = 1'b1;
  end

  // in_done: the body ends with TLAST, the extra words were dropped, or a
  // bodiless packet's TLAST was already seen at the grant.
  logic done_body, done_drop, done_grant, done_secret;
  assign done_body   = body_fire && body_last && word_last_i;
  assign done_drop   = (state_q == StDrop) && len_err_q && word_valid_i && word_last_i;
  assign done_grant  = (state_q == StReq) && req_ready_i && !req_err_i && hdr_last_q && !cfg_q.secret_in;
  assign done_secret = sec_fire && sec_last && hdr_last_q;
  assign in_done_valid_o   = done_body || done_drop || done_grant || done_secret;
  assign in_done_core_o    = (state_q == StReq) ? req_core_i : 4'(core_q);
  // The body ends at the expected word (left_q == 1): its bytes must be the
  // last field's.  An early TLAST stays the core's TRUNCATED unless the bytes
  // broke the TKEEP rule.
  logic body_bad;
  assign body_bad = kerr_q || word_keep_err_i ||
                    ((left_q == 14'd1) && (word_bytes_i != lastb_q));
  assign in_done_len_err_o = done_drop || (done_body && body_bad) || ((done_grant || done_secret) && kerr_q);

  assign err_valid_o   = (state_q == StErr);
  assign err_status_o  = err_q;
  assign err_channel_o = hdr_q.channel;
  assign err_seq_o     = hdr_q.seq;
  assign pkt_in_o      = (state_q == StHdr) && word_fire;

endmodule
