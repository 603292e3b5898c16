; ChaCha20 (RFC 8439) and ChaCha20-Poly1305 (RFC 8439 section 2.8).
;
; The state is four rows of four 32-bit lanes: v4 = A (constants), v5 = B, v6 = C (key),
; v7 = D (counter, nonce).  A column round is four `arx` steps on the rows; the diagonal round
; runs on rows whose lanes were rotated as they were written (A by 1, B by 2, C by 3: D's
; lane i then meets a(i+1), b(i+2), c(i+3), the words of its diagonal), and its last steps
; rotate them back.  The input rows stay in v0..v3 (v3's counter advances per block); v8 = ONE.

; v4..v7 = the state (v0, v1, v2, v3) after the 20 rounds (ten double rounds).  Needs c6 = 10.
.macro chacha_rounds
    mov     v4, v0
    mov     v5, v1
    mov     v6, v2
    mov     v7, v3
    loop    c6, dr_last\@
    arx.32.r16          v4, v5, v7      ; a += b; d = (d ^ a) <<< 16
    arx.32.r12          v6, v7, v5      ; c += d; b = (b ^ c) <<< 12
    arx.32.r8.x1        v4, v5, v7      ; a += b; d = (d ^ a) <<< 8;   A to the diagonal frame
    arx.32.r7.x3.z2     v6, v7, v5      ; c += d; b = (b ^ c) <<< 7;   C, B to the diagonal frame
    arx.32.r16          v4, v5, v7
    arx.32.r12          v6, v7, v5
    arx.32.r8.x3        v4, v5, v7      ; A back
dr_last\@:
    arx.32.r7.x1.z2     v6, v7, v5      ; C, B back
.endm

; v4..v7 = the keystream block of state (v0, v1, v2, v3); v3's counter += 1.  Needs c6 = 10.
chacha_block:
    chacha_rounds
    add.32  v4, v4, v0
    add.32  v5, v5, v1
    add.32  v6, v6, v2
    add.32  v7, v7, v3
    add.32  v3, v3, v8
    ret

; v0..v2 = the constants and the channel's key, v8 = ONE, c6 = 10.
chacha_setup:
    ldc     v0, SIGMA
    ldc     v8, ONE
    key     v1, 0
    key     v2, 1
    cli     c6, 10
    ret

; ChaCha20: nonce (16 bytes: the 32-bit initial counter, then the 96-bit nonce), payload;
; out: payload xor keystream.
.entry chacha20
chacha20:
    cadd    c4, c2, -16
    bnz     c4, chacha_bad
    bnz     c1, chacha_bad
    bnz     c3, chacha_bad
    call    chacha_setup
    mov     v3, in
    cadd    c7, c0, 0
    cshr    c4, c0, 6
chacha20_full:
    bz      c4, chacha20_tail
    call    chacha_block
    xor     out, in, v4
    xor     out, in, v5
    xor     out, in, v6
    xor     out, in, v7
    cadd    c4, c4, -1
    jmp     chacha20_full
chacha20_tail:
    cand    c5, c0, 63
    bz      c5, chacha_ok
    call    chacha_block
    cadd    c5, c5, 15
    cshr    c5, c5, 4                   ; words left: 1..4
    xor     out, in, v4
    cadd    c5, c5, -1
    bz      c5, chacha_ok
    xor     out, in, v5
    cadd    c5, c5, -1
    bz      c5, chacha_ok
    xor     out, in, v6
    cadd    c5, c5, -1
    bz      c5, chacha_ok
    xor     out, in, v7
chacha_ok:
    done    OK
chacha_bad:
    done    BAD_PARAM

; The AEAD's common start: checks the lengths (nonce 12, tag 16), makes the Poly1305 key
; from block 0 and absorbs the AAD, zero-padded.  The counter is then 1.
aead_start:
    cadd    c4, c2, -12
    bnz     c4, aead_bad
    cadd    c4, c3, -16
    bnz     c4, aead_bad
    call    chacha_setup
    mov.x3  v3, in                      ; (0, nonce): the counter lane is the padding's
aead_key:
    call    chacha_block
    pkey    v4, v5
    cadd    c4, c1, 15
    cshr    c4, c4, 4
    loop    c4, aead_aad
aead_aad:
    mov.q   v12, in                     ; AAD words, zero-padded, to Poly1305
    cadd    c7, c0, 0
    cshr    c4, c0, 6
    cand    c5, c0, 63
    ret

; XChaCha20-Poly1305's start (draft-irtf-cfrg-xchacha): the 24-byte nonce's first 16 bytes and
; the key through HChaCha20 (the rounds without the final addition; words 0..3 and 12..15) make
; the key of a ChaCha20-Poly1305 whose nonce is 4 zero bytes and the nonce's last 8; then as
; aead_start.
xaead_start:
    cadd    c4, c2, -24
    bnz     c4, aead_bad
    cadd    c4, c3, -16
    bnz     c4, aead_bad
    call    chacha_setup
    mov     v3, in                      ; nonce bytes 0..15: words 12..15
    chacha_rounds
    mov     v1, v4                      ; the subkey
    mov     v2, v7
    mov.x2  v3, in                      ; (0, 0, nonce bytes 16..23): counter 0, 4 zero bytes
    jmp     aead_key

; The lengths block (AAD bytes, payload bytes as 64-bit little-endian words) to Poly1305;
; v11 = the tag.
aead_finish:
    xor     v12, v12, v12
    vins.32 v12, c1, 0
    vins.32 v12, c0, 2
    mov.p   v12, v12
    pfin    v11
    ret

aead_bad:
    done    BAD_PARAM

; ChaCha20-Poly1305 encryption: nonce (12), AAD, plaintext; out: ciphertext, tag (16).
; XChaCha20-Poly1305 the same with a 24-byte nonce.
.entry xchacha20_poly1305_enc
xchacha20_poly1305_enc:
    call    xaead_start
    jmp     aenc_full
.entry chacha20_poly1305_enc
chacha20_poly1305_enc:
    call    aead_start
aenc_full:
    bz      c4, aenc_tail
    call    chacha_block
    xor.p   out, in, v4                 ; ciphertext out and to Poly1305
    xor.p   out, in, v5
    xor.p   out, in, v6
    xor.p   out, in, v7
    cadd    c4, c4, -1
    jmp     aenc_full
aenc_tail:                              ; c5 bytes left (0..63); the last word masked to them
    bz      c5, aenc_tag
    call    chacha_block
    mov     v9, v4
    call    aenc_word
    bz      c5, aenc_tag
    mov     v9, v5
    call    aenc_word
    bz      c5, aenc_tag
    mov     v9, v6
    call    aenc_word
    bz      c5, aenc_tag
    mov     v9, v7
    call    aenc_word
aenc_tag:
    call    aead_finish
    cli     c7, 16
    mov     out, v11
    done    OK

; One word of the tail: plaintext xor v9, its bytes beyond c5 zeroed (the padding Poly1305
; sees); c5 -= min(c5, 16).
aenc_word:
    xor     v9, in, v9
    vmask   v10, c5
    and.p   out, v9, v10
    cmin    c6, c5, 16
    csub    c5, c5, c6
    cli     c6, 10
    ret

; ChaCha20-Poly1305 decryption: nonce (12), AAD, ciphertext, tag (16); out: plaintext, only
; if the tag matches (else AUTH_FAIL and nothing).  XChaCha20-Poly1305 with a 24-byte nonce.
.entry xchacha20_poly1305_dec
xchacha20_poly1305_dec:
    call    xaead_start
    jmp     adec_full
.entry chacha20_poly1305_dec
chacha20_poly1305_dec:
    call    aead_start
adec_full:
    bz      c4, adec_tail
    call    chacha_block
    xor.q   out, in, v4                 ; the ciphertext word to Poly1305, plaintext out
    xor.q   out, in, v5
    xor.q   out, in, v6
    xor.q   out, in, v7
    cadd    c4, c4, -1
    jmp     adec_full
adec_tail:                              ; the ciphertext's padding is zeros already
    bz      c5, adec_tag
    call    chacha_block
    cadd    c5, c5, 15
    cshr    c5, c5, 4
    xor.q   out, in, v4
    cadd    c5, c5, -1
    bz      c5, adec_tag
    xor.q   out, in, v5
    cadd    c5, c5, -1
    bz      c5, adec_tag
    xor.q   out, in, v6
    cadd    c5, c5, -1
    bz      c5, adec_tag
    xor.q   out, in, v7
adec_tag:
    call    aead_finish
    mov     v12, in
    vcmp    v11, v12
    bne     adec_fail
    done    OK
adec_fail:
    done    AUTH_FAIL
