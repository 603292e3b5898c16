; AES-CBC (SP 800-38A), encrypt and decrypt.  Nonce field: the 16-byte IV.
; Payload: whole blocks only (BAD_PARAM otherwise).
;
; Encryption is a chain, C_i = E(C_{i-1} xor P_i): `aesx` does the xor on the
; way into the engine, so the chain runs at one block per AES latency.
; Decryption has no chain through the cipher, so the next block's aesd runs
; while the current one is combined and stored.

.entry cbc_enc
.entry cbc_dec

cbc_enc:
    li    s7, 0
    jmp   cbc_start
cbc_dec:
    li    s7, 1
cbc_start:
    ; a branch never compares a scalar written by the instruction just before
    ; (it would wait a cycle): checks and loop counters are interleaved
    li    s4, 16
    andi  s6, s0, 15
    bne   s2, s4, cbc_bad
    bne   s6, s5, cbc_bad        ; s5 is still 0: a partial block is an error
    li    s6, 1
    vld   v2                     ; IV
    addi  s5, s0, 0
    blt   s0, s6, cbc_ok
    beq   s7, s6, cbc_dec_start

    vld   v4                     ; C_1 = E(IV xor P_1)
    addi  s5, s5, -16
    aesx  v3, v2, v4
    blt   s5, s6, cbc_enc_last_b
cbc_enc_loop:
    vld   v4
    addi  s5, s5, -16
    aesx  v2, v3, v4             ; issues as C_{i-1} (v3) lands
    vst   v3
    blt   s5, s6, cbc_enc_last_a
    vld   v4
    addi  s5, s5, -16
    aesx  v3, v2, v4
    vst   v2
    blt   s5, s6, cbc_enc_last_b
    jmp   cbc_enc_loop
cbc_enc_last_a:
    vst   v2
    done  OK
cbc_enc_last_b:
    vst   v3
    done  OK

; Decrypt: v1 = C_{i-1}, v4 = C_i, `cur` = D(C_i) pending, v5 = C_{i+1}.
cbc_dec_start:
    vmov  v1, v2
    addi  s5, s5, -16            ; bytes after the first block
    vld   v4
    aesd  v2, v4
; s5 = bytes after the current block
.macro cbc_dec_step cur, nxt, last
    blt   s5, s6, \last
    vld   v5
    aesd  \nxt, v5               ; issues as \cur lands
    vxor  v6, \cur, v1
    addi  s5, s5, -16
    vst   v6
    vmov  v1, v4
    vmov  v4, v5
.endm
cbc_dec_loop:
    cbc_dec_step v2, v3, cbc_dec_last_a
    cbc_dec_step v3, v2, cbc_dec_last_b
    jmp   cbc_dec_loop
cbc_dec_last_a:
    vxor  v6, v2, v1
    vst   v6
    done  OK
cbc_dec_last_b:
    vxor  v6, v3, v1
    vst   v6
cbc_ok:
    done  OK
cbc_bad:
    done  BAD_PARAM
