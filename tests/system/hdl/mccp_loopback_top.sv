// Test stand-in with mccp_top's port list (docs/fabric.md): checks the device harness
// (AXI4-Lite master, stream drivers, back-pressure, cycle stamps) without the fabric.
// AXI4-Lite: 0x000..0x7FC a 512-word RAM (byte strobes); 0xFFC reads the count of input
// protocol violations (tvalid dropped or tdata/tkeep/tlast changed while stalled); the rest of
// 0x800.. answers SLVERR.
// Stream: every input beat (tdata, tkeep, tlast) comes out unchanged, in order, through a
// 4-entry FIFO.
module mccp_loopback_top #(
  parameter int unsigned NumCores = 4,
  parameter int unsigned StreamBits = 128,
  parameter int unsigned KeySlots = 16,
  parameter int unsigned Channels = 64,
  parameter int unsigned BufBytes = 2048,
  parameter logic [15:0] DecryptCores = '1
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  input  logic                  s_axil_awvalid_i,
  output logic                  s_axil_awready_o,
  input  logic [11:0]           s_axil_awaddr_i,
  input  logic                  s_axil_wvalid_i,
  output logic                  s_axil_wready_o,
  input  logic [31:0]           s_axil_wdata_i,
  input  logic [3:0]            s_axil_wstrb_i,
  output logic                  s_axil_bvalid_o,
  input  logic                  s_axil_bready_i,
  output logic [1:0]            s_axil_bresp_o,
  input  logic                  s_axil_arvalid_i,
  output logic                  s_axil_arready_o,
  input  logic [11:0]           s_axil_araddr_i,
  output logic                  s_axil_rvalid_o,
  input  logic                  s_axil_rready_i,
  output logic [31:0]           s_axil_rdata_o,
  output logic [1:0]            s_axil_rresp_o,
  input  logic                  s_axis_tvalid_i,
  output logic                  s_axis_tready_o,
  input  logic [StreamBits-1:0] s_axis_tdata_i,
  input  logic [StreamBits/8-1:0] s_axis_tkeep_i,
  input  logic                  s_axis_tlast_i,
  output logic                  m_axis_tvalid_o,
  input  logic                  m_axis_tready_i,
  output logic [StreamBits-1:0] m_axis_tdata_o,
  output logic [StreamBits/8-1:0] m_axis_tkeep_o,
  output logic                  m_axis_tlast_o,
  output logic                  irq_o
);
  logic [31:0] mem [512];
  logic aw_got, w_got;
  logic [11:0] aw_q;
  logic [31:0] w_q;
  logic [3:0] s_q;
  logic [31:0] viol_q;
  logic stall_q;
  localparam int unsigned BeatW = StreamBits + StreamBits / 8 + 1;   // {tlast, tkeep, tdata}
  logic [BeatW-1:0] held_q;

  // input protocol check: a stalled beat must stay offered, unchanged
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      viol_q <= '0;
      stall_q <= 1'b0;
      held_q <= '0;
    end else begin
      if (stall_q && (!s_axis_tvalid_i || {s_axis_tlast_i, s_axis_tkeep_i, s_axis_tdata_i} != held_q)) begin
        viol_q <= viol_q + 1;
      end
      stall_q <= s_axis_tvalid_i && !s_axis_tready_o;
      held_q <= {s_axis_tlast_i, s_axis_tkeep_i, s_axis_tdata_i};
    end
  end

  assign s_axil_awready_o = !aw_got && !s_axil_bvalid_o;
  assign s_axil_wready_o = !w_got && !s_axil_bvalid_o;
  assign s_axil_arready_o = !s_axil_rvalid_o;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      aw_got <= 1'b0;
      w_got <= 1'b0;
      aw_q <= '0;
      w_q <= '0;
      s_q <= '0;
      s_axil_bvalid_o <= 1'b0;
      s_axil_bresp_o <= 2'b00;
      s_axil_rvalid_o <= 1'b0;
      s_axil_rdata_o <= '0;
      s_axil_rresp_o <= 2'b00;
    end else begin
      if (s_axil_awvalid_i && s_axil_awready_o) begin
        aw_got <= 1'b1;
        aw_q <= s_axil_awaddr_i;
      end
      if (s_axil_wvalid_i && s_axil_wready_o) begin
        w_got <= 1'b1;
        w_q <= s_axil_wdata_i;
        s_q <= s_axil_wstrb_i;
      end
      if (aw_got && w_got) begin
        aw_got <= 1'b0;
        w_got <= 1'b0;
        s_axil_bvalid_o <= 1'b1;
        s_axil_bresp_o <= aw_q[11] ? 2'b10 : 2'b00;
        if (!aw_q[11]) begin
          for (int b = 0; b < 4; b++) begin
            if (s_q[b]) mem[aw_q[10:2]][8*b +: 8] <= w_q[8*b +: 8];
          end
        end
      end
      if (s_axil_bvalid_o && s_axil_bready_i) s_axil_bvalid_o <= 1'b0;
      if (s_axil_arvalid_i && s_axil_arready_o) begin
        s_axil_rvalid_o <= 1'b1;
        if (s_axil_araddr_i == 12'hFFC) begin
          s_axil_rdata_o <= viol_q;
          s_axil_rresp_o <= 2'b00;
        end else begin
          s_axil_rdata_o <= s_axil_araddr_i[11] ? 32'h0 : mem[s_axil_araddr_i[10:2]];
          s_axil_rresp_o <= s_axil_araddr_i[11] ? 2'b10 : 2'b00;
        end
      end else if (s_axil_rvalid_o && s_axil_rready_i) begin
        s_axil_rvalid_o <= 1'b0;
      end
    end
  end

  logic [BeatW-1:0] fifo [4];
  logic [2:0] rd_q, wr_q;
  wire [2:0] count = wr_q - rd_q;
  assign s_axis_tready_o = count != 3'd4;
  assign m_axis_tvalid_o = count != 3'd0;
  assign m_axis_tdata_o = fifo[rd_q[1:0]][StreamBits-1:0];
  assign m_axis_tkeep_o = fifo[rd_q[1:0]][StreamBits +: StreamBits / 8];
  assign m_axis_tlast_o = fifo[rd_q[1:0]][BeatW-1];
  assign irq_o = 1'b0;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rd_q <= '0;
      wr_q <= '0;
    end else begin
      if (s_axis_tvalid_i && s_axis_tready_o) begin
        fifo[wr_q[1:0]] <= {s_axis_tlast_i, s_axis_tkeep_i, s_axis_tdata_i};
        wr_q <= wr_q + 3'd1;
      end
      if (m_axis_tvalid_o && m_axis_tready_i) rd_q <= rd_q + 3'd1;
    end
  end
endmodule
