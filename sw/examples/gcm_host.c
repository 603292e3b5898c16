/* AES-128-GCM through libmccp on the host's simulated MCCP: init, firmware, key, a GCM channel,
 * seal a few messages (ciphertext and tag in hex), open them again, and a tampered tag
 * refused with MCCP_EAUTH.  Only mccp.h is used for the device; mccp_host.h opens the
 * simulated one.  Build and run:  python -m mccp.soc.libmccp sw/examples/gcm_host.c */
#include <stdio.h>
#include <string.h>

#include "mccp.h"
#include "mccp_fw_aes.h"
#include "mccp_host.h"

static void hex(const char *label, const uint8_t *p, size_t n) {
    size_t i;
    printf("%s", label);
    for (i = 0; i < n; ++i) printf("%02x", p[i]);
    printf("\n");
}

#define CHECK(call)                                                                        \
    do {                                                                                   \
        int r_ = (call);                                                                   \
        if (r_ != MCCP_OK) {                                                               \
            printf("%s: %s (%d)\n", #call, mccp_strerror(r_), r_);                         \
            return 1;                                                                      \
        }                                                                                  \
    } while (0)

int main(void) {
    static const uint8_t key[16] = {0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
                                    0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f};
    static const char *messages[] = {"", "hello, MCCP", "a secure copy of a file, one record at a time"};
    static const uint8_t aad[12] = {0, 0, 0, 11, 0, 0, 0, 0, 0, 0, 0, 1};
    static mccp_dev dev;
    mccp_host host;
    mccp_platform plat;
    mccp_channel ch;
    uint8_t nonce[12] = {0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 0, 0, 0, 0, 0};
    uint8_t ct[64], pt[64], tag[16];
    size_t i;
    int r;

    CHECK(mccp_host_open(&host, &plat, 1));
    CHECK(mccp_init(&dev, &plat));
    printf("MCCP: %u core(s), %u key slots, %u channels, %u-word buffers\n", dev.cores, dev.key_slots,
           dev.channels, dev.buf_words);
    CHECK(mccp_load_firmware(&dev, &mccp_fw_aes));
    CHECK(mccp_load_key(&dev, 0, key, sizeof key));
    CHECK(mccp_channel_open(&dev, &ch, MCCP_MODE_GCM, 0, 16, 12));
    for (i = 0; i < sizeof messages / sizeof messages[0]; ++i) {
        size_t n = strlen(messages[i]);
        nonce[11] = (uint8_t)i;
        CHECK(mccp_gcm_seal(&dev, &ch, nonce, aad, sizeof aad, (const uint8_t *)messages[i], n, ct, tag));
        printf("message %u: \"%s\"\n", (unsigned)i, messages[i]);
        hex("  ct  ", ct, n);
        hex("  tag ", tag, sizeof tag);
        memset(pt, 0, sizeof pt);
        CHECK(mccp_gcm_open(&dev, &ch, nonce, aad, sizeof aad, ct, n, tag, pt));
        printf("  open: %s\n", memcmp(pt, messages[i], n) == 0 ? "round trip ok" : "MISMATCH");
    }
    tag[0] ^= 0x80;
    memset(pt, 0, sizeof pt);
    r = mccp_gcm_open(&dev, &ch, nonce, aad, sizeof aad, ct, strlen(messages[2]), tag, pt);
    printf("tampered tag: %s (%d)\n", mccp_strerror(r), r);
    printf("%llu cycles\n", (unsigned long long)mccp_host_cycles(&host));
    mccp_host_close(&host);
    return r == MCCP_EAUTH ? 0 : 1;
}
