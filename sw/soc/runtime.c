/* Freestanding helpers of the MCCP SoC's programs: the memory functions the compiler may
   call, and the default trap handler. */
#include <stddef.h>
#include <stdint.h>

#include "soc.h"

void *memcpy(void *dst, const void *src, size_t n) {
    uint8_t *d = dst;
    const uint8_t *s = src;
    while (n--) *d++ = *s++;
    return dst;
}

void *memmove(void *dst, const void *src, size_t n) {
    uint8_t *d = dst;
    const uint8_t *s = src;
    if (d < s) {
        while (n--) *d++ = *s++;
    } else {
        while (n--) d[n] = s[n];
    }
    return dst;
}

void *memset(void *dst, int c, size_t n) {
    uint8_t *d = dst;
    while (n--) *d++ = (uint8_t)c;
    return dst;
}

int memcmp(const void *a, const void *b, size_t n) {
    const uint8_t *x = a, *y = b;
    for (; n; --n, ++x, ++y) {
        if (*x != *y) return *x < *y ? -1 : 1;
    }
    return 0;
}

/* Reports the trap (and a captured bus error) on the console and exits with
   SOC_EXIT_TRAP | (interrupt << 8) | cause. */
__attribute__((weak)) uint32_t soc_trap(uint32_t mcause, uint32_t mepc, uint32_t mtval) {
    soc_puts("\ntrap mcause=");
    soc_put_hex32(mcause);
    soc_puts(" mepc=");
    soc_put_hex32(mepc);
    soc_puts(" mtval=");
    soc_put_hex32(mtval);
    soc_putchar('\n');
    uint32_t status = soc_read32(SOC_BUSERR);
    if (status & SOC_BUSERR_PENDING) {
        soc_puts("bus error addr=");
        soc_put_hex32(soc_read32(SOC_BUSERR_ADDR));
        soc_puts(status & SOC_BUSERR_FETCH ? " fetch" : (status & SOC_BUSERR_WRITE ? " write" : " read"));
        soc_putchar('\n');
    }
    soc_exit(SOC_EXIT_TRAP | ((mcause >> 31) << 8) | (mcause & 0xFFu));
}
