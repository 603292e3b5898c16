// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// Behavioural stand-in for mccp_entropy_ring in simulation: at each tick_i, the value each
// ring shows to its sampling flip-flop, drawn from a seeded generator, so that runs repeat
// and tests can break the source on purpose.  Not synthesizable (a simulation build sets
// mccp_entropy_src's SimModel).
//
// Knobs (plusargs, read at time 0; rates in 1/65536; the defaults are an ideal source):
//   +entropy_seed=S     generator seed (default 1)
//   +entropy_p1=P       probability that a ring shows 1 (32768)
//   +entropy_corr=C     probability that a ring shows what it showed at the last tick (0)
//   +entropy_dead=K     rings that stop (show a constant) (0)
//   +entropy_die_every=N  one more ring stops every N ticks (0: none)
//   +entropy_stuck=V    every ring shows V (0 or 1) (-1: off)
//   +entropy_fault_at=T the tick from which p1, corr, dead, die_every and stuck apply (0);
//                       before it the rings are ideal
// A test bench may also write the variables directly (cocotb).  Synthesis (SYNTHESIS
// defined) reads a shell with constant outputs.
module mccp_entropy_model #(
  parameter int NumRings = 24
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  input  logic                en_i,
  input  logic                tick_i,
  output logic [NumRings-1:0] rings_o
);

`ifndef SYNTHESIS
  int unsigned seed = 1;
  int unsigned p1 = 32768;
  int unsigned corr = 0;
  int unsigned dead = 0;
  int unsigned die_every = 0;
  int          stuck = -1;
  longint unsigned fault_at = 0;

  initial begin
    void'($value$plusargs("entropy_seed=%d", seed));
    void'($value$plusargs("entropy_p1=%d", p1));
    void'($value$plusargs("entropy_corr=%d", corr));
    void'($value$plusargs("entropy_dead=%d", dead));
    void'($value$plusargs("entropy_die_every=%d", die_every));
    void'($value$plusargs("entropy_stuck=%d", stuck));
    void'($value$plusargs("entropy_fault_at=%d", fault_at));
  end

  // xorshift64*: a generator of its own, so the model does not depend on the simulator's.
  longint unsigned state_q;
  longint unsigned ticks_q;
  logic            seeded_q;

  function automatic longint unsigned next(input longint unsigned x);
    longint unsigned y;
    y = x ^ (x >> 12);
    y = y ^ (y << 25);
    y = y ^ (y >> 27);
    return y;
  endfunction

  function automatic int unsigned draw16(input longint unsigned x);
    longint unsigned m;
    m = x * 64'h2545F4914F6CDD1D;
    return int'(m >> 48);
  endfunction

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rings_o  <= '0;
      state_q  <= '0;
      ticks_q  <= '0;
      seeded_q <= 1'b0;
    end else begin
      longint unsigned s;
      int unsigned     down;
      logic            faulty;
      s = seeded_q ? state_q : (64'h9E3779B97F4A7C15 ^ 64'(seed));
      faulty = (ticks_q >= fault_at);
      down = 0;
      if (faulty) begin
        down = dead;
        if (die_every != 0) down = down + int'((ticks_q - fault_at) / 64'(die_every));
      end
      if (tick_i && en_i) begin
        for (int r = 0; r < NumRings; r++) begin
          int unsigned p, c;
          p = faulty ? p1 : 32768;
          c = faulty ? corr : 0;
          s = next(s);
          if (r < int'(down)) begin
            rings_o[r] <= 1'b0;   // a dead ring shows a constant
          end else if (faulty && stuck >= 0) begin
            rings_o[r] <= (r == 0) ? stuck[0] : 1'b0;
          end else if (draw16(s) < c) begin
            rings_o[r] <= rings_o[r];
          end else begin
            s = next(s);
            rings_o[r] <= (draw16(s) < p);
          end
        end
        ticks_q <= ticks_q + 64'd1;
      end
      state_q  <= s;
      seeded_q <= 1'b1;
    end
  end
`else
  // Synthesis reads a shell (the model is for simulation only).
  assign rings_o = '0;
  logic unused;
  assign unused = ^{clk_i, rst_ni, en_i, tick_i};
`endif

endmodule
