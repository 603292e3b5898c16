/* The MCCP SoC's addresses and small console helpers (docs/soc.md).  Freestanding: no libc. */
#ifndef MCCP_SOC_H
#define MCCP_SOC_H

#include <stdint.h>

/* memory map */
#define SOC_RAM_BASE        0x00000000u
#define SOC_RAM_BYTES       (256u * 1024u)         /* the RamBytes default of mccp_soc */
#define SOC_CTRL_BASE       0x80000000u
#define SOC_MCCP_BASE       0x90000000u            /* mccp_top's AXI4-Lite registers (4 KB) */
#define SOC_DMA_BASE        0xA0000000u            /* reserved for the DMA engine: ERR for now */

/* control registers (mccp_soc_ctrl) */
#define SOC_CONSOLE         (SOC_CTRL_BASE + 0x00u)  /* W: low byte to the console */
#define SOC_EXIT            (SOC_CTRL_BASE + 0x04u)  /* W: end the simulation with this code */
#define SOC_CYCLE_LO        (SOC_CTRL_BASE + 0x08u)  /* R: cycles [31:0], latches [63:32] */
#define SOC_CYCLE_HI        (SOC_CTRL_BASE + 0x0Cu)  /* R: cycles [63:32] at the last LO read */
#define SOC_BUSERR_ADDR     (SOC_CTRL_BASE + 0x10u)  /* R: byte address of the captured bus error */
#define SOC_BUSERR          (SOC_CTRL_BASE + 0x14u)  /* RW: PENDING (W1C), WRITE, FETCH */
#define SOC_ID              (SOC_CTRL_BASE + 0x18u)  /* R: SOC_ID_VALUE */
#define SOC_ID_VALUE        0x4D435343u              /* "MCSC" */
#define SOC_BUSERR_PENDING  (1u << 0)
#define SOC_BUSERR_WRITE    (1u << 1)
#define SOC_BUSERR_FETCH    (1u << 2)

/* lines of the CPU's external interrupt array (CSR 0xBC0 mask, 0xFC0 pending); bit 31 of
   CSR 0xBC0 is VexRiscv's CFU enable (crt0.S sets it), so line 31 is never used */
#define SOC_IRQ_MCCP        0
#define SOC_IRQ_BUSERR      1

/* exit code of the default trap handler (runtime.c): SOC_EXIT_TRAP | interrupt bit << 8 | cause */
#define SOC_EXIT_TRAP       0xBAD00000u

static inline void soc_write32(uint32_t addr, uint32_t value) {
    *(volatile uint32_t *)(uintptr_t)addr = value;
}

static inline uint32_t soc_read32(uint32_t addr) {
    return *(volatile uint32_t *)(uintptr_t)addr;
}

static inline void soc_putchar(char c) { soc_write32(SOC_CONSOLE, (uint8_t)c); }

static inline void soc_puts(const char *s) {
    while (*s) soc_putchar(*s++);
}

/* eight lower-case hex digits */
static inline void soc_put_hex32(uint32_t v) {
    for (int i = 28; i >= 0; i -= 4) soc_putchar("0123456789abcdef"[(v >> i) & 0xFu]);
}

/* unsigned decimal */
static inline void soc_put_dec(uint32_t v) {
    char buf[10];
    int n = 0;
    do {
        buf[n++] = (char)('0' + v % 10u);
        v /= 10u;
    } while (v);
    while (n) soc_putchar(buf[--n]);
}

/* the 64-bit cycle counter: LO first (it latches HI) */
static inline uint64_t soc_cycles(void) {
    uint32_t lo = soc_read32(SOC_CYCLE_LO);
    uint32_t hi = soc_read32(SOC_CYCLE_HI);
    return ((uint64_t)hi << 32) | lo;
}

static inline __attribute__((noreturn)) void soc_exit(uint32_t code) {
    soc_write32(SOC_EXIT, code);
    for (;;) {
    }
}

/* The trap handler crt0.S calls: returns the address to resume at (mepc to retry, mepc + 4
   to skip an instruction).  runtime.c's default (weak) reports the trap and exits. */
uint32_t soc_trap(uint32_t mcause, uint32_t mepc, uint32_t mtval);

#endif
