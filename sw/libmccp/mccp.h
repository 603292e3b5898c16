/* libmccp: the C driver of MCCP's mccp_top (docs/fabric.md, docs/registers.md).
 *
 * Freestanding C99 (only <stdint.h> and <stddef.h>; no malloc, no libc).  The driver talks to
 * the device through a platform (struct mccp_platform): 32-bit register accesses in mccp_top's
 * AXI4-Lite window, and one packet at a time on its input and output streams.  The same driver
 * runs on the host over the Verilator model (host/mccp_host.h) and, with a platform over the
 * SoC's bus and DMA rings, on the RISC-V SoC.
 *
 *     mccp_dev dev;  mccp_channel ch;
 *     mccp_init(&dev, &platform);
 *     mccp_load_firmware(&dev, &image);                 (image: mccp_fw_aes.h, generated)
 *     mccp_load_key(&dev, 0, key, 16);
 *     mccp_channel_open(&dev, &ch, MCCP_MODE_GCM, 0, 16, 12);
 *     mccp_gcm_seal(&dev, &ch, nonce, aad, aad_len, pt, len, ct, tag);
 *     mccp_gcm_open(&dev, &ch, nonce, aad, aad_len, ct, len, tag, pt);   MCCP_EAUTH on a bad tag
 *
 * Every function returns MCCP_OK (0) or a negative MCCP_E* code (mccp_strerror names it).
 * Register constants come from mccp_regs.h, generated from src/mccp/regmap/regs.yml.
 */
#ifndef MCCP_H
#define MCCP_H

#include <stddef.h>
#include <stdint.h>

#include "mccp_regs.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- error codes ------------------------------------------------------------------------ */
#define MCCP_OK 0
#define MCCP_EINVAL -1      /* a bad argument (NULL pointer, length, mode, op, tag or nonce size) */
#define MCCP_EBUS -2        /* a register access failed on the bus (DECERR, no answer) */
#define MCCP_ESLVERR -3     /* the device refused a register write (AXI4-Lite SLVERR) */
#define MCCP_EID -4         /* the ID register does not read MCCP_ID_VALUE: not an MCCP */
#define MCCP_ECONFIG -5     /* CONFIG0/1 describe a device this driver cannot use (no AES core ...) */
#define MCCP_ETIMEOUT -6    /* the device did not get ready / answer within the poll limit */
#define MCCP_ESLOT -7       /* key slot outside 0 .. KEY_SLOTS-1 */
#define MCCP_EKEYLEN -8     /* key length not 16, 24 or 32 bytes, or no key loaded in the slot */
#define MCCP_ECHANNEL -9    /* channel index outside the table, not open, or no free channel */
#define MCCP_ETOOBIG -10    /* the request does not fit the core's buffers (BufBytes) */
#define MCCP_EFULL -11      /* MCCP_MAX_PENDING requests are outstanding */
#define MCCP_EAUTH -12      /* the tag did not verify (device status AUTH_FAIL); no plaintext */
#define MCCP_EKEY -13       /* device status KEY_ERROR: the channel's key slot is empty or of another size */
#define MCCP_ENOCHAN -14    /* device status NO_CHANNEL: the channel is unknown or disabled */
#define MCCP_ENOCORE -15    /* device status NO_CORE: no core has firmware for this function */
#define MCCP_EREJECTED -16  /* device status BAD_HEADER, BAD_PARAM, LENGTH, TRUNCATED, OVERSIZE */
#define MCCP_EABORTED -17   /* device status TIMEOUT or ABORTED: the task was ended */
#define MCCP_EDEVICE -18    /* another non-OK device status (mccp_completion.dev_status has it) */
#define MCCP_EPROTO -19     /* a malformed output packet (magic, lengths, unknown sequence number) */
#define MCCP_ECRC -20       /* the firmware image's words do not match its CRC-32 */
#define MCCP_EFIRMWARE -21  /* the device refused the firmware (FW_LEN, FW_DATA, FW_CHECK or FW_ENTRY) */
#define MCCP_EAGAIN -22     /* platform recv: no output packet yet */
#define MCCP_ENOSPC -23     /* platform recv: the packet is longer than the buffer */
#define MCCP_EIDLE -24      /* mccp_complete with no request outstanding */

const char *mccp_strerror(int err);

/* ---- platform ---------------------------------------------------------------------------- */
typedef struct mccp_platform {
    void *ctx;
    /* 32-bit register read / write at byte offset `off` of mccp_top's AXI4-Lite window:
       MCCP_OK, MCCP_ESLVERR (write refused) or MCCP_EBUS. */
    int (*reg_read)(void *ctx, uint32_t off, uint32_t *value);
    int (*reg_write)(void *ctx, uint32_t off, uint32_t value);
    /* Queue one whole input packet of `len` bytes (byte-accurate, docs/fabric.md "Words and
       beats"); the platform may return before the device has taken it.  MCCP_OK or an error. */
    int (*send)(void *ctx, const uint8_t *pkt, size_t len);
    /* One output packet into buf (cap bytes), its length in *len: MCCP_OK, MCCP_EAGAIN if none
       has arrived (it may wait a while first), MCCP_ENOSPC if it does not fit (not consumed). */
    int (*recv)(void *ctx, uint8_t *buf, size_t cap, size_t *len);
    /* Optional (may be NULL): let about `cycles` device clock cycles pass before polling again. */
    void (*wait)(void *ctx, uint32_t cycles);
} mccp_platform;

/* ---- device ------------------------------------------------------------------------------ */
#ifndef MCCP_MAX_PENDING
#define MCCP_MAX_PENDING 16      /* requests outstanding at once (mccp_submit) */
#endif
#ifndef MCCP_PKT_BYTES
#define MCCP_PKT_BYTES (16u + 16u * (4096u / 16u + 8u))   /* packet buffer: BufBytes up to 4096 */
#endif
#define MCCP_MAX_KEY_SLOTS 32u
#define MCCP_MAX_CHANNELS 256u

typedef struct mccp_pending {
    uint32_t seq;         /* 0: free */
    uint16_t channel;
    uint8_t op;
    uint8_t tag_len;      /* tag bytes expected in the output (encrypt of GCM) */
    uint32_t len;         /* payload bytes */
    uint8_t *out;
    uint8_t *tag_out;
    uintptr_t user;
} mccp_pending;

typedef struct mccp_dev {
    const mccp_platform *plat;
    uint32_t config0, config1;
    unsigned cores;        /* AES cores (slots 0 .. cores-1) */
    unsigned slots;        /* every slot: cores, EC, ARX, grids, the randomness unit */
    unsigned key_slots, channels;
    unsigned buf_words;    /* core input buffer, words (BufBytes/16 + 8) */
    uint32_t poll_limit;   /* polls of a register or of recv before MCCP_ETIMEOUT */
    uint32_t next_seq;
    unsigned pending;
    uint8_t key_bytes[MCCP_MAX_KEY_SLOTS];          /* key length loaded per slot, 0: none */
    uint8_t chan_open[MCCP_MAX_CHANNELS / 8];       /* bit per open channel */
    mccp_pending req[MCCP_MAX_PENDING];
    uint8_t buf[MCCP_PKT_BYTES];                    /* one packet, in or out */
} mccp_dev;

/* Read ID and CONFIG0/1/2, check them (MCCP_EID, MCCP_ECONFIG) and set up `dev`. */
int mccp_init(mccp_dev *dev, const mccp_platform *plat);

/* Raw register access (the platform's, with its error codes). */
int mccp_reg_read(mccp_dev *dev, uint32_t off, uint32_t *value);
int mccp_reg_write(mccp_dev *dev, uint32_t off, uint32_t value);

/* ---- firmware ---------------------------------------------------------------------------- */
typedef struct mccp_fw_entry {
    uint8_t func;          /* mode * 2 + (op & 1) */
    uint8_t valid;
    uint16_t addr;         /* instruction address */
} mccp_fw_entry;

typedef struct mccp_fw_image {
    const uint32_t *words;
    size_t n_words;
    uint32_t crc;          /* CRC-32 of the words (each 4 bytes little endian), as FW_CHECK wants */
    const mccp_fw_entry *entries;
    size_t n_entries;
} mccp_fw_image;

/* zlib's CRC-32 of the words, each as 4 bytes little endian (what FW_CHECK expects). */
uint32_t mccp_crc32(const uint32_t *words, size_t n);

/* Load an AES image into every AES core: disable them, wait until idle, FW_CORES, FW_LEN (wait
   BUSY), FW_DATA words, FW_CHECK with the CRC, FW_ENTRY entries, enable.  MCCP_ECRC (device
   untouched) if image->crc does not match the words; MCCP_EFIRMWARE if the device refused a
   step (the cores then stay disabled). */
int mccp_load_firmware(mccp_dev *dev, const mccp_fw_image *image);
/* The same for the slots in `mask` (slots of one kind). */
int mccp_load_firmware_mask(mccp_dev *dev, uint32_t mask, const mccp_fw_image *image);

/* ---- keys -------------------------------------------------------------------------------- */
/* Store a 16, 24 or 32-byte AES key in `slot` (write-only); returns once it is in force. */
int mccp_load_key(mccp_dev *dev, unsigned slot, const uint8_t *key, size_t len);
/* Erase one slot; returns once no task uses the old key and its outputs have left. */
int mccp_zeroize(mccp_dev *dev, unsigned slot);
/* Erase every slot. */
int mccp_zeroize_all(mccp_dev *dev);

/* ---- channels ---------------------------------------------------------------------------- */
typedef struct mccp_channel {
    uint16_t index;
    uint8_t mode;          /* MCCP_MODE_ECB, _CBC, _CTR, _GCM */
    uint8_t key_slot;
    uint8_t key_len;       /* bytes */
    uint8_t tag_len;       /* GCM: 4, 8, 12..16; 0 for the others */
    uint16_t nonce_len;    /* GCM: 1..1023; CBC, CTR: 16; ECB: 0 */
} mccp_channel;

/* Open the lowest free channel for `mode` on the key in `key_slot` (ordered, key affinity).
   tag_len / nonce_len: 0 picks the mode's default (GCM: 16 and 12). */
int mccp_channel_open(mccp_dev *dev, mccp_channel *ch, unsigned mode, unsigned key_slot, unsigned tag_len,
                      unsigned nonce_len);
/* The same at a given channel index (MCCP_ECHANNEL if outside the table or already open). */
int mccp_channel_open_at(mccp_dev *dev, mccp_channel *ch, unsigned index, unsigned mode, unsigned key_slot,
                         unsigned tag_len, unsigned nonce_len);
int mccp_channel_close(mccp_dev *dev, mccp_channel *ch);

/* ---- requests ---------------------------------------------------------------------------- */
typedef struct mccp_req {
    unsigned op;             /* MCCP_OP_ENCRYPT or MCCP_OP_DECRYPT */
    const uint8_t *nonce;    /* the channel's nonce_len bytes */
    const uint8_t *aad;      /* GCM only */
    size_t aad_len;
    const uint8_t *in;       /* payload */
    size_t len;
    const uint8_t *tag;      /* decrypt of GCM: the channel's tag_len bytes */
    uint8_t *out;            /* len bytes of output, written by mccp_complete on success */
    uint8_t *tag_out;        /* encrypt of GCM: tag_len bytes, written by mccp_complete */
    uintptr_t user;          /* the caller's tag, handed back by mccp_complete */
} mccp_req;

typedef struct mccp_completion {
    uintptr_t user;          /* the request's mccp_req.user */
    int result;              /* MCCP_OK or the error of its device status (MCCP_EAUTH ...) */
    unsigned dev_status;     /* the output header's status (MCCP_STATUS_*) */
    unsigned channel;
    unsigned core;           /* core that ran it, 0xFF: none */
    uint32_t start_cycle;    /* low 32 bits of the fabric's cycle counter at its start */
    size_t len;              /* bytes written to out (0 unless OK) */
} mccp_completion;

/* Build the packet of `req` into `pkt` (cap bytes): header (seq) + nonce, AAD, payload, tag,
   each field from a new 16-byte word, the last one unpadded.  Its length, or a negative error. */
int mccp_build_packet(const mccp_channel *ch, const mccp_req *req, uint32_t seq, uint8_t *pkt, size_t cap);

typedef struct mccp_out_header {
    unsigned status, channel, core;
    uint32_t seq, start_cycle;
    size_t out_len;
    const uint8_t *body;     /* the bytes after the header */
    size_t body_len;
} mccp_out_header;

/* Check and cut one output packet (MCCP_EPROTO if malformed). */
int mccp_parse_output(const uint8_t *pkt, size_t len, mccp_out_header *h);

/* The error code of a device status (MCCP_OK for MCCP_STATUS_OK). */
int mccp_status_error(unsigned status);

/* Queue one request without waiting (checks it first: MCCP_EINVAL, MCCP_ECHANNEL, MCCP_ETOOBIG,
   MCCP_EFULL).  The buffers req->out and req->tag_out must stay valid until its completion. */
int mccp_submit(mccp_dev *dev, const mccp_channel *ch, const mccp_req *req);
/* Wait for the next result (in the order they leave the device), copy its data to the
   request's buffers and describe it in *c.  Returns MCCP_OK when a result was taken (its own
   outcome is c->result), MCCP_EIDLE with nothing outstanding, or a transport error. */
int mccp_complete(mccp_dev *dev, mccp_completion *c);
/* Requests submitted and not yet completed. */
unsigned mccp_pending_count(const mccp_dev *dev);

/* ---- blocking calls ---------------------------------------------------------------------- */
/* One request, waited for (mccp_submit + mccp_complete; the result's error returned).  Other
   requests must not be outstanding. */
int mccp_run(mccp_dev *dev, const mccp_channel *ch, const mccp_req *req);
/* AES-GCM encryption on a GCM channel: ct (len bytes) and tag (the channel's tag_len). */
int mccp_gcm_seal(mccp_dev *dev, const mccp_channel *ch, const uint8_t *nonce, const uint8_t *aad, size_t aad_len,
                  const uint8_t *pt, size_t len, uint8_t *ct, uint8_t *tag);
/* AES-GCM decryption: MCCP_EAUTH (and pt untouched) if the tag does not verify. */
int mccp_gcm_open(mccp_dev *dev, const mccp_channel *ch, const uint8_t *nonce, const uint8_t *aad, size_t aad_len,
                  const uint8_t *ct, size_t len, const uint8_t *tag, uint8_t *pt);
/* ECB, CBC, CTR (no AAD, no tag): op MCCP_OP_ENCRYPT or MCCP_OP_DECRYPT. */
int mccp_cipher(mccp_dev *dev, const mccp_channel *ch, unsigned op, const uint8_t *nonce, const uint8_t *in,
                size_t len, uint8_t *out);

#ifdef __cplusplus
}
#endif

#endif /* MCCP_H */
