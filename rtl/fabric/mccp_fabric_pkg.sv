// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// mccp_fabric_pkg: types shared by the fabric blocks.  Codes, addresses and
// the header byte layout come from the generated mccp_regs_pkg (source:
// src/mccp/regmap/regs.yml); the structs below follow that layout, and
// tests/fabric check them against it.
package mccp_fabric_pkg;

  // A channel table entry: the fields of CHAN_CFG0 / CHAN_CFG1.
  typedef struct packed {
    logic [2:0] curve;       // ecc channels
    logic [9:0] nonce_len;
    logic [2:0] kind;        // slot kind that serves the channel
    logic [4:0] key_slot;
    logic       split;
    logic       affinity;
    logic       ordered;
    logic [4:0] tag_len;
    logic [1:0] key_len;
    logic       enable;
    logic [2:0] mode;
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

  // A packet the parser asks the scheduler to run.
  typedef struct packed {
    logic [7:0]   channel;
    logic [31:0]  seq;
    logic [2:0]   kind;      // slot kind that runs it
    logic         keyless;   // needs no key (public EC functions): no key read, no key error
    logic [3:0]   func;      // mode * 2 + dir: index of the slot's entry table
    logic [4:0]   key_slot;
    logic [1:0]   key_len;   // 3: an EC private scalar
    logic [2:0]   key_curve; // its curve (EC requests)
    logic         affinity;
    logic         ordered;
    logic         split;     // the channel's policy: CCM on two cores
    logic         empty;     // no body word (the core's start_empty_i)
    logic [127:0] args;      // aes: s0..s3 = payload, AAD, nonce, tag lengths (s0 on top);
                             // ecc: word 0 curve id, word 1 payload length (docs/fabric.md)
  } task_req_t;

endpackage
