/*
 * gcm_sw.c - AES-GCM (NIST SP 800-38D).  See gcm_sw.h.
 *
 * Field elements are four big-endian 32-bit words: bit 0 of the spec's
 * bit string (coefficient of x^0) is the top bit of w[0].  Multiplying
 * by x is therefore a right shift, with R = 0xE1 || 0^120 folded in.
 */
#include "gcm_sw.h"

/* Largest plaintext SP 800-38D allows: 2^39 - 256 bits. */
#define GCM_SW_MAX_TEXT ((((uint64_t)1) << 36) - 32)

/* Reduction of the four bits shifted out by a multiplication by x^4:
 * bit 3 of r (coefficient of x^124) becomes x^128 = R, bit 0 (x^127)
 * becomes x^131 = R >> 3; only the top 16 bits of the result are set. */
#define RED4(r) (((r) & 8 ? 0xe100u : 0) ^ ((r) & 4 ? 0x7080u : 0) ^ \
                 ((r) & 2 ? 0x3840u : 0) ^ ((r) & 1 ? 0x1c20u : 0))
static const uint16_t ghash_red4[16] = {
    RED4(0), RED4(1), RED4(2), RED4(3), RED4(4), RED4(5), RED4(6), RED4(7),
    RED4(8), RED4(9), RED4(10), RED4(11), RED4(12), RED4(13), RED4(14), RED4(15),
};

static uint32_t load_be32(const uint8_t *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

static void store_be32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

static void wipe_bytes(void *buf, size_t n)
{
    volatile uint8_t *p = (volatile uint8_t *)buf;
    size_t i;

    for (i = 0; i < n; i++)
        p[i] = 0;
}

/* ------------------------------------------------------------------ */
/* GF(2^128) arithmetic.                                               */
/* ------------------------------------------------------------------ */

static void gf128_zero(uint32_t z[4])
{
    z[0] = z[1] = z[2] = z[3] = 0;
}

static void gf128_copy(uint32_t d[4], const uint32_t s[4])
{
    d[0] = s[0]; d[1] = s[1]; d[2] = s[2]; d[3] = s[3];
}

static void gf128_xor(uint32_t d[4], const uint32_t s[4])
{
    d[0] ^= s[0]; d[1] ^= s[1]; d[2] ^= s[2]; d[3] ^= s[3];
}

/* v *= x, without a branch on the bit shifted out. */
static void gf128_mul_x(uint32_t v[4])
{
    uint32_t carry = v[3] & 1;

    v[3] = (v[3] >> 1) | (v[2] << 31);
    v[2] = (v[2] >> 1) | (v[1] << 31);
    v[1] = (v[1] >> 1) | (v[0] << 31);
    v[0] = (v[0] >> 1) ^ (0xe1000000u & (0u - carry));
}

/* x *= H, SP 800-38D Algorithm 1 with masks instead of branches:
 * constant time, 128 iterations. */
static void gf128_mul_ct(uint32_t x[4], const uint32_t h[4])
{
    uint32_t z[4], v[4];
    int i;

    gf128_zero(z);
    gf128_copy(v, h);
    for (i = 0; i < 128; i++) {
        uint32_t m = 0u - ((x[i >> 5] >> (31 - (i & 31))) & 1);

        z[0] ^= v[0] & m;
        z[1] ^= v[1] & m;
        z[2] ^= v[2] & m;
        z[3] ^= v[3] & m;
        gf128_mul_x(v);
    }
    gf128_copy(x, z);
}

/* x *= H with Shoup's 4-bit table: Horner over the 32 nibbles of x from
 * the last (highest powers of x) to the first; each step is z *= x^4
 * (shift right 4, fold the 4 bits out with ghash_red4) then z ^= htab[n].
 * z lives in scalars so the compiler keeps it in registers. */
static void gf128_mul_tab(uint32_t x[4], const uint32_t htab[16][4])
{
    uint32_t z0 = 0, z1 = 0, z2 = 0, z3 = 0;
    int w, sh;

    for (w = 3; w >= 0; w--) {
        uint32_t word = x[w];

        for (sh = 0; sh < 32; sh += 4) {
            const uint32_t *m = htab[(word >> sh) & 0xf];
            uint32_t r = z3 & 0xf;

            z3 = ((z3 >> 4) | (z2 << 28)) ^ m[3];
            z2 = ((z2 >> 4) | (z1 << 28)) ^ m[2];
            z1 = ((z1 >> 4) | (z0 << 28)) ^ m[1];
            z0 = ((z0 >> 4) ^ ((uint32_t)ghash_red4[r] << 16)) ^ m[0];
        }
    }
    x[0] = z0; x[1] = z1; x[2] = z2; x[3] = z3;
}

/* htab[n] = n(x) * H where the top bit of the nibble n is x^0:
 * htab[8] = H, htab[4] = H x, htab[2] = H x^2, htab[1] = H x^3. */
static void ghash_build_table(uint32_t htab[16][4], const uint32_t h[4])
{
    int i, j;

    gf128_zero(htab[0]);
    gf128_copy(htab[8], h);
    for (i = 8; i > 1; i >>= 1) {
        gf128_copy(htab[i >> 1], htab[i]);
        gf128_mul_x(htab[i >> 1]);
    }
    for (i = 2; i < 16; i <<= 1)
        for (j = 1; j < i; j++) {
            gf128_copy(htab[i + j], htab[i]);
            gf128_xor(htab[i + j], htab[j]);
        }
}

/* ------------------------------------------------------------------ */
/* GHASH and GCTR.                                                     */
/* ------------------------------------------------------------------ */

static void ghash_mul(const gcm_sw_ctx *ctx, uint32_t y[4])
{
    if (ctx->flags & GCM_SW_GHASH_CT)
        gf128_mul_ct(y, ctx->h);
    else
        gf128_mul_tab(y, ctx->htab);
}

/* y = (y ^ block) * H over p[0..n), the last block zero-padded. */
static void ghash_update(const gcm_sw_ctx *ctx, uint32_t y[4], const uint8_t *p, size_t n)
{
    while (n > 0) {
        size_t take = n < 16 ? n : 16, i;

        if (take == 16) {  /* whole block: word at a time */
            for (i = 0; i < 4; i++)
                y[i] ^= load_be32(p + 4 * i);
        } else {
            for (i = 0; i < take; i++)
                y[i >> 2] ^= (uint32_t)p[i] << (24 - 8 * (i & 3));
        }
        ghash_mul(ctx, y);
        p += take;
        n -= take;
    }
}

/* Final GHASH block: [len(A)]_64 || [len(C)]_64 in bits. */
static void ghash_lengths(const gcm_sw_ctx *ctx, uint32_t y[4], uint64_t a_bytes, uint64_t c_bytes)
{
    uint64_t a_bits = a_bytes << 3, c_bits = c_bytes << 3;

    y[0] ^= (uint32_t)(a_bits >> 32);
    y[1] ^= (uint32_t)a_bits;
    y[2] ^= (uint32_t)(c_bits >> 32);
    y[3] ^= (uint32_t)c_bits;
    ghash_mul(ctx, y);
}

/* Pre-counter block J0 (SP 800-38D 7.1 step 2). */
static void derive_j0(const gcm_sw_ctx *ctx, const uint8_t *iv, size_t iv_len, uint8_t j0[16])
{
    size_t i;

    if (iv_len == 12) {
        for (i = 0; i < 12; i++)
            j0[i] = iv[i];
        j0[12] = j0[13] = j0[14] = 0;
        j0[15] = 1;
    } else {
        uint32_t y[4];

        gf128_zero(y);
        ghash_update(ctx, y, iv, iv_len);
        ghash_lengths(ctx, y, 0, iv_len);
        for (i = 0; i < 4; i++)
            store_be32(j0 + 4 * i, y[i]);
    }
}

/* Increment the rightmost 32 bits modulo 2^32. */
static void inc32(uint8_t cb[16])
{
    store_be32(cb + 12, load_be32(cb + 12) + 1);
}

/* Next one or two keystream blocks into ks; two only when a two-block
 * cipher is set and more than one block is still wanted.  Returns the
 * number of keystream bytes written (16 or 32). */
static size_t next_keystream(const gcm_sw_ctx *ctx, uint8_t cb[16], size_t want, uint8_t ks[32])
{
    uint8_t cb2[32];
    size_t i;

    if (ctx->encrypt2 == NULL || want <= 16) {
        inc32(cb);
        ctx->encrypt(&ctx->aes, cb, ks);
        return 16;
    }
    for (i = 0; i < 2; i++) {
        size_t j;

        inc32(cb);
        for (j = 0; j < 16; j++)
            cb2[16 * i + j] = cb[j];
    }
    ctx->encrypt2(&ctx->aes, cb2, ks);
    return 32;
}

/* out = in XOR keystream from counter blocks inc32(j0), inc32^2(j0), ... */
static void gctr(const gcm_sw_ctx *ctx, const uint8_t j0[16], const uint8_t *in, size_t n,
                 uint8_t *out)
{
    uint8_t cb[16], ks[32];
    size_t i;

    for (i = 0; i < 16; i++)
        cb[i] = j0[i];
    while (n > 0) {
        size_t got = next_keystream(ctx, cb, n, ks);
        size_t take = n < got ? n : got;

        for (i = 0; i < take; i++)
            out[i] = in[i] ^ ks[i];
        in += take;
        out += take;
        n -= take;
    }
    wipe_bytes(ks, sizeof(ks));
}

/* Full tag: E(K, J0) XOR GHASH(A, C). */
static void compute_tag(const gcm_sw_ctx *ctx, const uint8_t j0[16], const uint8_t *aad,
                        size_t aad_len, const uint8_t *ct, size_t len, uint8_t tag[16])
{
    uint32_t s[4];
    uint8_t ek0[16];
    int i;

    gf128_zero(s);
    ghash_update(ctx, s, aad, aad_len);
    ghash_update(ctx, s, ct, len);
    ghash_lengths(ctx, s, aad_len, len);
    ctx->encrypt(&ctx->aes, j0, ek0);
    for (i = 0; i < 4; i++)
        store_be32(tag + 4 * i, s[i] ^ load_be32(ek0 + 4 * i));
    wipe_bytes(ek0, sizeof(ek0));
}

/* 1 if the n bytes differ anywhere, 0 otherwise; time independent of data. */
static int tags_differ(const uint8_t *a, const uint8_t *b, size_t n)
{
    uint32_t d = 0;
    size_t i;

    for (i = 0; i < n; i++)
        d |= (uint32_t)(a[i] ^ b[i]);
    return (int)((d + 0xffu) >> 8);
}

static int lengths_ok(size_t iv_len, size_t len)
{
    return iv_len > 0 && (uint64_t)len <= GCM_SW_MAX_TEXT;
}

/* ------------------------------------------------------------------ */
/* Public API.                                                         */
/* ------------------------------------------------------------------ */

int gcm_sw_init(gcm_sw_ctx *ctx, const uint8_t *key, unsigned key_bytes, unsigned flags)
{
    uint8_t zero[16] = {0}, h[16];
    int i;

    if ((flags & ~(unsigned)GCM_SW_CONST_TIME) != 0 || aes_sw_setkey(&ctx->aes, key, key_bytes) != 0)
        return GCM_SW_EINVAL;
    ctx->flags = flags;
    ctx->encrypt = (flags & GCM_SW_AES_CT) ? aes_sw_encrypt_ct : aes_sw_encrypt_tab;
    ctx->encrypt2 = (flags & GCM_SW_AES_CT) ? aes_sw_encrypt2_ct : NULL;
    ctx->encrypt(&ctx->aes, zero, h);
    for (i = 0; i < 4; i++)
        ctx->h[i] = load_be32(h + 4 * i);
    ghash_build_table(ctx->htab, ctx->h);
    wipe_bytes(h, sizeof(h));
    return GCM_SW_OK;
}

int gcm_sw_seal(const gcm_sw_ctx *ctx, const uint8_t *iv, size_t iv_len,
                const uint8_t *aad, size_t aad_len,
                const uint8_t *pt, size_t len, uint8_t *ct, uint8_t tag[16])
{
    uint8_t j0[16];

    if (!lengths_ok(iv_len, len))
        return GCM_SW_EINVAL;
    derive_j0(ctx, iv, iv_len, j0);
    gctr(ctx, j0, pt, len, ct);
    compute_tag(ctx, j0, aad, aad_len, ct, len, tag);
    return GCM_SW_OK;
}

int gcm_sw_open(const gcm_sw_ctx *ctx, const uint8_t *iv, size_t iv_len,
                const uint8_t *aad, size_t aad_len,
                const uint8_t *ct, size_t len, const uint8_t *tag, size_t tag_len,
                uint8_t *pt)
{
    uint8_t j0[16], expected[16];
    int bad;

    if (!lengths_ok(iv_len, len) || tag_len < 4 || tag_len > 16)
        return GCM_SW_EINVAL;
    derive_j0(ctx, iv, iv_len, j0);
    compute_tag(ctx, j0, aad, aad_len, ct, len, expected);
    bad = tags_differ(expected, tag, tag_len);
    wipe_bytes(expected, sizeof(expected));
    if (bad) {
        /* Never release unauthenticated plaintext: nothing was decrypted
         * yet, and the output is zeroed so it has a defined content. */
        wipe_bytes(pt, len);
        return GCM_SW_EAUTH;
    }
    gctr(ctx, j0, ct, len, pt);
    return GCM_SW_OK;
}

void gcm_sw_wipe(gcm_sw_ctx *ctx)
{
    wipe_bytes(ctx, sizeof(*ctx));
}

/* ------------------------------------------------------------------ */
/* Self-test: test cases 1 and 2 of McGrew and Viega's GCM submission   */
/* (all-zero 128-bit key and 96-bit IV; empty text, then one zero      */
/* block), sealed and opened with both variants, plus a tampered tag.  */
/* ------------------------------------------------------------------ */

static const uint8_t kat_tag_empty[16] = {
    0x58, 0xe2, 0xfc, 0xce, 0xfa, 0x7e, 0x30, 0x61,
    0x36, 0x7f, 0x1d, 0x57, 0xa4, 0xe7, 0x45, 0x5a,
};
static const uint8_t kat_ct_block[16] = {
    0x03, 0x88, 0xda, 0xce, 0x60, 0xb6, 0xa3, 0x92,
    0xf3, 0x28, 0xc2, 0xb9, 0x71, 0xb2, 0xfe, 0x78,
};
static const uint8_t kat_tag_block[16] = {
    0xab, 0x6e, 0x47, 0xd4, 0x2c, 0xec, 0x13, 0xbd,
    0xf5, 0x3a, 0x67, 0xb2, 0x12, 0x57, 0xbd, 0xdf,
};

static int same_bytes(const uint8_t *a, const uint8_t *b, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++)
        if (a[i] != b[i])
            return 0;
    return 1;
}

static int all_zero(const uint8_t *a, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++)
        if (a[i] != 0)
            return 0;
    return 1;
}

/* Failures of one variant as bits 0..3: empty seal, block seal, block
 * open, tampered open. */
static int selftest_variant(unsigned flags)
{
    gcm_sw_ctx ctx;
    uint8_t key[16] = {0}, iv[12] = {0}, zero[16] = {0}, ct[16], pt[16], tag[16];
    int fails = 0, i;

    if (gcm_sw_init(&ctx, key, 16, flags) != GCM_SW_OK)
        return 0xf;
    if (gcm_sw_seal(&ctx, iv, 12, NULL, 0, NULL, 0, NULL, tag) != GCM_SW_OK ||
        !same_bytes(tag, kat_tag_empty, 16))
        fails |= 1;
    if (gcm_sw_seal(&ctx, iv, 12, NULL, 0, zero, 16, ct, tag) != GCM_SW_OK ||
        !same_bytes(ct, kat_ct_block, 16) || !same_bytes(tag, kat_tag_block, 16))
        fails |= 2;
    if (gcm_sw_open(&ctx, iv, 12, NULL, 0, kat_ct_block, 16, kat_tag_block, 16, pt) != GCM_SW_OK ||
        !all_zero(pt, 16))
        fails |= 4;
    for (i = 0; i < 16; i++) {
        tag[i] = kat_tag_block[i];
        pt[i] = 0xa5;  /* must come back zeroed */
    }
    tag[15] ^= 1;
    if (gcm_sw_open(&ctx, iv, 12, NULL, 0, kat_ct_block, 16, tag, 16, pt) != GCM_SW_EAUTH ||
        !all_zero(pt, 16))
        fails |= 8;
    gcm_sw_wipe(&ctx);
    return fails;
}

int gcm_sw_selftest(void)
{
    return selftest_variant(GCM_SW_FAST) | (selftest_variant(GCM_SW_CONST_TIME) << 4);
}
