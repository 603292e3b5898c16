; BLAKE2s and BLAKE2b (RFC 7693): hashes keyed from the AAD field, and MACs under the
; channel's key.
;
; Entries (c2 = 0 always; nn = c3 = the digest's length, 1..32 for BLAKE2s, 1..64 for BLAKE2b;
; the payload is the message, any length; out: the nn-byte digest):
;   blake2s, blake2b                 the AAD field is the key (kk = c1 bytes: 0..32 / 0..64)
;   blake2s_mac, blake2b_mac         the key is the channel's (c1 = 0, kk = c4: 16, 24 or 32)
;   blake2s_mac_verify, blake2b_mac_verify
;                                    as the mac entries, with the tag field (nn bytes) after
;                                    the payload: OK (no output) if it is the MAC, else AUTH_FAIL
; Anything else: BAD_PARAM.
;
; The blocks: the key block (the key zero-padded to a block) if kk > 0, then the message in
; blocks, the last zero-padded; t counts the bytes of both (a whole block for the key), and
; the final flag marks the last block (an empty unkeyed message: one zero block, t = 0).
;
; The rounds: one round's code under `loop`, its message words gathered by `msig` from the
; sigma row that the round counter (c5's low four bits, below) selects.  The first `msig` of
; round 0 reads a from h and stands before the loop, the rest of the last round after it (a
; cycle a block saved for its 11 / 22 words); the body is the rest of a round, `cadd c5, c5,
; 1` and the first `msig`(s) of the next round, run 9 (BLAKE2s) or 11 (BLAKE2b) times.
;
; BLAKE2s: a row of the state is a register of four 32-bit lanes, v0..v3 = a, b, c, d.  The
; half G step of a column round is one `msig` (the message words of the four columns, in
; sigma's order) and two `arx`; the last two steps of the column round write a, c and b
; rotated by one, three and two lanes (as in chacha.s), so the diagonal round runs on the
; same lanes (lane i: the diagonal of a(i+1)) and rotates them back.
;
; BLAKE2b: two registers per row, the columns interleaved: v0 = (a0, a2), v1 = (a1, a3),
; v2/v3 = b, v4/v5 = c, v6/v7 = d in the same order.  A column round runs columns 0 and 2 in
; the even registers, 1 and 3 in the odd ones.  The diagonals (a0 b1 c2 d3), (a2 b3 c0 d1)
; meet in (v0 swapped, v3 swapped, v4, v7), and (a1 b2 c3 d0), (a3 b0 c1 d2) in (v1, v2
; swapped, v5 swapped, v6): swapping a register's two 64-bit lanes is a lane rotation by two
; that the column round's last `arx` writes for free (.x2 / .z2), and the diagonal round's
; last ones swap back.  No `swz` in the rounds.  Rounds 10 and 11 read sigma rows 10 and 11,
; which `msig` takes as rows 0 and 1.
;
; Registers: v8..v11 = the chaining value h (BLAKE2s: v8 = h0..h3, v9 = h4..h7; BLAKE2b:
; (h0, h2), (h1, h3), (h4, h6), (h5, h7), in order at the end), v12 = (t, f) as row d takes
; them, v13 = the IV half row d starts from, v14 = the block's size in lane 0 (t's step),
; v15 scratch.  Counters: c0 = n, c1 = kk, c2 = the block's bytes + 16 (80 / 144: the block
; loop's bound), c3 = nn, c4 = 0 for BLAKE2s, 8 for BLAKE2b (its constants' offset), c5 = 16
; x the message's words still in the stream, plus the round in its low four bits (0 at a
; compression's start, 9 / 11 after it: b2s_full / b2b_full take the block and the round off
; in one `cadd`, so the round costs no reset), c6 = 1 to verify, c7 = the loop's count (9 / 11).

; Two groups of eight constants, BLAKE2b's 8 after BLAKE2s's (ldcx with c4): h's start (IV,
; h0 with 0x01010000 of the parameter block), row d's IV half, the block size, the final flag
; in row d's lanes, the IV of row c.
.const B2S_H0, 0xa54ff53a3c6ef372bb67ae856b08e667       ; IV0 ^ 0x01010000, IV1, IV2, IV3
.const B2S_H1, 0x5be0cd191f83d9ab9b05688c510e527f       ; IV4..IV7
.const B2S_H2, 0
.const B2S_H3, 0
.const B2S_IVD, 0x5be0cd191f83d9ab9b05688c510e527f      ; IV4..IV7 (d = this ^ (t0, t1, f0, f1))
.const B2S_STEP, 64
.const B2S_FF, 0xffffffff0000000000000000               ; f0 = ~0
.const B2S_C, 0xa54ff53a3c6ef372bb67ae856a09e667        ; IV0..IV3
.const B2B_H0, 0x3c6ef372fe94f82b6a09e667f2bdc908       ; (IV0 ^ 0x01010000, IV2)
.const B2B_H1, 0xa54ff53a5f1d36f1bb67ae8584caa73b       ; (IV1, IV3): also row c's odd half
.const B2B_H2, 0x1f83d9abfb41bd6b510e527fade682d1       ; (IV4, IV6)
.const B2B_H3, 0x5be0cd19137e21799b05688c2b3e6c1f       ; (IV5, IV7): also row d's odd half
.const B2B_IVD, 0x1f83d9abfb41bd6b510e527fade682d1      ; (IV4, IV6) (d0 = this ^ (t, f0))
.const B2B_STEP, 128
.const B2B_FF, 0xffffffffffffffff0000000000000000       ; f0 = ~0
.const B2B_C, 0x3c6ef372fe94f82b6a09e667f3bcc908        ; (IV0, IV2)

; ---- BLAKE2s --------------------------------------------------------------------------

; A round after its first message words (sigma positions 0, 2, 4, 6 added to a): the
; positions of the row c5 selects.
.macro b2s_rest
    arx.32.r16          v0, v1, v3      ; a += b; d = (d ^ a) >>> 16
    arx.32.r20          v2, v3, v1      ; c += d; b = (b ^ c) >>> 12
    msig.32             v0, v0, c5, 1, 3, 5, 7
    arx.32.r24.x1       v0, v1, v3      ; a += b; d = (d ^ a) >>> 8;   a to the diagonal frame
    arx.32.r25.x3.z2    v2, v3, v1      ; c += d; b = (b ^ c) >>> 7;   c, b to the diagonal frame
    msig.32             v0, v0, c5, 10, 12, 14, 8
    arx.32.r16          v0, v1, v3
    arx.32.r20          v2, v3, v1
    msig.32             v0, v0, c5, 11, 13, 15, 9
    arx.32.r24.x3       v0, v1, v3      ; a back
    arx.32.r25.x1.z2    v2, v3, v1      ; c, b back
.endm

; b2s_full: compress the stream's next block, then the blocks after it while more than a
; block's bytes are left (c5 = 16 x words + 9 here and at b2s_next).  b2s_comp: the same from
; the block in m with t and f in v12 (c5 = 16 x words).  b2s_next: only the loop's test.
b2s_full:
    cadd    c5, c5, -64-9               ; the block, and the round back to 0
    mst     0, in
    mst     1, in
    mst     2, in
    mst     3, in
    add.32  v12, v12, v14
b2s_comp:
    ldc     v2, B2S_C
    xor     v3, v13, v12
    mov     v1, v9
    msig.32 v0, v8, c5, 0, 2, 4, 6      ; round 0 starts from h
    loop    c7, b2s_body                ; rounds 0..8, each with the next one's first words
    b2s_rest
    cadd    c5, c5, 1
b2s_body:
    msig.32 v0, v0, c5, 0, 2, 4, 6
    b2s_rest                            ; round 9
    xor     v0, v0, v2
    xor     v8, v8, v0                  ; h0..h3 ^= a ^ c
    xor     v1, v1, v3
    xor     v9, v9, v1                  ; h4..h7 ^= b ^ d
b2s_next:
    blt     c2, c5, b2s_full
    ret

; ---- BLAKE2b --------------------------------------------------------------------------

; A round after its first message words (sigma positions 0, 4 added to (a0, a2), 2, 6 to
; (a1, a3)).
.macro b2b_rest
    arx.64.r32          v0, v2, v6      ; a += b; d = (d ^ a) >>> 32
    arx.64.r32          v1, v3, v7
    arx.64.r40          v4, v6, v2      ; c += d; b = (b ^ c) >>> 24
    arx.64.r40          v5, v7, v3
    msig.64             v0, v0, c5, 1, 5, 0, 0
    msig.64             v1, v1, c5, 3, 7, 0, 0
    arx.64.r48.x2       v0, v2, v6      ; a += b; d = (d ^ a) >>> 16;  (a0, a2) swapped
    arx.64.r48          v1, v3, v7
    arx.64.r1.z2        v4, v6, v2      ; c += d; b = (b ^ c) >>> 63;  (b0, b2) swapped
    arx.64.r1.x2.z2     v5, v7, v3      ; (c1, c3), (b1, b3) swapped
    ; diagonals: v0 = (a2, a0), v3 = (b3, b1), v4 = (c0, c2), v7 = (d1, d3): G6, G4;
    ;            v1 = (a1, a3), v2 = (b2, b0), v5 = (c3, c1), v6 = (d0, d2): G5, G7
    msig.64             v0, v0, c5, 12, 8, 0, 0
    msig.64             v1, v1, c5, 10, 14, 0, 0
    arx.64.r32          v0, v3, v7
    arx.64.r32          v1, v2, v6
    arx.64.r40          v4, v7, v3
    arx.64.r40          v5, v6, v2
    msig.64             v0, v0, c5, 13, 9, 0, 0
    msig.64             v1, v1, c5, 11, 15, 0, 0
    arx.64.r48.x2       v0, v3, v7      ; a back
    arx.64.r48          v1, v2, v6
    arx.64.r1.z2        v4, v7, v3      ; b odd back
    arx.64.r1.x2.z2     v5, v6, v2      ; c odd, b even back
.endm

; As b2s_full / b2s_comp / b2s_next, for BLAKE2b's 128-byte blocks.
b2b_full:
    cadd    c5, c5, -128-11
    mst     0, in
    mst     1, in
    mst     2, in
    mst     3, in
    mst     4, in
    mst     5, in
    mst     6, in
    mst     7, in
    add.32  v12, v12, v14
b2b_comp:
    mov     v2, v10
    mov     v3, v11
    ldc     v4, B2B_C
    ldc     v5, B2B_H1
    xor     v6, v13, v12
    ldc     v7, B2B_H3
    msig.64 v0, v8, c5, 0, 4, 0, 0      ; round 0 starts from h
    msig.64 v1, v9, c5, 2, 6, 0, 0
    loop    c7, b2b_body                ; rounds 0..10, each with the next one's first words
    b2b_rest
    cadd    c5, c5, 1
    msig.64 v0, v0, c5, 0, 4, 0, 0
b2b_body:
    msig.64 v1, v1, c5, 2, 6, 0, 0
    b2b_rest                            ; round 11
    xor     v0, v0, v4
    xor     v8, v8, v0
    xor     v1, v1, v5
    xor     v9, v9, v1
    xor     v2, v2, v6
    xor     v10, v10, v2
    xor     v3, v3, v7
    xor     v11, v11, v3
b2b_next:
    blt     c2, c5, b2b_full
    ret

; ---- both -----------------------------------------------------------------------------

; m rows 0 .. c5 - 1 = the next c5 stream words (c5 <= 8), the rows after them zero; c5 ends
; at 0.  b2_z2: only zero rows 2..7 (v15 = 0).
b2_fill:
    xor     v15, v15, v15
    bz      c5, b2_z0
    mst     0, in
    cadd    c5, c5, -1
    bz      c5, b2_z1
    mst     1, in
    cadd    c5, c5, -1
    bz      c5, b2_z2
    mst     2, in
    cadd    c5, c5, -1
    bz      c5, b2_z3
    mst     3, in
    cadd    c5, c5, -1
    bz      c5, b2_z4
    mst     4, in
    cadd    c5, c5, -1
    bz      c5, b2_z5
    mst     5, in
    cadd    c5, c5, -1
    bz      c5, b2_z6
    mst     6, in
    cadd    c5, c5, -1
    bz      c5, b2_z7
    cadd    c5, c5, -1
    mst     7, in
    ret
b2_z0:
    mst     0, v15
b2_z1:
    mst     1, v15
b2_z2:
    mst     2, v15
b2_z3:
    mst     3, v15
b2_z4:
    mst     4, v15
b2_z5:
    mst     5, v15
b2_z6:
    mst     6, v15
b2_z7:
    mst     7, v15
    ret

; The common checks: c2 = 0, 1 <= nn <= c7, kk <= c7 (c7 = 32 or 64); then c2 = the block's
; bytes + 16 (2 c7 + 16: 16 words + 9 (11) > c2 if words > 4 (8)), c4 = the constants' offset.
b2_chk:
    bnz     c2, b2_bad
    bz      c3, b2_bad
    blt     c7, c3, b2_bad
    blt     c7, c1, b2_bad
    csub    c2, c2, c7
    csub    c2, c7, c2
    cadd    c2, c2, 16
    cshr    c4, c7, 2
    cadd    c4, c4, -8
    ret
b2_bad:
    done    BAD_PARAM

.entry blake2s_mac_verify
blake2s_mac_verify:
    cli     c6, 1
.entry blake2s_mac
blake2s_mac:
    cli     c7, 32
    jmp     b2_mac
.entry blake2b_mac_verify
blake2b_mac_verify:
    cli     c6, 1
.entry blake2b_mac
blake2b_mac:
    cli     c7, 64
b2_mac:                                 ; kk = the key's length, 16, 24 or 32; no AAD
    bnz     c1, b2_bad
    cadd    c5, c4, -16                 ; 0, 8, 16 (else 1..15, 17.. or wrapped)
    cmin    c5, c5, 17
    cand    c5, c5, 7
    bnz     c5, b2_bad
    cadd    c1, c4, 0
    call    b2_chk
    key     v15, 0                      ; the key block: the key (zero-extended), then zeros
    mst     0, v15
    key     v15, 1
    mst     1, v15
    xor     v15, v15, v15
    call    b2_z2
    jmp     b2_front

.entry blake2s
blake2s:
    cli     c7, 32
    jmp     b2_hash
.entry blake2b
blake2b:
    cli     c7, 64
b2_hash:                                ; the key (kk bytes) is the AAD field
    call    b2_chk
    bz      c1, b2_front
    cadd    c5, c1, 15
    cshr    c5, c5, 4
    call    b2_fill                     ; the key block

; From here both: the key block is in m if kk > 0.
b2_front:
    ldcx    v8, c4, B2S_H0
    ldcx    v9, c4, B2S_H1
    ldcx    v10, c4, B2S_H2
    ldcx    v11, c4, B2S_H3
    ldcx    v13, c4, B2S_IVD
    ldcx    v14, c4, B2S_STEP
    xor     v12, v12, v12               ; h0 ^= kk << 8 | nn
    vins.32 v12, c1, 0
    mov.32.r8 v12, v12
    xor     v8, v8, v12
    vins.32 v12, c3, 0
    xor     v8, v8, v12
    xor     v12, v12, v12               ; t = 0, f = 0
    cadd    c5, c0, 15
    cand    c7, c5, 15
    csub    c5, c5, c7                  ; the message's bytes in whole words
    cshr    c7, c4, 2
    cadd    c7, c7, 9                   ; the loop's rounds: 9 / 11
    bz      c1, b2_nokey
    add.32  v12, v12, v14               ; the key block: t = one block
    bz      c5, b2_final                ; (the last one if the message is empty)
    bnz     c4, b2_kb
    call    b2s_comp                    ; the key block, then the message's blocks but the last
    jmp     b2_last
b2_kb:
    call    b2b_comp
    jmp     b2_last
b2_nokey:
    bnz     c4, b2_nb
    cadd    c5, c5, 9                   ; as after a compression
    call    b2s_next                    ; the message's blocks but the last
    jmp     b2_last
b2_nb:
    cadd    c5, c5, 11
    call    b2b_next
b2_last:                                ; the last block: c5 / 16 words (0 if the message is empty)
    cshr    c5, c5, 4
    call    b2_fill
    vins.32 v12, c0, 0                  ; t = n (+ the key block)
    bz      c1, b2_final
    add.32  v12, v12, v14
b2_final:
    ldcx    v15, c4, B2S_FF
    or      v12, v12, v15               ; f0 = ~0
    bnz     c4, b2_fb
    call    b2s_comp
    jmp     b2_finish
b2_fb:
    call    b2b_comp
    mov.x2  v8, v8                      ; h in order: (h2, h0) ...
    swz     v8, v9                      ; v8 = (h0, h1), v9 = (h3, h2)
    mov.x2  v9, v9
    mov.x2  v10, v10
    swz     v10, v11
    mov.x2  v11, v11

; The digest is v8..v11 (its first nn bytes): out, or compared with the tag field.
b2_finish:
    bnz     c6, b2_verify
    cadd    c7, c3, 0
    mov     out, v8
    mov     out, v9
    mov     out, v10
    mov     out, v11
b2_ok:
    done    OK
b2_verify:                              ; v14 |= (tag ^ digest) on the tag's nn bytes
    cadd    c5, c3, 0
    xor     v14, v14, v14
b2_vword:
    bz      c5, b2_vend
    xor     v12, in, v8
    vmask   v13, c5
    and     v12, v12, v13
    or      v14, v14, v12
    cmin    c7, c5, 16
    csub    c5, c5, c7
    mov     v8, v9
    mov     v9, v10
    mov     v10, v11
    jmp     b2_vword
b2_vend:
    xor     v12, v12, v12
    vcmp    v14, v12
    beq     b2_ok
    done    AUTH_FAIL
