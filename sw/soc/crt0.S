/* Start-up code of the MCCP SoC's programs (docs/soc.md).
 *
 * Reset enters _start at address 0: set the stack, install the trap vector, clear .bss,
 * let the SoC's bus-error interrupt trap (line SOC_IRQ_BUSERR of the CPU's external
 * interrupt array, CSR 0xBC0 its mask), enable custom-0 instructions (bit 31 of the same
 * CSR: VexRiscv's CFU enable; without it they trap as illegal), call main and write its
 * return value to EXIT.
 * A trap saves the caller-saved registers and calls soc_trap(mcause, mepc, mtval)
 * (sw/soc/runtime.c has a default that reports and exits); it resumes at the address
 * soc_trap returns. */

#define SOC_EXIT      0x80000004
#define IRQ_MASK_CSR  0xBC0          /* VexRiscv's external interrupt array mask */
#define BUSERR_LINE   (1 << 1)       /* SOC_IRQ_BUSERR */
#define CFU_ENABLE    (1 << 31)
#define MIE_MEIE      (1 << 11)
#define MSTATUS_MIE   (1 << 3)

  .section .text.start, "ax"
  .globl _start
_start:
  la    sp, __stack_top
  la    t0, trap_entry
  csrw  mtvec, t0
  la    t0, __bss_start
  la    t1, __bss_end
1:
  bgeu  t0, t1, 2f
  sw    zero, 0(t0)
  addi  t0, t0, 4
  j     1b
2:
  li    t0, CFU_ENABLE | BUSERR_LINE
  csrw  IRQ_MASK_CSR, t0
  li    t0, MIE_MEIE
  csrs  mie, t0
  csrsi mstatus, MSTATUS_MIE
  call  main
  li    t0, SOC_EXIT
  sw    a0, 0(t0)
3:
  j     3b

  .text
  .balign 4
  .globl trap_entry
trap_entry:
  addi  sp, sp, -64
  sw    ra, 0(sp)
  sw    t0, 4(sp)
  sw    t1, 8(sp)
  sw    t2, 12(sp)
  sw    t3, 16(sp)
  sw    t4, 20(sp)
  sw    t5, 24(sp)
  sw    t6, 28(sp)
  sw    a0, 32(sp)
  sw    a1, 36(sp)
  sw    a2, 40(sp)
  sw    a3, 44(sp)
  sw    a4, 48(sp)
  sw    a5, 52(sp)
  sw    a6, 56(sp)
  sw    a7, 60(sp)
  csrr  a0, mcause
  csrr  a1, mepc
  csrr  a2, mtval
  call  soc_trap
  csrw  mepc, a0
  lw    ra, 0(sp)
  lw    t0, 4(sp)
  lw    t1, 8(sp)
  lw    t2, 12(sp)
  lw    t3, 16(sp)
  lw    t4, 20(sp)
  lw    t5, 24(sp)
  lw    t6, 28(sp)
  lw    a0, 32(sp)
  lw    a1, 36(sp)
  lw    a2, 40(sp)
  lw    a3, 44(sp)
  lw    a4, 48(sp)
  lw    a5, 52(sp)
  lw    a6, 56(sp)
  lw    a7, 60(sp)
  addi  sp, sp, 64
  mret
