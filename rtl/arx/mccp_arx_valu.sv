// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// Vector ALU of the ARX element (docs/arx.md): one cycle, three stages in
// series -- an add/sub/logic stage on lanes of w bits, the lane rotator, and a
// rotation of the written value by 32-bit lanes (lane i takes lane i + xl).
//   * op_i = add, sub, xor, and, or, andn, mov: res1 = rotl(f(a, b)).
//   * arx: s = a + b (a = x, b = y, c = z); res1 = s, res2 = rotl(z ^ s): the
//     add-xor-rotate step of ChaCha and BLAKE2, two results in one cycle.
//   * vins: res1 = a with lane k replaced by the counter cval (zero-extended).
//   * vmask: res1 = the byte mask of the first min(cval, 16) bytes.
//   * madd, msig: res1 = a + b (b = the gathered message words).
//   * bswap: res1 = a with the bytes of each lane reversed.
//   * swz: res1 = (a.hi, c.lo), res2 = (c.hi, a.lo) in 64-bit halves.
//   * shar: a SHA-256 round (mccp_arx_sha256) on a = (a, b, c, d),
//     c = (e, f, g, h) and lane k of b; res1, res2 = the new rows.
//   * pmu, pnu (w 16, 32), pmut, pnut, pmux, pnux (64): pi-Cipher's phi
//     (mccp_arx_phi) on a (and b, c for 64); pmux, pnux write res2 too.
//     Built only with PiPhi (about a sixth of the element's LUT4; the element
//     traps them as ILLEGAL without it).
// eq_o = (a == b) for vcmp; sched_o = SHA-256's schedule word of the four
// words of b (msch).
module mccp_arx_valu #(
  parameter bit PiPhi = 1'b1
) (
  input  logic [5:0]   op_i,
  input  logic [1:0]   w_i,          // 0: 32-bit lanes, 1: 16, 2: 64
  input  logic [5:0]   rot_i,
  input  logic [1:0]   xl_i,
  input  logic [1:0]   zl_i,
  input  logic [2:0]   lane_i,       // vins, shar
  input  logic [31:0]  cval_i,       // vins, vmask
  input  logic [127:0] a_i,
  input  logic [127:0] b_i,
  input  logic [127:0] c_i,
  output logic [127:0] res1_o,
  output logic [127:0] res2_o,
  output logic         eq_o,
  output logic [31:0]  sched_o
);


  logic [127:0] sum;
  mccp_arx_addsub u_addsub (
    .a_i  (a_i),
    .b_i  (b_i),
    .sub_i(op_i == mccp_arx_isa_pkg::OP_SUB),
    .w_i  (w_i),
    .sum_o(sum)
  );

  // bytes reversed within each lane of w bits
  logic [127:0] swapped;
  always_comb begin
    for (int i = 0; i < 16; i++) begin
      unique case (w_i)
        2'd1:    swapped[8*i +: 8] = a_i[8*(i ^ 1) +: 8];
        2'd2:    swapped[8*i +: 8] = a_i[8*(i ^ 7) +: 8];
        default: swapped[8*i +: 8] = a_i[8*(i ^ 3) +: 8];
      endcase
    end
  end

  logic [127:0] sha_a, sha_e;
  mccp_arx_sha256 u_sha (
    .a4_i(a_i),
    .e4_i(c_i),
    .kw_i(b_i[32*lane_i[1:0] +: 32]),
    .a4_o(sha_a),
    .e4_o(sha_e),
    .m_i (b_i),
    .w_o (sched_o)
  );

  // pi-Cipher's phi: the 64-bit steps carry no lane width of their own
  logic phi_nu, phi_second, phi_64;
  assign phi_nu     = op_i == mccp_arx_isa_pkg::OP_PNU || op_i == mccp_arx_isa_pkg::OP_PNUT || op_i == mccp_arx_isa_pkg::OP_PNUX;
  assign phi_second = op_i == mccp_arx_isa_pkg::OP_PMUX || op_i == mccp_arx_isa_pkg::OP_PNUX;
  assign phi_64     = phi_second || op_i == mccp_arx_isa_pkg::OP_PMUT || op_i == mccp_arx_isa_pkg::OP_PNUT;
  // without PiPhi the unit's results are unused and synthesis removes it
  logic [127:0] phi1, phi2, phi1_unit, phi2_unit;
  mccp_arx_phi u_phi (
    .w_i     (phi_64 ? 2'd2 : w_i),
    .nu_i    (phi_nu),
    .second_i(phi_second),
    .a_i     (a_i),
    .b_i     (b_i),
    .c_i     (c_i),
    .res1_o  (phi1_unit),
    .res2_o  (phi2_unit)
  );
  assign phi1 = PiPhi ? phi1_unit : '0;
  assign phi2 = PiPhi ? phi2_unit : '0;

  logic [127:0] pre;
  always_comb begin
    unique case (op_i)
      mccp_arx_isa_pkg::OP_ADD, mccp_arx_isa_pkg::OP_SUB, mccp_arx_isa_pkg::OP_MADD, mccp_arx_isa_pkg::OP_MSIG: pre = sum;
      mccp_arx_isa_pkg::OP_XOR:  pre = a_i ^ b_i;
      mccp_arx_isa_pkg::OP_AND:  pre = a_i & b_i;
      mccp_arx_isa_pkg::OP_OR:   pre = a_i | b_i;
      mccp_arx_isa_pkg::OP_ANDN: pre = a_i & ~b_i;
      mccp_arx_isa_pkg::OP_ARX:  pre = c_i ^ sum;
      mccp_arx_isa_pkg::OP_BSWAP: pre = swapped;
      default: pre = a_i;            // mov
    endcase
  end

  logic [127:0] rotated;
  mccp_arx_rotl u_rotl (
    .x_i(pre),
    .n_i(rot_i),
    .w_i(w_i),
    .y_o(rotated)
  );

  // vins: the lane of each 16-bit chunk, and the counter's part in it
  logic [127:0] inserted;
  always_comb begin
    for (int c = 0; c < 8; c++) begin
      logic [2:0] lane;
      logic [15:0] part;
      unique case (w_i)
        2'd1: begin lane = 3'(c); part = cval_i[15:0]; end
        2'd2: begin lane = 3'(c / 4); part = (c % 4 == 0) ? cval_i[15:0] : (c % 4 == 1) ? cval_i[31:16] : 16'd0; end
        default: begin lane = 3'(c / 2); part = (c % 2 == 0) ? cval_i[15:0] : cval_i[31:16]; end
      endcase
      inserted[16*c +: 16] = (lane == lane_i) ? part : a_i[16*c +: 16];
    end
  end

  logic [127:0] bytemask;
  logic [4:0]   nbytes;                // min(cval, 16)
  assign nbytes = (cval_i[31:4] != '0) ? 5'd16 : cval_i[4:0];
  always_comb begin
    for (int i = 0; i < 16; i++) bytemask[8*i +: 8] = {8{nbytes > 5'(i)}};
  end

  function automatic logic [127:0] lane_rot(input logic [127:0] x, input logic [1:0] k);
    unique case (k)
      2'd1: lane_rot = {x[31:0], x[127:32]};
      2'd2: lane_rot = {x[63:0], x[127:64]};
      2'd3: lane_rot = {x[95:0], x[127:96]};
      default: lane_rot = x;
    endcase
  endfunction

  logic [127:0] res1;
  always_comb begin
    unique case (op_i)
      mccp_arx_isa_pkg::OP_ARX:   res1 = sum;
      mccp_arx_isa_pkg::OP_VINS:  res1 = inserted;
      mccp_arx_isa_pkg::OP_VMASK: res1 = bytemask;
      mccp_arx_isa_pkg::OP_SWZ:   res1 = {c_i[63:0], a_i[127:64]};
      mccp_arx_isa_pkg::OP_SHAR:  res1 = sha_a;
      mccp_arx_isa_pkg::OP_PMU, mccp_arx_isa_pkg::OP_PNU, mccp_arx_isa_pkg::OP_PMUT, mccp_arx_isa_pkg::OP_PNUT, mccp_arx_isa_pkg::OP_PMUX, mccp_arx_isa_pkg::OP_PNUX: res1 = phi1;
      default:  res1 = rotated;
    endcase
  end
  assign res1_o = lane_rot(res1, xl_i);
  always_comb begin
    unique case (op_i)
      mccp_arx_isa_pkg::OP_SWZ:  res2_o = {a_i[63:0], c_i[127:64]};
      mccp_arx_isa_pkg::OP_SHAR: res2_o = sha_e;
      mccp_arx_isa_pkg::OP_PMUX, mccp_arx_isa_pkg::OP_PNUX: res2_o = phi2;
      default: res2_o = lane_rot(rotated, zl_i);
    endcase
  end
  assign eq_o   = a_i == b_i;


endmodule
