/*
 * aes_sw.h - software AES-128/192/256 for MCCP's RISC-V SoC and the host.
 *
 * Freestanding C99: only <stdint.h>/<stddef.h>, no malloc, no mutable
 * globals.  One key schedule serves two block implementations:
 *   *_tab - T-table cipher, the fast baseline (secret-indexed loads, so
 *           it leaks through caches/timing on CPUs that have them);
 *   *_ct  - byte-oriented cipher with a computed (bitsliced) S-box and no
 *           secret-dependent loads or branches, the secure baseline.
 * Both take 16-byte blocks; in and out may alias (but not partly overlap).
 */
#ifndef MCCP_AES_SW_H
#define MCCP_AES_SW_H

#include <stddef.h>
#include <stdint.h>

#define AES_SW_BLOCK_BYTES 16
#define AES_SW_MAX_ROUNDS  14

typedef struct {
    /* Round keys as big-endian words (byte 0 of the key is bits 31..24 of ek[0]). */
    uint32_t ek[4 * (AES_SW_MAX_ROUNDS + 1)];
    /* Equivalent-inverse-cipher round keys (InvMixColumns applied), used
     * only by aes_sw_decrypt_tab; dk[0..3] is the last encryption round key. */
    uint32_t dk[4 * (AES_SW_MAX_ROUNDS + 1)];
    unsigned rounds; /* 10, 12 or 14 */
} aes_sw_ctx;

/* Expand a 16-, 24- or 32-byte key (constant time).  Fills both the
 * encryption and the decryption schedule.  Returns 0, or -1 for a bad
 * key length (ctx is then left with rounds == 0). */
int aes_sw_setkey(aes_sw_ctx *ctx, const uint8_t *key, unsigned key_bytes);

void aes_sw_encrypt_tab(const aes_sw_ctx *ctx, const uint8_t in[16], uint8_t out[16]);
void aes_sw_decrypt_tab(const aes_sw_ctx *ctx, const uint8_t in[16], uint8_t out[16]);
void aes_sw_encrypt_ct(const aes_sw_ctx *ctx, const uint8_t in[16], uint8_t out[16]);
void aes_sw_decrypt_ct(const aes_sw_ctx *ctx, const uint8_t in[16], uint8_t out[16]);

/* Two independent blocks at once (in[0..15] and in[16..31]), constant
 * time: the bitsliced S-box has 32 lanes, so this costs about 60% of
 * two single calls.  Used by GCM's counter mode. */
void aes_sw_encrypt2_ct(const aes_sw_ctx *ctx, const uint8_t in[32], uint8_t out[32]);
void aes_sw_decrypt2_ct(const aes_sw_ctx *ctx, const uint8_t in[32], uint8_t out[32]);

/* Zero a context (through a volatile pointer so the stores are kept). */
void aes_sw_wipe(aes_sw_ctx *ctx);

/* Run the FIPS-197 Appendix C known answers through every function
 * (for checking a target build).  Returns 0 if all pass, else a bit
 * mask of failures (bit 5k+f: key size k = 128/192/256, f = encrypt_tab,
 * decrypt_tab, encrypt_ct, decrypt_ct, the two-block pair). */
int aes_sw_selftest(void);

/* Signature shared by the four block functions, for callers (GCM,
 * benchmarks) that pick an implementation at run time. */
typedef void (*aes_sw_block_fn)(const aes_sw_ctx *ctx, const uint8_t in[16], uint8_t out[16]);
typedef void (*aes_sw_block2_fn)(const aes_sw_ctx *ctx, const uint8_t in[32], uint8_t out[32]);

#endif
