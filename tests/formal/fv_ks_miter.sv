// Formal harness, property 3 (docs/formal.md): no key-store word reaches a
// readable output.  Two mccp_key_store instances get identical inputs except
// the key words -- staged by the host (stage_data_a_i / stage_data_b_i) and
// committed by the secret sink (sc_data_a_i / sc_data_b_i); every output but
// rd_key_o must be equal in both.
module fv_ks_miter (
  input  logic        clk_i,
  input  logic        stage_we_i,
  input  logic [3:0]  stage_idx_i,
  input  logic [31:0] stage_data_a_i,
  input  logic [31:0] stage_data_b_i,
  input  logic        cmd_valid_i,
  input  logic [1:0]  cmd_op_i,
  input  logic [4:0]  cmd_slot_i,
  input  logic [2:0]  cmd_len_i,
  input  logic [2:0]  cmd_curve_i,
  input  logic        wipe_ec_i,
  input  logic        wipe_aes_i,
  input  logic        sc_valid_i,
  input  logic [4:0]  sc_slot_i,
  input  logic [287:0] sc_data_a_i,
  input  logic [287:0] sc_data_b_i,
  input  logic [2:0]  sc_len_i,
  input  logic [2:0]  sc_curve_i,
  input  logic        sc_restricted_i,
  input  logic        rd_hold_i,
  input  logic        rd_req_i,
  input  logic [4:0]  rd_slot_i
);
  localparam int KeySlots = 4;

  logic init = 1'b1;
  always_ff @(posedge clk_i) init <= 1'b0;
  logic rst_ni;
  assign rst_ni = !init;

  logic                cmd_err [2], busy [2], inv_valid [2], inv_all [2], rd_ack [2], rd_valid [2];
  logic                sc_ready [2], rd_restricted [2];
  logic [KeySlots-1:0] valid [2];
  logic [4:0]          inv_slot [2];
  logic [287:0]        rd_key [2];
  logic [2:0]          rd_len [2];
  logic [2:0]          rd_curve [2];

  for (genvar i = 0; i < 2; i++) begin : g_copy
    mccp_key_store #(.KeySlots(KeySlots)) u_ks (
      .clk_i, .rst_ni,
      .stage_we_i, .stage_idx_i,
      .stage_data_i (i == 0 ? stage_data_a_i : stage_data_b_i),
      .cmd_valid_i, .cmd_op_i, .cmd_slot_i, .cmd_len_i, .cmd_curve_i, .wipe_ec_i, .wipe_aes_i,
      .sc_valid_i, .sc_slot_i,
      .sc_data_i   (i == 0 ? sc_data_a_i : sc_data_b_i),
      .sc_len_i, .sc_curve_i, .sc_restricted_i, .rd_hold_i,
      .sc_ready_o  (sc_ready[i]),
      .cmd_err_o   (cmd_err[i]),
      .busy_o      (busy[i]),
      .valid_o     (valid[i]),
      .inv_valid_o (inv_valid[i]),
      .inv_slot_o  (inv_slot[i]),
      .inv_all_o   (inv_all[i]),
      .rd_req_i, .rd_slot_i,
      .rd_ack_o    (rd_ack[i]),
      .rd_key_o    (rd_key[i]),
      .rd_len_o    (rd_len[i]),
      .rd_curve_o  (rd_curve[i]),
      .rd_restricted_o (rd_restricted[i]),
      .rd_valid_o  (rd_valid[i])
    );
  end

  // the scheduler's side of the read port: a request is held until its ack
  always_ff @(posedge clk_i) begin
    if (!init && !$past(init) && $past(rd_req_i) && !$past(rd_ack[0])) begin
      assume (rd_req_i);
      assume (rd_slot_i == $past(rd_slot_i));
    end
  end

  always_ff @(posedge clk_i) begin
    if (!init) begin
      p3_cmd_err:   assert (cmd_err[0] == cmd_err[1]);
      p3_busy:      assert (busy[0] == busy[1]);
      p3_valid:     assert (valid[0] == valid[1]);
      p3_inv:       assert (inv_valid[0] == inv_valid[1] && inv_slot[0] == inv_slot[1] &&
                            inv_all[0] == inv_all[1]);
      p3_rd_ack:    assert (rd_ack[0] == rd_ack[1]);
      p3_rd_len:    assert (rd_len[0] == rd_len[1]);
      p3_rd_curve:  assert (rd_curve[0] == rd_curve[1]);
      p3_rd_valid:  assert (rd_valid[0] == rd_valid[1]);
      p3_rd_restricted: assert (rd_restricted[0] == rd_restricted[1]);
      p3_sc_ready:  assert (sc_ready[0] == sc_ready[1]);
    end
  end

  // the key words do differ where they should (the miter is not blind)
  always_ff @(posedge clk_i) begin
    if (!init) c_keys_differ: cover (rd_ack[0] && rd_valid[0] && rd_key[0] != rd_key[1]);
  end

endmodule
