/* A bus error: the access in ACCESS (-D: 0 read, 1 write, 2 jump to ADDR) to ADDR must end
   in the default trap handler (runtime.c), which reports it and exits.  Reaching the end
   of main is a failure (exit code 1). */
#include <stdint.h>

#include "soc.h"

int main(void) {
    soc_puts("before\n");
#if ACCESS == 0
    volatile uint32_t v = soc_read32(ADDR);
    (void)v;
#elif ACCESS == 1
    soc_write32(ADDR, 0x12345678u);
#else
    ((void (*)(void))(uintptr_t)ADDR)();
#endif
    /* the error interrupt comes a few instructions after the access */
    for (volatile int i = 0; i < 100; ++i) {
    }
    soc_puts("after\n");
    return 1;
}
