; SHA-256 (FIPS 180-4) of the payload; out: the 32-byte digest.  A packet carries only the
; payload (c1 = c2 = 0) and a tag length of 32 (c3); anything else: BAD_PARAM.
;
; The state: v4 = (a, b, c, d), v5 = (e, f, g, h) in 32-bit lanes, one `shar` a round; v6, v7
; = the chaining value.  The message schedule lives in m0..m15 (W[t] in m[t mod 16], big-
; endian words byte-swapped as they are stored): a group of four rounds is `ldcx` (K[t..t+3])
; and `madd` (+ W[t..t+3]) into v8, four `shar` on its lanes and four `msch` making
; W[t+16..t+19] in the words just read.  Rounds 0..47 are one 16-round body run three times
; by `loop` (c2 = 3; c6 = the K offset); rounds 48..63 need no schedule and take K from
; v9..v11, v14.  The last block(s): the tail's words shift into v0..v3, the 0x80 byte after
; the message, zeros, and the bit length in W[15] (a message < 2^16 bytes: W[14] = 0).

.const SHA_H0, 0xa54ff53a3c6ef372bb67ae856a09e667      ; H0..H3
.const SHA_H1, 0x5be0cd191f83d9ab9b05688c510e527f      ; H4..H7
.const SHA_80, 0x80808080808080808080808080808080
.const SHA_K, 0xe9b5dba5b5c0fbcf71374491428a2f98       ; K[0..3], lane i = K[4j + i]
.const SHA_K1, 0xab1c5ed5923f82a459f111f13956c25b
.const SHA_K2, 0x550c7dc3243185be12835b01d807aa98
.const SHA_K3, 0xc19bf1749bdc06a780deb1fe72be5d74
.const SHA_K4, 0x240ca1cc0fc19dc6efbe4786e49b69c1
.const SHA_K5, 0x76f988da5cb0a9dc4a7484aa2de92c6f
.const SHA_K6, 0xbf597fc7b00327c8a831c66d983e5152
.const SHA_K7, 0x1429296706ca6351d5a79147c6e00bf3
.const SHA_K8, 0x53380d134d2c6dfc2e1b213827b70a85
.const SHA_K9, 0x92722c8581c2c92e766a0abb650a7354
.const SHA_K10, 0xc76c51a3c24b8b70a81a664ba2bfe8a1
.const SHA_K11, 0x106aa070f40e3585d6990624d192e819
.const SHA_K12, 0x34b0bcb52748774c1e376c0819a4c116
.const SHA_K13, 0x682e6ff35b9cca4f4ed8aa4a391c0cb3
.const SHA_K14, 0x8cc7020884c8781478a5636f748f82ee
.const SHA_K15, 0xc67178f2bef9a3f7a4506ceb90befffa

; Four rounds t = 16i + 4g .. + 3 (m words 4g .. 4g + 3) and W[t+16 .. t+19].
.macro sha_group g
    ldcx    v8, c6, SHA_K+\g
    madd.32 v8, v8, 4*\g, 4*\g+1, 4*\g+2, 4*\g+3
    shar    v4, v8, v5, 0
    msch    4*\g, 4*\g, (4*\g+1)%16, (4*\g+9)%16, (4*\g+14)%16
    shar    v4, v8, v5, 1
    msch    4*\g+1, 4*\g+1, (4*\g+2)%16, (4*\g+10)%16, (4*\g+15)%16
    shar    v4, v8, v5, 2
    msch    4*\g+2, 4*\g+2, (4*\g+3)%16, (4*\g+11)%16, 4*\g
    shar    v4, v8, v5, 3
    msch    4*\g+3, 4*\g+3, (4*\g+4)%16, (4*\g+12)%16, 4*\g+1
.endm

; Four of rounds 48..63, K from register k.
.macro sha_last g, k
    madd.32 v8, \k, 4*\g, 4*\g+1, 4*\g+2, 4*\g+3
    shar    v4, v8, v5, 0
    shar    v4, v8, v5, 1
    shar    v4, v8, v5, 2
    shar    v4, v8, v5, 3
.endm

; sha_blk: c4 blocks from the stream (c4 >= 1).  sha_comp: the block in m (c4 = 1).
sha_blk:
    bswap.32 v8, in
    mst     0, v8
    bswap.32 v8, in
    mst     1, v8
    bswap.32 v8, in
    mst     2, v8
    bswap.32 v8, in
    mst     3, v8
sha_comp:
    mov     v4, v6
    mov     v5, v7
    cli     c6, 0
    loop    c2, sha_body
    sha_group 0
    sha_group 1
    sha_group 2
    sha_group 3
sha_body:
    cadd    c6, c6, 4
    sha_last 0, v9
    sha_last 1, v10
    sha_last 2, v11
    sha_last 3, v14
    add.32  v6, v6, v4
    add.32  v7, v7, v5
    cadd    c4, c4, -1
    bnz     c4, sha_blk
    ret

.entry sha256
sha256:
    bnz     c1, sha_bad
    bnz     c2, sha_bad
    cadd    c5, c3, -32
    bnz     c5, sha_bad
    ldc     v6, SHA_H0
    ldc     v7, SHA_H1
    ldc     v9, SHA_K12
    ldc     v10, SHA_K13
    ldc     v11, SHA_K14
    ldc     v14, SHA_K15
    cli     c2, 3
    cshr    c4, c0, 6
    bz      c4, sha_tail
    call    sha_blk
sha_tail:                               ; r = n mod 64 bytes left: q = r / 16 words, p bytes
    cand    c5, c0, 63
    cshr    c6, c5, 4
    cand    c7, c5, 15
    vmask   v12, c7
    cadd    c4, c7, 1
    vmask   v13, c4
    andn    v13, v13, v12
    ldc     v12, SHA_80
    and     v13, v13, v12               ; 0x80 at byte p
    loop    c6, sha_t1                  ; the q whole words
    mov     v0, v1
    mov     v1, v2
    mov     v2, v3
sha_t1:
    bswap.32 v3, in
    mov     v0, v1                      ; the word of the 0x80 byte (and the last p bytes)
    mov     v1, v2
    mov     v2, v3
    bz      c7, sha_t2
    or      v13, in, v13
sha_t2:
    bswap.32 v3, v13
    xor     v12, v12, v12
    vins.32 v12, c0, 3
    mov.32.r3 v12, v12                  ; W[15] = 8n
    cli     c7, 3
    csub    c7, c7, c6
sha_t3:
    loop    c7, sha_t4                  ; zero words to the block's end
    mov     v0, v1
    mov     v1, v2
    mov     v2, v3
sha_t4:
    xor     v3, v3, v3
    mst     0, v0
    mst     1, v1
    mst     2, v2
    cli     c4, 1
    cli     c7, 56
    blt     c5, c7, sha_t5
    mst     3, v3                       ; r >= 56: the length takes a block of its own
    call    sha_comp
    cli     c5, 0
    cli     c7, 4
    jmp     sha_t3                      ; four zero words
sha_t5:
    or      v3, v3, v12
    mst     3, v3
    call    sha_comp
    cli     c7, 32
    bswap.32 out, v6
    bswap.32 out, v7
    done    OK
sha_bad:
    done    BAD_PARAM
