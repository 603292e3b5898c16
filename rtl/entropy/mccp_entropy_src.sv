// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// The entropy source: NumRings ring oscillators (mccp_entropy_ring; in a simulation build,
// SimModel = 1, the behavioural mccp_entropy_model), each sampled in a flip-flop of its own
// and then combined by XOR (Wold and Tan: an XOR of the free-running rings themselves may
// be too slow to follow them), one raw sample every SampleDiv + 1 clocks.
//
// Raw samples: sample_valid_o pulses with sample_o, the XOR of the rings as the sampling
// flip-flops caught them (the second of two flip-flops per ring: the first may go
// metastable).  en_i = 0 stops the rings and the samples.
module mccp_entropy_src #(
  parameter int  NumRings  = 24,
  parameter int  Stages    = 3,
  parameter bit  SimModel  = 1'b0,
  parameter int  SampleDiv = 3
) (
  input  logic clk_i,
  input  logic rst_ni,
  input  logic en_i,
  output logic sample_valid_o,
  output logic sample_o
);

  localparam int DivW = (SampleDiv > 0) ? $clog2(SampleDiv + 1) : 1;

  logic [DivW-1:0]     div_q;
  logic                tick;
  logic [NumRings-1:0] rings, catch_q, sync_q;

  assign tick = en_i && (div_q == DivW'(SampleDiv));

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) div_q <= '0;
    else if (!en_i || tick) div_q <= '0;
    else div_q <= div_q + DivW'(1);
  end

  if (SimModel) begin : g_model
    mccp_entropy_model #(.NumRings(NumRings)) u_model (
      .clk_i, .rst_ni,
      .en_i,
      .tick_i (tick),
      .rings_o(rings)
    );
  end else begin : g_rings
    mccp_entropy_ring #(.NumRings(NumRings), .Stages(Stages)) u_rings (
      .en_i,
      .rings_o(rings)
    );
  end

  // Sample every ring, then combine.  (The model changes its outputs at ticks only, so
  // both builds give the same sample timing.)
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      catch_q        <= '0;
      sync_q         <= '0;
      sample_valid_o <= 1'b0;
      sample_o       <= 1'b0;
    end else begin
      catch_q        <= rings;
      sync_q         <= catch_q;
      sample_valid_o <= tick;
      sample_o       <= ^sync_q;
    end
  end

endmodule
