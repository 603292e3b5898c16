// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// Instruction memory of the MCCP core: Words x Width bits (the instruction word
// and its predecoded form), two synchronous read ports (block RAM, true dual
// port: four DP16KD on ECP5 for 1024 x 65 bits).
//  * Port A reads the sequential instruction stream; it also takes the
//    firmware writes (we_a_i), when the core does not fetch.  A read in the
//    cycle of a write on port A returns the old word.
//  * Port B reads branch targets and task entry points.
// Both read every cycle; the read data appear in the next cycle.
module mccp_core_imem #(
  parameter int Words = 1024,
  parameter int Width = 32,
  localparam int Aw = (Words > 1) ? $clog2(Words) : 1
) (
  input  logic          clk_i,
  input  logic          we_a_i,
  input  logic [Aw-1:0] addr_a_i,
  input  logic [Width-1:0] wdata_a_i,
  output logic [Width-1:0] rdata_a_o,
  input  logic [Aw-1:0] addr_b_i,
  output logic [Width-1:0] rdata_b_o
);

  // Reads of a word in the cycle it is written never happen (firmware is written only while
  // no task runs, and a start is not primed in a cycle with a write): no_rw_check lets Yosys
  // map the memory to one true-dual-port block RAM instead of duplicating it.
  (* no_rw_check *) logic [Width-1:0] mem [Words];

  always_ff @(posedge clk_i) begin
    if (we_a_i) begin
      mem[addr_a_i] <= wdata_a_i;
    end
    rdata_a_o <= mem[addr_a_i];
  end

  always_ff @(posedge clk_i) begin
    rdata_b_o <= mem[addr_b_i];
  end

endmodule
