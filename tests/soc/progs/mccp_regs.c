/* mccp_top's registers through the Wishbone to AXI4-Lite bridge: reads of identification,
   configuration and reset values, a write read back.  Offsets from sw/libmccp/mccp_regs.h. */
#include <stdint.h>

#include "mccp_regs.h"
#include "soc.h"

static uint32_t reg_read(uint32_t off) { return soc_read32(SOC_MCCP_BASE + off); }
static void reg_write(uint32_t off, uint32_t v) { soc_write32(SOC_MCCP_BASE + off, v); }

static void line(const char *name, uint32_t v) {
    soc_puts(name);
    soc_putchar('=');
    soc_put_hex32(v);
    soc_putchar('\n');
}

int main(void) {
    line("ID", reg_read(MCCP_ID));
    line("CONFIG0", reg_read(MCCP_CONFIG0));
    line("CONFIG1", reg_read(MCCP_CONFIG1));
    line("SCHED", reg_read(MCCP_SCHED));
    line("CORE_ENABLE", reg_read(MCCP_CORE_ENABLE));
    line("IRQ_ENABLE", reg_read(MCCP_IRQ_ENABLE));
    reg_write(MCCP_IRQ_ENABLE, WRITE_VALUE);
    reg_write(MCCP_CORE_ENABLE, 0x1u);
    line("IRQ_ENABLE.w", reg_read(MCCP_IRQ_ENABLE));
    line("CORE_ENABLE.w", reg_read(MCCP_CORE_ENABLE));
    line("SOC_ID", soc_read32(SOC_ID));
    return 0;
}
