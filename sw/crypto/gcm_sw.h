/*
 * gcm_sw.h - software AES-GCM (NIST SP 800-38D) on top of aes_sw.
 *
 * Any IV length >= 1 byte (12 bytes is the fast path), any AAD and text
 * length, 16-byte tags from seal, 4..16-byte tags accepted by open.
 * Freestanding C99, no malloc, no mutable globals.
 *
 * Buffers: ct/pt may be the same buffer (in place) or not overlap at all.
 * Zero-length inputs may be passed as NULL.
 */
#ifndef MCCP_GCM_SW_H
#define MCCP_GCM_SW_H

#include <stddef.h>
#include <stdint.h>

#include "aes_sw.h"

#define GCM_SW_TAG_BYTES 16

/* flags for gcm_sw_init: pick the AES and GHASH implementations. */
#define GCM_SW_AES_CT     1u  /* aes_sw_encrypt_ct (else aes_sw_encrypt_tab) */
#define GCM_SW_GHASH_CT   2u  /* bitwise masked GHASH (else Shoup 4-bit table) */
#define GCM_SW_FAST       0u
#define GCM_SW_CONST_TIME (GCM_SW_AES_CT | GCM_SW_GHASH_CT)

/* return codes */
#define GCM_SW_OK      0
#define GCM_SW_EINVAL (-1)  /* bad key length, flags, IV/tag length or text too long */
#define GCM_SW_EAUTH  (-2)  /* open: tag mismatch; the plaintext buffer was zeroed */

typedef struct {
    aes_sw_ctx aes;
    /* Block cipher used for H, the counter blocks and the tag mask.  Set
     * by gcm_sw_init from the flags; a caller may replace it afterwards
     * (e.g. with a hardware block function) as long as it encrypts with
     * the same key. */
    aes_sw_block_fn encrypt;
    /* Optional two-block variant used by counter mode (aes_sw_encrypt2_ct
     * with GCM_SW_AES_CT, else NULL).  Set it to NULL if you replace
     * encrypt. */
    aes_sw_block2_fn encrypt2;
    uint32_t h[4];          /* H = E(K, 0^128), big-endian words */
    uint32_t htab[16][4];   /* Shoup table: htab[n] = n(x) * H for 4-bit n */
    unsigned flags;
} gcm_sw_ctx;

/* Expand the key (16, 24 or 32 bytes), compute H and the GHASH table.
 * Returns GCM_SW_OK or GCM_SW_EINVAL. */
int gcm_sw_init(gcm_sw_ctx *ctx, const uint8_t *key, unsigned key_bytes, unsigned flags);

/* Encrypt len bytes of pt into ct and write the 16-byte tag.
 * Returns GCM_SW_OK or GCM_SW_EINVAL (iv_len == 0, len > 2^36 - 32). */
int gcm_sw_seal(const gcm_sw_ctx *ctx, const uint8_t *iv, size_t iv_len,
                const uint8_t *aad, size_t aad_len,
                const uint8_t *pt, size_t len, uint8_t *ct, uint8_t tag[16]);

/* Verify tag (tag_len 4..16 bytes, compared in constant time) over aad
 * and ct first; only if it matches decrypt ct into pt and return
 * GCM_SW_OK.  On a mismatch pt[0..len) is set to zero (so an in-place
 * call also loses the ciphertext) and GCM_SW_EAUTH is returned.  Bad
 * arguments return GCM_SW_EINVAL and leave pt untouched. */
int gcm_sw_open(const gcm_sw_ctx *ctx, const uint8_t *iv, size_t iv_len,
                const uint8_t *aad, size_t aad_len,
                const uint8_t *ct, size_t len, const uint8_t *tag, size_t tag_len,
                uint8_t *pt);

/* Known-answer self-test (GCM spec test cases 1 and 2, open and a
 * tampered open) with GCM_SW_FAST (bits 0..3) and GCM_SW_CONST_TIME
 * (bits 4..7).  Returns 0 if all pass. */
int gcm_sw_selftest(void);

/* Zero a context. */
void gcm_sw_wipe(gcm_sw_ctx *ctx);

#endif
