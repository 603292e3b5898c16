/* RAM through the data cache: .data comes with the image, .bss starts zero (crt0.S); byte and
   halfword stores land in their lanes (byte enables), signed loads extend.  SEED (-D) varies
   the pattern. */
#include <stdint.h>

#include "soc.h"

static uint32_t buf[64];                                       /* .bss */
static uint32_t init_data[4] = {0x11223344u, 0x55667788u, 0x99AABBCCu, 0xDDEEFF00u};   /* .data */
static volatile uint32_t seed = SEED;

static void line(const char *name, uint32_t v) {
    soc_puts(name);
    soc_putchar('=');
    soc_put_hex32(v);
    soc_putchar('\n');
}

int main(void) {
    uint32_t any = 0;
    for (int i = 0; i < 64; ++i) any |= buf[i];
    line("bss", any);
    for (int i = 0; i < 4; ++i) line(i == 0 ? "data0" : i == 1 ? "data1" : i == 2 ? "data2" : "data3", init_data[i]);

    volatile uint8_t *b = (volatile uint8_t *)buf;
    for (uint32_t i = 0; i < 128; ++i) b[i] = (uint8_t)(i * 7u + seed);
    volatile uint16_t *h = (volatile uint16_t *)&buf[32];
    for (uint32_t i = 0; i < 64; ++i) h[i] = (uint16_t)(i * 0x1111u ^ seed);

    uint32_t sum = 0;
    for (int i = 0; i < 64; ++i) sum = sum * 31u + buf[i];
    line("w0", buf[0]);
    line("w17", buf[17]);
    line("w40", buf[40]);
    line("w63", buf[63]);
    line("sum", sum);
    line("lb", (uint32_t)(int32_t)((volatile int8_t *)buf)[SEED % 128]);
    line("lh", (uint32_t)(int32_t)((volatile int16_t *)&buf[32])[SEED % 64]);
    return 0;
}
