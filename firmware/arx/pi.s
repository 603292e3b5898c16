; pi-Cipher (version 2; paper 004's cipher) on the ARX element: pi16cipher, pi32cipher and
; pi64cipher, encrypt and decrypt-and-verify, with and without the secret message number.
; A second ARX image (docs/arx.md, "Images"): load it into the elements that serve the
; pi-Cipher channel modes.  Reference: mccp.ref.pi_cipher.
;
; Task arguments as for every ARX entry (arx.s): c0 = payload bytes, c1 = AAD bytes, c2 = nonce
; (the public message number) bytes, c3 = tag bytes, c4 = key bytes; c7 the output budget.
; The key (16 or 32 bytes; pi16: 12 or 16), the public nonce and a 0x01 byte fill the start of the
; state; the tag is the whole rate (pi16 16 bytes, pi32 32, pi64 64).  The *_nsec entries take
; the secret message number as the payload's first rate block (encrypt: in clear, out
; encrypted; decrypt: the other way round), as the cipher's reference code lays out its
; ciphertext.
;
; The state is four chunks of four w-bit words.  pi32: chunk k in v<k>; pi16: in the low half
; of v<k> (the high halves carry junk the low halves never see); pi64: in v<2k>, v<2k+1>.
; x * y (mu on x, nu on y, added) is `pmu`, `pnu`, `add` (pi64: `pmut`, `pmux`, `pnut`,
; `pnux`, two `add`).  pi16 and pi32 keep the common state (cis) in v4..v7, the tag in v8
; (chunk 0's words) and v9 (chunk 2's), the 64-bit block counter in v10 (lane 0); pi64 keeps
; cis in the message memory (rows 0..7), the tag in v11..v14 and the counter in v15.

.const ONE, 1                                       ; 0x01 in byte 0, 1 in lane 0
.const MASK64, 0xffffffffffffffff
.const BYTES01, 0x01010101010101010101010101010101

; Round constants of pi (the cipher's, in lanes), one table per constant of a round, the rounds
; in reverse order: round r at TABLE + 2 - r (`ldcx` with c6 = 3 - r, minus 1).
.const PI16_K1, 0x473c4d4b534e5655, 0x716c747287788d8b, 0xa6a5aaa9b1acb4b2
.const PI16_K2, 0x2d2b332e36353a39, 0x5a59635c66656a69, 0x938e96959a99a39c
.const PI32_K1, 0x716c6a6987787472938e8d8b9a999695, 0xd4d2d1cce4e2e1d8170ff0e8271e1d1b, 0x635c5a596a6966657472716c8d8b8778
.const PI32_K2, 0x473c3a39534e4d4b5a5956556665635c, 0xa6a5a39cb1acaaa9c3b8b4b2cac9c6c5, 0x332e2d2b3a3936354d4b473c5655534e
.const PI64_K1A, 0x332e2d2b271e1d1b4d4b473c3a393635, 0x1d1b170ff0e8e4e23635332e2d2b271e, 0xe4e2e1d8d4d2d1cc271e1d1b170ff0e8
.const PI64_K1B, 0xd4d2d1cccac9c6c5170ff0e8e4e2e1d8, 0xc6c5c3b8b4b2b1ace1d8d4d2d1cccac9, 0xb1acaaa9a6a5a39ccac9c6c5c3b8b4b2
.const PI64_K2A, 0xa6a5a39c9a999695c3b8b4b2b1acaaa9, 0x9695938e8d8b8778aaa9a6a5a39c9a99, 0x87787472716c6a699a999695938e8d8b
.const PI64_K2B, 0x716c6a696665635c938e8d8b87787472, 0x635c5a595655534e7472716c6a696665, 0x534e4d4b473c3a396665635c5a595655

; Flags of a task (c3 once the tag length is checked).
.equ DECRYPT, 1
.equ NSEC, 2
; Kinds of the last block (c4 in the flow): absorbed only (AAD, nonce), encrypted, decrypted.
.equ ABSORB, 0
.equ ENCRYPT, 1
.equ DECRYPT_BLOCK, 2

pi_bad:
    done    BAD_PARAM
pi_auth:
    done    AUTH_FAIL

; ---- the last block's words --------------------------------------------------------------------
; \R = a rate word of a last (padded) block; c5 = the bytes left of the block (a whole word at
; 16 or more), c4 = its kind.  The word takes its message bytes (from the input when c5 > 0) and,
; when c5 < 16, the pad byte 0x01 after them; encrypt writes the new rate word, decrypt the
; plaintext (out takes min(16, c7) bytes: c7 = the payload left).  Then c6 = 1 and c5 -= 16 if
; the word was whole (the block goes on), else c6 = 0.  Uses \X, \T.
.macro last_word R, X, T
    xor     \X, \X, \X
    bz      c5, lw_x\@
    mov     \X, in
lw_x\@:
    cadd    c6, c4, -DECRYPT_BLOCK
    bnz     c6, lw_plain\@
    vmask   \T, c5
    xor     \X, \X, \R
    and     \X, \X, \T                  ; decrypt: the plaintext bytes
    mov     out, \X
lw_plain\@:
    xor     \R, \R, \X
    cadd    c6, c5, 1
    vmask   \X, c6
    vmask   \T, c5
    xor     \X, \X, \T
    ldc     \T, BYTES01
    and     \X, \X, \T                  ; the pad: 0x01 at byte c5 (none from 16 on)
    xor     \R, \R, \X
    cadd    c6, c4, -ENCRYPT
    bnz     c6, lw_count\@
    mov     out, \R                     ; encrypt: the ciphertext bytes
lw_count\@:
    cshr    c6, c5, 4
    bz      c6, lw_end\@
    cadd    c5, c5, -16
lw_end\@:
    ret
.endm

; a rate word in v13 (pi16, pi32; temporaries v12, v14) or v8 (pi64; v9, v10)
pi_last_word:
    last_word v13, v14, v12
pi64_last_word:
    last_word v8, v9, v10

; ---- the flow of one task, shared by the three word sizes ------------------------------------
; Each size has pi<W>_setup (state = key, nonce, 0x01; checks their lengths), _perm, _cis
; (cis = state), _init (counter from cis, tag = 0), _ctr (state = cis with the counter + 1,
; to be permuted),
; _tagcis (state = cis with the tag absorbed), _tag (tag += rate), _in / _encblk / _decblk (a whole
; rate block: absorb / encrypt / decrypt), _last (a last block of c5 < RATE bytes, kind c4),
; _tagout, _tagcheck.
.macro pi_flow W, RATE, LOG2RATE
pi\W\()_go:                             ; c5 = flags
    cadd    c6, c3, -\RATE
    bnz     c6, pi_bad                  ; the tag is the whole rate
    cadd    c3, c5, 0
    cand    c6, c3, NSEC
    bz      c6, fl_len\@
    cshr    c6, c0, \LOG2RATE
    bz      c6, pi_bad                  ; no room for the secret message number
fl_len\@:
    cadd    c7, c0, 0
    call    pi\W\()_setup
    call    pi\W\()_perm
    call    pi\W\()_cis
    call    pi\W\()_init
fl_ad\@:                                ; associated data: whole blocks, then a padded one
    cshr    c6, c1, \LOG2RATE
    bz      c6, fl_ad_last\@
    call    pi\W\()_ctr
    call    pi\W\()_perm
    call    pi\W\()_in
    call    pi\W\()_perm
    call    pi\W\()_tag
    cadd    c1, c1, -\RATE
    jmp     fl_ad\@
fl_ad_last\@:
    call    pi\W\()_ctr
    call    pi\W\()_perm
    cadd    c5, c1, 0
    cli     c4, ABSORB
    call    pi\W\()_last
    call    pi\W\()_perm
    call    pi\W\()_tag
    call    pi\W\()_tagcis              ; cis = pi(cis with the tag absorbed)
    call    pi\W\()_perm
    call    pi\W\()_cis
    cand    c4, c3, DECRYPT
    cadd    c4, c4, ENCRYPT             ; the message blocks' kind
    cand    c6, c3, NSEC
    bz      c6, fl_msg\@
    call    pi\W\()_ctr                 ; the secret message number: one block, then cis = pi(state)
    call    pi\W\()_perm
    call    fl_block\@
    call    pi\W\()_perm
    call    pi\W\()_cis
    call    pi\W\()_tag
    cadd    c0, c0, -\RATE
fl_msg\@:                               ; the message: whole blocks, then a padded one
    cshr    c6, c0, \LOG2RATE
    bz      c6, fl_msg_last\@
    call    pi\W\()_ctr
    call    pi\W\()_perm
    call    fl_block\@
    call    pi\W\()_perm
    call    pi\W\()_tag
    cadd    c0, c0, -\RATE
    jmp     fl_msg\@
fl_msg_last\@:
    call    pi\W\()_ctr
    call    pi\W\()_perm
    cadd    c5, c0, 0
    call    pi\W\()_last
    call    pi\W\()_perm
    call    pi\W\()_tag
    cand    c6, c3, DECRYPT
    bnz     c6, fl_verify\@
    cli     c7, \RATE
    call    pi\W\()_tagout
    done    OK
fl_verify\@:
    call    pi\W\()_tagcheck
    done    OK
fl_block\@:                             ; a whole block of the message's kind
    cadd    c6, c4, -ENCRYPT
    bnz     c6, pi\W\()_decblk
    jmp     pi\W\()_encblk
.endm

; ---- pi16 and pi32: one chunk per register -----------------------------------------------------
; x * y into \D, x in \X, y in \Y (temporaries v11, v12)
.macro ast_small W, X, Y, D
    pmu.\W  v11, \X
    pnu.\W  v12, \Y
    add.\W  \D, v11, v12
.endm

; pi over v0..v3 (temporaries v11, v12; c6)
.macro perm_small W, K1, K2
    cli     c6, 3
    loop    c6, ps_end\@
    ldcx    v11, c6, \K1 - 1
    pmu.\W  v11, v11
    pnu.\W  v12, v0
    add.\W  v0, v11, v12                ; t0 = K1 * s0
    ast_small \W, v0, v1, v1            ; t1 = t0 * s1
    ast_small \W, v1, v2, v2
    ast_small \W, v2, v3, v3            ; t3
    pmu.\W  v11, v3
    ldcx    v12, c6, \K2 - 1
    pnu.\W  v12, v12
    add.\W  v3, v11, v12                ; s3 = t3 * K2
    ast_small \W, v2, v3, v2            ; s2 = t2 * s3
    ast_small \W, v1, v2, v1
    ast_small \W, v0, v1, v0            ; s0 = t0 * s1
ps_end\@:
    cadd    c6, c6, -1
    ret
.endm

; routines common to pi16 and pi32
pi_small_cis:
pi16_cis:
pi32_cis:
    mov     v4, v0
    mov     v5, v1
    mov     v6, v2
    mov     v7, v3
    ret
pi_small_init:                          ; the counter: cis chunk 1's first 64 bits; tag = 0
pi16_init:
pi32_init:
    ldc     v11, MASK64
    and     v10, v5, v11
    xor     v8, v8, v8
    xor     v9, v9, v9
    ret
pi_small_ctr:
pi16_ctr:
pi32_ctr:
    mov     v1, v5
    mov     v2, v6
    mov     v3, v7
    ldc     v11, ONE
    add.64  v10, v10, v11
    xor     v0, v4, v10
    ret

; v0..v3 = the key (16 bytes, MAXKEY, or 12 with KEY96 = 1), the nonce (at most MAXNONCE
; bytes; below 16 with a 12-byte key), 0x01, zeros: the state's bytes in order.  pi16 lays the
; words out into chunks afterwards.
.macro setup_small MAXKEY, MAXNONCE, KEY96
    cmin    c6, c2, \MAXNONCE
    csub    c6, c6, c2
    bnz     c6, pi_bad
    key     v0, 0
    key     v1, 1
    xor     v2, v2, v2
    xor     v3, v3, v3
.rept \KEY96
    cadd    c6, c4, -12
    bz      c6, ss_12\@
.endr
    cadd    c6, c4, -16
    bz      c6, ss_16\@
    cadd    c6, c4, -\MAXKEY
    bnz     c6, pi_bad
    mov     v13, v2
    cadd    c5, c2, 0
    cli     c4, ABSORB
    call    pi_last_word
    mov     v2, v13
    bz      c6, ss_end\@
    mov     v13, v3
    call    pi_last_word
    mov     v3, v13
    jmp     ss_end\@
.rept \KEY96
ss_12\@:                                 ; the nonce word (one: MAXNONCE < 16) after the key's 12 bytes
    mov     v13, v2
    cadd    c5, c2, 0
    cli     c4, ABSORB
    call    pi_last_word
    cli     c5, 12
    vmask   v14, c5                     ; bytes 0..11
    mov.x1  v13, v13                    ; nonce bytes 0..3 to bytes 12..15, bytes 4..15 to 0..11
    and     v1, v13, v14
    andn    v13, v13, v14
    xor     v0, v0, v13
    jmp     ss_end\@
.endr
ss_16\@:
    mov     v13, v1
    cadd    c5, c2, 0
    cli     c4, ABSORB
    call    pi_last_word
    mov     v1, v13
    bz      c6, ss_end\@
    mov     v13, v2
    call    pi_last_word
    mov     v2, v13
ss_end\@:
.endm

; ---- pi32 ------------------------------------------------------------------------------------
pi32_perm:
    perm_small 32, PI32_K1, PI32_K2
pi32_setup:
    setup_small 32, 16, 0
    ret
pi32_tagcis:
    xor     v0, v4, v8
    mov     v1, v5
    xor     v2, v6, v9
    mov     v3, v7
    ret
pi32_tag:
    add.32  v8, v8, v0
    add.32  v9, v9, v2
    ret
pi32_in:
    xor     v0, in, v0
    xor     v2, in, v2
    ret
pi32_encblk:
    xor     v0, in, v0
    mov     out, v0
    xor     v2, in, v2
    mov     out, v2
    ret
pi32_decblk:
    mov     v13, in
    xor     out, v13, v0
    mov     v0, v13
    mov     v13, in
    xor     out, v13, v2
    mov     v2, v13
    ret
pi32_last:
    mov     v13, v0
    call    pi_last_word
    mov     v0, v13
    bz      c6, p32_last_end
    mov     v13, v2
    call    pi_last_word
    mov     v2, v13
p32_last_end:
    ret
pi32_tagout:
    mov     out, v8
    mov     out, v9
    ret
pi32_tagcheck:
    mov     v13, in
    vcmp    v13, v8
    bne     pi_auth
    mov     v13, in
    vcmp    v13, v9
    bne     pi_auth
    ret

    pi_flow 32, 32, 5

.entry pi32_enc
pi32_enc:
    cli     c5, 0
    jmp     pi32_go
.entry pi32_dec
pi32_dec:
    cli     c5, DECRYPT
    jmp     pi32_go
.entry pi32_enc_nsec
pi32_enc_nsec:
    cli     c5, NSEC
    jmp     pi32_go
.entry pi32_dec_nsec
pi32_dec_nsec:
    cli     c5, NSEC | DECRYPT
    jmp     pi32_go

; ---- pi16: chunk k in the low half of v<k>; a rate word is (chunk 0, chunk 2) ------------------
pi16_perm:
    perm_small 16, PI16_K1, PI16_K2
pi16_setup:                             ; key (12 or 16 bytes), nonce (at most 15), 0x01: two words
    setup_small 16, 15, 1
    mov.x2  v3, v1
    mov     v2, v1
    mov.x2  v1, v0
    ret
pi16_rate:                              ; v13 = the rate word (chunk 0, chunk 2)
    mov.x2  v13, v0
    mov     v14, v2
    swz     v14, v13
    ret
pi16_unrate:                            ; the rate word v13 back into chunks 0 and 2
    mov     v0, v13
    mov.x2  v2, v13
    ret
pi16_tagcis:
    xor     v0, v4, v8
    mov     v1, v5
    xor     v2, v6, v9
    mov     v3, v7
    ret
pi16_tag:
    add.16  v8, v8, v0
    add.16  v9, v9, v2
    ret
pi16_in:
    mov     v13, in
    xor     v0, v0, v13
    mov.x2  v13, v13
    xor     v2, v2, v13
    ret
pi16_encblk:
    call    pi16_in
    call    pi16_rate
    mov     out, v13
    ret
pi16_decblk:
    call    pi16_rate
    mov     v14, in
    xor     out, v14, v13
    mov     v13, v14
    jmp     pi16_unrate
pi16_last:
    call    pi16_rate
    call    pi_last_word
    jmp     pi16_unrate
pi16_tagword:                           ; v13 = the tag (chunk 0's words, chunk 2's)
    mov.x2  v13, v8
    mov     v14, v9
    swz     v14, v13
    ret
pi16_tagout:
    call    pi16_tagword
    mov     out, v13
    ret
pi16_tagcheck:
    call    pi16_tagword
    mov     v14, in
    vcmp    v14, v13
    bne     pi_auth
    ret

    pi_flow 16, 16, 4

.entry pi16_enc
pi16_enc:
    cli     c5, 0
    jmp     pi16_go
.entry pi16_dec
pi16_dec:
    cli     c5, DECRYPT
    jmp     pi16_go
.entry pi16_enc_nsec
pi16_enc_nsec:
    cli     c5, NSEC
    jmp     pi16_go
.entry pi16_dec_nsec
pi16_dec_nsec:
    cli     c5, NSEC | DECRYPT
    jmp     pi16_go

; ---- pi64: chunk k in v<2k>, v<2k+1>; cis in the message memory -------------------------------
; x * y into y (ast64_y) or into x (ast64_x); temporaries v8, v9, v10
.macro ast64_y X0, X1, Y0, Y1
    pmut    v8, \X0, \X1
    pmux    v9, \X0, \X1, v8            ; mu(x): v9 = words 0, 1; v8 = words 2, 3
    pnut    v10, \Y0, \Y1
    pnux    \Y0, \Y0, \Y1, v10          ; nu(y): \Y0 = words 0, 1; v10 = words 2, 3
    add.64  \Y0, \Y0, v9
    add.64  \Y1, v10, v8
.endm
.macro ast64_x X0, X1, Y0, Y1
    pmut    v8, \X0, \X1
    pmux    v9, \X0, \X1, v8
    pnut    v10, \Y0, \Y1
    pnux    \X0, \Y0, \Y1, v10
    add.64  \X0, \X0, v9
    add.64  \X1, v10, v8
.endm

pi64_perm:
    cli     c6, 3
    loop    c6, p64_end
    ldcx    v9, c6, PI64_K1A - 1
    ldcx    v10, c6, PI64_K1B - 1
    pmut    v8, v9, v10
    pmux    v9, v9, v10, v8             ; mu(K1)
    pnut    v10, v0, v1
    pnux    v0, v0, v1, v10
    add.64  v0, v0, v9
    add.64  v1, v10, v8                 ; t0 = K1 * s0
    ast64_y v0, v1, v2, v3              ; t1
    ast64_y v2, v3, v4, v5              ; t2
    ast64_y v4, v5, v6, v7              ; t3
    pmut    v8, v6, v7
    pmux    v9, v6, v7, v8              ; mu(t3)
    ldcx    v6, c6, PI64_K2A - 1
    ldcx    v7, c6, PI64_K2B - 1
    pnut    v10, v6, v7
    pnux    v6, v6, v7, v10
    add.64  v6, v6, v9
    add.64  v7, v10, v8                 ; s3 = t3 * K2
    ast64_x v4, v5, v6, v7              ; s2 = t2 * s3
    ast64_x v2, v3, v4, v5
    ast64_x v0, v1, v2, v3              ; s0 = t0 * s1
p64_end:
    cadd    c6, c6, -1
    ret

; the word \R of a last block (or of the key, nonce, 0x01 setup) through pi64_last_word
.macro last64 R
    mov     v8, \R
    call    pi64_last_word
    mov     \R, v8
.endm

pi64_setup:                             ; key (16 or 32 bytes), nonce (at most 16), 0x01
    cmin    c6, c2, 16
    csub    c6, c6, c2
    bnz     c6, pi_bad
    key     v0, 0
    key     v1, 1
    xor     v2, v2, v2
    xor     v3, v3, v3
    xor     v4, v4, v4
    xor     v5, v5, v5
    xor     v6, v6, v6
    xor     v7, v7, v7
    cadd    c5, c2, 0
    cadd    c6, c4, -16
    cli     c4, ABSORB
    bz      c6, p64s_16
    cadd    c6, c6, -16
    bnz     c6, pi_bad
    last64  v2
    bz      c6, p64s_end
    last64  v3
    ret
p64s_16:
    last64  v1
    bz      c6, p64s_end
    last64  v2
p64s_end:
    ret
pi64_cis:
    mst     0, v0
    mst     1, v1
    mst     2, v2
    mst     3, v3
    mst     4, v4
    mst     5, v5
    mst     6, v6
    mst     7, v7
    ret
pi64_init:
    ldc     v9, MASK64
    and     v15, v2, v9
    xor     v11, v11, v11
    xor     v12, v12, v12
    xor     v13, v13, v13
    xor     v14, v14, v14
    ret
pi64_load:                              ; state = cis
    xor     v8, v8, v8
    madd.32 v0, v8, 0, 1, 2, 3
    madd.32 v1, v8, 4, 5, 6, 7
    madd.32 v2, v8, 8, 9, 10, 11
    madd.32 v3, v8, 12, 13, 14, 15
    madd.32 v4, v8, 16, 17, 18, 19
    madd.32 v5, v8, 20, 21, 22, 23
    madd.32 v6, v8, 24, 25, 26, 27
    madd.32 v7, v8, 28, 29, 30, 31
    ret
pi64_ctr:
    call    pi64_load
    ldc     v9, ONE
    add.64  v15, v15, v9
    xor     v0, v0, v15
    ret
pi64_tagcis:
    call    pi64_load
    xor     v0, v0, v11
    xor     v1, v1, v12
    xor     v4, v4, v13
    xor     v5, v5, v14
    ret
pi64_tag:
    add.64  v11, v11, v0
    add.64  v12, v12, v1
    add.64  v13, v13, v4
    add.64  v14, v14, v5
    ret
pi64_in:
    xor     v0, in, v0
    xor     v1, in, v1
    xor     v4, in, v4
    xor     v5, in, v5
    ret
pi64_encblk:
    xor     v0, in, v0
    mov     out, v0
    xor     v1, in, v1
    mov     out, v1
    xor     v4, in, v4
    mov     out, v4
    xor     v5, in, v5
    mov     out, v5
    ret
.macro dec64 R
    mov     v8, in
    xor     out, v8, \R
    mov     \R, v8
.endm
pi64_decblk:
    dec64   v0
    dec64   v1
    dec64   v4
    dec64   v5
    ret
pi64_last:
    last64  v0
    bz      c6, p64l_end
    last64  v1
    bz      c6, p64l_end
    last64  v4
    bz      c6, p64l_end
    last64  v5
p64l_end:
    ret
pi64_tagout:
    mov     out, v11
    mov     out, v12
    mov     out, v13
    mov     out, v14
    ret
.macro check64 T
    mov     v8, in
    vcmp    v8, \T
    bne     pi_auth
.endm
pi64_tagcheck:
    check64 v11
    check64 v12
    check64 v13
    check64 v14
    ret

    pi_flow 64, 64, 6

.entry pi64_enc
pi64_enc:
    cli     c5, 0
    jmp     pi64_go
.entry pi64_dec
pi64_dec:
    cli     c5, DECRYPT
    jmp     pi64_go
.entry pi64_enc_nsec
pi64_enc_nsec:
    cli     c5, NSEC
    jmp     pi64_go
.entry pi64_dec_nsec
pi64_dec_nsec:
    cli     c5, NSEC | DECRYPT
    jmp     pi64_go
