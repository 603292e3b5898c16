/* Intrinsics of MCCP's coprocessor port for a RISC-V CPU whose custom-0 instructions reach it
   (the SoC's VexRiscv CFU; docs/fabric.md "Coprocessor port", docs/soc.md).  Each function is
   one R-type custom-0 instruction: funct3 = the function (MCCP_COP_* of mccp_regs.h), funct7 = 0,
   rs1 = a, rs2 = b, rd = the answer.  The key never passes through the CPU: `key` names a slot
   of the key store, loaded beforehand over the registers. */
#ifndef MCCP_COP_H
#define MCCP_COP_H

#include <stdint.h>

#include "mccp_regs.h"

/* one instruction; fn must be a constant expression */
#define MCCP_COP_INSN(fn, a, b, out) \
    __asm__ volatile(".insn r 0x0B, %3, 0, %0, %1, %2" : "=r"(out) : "r"(a), "r"(b), "i"(fn))

/* load the AES key of key-store slot `slot`: MCCP_STATUS_OK or MCCP_STATUS_KEY_ERROR */
static inline uint32_t mccp_cop_key(uint32_t slot) {
    uint32_t r;
    MCCP_COP_INSN(MCCP_COP_KEY, slot, 0u, r);
    return r;
}

static inline void mccp_cop_load(uint32_t w0, uint32_t w1, uint32_t w2, uint32_t w3) {
    uint32_t r;
    MCCP_COP_INSN(MCCP_COP_LOAD_LO, w0, w1, r);
    MCCP_COP_INSN(MCCP_COP_LOAD_HI, w2, w3, r);
    (void)r;
}

/* encrypt / decrypt the loaded block: MCCP_STATUS_OK, or MCCP_STATUS_ILLEGAL (no key held) */
static inline uint32_t mccp_cop_encrypt(void) {
    uint32_t r;
    MCCP_COP_INSN(MCCP_COP_ENCRYPT, 0u, 0u, r);
    return r;
}

static inline uint32_t mccp_cop_decrypt(void) {
    uint32_t r;
    MCCP_COP_INSN(MCCP_COP_DECRYPT, 0u, 0u, r);
    return r;
}

/* word i (0..3) of the last result, big endian: word 0 holds bytes 0..3 */
static inline uint32_t mccp_cop_read(uint32_t i) {
    uint32_t r;
    MCCP_COP_INSN(MCCP_COP_READ, i, 0u, r);
    return r;
}

static inline uint32_t mccp_cop_clear(void) {
    uint32_t r;
    MCCP_COP_INSN(MCCP_COP_CLEAR, 0u, 0u, r);
    return r;
}

/* bit 31: a key is held; [9:8] its size (MCCP_KEY_SIZE_*); [4:0] its slot */
static inline uint32_t mccp_cop_info(void) {
    uint32_t r;
    MCCP_COP_INSN(MCCP_COP_INFO, 0u, 0u, r);
    return r;
}

static inline uint32_t mccp_cop_be32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static inline void mccp_cop_put_be32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/* one block of bytes through the held key: the status of encrypt / decrypt (out untouched
   unless MCCP_STATUS_OK) */
static inline uint32_t mccp_cop_block(const uint8_t in[16], uint8_t out[16], int decrypt) {
    uint32_t st;
    mccp_cop_load(mccp_cop_be32(in), mccp_cop_be32(in + 4), mccp_cop_be32(in + 8), mccp_cop_be32(in + 12));
    st = decrypt ? mccp_cop_decrypt() : mccp_cop_encrypt();
    if (st != MCCP_STATUS_OK) return st;
    for (uint32_t i = 0; i < 4; i++) mccp_cop_put_be32(out + 4 * i, mccp_cop_read(i));
    return st;
}

#endif /* MCCP_COP_H */
