/* Console, mul/div and the cycle counter: the test computes every printed value itself.
   Inputs come from -D (A, B: 32-bit words) through volatile globals so nothing folds. */
#include <stdint.h>

#include "soc.h"

static volatile uint32_t in_a = A;
static volatile uint32_t in_b = B;

static void line(const char *name, uint32_t v) {
    soc_puts(name);
    soc_putchar('=');
    soc_put_hex32(v);
    soc_putchar('\n');
}

int main(void) {
    uint64_t c0 = soc_cycles();
    uint32_t a = in_a, b = in_b;
    int32_t sa = (int32_t)a, sb = (int32_t)b;

    soc_puts("arith\n");
    line("mul", a * b);
    line("mulh", (uint32_t)(((int64_t)sa * (int64_t)sb) >> 32));
    line("mulhu", (uint32_t)(((uint64_t)a * (uint64_t)b) >> 32));
    line("mulhsu", (uint32_t)(((int64_t)sa * (int64_t)(uint64_t)b) >> 32));
    /* division in asm: RISC-V defines x / 0 (all ones), x % 0 (x) and the signed overflow
       (INT_MIN / -1 = INT_MIN, remainder 0), where C leaves them undefined */
    uint32_t q, r;
    __asm__ volatile("divu %0, %1, %2" : "=r"(q) : "r"(a), "r"(b));
    line("divu", q);
    __asm__ volatile("remu %0, %1, %2" : "=r"(r) : "r"(a), "r"(b));
    line("remu", r);
    __asm__ volatile("div %0, %1, %2" : "=r"(q) : "r"(a), "r"(b));
    line("div", q);
    __asm__ volatile("rem %0, %1, %2" : "=r"(r) : "r"(a), "r"(b));
    line("rem", r);

    /* a loop: sum of i * i + (i / 3) for i < B % 1000 */
    uint32_t sum = 0;
    for (uint32_t i = 0; i < in_b % 1000u; ++i) sum += i * i + i / 3u;
    line("sum", sum);
    soc_put_dec(a % 100000u);
    soc_putchar('\n');

    uint64_t c1 = soc_cycles();
    line("c0hi", (uint32_t)(c0 >> 32));
    line("c0", (uint32_t)c0);
    line("c1hi", (uint32_t)(c1 >> 32));
    line("c1", (uint32_t)c1);
    return (int)((a * b) >> 24);
}
