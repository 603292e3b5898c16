// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// mccp_fabric_pkg: types shared by the fabric blocks.  Codes, addresses and
// the header byte layout come from the generated mccp_regs_pkg (source:
// src/mccp/regmap/regs.yml); the structs below follow that layout, and
// tests/fabric check them against it.
package mccp_fabric_pkg;

  // A channel table entry: the fields of CHAN_CFG0 / CHAN_CFG1.
  typedef struct packed {
    logic [4:0] dest_slot;   // SECRET_OUT: the key slot the output goes to
    logic [4:0] src_slot;    // SECRET_IN: the key slot of the shared secret
    logic [2:0] curve;       // ecc channels; the shared secret's curve (SECRET_IN)
    logic       secret_out;  // the output goes to the key store, never to the stream
    logic       secret_in;   // the payload is SRC_SLOT's shared secret
    logic       zero_key;    // the all-zero AES-128 key instead of KEY_SLOT's
    logic       kdf;         // cmac: SP 800-108 counter-mode KDF blocks
    logic [1:0] dest_len;    // SECRET_OUT of an aes channel: the key size made
    logic [9:0] nonce_len;
    logic [2:0] key_len;     // key size code (mccp_regs_pkg::KEY_SIZE_*)
    logic       split;
    logic [2:0] kind;        // slot kind that serves the channel
    logic [4:0] key_slot;
    logic       affinity;
    logic       ordered;
    logic [6:0] tag_len;
    logic       enable;
    logic [3:0] mode;
  } chan_cfg_t;

  // Input header word (docs/fabric.md "Input packet"); byte 0 is the top byte.
  typedef struct packed {
    logic [7:0]  magic;
    logic [7:0]  op;
    logic [15:0] channel;
    logic [31:0] seq;
    logic [15:0] payload_len;
    logic [15:0] aad_len;
    logic [15:0] nonce_len;
    logic [7:0]  tag_len;
    logic [7:0]  reserved;
  } in_hdr_t;

  // Output header word (docs/fabric.md "Output packet").
  typedef struct packed {
    logic [7:0]  magic;
    logic [7:0]  status;
    logic [15:0] channel;
    logic [31:0] seq;
    logic [15:0] out_len;
    logic [7:0]  core;
    logic [7:0]  reserved;
    logic [31:0] start_cycle;
  } out_hdr_t;

  // A shared secret of a curve: its bytes (FE2OS, ceil(m/8)), and the bytes of
  // the W = ceil(m/128) words an EC unit writes an element in.
  function automatic logic [5:0] secret_bytes(input logic [2:0] curve);
    secret_bytes = 6'((mccp_ecc_curves_pkg::field_m(mccp_ecc_curves_pkg::curve_field(curve)) + 9'd7) >> 3);
  endfunction
  function automatic logic [5:0] element_bytes(input logic [2:0] curve);
    element_bytes = (mccp_ecc_curves_pkg::field_m(mccp_ecc_curves_pkg::curve_field(curve)) > 9'd256) ? 6'd48 : 6'd32;
  endfunction

  // Where a secret output goes (docs/fabric.md "Secret inputs and outputs"): a key
  // slot, as a shared secret of a curve (an EC unit's ecdh: the last `words` output
  // words, right aligned) or as an AES key of size `len` (the first 16/24/32 bytes),
  // restricted (usable only by tasks whose output is secret) or not.
  typedef struct packed {
    logic [4:0] slot;
    logic       ec;          // 1: a shared secret of curve `curve`; 0: an AES key
    logic [1:0] len;         // AES key size code
    logic [2:0] curve;
    logic       restricted;
    logic [5:0] need;        // output bytes the destination takes (16, 24, 32; 32 or 48 for ec)
  } secret_dest_t;
  /* verilator lint_off UNUSEDPARAM */
  localparam int SecretDestBits = 18;   // of secret_dest_t (Yosys takes no $bits of a type)
  /* verilator lint_on UNUSEDPARAM */

  // A packet the parser asks the scheduler to run.
  typedef struct packed {
    logic         secret_out; // the output goes to the key store (dest)
    secret_dest_t dest;
    logic         secret_in;  // the body is the shared secret in src_slot, fed by the scheduler
    logic [4:0]   src_slot;
    logic         zero_key;   // the all-zero AES-128 key: no key slot read
    logic [7:0]   channel;
    logic [31:0]  seq;
    logic [2:0]   kind;      // slot kind that runs it
    logic         keyless;   // needs no key (public EC functions): no key read, no key error
    logic [4:0]   func;      // mode * 2 + dir (ModeBits + 1 bits): index of the slot's entry table
    logic [4:0]   key_slot;
    logic [2:0]   key_len;   // key size code (KEY_SIZE_EC: an EC private scalar)
    logic [2:0]   key_curve; // its curve (EC requests)
    logic         affinity;
    logic         ordered;
    logic         split;     // the channel's policy: CCM on two cores
    logic         empty;     // no body word (the core's start_empty_i)
    logic [127:0] args;      // aes: s0..s3 = payload, AAD, nonce, tag lengths (s0 on top);
                             // ecc: word 0 curve id, word 1 payload length (docs/fabric.md)
  } task_req_t;

endpackage
