// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// mccp_soc_wb2axil: a Wishbone (classic, single access) slave that performs
// each access as one AXI4-Lite transaction on a master port: a write raises
// AWVALID and WVALID together (each drops at its own handshake) and waits for
// B; a read raises ARVALID and waits for R.  The response ends the Wishbone
// access: ACK for OKAY / EXOKAY, ERR for SLVERR / DECERR.  One transaction at
// a time; BREADY and RREADY are high while one is outstanding.
module mccp_soc_wb2axil #(
  parameter int AddrBits = 12
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  // Wishbone slave
  input  logic                stb_i,
  input  logic                we_i,
  input  logic [AddrBits-3:0] adr_i,     // word address
  input  logic [3:0]          sel_i,
  input  logic [31:0]         dat_i,
  output logic                ack_o,
  output logic                err_o,
  output logic [31:0]         dat_o,
  // AXI4-Lite master
  output logic                awvalid_o,
  input  logic                awready_i,
  output logic [AddrBits-1:0] awaddr_o,
  output logic                wvalid_o,
  input  logic                wready_i,
  output logic [31:0]         wdata_o,
  output logic [3:0]          wstrb_o,
  input  logic                bvalid_i,
  output logic                bready_o,
  input  logic [1:0]          bresp_i,
  output logic                arvalid_o,
  input  logic                arready_i,
  output logic [AddrBits-1:0] araddr_o,
  input  logic                rvalid_i,
  output logic                rready_o,
  input  logic [31:0]         rdata_i,
  input  logic [1:0]          rresp_i
);

  typedef enum logic [1:0] {
    StIdle,
    StWrite,     // AW and/or W not yet taken, or waiting for B
    StRead,      // AR not yet taken, or waiting for R
    StDone       // ACK or ERR this cycle
  } state_e;

  state_e              state_q;
  logic                aw_q, w_q, ar_q;      // VALIDs still raised
  logic [AddrBits-1:0] addr_q;
  logic [31:0]         wdata_q, rdata_q;
  logic [3:0]          wstrb_q;
  logic                bad_q;                // the response was SLVERR / DECERR

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q <= StIdle;
      aw_q    <= 1'b0;
      w_q     <= 1'b0;
      ar_q    <= 1'b0;
      addr_q  <= '0;
      wdata_q <= '0;
      wstrb_q <= '0;
      rdata_q <= '0;
      bad_q   <= 1'b0;
    end else begin
      unique case (state_q)
        StIdle: begin
          if (stb_i) begin
            addr_q  <= {adr_i, 2'b00};
            wdata_q <= dat_i;
            wstrb_q <= sel_i;
            aw_q    <= we_i;
            w_q     <= we_i;
            ar_q    <= !we_i;
            state_q <= we_i ? StWrite : StRead;
          end
        end
        StWrite: begin
          if (awready_i) aw_q <= 1'b0;
          if (wready_i)  w_q  <= 1'b0;
          // B may only come after both handshakes (the slave's side of the rule)
          if (bvalid_i) begin
            bad_q   <= bresp_i[1];
            state_q <= StDone;
          end
        end
        StRead: begin
          if (arready_i) ar_q <= 1'b0;
          if (rvalid_i) begin
            rdata_q <= rdata_i;
            bad_q   <= rresp_i[1];
            state_q <= StDone;
          end
        end
        StDone: begin
          state_q <= StIdle;
        end
        default: state_q <= StIdle;
      endcase
    end
  end

  assign awvalid_o = aw_q;
  assign awaddr_o  = addr_q;
  assign wvalid_o  = w_q;
  assign wdata_o   = wdata_q;
  assign wstrb_o   = wstrb_q;
  assign bready_o  = (state_q == StWrite);
  assign arvalid_o = ar_q;
  assign araddr_o  = addr_q;
  assign rready_o  = (state_q == StRead);

  logic unused_resp;
  assign unused_resp = ^{bresp_i[0], rresp_i[0]};   // OKAY / EXOKAY alike, SLVERR / DECERR alike

  assign ack_o = (state_q == StDone) && !bad_q;
  assign err_o = (state_q == StDone) && bad_q;
  assign dat_o = rdata_q;

endmodule
