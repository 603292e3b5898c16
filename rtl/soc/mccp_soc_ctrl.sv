// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// mccp_soc_ctrl: the SoC's control registers at 0x8000_0000 (docs/soc.md),
// a Wishbone slave on 32-bit words.
//
//   0x00 CONSOLE     W   the low byte goes out on console_valid_o/console_data_o
//   0x04 EXIT        W   ends the simulation: exit_valid_o, exit_code_o
//   0x08 CYCLE_LO    R   cycle counter [31:0]; the read also copies [63:32] to CYCLE_HI
//   0x0C CYCLE_HI    R   [63:32] as of the last CYCLE_LO read (a 64-bit read: LO, then HI)
//   0x10 BUSERR_ADDR R   byte address of the captured bus error
//   0x14 BUSERR      RW  bit 0 PENDING (write 1 to clear), bit 1 WRITE, bit 2 FETCH
//   0x18 SOC_ID      R   0x4D43_5343 ("MCSC")
//
// Any other offset answers ERR.  A bus error (an ERR answered to the CPU on
// either bus, reported on err_*_i) is captured when none is pending and raises
// irq_o until software clears PENDING: this CPU ignores Wishbone ERR, so the
// error reaches it as an interrupt (docs/soc.md "Bus errors").
module mccp_soc_ctrl (
  input  logic        clk_i,
  input  logic        rst_ni,
  // Wishbone slave
  input  logic        stb_i,
  input  logic        we_i,
  input  logic [9:0]  adr_i,        // word offset within the 4 KB window
  input  logic [3:0]  sel_i,
  input  logic [31:0] dat_i,
  output logic        ack_o,
  output logic        err_o,
  output logic [31:0] dat_o,
  // bus errors seen by the CPU
  input  logic        err_valid_i,
  input  logic [31:0] err_addr_i,
  input  logic        err_write_i,
  input  logic        err_fetch_i,
  output logic        irq_o,
  // simulation outputs
  output logic        console_valid_o,
  output logic [7:0]  console_data_o,
  output logic        exit_valid_o,
  output logic [31:0] exit_code_o
);

  localparam logic [9:0] AddrConsole  = 10'h0;
  localparam logic [9:0] AddrExit     = 10'h1;
  localparam logic [9:0] AddrCycleLo  = 10'h2;
  localparam logic [9:0] AddrCycleHi  = 10'h3;
  localparam logic [9:0] AddrErrAddr  = 10'h4;
  localparam logic [9:0] AddrErr      = 10'h5;
  localparam logic [9:0] AddrId       = 10'h6;
  localparam logic [31:0] SocId       = 32'h4D43_5343;

  logic        busy_q;              // the access is being answered this cycle
  logic        ack_q, err_q;
  logic [31:0] dat_q;
  logic [63:0] cycle_q;
  logic [31:0] cycle_hi_q;
  logic        err_pend_q, err_write_q, err_fetch_q;
  logic [31:0] err_addr_q;
  logic        access, known;
  logic [31:0] rdata;

  // one answer per access: the cycle after the strobe
  assign access = stb_i && !busy_q;

  always_comb begin
    known = 1'b1;
    rdata = '0;
    unique case (adr_i)
      AddrConsole, AddrExit: rdata = '0;
      AddrCycleLo: rdata = cycle_q[31:0];
      AddrCycleHi: rdata = cycle_hi_q;
      AddrErrAddr: rdata = err_addr_q;
      AddrErr:     rdata = {29'b0, err_fetch_q, err_write_q, err_pend_q};
      AddrId:      rdata = SocId;
      default:     known = 1'b0;
    endcase
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      busy_q          <= 1'b0;
      ack_q           <= 1'b0;
      err_q           <= 1'b0;
      dat_q           <= '0;
      cycle_q         <= '0;
      cycle_hi_q      <= '0;
      err_pend_q      <= 1'b0;
      err_write_q     <= 1'b0;
      err_fetch_q     <= 1'b0;
      err_addr_q      <= '0;
      console_valid_o <= 1'b0;
      console_data_o  <= '0;
      exit_valid_o    <= 1'b0;
      exit_code_o     <= '0;
    end else begin
      cycle_q         <= cycle_q + 64'd1;
      busy_q          <= access;
      ack_q           <= access && known;
      err_q           <= access && !known;
      console_valid_o <= 1'b0;
      exit_valid_o    <= 1'b0;
      if (access) begin
        dat_q <= rdata;
      end
      if (access && known && !we_i && adr_i == AddrCycleLo) begin
        cycle_hi_q <= cycle_q[63:32];
      end
      if (access && known && we_i) begin
        unique case (adr_i)
          AddrConsole: begin
            if (sel_i[0]) begin
              console_valid_o <= 1'b1;
              console_data_o  <= dat_i[7:0];
            end
          end
          AddrExit: begin
            exit_valid_o <= 1'b1;
            exit_code_o  <= dat_i;
          end
          AddrErr: begin
            if (sel_i[0] && dat_i[0]) begin
              err_pend_q <= 1'b0;
            end
          end
          default: ;
        endcase
      end
      // a new error is captured only when none is pending (the first one is
      // the one software needs); it wins over a clear in the same cycle
      if (err_valid_i && (!err_pend_q || (access && we_i && adr_i == AddrErr && sel_i[0] && dat_i[0]))) begin
        err_pend_q  <= 1'b1;
        err_addr_q  <= err_addr_i;
        err_write_q <= err_write_i;
        err_fetch_q <= err_fetch_i;
      end
    end
  end

  assign ack_o = ack_q;
  assign err_o = err_q;
  assign dat_o = dat_q;
  assign irq_o = err_pend_q;

  logic unused_sel;
  assign unused_sel = ^sel_i[3:1];

endmodule
