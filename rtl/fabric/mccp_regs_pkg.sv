// generated from src/mccp/regmap/regs.yml by `mccp regs gen`; do not edit.
// Register addresses and field positions of the MCCP host interface, mode / op
// codes, fabric status codes (the core's 0..6 are in mccp_isa_pkg), packed
// table entries, and the byte offsets of the stream packet headers.
// `int`, not `int unsigned`: Icarus 11 rejects the latter in a localparam.
// Not every user needs every constant: UNUSEDPARAM is off for this package.
/* verilator lint_off UNUSEDPARAM */
package mccp_regs_pkg;

  localparam int RegAddrBits = 12;
  localparam int RegDataBits = 32;

  // Register byte addresses; arrays: element i at ADDR_<REG> + i * <REG>_STRIDE.
  localparam logic [11:0] ADDR_ID = 12'h000;
  localparam logic [11:0] ADDR_CONFIG0 = 12'h004;
  localparam logic [11:0] ADDR_CONFIG1 = 12'h008;
  localparam logic [11:0] ADDR_SCHED = 12'h010;
  localparam logic [11:0] ADDR_CORE_ENABLE = 12'h014;
  localparam logic [11:0] ADDR_CORE_IDLE = 12'h018;
  localparam logic [11:0] ADDR_IRQ_STATUS = 12'h020;
  localparam logic [11:0] ADDR_IRQ_ENABLE = 12'h024;
  localparam logic [11:0] ADDR_PKT_IN = 12'h030;
  localparam logic [11:0] ADDR_PKT_OUT = 12'h034;
  localparam logic [11:0] ADDR_PKT_ERR = 12'h038;
  localparam logic [11:0] ADDR_CYCLE_LO = 12'h03c;
  localparam logic [11:0] ADDR_CYCLE_HI = 12'h040;
  localparam logic [11:0] ADDR_CORE_SEL = 12'h044;
  localparam logic [11:0] ADDR_CORE_BUSY = 12'h048;
  localparam logic [11:0] ADDR_CORE_TASKS = 12'h04c;
  localparam logic [11:0] ADDR_CORE_CAPS = 12'h050;
  localparam logic [11:0] ADDR_KEY_SEL = 12'h100;
  localparam logic [11:0] ADDR_KEY_CMD = 12'h104;
  localparam logic [11:0] ADDR_KEY_VALID = 12'h108;
  localparam logic [11:0] ADDR_KEY_DATA = 12'h120;
  localparam int KEY_DATA_COUNT = 8;
  localparam int KEY_DATA_STRIDE = 4;
  localparam logic [11:0] ADDR_CHAN_SEL = 12'h200;
  localparam logic [11:0] ADDR_CHAN_CFG1 = 12'h204;
  localparam logic [11:0] ADDR_CHAN_CFG0 = 12'h208;
  localparam logic [11:0] ADDR_FW_CORES = 12'h300;
  localparam logic [11:0] ADDR_FW_ADDR = 12'h304;
  localparam logic [11:0] ADDR_FW_DATA = 12'h308;
  localparam logic [11:0] ADDR_FW_ENTRY = 12'h30c;

  // Fields: <REG>_<FIELD>_LSB / _WIDTH; reset values of the stored registers.
  localparam int ID_VALUE_LSB = 0;
  localparam int ID_VALUE_WIDTH = 32;
  localparam int CONFIG0_NUM_CORES_LSB = 0;
  localparam int CONFIG0_NUM_CORES_WIDTH = 5;
  localparam int CONFIG0_STREAM_BITS_LSB = 8;
  localparam int CONFIG0_STREAM_BITS_WIDTH = 8;
  localparam int CONFIG0_KEY_SLOTS_LSB = 16;
  localparam int CONFIG0_KEY_SLOTS_WIDTH = 8;
  localparam int CONFIG1_CHANNELS_LSB = 0;
  localparam int CONFIG1_CHANNELS_WIDTH = 16;
  localparam int CONFIG1_BUF_WORDS_LSB = 16;
  localparam int CONFIG1_BUF_WORDS_WIDTH = 16;
  localparam int SCHED_AFFINITY_LSB = 0;
  localparam int SCHED_AFFINITY_WIDTH = 1;
  localparam int SCHED_IN_ORDER_LSB = 1;
  localparam int SCHED_IN_ORDER_WIDTH = 1;
  localparam int SCHED_CCM_SPLIT_LSB = 2;
  localparam int SCHED_CCM_SPLIT_WIDTH = 1;
  localparam logic [31:0] SCHED_RESET = 32'h00000003;
  localparam int CORE_ENABLE_MASK_LSB = 0;
  localparam int CORE_ENABLE_MASK_WIDTH = 16;
  localparam logic [31:0] CORE_ENABLE_RESET = 32'h0000ffff;
  localparam int CORE_IDLE_MASK_LSB = 0;
  localparam int CORE_IDLE_MASK_WIDTH = 16;
  localparam int IRQ_STATUS_OUT_PKT_LSB = 0;
  localparam int IRQ_STATUS_OUT_PKT_WIDTH = 1;
  localparam int IRQ_STATUS_ERR_PKT_LSB = 1;
  localparam int IRQ_STATUS_ERR_PKT_WIDTH = 1;
  localparam int IRQ_STATUS_CORE_IDLE_LSB = 2;
  localparam int IRQ_STATUS_CORE_IDLE_WIDTH = 1;
  localparam logic [31:0] IRQ_STATUS_RESET = 32'h00000000;
  localparam int IRQ_ENABLE_OUT_PKT_LSB = 0;
  localparam int IRQ_ENABLE_OUT_PKT_WIDTH = 1;
  localparam int IRQ_ENABLE_ERR_PKT_LSB = 1;
  localparam int IRQ_ENABLE_ERR_PKT_WIDTH = 1;
  localparam int IRQ_ENABLE_CORE_IDLE_LSB = 2;
  localparam int IRQ_ENABLE_CORE_IDLE_WIDTH = 1;
  localparam logic [31:0] IRQ_ENABLE_RESET = 32'h00000000;
  localparam int PKT_IN_COUNT_LSB = 0;
  localparam int PKT_IN_COUNT_WIDTH = 32;
  localparam int PKT_OUT_COUNT_LSB = 0;
  localparam int PKT_OUT_COUNT_WIDTH = 32;
  localparam int PKT_ERR_COUNT_LSB = 0;
  localparam int PKT_ERR_COUNT_WIDTH = 32;
  localparam int CYCLE_LO_COUNT_LSB = 0;
  localparam int CYCLE_LO_COUNT_WIDTH = 32;
  localparam int CYCLE_HI_COUNT_LSB = 0;
  localparam int CYCLE_HI_COUNT_WIDTH = 32;
  localparam int CORE_SEL_INDEX_LSB = 0;
  localparam int CORE_SEL_INDEX_WIDTH = 4;
  localparam logic [31:0] CORE_SEL_RESET = 32'h00000000;
  localparam int CORE_BUSY_COUNT_LSB = 0;
  localparam int CORE_BUSY_COUNT_WIDTH = 32;
  localparam int CORE_TASKS_COUNT_LSB = 0;
  localparam int CORE_TASKS_COUNT_WIDTH = 32;
  localparam int CORE_CAPS_FUNCS_LSB = 0;
  localparam int CORE_CAPS_FUNCS_WIDTH = 16;
  localparam int CORE_CAPS_DECRYPT_LSB = 16;
  localparam int CORE_CAPS_DECRYPT_WIDTH = 1;
  localparam int CORE_CAPS_KEY_VALID_LSB = 24;
  localparam int CORE_CAPS_KEY_VALID_WIDTH = 1;
  localparam int CORE_CAPS_KEY_SLOT_LSB = 25;
  localparam int CORE_CAPS_KEY_SLOT_WIDTH = 7;
  localparam int KEY_SEL_SLOT_LSB = 0;
  localparam int KEY_SEL_SLOT_WIDTH = 5;
  localparam logic [31:0] KEY_SEL_RESET = 32'h00000000;
  localparam int KEY_CMD_OP_LSB = 0;
  localparam int KEY_CMD_OP_WIDTH = 2;
  localparam int KEY_CMD_LEN_LSB = 2;
  localparam int KEY_CMD_LEN_WIDTH = 2;
  localparam int KEY_CMD_RETIRING_LSB = 30;
  localparam int KEY_CMD_RETIRING_WIDTH = 1;
  localparam int KEY_CMD_BUSY_LSB = 31;
  localparam int KEY_CMD_BUSY_WIDTH = 1;
  localparam int KEY_VALID_MASK_LSB = 0;
  localparam int KEY_VALID_MASK_WIDTH = 32;
  localparam int KEY_DATA_WORD_LSB = 0;
  localparam int KEY_DATA_WORD_WIDTH = 32;
  localparam int CHAN_SEL_INDEX_LSB = 0;
  localparam int CHAN_SEL_INDEX_WIDTH = 8;
  localparam logic [31:0] CHAN_SEL_RESET = 32'h00000000;
  localparam int CHAN_CFG1_NONCE_LEN_LSB = 0;
  localparam int CHAN_CFG1_NONCE_LEN_WIDTH = 10;
  localparam int CHAN_CFG0_MODE_LSB = 0;
  localparam int CHAN_CFG0_MODE_WIDTH = 3;
  localparam int CHAN_CFG0_ENABLE_LSB = 3;
  localparam int CHAN_CFG0_ENABLE_WIDTH = 1;
  localparam int CHAN_CFG0_KEY_LEN_LSB = 4;
  localparam int CHAN_CFG0_KEY_LEN_WIDTH = 2;
  localparam int CHAN_CFG0_TAG_LEN_LSB = 6;
  localparam int CHAN_CFG0_TAG_LEN_WIDTH = 5;
  localparam int CHAN_CFG0_ORDERED_LSB = 11;
  localparam int CHAN_CFG0_ORDERED_WIDTH = 1;
  localparam int CHAN_CFG0_AFFINITY_LSB = 12;
  localparam int CHAN_CFG0_AFFINITY_WIDTH = 1;
  localparam int CHAN_CFG0_SPLIT_LSB = 13;
  localparam int CHAN_CFG0_SPLIT_WIDTH = 1;
  localparam int CHAN_CFG0_KEY_SLOT_LSB = 16;
  localparam int CHAN_CFG0_KEY_SLOT_WIDTH = 5;
  localparam int FW_CORES_MASK_LSB = 0;
  localparam int FW_CORES_MASK_WIDTH = 16;
  localparam logic [31:0] FW_CORES_RESET = 32'h00000000;
  localparam int FW_ADDR_ADDR_LSB = 0;
  localparam int FW_ADDR_ADDR_WIDTH = 10;
  localparam int FW_DATA_WORD_LSB = 0;
  localparam int FW_DATA_WORD_WIDTH = 32;
  localparam int FW_ENTRY_ADDR_LSB = 0;
  localparam int FW_ENTRY_ADDR_WIDTH = 10;
  localparam int FW_ENTRY_FUNC_LSB = 16;
  localparam int FW_ENTRY_FUNC_WIDTH = 4;
  localparam int FW_ENTRY_VALID_LSB = 31;
  localparam int FW_ENTRY_VALID_WIDTH = 1;

  // Mode codes (function index = mode * 2 + op[0]).
  localparam logic [2:0] MODE_ECB = 3'd0;
  localparam logic [2:0] MODE_CBC = 3'd1;
  localparam logic [2:0] MODE_CTR = 3'd2;
  localparam logic [2:0] MODE_CBC_MAC = 3'd3;
  localparam logic [2:0] MODE_CMAC = 3'd4;
  localparam logic [2:0] MODE_CCM = 3'd5;
  localparam logic [2:0] MODE_GCM = 3'd6;
  localparam logic [2:0] MODE_GMAC = 3'd7;
  localparam int ModeBits = 3;
  localparam int NumFuncs = 16;

  // Packet op codes (input header byte OP).
  localparam logic [1:0] PKT_OP_ENCRYPT = 2'd0;
  localparam logic [1:0] PKT_OP_DECRYPT = 2'd1;
  localparam logic [1:0] PKT_OP_MAC = 2'd2;
  localparam logic [1:0] PKT_OP_VERIFY = 2'd3;
  localparam int PktOpBits = 2;

  // Fabric status codes (output header byte STATUS).
  localparam logic [7:0] STATUS_NO_CHANNEL = 8'd8;  // unknown or disabled channel
  localparam logic [7:0] STATUS_BAD_HEADER = 8'd9;  // malformed header (magic, reserved, op, nonce or tag length, or a field the mode does not take: AAD on ECB/CBC/CTR/CBC-MAC/CMAC, a payload on GMAC)
  localparam logic [7:0] STATUS_KEY_ERROR = 8'd10;  // the channel's key slot is empty or holds a key of another size
  localparam logic [7:0] STATUS_NO_CORE = 8'd11;  // no core has firmware (and, for ECB/CBC decryption, a decrypting engine) for this function; while capable cores are only disabled the packet waits

  // one channel table entry: packed register fields, msb first (chan_cfg_t of mccp_fabric_pkg
  // follows this layout).
  localparam int CHAN_CFG_BITS = 29;
  localparam int CHAN_CFG_NONCE_LEN_LSB = 19;
  localparam int CHAN_CFG_NONCE_LEN_WIDTH = 10;
  localparam int CHAN_CFG_KEY_SLOT_LSB = 14;
  localparam int CHAN_CFG_KEY_SLOT_WIDTH = 5;
  localparam int CHAN_CFG_SPLIT_LSB = 13;
  localparam int CHAN_CFG_SPLIT_WIDTH = 1;
  localparam int CHAN_CFG_AFFINITY_LSB = 12;
  localparam int CHAN_CFG_AFFINITY_WIDTH = 1;
  localparam int CHAN_CFG_ORDERED_LSB = 11;
  localparam int CHAN_CFG_ORDERED_WIDTH = 1;
  localparam int CHAN_CFG_TAG_LEN_LSB = 6;
  localparam int CHAN_CFG_TAG_LEN_WIDTH = 5;
  localparam int CHAN_CFG_KEY_LEN_LSB = 4;
  localparam int CHAN_CFG_KEY_LEN_WIDTH = 2;
  localparam int CHAN_CFG_ENABLE_LSB = 3;
  localparam int CHAN_CFG_ENABLE_WIDTH = 1;
  localparam int CHAN_CFG_MODE_LSB = 0;
  localparam int CHAN_CFG_MODE_WIDTH = 3;

  // Stream header 'in' (word 0, byte 0 = bits [127:120]): byte offset, size,
  // and bit positions in the 128-bit word.
  localparam logic [7:0] HDR_IN_MAGIC = 8'ha5;
  localparam int HDR_IN_MAGIC_BYTE = 0;
  localparam int HDR_IN_MAGIC_BYTES = 1;
  localparam int HDR_IN_MAGIC_MSB = 127;
  localparam int HDR_IN_MAGIC_LSB = 120;
  localparam int HDR_IN_OP_BYTE = 1;
  localparam int HDR_IN_OP_BYTES = 1;
  localparam int HDR_IN_OP_MSB = 119;
  localparam int HDR_IN_OP_LSB = 112;
  localparam int HDR_IN_CHANNEL_BYTE = 2;
  localparam int HDR_IN_CHANNEL_BYTES = 2;
  localparam int HDR_IN_CHANNEL_MSB = 111;
  localparam int HDR_IN_CHANNEL_LSB = 96;
  localparam int HDR_IN_SEQ_BYTE = 4;
  localparam int HDR_IN_SEQ_BYTES = 4;
  localparam int HDR_IN_SEQ_MSB = 95;
  localparam int HDR_IN_SEQ_LSB = 64;
  localparam int HDR_IN_PAYLOAD_LEN_BYTE = 8;
  localparam int HDR_IN_PAYLOAD_LEN_BYTES = 2;
  localparam int HDR_IN_PAYLOAD_LEN_MSB = 63;
  localparam int HDR_IN_PAYLOAD_LEN_LSB = 48;
  localparam int HDR_IN_AAD_LEN_BYTE = 10;
  localparam int HDR_IN_AAD_LEN_BYTES = 2;
  localparam int HDR_IN_AAD_LEN_MSB = 47;
  localparam int HDR_IN_AAD_LEN_LSB = 32;
  localparam int HDR_IN_NONCE_LEN_BYTE = 12;
  localparam int HDR_IN_NONCE_LEN_BYTES = 2;
  localparam int HDR_IN_NONCE_LEN_MSB = 31;
  localparam int HDR_IN_NONCE_LEN_LSB = 16;
  localparam int HDR_IN_TAG_LEN_BYTE = 14;
  localparam int HDR_IN_TAG_LEN_BYTES = 1;
  localparam int HDR_IN_TAG_LEN_MSB = 15;
  localparam int HDR_IN_TAG_LEN_LSB = 8;
  localparam int HDR_IN_RESERVED_BYTE = 15;
  localparam int HDR_IN_RESERVED_BYTES = 1;
  localparam int HDR_IN_RESERVED_MSB = 7;
  localparam int HDR_IN_RESERVED_LSB = 0;

  // Stream header 'out' (word 0, byte 0 = bits [127:120]): byte offset, size,
  // and bit positions in the 128-bit word.
  localparam logic [7:0] HDR_OUT_MAGIC = 8'h5a;
  localparam int HDR_OUT_MAGIC_BYTE = 0;
  localparam int HDR_OUT_MAGIC_BYTES = 1;
  localparam int HDR_OUT_MAGIC_MSB = 127;
  localparam int HDR_OUT_MAGIC_LSB = 120;
  localparam int HDR_OUT_STATUS_BYTE = 1;
  localparam int HDR_OUT_STATUS_BYTES = 1;
  localparam int HDR_OUT_STATUS_MSB = 119;
  localparam int HDR_OUT_STATUS_LSB = 112;
  localparam int HDR_OUT_CHANNEL_BYTE = 2;
  localparam int HDR_OUT_CHANNEL_BYTES = 2;
  localparam int HDR_OUT_CHANNEL_MSB = 111;
  localparam int HDR_OUT_CHANNEL_LSB = 96;
  localparam int HDR_OUT_SEQ_BYTE = 4;
  localparam int HDR_OUT_SEQ_BYTES = 4;
  localparam int HDR_OUT_SEQ_MSB = 95;
  localparam int HDR_OUT_SEQ_LSB = 64;
  localparam int HDR_OUT_OUT_LEN_BYTE = 8;
  localparam int HDR_OUT_OUT_LEN_BYTES = 2;
  localparam int HDR_OUT_OUT_LEN_MSB = 63;
  localparam int HDR_OUT_OUT_LEN_LSB = 48;
  localparam int HDR_OUT_CORE_BYTE = 10;
  localparam int HDR_OUT_CORE_BYTES = 1;
  localparam int HDR_OUT_CORE_MSB = 47;
  localparam int HDR_OUT_CORE_LSB = 40;
  localparam int HDR_OUT_RESERVED_BYTE = 11;
  localparam int HDR_OUT_RESERVED_BYTES = 1;
  localparam int HDR_OUT_RESERVED_MSB = 39;
  localparam int HDR_OUT_RESERVED_LSB = 32;
  localparam int HDR_OUT_START_CYCLE_BYTE = 12;
  localparam int HDR_OUT_START_CYCLE_BYTES = 4;
  localparam int HDR_OUT_START_CYCLE_MSB = 31;
  localparam int HDR_OUT_START_CYCLE_LSB = 0;

endpackage
/* verilator lint_on UNUSEDPARAM */
