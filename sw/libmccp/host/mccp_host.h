/* The host platform of libmccp: mccp_top simulated by its Verilator model (the shared library
 * mccp.device.build.build_model builds, with the C++ harness src/mccp/device/harness.cpp).
 *
 *     mccp_host host;  mccp_platform plat;  mccp_dev dev;
 *     mccp_host_open(&host, &plat, 1);       (a new model, reset as mccp.Device resets it)
 *     mccp_init(&dev, &plat);  ...
 *     mccp_host_close(&host);
 *
 * This part is hosted C (it links against the model's library); the driver above it is not.
 */
#ifndef MCCP_HOST_H
#define MCCP_HOST_H

#include <stdint.h>

#include "mccp.h"

#define MCCP_HOST_RESET_CYCLES 4u       /* mccp.device.api.RESET_CYCLES */

typedef struct mccp_host {
    void *dev;                /* the harness's Dev* */
    uint64_t bus_timeout;     /* cycles an AXI4-Lite transaction may take */
    uint64_t recv_cycles;     /* cycles recv runs the model waiting for a packet */
    uint64_t next_id;         /* id of the next packet pushed */
} mccp_host;

/* A new simulated device (seed: the harness's random seed), reset; `plat` filled in. */
int mccp_host_open(mccp_host *host, mccp_platform *plat, uint64_t seed);
void mccp_host_close(mccp_host *host);
/* Clock cycles simulated so far (reset included). */
uint64_t mccp_host_cycles(const mccp_host *host);

#endif /* MCCP_HOST_H */
