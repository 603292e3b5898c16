; AES-CCM (SP 800-38C) on one core, encrypt and decrypt-and-verify.
;
; Input: nonce (s2 = 7..13 bytes), AAD (s1 < 65280 bytes), payload (s0 bytes),
; and on decrypt the received tag (s3 = 4, 6, .., 16 bytes).
; The core formats everything itself: B0 = flags || N || Q, the AAD with its
; two-byte length prefix, the counter blocks A_i = (q-1) || N || i.
;
; Each payload block costs two AES: the keystream E(A_i) and the CBC-MAC step
; E(mac xor P_i).  The keystream runs one block ahead, so the engine always
; has its next operation ready: two AES latencies per block.
;
; v1 counter A_i, v2 keystream, v3 MAC chain, v4 input, v5 scratch,
; v6 S0 = E(K, A0), v7 AAD carry;  s4 scratch / constant 16, s5 bytes left,
; s6 constant 1, s7 1 = decrypt.

.entry ccm_enc
.entry ccm_dec

ccm_dec:
    li    s7, 1
ccm_enc:
    ; nonce 7..13, tag even 4..16, AAD < 2^16 - 2^8, payload < 2^(8q).  A
    ; branch never compares a scalar written by the instruction just before
    ; (it would wait a cycle), so the constants alternate between s4 and s5.
    li    s6, 1
    li    s4, 7
    li    s5, 13
    blt   s2, s4, ccm_bad
    blt   s5, s2, ccm_bad
    li    s4, 4
    bne   s2, s5, ccm_q_ok
    li    s5, 1                  ; n = 13, q = 2: payload < 65536
    shli  s5, s5, 16
    li    s4, 4
    bge   s0, s5, ccm_bad
ccm_q_ok:
    li    s5, 16                 ; s4 = 4 on both paths
    blt   s3, s4, ccm_bad
    blt   s5, s3, ccm_bad
    andi  s4, s3, 1
    li    s5, 255
    beq   s4, s6, ccm_bad        ; odd tag length
    shli  s5, s5, 8

    ; v5 = 0 || N || 0 ; A0 = (q-1) || N || 0 with q - 1 = 14 - n
    vld   v5
    bge   s1, s5, ccm_bad
    vmask v5, v5, s2
    vshrb v5, v5, 1
    li    s4, 14
    sub   s4, s4, s2
    shli  s5, s4, 24
    vsetw v1, s5, 0
    vor   v1, v1, v5
    aes   v6, v1                 ; S0 = E(K, A0)

    ; B0 = flags || N || Q, flags = 64*[a > 0] + 8*(t-2)/2 + (q-1)
    addi  s5, s3, -2
    shli  s5, s5, 2
    add   s4, s4, s5
    blt   s1, s6, ccm_no_adata
    ori   s4, s4, 64
ccm_no_adata:
    shli  s4, s4, 24
    vsetw v4, s4, 0
    vor   v4, v4, v5
    vzero v5
    vsetw v5, s0, 3
    vor   v4, v4, v5
    aes   v3, v4                 ; X1 = E(K, B0)

    ; AAD: [a]16 || A, zero-padded.  v7 carries the two bytes that each AAD
    ; word pushes into the next block.  s4 = AAD bytes not yet read,
    ; s5 = formatted bytes not yet hashed.
    blt   s1, s6, ccm_payload
    shli  s4, s1, 16
    vsetw v7, s4, 0
    addi  s4, s1, 0
    addi  s5, s1, 2
ccm_aad_loop:
    vzero v5
    blt   s4, s6, ccm_aad_noload
    vld   v5
    vmask v5, v5, s4
ccm_aad_noload:
    vshrb v4, v5, 2
    vor   v4, v4, v7
    vshlb v7, v5, 14
    aesx  v3, v3, v4
    addi  s5, s5, -16
    addi  s4, s4, -16
    bge   s5, s6, ccm_aad_loop

ccm_payload:
    li    s4, 16
    addi  s5, s0, 0
    blt   s0, s6, ccm_tag
    vinc  v1, v1
    aes   v2, v1                 ; keystream of block 1
    beq   s7, s6, ccm_dec_loop

ccm_enc_loop:
    vld   v4
    vmask v4, v4, s5             ; P_i, zero-padded for the MAC
    vxor  v5, v4, v2             ; C_i (waits for the keystream)
    vstn  v5, s5
    addi  s5, s5, -16
    vinc  v1, v1
    blt   s5, s6, ccm_enc_last
    aes   v2, v1                 ; next keystream
    aesx  v3, v3, v4             ; MAC step
    jmp   ccm_enc_loop
ccm_enc_last:
    aesx  v3, v3, v4
    jmp   ccm_tag

ccm_dec_loop:
    vld   v4
    vxor  v5, v4, v2             ; P_i (waits for the keystream)
    vmask v5, v5, s5
    vstn  v5, s5
    addi  s5, s5, -16
    vinc  v1, v1
    blt   s5, s6, ccm_dec_last
    aes   v2, v1
    aesx  v3, v3, v5
    jmp   ccm_dec_loop
ccm_dec_last:
    aesx  v3, v3, v5

ccm_tag:
    vxor  v5, v3, v6             ; U = T xor S0 (first t bytes)
    beq   s7, s6, ccm_verify
    vstn  v5, s3
    done  OK
ccm_verify:
    vld   v4
    tagchk v5, v4, s3
    bf    ccm_auth_fail
    done  OK
ccm_auth_fail:
    done  AUTH_FAIL
ccm_bad:
    done  BAD_PARAM
