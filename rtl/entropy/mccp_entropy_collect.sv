// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// Raw samples into 128-bit blocks for the conditioning (mccp_drbg's raw_* port): the first
// sample is bit 127.  A full block waits for raw_ready_i; samples arriving meanwhile are
// not used (the health tests still see them).  flush_i (an alarm, a restart) drops the
// block in progress and a full one, so no sample from before it is ever used.
module mccp_entropy_collect (
  input  logic         clk_i,
  input  logic         rst_ni,
  input  logic         flush_i,
  input  logic         use_i,          // a sample that may be used
  input  logic         sample_i,
  output logic         raw_valid_o,
  input  logic         raw_ready_i,
  output logic [127:0] raw_data_o
);

  logic [6:0] fill_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      fill_q      <= '0;
      raw_valid_o <= 1'b0;
      raw_data_o  <= '0;
    end else if (flush_i) begin
      fill_q      <= '0;
      raw_valid_o <= 1'b0;
      raw_data_o  <= '0;
    end else begin
      if (raw_valid_o && raw_ready_i) raw_valid_o <= 1'b0;
      if (use_i && (!raw_valid_o || raw_ready_i)) begin
        raw_data_o <= {raw_data_o[126:0], sample_i};
        fill_q     <= fill_q + 7'd1;
        if (fill_q == 7'd127) raw_valid_o <= 1'b1;
      end
    end
  end

endmodule
