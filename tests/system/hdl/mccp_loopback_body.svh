// Body of mccp_loopback_top, a test stand-in with mccp_top's parameters and ports
// (docs/fabric.md): tests/system/test_harness.py puts it under the module header of
// rtl/fabric/mccp_top.sv, so the two port lists cannot drift apart.  It checks the
// device harness (AXI4-Lite master, stream drivers, back-pressure, cycle stamps)
// without the fabric.
// AXI4-Lite: 0x000..0x7FC a 512-word RAM (byte strobes); 0xFFC reads the count of input
// protocol violations (tvalid dropped or tdata/tkeep/tlast changed while stalled); the rest of
// 0x800.. answers SLVERR.
// Stream: every input beat (tdata, tkeep, tlast) comes out unchanged, in order, through a
// 4-entry FIFO (mccp_prim_fifo_flop).
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

  logic [BeatW-1:0] beat;
  logic [2:0] count;
  mccp_prim_fifo_flop #(
    .Width (BeatW),
    .Depth (4)
  ) u_fifo (
    .clk_i,
    .rst_ni,
    .clr_i   (1'b0),
    .push_i  (s_axis_tvalid_i && s_axis_tready_o),
    .wdata_i ({s_axis_tlast_i, s_axis_tkeep_i, s_axis_tdata_i}),
    .pop_i   (m_axis_tvalid_o && m_axis_tready_i),
    .rdata_o (beat),
    .count_o (count)
  );
  assign s_axis_tready_o = count != 3'd4;
  assign m_axis_tvalid_o = count != 3'd0;
  assign m_axis_tdata_o = beat[StreamBits-1:0];
  assign m_axis_tkeep_o = beat[StreamBits +: StreamBits / 8];
  assign m_axis_tlast_o = beat[BeatW-1];
  assign irq_o = 1'b0;
