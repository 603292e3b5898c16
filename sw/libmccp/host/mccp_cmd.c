/* A line-command driver of libmccp on the host's simulated MCCP, for tests
 * (tests/soc/test_libmccp_host.py): each line of stdin is one command, each command prints one
 * line.  Byte strings are hex, "-" for empty; numbers are decimal or 0x-hex; rc is the
 * function's return code (0 or a negative MCCP_E*).
 *
 *   init                                   init <rc> <cores> <key_slots> <channels> <buf_words>
 *   fw | fwbad                             fw <rc>          (fwbad: one image word changed, CRC kept)
 *   fwcrc                                  fwcrc <C CRC-32 of the image> <its MCCP_FW_AES_CRC>
 *   crc <hex bytes, 4 per word, big end.>  crc <mccp_crc32 of those words>
 *   key <slot> <key>                       key <rc>
 *   zero <slot> | zeroall                  zero <rc>
 *   chan <mode> <slot> <tag_len> <nonce_len>            chan <rc> <index>
 *   chanat <index> <mode> <slot> <tag_len> <nonce_len>  chan <rc> <index>
 *   close <index>                          close <rc>
 *   seal <ch> <nonce> <aad> <pt>           seal <rc> <ct> <tag>
 *   gopen <ch> <nonce> <aad> <ct> <tag>    gopen <rc> <pt> <untouched: 1 if pt's buffer kept its fill>
 *   cipher <ch> <op> <nonce> <in>          cipher <rc> <out>
 *   submit <ch> <op> <user> <nonce> <aad> <in> <tag>    submit <rc>   (user 0..15: output buffers)
 *   complete                               complete <rc> <user> <result> <status> <core> <out> <tag>
 *   rd <off> | wr <off> <value>            rd <rc> <value> | wr <rc>
 *   strerror <code>                        strerror <text>
 *   cycles                                 cycles <n>
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mccp.h"
#include "mccp_fw_aes.h"
#include "mccp_host.h"

#define MAX_BYTES 8192
#define FILL 0xEE

static mccp_dev dev;
static mccp_channel chans[MCCP_MAX_CHANNELS];
static uint8_t outs[16][MAX_BYTES], tags[16][16];
static uint32_t fw_copy[MCCP_FW_AES_WORDS];
static unsigned sub_tag_len[16];     /* tag bytes the request of each user id gets back */

static char *next_tok(char **s) {
    char *p = *s, *t;
    while (*p == ' ' || *p == '\t') ++p;
    if (!*p) return NULL;
    t = p;
    while (*p && *p != ' ' && *p != '\t') ++p;
    if (*p) *p++ = 0;
    *s = p;
    return t;
}

static long num(char **s) {
    char *t = next_tok(s);
    return t ? strtol(t, NULL, 0) : -1;
}

static int nibble(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* hex token -> bytes; its length, or -1 */
static long bytes(char **s, uint8_t *out) {
    char *t = next_tok(s);
    size_t n, i;
    if (!t) return -1;
    if (!strcmp(t, "-")) return 0;
    n = strlen(t);
    if (n % 2 || n / 2 > MAX_BYTES) return -1;
    for (i = 0; i < n / 2; ++i) {
        int hi = nibble(t[2 * i]), lo = nibble(t[2 * i + 1]);
        if (hi < 0 || lo < 0) return -1;
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    return (long)(n / 2);
}

static void hex(const uint8_t *p, size_t n) {
    size_t i;
    putchar(' ');
    if (!n) putchar('-');
    for (i = 0; i < n; ++i) printf("%02x", p[i]);
}

static mccp_channel *chan(long index) {
    return index >= 0 && index < (long)MCCP_MAX_CHANNELS ? &chans[index] : &chans[0];
}

int main(void) {
    static char line[4 * MAX_BYTES + 256];
    static uint8_t a[MAX_BYTES], b[MAX_BYTES], c[MAX_BYTES], d[MAX_BYTES], e[MAX_BYTES];
    mccp_host host;
    mccp_platform plat;
    if (mccp_host_open(&host, &plat, 1) != MCCP_OK) {
        printf("host open failed\n");
        return 1;
    }
    while (fgets(line, sizeof line, stdin)) {
        char *s = line, *cmd;
        size_t k = strlen(line);
        while (k && (line[k - 1] == '\n' || line[k - 1] == '\r')) line[--k] = 0;
        cmd = next_tok(&s);
        if (!cmd) continue;
        if (!strcmp(cmd, "init")) {
            int r = mccp_init(&dev, &plat);
            printf("init %d %u %u %u %u", r, dev.cores, dev.key_slots, dev.channels, dev.buf_words);
        } else if (!strcmp(cmd, "fw") || !strcmp(cmd, "fwbad")) {
            mccp_fw_image img = mccp_fw_aes;
            memcpy(fw_copy, mccp_fw_aes_words, sizeof fw_copy);
            if (!strcmp(cmd, "fwbad")) fw_copy[MCCP_FW_AES_WORDS / 2] ^= 0x100u;
            img.words = fw_copy;
            printf("fw %d", mccp_load_firmware(&dev, &img));
        } else if (!strcmp(cmd, "fwcrc")) {
            printf("fwcrc %lu %lu", (unsigned long)mccp_crc32(mccp_fw_aes_words, MCCP_FW_AES_WORDS),
                   (unsigned long)MCCP_FW_AES_CRC);
        } else if (!strcmp(cmd, "crc")) {
            long n = bytes(&s, a), i;
            static uint32_t w[MAX_BYTES / 4];
            for (i = 0; i + 3 < n; i += 4)
                w[i / 4] = (uint32_t)a[i] << 24 | (uint32_t)a[i + 1] << 16 | (uint32_t)a[i + 2] << 8 | a[i + 3];
            printf("crc %lu", (unsigned long)mccp_crc32(w, (size_t)(n < 0 ? 0 : n / 4)));
        } else if (!strcmp(cmd, "key")) {
            long slot = num(&s), n = bytes(&s, a);
            printf("key %d", mccp_load_key(&dev, (unsigned)slot, a, (size_t)(n < 0 ? 0 : n)));
        } else if (!strcmp(cmd, "zero")) {
            printf("zero %d", mccp_zeroize(&dev, (unsigned)num(&s)));
        } else if (!strcmp(cmd, "zeroall")) {
            printf("zero %d", mccp_zeroize_all(&dev));
        } else if (!strcmp(cmd, "chan") || !strcmp(cmd, "chanat")) {
            mccp_channel ch;
            long index = !strcmp(cmd, "chanat") ? num(&s) : -1;
            long mode = num(&s), slot = num(&s), tag = num(&s), nonce = num(&s);
            int r = index < 0 ? mccp_channel_open(&dev, &ch, (unsigned)mode, (unsigned)slot, (unsigned)tag,
                                                  (unsigned)nonce)
                              : mccp_channel_open_at(&dev, &ch, (unsigned)index, (unsigned)mode, (unsigned)slot,
                                                     (unsigned)tag, (unsigned)nonce);
            if (r == MCCP_OK) chans[ch.index] = ch;
            printf("chan %d %d", r, r == MCCP_OK ? (int)ch.index : -1);
        } else if (!strcmp(cmd, "close")) {
            printf("close %d", mccp_channel_close(&dev, chan(num(&s))));
        } else if (!strcmp(cmd, "seal")) {
            mccp_channel *ch = chan(num(&s));
            long nn = bytes(&s, a), na = bytes(&s, b), np = bytes(&s, c);
            int r;
            (void)nn;
            memset(tags[0], 0, 16);
            r = mccp_gcm_seal(&dev, ch, a, b, (size_t)na, c, (size_t)np, d, tags[0]);
            printf("seal %d", r);
            hex(d, r ? 0 : (size_t)np);
            hex(tags[0], r ? 0 : ch->tag_len);
        } else if (!strcmp(cmd, "gopen")) {
            mccp_channel *ch = chan(num(&s));
            long nn = bytes(&s, a), na = bytes(&s, b), nc = bytes(&s, c), i;
            int r, untouched = 1;
            (void)nn;
            bytes(&s, e);
            memset(d, FILL, (size_t)nc + 16);
            r = mccp_gcm_open(&dev, ch, a, b, (size_t)na, c, (size_t)nc, e, d);
            for (i = 0; i < nc + 16; ++i) untouched &= d[i] == FILL;
            printf("gopen %d", r);
            hex(d, r ? 0 : (size_t)nc);
            printf(" %d", untouched);
        } else if (!strcmp(cmd, "cipher")) {
            mccp_channel *ch = chan(num(&s));
            long op = num(&s), nn = bytes(&s, a), ni = bytes(&s, c);
            int r;
            (void)nn;
            r = mccp_cipher(&dev, ch, (unsigned)op, a, c, (size_t)ni, d);
            printf("cipher %d", r);
            hex(d, r ? 0 : (size_t)ni);
        } else if (!strcmp(cmd, "submit")) {
            static uint8_t nonces[16][1024], aads[16][MAX_BYTES], ins[16][MAX_BYTES], tagin[16][16];
            mccp_req q;
            mccp_channel *ch = chan(num(&s));
            long op = num(&s), user = num(&s) & 15, nt;
            memset(&q, 0, sizeof q);
            q.op = (unsigned)op;
            bytes(&s, nonces[user]);
            q.nonce = nonces[user];
            q.aad_len = (size_t)bytes(&s, aads[user]);
            q.aad = aads[user];
            q.len = (size_t)bytes(&s, ins[user]);
            q.in = ins[user];
            nt = bytes(&s, tagin[user]);
            q.tag = nt > 0 ? tagin[user] : NULL;
            memset(outs[user], FILL, sizeof outs[user]);
            memset(tags[user], FILL, sizeof tags[user]);
            q.out = outs[user];
            q.tag_out = tags[user];
            q.user = (uintptr_t)user;
            sub_tag_len[user] = ch->mode == MCCP_MODE_GCM && op == MCCP_OP_ENCRYPT ? ch->tag_len : 0u;
            printf("submit %d", mccp_submit(&dev, ch, &q));
        } else if (!strcmp(cmd, "complete")) {
            mccp_completion cpl;
            int r;
            memset(&cpl, 0, sizeof cpl);
            r = mccp_complete(&dev, &cpl);
            printf("complete %d %lu %d %u %u", r, (unsigned long)cpl.user, cpl.result, cpl.dev_status, cpl.core);
            if (r == MCCP_OK && cpl.result == MCCP_OK) {
                hex(outs[cpl.user & 15], cpl.len);
                hex(tags[cpl.user & 15], sub_tag_len[cpl.user & 15]);
            } else {
                printf(" - -");
            }
        } else if (!strcmp(cmd, "rd")) {
            uint32_t v = 0;
            int r = mccp_reg_read(&dev, (uint32_t)num(&s), &v);
            printf("rd %d %lu", r, (unsigned long)v);
        } else if (!strcmp(cmd, "wr")) {
            long off = num(&s);
            char *t = next_tok(&s);
            printf("wr %d", mccp_reg_write(&dev, (uint32_t)off, t ? (uint32_t)strtoul(t, NULL, 0) : 0u));
        } else if (!strcmp(cmd, "strerror")) {
            printf("strerror %s", mccp_strerror((int)num(&s)));
        } else if (!strcmp(cmd, "cycles")) {
            printf("cycles %llu", (unsigned long long)mccp_host_cycles(&host));
        } else {
            printf("unknown %s", cmd);
        }
        putchar('\n');
        fflush(stdout);
    }
    mccp_host_close(&host);
    return 0;
}
