/* AES blocks through mccp_top's coprocessor port with custom-0 instructions (mccp_cop.h).
   The key goes into key-store slot 2 over the registers; the blocks come from an xorshift32
   seeded with SEED (the test makes the same blocks and checks the answers).  Prints the
   statuses, every ciphertext word, the decryption of the first block, the cycles of NBLOCKS
   blocks, and the answers for an empty slot. */
#include <stdint.h>

#include "mccp_cop.h"
#include "mccp_regs.h"
#include "soc.h"

static uint32_t state = SEED;
static uint32_t next(void) {
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    return state;
}

static void line(const char *name, unsigned i, uint32_t v) {
    soc_puts(name);
    if (i < 100) {
        soc_putchar('.');
        soc_put_dec(i);
    }
    soc_putchar('=');
    soc_put_hex32(v);
    soc_putchar('\n');
}

static void load_key(unsigned slot) {
    static const uint32_t key[8] = {KEY0, KEY1, KEY2, KEY3, KEY4, KEY5, KEY6, KEY7};
    soc_write32(SOC_MCCP_BASE + MCCP_KEY_SEL, slot);
    for (unsigned i = 0; i < KEYLEN / 4; i++) soc_write32(SOC_MCCP_BASE + MCCP_KEY_DATA + 4 * i, key[i]);
    soc_write32(SOC_MCCP_BASE + MCCP_KEY_CMD, 1u << MCCP_KEY_CMD_OP_LSB | KEYCODE << MCCP_KEY_CMD_LEN_LSB);
    while (soc_read32(SOC_MCCP_BASE + MCCP_KEY_CMD) & (MCCP_KEY_CMD_BUSY_MASK | MCCP_KEY_CMD_RETIRING_MASK)) {
    }
}

int main(void) {
    uint8_t in[16], out[16], first[16], back[16];
    load_key(2);
    line("key", 100, mccp_cop_key(2));
    line("info", 100, mccp_cop_info());
    for (unsigned b = 0; b < NBLOCKS; b++) {
        for (unsigned i = 0; i < 4; i++) mccp_cop_put_be32(in + 4 * i, next());
        line("st", b, mccp_cop_block(in, out, 0));
        for (unsigned i = 0; i < 4; i++) line("c", b * 4 + i, mccp_cop_be32(out + 4 * i));
        if (b == 0)
            for (unsigned i = 0; i < 16; i++) first[i] = out[i];
    }
    line("dst", 100, mccp_cop_block(first, back, 1));
    for (unsigned i = 0; i < 4; i++) line("d", i, mccp_cop_be32(back + 4 * i));
    /* the cost of a block: load, encrypt, four reads, in a loop of 16 */
    uint64_t t0 = soc_cycles();
    for (unsigned b = 0; b < 16; b++) mccp_cop_block(in, out, 0);
    uint64_t t1 = soc_cycles();
    line("cycles16", 100, (uint32_t)(t1 - t0));
    line("empty", 100, mccp_cop_key(15));
    line("after", 100, mccp_cop_encrypt());
    return 0;
}
