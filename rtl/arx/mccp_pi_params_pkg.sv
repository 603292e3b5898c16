// generated from mccp.ref.pi_cipher (PARAMS, MU_V, NU_V) by `mccp isa gen`; do not edit.
// pi-Cipher's mu (dir 0) and nu (dir 1) per word size w (16, 32, 64): equation i of a
// direction is t_i = rotl(pi_const(w, dir, i) + the sum of the direction's four input
// words but word pi_excluded(dir, i), pi_rot(w, dir, i)) (mccp.ref.pi_cipher.PiCipher._phi).
// Functions of constants, for localparams.  Not every user needs every constant:
// UNUSEDPARAM is off for this package.
/* verilator lint_off UNUSEDPARAM */
package mccp_pi_params_pkg;

  localparam int PiDirMu = 0;
  localparam int PiDirNu = 1;

  function automatic logic [63:0] pi_const(input int w, input int dir, input int i);
    pi_const = '0;
    case ({w, dir, i})
      {32'd16, 32'd0, 32'd0}: pi_const = 64'h000000000000f0e8;
      {32'd16, 32'd0, 32'd1}: pi_const = 64'h000000000000e4e2;
      {32'd16, 32'd0, 32'd2}: pi_const = 64'h000000000000e1d8;
      {32'd16, 32'd0, 32'd3}: pi_const = 64'h000000000000d4d2;
      {32'd16, 32'd1, 32'd0}: pi_const = 64'h000000000000d1cc;
      {32'd16, 32'd1, 32'd1}: pi_const = 64'h000000000000cac9;
      {32'd16, 32'd1, 32'd2}: pi_const = 64'h000000000000c6c5;
      {32'd16, 32'd1, 32'd3}: pi_const = 64'h000000000000c3b8;
      {32'd32, 32'd0, 32'd0}: pi_const = 64'h00000000f0e8e4e2;
      {32'd32, 32'd0, 32'd1}: pi_const = 64'h00000000e1d8d4d2;
      {32'd32, 32'd0, 32'd2}: pi_const = 64'h00000000d1cccac9;
      {32'd32, 32'd0, 32'd3}: pi_const = 64'h00000000c6c5c3b8;
      {32'd32, 32'd1, 32'd0}: pi_const = 64'h00000000b4b2b1ac;
      {32'd32, 32'd1, 32'd1}: pi_const = 64'h00000000aaa9a6a5;
      {32'd32, 32'd1, 32'd2}: pi_const = 64'h00000000a39c9a99;
      {32'd32, 32'd1, 32'd3}: pi_const = 64'h000000009695938e;
      {32'd64, 32'd0, 32'd0}: pi_const = 64'hf0e8e4e2e1d8d4d2;
      {32'd64, 32'd0, 32'd1}: pi_const = 64'hd1cccac9c6c5c3b8;
      {32'd64, 32'd0, 32'd2}: pi_const = 64'hb4b2b1acaaa9a6a5;
      {32'd64, 32'd0, 32'd3}: pi_const = 64'ha39c9a999695938e;
      {32'd64, 32'd1, 32'd0}: pi_const = 64'h8d8b87787472716c;
      {32'd64, 32'd1, 32'd1}: pi_const = 64'h6a696665635c5a59;
      {32'd64, 32'd1, 32'd2}: pi_const = 64'h5655534e4d4b473c;
      {32'd64, 32'd1, 32'd3}: pi_const = 64'h3a393635332e2d2b;
      default: ;
    endcase
  endfunction

  function automatic int pi_rot(input int w, input int dir, input int i);
    pi_rot = '0;
    case ({w, dir, i})
      {32'd16, 32'd0, 32'd0}: pi_rot = 1;
      {32'd16, 32'd0, 32'd1}: pi_rot = 4;
      {32'd16, 32'd0, 32'd2}: pi_rot = 9;
      {32'd16, 32'd0, 32'd3}: pi_rot = 11;
      {32'd16, 32'd1, 32'd0}: pi_rot = 2;
      {32'd16, 32'd1, 32'd1}: pi_rot = 5;
      {32'd16, 32'd1, 32'd2}: pi_rot = 7;
      {32'd16, 32'd1, 32'd3}: pi_rot = 13;
      {32'd32, 32'd0, 32'd0}: pi_rot = 5;
      {32'd32, 32'd0, 32'd1}: pi_rot = 11;
      {32'd32, 32'd0, 32'd2}: pi_rot = 17;
      {32'd32, 32'd0, 32'd3}: pi_rot = 23;
      {32'd32, 32'd1, 32'd0}: pi_rot = 3;
      {32'd32, 32'd1, 32'd1}: pi_rot = 10;
      {32'd32, 32'd1, 32'd2}: pi_rot = 19;
      {32'd32, 32'd1, 32'd3}: pi_rot = 29;
      {32'd64, 32'd0, 32'd0}: pi_rot = 7;
      {32'd64, 32'd0, 32'd1}: pi_rot = 19;
      {32'd64, 32'd0, 32'd2}: pi_rot = 31;
      {32'd64, 32'd0, 32'd3}: pi_rot = 53;
      {32'd64, 32'd1, 32'd0}: pi_rot = 11;
      {32'd64, 32'd1, 32'd1}: pi_rot = 23;
      {32'd64, 32'd1, 32'd2}: pi_rot = 37;
      {32'd64, 32'd1, 32'd3}: pi_rot = 59;
      default: ;
    endcase
  endfunction

  function automatic int pi_excluded(input int dir, input int i);
    pi_excluded = '0;
    case ({dir, i})
      {32'd0, 32'd0}: pi_excluded = 3;
      {32'd0, 32'd1}: pi_excluded = 2;
      {32'd0, 32'd2}: pi_excluded = 1;
      {32'd0, 32'd3}: pi_excluded = 0;
      {32'd1, 32'd0}: pi_excluded = 1;
      {32'd1, 32'd1}: pi_excluded = 0;
      {32'd1, 32'd2}: pi_excluded = 3;
      {32'd1, 32'd3}: pi_excluded = 2;
      default: ;
    endcase
  endfunction

endpackage
/* verilator lint_on UNUSEDPARAM */
