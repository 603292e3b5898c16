/* libmccp: the portable part of the MCCP driver (see mccp.h).  Freestanding C99: no libc.
 *
 * The register sequences follow the Python device API (src/mccp/device/api.py: _load_image,
 * load_key, zeroize, open_channel) and the packet layout src/mccp/device/packets.py
 * (build_packet, parse_output); docs/fabric.md and docs/registers.md describe both.
 */
#include "mccp.h"

#define WORD 16u
#define POLL_WAIT 16u          /* cycles between two polls of a register */
#define RECV_WAIT 64u          /* cycles between two polls of the output stream */
#define DEFAULT_POLL_LIMIT 20000u
#define FW_MAX_WORDS 1024u     /* FW_LEN.LEN: 1 .. 1024 */

static size_t words_of(size_t n) { return (n + WORD - 1u) / WORD; }

static void zero(void *p, size_t n) {
    volatile uint8_t *b = (volatile uint8_t *)p;   /* volatile: not turned into a memset call */
    while (n--) *b++ = 0;
}

static void copy(uint8_t *dst, const uint8_t *src, size_t n) {
    size_t i;
    for (i = 0; i < n; ++i) dst[i] = src[i];
}

static void put_be(uint8_t *p, uint32_t v, unsigned bytes) {
    while (bytes--) {
        p[bytes] = (uint8_t)v;
        v >>= 8;
    }
}

static uint32_t get_be(const uint8_t *p, unsigned bytes) {
    uint32_t v = 0;
    unsigned i;
    for (i = 0; i < bytes; ++i) v = (v << 8) | p[i];
    return v;
}

#define FIELD(reg_field, v) (((uint32_t)(v) << MCCP_##reg_field##_LSB) & MCCP_##reg_field##_MASK)
#define GET(reg_field, w) (((uint32_t)(w) & MCCP_##reg_field##_MASK) >> MCCP_##reg_field##_LSB)

const char *mccp_strerror(int err) {
    switch (err) {
    case MCCP_OK: return "success";
    case MCCP_EINVAL: return "invalid argument";
    case MCCP_EBUS: return "register access failed on the bus";
    case MCCP_ESLVERR: return "register write refused by the device (SLVERR)";
    case MCCP_EID: return "ID register does not read 'MCCP'";
    case MCCP_ECONFIG: return "device configuration not usable by this driver";
    case MCCP_ETIMEOUT: return "device did not answer in time";
    case MCCP_ESLOT: return "key slot out of range";
    case MCCP_EKEYLEN: return "bad key length, or no key loaded in the slot";
    case MCCP_ECHANNEL: return "channel out of range, not open, or none free";
    case MCCP_ETOOBIG: return "request does not fit the core's buffers";
    case MCCP_EFULL: return "too many requests outstanding";
    case MCCP_EAUTH: return "authentication failed: tag mismatch";
    case MCCP_EKEY: return "device: key slot empty or of another size (KEY_ERROR)";
    case MCCP_ENOCHAN: return "device: unknown or disabled channel (NO_CHANNEL)";
    case MCCP_ENOCORE: return "device: no core has firmware for this function (NO_CORE)";
    case MCCP_EREJECTED: return "device: request rejected (bad header, parameter or length)";
    case MCCP_EABORTED: return "device: task ended by the watchdog or the host";
    case MCCP_EDEVICE: return "device: error status";
    case MCCP_EPROTO: return "malformed or unexpected output packet";
    case MCCP_ECRC: return "firmware image does not match its CRC-32";
    case MCCP_EFIRMWARE: return "device refused the firmware image";
    case MCCP_EAGAIN: return "no output packet yet";
    case MCCP_ENOSPC: return "output packet larger than the buffer";
    case MCCP_EIDLE: return "no request outstanding";
    default: return "unknown error";
    }
}

int mccp_status_error(unsigned status) {
    switch (status) {
    case MCCP_STATUS_OK: return MCCP_OK;
    case MCCP_STATUS_AUTH_FAIL: return MCCP_EAUTH;
    case MCCP_STATUS_KEY_ERROR: return MCCP_EKEY;
    case MCCP_STATUS_NO_CHANNEL: return MCCP_ENOCHAN;
    case MCCP_STATUS_NO_CORE: return MCCP_ENOCORE;
    case MCCP_STATUS_BAD_HEADER:
    case MCCP_STATUS_BAD_PARAM:
    case MCCP_STATUS_LENGTH:
    case MCCP_STATUS_TRUNCATED:
    case MCCP_STATUS_OVERSIZE: return MCCP_EREJECTED;
    case MCCP_STATUS_TIMEOUT:
    case MCCP_STATUS_ABORTED: return MCCP_EABORTED;
    default: return MCCP_EDEVICE;
    }
}

/* ---- registers --------------------------------------------------------------------------- */
int mccp_reg_read(mccp_dev *dev, uint32_t off, uint32_t *value) {
    return dev->plat->reg_read(dev->plat->ctx, off, value);
}

int mccp_reg_write(mccp_dev *dev, uint32_t off, uint32_t value) {
    return dev->plat->reg_write(dev->plat->ctx, off, value);
}

static void let_time_pass(mccp_dev *dev, uint32_t cycles) {
    if (dev->plat->wait) dev->plat->wait(dev->plat->ctx, cycles);
}

/* Poll `off` until (value & mask) == want. */
static int poll_reg(mccp_dev *dev, uint32_t off, uint32_t mask, uint32_t want) {
    uint32_t i, v;
    for (i = 0; i < dev->poll_limit; ++i) {
        int r = mccp_reg_read(dev, off, &v);
        if (r) return r;
        if ((v & mask) == want) return MCCP_OK;
        let_time_pass(dev, POLL_WAIT);
    }
    return MCCP_ETIMEOUT;
}

int mccp_init(mccp_dev *dev, const mccp_platform *plat) {
    uint32_t id, c2;
    int r;
    if (!dev || !plat || !plat->reg_read || !plat->reg_write || !plat->send || !plat->recv) return MCCP_EINVAL;
    zero(dev, sizeof *dev);
    dev->plat = plat;
    dev->poll_limit = DEFAULT_POLL_LIMIT;
    dev->next_seq = 1;
    if ((r = mccp_reg_read(dev, MCCP_ID, &id)) != 0) return r;
    if (id != MCCP_ID_VALUE) return MCCP_EID;
    if ((r = mccp_reg_read(dev, MCCP_CONFIG0, &dev->config0)) != 0) return r;
    if ((r = mccp_reg_read(dev, MCCP_CONFIG1, &dev->config1)) != 0) return r;
    if ((r = mccp_reg_read(dev, MCCP_CONFIG2, &c2)) != 0) return r;
    dev->cores = GET(CONFIG0_NUM_CORES, dev->config0);
    dev->slots = dev->cores + GET(CONFIG0_NUM_EC, dev->config0) + GET(CONFIG0_NUM_ARX, dev->config0) +
                 GET(CONFIG2_NUM_UGRID, c2) + GET(CONFIG0_NUM_RNG, dev->config0);
    dev->key_slots = GET(CONFIG0_KEY_SLOTS, dev->config0);
    dev->channels = GET(CONFIG1_CHANNELS, dev->config1);
    dev->buf_words = GET(CONFIG1_BUF_WORDS, dev->config1);
    if (dev->cores < 1 || dev->slots > 16 || dev->key_slots < 1 || dev->key_slots > MCCP_MAX_KEY_SLOTS ||
        dev->channels < 1 || dev->channels > MCCP_MAX_CHANNELS || dev->buf_words < 8 + 16)
        return MCCP_ECONFIG;
    return MCCP_OK;
}

/* ---- firmware ---------------------------------------------------------------------------- */
uint32_t mccp_crc32(const uint32_t *words, size_t n) {
    uint32_t crc = 0xFFFFFFFFu;
    size_t i;
    for (i = 0; i < n; ++i) {
        unsigned b, k;
        for (b = 0; b < 4; ++b) {               /* little endian: the low byte first */
            crc ^= (words[i] >> (8 * b)) & 0xFFu;
            for (k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
        }
    }
    return crc ^ 0xFFFFFFFFu;
}

static int fw_write(mccp_dev *dev, uint32_t off, uint32_t value) {
    int r = mccp_reg_write(dev, off, value);
    return r == MCCP_ESLVERR ? MCCP_EFIRMWARE : r;
}

int mccp_load_firmware_mask(mccp_dev *dev, uint32_t mask, const mccp_fw_image *image) {
    uint32_t enable, all;
    size_t i;
    int r;
    if (!dev || !image || !image->words || image->n_words < 1 || image->n_words > FW_MAX_WORDS ||
        (image->n_entries && !image->entries))
        return MCCP_EINVAL;
    all = (dev->slots >= 32 ? 0xFFFFFFFFu : (1u << dev->slots) - 1u);
    if (!mask || (mask & ~all)) return MCCP_EINVAL;
    if (mccp_crc32(image->words, image->n_words) != image->crc) return MCCP_ECRC;
    for (i = 0; i < image->n_entries; ++i)
        if (image->entries[i].addr >= image->n_words) return MCCP_EINVAL;
    if ((r = mccp_reg_read(dev, MCCP_CORE_ENABLE, &enable)) != 0) return r;
    if ((r = mccp_reg_write(dev, MCCP_CORE_ENABLE, enable & ~mask)) != 0) return r;
    if ((r = poll_reg(dev, MCCP_CORE_IDLE, mask, mask)) != 0) return r;
    if ((r = mccp_reg_write(dev, MCCP_FW_CORES, mask)) != 0) return r;
    if ((r = fw_write(dev, MCCP_FW_LEN, FIELD(FW_LEN_LEN, image->n_words))) != 0) return r;
    if ((r = poll_reg(dev, MCCP_FW_LEN, MCCP_FW_LEN_BUSY_MASK, 0)) != 0) return r;
    for (i = 0; i < image->n_words; ++i)
        if ((r = fw_write(dev, MCCP_FW_DATA, image->words[i])) != 0) return r;
    if ((r = fw_write(dev, MCCP_FW_CHECK, image->crc)) != 0) return r;
    for (i = 0; i < image->n_entries; ++i) {
        const mccp_fw_entry *e = &image->entries[i];
        uint32_t v = FIELD(FW_ENTRY_FUNC, e->func) | FIELD(FW_ENTRY_ADDR, e->addr) |
                     FIELD(FW_ENTRY_VALID, e->valid ? 1u : 0u);
        if ((r = fw_write(dev, MCCP_FW_ENTRY, v)) != 0) return r;
    }
    return mccp_reg_write(dev, MCCP_CORE_ENABLE, (enable | mask) & all);
}

int mccp_load_firmware(mccp_dev *dev, const mccp_fw_image *image) {
    if (!dev) return MCCP_EINVAL;
    return mccp_load_firmware_mask(dev, (1u << dev->cores) - 1u, image);
}

/* ---- keys -------------------------------------------------------------------------------- */
static int key_ready(mccp_dev *dev, int retired) {
    uint32_t mask = MCCP_KEY_CMD_BUSY_MASK | (retired ? MCCP_KEY_CMD_RETIRING_MASK : 0u);
    return poll_reg(dev, MCCP_KEY_CMD, mask, 0);
}

static int key_code(size_t len, uint32_t *code) {
    switch (len) {
    case MCCP_KEY_SIZE_K128_BYTES: *code = MCCP_KEY_SIZE_K128; return MCCP_OK;
    case MCCP_KEY_SIZE_K192_BYTES: *code = MCCP_KEY_SIZE_K192; return MCCP_OK;
    case MCCP_KEY_SIZE_K256_BYTES: *code = MCCP_KEY_SIZE_K256; return MCCP_OK;
    default: return MCCP_EKEYLEN;
    }
}

int mccp_load_key(mccp_dev *dev, unsigned slot, const uint8_t *key, size_t len) {
    uint32_t code;
    size_t i;
    int r;
    if (!dev || !key) return MCCP_EINVAL;
    if (slot >= dev->key_slots) return MCCP_ESLOT;
    if (key_code(len, &code)) return MCCP_EKEYLEN;
    if ((r = key_ready(dev, 0)) != 0) return r;
    dev->key_bytes[slot] = 0;
    if ((r = mccp_reg_write(dev, MCCP_KEY_SEL, FIELD(KEY_SEL_SLOT, slot))) != 0) return r;
    for (i = 0; i < len / 4; ++i)
        if ((r = mccp_reg_write(dev, MCCP_KEY_DATA + (uint32_t)i * MCCP_KEY_DATA_STRIDE, get_be(key + 4 * i, 4))) != 0)
            return r;
    if ((r = mccp_reg_write(dev, MCCP_KEY_CMD, FIELD(KEY_CMD_OP, 1u) | FIELD(KEY_CMD_LEN, code))) != 0) return r;
    if ((r = key_ready(dev, 1)) != 0) return r;
    dev->key_bytes[slot] = (uint8_t)len;
    return MCCP_OK;
}

int mccp_zeroize(mccp_dev *dev, unsigned slot) {
    int r;
    if (!dev) return MCCP_EINVAL;
    if (slot >= dev->key_slots) return MCCP_ESLOT;
    if ((r = key_ready(dev, 0)) != 0) return r;
    if ((r = mccp_reg_write(dev, MCCP_KEY_SEL, FIELD(KEY_SEL_SLOT, slot))) != 0) return r;
    if ((r = mccp_reg_write(dev, MCCP_KEY_CMD, FIELD(KEY_CMD_OP, 2u))) != 0) return r;
    dev->key_bytes[slot] = 0;
    return key_ready(dev, 1);
}

int mccp_zeroize_all(mccp_dev *dev) {
    unsigned i;
    int r;
    if (!dev) return MCCP_EINVAL;
    if ((r = key_ready(dev, 0)) != 0) return r;
    if ((r = mccp_reg_write(dev, MCCP_KEY_CMD, FIELD(KEY_CMD_OP, 3u))) != 0) return r;
    for (i = 0; i < MCCP_MAX_KEY_SLOTS; ++i) dev->key_bytes[i] = 0;
    return key_ready(dev, 1);
}

/* ---- channels ---------------------------------------------------------------------------- */
static int chan_is_open(const mccp_dev *dev, unsigned index) {
    return index < dev->channels && (dev->chan_open[index / 8] >> (index % 8)) & 1u;
}

static int gcm_tag_ok(unsigned t) { return t == 4 || t == 8 || (t >= 12 && t <= 16); }

static int write_channel(mccp_dev *dev, const mccp_channel *ch, int enable) {
    uint32_t code, cfg0;
    int r;
    if (key_code(ch->key_len, &code)) return MCCP_EKEYLEN;
    cfg0 = FIELD(CHAN_CFG0_MODE, ch->mode) | FIELD(CHAN_CFG0_ENABLE, enable ? 1u : 0u) |
           FIELD(CHAN_CFG0_TAG_LEN, ch->tag_len) | FIELD(CHAN_CFG0_ORDERED, 1u) | FIELD(CHAN_CFG0_AFFINITY, 1u) |
           FIELD(CHAN_CFG0_KEY_SLOT, ch->key_slot) | FIELD(CHAN_CFG0_KEY_LEN, code) |
           FIELD(CHAN_CFG0_KIND, MCCP_KIND_AES);
    if ((r = mccp_reg_write(dev, MCCP_CHAN_SEL, FIELD(CHAN_SEL_INDEX, ch->index))) != 0) return r;
    if ((r = mccp_reg_write(dev, MCCP_CHAN_CFG1, FIELD(CHAN_CFG1_NONCE_LEN, ch->nonce_len))) != 0) return r;
    return mccp_reg_write(dev, MCCP_CHAN_CFG0, cfg0);
}

int mccp_channel_open_at(mccp_dev *dev, mccp_channel *ch, unsigned index, unsigned mode, unsigned key_slot,
                         unsigned tag_len, unsigned nonce_len) {
    mccp_channel c;
    int r;
    if (!dev || !ch) return MCCP_EINVAL;
    if (index >= dev->channels || chan_is_open(dev, index)) return MCCP_ECHANNEL;
    if (key_slot >= dev->key_slots) return MCCP_ESLOT;
    if (!dev->key_bytes[key_slot]) return MCCP_EKEYLEN;
    switch (mode) {
    case MCCP_MODE_GCM:
        if (!tag_len) tag_len = 16;
        if (!nonce_len) nonce_len = 12;
        if (!gcm_tag_ok(tag_len) || nonce_len > 1023) return MCCP_EINVAL;
        break;
    case MCCP_MODE_CBC:
    case MCCP_MODE_CTR:
        if (!nonce_len) nonce_len = 16;
        if (tag_len || nonce_len != 16) return MCCP_EINVAL;
        break;
    case MCCP_MODE_ECB:
        if (tag_len || nonce_len) return MCCP_EINVAL;
        break;
    default: return MCCP_EINVAL;
    }
    c.index = (uint16_t)index;
    c.mode = (uint8_t)mode;
    c.key_slot = (uint8_t)key_slot;
    c.key_len = dev->key_bytes[key_slot];
    c.tag_len = (uint8_t)tag_len;
    c.nonce_len = (uint16_t)nonce_len;
    if ((r = write_channel(dev, &c, 1)) != 0) return r;
    dev->chan_open[index / 8] |= (uint8_t)(1u << (index % 8));
    *ch = c;
    return MCCP_OK;
}

int mccp_channel_open(mccp_dev *dev, mccp_channel *ch, unsigned mode, unsigned key_slot, unsigned tag_len,
                      unsigned nonce_len) {
    unsigned i;
    if (!dev) return MCCP_EINVAL;
    for (i = 0; i < dev->channels; ++i)
        if (!chan_is_open(dev, i)) return mccp_channel_open_at(dev, ch, i, mode, key_slot, tag_len, nonce_len);
    return MCCP_ECHANNEL;
}

int mccp_channel_close(mccp_dev *dev, mccp_channel *ch) {
    int r;
    if (!dev || !ch) return MCCP_EINVAL;
    if (!chan_is_open(dev, ch->index)) return MCCP_ECHANNEL;
    if ((r = write_channel(dev, ch, 0)) != 0) return r;
    dev->chan_open[ch->index / 8] &= (uint8_t)~(1u << (ch->index % 8));
    return MCCP_OK;
}

/* ---- packets ----------------------------------------------------------------------------- */
static int is_block_mode(unsigned mode) { return mode == MCCP_MODE_ECB || mode == MCCP_MODE_CBC; }

/* Tag bytes an output carries / an input carries for this request. */
static unsigned tag_out_len(const mccp_channel *ch, unsigned op) {
    return ch->mode == MCCP_MODE_GCM && op == MCCP_OP_ENCRYPT ? ch->tag_len : 0u;
}
static unsigned tag_in_len(const mccp_channel *ch, unsigned op) {
    return ch->mode == MCCP_MODE_GCM && op == MCCP_OP_DECRYPT ? ch->tag_len : 0u;
}

/* The request's own consistency (no device limits). */
static int check_req(const mccp_channel *ch, const mccp_req *req) {
    if (!ch || !req) return MCCP_EINVAL;
    if (req->op != MCCP_OP_ENCRYPT && req->op != MCCP_OP_DECRYPT) return MCCP_EINVAL;
    if (ch->nonce_len && !req->nonce) return MCCP_EINVAL;
    if (req->aad_len && (ch->mode != MCCP_MODE_GCM || !req->aad)) return MCCP_EINVAL;
    if (req->len && (!req->in || !req->out)) return MCCP_EINVAL;
    if (is_block_mode(ch->mode) && req->len % WORD) return MCCP_EINVAL;
    if (tag_in_len(ch, req->op) && !req->tag) return MCCP_EINVAL;
    if (tag_out_len(ch, req->op) && !req->tag_out) return MCCP_EINVAL;
    if (req->len > 0xFFFFu || req->aad_len > 0xFFFFu) return MCCP_ETOOBIG;
    return MCCP_OK;
}

int mccp_build_packet(const mccp_channel *ch, const mccp_req *req, uint32_t seq, uint8_t *pkt, size_t cap) {
    const uint8_t *src[4];
    size_t n[4], total = WORD, pad;
    uint8_t *p;
    int k, last = -1;
    int r = check_req(ch, req);
    if (r) return r;
    if (!pkt) return MCCP_EINVAL;
    /* input fields in order: nonce, AAD, payload, tag (docs/fabric.md "Input packet") */
    src[0] = req->nonce; n[0] = ch->nonce_len;
    src[1] = req->aad;   n[1] = req->aad_len;
    src[2] = req->in;    n[2] = req->len;
    src[3] = req->tag;   n[3] = tag_in_len(ch, req->op);
    for (k = 0; k < 4; ++k) {
        if (n[k]) last = k;
        total += words_of(n[k]) * WORD;
    }
    /* the packet ends at the last byte of its last field: that one is not padded */
    if (last >= 0) total -= words_of(n[last]) * WORD - n[last];
    if (total > cap || total > 0x7FFFFFFFu) return MCCP_ETOOBIG;
    zero(pkt, WORD);
    pkt[MCCP_HDR_IN_MAGIC_BYTE] = MCCP_HDR_IN_MAGIC;
    put_be(pkt + MCCP_HDR_IN_OP_BYTE, req->op, MCCP_HDR_IN_OP_BYTES);
    put_be(pkt + MCCP_HDR_IN_CHANNEL_BYTE, ch->index, MCCP_HDR_IN_CHANNEL_BYTES);
    put_be(pkt + MCCP_HDR_IN_SEQ_BYTE, seq, MCCP_HDR_IN_SEQ_BYTES);
    put_be(pkt + MCCP_HDR_IN_PAYLOAD_LEN_BYTE, (uint32_t)n[2], MCCP_HDR_IN_PAYLOAD_LEN_BYTES);
    put_be(pkt + MCCP_HDR_IN_AAD_LEN_BYTE, (uint32_t)n[1], MCCP_HDR_IN_AAD_LEN_BYTES);
    put_be(pkt + MCCP_HDR_IN_NONCE_LEN_BYTE, (uint32_t)n[0], MCCP_HDR_IN_NONCE_LEN_BYTES);
    put_be(pkt + MCCP_HDR_IN_TAG_LEN_BYTE, (uint32_t)n[3], MCCP_HDR_IN_TAG_LEN_BYTES);
    p = pkt + WORD;
    for (k = 0; k < 4; ++k) {
        if (!n[k]) continue;
        copy(p, src[k], n[k]);
        p += n[k];
        if (k != last) {
            pad = words_of(n[k]) * WORD - n[k];
            zero(p, pad);
            p += pad;
        }
    }
    return (int)total;
}

int mccp_parse_output(const uint8_t *pkt, size_t len, mccp_out_header *h) {
    if (!pkt || !h) return MCCP_EINVAL;
    if (len < WORD) return MCCP_EPROTO;
    if (pkt[MCCP_HDR_OUT_MAGIC_BYTE] != MCCP_HDR_OUT_MAGIC) return MCCP_EPROTO;
    h->status = get_be(pkt + MCCP_HDR_OUT_STATUS_BYTE, MCCP_HDR_OUT_STATUS_BYTES);
    h->channel = get_be(pkt + MCCP_HDR_OUT_CHANNEL_BYTE, MCCP_HDR_OUT_CHANNEL_BYTES);
    h->seq = get_be(pkt + MCCP_HDR_OUT_SEQ_BYTE, MCCP_HDR_OUT_SEQ_BYTES);
    h->out_len = get_be(pkt + MCCP_HDR_OUT_OUT_LEN_BYTE, MCCP_HDR_OUT_OUT_LEN_BYTES);
    h->core = get_be(pkt + MCCP_HDR_OUT_CORE_BYTE, MCCP_HDR_OUT_CORE_BYTES);
    h->start_cycle = get_be(pkt + MCCP_HDR_OUT_START_CYCLE_BYTE, MCCP_HDR_OUT_START_CYCLE_BYTES);
    h->body = pkt + WORD;
    h->body_len = len - WORD;
    if ((len % WORD) && h->out_len == 0) return MCCP_EPROTO;   /* only data may end inside a word */
    if (h->out_len > h->body_len) return MCCP_EPROTO;
    if (h->status != MCCP_STATUS_OK && (h->out_len || h->body_len)) return MCCP_EPROTO;
    return MCCP_OK;
}

/* ---- requests ---------------------------------------------------------------------------- */
unsigned mccp_pending_count(const mccp_dev *dev) { return dev ? dev->pending : 0u; }

int mccp_submit(mccp_dev *dev, const mccp_channel *ch, const mccp_req *req) {
    size_t buf_bytes, in_words, out_words;
    mccp_pending *slot = 0;
    unsigned i;
    int n, r;
    if (!dev) return MCCP_EINVAL;
    if ((r = check_req(ch, req)) != 0) return r;
    if (!chan_is_open(dev, ch->index)) return MCCP_ECHANNEL;
    /* the core's buffers: input BufBytes/16 + 8 words, output BufBytes/16 + 2 (docs/fabric.md) */
    buf_bytes = (dev->buf_words - 8u) * WORD;
    in_words = words_of(ch->nonce_len) + words_of(req->aad_len) + words_of(req->len) +
               words_of(tag_in_len(ch, req->op));
    out_words = words_of(req->len) + words_of(tag_out_len(ch, req->op));
    if (req->len > buf_bytes || in_words > dev->buf_words || out_words > dev->buf_words - 6u ||
        WORD * (1u + out_words) > sizeof dev->buf)
        return MCCP_ETOOBIG;
    for (i = 0; i < MCCP_MAX_PENDING; ++i)
        if (!dev->req[i].seq) { slot = &dev->req[i]; break; }
    if (!slot) return MCCP_EFULL;
    for (;;) {                          /* a sequence number not in use (never 0) */
        uint32_t s = dev->next_seq;
        int used = 0;
        dev->next_seq = dev->next_seq + 1u ? dev->next_seq + 1u : 1u;
        for (i = 0; i < MCCP_MAX_PENDING; ++i) used |= dev->req[i].seq == s;
        if (!used) { slot->seq = s; break; }
    }
    n = mccp_build_packet(ch, req, slot->seq, dev->buf, sizeof dev->buf);
    if (n < 0) { slot->seq = 0; return n; }
    if ((r = dev->plat->send(dev->plat->ctx, dev->buf, (size_t)n)) != 0) { slot->seq = 0; return r; }
    slot->channel = ch->index;
    slot->op = (uint8_t)req->op;
    slot->tag_len = (uint8_t)tag_out_len(ch, req->op);
    slot->len = (uint32_t)req->len;
    slot->out = req->out;
    slot->tag_out = req->tag_out;
    slot->user = req->user;
    dev->pending++;
    return MCCP_OK;
}

int mccp_complete(mccp_dev *dev, mccp_completion *c) {
    mccp_out_header h;
    mccp_pending *p = 0;
    size_t len = 0;
    uint32_t i;
    int r = MCCP_EAGAIN;
    if (!dev || !c) return MCCP_EINVAL;
    if (!dev->pending) return MCCP_EIDLE;
    for (i = 0; i < dev->poll_limit; ++i) {
        r = dev->plat->recv(dev->plat->ctx, dev->buf, sizeof dev->buf, &len);
        if (r != MCCP_EAGAIN) break;
        let_time_pass(dev, RECV_WAIT);
    }
    if (r == MCCP_EAGAIN) return MCCP_ETIMEOUT;
    if (r) return r;
    if ((r = mccp_parse_output(dev->buf, len, &h)) != 0) return r;
    for (i = 0; i < MCCP_MAX_PENDING; ++i)
        if (h.seq && dev->req[i].seq == h.seq) { p = &dev->req[i]; break; }
    if (!p || p->channel != h.channel) return MCCP_EPROTO;
    c->user = p->user;
    c->dev_status = h.status;
    c->channel = h.channel;
    c->core = h.core;
    c->start_cycle = h.start_cycle;
    c->len = 0;
    c->result = mccp_status_error(h.status);
    if (h.status == MCCP_STATUS_OK) {
        size_t tag_at = words_of(p->len) * WORD;
        if (h.out_len != (size_t)p->len + p->tag_len || (p->tag_len && h.body_len < tag_at + p->tag_len)) {
            c->result = MCCP_EPROTO;
        } else {
            copy(p->out, h.body, p->len);
            if (p->tag_len) copy(p->tag_out, h.body + tag_at, p->tag_len);
            c->len = p->len;
        }
    }
    zero(p, sizeof *p);
    dev->pending--;
    return MCCP_OK;
}

/* ---- blocking calls ---------------------------------------------------------------------- */
int mccp_run(mccp_dev *dev, const mccp_channel *ch, const mccp_req *req) {
    mccp_completion c;
    int r;
    if (!dev) return MCCP_EINVAL;
    if (dev->pending) return MCCP_EINVAL;
    if ((r = mccp_submit(dev, ch, req)) != 0) return r;
    if ((r = mccp_complete(dev, &c)) != 0) return r;
    return c.result;
}

int mccp_gcm_seal(mccp_dev *dev, const mccp_channel *ch, const uint8_t *nonce, const uint8_t *aad, size_t aad_len,
                  const uint8_t *pt, size_t len, uint8_t *ct, uint8_t *tag) {
    mccp_req q;
    if (!ch || ch->mode != MCCP_MODE_GCM) return MCCP_EINVAL;
    zero(&q, sizeof q);
    q.op = MCCP_OP_ENCRYPT;
    q.nonce = nonce;
    q.aad = aad;
    q.aad_len = aad_len;
    q.in = pt;
    q.len = len;
    q.out = ct;
    q.tag_out = tag;
    return mccp_run(dev, ch, &q);
}

int mccp_gcm_open(mccp_dev *dev, const mccp_channel *ch, const uint8_t *nonce, const uint8_t *aad, size_t aad_len,
                  const uint8_t *ct, size_t len, const uint8_t *tag, uint8_t *pt) {
    mccp_req q;
    if (!ch || ch->mode != MCCP_MODE_GCM) return MCCP_EINVAL;
    zero(&q, sizeof q);
    q.op = MCCP_OP_DECRYPT;
    q.nonce = nonce;
    q.aad = aad;
    q.aad_len = aad_len;
    q.in = ct;
    q.len = len;
    q.tag = tag;
    q.out = pt;
    return mccp_run(dev, ch, &q);
}

int mccp_cipher(mccp_dev *dev, const mccp_channel *ch, unsigned op, const uint8_t *nonce, const uint8_t *in,
                size_t len, uint8_t *out) {
    mccp_req q;
    if (!ch || ch->mode == MCCP_MODE_GCM) return MCCP_EINVAL;
    zero(&q, sizeof q);
    q.op = op;
    q.nonce = nonce;
    q.in = in;
    q.len = len;
    q.out = out;
    return mccp_run(dev, ch, &q);
}
