// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// mccp_soc_dma: moves packets between the SoC's RAM and mccp_top's AXI4-Stream ports by
// descriptor rings, so the CPU never copies a payload word (docs/soc.md "DMA").
//
// Two rings of 16-byte descriptors in RAM, each a power of two of entries, with free-running
// 16-bit indices: the CPU produces (HEAD), the engine consumes (TAIL); entry = index mod size.
//   submit ring (TX, to MCCP):   +0 buffer address  +4 length (bytes)   +8 -   +12 status
//   receive ring (RX, from MCCP): +0 buffer address  +4 capacity (bytes) +8 length +12 status
// The engine writes the status word when it is done with an entry (the completion): bit 31
// DONE, bits [7:0] the code: 0 OK, 1 BAD_ADDR (a buffer not word aligned or not inside the
// RAM; nothing moved), 2 BAD_LEN (a TX length of 0), 3 TRUNCATED (RX: the packet was longer
// than the capacity; the bytes beyond it are dropped, the length word says the whole).  Then
// TAIL advances and the ring's interrupt bit is set.  An RX entry that is BAD_ADDR is
// consumed without a packet: the packet waits for the next entry, nothing is lost.
//
// Bytes: a packet's byte i is byte i of its buffer.  The stream carries byte 0 in the top
// lane (mccp_top, docs/fabric.md "Words and beats") and the RAM is little endian, so each
// word is byte-swapped on its way.
//
// A packet is always sent to its end (TLAST): clearing ENABLE stops the taking of new
// entries only.  With no RX entry posted, the engine does not take output beats (back-
// pressure into mccp_top, which holds its output).
//
// Registers (word offsets, mccp_soc_dma_pkg is to come from the SoC register spec):
//   0 CTRL       [0] ENABLE
//   1 STATUS     ro: [0] TX packet under way, [1] RX packet under way
//   2 IRQ_STATUS w1c: [0] TX_DONE, [1] RX_DONE, [2] ERROR (an entry completed with a code
//                other than OK or TRUNCATED)
//   3 IRQ_ENABLE [2:0]
//   4 TX_BASE    ring address (16-byte aligned; low 4 bits read 0)
//   5 TX_LOG2    entries = 2^TX_LOG2, 0..8
//   6 TX_HEAD    [15:0]: a write that would put more than the ring's size of entries
//                ahead of TAIL is refused (ERR) and changes nothing
//   7 TX_TAIL    ro
//   8..11        the same for the RX ring
//   12 ERR_ADDR  ro: the buffer address of the last entry with an error code
// Writes to a ring's BASE or LOG2 while ENABLE is set are refused (ERR).
module mccp_soc_dma #(
  parameter int RamBytes = 256 * 1024
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  // registers (Wishbone slave, word addresses)
  input  logic        s_stb_i,
  input  logic        s_we_i,
  input  logic [3:0]  s_adr_i,
  input  logic [3:0]  s_sel_i,
  input  logic [31:0] s_dat_i,
  output logic        s_ack_o,
  output logic        s_err_o,
  output logic [31:0] s_dat_o,
  // RAM (Wishbone master, single accesses)
  output logic        m_stb_o,
  output logic        m_we_o,
  output logic [29:0] m_adr_o,
  output logic [3:0]  m_sel_o,
  output logic [31:0] m_dat_o,
  input  logic        m_ack_i,
  input  logic [31:0] m_dat_i,
  // to mccp_top (its AXI4-Stream input)
  output logic        tx_tvalid_o,
  input  logic        tx_tready_i,
  output logic [31:0] tx_tdata_o,
  output logic [3:0]  tx_tkeep_o,
  output logic        tx_tlast_o,
  // from mccp_top (its AXI4-Stream output)
  input  logic        rx_tvalid_i,
  output logic        rx_tready_o,
  input  logic [31:0] rx_tdata_i,
  input  logic [3:0]  rx_tkeep_i,
  input  logic        rx_tlast_i,
  output logic        irq_o
);

  localparam logic [7:0] CodeOk        = 8'd0;
  localparam logic [7:0] CodeBadAddr   = 8'd1;
  localparam logic [7:0] CodeBadLen    = 8'd2;
  localparam logic [7:0] CodeTruncated = 8'd3;

  // ---- registers ------------------------------------------------------------------
  logic        enable_q;
  logic [2:0]  irq_q, irq_en_q;
  logic [27:0] tx_base_q, rx_base_q;        // ring address / 16
  logic [3:0]  tx_log2_q, rx_log2_q;
  logic [15:0] tx_head_q, tx_tail_q, rx_head_q, rx_tail_q;
  logic [31:0] err_addr_q;
  logic        tx_active, rx_active;
  logic        tx_done, rx_done, entry_err;   // one-cycle events from the engines
  logic [31:0] entry_err_addr;

  logic        s_ack_q, s_err_q;
  logic [31:0] s_dat_q;
  logic        s_access, wr_refused;
  logic [15:0] new_head;
  assign s_access = s_stb_i && !s_ack_q && !s_err_q;
  assign new_head = s_dat_i[15:0];

  // a new HEAD may put at most a ring's size of entries ahead of TAIL
  logic [15:0] tx_ahead, rx_ahead;
  assign tx_ahead = new_head - tx_tail_q;
  assign rx_ahead = new_head - rx_tail_q;

  always_comb begin
    wr_refused = 1'b0;
    unique case (s_adr_i)
      4'd4, 4'd5, 4'd8, 4'd9: wr_refused = enable_q;
      4'd6:  wr_refused = tx_ahead > (16'd1 << tx_log2_q);
      4'd10: wr_refused = rx_ahead > (16'd1 << rx_log2_q);
      default: wr_refused = 1'b0;
    endcase
    if ((s_adr_i == 4'd5 || s_adr_i == 4'd9) && s_dat_i[3:0] > 4'd8) wr_refused = 1'b1;
    if (s_adr_i > 4'd12) wr_refused = 1'b1;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      s_ack_q    <= 1'b0;
      s_err_q    <= 1'b0;
      s_dat_q    <= '0;
      enable_q   <= 1'b0;
      irq_q      <= '0;
      irq_en_q   <= '0;
      tx_base_q  <= '0;
      rx_base_q  <= '0;
      tx_log2_q  <= '0;
      rx_log2_q  <= '0;
      tx_head_q  <= '0;
      rx_head_q  <= '0;
      err_addr_q <= '0;
    end else begin
      s_ack_q <= 1'b0;
      s_err_q <= 1'b0;
      if (tx_done) irq_q[0] <= 1'b1;
      if (rx_done) irq_q[1] <= 1'b1;
      if (entry_err) begin
        irq_q[2]   <= 1'b1;
        err_addr_q <= entry_err_addr;
      end
      if (s_access) begin
        if (s_we_i && (wr_refused || s_sel_i != 4'hF)) begin
          s_err_q <= 1'b1;   // refused, or not a whole-word write: nothing changes
        end else if (s_we_i) begin
          s_ack_q <= 1'b1;
          unique case (s_adr_i)
            4'd0:  enable_q  <= s_dat_i[0];
            4'd2:  irq_q     <= irq_q & ~s_dat_i[2:0];
            4'd3:  irq_en_q  <= s_dat_i[2:0];
            4'd4:  tx_base_q <= s_dat_i[31:4];
            4'd5:  tx_log2_q <= s_dat_i[3:0];
            4'd6:  tx_head_q <= new_head;
            4'd8:  rx_base_q <= s_dat_i[31:4];
            4'd9:  rx_log2_q <= s_dat_i[3:0];
            4'd10: rx_head_q <= new_head;
            default: ;
          endcase
        end else if (s_adr_i > 4'd12) begin
          s_err_q <= 1'b1;
        end else begin
          s_ack_q <= 1'b1;
          unique case (s_adr_i)
            4'd0:  s_dat_q <= {31'd0, enable_q};
            4'd1:  s_dat_q <= {30'd0, rx_active, tx_active};
            4'd2:  s_dat_q <= {29'd0, irq_q};
            4'd3:  s_dat_q <= {29'd0, irq_en_q};
            4'd4:  s_dat_q <= {tx_base_q, 4'd0};
            4'd5:  s_dat_q <= {28'd0, tx_log2_q};
            4'd6:  s_dat_q <= {16'd0, tx_head_q};
            4'd7:  s_dat_q <= {16'd0, tx_tail_q};
            4'd8:  s_dat_q <= {rx_base_q, 4'd0};
            4'd9:  s_dat_q <= {28'd0, rx_log2_q};
            4'd10: s_dat_q <= {16'd0, rx_head_q};
            4'd11: s_dat_q <= {16'd0, rx_tail_q};
            default: s_dat_q <= err_addr_q;
          endcase
        end
      end
    end
  end

  assign s_ack_o = s_ack_q && s_stb_i;
  assign s_err_o = s_err_q && s_stb_i;
  assign s_dat_o = s_dat_q;
  assign irq_o   = |(irq_q & irq_en_q);

  // ---- the RAM port, shared by the two engines ------------------------------------
  // Each engine holds its request until its ACK; the RX engine goes first when both wait
  // (mccp_top's output stalls while it waits), an owner keeps the port until its ACK.
  logic        tx_req, tx_we, rx_req, rx_we, own_rx_q, own_tx_q, grant_rx, grant_tx;
  logic [29:0] tx_adr, rx_adr;
  logic [31:0] tx_wdat, rx_wdat;
  logic [3:0]  rx_sel;

  always_comb begin
    grant_rx = own_rx_q;
    grant_tx = own_tx_q;
    if (!own_rx_q && !own_tx_q) begin
      grant_rx = rx_req;
      grant_tx = !rx_req && tx_req;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      own_rx_q <= 1'b0;
      own_tx_q <= 1'b0;
    end else begin
      own_rx_q <= grant_rx && !m_ack_i;
      own_tx_q <= grant_tx && !m_ack_i;
    end
  end

  assign m_stb_o = grant_rx ? rx_req : (grant_tx && tx_req);
  assign m_we_o  = grant_rx ? rx_we : tx_we;
  assign m_adr_o = grant_rx ? rx_adr : tx_adr;
  assign m_sel_o = grant_rx ? rx_sel : 4'hF;
  assign m_dat_o = grant_rx ? rx_wdat : tx_wdat;

  logic tx_ack, rx_ack;
  assign tx_ack = grant_tx && m_ack_i;
  assign rx_ack = grant_rx && m_ack_i;

  function automatic logic [31:0] bswap(input logic [31:0] w);
    bswap = {w[7:0], w[15:8], w[23:16], w[31:24]};
  endfunction

  // a buffer [addr, addr + len) inside the RAM, word aligned
  function automatic logic buf_ok(input logic [31:0] addr, input logic [31:0] len);
    buf_ok = addr[1:0] == 2'b00 && ({1'b0, addr} + {1'b0, len}) <= 33'(RamBytes);
  endfunction

  // ---- TX: submit ring -> mccp_top ------------------------------------------------
  typedef enum logic [2:0] {TxIdle, TxDesc0, TxDesc1, TxRead, TxSend, TxStatus} tx_state_e;
  tx_state_e   tx_state_q;
  logic [29:0] tx_desc_q;                  // word address of the entry
  logic [31:0] tx_addr_q, tx_beat_q;
  logic [15:0] tx_left_q;                  // bytes of the packet not yet sent
  logic [7:0]  tx_code_q;
  logic [27:0] tx_entry;   // entry address / 16
  assign tx_entry = tx_base_q + {20'd0, tx_tail_q[7:0] & 8'((16'd1 << tx_log2_q) - 16'd1)};

  always_comb begin
    tx_req  = 1'b0;
    tx_we   = 1'b0;
    tx_adr  = tx_desc_q;
    tx_wdat = '0;
    unique case (tx_state_q)
      TxDesc0:  tx_req = 1'b1;
      TxDesc1: begin
        tx_req = 1'b1;
        tx_adr = tx_desc_q + 30'd1;
      end
      TxRead: begin
        tx_req = 1'b1;
        tx_adr = tx_addr_q[31:2];
      end
      TxStatus: begin
        tx_req  = 1'b1;
        tx_we   = 1'b1;
        tx_adr  = tx_desc_q + 30'd3;
        tx_wdat = {1'b1, 23'd0, tx_code_q};
      end
      default: ;
    endcase
  end

  assign tx_tvalid_o = (tx_state_q == TxSend);
  assign tx_tdata_o  = tx_beat_q;
  assign tx_tlast_o  = tx_left_q <= 16'd4;
  // the valid bytes of the last beat: a run from the top lane
  assign tx_tkeep_o  = (tx_left_q >= 16'd4) ? 4'b1111 : (tx_left_q == 16'd3) ? 4'b1110 :
                       (tx_left_q == 16'd2) ? 4'b1100 : 4'b1000;
  assign tx_active   = (tx_state_q != TxIdle);

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      tx_state_q <= TxIdle;
      tx_desc_q  <= '0;
      tx_addr_q  <= '0;
      tx_beat_q  <= '0;
      tx_left_q  <= '0;
      tx_code_q  <= '0;
      tx_tail_q  <= '0;
    end else begin
      unique case (tx_state_q)
        TxIdle: if (enable_q && tx_head_q != tx_tail_q) begin
          tx_desc_q  <= {tx_entry, 2'd0};
          tx_state_q <= TxDesc0;
        end
        TxDesc0: if (tx_ack) begin
          tx_addr_q  <= m_dat_i;
          tx_state_q <= TxDesc1;
        end
        TxDesc1: if (tx_ack) begin
          tx_left_q <= m_dat_i[15:0];
          if (m_dat_i == 32'd0 || m_dat_i > 32'hFFFF) begin
            tx_code_q  <= CodeBadLen;
            tx_state_q <= TxStatus;
          end else if (!buf_ok(tx_addr_q, m_dat_i)) begin
            tx_code_q  <= CodeBadAddr;
            tx_state_q <= TxStatus;
          end else begin
            tx_code_q  <= CodeOk;
            tx_state_q <= TxRead;
          end
        end
        TxRead: if (tx_ack) begin
          tx_beat_q  <= bswap(m_dat_i);
          tx_state_q <= TxSend;
        end
        TxSend: if (tx_tready_i) begin
          tx_addr_q <= tx_addr_q + 32'd4;
          if (tx_tlast_o) begin
            tx_left_q  <= '0;
            tx_state_q <= TxStatus;
          end else begin
            tx_left_q  <= tx_left_q - 16'd4;
            tx_state_q <= TxRead;
          end
        end
        TxStatus: if (tx_ack) begin
          tx_tail_q  <= tx_tail_q + 16'd1;
          tx_state_q <= TxIdle;
        end
        default: tx_state_q <= TxIdle;
      endcase
    end
  end

  // ---- RX: mccp_top -> receive ring -----------------------------------------------
  typedef enum logic [2:0] {RxIdle, RxDesc0, RxDesc1, RxBeat, RxWrite, RxLength, RxStatus} rx_state_e;
  rx_state_e   rx_state_q;
  logic [29:0] rx_desc_q;                  // word address of the entry
  logic [31:0] rx_addr_q, rx_cap_q, rx_count_q, rx_word_q;
  logic [3:0]  rx_sel_q;
  logic [7:0]  rx_code_q;
  logic        rx_last_q;
  logic [2:0]  rx_beat_bytes;

  // bytes of an output beat: a run of TKEEP ones from the top lane
  assign rx_beat_bytes = rx_tkeep_i[3] ? (rx_tkeep_i[2] ? (rx_tkeep_i[1] ? (rx_tkeep_i[0] ? 3'd4 : 3'd3) : 3'd2)
                                                        : 3'd1) : 3'd0;

  always_comb begin
    rx_req  = 1'b0;
    rx_we   = 1'b0;
    rx_adr  = rx_desc_q;
    rx_wdat = '0;
    rx_sel  = 4'hF;
    unique case (rx_state_q)
      RxDesc0: rx_req = 1'b1;
      RxDesc1: begin
        rx_req = 1'b1;
        rx_adr = rx_desc_q + 30'd1;
      end
      RxWrite: begin
        rx_req  = 1'b1;
        rx_we   = 1'b1;
        rx_adr  = rx_addr_q[31:2];
        rx_wdat = rx_word_q;
        rx_sel  = rx_sel_q;
      end
      RxLength: begin
        rx_req  = 1'b1;
        rx_we   = 1'b1;
        rx_adr  = rx_desc_q + 30'd2;
        rx_wdat = rx_count_q;
      end
      RxStatus: begin
        rx_req  = 1'b1;
        rx_we   = 1'b1;
        rx_adr  = rx_desc_q + 30'd3;
        rx_wdat = {1'b1, 23'd0, rx_code_q};
      end
      default: ;
    endcase
  end

  assign rx_tready_o = (rx_state_q == RxBeat);
  assign rx_active   = (rx_state_q != RxIdle);

  logic [27:0] rx_entry;   // entry address / 16
  assign rx_entry = rx_base_q + {20'd0, rx_tail_q[7:0] & 8'((16'd1 << rx_log2_q) - 16'd1)};

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rx_state_q <= RxIdle;
      rx_desc_q  <= '0;
      rx_addr_q  <= '0;
      rx_cap_q   <= '0;
      rx_count_q <= '0;
      rx_word_q  <= '0;
      rx_sel_q   <= '0;
      rx_code_q  <= '0;
      rx_last_q  <= 1'b0;
      rx_tail_q  <= '0;
    end else begin
      unique case (rx_state_q)
        RxIdle: if (enable_q && rx_tvalid_i && rx_head_q != rx_tail_q) begin
          rx_desc_q  <= {rx_entry, 2'd0};
          rx_state_q <= RxDesc0;
        end
        RxDesc0: if (rx_ack) begin
          rx_addr_q  <= m_dat_i;
          rx_state_q <= RxDesc1;
        end
        RxDesc1: if (rx_ack) begin
          rx_cap_q   <= m_dat_i;
          rx_count_q <= '0;
          if (!buf_ok(rx_addr_q, m_dat_i)) begin
            rx_code_q  <= CodeBadAddr;   // consumed without a packet
            rx_state_q <= RxLength;
          end else begin
            rx_code_q  <= CodeOk;
            rx_state_q <= RxBeat;
          end
        end
        RxBeat: if (rx_tvalid_i) begin
          rx_word_q  <= bswap(rx_tdata_i);
          rx_sel_q   <= {rx_tkeep_i[0], rx_tkeep_i[1], rx_tkeep_i[2], rx_tkeep_i[3]};
          rx_last_q  <= rx_tlast_i;
          rx_count_q <= rx_count_q + 32'(rx_beat_bytes);
          if (rx_count_q + 32'(rx_beat_bytes) <= rx_cap_q) begin
            rx_state_q <= RxWrite;
          end else begin
            rx_code_q <= CodeTruncated;   // dropped; the count goes on
            if (rx_tlast_i) rx_state_q <= RxLength;
          end
        end
        RxWrite: if (rx_ack) begin
          rx_addr_q  <= rx_addr_q + 32'd4;
          rx_state_q <= rx_last_q ? RxLength : RxBeat;
        end
        RxLength: if (rx_ack) rx_state_q <= RxStatus;
        RxStatus: if (rx_ack) begin
          rx_tail_q  <= rx_tail_q + 16'd1;
          rx_state_q <= RxIdle;
        end
        default: rx_state_q <= RxIdle;
      endcase
    end
  end

  // completions: the status word's write is acknowledged
  assign tx_done        = (tx_state_q == TxStatus) && tx_ack;
  assign rx_done        = (rx_state_q == RxStatus) && rx_ack;
  assign entry_err      = (tx_done && tx_code_q != CodeOk) ||
                          (rx_done && rx_code_q != CodeOk && rx_code_q != CodeTruncated);
  assign entry_err_addr = (rx_done && rx_code_q != CodeOk && rx_code_q != CodeTruncated) ? rx_addr_q : tx_addr_q;

endmodule
