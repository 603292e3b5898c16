/* The host platform of libmccp over the Verilator model of mccp_top (see mccp_host.h).  The
 * model's library exports the harness's C functions (src/mccp/device/harness.cpp, extern "C");
 * they are declared here with the same signatures as mccp.device.model's ctypes table. */
#include "mccp_host.h"

#include <stddef.h>

typedef struct Dev Dev;
extern Dev *dev_new(uint64_t seed, const char *trace_path, const char *plusargs);
extern void dev_free(Dev *d);
extern void dev_reset(Dev *d, unsigned cycles);
extern void dev_step(Dev *d, uint64_t cycles);
extern uint64_t dev_cycle(Dev *d);
extern int dev_write(Dev *d, uint32_t addr, uint32_t data, uint32_t strb, uint64_t timeout);
extern int dev_read(Dev *d, uint32_t addr, uint32_t *data, uint64_t timeout);
extern void dev_push(Dev *d, const uint8_t *bytes, uint64_t len, uint64_t id, int last);
extern uint64_t dev_out_count(Dev *d);
extern int dev_run(Dev *d, uint64_t n, int drain_input, uint64_t max_cycles);
extern int64_t dev_out_len(Dev *d);
extern int64_t dev_out_pop(Dev *d, uint8_t *buf, uint64_t cap, uint64_t *first, uint64_t *last);

#define DEV_TIMEOUT (-1)
#define RESP_SLVERR 2

static int host_read(void *ctx, uint32_t off, uint32_t *value) {
    mccp_host *h = (mccp_host *)ctx;
    int r = dev_read((Dev *)h->dev, off, value, h->bus_timeout);
    return r == 0 ? MCCP_OK : MCCP_EBUS;            /* SLVERR on a read: unmapped address */
}

static int host_write(void *ctx, uint32_t off, uint32_t value) {
    mccp_host *h = (mccp_host *)ctx;
    int r = dev_write((Dev *)h->dev, off, value, 0xFu, h->bus_timeout);
    if (r == 0) return MCCP_OK;
    return r == RESP_SLVERR ? MCCP_ESLVERR : MCCP_EBUS;
}

static int host_send(void *ctx, const uint8_t *pkt, size_t len) {
    mccp_host *h = (mccp_host *)ctx;
    dev_push((Dev *)h->dev, pkt, len, h->next_id++, 1);   /* the harness feeds it beat by beat */
    return MCCP_OK;
}

static int host_recv(void *ctx, uint8_t *buf, size_t cap, size_t *len) {
    mccp_host *h = (mccp_host *)ctx;
    Dev *d = (Dev *)h->dev;
    uint64_t first, last;
    int64_t n;
    if (dev_out_count(d) == 0 && dev_run(d, 1, 0, h->recv_cycles) == DEV_TIMEOUT) return MCCP_EAGAIN;
    n = dev_out_len(d);
    if (n < 0) return MCCP_EAGAIN;
    if ((uint64_t)n > cap) return MCCP_ENOSPC;
    n = dev_out_pop(d, buf, cap, &first, &last);
    if (n < 0) return MCCP_EBUS;
    *len = (size_t)n;
    return MCCP_OK;
}

static void host_wait(void *ctx, uint32_t cycles) {
    mccp_host *h = (mccp_host *)ctx;
    dev_step((Dev *)h->dev, cycles);
}

int mccp_host_open(mccp_host *host, mccp_platform *plat, uint64_t seed) {
    if (!host || !plat) return MCCP_EINVAL;
    host->dev = dev_new(seed, NULL, "");
    if (!host->dev) return MCCP_EBUS;
    host->bus_timeout = 10000;          /* mccp.device.model.Model's bus_timeout */
    host->recv_cycles = 4096;
    host->next_id = 1;
    dev_reset((Dev *)host->dev, MCCP_HOST_RESET_CYCLES);
    plat->ctx = host;
    plat->reg_read = host_read;
    plat->reg_write = host_write;
    plat->send = host_send;
    plat->recv = host_recv;
    plat->wait = host_wait;
    return MCCP_OK;
}

void mccp_host_close(mccp_host *host) {
    if (host && host->dev) {
        dev_free((Dev *)host->dev);
        host->dev = NULL;
    }
}

uint64_t mccp_host_cycles(const mccp_host *host) { return dev_cycle((Dev *)host->dev); }
