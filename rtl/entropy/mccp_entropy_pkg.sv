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

endpackage
/* verilator lint_on UNUSEDPARAM */
