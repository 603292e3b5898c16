/* A custom-0 instruction on the CFU port: the stub answers 0 at once (the coprocessor of
   the next milestone replaces it); the program must not hang. */
#include <stdint.h>

#include "soc.h"

int main(void) {
    uint32_t rd = 0xFFFFFFFFu, a = 5, b = 7;
    __asm__ volatile(".insn r 0x0B, 0, 0, %0, %1, %2" : "+r"(rd) : "r"(a), "r"(b));
    soc_puts("cfu=");
    soc_put_hex32(rd);
    soc_putchar('\n');
    __asm__ volatile(".insn r 0x0B, 3, 5, %0, %1, %2" : "+r"(rd) : "r"(a), "r"(b));
    __asm__ volatile(".insn r 0x0B, 3, 5, %0, %1, %2" : "+r"(rd) : "r"(rd), "r"(b));
    soc_puts("cfu2=");
    soc_put_hex32(rd);
    soc_putchar('\n');
    return 0x42;
}
