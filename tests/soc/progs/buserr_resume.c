/* A trap handler of the program's own: count bus errors, clear PENDING and resume; the
   program goes on after each error.  Two bad reads, then a good one. */
#include <stdint.h>

#include "soc.h"

static volatile uint32_t errors;
static volatile uint32_t last_addr;

uint32_t soc_trap(uint32_t mcause, uint32_t mepc, uint32_t mtval) {
    (void)mtval;
    if (mcause != 0x8000000Bu) {
        soc_puts("unexpected trap\n");
        soc_exit(0xEEu);
    }
    last_addr = soc_read32(SOC_BUSERR_ADDR);
    soc_write32(SOC_BUSERR, SOC_BUSERR_PENDING);
    errors = errors + 1;
    return mepc;     /* an interrupt: mepc is the next instruction to run */
}

static void wait_a_little(void) {
    for (volatile int i = 0; i < 50; ++i) {
    }
}

static void line(const char *name, uint32_t v) {
    soc_puts(name);
    soc_putchar('=');
    soc_put_hex32(v);
    soc_putchar('\n');
}

int main(void) {
    volatile uint32_t v;
    v = soc_read32(BAD1);
    wait_a_little();
    line("e1", errors);
    line("a1", last_addr);
    v = soc_read32(BAD2);
    wait_a_little();
    line("e2", errors);
    line("a2", last_addr);
    v = soc_read32(SOC_ID);
    line("id", v);
    line("pending", soc_read32(SOC_BUSERR) & SOC_BUSERR_PENDING);
    return (int)errors;
}
