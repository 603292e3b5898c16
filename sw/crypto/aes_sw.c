/*
 * aes_sw.c - software AES (FIPS-197): T-table and constant-time variants.
 * See aes_sw.h for the API.  Written for MCCP; freestanding C99.
 */
#include "aes_sw.h"

/* ------------------------------------------------------------------ */
/* Tables for the fast cipher.                                         */
/*                                                                     */
/* Size: four 1 KB encryption tables (Te0..Te3), four 1 KB decryption  */
/* tables (Td0..Td3), plus the 256-byte S-box and inverse S-box:       */
/* 8.5 KB of const data.  Why four tables and not one plus rotations:  */
/* RV32IM has no rotate instruction (no Zbb), so each rotation would   */
/* cost three ALU ops, 12 per round; with four tables a round is just  */
/* 16 loads and XORs, which is what the "fast baseline" is for.        */
/* All tables are expanded at compile time from the two S-box lists    */
/* below by macros, so the only typed constants are the S-boxes.       */
/* ------------------------------------------------------------------ */

#define AES_SBOX_LIST(F) \
    F(0x63) F(0x7c) F(0x77) F(0x7b) F(0xf2) F(0x6b) F(0x6f) F(0xc5) \
    F(0x30) F(0x01) F(0x67) F(0x2b) F(0xfe) F(0xd7) F(0xab) F(0x76) \
    F(0xca) F(0x82) F(0xc9) F(0x7d) F(0xfa) F(0x59) F(0x47) F(0xf0) \
    F(0xad) F(0xd4) F(0xa2) F(0xaf) F(0x9c) F(0xa4) F(0x72) F(0xc0) \
    F(0xb7) F(0xfd) F(0x93) F(0x26) F(0x36) F(0x3f) F(0xf7) F(0xcc) \
    F(0x34) F(0xa5) F(0xe5) F(0xf1) F(0x71) F(0xd8) F(0x31) F(0x15) \
    F(0x04) F(0xc7) F(0x23) F(0xc3) F(0x18) F(0x96) F(0x05) F(0x9a) \
    F(0x07) F(0x12) F(0x80) F(0xe2) F(0xeb) F(0x27) F(0xb2) F(0x75) \
    F(0x09) F(0x83) F(0x2c) F(0x1a) F(0x1b) F(0x6e) F(0x5a) F(0xa0) \
    F(0x52) F(0x3b) F(0xd6) F(0xb3) F(0x29) F(0xe3) F(0x2f) F(0x84) \
    F(0x53) F(0xd1) F(0x00) F(0xed) F(0x20) F(0xfc) F(0xb1) F(0x5b) \
    F(0x6a) F(0xcb) F(0xbe) F(0x39) F(0x4a) F(0x4c) F(0x58) F(0xcf) \
    F(0xd0) F(0xef) F(0xaa) F(0xfb) F(0x43) F(0x4d) F(0x33) F(0x85) \
    F(0x45) F(0xf9) F(0x02) F(0x7f) F(0x50) F(0x3c) F(0x9f) F(0xa8) \
    F(0x51) F(0xa3) F(0x40) F(0x8f) F(0x92) F(0x9d) F(0x38) F(0xf5) \
    F(0xbc) F(0xb6) F(0xda) F(0x21) F(0x10) F(0xff) F(0xf3) F(0xd2) \
    F(0xcd) F(0x0c) F(0x13) F(0xec) F(0x5f) F(0x97) F(0x44) F(0x17) \
    F(0xc4) F(0xa7) F(0x7e) F(0x3d) F(0x64) F(0x5d) F(0x19) F(0x73) \
    F(0x60) F(0x81) F(0x4f) F(0xdc) F(0x22) F(0x2a) F(0x90) F(0x88) \
    F(0x46) F(0xee) F(0xb8) F(0x14) F(0xde) F(0x5e) F(0x0b) F(0xdb) \
    F(0xe0) F(0x32) F(0x3a) F(0x0a) F(0x49) F(0x06) F(0x24) F(0x5c) \
    F(0xc2) F(0xd3) F(0xac) F(0x62) F(0x91) F(0x95) F(0xe4) F(0x79) \
    F(0xe7) F(0xc8) F(0x37) F(0x6d) F(0x8d) F(0xd5) F(0x4e) F(0xa9) \
    F(0x6c) F(0x56) F(0xf4) F(0xea) F(0x65) F(0x7a) F(0xae) F(0x08) \
    F(0xba) F(0x78) F(0x25) F(0x2e) F(0x1c) F(0xa6) F(0xb4) F(0xc6) \
    F(0xe8) F(0xdd) F(0x74) F(0x1f) F(0x4b) F(0xbd) F(0x8b) F(0x8a) \
    F(0x70) F(0x3e) F(0xb5) F(0x66) F(0x48) F(0x03) F(0xf6) F(0x0e) \
    F(0x61) F(0x35) F(0x57) F(0xb9) F(0x86) F(0xc1) F(0x1d) F(0x9e) \
    F(0xe1) F(0xf8) F(0x98) F(0x11) F(0x69) F(0xd9) F(0x8e) F(0x94) \
    F(0x9b) F(0x1e) F(0x87) F(0xe9) F(0xce) F(0x55) F(0x28) F(0xdf) \
    F(0x8c) F(0xa1) F(0x89) F(0x0d) F(0xbf) F(0xe6) F(0x42) F(0x68) \
    F(0x41) F(0x99) F(0x2d) F(0x0f) F(0xb0) F(0x54) F(0xbb) F(0x16)

#define AES_INV_SBOX_LIST(F) \
    F(0x52) F(0x09) F(0x6a) F(0xd5) F(0x30) F(0x36) F(0xa5) F(0x38) \
    F(0xbf) F(0x40) F(0xa3) F(0x9e) F(0x81) F(0xf3) F(0xd7) F(0xfb) \
    F(0x7c) F(0xe3) F(0x39) F(0x82) F(0x9b) F(0x2f) F(0xff) F(0x87) \
    F(0x34) F(0x8e) F(0x43) F(0x44) F(0xc4) F(0xde) F(0xe9) F(0xcb) \
    F(0x54) F(0x7b) F(0x94) F(0x32) F(0xa6) F(0xc2) F(0x23) F(0x3d) \
    F(0xee) F(0x4c) F(0x95) F(0x0b) F(0x42) F(0xfa) F(0xc3) F(0x4e) \
    F(0x08) F(0x2e) F(0xa1) F(0x66) F(0x28) F(0xd9) F(0x24) F(0xb2) \
    F(0x76) F(0x5b) F(0xa2) F(0x49) F(0x6d) F(0x8b) F(0xd1) F(0x25) \
    F(0x72) F(0xf8) F(0xf6) F(0x64) F(0x86) F(0x68) F(0x98) F(0x16) \
    F(0xd4) F(0xa4) F(0x5c) F(0xcc) F(0x5d) F(0x65) F(0xb6) F(0x92) \
    F(0x6c) F(0x70) F(0x48) F(0x50) F(0xfd) F(0xed) F(0xb9) F(0xda) \
    F(0x5e) F(0x15) F(0x46) F(0x57) F(0xa7) F(0x8d) F(0x9d) F(0x84) \
    F(0x90) F(0xd8) F(0xab) F(0x00) F(0x8c) F(0xbc) F(0xd3) F(0x0a) \
    F(0xf7) F(0xe4) F(0x58) F(0x05) F(0xb8) F(0xb3) F(0x45) F(0x06) \
    F(0xd0) F(0x2c) F(0x1e) F(0x8f) F(0xca) F(0x3f) F(0x0f) F(0x02) \
    F(0xc1) F(0xaf) F(0xbd) F(0x03) F(0x01) F(0x13) F(0x8a) F(0x6b) \
    F(0x3a) F(0x91) F(0x11) F(0x41) F(0x4f) F(0x67) F(0xdc) F(0xea) \
    F(0x97) F(0xf2) F(0xcf) F(0xce) F(0xf0) F(0xb4) F(0xe6) F(0x73) \
    F(0x96) F(0xac) F(0x74) F(0x22) F(0xe7) F(0xad) F(0x35) F(0x85) \
    F(0xe2) F(0xf9) F(0x37) F(0xe8) F(0x1c) F(0x75) F(0xdf) F(0x6e) \
    F(0x47) F(0xf1) F(0x1a) F(0x71) F(0x1d) F(0x29) F(0xc5) F(0x89) \
    F(0x6f) F(0xb7) F(0x62) F(0x0e) F(0xaa) F(0x18) F(0xbe) F(0x1b) \
    F(0xfc) F(0x56) F(0x3e) F(0x4b) F(0xc6) F(0xd2) F(0x79) F(0x20) \
    F(0x9a) F(0xdb) F(0xc0) F(0xfe) F(0x78) F(0xcd) F(0x5a) F(0xf4) \
    F(0x1f) F(0xdd) F(0xa8) F(0x33) F(0x88) F(0x07) F(0xc7) F(0x31) \
    F(0xb1) F(0x12) F(0x10) F(0x59) F(0x27) F(0x80) F(0xec) F(0x5f) \
    F(0x60) F(0x51) F(0x7f) F(0xa9) F(0x19) F(0xb5) F(0x4a) F(0x0d) \
    F(0x2d) F(0xe5) F(0x7a) F(0x9f) F(0x93) F(0xc9) F(0x9c) F(0xef) \
    F(0xa0) F(0xe0) F(0x3b) F(0x4d) F(0xae) F(0x2a) F(0xf5) F(0xb0) \
    F(0xc8) F(0xeb) F(0xbb) F(0x3c) F(0x83) F(0x53) F(0x99) F(0x61) \
    F(0x17) F(0x2b) F(0x04) F(0x7e) F(0xba) F(0x77) F(0xd6) F(0x26) \
    F(0xe1) F(0x69) F(0x14) F(0x63) F(0x55) F(0x21) F(0x0c) F(0x7d)

/* GF(2^8) multiples for the table macros (x <= 0xff, constant input). */
#define XT(x)  ((((uint32_t)(x)) << 1) ^ ((((uint32_t)(x)) >> 7) * 0x11bu))
#define M2(x)  XT(x)
#define M3(x)  (XT(x) ^ (uint32_t)(x))
#define M8(x)  XT(XT(XT(x)))
#define M9(x)  (M8(x) ^ (uint32_t)(x))
#define MB(x)  (M8(x) ^ XT(x) ^ (uint32_t)(x))
#define MD(x)  (M8(x) ^ XT(XT(x)) ^ (uint32_t)(x))
#define ME(x)  (M8(x) ^ XT(XT(x)) ^ XT(x))
#define WORD(a, b, c, d) \
    (((uint32_t)(a) << 24) | ((uint32_t)(b) << 16) | ((uint32_t)(c) << 8) | (uint32_t)(d))

/* Te_k[x]: column contribution of S(x) entering row k of MixColumns. */
#define TE0(s) WORD(M2(s), s, s, M3(s)),
#define TE1(s) WORD(M3(s), M2(s), s, s),
#define TE2(s) WORD(s, M3(s), M2(s), s),
#define TE3(s) WORD(s, s, M3(s), M2(s)),
/* Td_k[x]: the same for InvS(x) and InvMixColumns. */
#define TD0(s) WORD(ME(s), M9(s), MD(s), MB(s)),
#define TD1(s) WORD(MB(s), ME(s), M9(s), MD(s)),
#define TD2(s) WORD(MD(s), MB(s), ME(s), M9(s)),
#define TD3(s) WORD(M9(s), MD(s), MB(s), ME(s)),
#define BYTE(s) (uint8_t)(s),

static const uint32_t te0[256] = { AES_SBOX_LIST(TE0) };
static const uint32_t te1[256] = { AES_SBOX_LIST(TE1) };
static const uint32_t te2[256] = { AES_SBOX_LIST(TE2) };
static const uint32_t te3[256] = { AES_SBOX_LIST(TE3) };
static const uint32_t td0[256] = { AES_INV_SBOX_LIST(TD0) };
static const uint32_t td1[256] = { AES_INV_SBOX_LIST(TD1) };
static const uint32_t td2[256] = { AES_INV_SBOX_LIST(TD2) };
static const uint32_t td3[256] = { AES_INV_SBOX_LIST(TD3) };
static const uint8_t sbox[256] = { AES_SBOX_LIST(BYTE) };
static const uint8_t inv_sbox[256] = { AES_INV_SBOX_LIST(BYTE) };

/* ------------------------------------------------------------------ */
/* Byte/word helpers (explicit byte order: no alignment or endianness  */
/* assumptions about the caller's buffers).                            */
/* ------------------------------------------------------------------ */

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

static uint32_t load_le32(const uint8_t *p)
{
    return ((uint32_t)p[3] << 24) | ((uint32_t)p[2] << 16) | ((uint32_t)p[1] << 8) | p[0];
}

static void store_le32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

/* Multiply by x in GF(2^8) without a branch on the (secret) top bit. */
static uint8_t xtime_ct(uint8_t b)
{
    uint32_t v = b;
    return (uint8_t)((v << 1) ^ ((0u - (v >> 7)) & 0x1bu));
}

/* ------------------------------------------------------------------ */
/* Constant-time S-box: the 16 state bytes are transposed into 8 bit   */
/* planes (plane i holds bit i of every byte, one byte per lane), the  */
/* GF(2^8) inverse x^254 is computed with bitsliced multiplications,   */
/* then the affine map; all steps are fixed sequences of logic ops.    */
/* ------------------------------------------------------------------ */

/* Transpose the 8x8 bit matrix whose row r is byte r of lo:hi (rows
 * 0..3 in lo, 4..7 in hi, little-endian); afterwards row c holds bit c
 * of every original row.  Three block-swap steps: 1x1, 2x2, 4x4. */
static void transpose8x8(uint32_t *lo, uint32_t *hi)
{
    uint32_t x = *lo, y = *hi, t;

    t = (x ^ (x >> 7)) & 0x00aa00aau; x ^= t ^ (t << 7);
    t = (y ^ (y >> 7)) & 0x00aa00aau; y ^= t ^ (t << 7);
    t = (x ^ (x >> 14)) & 0x0000ccccu; x ^= t ^ (t << 14);
    t = (y ^ (y >> 14)) & 0x0000ccccu; y ^= t ^ (t << 14);
    t = (x ^ (y << 4)) & 0xf0f0f0f0u; x ^= t; y ^= t >> 4;
    *lo = x;
    *hi = y;
}

/* The GF(2^8) helpers below use only constant indices and constant-bound
 * loops, so the compiler can unroll them, keep the planes in registers
 * and drop the XORs with known zeros.  A nested 8x8 schoolbook loop
 * spent more on loop and spill overhead than on the logic (measured on
 * the rv32 build: 27k -> 20k instructions per AES-128 block). */

/* x^k = x^(k-8) (x^4 + x^3 + x + 1) for k = 14..8, highest first. */
#define GF_FOLD(c, k) \
    do { \
        c[(k) - 4] ^= c[k]; c[(k) - 5] ^= c[k]; c[(k) - 7] ^= c[k]; c[(k) - 8] ^= c[k]; \
    } while (0)

/* Reduce a bitsliced product of degree <= 14 modulo x^8+x^4+x^3+x+1. */
static void gf_reduce_bs(uint32_t c[15], uint32_t r[8])
{
    GF_FOLD(c, 14); GF_FOLD(c, 13); GF_FOLD(c, 12); GF_FOLD(c, 11);
    GF_FOLD(c, 10); GF_FOLD(c, 9); GF_FOLD(c, 8);
    r[0] = c[0]; r[1] = c[1]; r[2] = c[2]; r[3] = c[3];
    r[4] = c[4]; r[5] = c[5]; r[6] = c[6]; r[7] = c[7];
}

static void gf_zero15(uint32_t c[15])
{
    c[0] = c[1] = c[2] = c[3] = c[4] = c[5] = c[6] = c[7] = 0;
    c[8] = c[9] = c[10] = c[11] = c[12] = c[13] = c[14] = 0;
}

/* Product of two 4-term polynomials over GF(2), schoolbook: 16 AND, 9 XOR. */
static void poly_mul4(uint32_t r[7], const uint32_t a[4], const uint32_t b[4])
{
    r[0] = a[0] & b[0];
    r[1] = (a[0] & b[1]) ^ (a[1] & b[0]);
    r[2] = (a[0] & b[2]) ^ (a[1] & b[1]) ^ (a[2] & b[0]);
    r[3] = (a[0] & b[3]) ^ (a[1] & b[2]) ^ (a[2] & b[1]) ^ (a[3] & b[0]);
    r[4] = (a[1] & b[3]) ^ (a[2] & b[2]) ^ (a[3] & b[1]);
    r[5] = (a[2] & b[3]) ^ (a[3] & b[2]);
    r[6] = a[3] & b[3];
}

/* One Karatsuba step on the 4-plane halves (a = a0 + x^4 a1):
 * a*b = p0 + x^4 (pm - p0 - p2) + x^8 p2 with pm = (a0+a1)(b0+b1);
 * three 4x4 products instead of one 8x8 (48 AND instead of 64) and
 * fewer live values, which matters with 31 registers. */
static void gf_mul_bs(uint32_t r[8], const uint32_t a[8], const uint32_t b[8])
{
    uint32_t p0[7], p2[7], pm[7], sa[4], sb[4], c[15];
    int i;

    poly_mul4(p0, a, b);
    poly_mul4(p2, a + 4, b + 4);
    for (i = 0; i < 4; i++) {
        sa[i] = a[i] ^ a[i + 4];
        sb[i] = b[i] ^ b[i + 4];
    }
    poly_mul4(pm, sa, sb);
    for (i = 0; i < 7; i++)
        pm[i] ^= p0[i] ^ p2[i];
    gf_zero15(c);
    for (i = 0; i < 7; i++) {
        c[i] ^= p0[i];
        c[i + 4] ^= pm[i];
        c[i + 8] ^= p2[i];
    }
    gf_reduce_bs(c, r);
}

/* Squaring is linear in GF(2^8): spread the planes, then reduce. */
static void gf_sqr_bs(uint32_t r[8], const uint32_t a[8])
{
    uint32_t c[15];

    gf_zero15(c);
    c[0] = a[0]; c[2] = a[1]; c[4] = a[2]; c[6] = a[3];
    c[8] = a[4]; c[10] = a[5]; c[12] = a[6]; c[14] = a[7];
    gf_reduce_bs(c, r);
}

/* x^254 = x^-1 (and 0 -> 0), by the chain 2,3,6,12,14,15,30,60,120,240,254. */
static void gf_inv_bs(uint32_t x[8])
{
    uint32_t x2[8], x3[8], x12[8], x14[8], x15[8], t[8];

    gf_sqr_bs(x2, x);
    gf_mul_bs(x3, x2, x);
    gf_sqr_bs(t, x3);          /* x^6 */
    gf_sqr_bs(x12, t);
    gf_mul_bs(x14, x12, x2);
    gf_mul_bs(x15, x12, x3);
    gf_sqr_bs(t, x15);         /* x^30 */
    gf_sqr_bs(t, t);           /* x^60 */
    gf_sqr_bs(t, t);           /* x^120 */
    gf_sqr_bs(t, t);           /* x^240 */
    gf_mul_bs(x, t, x14);      /* x^254 */
}

/* FIPS-197 5.1.1 affine map: b_i ^= b_{i+4} ^ b_{i+5} ^ b_{i+6} ^ b_{i+7} ^ 0x63_i. */
static void affine_bs(uint32_t p[8])
{
    uint32_t q[8];
    int i;

    for (i = 0; i < 8; i++) {
        q[i] = p[i] ^ p[(i + 4) & 7] ^ p[(i + 5) & 7] ^ p[(i + 6) & 7] ^ p[(i + 7) & 7];
        if ((0x63 >> i) & 1)  /* public constant, not data */
            q[i] = ~q[i];
    }
    for (i = 0; i < 8; i++)
        p[i] = q[i];
}

/* Inverse of affine_bs: b_i = s_{i+2} ^ s_{i+5} ^ s_{i+7} ^ 0x05_i. */
static void inv_affine_bs(uint32_t p[8])
{
    uint32_t q[8];
    int i;

    for (i = 0; i < 8; i++) {
        q[i] = p[(i + 2) & 7] ^ p[(i + 5) & 7] ^ p[(i + 7) & 7];
        if ((0x05 >> i) & 1)
            q[i] = ~q[i];
    }
    for (i = 0; i < 8; i++)
        p[i] = q[i];
}

/* Split nmat transposed 8x8 matrices (matrix k = state bytes 8k..8k+7,
 * rows 0..3 in m[2k], 4..7 in m[2k+1]) into planes: plane i, lane j =
 * bit i of state byte j.  Up to 4 matrices (two blocks, 32 lanes). */
static void planes_from_matrices(uint32_t p[8], const uint32_t *m, unsigned nmat)
{
    unsigned i, k;

    for (i = 0; i < 8; i++) {
        unsigned sh = 8u * (i & 3);

        p[i] = 0;
        for (k = 0; k < nmat; k++)
            p[i] |= ((m[2 * k + (i >> 2)] >> sh) & 0xffu) << (8 * k);
    }
}

static void matrices_from_planes(uint32_t *m, const uint32_t p[8], unsigned nmat)
{
    unsigned i, k;

    for (k = 0; k < 2 * nmat; k++)
        m[k] = 0;
    for (i = 0; i < 8; i++) {
        unsigned sh = 8u * (i & 3);

        for (k = 0; k < nmat; k++)
            m[2 * k + (i >> 2)] |= ((p[i] >> (8 * k)) & 0xffu) << sh;
    }
}

/* SubBytes (inverse != 0: InvSubBytes) on nblocks (1 or 2) consecutive
 * 16-byte states, constant time.  Two blocks fill 32 lanes and cost
 * little more than one: the GF(2^8) inversion dominates and is shared. */
static void sub_bytes_ct(uint8_t *s, unsigned nblocks, int inverse)
{
    uint32_t m[8], p[8];
    unsigned nmat = 2 * nblocks, k;
    int i;

    for (k = 0; k < nmat; k++) {
        m[2 * k] = load_le32(s + 8 * k);
        m[2 * k + 1] = load_le32(s + 8 * k + 4);
        transpose8x8(&m[2 * k], &m[2 * k + 1]);
    }
    planes_from_matrices(p, m, nmat);
    if (inverse) {
        inv_affine_bs(p);
        gf_inv_bs(p);
    } else {
        gf_inv_bs(p);
        affine_bs(p);
    }
    matrices_from_planes(m, p, nmat);
    for (k = 0; k < nmat; k++) {
        transpose8x8(&m[2 * k], &m[2 * k + 1]);
        store_le32(s + 8 * k, m[2 * k]);
        store_le32(s + 8 * k + 4, m[2 * k + 1]);
    }
    for (i = 0; i < 8; i++)  /* planes held key- or data-dependent bits */
        p[i] = 0;
}

/* S-box of each byte of a word (key schedule), via the bitsliced path. */
static uint32_t sub_word_ct(uint32_t w)
{
    uint8_t s[16];
    int i;

    for (i = 0; i < 16; i += 4)  /* fill every lane: no memset call, no stale data */
        store_be32(s + i, w);
    sub_bytes_ct(s, 1, 0);
    return load_be32(s);
}

/* ------------------------------------------------------------------ */
/* Byte-oriented round functions of the constant-time cipher.  State   */
/* is column-major like the input block: s[4*c + r].                   */
/* ------------------------------------------------------------------ */

static void add_round_key(uint8_t s[16], const uint32_t *rk)
{
    int c;

    for (c = 0; c < 4; c++) {
        s[4 * c + 0] ^= (uint8_t)(rk[c] >> 24);
        s[4 * c + 1] ^= (uint8_t)(rk[c] >> 16);
        s[4 * c + 2] ^= (uint8_t)(rk[c] >> 8);
        s[4 * c + 3] ^= (uint8_t)rk[c];
    }
}

/* Row r moves left by r columns (inverse: right by r). */
static void shift_rows(uint8_t s[16], int inverse)
{
    uint8_t t[16];
    int r, c;

    for (c = 0; c < 4; c++)
        for (r = 0; r < 4; r++) {
            int from = inverse ? (c - r + 4) & 3 : (c + r) & 3;
            t[4 * c + r] = s[4 * from + r];
        }
    for (c = 0; c < 16; c++)
        s[c] = t[c];
}

/* out_r = 2a_r ^ 3a_{r+1} ^ a_{r+2} ^ a_{r+3} = a_r ^ t ^ xtime(a_r ^ a_{r+1}). */
static void mix_columns(uint8_t s[16])
{
    int c;

    for (c = 0; c < 4; c++) {
        uint8_t *a = s + 4 * c;
        uint8_t a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3];
        uint8_t t = (uint8_t)(a0 ^ a1 ^ a2 ^ a3);

        a[0] = (uint8_t)(a0 ^ t ^ xtime_ct((uint8_t)(a0 ^ a1)));
        a[1] = (uint8_t)(a1 ^ t ^ xtime_ct((uint8_t)(a1 ^ a2)));
        a[2] = (uint8_t)(a2 ^ t ^ xtime_ct((uint8_t)(a2 ^ a3)));
        a[3] = (uint8_t)(a3 ^ t ^ xtime_ct((uint8_t)(a3 ^ a0)));
    }
}

/* One column times the InvMixColumns matrix (rows 0e 0b 0d 09, rotated). */
static void inv_mix_column(uint8_t a[4])
{
    uint8_t x1[4], x2[4], x4[4], x8[4];
    int r;

    for (r = 0; r < 4; r++) {
        x1[r] = a[r];
        x2[r] = xtime_ct(a[r]);
        x4[r] = xtime_ct(x2[r]);
        x8[r] = xtime_ct(x4[r]);
    }
    for (r = 0; r < 4; r++) {
        int r1 = (r + 1) & 3, r2 = (r + 2) & 3, r3 = (r + 3) & 3;

        a[r] = (uint8_t)((x8[r] ^ x4[r] ^ x2[r])          /* 0e */
                         ^ (x8[r1] ^ x2[r1] ^ x1[r1])     /* 0b */
                         ^ (x8[r2] ^ x4[r2] ^ x1[r2])     /* 0d */
                         ^ (x8[r3] ^ x1[r3]));            /* 09 */
    }
}

static void inv_mix_columns(uint8_t s[16])
{
    int c;

    for (c = 0; c < 4; c++)
        inv_mix_column(s + 4 * c);
}

static uint32_t inv_mix_word(uint32_t w)
{
    uint8_t a[4];

    store_be32(a, w);
    inv_mix_column(a);
    return load_be32(a);
}

/* ------------------------------------------------------------------ */
/* Key schedule (FIPS-197 5.2), constant time: SubWord uses the        */
/* computed S-box, so the key never indexes a table.                   */
/* ------------------------------------------------------------------ */

static void expand_enc_key(aes_sw_ctx *ctx, const uint8_t *key, unsigned nk)
{
    unsigned total = 4 * (ctx->rounds + 1), i;
    uint8_t rcon = 1;

    for (i = 0; i < nk; i++)
        ctx->ek[i] = load_be32(key + 4 * i);
    for (i = nk; i < total; i++) {
        uint32_t t = ctx->ek[i - 1];

        if (i % nk == 0) {
            t = sub_word_ct((t << 8) | (t >> 24)) ^ ((uint32_t)rcon << 24);
            rcon = xtime_ct(rcon);
        } else if (nk > 6 && i % nk == 4) {
            t = sub_word_ct(t);
        }
        ctx->ek[i] = ctx->ek[i - nk] ^ t;
    }
}

/* Equivalent inverse cipher keys (FIPS-197 5.3.5), in decryption order. */
static void expand_dec_key(aes_sw_ctx *ctx)
{
    unsigned nr = ctx->rounds, round, c;

    for (round = 0; round <= nr; round++) {
        const uint32_t *src = ctx->ek + 4 * (nr - round);
        uint32_t *dst = ctx->dk + 4 * round;

        for (c = 0; c < 4; c++)
            dst[c] = (round == 0 || round == nr) ? src[c] : inv_mix_word(src[c]);
    }
}

int aes_sw_setkey(aes_sw_ctx *ctx, const uint8_t *key, unsigned key_bytes)
{
    if (key_bytes != 16 && key_bytes != 24 && key_bytes != 32) {
        ctx->rounds = 0;
        return -1;
    }
    ctx->rounds = key_bytes / 4 + 6;
    expand_enc_key(ctx, key, key_bytes / 4);
    expand_dec_key(ctx);
    return 0;
}

void aes_sw_wipe(aes_sw_ctx *ctx)
{
    volatile uint8_t *p = (volatile uint8_t *)ctx;
    size_t i;

    for (i = 0; i < sizeof(*ctx); i++)
        p[i] = 0;
}

/* ------------------------------------------------------------------ */
/* Table cipher.                                                       */
/* ------------------------------------------------------------------ */

/* One output column of a full round: the bytes come from a,b,c,d's
 * rows 0,1,2,3 (ShiftRows is in the choice of a..d). */
static uint32_t te_column(uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t rk)
{
    return te0[a >> 24] ^ te1[(b >> 16) & 0xff] ^ te2[(c >> 8) & 0xff] ^ te3[d & 0xff] ^ rk;
}

static uint32_t td_column(uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t rk)
{
    return td0[a >> 24] ^ td1[(b >> 16) & 0xff] ^ td2[(c >> 8) & 0xff] ^ td3[d & 0xff] ^ rk;
}

/* Last round: substitution only, no (Inv)MixColumns. */
static uint32_t last_column(const uint8_t *box, uint32_t a, uint32_t b, uint32_t c, uint32_t d,
                            uint32_t rk)
{
    return WORD(box[a >> 24], box[(b >> 16) & 0xff], box[(c >> 8) & 0xff], box[d & 0xff]) ^ rk;
}

void aes_sw_encrypt_tab(const aes_sw_ctx *ctx, const uint8_t in[16], uint8_t out[16])
{
    const uint32_t *rk = ctx->ek;
    uint32_t s0 = load_be32(in) ^ rk[0], s1 = load_be32(in + 4) ^ rk[1];
    uint32_t s2 = load_be32(in + 8) ^ rk[2], s3 = load_be32(in + 12) ^ rk[3];
    uint32_t t0, t1, t2, t3;
    unsigned round;

    for (round = 1; round < ctx->rounds; round++) {
        rk += 4;
        t0 = te_column(s0, s1, s2, s3, rk[0]);
        t1 = te_column(s1, s2, s3, s0, rk[1]);
        t2 = te_column(s2, s3, s0, s1, rk[2]);
        t3 = te_column(s3, s0, s1, s2, rk[3]);
        s0 = t0; s1 = t1; s2 = t2; s3 = t3;
    }
    rk += 4;
    store_be32(out, last_column(sbox, s0, s1, s2, s3, rk[0]));
    store_be32(out + 4, last_column(sbox, s1, s2, s3, s0, rk[1]));
    store_be32(out + 8, last_column(sbox, s2, s3, s0, s1, rk[2]));
    store_be32(out + 12, last_column(sbox, s3, s0, s1, s2, rk[3]));
}

/* Equivalent inverse cipher: same shape as encryption with Td and dk;
 * InvShiftRows takes row r from column c - r. */
void aes_sw_decrypt_tab(const aes_sw_ctx *ctx, const uint8_t in[16], uint8_t out[16])
{
    const uint32_t *rk = ctx->dk;
    uint32_t s0 = load_be32(in) ^ rk[0], s1 = load_be32(in + 4) ^ rk[1];
    uint32_t s2 = load_be32(in + 8) ^ rk[2], s3 = load_be32(in + 12) ^ rk[3];
    uint32_t t0, t1, t2, t3;
    unsigned round;

    for (round = 1; round < ctx->rounds; round++) {
        rk += 4;
        t0 = td_column(s0, s3, s2, s1, rk[0]);
        t1 = td_column(s1, s0, s3, s2, rk[1]);
        t2 = td_column(s2, s1, s0, s3, rk[2]);
        t3 = td_column(s3, s2, s1, s0, rk[3]);
        s0 = t0; s1 = t1; s2 = t2; s3 = t3;
    }
    rk += 4;
    store_be32(out, last_column(inv_sbox, s0, s3, s2, s1, rk[0]));
    store_be32(out + 4, last_column(inv_sbox, s1, s0, s3, s2, rk[1]));
    store_be32(out + 8, last_column(inv_sbox, s2, s1, s0, s3, rk[2]));
    store_be32(out + 12, last_column(inv_sbox, s3, s2, s1, s0, rk[3]));
}

/* ------------------------------------------------------------------ */
/* Constant-time cipher (FIPS-197 5.1 and 5.3 as written).             */
/* ------------------------------------------------------------------ */

static void wipe_state(uint8_t *s, size_t n)
{
    volatile uint8_t *p = s;
    size_t i;

    for (i = 0; i < n; i++)
        p[i] = 0;
}

/* Per-block steps applied to each of nblocks states. */
static void add_round_key_n(uint8_t *s, unsigned nblocks, const uint32_t *rk)
{
    unsigned b;

    for (b = 0; b < nblocks; b++)
        add_round_key(s + 16 * b, rk);
}

static void shift_rows_n(uint8_t *s, unsigned nblocks, int inverse)
{
    unsigned b;

    for (b = 0; b < nblocks; b++)
        shift_rows(s + 16 * b, inverse);
}

static void mix_columns_n(uint8_t *s, unsigned nblocks, int inverse)
{
    unsigned b;

    for (b = 0; b < nblocks; b++) {
        if (inverse)
            inv_mix_columns(s + 16 * b);
        else
            mix_columns(s + 16 * b);
    }
}

static void encrypt_ct_blocks(const aes_sw_ctx *ctx, uint8_t *s, unsigned nblocks)
{
    unsigned round;

    add_round_key_n(s, nblocks, ctx->ek);
    for (round = 1; round < ctx->rounds; round++) {
        sub_bytes_ct(s, nblocks, 0);
        shift_rows_n(s, nblocks, 0);
        mix_columns_n(s, nblocks, 0);
        add_round_key_n(s, nblocks, ctx->ek + 4 * round);
    }
    sub_bytes_ct(s, nblocks, 0);
    shift_rows_n(s, nblocks, 0);
    add_round_key_n(s, nblocks, ctx->ek + 4 * ctx->rounds);
}

/* Inverse cipher of FIPS-197 5.3 (not the equivalent one). */
static void decrypt_ct_blocks(const aes_sw_ctx *ctx, uint8_t *s, unsigned nblocks)
{
    unsigned round;

    add_round_key_n(s, nblocks, ctx->ek + 4 * ctx->rounds);
    for (round = ctx->rounds; round-- > 1;) {  /* rounds-1 .. 1 */
        shift_rows_n(s, nblocks, 1);
        sub_bytes_ct(s, nblocks, 1);
        add_round_key_n(s, nblocks, ctx->ek + 4 * round);
        mix_columns_n(s, nblocks, 1);
    }
    shift_rows_n(s, nblocks, 1);
    sub_bytes_ct(s, nblocks, 1);
    add_round_key_n(s, nblocks, ctx->ek);
}

/* Copy in, run, copy out: in and out may alias; the state is wiped. */
static void run_ct(const aes_sw_ctx *ctx, const uint8_t *in, uint8_t *out, unsigned nblocks,
                   int decrypt)
{
    uint8_t s[32];
    size_t i, n = 16u * nblocks;

    for (i = 0; i < n; i++)
        s[i] = in[i];
    if (decrypt)
        decrypt_ct_blocks(ctx, s, nblocks);
    else
        encrypt_ct_blocks(ctx, s, nblocks);
    for (i = 0; i < n; i++)
        out[i] = s[i];
    wipe_state(s, n);
}

void aes_sw_encrypt_ct(const aes_sw_ctx *ctx, const uint8_t in[16], uint8_t out[16])
{
    run_ct(ctx, in, out, 1, 0);
}

void aes_sw_decrypt_ct(const aes_sw_ctx *ctx, const uint8_t in[16], uint8_t out[16])
{
    run_ct(ctx, in, out, 1, 1);
}

void aes_sw_encrypt2_ct(const aes_sw_ctx *ctx, const uint8_t in[32], uint8_t out[32])
{
    run_ct(ctx, in, out, 2, 0);
}

void aes_sw_decrypt2_ct(const aes_sw_ctx *ctx, const uint8_t in[32], uint8_t out[32])
{
    run_ct(ctx, in, out, 2, 1);
}

/* ------------------------------------------------------------------ */
/* Self-test: FIPS-197 Appendix C known answers, for checking a build  */
/* on the target (the host tests cannot run rv32 code).                */
/* ------------------------------------------------------------------ */

static const uint8_t kat_pt[16] = {
    0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
    0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff,
};
static const uint8_t kat_ct[3][16] = {
    { 0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b, 0x04, 0x30,   /* C.1 AES-128 */
      0xd8, 0xcd, 0xb7, 0x80, 0x70, 0xb4, 0xc5, 0x5a },
    { 0xdd, 0xa9, 0x7c, 0xa4, 0x86, 0x4c, 0xdf, 0xe0,   /* C.2 AES-192 */
      0x6e, 0xaf, 0x70, 0xa0, 0xec, 0x0d, 0x71, 0x91 },
    { 0x8e, 0xa2, 0xb7, 0xca, 0x51, 0x67, 0x45, 0xbf,   /* C.3 AES-256 */
      0xea, 0xfc, 0x49, 0x90, 0x4b, 0x49, 0x60, 0x89 },
};

static int same_bytes(const uint8_t *a, const uint8_t *b, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++)
        if (a[i] != b[i])
            return 0;
    return 1;
}

/* Bit 5k+f set = key size k (128/192/256) failed check f (0..3: encrypt
 * tab, decrypt tab, encrypt ct, decrypt ct; 4: the two-block pair). */
int aes_sw_selftest(void)
{
    static const aes_sw_block_fn fns[4] = {
        aes_sw_encrypt_tab, aes_sw_decrypt_tab, aes_sw_encrypt_ct, aes_sw_decrypt_ct,
    };
    aes_sw_ctx ctx;
    uint8_t key[32], buf[32], two[32];
    unsigned k, f, i;
    int fails = 0;

    for (i = 0; i < 32; i++)
        key[i] = (uint8_t)i;
    for (k = 0; k < 3; k++) {
        if (aes_sw_setkey(&ctx, key, 16 + 8 * k) != 0)
            return -1;
        for (f = 0; f < 4; f++) {
            const uint8_t *in = (f & 1) ? kat_ct[k] : kat_pt;
            const uint8_t *want = (f & 1) ? kat_pt : kat_ct[k];

            fns[f](&ctx, in, buf);
            if (!same_bytes(buf, want, 16))
                fails |= 1 << (5 * k + f);
        }
        for (i = 0; i < 32; i++)
            two[i] = kat_pt[i & 15];
        aes_sw_encrypt2_ct(&ctx, two, buf);
        aes_sw_decrypt2_ct(&ctx, buf, two);
        if (!same_bytes(buf, kat_ct[k], 16) || !same_bytes(buf + 16, kat_ct[k], 16) ||
            !same_bytes(two, kat_pt, 16) || !same_bytes(two + 16, kat_pt, 16))
            fails |= 1 << (5 * k + 4);
    }
    aes_sw_wipe(&ctx);
    return fails;
}
