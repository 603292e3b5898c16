// Copyright MCCP contributors.
// SPDX-License-Identifier: Apache-2.0
//
// AES round layer behind the cipher's block-RAM tables: the next table addresses
//   addr_o = mccp_aes_pkg::round_layer(pins_i) ^ z_i
// (ShiftRows + MixColumns, or the decryption equivalent, as XORs of 4 to 8 table pins
// per bit; see mccp_aes_pkg), where z_i (round key and block, see mccp_aes_cipher) comes
// from registers and the round-key store.
//
// The loop table -> this layer -> table address holds the block RAM's clock-to-output
// (4.1-4.3 ns at speed 8), and every route to or from a block RAM costs 0.7-1.5 ns, so
// the layer's depth decides Fmax:
// - Encryption only: a bit has 4 to 6 pins and z_i, and ABC (keep_hierarchy: inside this
//   module all inputs look alike) makes most bits one wide LUT (LUT4s + PFUMX + L6MUX21,
//   no route inside): two routes on the loop.  (131 MHz at speed 8; as two LUT4 levels,
//   a third fewer LUTs but 113 MHz.)
// - With decryption a bit has 6 to 8 pins and z_i, beyond one wide LUT, so the layer is
//   laid out by hand as two LUT levels: 4-input XORs of table pins (mccp_prim_xor4, one
//   LUT each; pins of one block RAM first), then one LUT adding those, up to two more
//   pins and z_i, so z_i (the round-key path) passes one level only.  (Same Fmax as ABC's
//   mix of wide LUTs, ~120 MHz at speed 8, with 300 LUT4 fewer.)

(* keep_hierarchy *)
module mccp_aes_round_layer #(
  parameter bit DecryptEnable = 1'b1
) (
  input  logic [287:0] pins_i,  // 18 table bits per state byte, byte b at [18*b +: 18]
  input  logic [127:0] z_i,
  output logic [127:0] addr_o
);

  if (!DecryptEnable) begin : g_wide
    assign addr_o = mccp_aes_pkg::round_layer(pins_i, mccp_aes_pkg::MasksEnc) ^ z_i;
  end else begin : g_two_level
    // Up to 9 pins per bit (the masks in mccp_aes_pkg have at most 8).
    localparam logic [10367:0] Pins = mccp_aes_pkg::PinsEncDec;

    logic [511:0] pins;  // index 511 (no pin) reads 0
    assign pins = {224'b0, pins_i};

    for (genvar c = 0; c < 4; c++) begin : g_col
      for (genvar r = 0; r < 4; r++) begin : g_row
        for (genvar k = 0; k < 8; k++) begin : g_bit
          localparam int Bit = 127 - 8 * (4 * c + r) - 7 + k;
          localparam logic [8:0] P0 = Pins[9 * (9 * Bit + 0) +: 9];
          localparam logic [8:0] P1 = Pins[9 * (9 * Bit + 1) +: 9];
          localparam logic [8:0] P2 = Pins[9 * (9 * Bit + 2) +: 9];
          localparam logic [8:0] P3 = Pins[9 * (9 * Bit + 3) +: 9];
          localparam logic [8:0] P4 = Pins[9 * (9 * Bit + 4) +: 9];
          localparam logic [8:0] P5 = Pins[9 * (9 * Bit + 5) +: 9];
          localparam logic [8:0] P6 = Pins[9 * (9 * Bit + 6) +: 9];
          localparam logic [8:0] P7 = Pins[9 * (9 * Bit + 7) +: 9];
          localparam logic [8:0] P8 = Pins[9 * (9 * Bit + 8) +: 9];
          if (P3 == 9'd511) begin : g_one_level
            assign addr_o[Bit] = pins[P0] ^ pins[P1] ^ pins[P2] ^ z_i[Bit];
          end else if (P6 == 9'd511) begin : g_one_group
            logic l1;
            mccp_prim_xor4 u_l1 (
              .a_i({pins[P0], pins[P1], pins[P2], pins[P3]}),
              .y_o(l1)
            );
            assign addr_o[Bit] = l1 ^ pins[P4] ^ pins[P5] ^ z_i[Bit];
          end else begin : g_two_groups
            logic l1a, l1b;
            mccp_prim_xor4 u_l1a (
              .a_i({pins[P0], pins[P1], pins[P2], pins[P3]}),
              .y_o(l1a)
            );
            mccp_prim_xor4 u_l1b (
              .a_i({pins[P4], pins[P5], pins[P6], pins[P7]}),
              .y_o(l1b)
            );
            assign addr_o[Bit] = l1a ^ l1b ^ pins[P8] ^ z_i[Bit];
          end
        end
      end
    end
  end

endmodule
