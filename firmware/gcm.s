; AES-GCM and GMAC (NIST SP 800-38D), encrypt and decrypt-and-verify.
;
; Input: IV (s2 bytes, any length >= 1), AAD (s1 bytes), payload (s0 bytes),
; and on decrypt the received tag (s3 bytes).  Tag lengths 4, 8, 12..16.
; Output: ciphertext (or plaintext) then, on encrypt, the tag.  On decrypt the
; plaintext is released only if the tag matches (done AUTH_FAIL discards it).
; GMAC is GCM with an empty payload: the message travels as AAD.
;
; Registers: v0 zero, v1 counter, v2/v3 keystream (alternating), v4 input,
; v5 output / scratch, v6 E(K, J0), v7 H.
;            s4 constant 16, s5 bytes left, s6 constant 1, s7 0 = encrypt / 1 = decrypt.
;
; The keystream loop is unrolled twice (two keystream registers) so the next
; block's AES runs while the current block is combined, stored and hashed: one
; block per AES latency.

.entry gcm_enc
.entry gcm_dec
.entry gmac
.entry gmac_verify

gmac:
gcm_enc:
    aes   v7, v0                 ; H = E(K, 0^128), overlapped with the checks below
    jmp   gcm_setup
gmac_verify:
gcm_dec:
    aes   v7, v0
    li    s7, 1

gcm_setup:
    ; IV of at least one byte; tag length 4, 8 or 12..16.  A branch does not
    ; compare a scalar written by the instruction just before (it would wait a
    ; cycle), so the constants are loaded two at a time.
    li    s6, 1
    li    s4, 16
    blt   s2, s6, gcm_bad
    blt   s4, s3, gcm_bad
    li    s4, 12
    li    s5, 8
    bge   s3, s4, gcm_tag_ok
    beq   s3, s5, gcm_tag_ok
    li    s5, 4
    li    s4, 12
    bne   s3, s5, gcm_bad
gcm_tag_ok:
    bne   s2, s4, gcm_long_iv    ; s4 = 12 on every path here

    ; 96-bit IV: J0 = IV || 0^31 || 1
    vld   v1
    vmask v1, v1, s2
    vinc  v1, v1
    aes   v6, v1                 ; E(K, J0), starts as soon as H is done
    ghinit v7

gcm_counter:
    vinc  v1, v1                 ; first counter block inc32(J0)
    li    s4, 16
    addi  s5, s1, 0              ; AAD bytes left
    blt   s0, s6, gcm_aad_loop   ; no payload: no keystream
    aes   v2, v1

    ; AAD: hash whole words, the last one masked to its length
gcm_aad_loop:
    blt   s5, s6, gcm_payload
    vld   v4
    vmask v4, v4, s5
    ghash v4
    addi  s5, s5, -16
    jmp   gcm_aad_loop

gcm_payload:
    addi  s5, s0, 0
    blt   s0, s6, gcm_finish     ; empty payload
    blt   s5, s4, gcm_tail_a     ; 1..15 bytes: one partial block with v2
    beq   s7, s6, gcm_dec_loop   ; s7 = 1 on decrypt

; One block with the keystream in `ks`; starts `nx` = the next block's keystream
; when more payload follows.  `ct` is the register GHASH absorbs: the
; ciphertext (v5 on encrypt, v4 on decrypt).  The loop then goes to the partial
; tail when fewer than 16 bytes follow; its back edge is that test inverted,
; so a taken branch (two bubbles) costs no more than the AES latency leaves.
.macro gcm_step ks, nx, ct, last_full
    addi  s5, s5, -16            ; bytes left after this block
    vinc  v1, v1
    blt   s5, s6, \last_full
    aes   \nx, v1                ; waits for the engine: issues as \ks lands
    vld   v4
    vxor  v5, v4, \ks
    vst   v5
    ghash \ct
.endm

gcm_enc_loop:
    gcm_step v2, v3, v5, gcm_enc_last_a
    blt   s5, s4, gcm_tail_b
    gcm_step v3, v2, v5, gcm_enc_last_b
    bge   s5, s4, gcm_enc_loop
    jmp   gcm_tail_a
gcm_dec_loop:
    gcm_step v2, v3, v4, gcm_dec_last_a
    blt   s5, s4, gcm_tail_b
    gcm_step v3, v2, v4, gcm_dec_last_b
    bge   s5, s4, gcm_dec_loop
    jmp   gcm_tail_a

; The last block is whole: no further keystream.
.macro gcm_last ks, ct
    vld   v4
    vxor  v5, v4, \ks
    vst   v5
    ghash \ct
    jmp   gcm_finish
.endm
gcm_enc_last_a:
    gcm_last v2, v5
gcm_enc_last_b:
    gcm_last v3, v5
gcm_dec_last_a:
    gcm_last v2, v4
gcm_dec_last_b:
    gcm_last v3, v4

; A final partial block of s5 = 1..15 bytes.
.macro gcm_tail ks
    vld   v4
    vmask v4, v4, s5             ; ciphertext on decrypt: hash only its bytes
    vxor  v5, v4, \ks
    vmask v5, v5, s5
    vstn  v5, s5
    beq   s7, s6, gcm_tail_dec\@
    ghash v5
    jmp   gcm_finish
gcm_tail_dec\@:
    ghash v4
    jmp   gcm_finish
.endm
gcm_tail_a:
    gcm_tail v2
gcm_tail_b:
    gcm_tail v3

gcm_finish:
    ; S = GHASH(... || [len(A)]64 || [len(C)]64); T = E(K, J0) xor S
    vzero v5
    shli  s5, s1, 3
    vsetw v5, s5, 1
    shli  s5, s0, 3
    vsetw v5, s5, 3
    ghash v5
    ghget v5
    vxor  v5, v5, v6
    beq   s7, s6, gcm_verify
    vstn  v5, s3
    done  OK
gcm_verify:
    vld   v4                     ; the received tag
    tagchk v5, v4, s3
    bf    gcm_auth_fail
    done  OK
gcm_auth_fail:
    done  AUTH_FAIL

    ; Any other IV length: J0 = GHASH(IV || 0^s+64 || [len(IV)]64)
gcm_long_iv:
    addi  s5, s2, 0
    ghinit v7                    ; waits for H
gcm_iv_loop:
    blt   s5, s6, gcm_iv_len
    vld   v1
    vmask v1, v1, s5
    ghash v1
    addi  s5, s5, -16
    jmp   gcm_iv_loop
gcm_iv_len:
    vzero v1
    shli  s5, s2, 3
    vsetw v1, s5, 3
    ghash v1
    ghget v1                     ; J0
    aes   v6, v1
    ghinit v7                    ; Y = 0 again for the message
    jmp   gcm_counter

gcm_bad:
    done  BAD_PARAM
