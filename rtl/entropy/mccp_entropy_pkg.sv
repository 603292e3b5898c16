// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// Constants of the randomness unit (rtl/entropy/): the DRBG's commands and
// statuses, the conditioning key.
/* verilator lint_off UNUSEDPARAM */   // a module uses the constants it needs
package mccp_entropy_pkg;

  // DRBG commands (mccp_drbg cmd_op_i).
  localparam logic [1:0] DrbgInstantiate = 2'd0;
  localparam logic [1:0] DrbgReseed      = 2'd1;
  localparam logic [1:0] DrbgGenerate    = 2'd2;
  localparam logic [1:0] DrbgZeroize     = 2'd3;

  // DRBG statuses (mccp_drbg done_status_o).
  localparam logic [1:0] DrbgOk              = 2'd0;
  localparam logic [1:0] DrbgNotInstantiated = 2'd1;   // reseed or generate before an instantiate
  localparam logic [1:0] DrbgBadLength       = 2'd2;   // input or request longer than allowed
  localparam logic [1:0] DrbgAlarm           = 2'd3;   // the health tests failed

  // Key of the conditioning CBC-MAC: fixed and public (SP 800-90B 3.1.5.1.1 asks for no
  // secret key), SHA-256 of "MCCP entropy conditioning key".
  localparam logic [255:0] CondKeyValue =
      256'hb9e894a85da87d88eb98859d4af37a423d04fdf22b67e28adfaed7495472e3e3;

  // Start-up known-answer test of the DRBG (SP 800-90A 11.3): NIST CAVP CTR_DRBG, AES-256
  // with df, no prediction resistance, the first reseed block's count 0
  // (tests/entropy/vectors/evprand_ctr_drbg_subset.txt; test_entropy_kat checks these
  // against it): instantiate(Entropy || Nonce), reseed(ReseedEntropy), generate 512 bits
  // twice; the second output must be KatOutput.
  localparam logic [255:0] KatEntropy =
      256'h2d4c9f46b981c6a0b2b5d8c69391e569ff13851437ebc0fc00d616340252fed5;
  localparam logic [127:0] KatNonce = 128'h0bf814b411f65ec4866be1abb59d3c32;
  localparam logic [255:0] KatReseedEntropy =
      256'h93500fae4fa32b86033b7a7bac9d37e710dcc67ca266bc8607d665937766d207;
  localparam logic [511:0] KatOutput =
      512'h322dd28670e75c0ea638f3cb68d6a9d6e50ddfd052b772a7b1d78263a7b8978b6740c2b65a9550c3a76325866fa97e16d74006bc96f26249b9f0a90d076f08e5;

endpackage
/* verilator lint_on UNUSEDPARAM */
