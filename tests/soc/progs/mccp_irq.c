/* mccp_top's irq_o reaches the CPU as line SOC_IRQ_MCCP of its external interrupt array:
   a core disabled while idle sets IRQ_STATUS.CORE_IDLE; with IRQ_ENABLE.CORE_IDLE the trap
   handler sees the line pending in CSR 0xFC0, reports and clears it.  ENABLE (-D): 0 leaves
   IRQ_ENABLE clear, and no interrupt may come. */
#include <stdint.h>

#include "mccp_regs.h"
#include "soc.h"

static volatile uint32_t irqs;

static uint32_t reg_read(uint32_t off) { return soc_read32(SOC_MCCP_BASE + off); }
static void reg_write(uint32_t off, uint32_t v) { soc_write32(SOC_MCCP_BASE + off, v); }

static void line(const char *name, uint32_t v) {
    soc_puts(name);
    soc_putchar('=');
    soc_put_hex32(v);
    soc_putchar('\n');
}

uint32_t soc_trap(uint32_t mcause, uint32_t mepc, uint32_t mtval) {
    (void)mtval;
    uint32_t pending;
    __asm__ volatile("csrr %0, 0xFC0" : "=r"(pending));
    line("mcause", mcause);
    line("pending", pending);
    line("irq_status", reg_read(MCCP_IRQ_STATUS));
    if (mcause != 0x8000000Bu) soc_exit(0xEEu);
    reg_write(MCCP_IRQ_STATUS, MCCP_IRQ_STATUS_CORE_IDLE_MASK);     /* write 1 to clear */
    irqs = irqs + 1;
    return mepc;
}

int main(void) {
    uint32_t mask = 1u << SOC_IRQ_MCCP;
    __asm__ volatile("csrs 0xBC0, %0" : : "r"(mask));
    line("before", irqs);
    reg_write(MCCP_IRQ_ENABLE, ENABLE ? MCCP_IRQ_ENABLE_CORE_IDLE_MASK : 0u);
    reg_write(MCCP_CORE_ENABLE, 0);
    for (volatile int i = 0; i < 200; ++i) {
    }
    line("after", irqs);
    line("irq_status.end", reg_read(MCCP_IRQ_STATUS));
    return (int)irqs;
}
