// Copyright MCCP contributors.  SPDX-License-Identifier: Apache-2.0
//
// mccp_watchdog: ends tasks that run too long, or that the host aborts
// (docs/fabric.md "Watchdog and host abort").
//
// A task may run BASE + PER_WORD * (body words + 4) cycles (WATCHDOG; + 4
// for each field's rounding up), counted from its start handshake until its
// result, except cycles in which it waits for the host: its body is still
// streaming in and the upsizer has no word, or its core's released output
// waits for the output stream.  Over budget, or on a CORE_ABORT write, kill_o
// raises the core's abort_i (the path a split task's partner uses: the core
// ends as if it trapped, discards its output, drains the rest of its packet
// up to the last word, and offers a result) and holds it until the result is
// taken; that result's PARTNER status is relabelled TIMEOUT, or ABORTED for
// the host's abort.  The record then leaves through the normal path, so its
// channel's order and the other cores' records move on.  A kill of either
// half of a running split task (cores 2p, 2p+1 both pair_en_i) kills both.
// The counters only watch: a task within budget runs as without them.
// Slots in FixedSlots (the elliptic-curve units, whose tasks take a fixed time
// per curve whatever their few operand words) get fixed_base_i (WATCHDOG_EC)
// instead.  Slots in SlowSlots (the ARX elements: pi16-Cipher takes about 200
// cycles per body word, 13 times an AES mode) get 4 x PER_WORD per word.
module mccp_watchdog #(
  parameter int          NumCores   = 4,
  parameter logic [15:0] FixedSlots = '0,
  parameter logic [15:0] SlowSlots  = '0
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  // WATCHDOG
  input  logic                  enable_i,
  input  logic [15:0]           base_i,
  input  logic [7:0]            per_word_i,
  input  logic [23:0]           fixed_base_i,
  // CORE_ABORT
  input  logic                  abort_we_i,
  input  logic [NumCores-1:0]   abort_mask_i,
  // the request on offer (the next start's, both halves of a split task):
  // payload + AAD + nonce + tag bytes
  input  logic [17:0]           body_bytes_i,
  // starts (the scheduler's start handshakes), their role and empty packet
  input  logic [NumCores-1:0]   start_i,
  input  logic [1:0]            start_role_i,   // 2: the MAC half of a split task (no body)
  input  logic                  start_empty_i,
  // the parser: a packet's input has passed, and the upsizer's word valid
  input  logic                  in_done_valid_i,
  input  logic [3:0]            in_done_core_i,
  input  logic                  word_valid_i,
  // per core: released output waiting for the output stage, split task
  // running, result on offer and taken, and its status
  input  logic [NumCores-1:0]   out_wait_i,
  input  logic [NumCores-1:0]   pair_en_i,
  input  logic [NumCores-1:0]   res_valid_i,
  input  logic [NumCores-1:0]   res_fire_i,
  input  logic [NumCores*8-1:0] res_status_i,
  output logic [NumCores-1:0]   kill_o,
  output logic [NumCores*8-1:0] res_status_o
);

  localparam int N      = NumCores;
  localparam int WdBits = 26;

  logic [WdBits-1:0] budget_q, slow_budget_q;
  logic [WdBits-1:0] cnt_q [N];
  logic [N-1:0]      run_q, in_open_q, wait_host, expire, kill_req, kill_set, kill_q;
  logic [N-1:0]      kill_host, kill_host_set, kill_abort_q;
  logic [14:0]       body_words;

  // Three registers from the request to the budget (sum of the byte counts,
  // the product, the base): a request is on offer from the scheduler's StIdle
  // and its first start comes three cycles later at the earliest (key read,
  // pick, start), so budget_q is the request's when a start takes it.
  logic [17:0]        body_bytes_q;
  logic [22:0]        word_cost_q;
  assign body_words = 15'(body_bytes_q[17:4]) + 15'd4;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      body_bytes_q <= '0;
      word_cost_q  <= '0;
      budget_q     <= '0;
      slow_budget_q <= '0;
    end else begin
      body_bytes_q <= body_bytes_i;
      word_cost_q  <= 23'(per_word_i) * 23'(body_words);
      budget_q     <= WdBits'(base_i) + WdBits'(word_cost_q);
      slow_budget_q <= WdBits'(base_i) + (WdBits'(word_cost_q) << 2);
    end
  end

  for (genvar c = 0; c < N; c++) begin : g_core
    assign wait_host[c] = (in_open_q[c] && !word_valid_i) || out_wait_i[c];
    assign expire[c]    = enable_i && run_q[c] && (cnt_q[c] == '0);
    assign kill_req[c]  = run_q[c] && !kill_q[c] && (expire[c] || (abort_we_i && abort_mask_i[c]));
    assign kill_host[c] = !expire[c];   // with kill_req: the cause was the host's abort
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        run_q[c]     <= 1'b0;
        in_open_q[c] <= 1'b0;
        cnt_q[c]     <= '0;
      end else begin
        if (start_i[c]) begin
          run_q[c] <= 1'b1;
          cnt_q[c] <= FixedSlots[c] ? WdBits'(fixed_base_i) : SlowSlots[c] ? slow_budget_q : budget_q;
        end else begin
          if (res_valid_i[c]) run_q[c] <= 1'b0;
          if (run_q[c] && !wait_host[c] && cnt_q[c] != '0) cnt_q[c] <= cnt_q[c] - 1'b1;
        end
        // the parser streams this core's body from its start until its in_done
        if (start_i[c] && !start_empty_i && start_role_i != 2'd2) begin
          in_open_q[c] <= 1'b1;
        end else if (in_done_valid_i && in_done_core_i == 4'(c)) begin
          in_open_q[c] <= 1'b0;
        end
      end
    end
  end

  always_comb begin
    kill_set      = kill_req;
    kill_host_set = kill_host;
    for (int p = 0; p < N / 2; p++) begin
      if (pair_en_i[2*p] && pair_en_i[2*p+1]) begin
        if (!kill_req[2*p] && kill_req[2*p+1] && !kill_q[2*p]) begin
          kill_set[2*p]      = 1'b1;
          kill_host_set[2*p] = kill_host[2*p+1];
        end
        if (!kill_req[2*p+1] && kill_req[2*p] && !kill_q[2*p+1]) begin
          kill_set[2*p+1]      = 1'b1;
          kill_host_set[2*p+1] = kill_host[2*p];
        end
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      kill_q       <= '0;
      kill_abort_q <= '0;
    end else begin
      for (int c = 0; c < N; c++) begin
        if (kill_set[c]) begin
          kill_q[c]       <= 1'b1;
          kill_abort_q[c] <= kill_host_set[c];
        end else if (res_fire_i[c]) begin
          kill_q[c] <= 1'b0;
        end
      end
    end
  end

  // a core ignores abort_i once its task has ended, so kill_o may stay up
  // until the result is taken
  assign kill_o = kill_q;

  for (genvar c = 0; c < N; c++) begin : g_status
    logic partner;
    assign partner = res_status_i[c*8 +: 8] == mccp_isa_pkg::STATUS_PARTNER;
    assign res_status_o[c*8 +: 8] =
        !(kill_q[c] && partner) ? res_status_i[c*8 +: 8] :
        kill_abort_q[c]         ? mccp_regs_pkg::STATUS_ABORTED : mccp_regs_pkg::STATUS_TIMEOUT;
  end

  logic unused;
  assign unused = ^body_bytes_q[3:0];   // whole words only (the + 4 rounds up)

endmodule
