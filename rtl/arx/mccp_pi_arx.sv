// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// Fixed-function pi-Cipher ARX engine (paper 004, section 4): z = x (*) y =
// sigma(mu(x), nu(y)) on W-bit words, the comparison point of the ARX
// element's price of programmability (docs/arx.md, "pi-Cipher engines").
//
// Each direction (mu on x, nu on y) has four equations
//   t_i = rotl(const_i + (the sum of the four words but word v_i), rot_i)
// (constants, rotations and v from mccp_pi_params_pkg, generated from
// mccp.ref.pi_cipher), then each output word is the XOR of the other three
// t's, and z_j = mu_(j+3) + nu_(j+1) (mod 2^W).  Lanes (1, 2, 4: the paper's
// single, double and quad width) equations per direction are computed per
// cycle: 3 adders per lane and direction (two carry-save layers and one carry
// chain).  The rotators cost nothing: the t
// registers keep the sums unrotated, and as each position of them always holds
// the same equation, stage 2 rotates it by wiring (a lane that rotated by a
// choice of four amounts before the register was the single build's longest
// path: 163 vs 233 MHz for the quad build at pi16).
//
// Two pipeline stages, so an operation takes Steps = 4 / Lanes cycles in steady state:
//   stage 1 (Steps cycles): the operand registers (x, y, taken at the start
//     handshake) rotate by Lanes words per cycle, so that lane l always leaves
//     out position 3 - l and sums three fixed positions (no operand
//     multiplexer; the order in which the equations are computed follows);
//     the lanes' sums shift into the t registers, equation slot e ending at
//     position e;
//   stage 2 (1 cycle): the rotations (wiring), the XOR bank and the four
//     final adders, from the t registers into the result register.
// Stage 2 overlaps the next operation's stage 1, so a new start is taken in
// the cycle of the last step (start_ready_o), back to back; without the split
// the single build would take 5 cycles per operation and the quad build 2.  The
// carry chains of the two stages are as long as each other (W bits).
// Latency: z_valid_o rises Steps + 2 cycles after the start handshake.
// The result is held until z_ready_i; while it waits, stage 1 finishes its
// operation and then stalls (the quad build's start_ready_o depends on
// z_ready_i; the others' does not).
module mccp_pi_arx #(
  parameter int W     = 16,    // word bits: 16, 32 or 64 (pi16, pi32, pi64)
  parameter int Lanes = 1      // equations per direction per cycle: 1, 2 or 4
) (
  input  logic           clk_i,
  input  logic           rst_ni,
  input  logic           start_valid_i,
  output logic           start_ready_o,
  input  logic [4*W-1:0] x_i,            // word j in bits [W*j +: W]
  input  logic [4*W-1:0] y_i,
  output logic           z_valid_o,
  input  logic           z_ready_i,
  output logic [4*W-1:0] z_o,
  output logic           busy_o          // an operation is in the engine
);

  if (!(W == 16 || W == 32 || W == 64) || !(Lanes == 1 || Lanes == 2 || Lanes == 4)) begin : g_bad_params
    $error("mccp_pi_arx: W %0d must be 16, 32 or 64 and Lanes %0d 1, 2 or 4", W, Lanes);
  end

  localparam int Steps = 4 / Lanes;
  localparam int StepW = (Steps > 1) ? $clog2(Steps) : 1;

  function automatic logic [W-1:0] rotl(input logic [W-1:0] x, input int n);
    rotl = (x << n) | (x >> (W - n));
  endfunction

  // one carry-save layer: a + b + c = s + cy (mod 2^W)
  function automatic logic [2*W-1:0] csa(input logic [W-1:0] a, input logic [W-1:0] b, input logic [W-1:0] c);
    logic [W-1:0] s, cy;
    s  = a ^ b ^ c;
    cy = ((a & b) | (a & c) | (b & c)) << 1;
    csa = {cy, s};
  endfunction

  // The equation a lane computes in slot e (= step * Lanes + lane): the one that leaves
  // out word 3 - e, the word at the lane's left-out position in that step.
  function automatic int eq_of_slot(input int dir, input int e);
    eq_of_slot = 0;
    for (int i = 0; i < 4; i++) begin
      if (mccp_pi_params_pkg::pi_excluded(dir, i) == 3 - e) eq_of_slot = i;
    end
  endfunction

  // A lane's constants in the order of its steps: step k in bits [W*k +: W].
  function automatic logic [4*W-1:0] lane_consts(input int dir, input int lane);
    lane_consts = '0;
    for (int k = 0; k < Steps; k++) begin
      lane_consts[W*k +: W] = W'(mccp_pi_params_pkg::pi_const(W, dir, eq_of_slot(dir, k * Lanes + lane)));
    end
  endfunction

  // ---- control ----------------------------------------------------------------
  logic             run_q, t_valid_q, z_valid_q;
  logic [StepW-1:0] step_q;
  logic             z_free, t_move, step_go, last_step, done_step, accept;

  assign z_free        = !z_valid_q || z_ready_i;
  assign t_move        = t_valid_q && z_free;           // stage 2 takes the t registers
  // Only an operation's first step can wait for stage 2: t_valid_q is set by a last step
  // (step_q back to 0) and cleared before step 1.  Saying so keeps z_ready_i out of the
  // later steps' enables, so start_ready_o of the multi-step builds comes from registers.
  assign step_go       = run_q && (step_q != '0 || !t_valid_q || t_move);
  assign last_step     = step_q == StepW'(Steps - 1);
  assign done_step     = step_go && last_step;
  assign start_ready_o = !run_q || done_step;
  assign accept        = start_valid_i && start_ready_o;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      run_q     <= 1'b0;
      step_q    <= '0;
      t_valid_q <= 1'b0;
      z_valid_q <= 1'b0;
    end else begin
      if (accept) begin
        run_q <= 1'b1;
      end else if (done_step) begin
        run_q <= 1'b0;
      end
      if (step_go) begin
        step_q <= last_step ? '0 : step_q + StepW'(1);
      end
      if (done_step) begin
        t_valid_q <= 1'b1;
      end else if (t_move) begin
        t_valid_q <= 1'b0;
      end
      if (t_move) begin
        z_valid_q <= 1'b1;
      end else if (z_ready_i) begin
        z_valid_q <= 1'b0;
      end
    end
  end

  // ---- stage 1: operand registers, lanes, t registers ------------------------------
  // [direction][word]: direction 0 = mu on x, 1 = nu on y
  logic [1:0][3:0][W-1:0]     op_q, t_q;
  logic [1:0][Lanes-1:0][W-1:0] lane_t;

  for (genvar d = 0; d < 2; d++) begin : g_dir
    for (genvar l = 0; l < Lanes; l++) begin : g_lane
      localparam int Out = 3 - l;                    // the position this lane leaves out
      localparam int P0 = (Out == 0) ? 1 : 0;
      localparam int P1 = (Out <= 1) ? 2 : 1;
      localparam int P2 = (Out <= 2) ? 3 : 2;

      // The lane's constants, one per step: fixed in the quad build; else a ring that turns
      // with the steps (aligned with step_q from reset), so the adders read a register
      // rather than a choice made from the step counter (that counter's fan-out into the
      // carry chain was the single build's longest path).
      localparam logic [4*W-1:0] Consts = lane_consts(d, l);
      logic [W-1:0] s1, c1, s2, c2, const_sel;

      if (Steps == 1) begin : g_fixed
        assign const_sel = Consts[W-1:0];
      end else begin : g_ring
        logic [Steps*W-1:0] const_q;
        always_ff @(posedge clk_i or negedge rst_ni) begin
          if (!rst_ni) begin
            const_q <= Consts[Steps*W-1:0];
          end else if (step_go) begin
            const_q <= {const_q[W-1:0], const_q[Steps*W-1:W]};
          end
        end
        assign const_sel = const_q[W-1:0];
      end

      assign {c1, s1} = csa(op_q[d][P0], op_q[d][P1], op_q[d][P2]);
      assign {c2, s2} = csa(s1, c1, const_sel);
      assign lane_t[d][l] = s2 + c2;                 // rotated in stage 2
    end
  end

  // each step: operands rotate up by Lanes words; t shifts down by Lanes words, the
  // lanes' results entering at the top
  logic [1:0][3:0][W-1:0] op_rot, t_shift;
  for (genvar d = 0; d < 2; d++) begin : g_shift
    for (genvar p = 0; p < 4; p++) begin : g_pos
      assign op_rot[d][p] = op_q[d][(p + 4 - Lanes) % 4];
      if (p < 4 - Lanes) begin : g_down
        assign t_shift[d][p] = t_q[d][p + Lanes];
      end else begin : g_in
        assign t_shift[d][p] = lane_t[d][p - (4 - Lanes)];
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (accept) begin
      op_q <= {y_i, x_i};
    end else if (step_go) begin
      op_q <= op_rot;
    end
    if (step_go) begin
      t_q <= t_shift;
    end
  end

  // ---- stage 2: rotations, XOR bank, final adders ------------------------------
  // Position e of t always holds the equation of slot e, so its rotation is fixed wiring.
  // Output word i of a direction: the XOR of the rotated t's of its other three equations.
  logic [1:0][3:0][W-1:0] t_rot, phi;
  for (genvar d = 0; d < 2; d++) begin : g_xor
    for (genvar p = 0; p < 4; p++) begin : g_pos
      localparam int Rot = mccp_pi_params_pkg::pi_rot(W, d, eq_of_slot(d, p));
      assign t_rot[d][p] = rotl(t_q[d][p], Rot);
    end
    for (genvar i = 0; i < 4; i++) begin : g_word
      localparam int Pos = 3 - mccp_pi_params_pkg::pi_excluded(d, i);   // the slot of equation i
      assign phi[d][i] = t_rot[d][(Pos + 1) % 4] ^ t_rot[d][(Pos + 2) % 4] ^ t_rot[d][(Pos + 3) % 4];
    end
  end

  logic [3:0][W-1:0] z_q;
  always_ff @(posedge clk_i) begin
    if (t_move) begin
      for (int j = 0; j < 4; j++) begin
        z_q[j] <= phi[mccp_pi_params_pkg::PiDirMu][(j + 3) % 4] + phi[mccp_pi_params_pkg::PiDirNu][(j + 1) % 4];
      end
    end
  end

  assign z_o       = z_q;
  assign z_valid_o = z_valid_q;
  assign busy_o    = run_q || t_valid_q || z_valid_q;

endmodule
