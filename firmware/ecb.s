; AES-ECB (SP 800-38A), encrypt and decrypt.  Payload: whole blocks only
; (BAD_PARAM otherwise).  The next block's AES starts as soon as the engine
; takes it, while the previous result is stored: one block per AES latency.
;
; v2/v3 results (alternating), v4 input; s5 bytes left, s6 constant 1.

.entry ecb_enc
.entry ecb_dec

ecb_enc:
    li    s7, 0
    jmp   ecb_start
ecb_dec:
    li    s7, 1
ecb_start:
    ; a branch never compares a scalar written by the instruction just before
    ; (it would wait a cycle): checks and the loop counter are interleaved
    andi  s4, s0, 15
    li    s6, 1
    bne   s4, s5, ecb_bad        ; s5 is still 0: a partial block is an error
    addi  s5, s0, -16            ; bytes after the first block
    blt   s0, s6, ecb_ok
    vld   v4
    beq   s7, s6, ecb_dec_first
    aes   v2, v4
    jmp   ecb_enc_loop
ecb_dec_first:
    aesd  v2, v4
    jmp   ecb_dec_loop

; One block: `cur` holds (pending) the result of the current block, s5 the
; bytes after it.
.macro ecb_step op, cur, nxt, last
    blt   s5, s6, \last
    vld   v4
    addi  s5, s5, -16
    \op   \nxt, v4               ; issues as \cur lands
    vst   \cur
.endm
ecb_enc_loop:
    ecb_step aes, v2, v3, ecb_last_a
    ecb_step aes, v3, v2, ecb_last_b
    jmp   ecb_enc_loop
ecb_dec_loop:
    ecb_step aesd, v2, v3, ecb_last_a
    ecb_step aesd, v3, v2, ecb_last_b
    jmp   ecb_dec_loop

ecb_last_a:
    vst   v2
    done  OK
ecb_last_b:
    vst   v3
ecb_ok:
    done  OK
ecb_bad:
    done  BAD_PARAM
