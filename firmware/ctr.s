; AES-CTR (SP 800-38A): the nonce field is the 16-byte initial counter block;
; the counter is its last 32 bits, incremented modulo 2^32 (as GCM and
; RFC 3686 do).  Any payload length; encryption and decryption are the same.
;
; v1 counter, v2/v3 keystream (alternating), v4 input, v5 output;
; s4 constant 16, s5 bytes left, s6 constant 1.

.entry ctr_enc
.entry ctr_dec

ctr_enc:
ctr_dec:
    li    s4, 16
    li    s6, 1
    bne   s2, s4, ctr_bad
    vld   v1
    addi  s5, s0, 0
    blt   s0, s6, ctr_ok
    aes   v2, v1
    blt   s5, s4, ctr_tail_a

; One whole block with keystream `ks`; starts `nx` when more payload follows.
; The loop then goes to the partial tail when fewer than 16 bytes follow; its
; back edge is that test inverted.  (A branch never compares a scalar written
; by the instruction just before: it would wait a cycle.)
.macro ctr_step ks, nx, last_full
    addi  s5, s5, -16
    vinc  v1, v1
    blt   s5, s6, \last_full
    aes   \nx, v1                ; issues as \ks lands
    vld   v4
    vxor  v5, v4, \ks
    vst   v5
.endm
ctr_loop:
    ctr_step v2, v3, ctr_last_a
    blt   s5, s4, ctr_tail_b
    ctr_step v3, v2, ctr_last_b
    bge   s5, s4, ctr_loop
    jmp   ctr_tail_a

.macro ctr_last ks
    vld   v4
    vxor  v5, v4, \ks
    vst   v5
    done  OK
.endm
ctr_last_a:
    ctr_last v2
ctr_last_b:
    ctr_last v3

.macro ctr_tail ks
    vld   v4
    vxor  v5, v4, \ks
    vmask v5, v5, s5
    vstn  v5, s5
    done  OK
.endm
ctr_tail_a:
    ctr_tail v2
ctr_tail_b:
    ctr_tail v3

ctr_ok:
    done  OK
ctr_bad:
    done  BAD_PARAM
