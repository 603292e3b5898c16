; SipHash-2-4 (Aumasson, Bernstein): the MAC of the payload under the channel's 16-byte key
; (bytes 0..7 k0, 8..15 k1, little endian).  A packet carries only the payload (c1 = c2 = 0)
; and a tag length of 8 (c3); `siphash24` outputs the 8-byte tag, `siphash24_verify` takes it
; after the payload and ends OK (no output) or AUTH_FAIL.
;
; One 64-bit lane of each register is the state (v8..v11 = SipHash's v0..v3, lane 0); the
; other lane carries what it likes.  A message word is lane 0 of v12.

.const SIP_C0, 0x736f6d6570736575       ; "somepseu"
.const SIP_C1, 0x646f72616e646f6d       ; "dorandom"
.const SIP_C2, 0x6c7967656e657261       ; "lygenera"
.const SIP_C3, 0x7465646279746573       ; "tedbytes"
.const SIP_FF, 0xff

.macro sipround
    add.64      v8, v8, v9
    mov.64.r13  v9, v9
    xor         v9, v9, v8
    mov.64.r32  v8, v8
    add.64      v10, v10, v11
    mov.64.r16  v11, v11
    xor         v11, v11, v10
    add.64      v8, v8, v11
    mov.64.r21  v11, v11
    xor         v11, v11, v8
    add.64      v10, v10, v9
    mov.64.r17  v9, v9
    xor         v9, v9, v10
    mov.64.r32  v10, v10
.endm

; the state takes message word v12 (lane 0): two rounds
sip_compress:
    xor         v11, v11, v12
    sipround
    sipround
    xor         v8, v8, v12
    ret

.entry siphash24
siphash24:
    call    sip_mac
    cli     c7, 8
    mov     out, v12
    done    OK

.entry siphash24_verify
siphash24_verify:
    call    sip_mac
    mov     v13, in                     ; the tag, zero-padded
    cli     c6, 8
    vmask   v14, c6
    and     v12, v12, v14
    vcmp    v12, v13
    bne     sip_fail
    done    OK
sip_fail:
    done    AUTH_FAIL

; v12 lane 0 = the tag of the payload (BAD_PARAM for other fields)
sip_mac:
    bnz     c1, sip_bad
    bnz     c2, sip_bad
    cadd    c4, c3, -8
    bnz     c4, sip_bad
    key     v13, 0                      ; lane 0 k0, lane 1 k1
    mov.x2  v14, v13                    ; lane 0 k1
    ldc     v8, SIP_C0
    xor     v8, v8, v13
    ldc     v9, SIP_C1
    xor     v9, v9, v14
    ldc     v10, SIP_C2
    xor     v10, v10, v13
    ldc     v11, SIP_C3
    xor     v11, v11, v14
    cshr    c4, c0, 4                   ; whole 16-byte words
    cand    c5, c0, 15                  ; bytes after them
sip_words:
    bz      c4, sip_rest
    mov     v15, in
    mov     v12, v15
    call    sip_compress
    mov.x2  v12, v15
    call    sip_compress
    cadd    c4, c4, -1
    jmp     sip_words
sip_rest:                               ; the last block: c5 & 7 bytes, then the length's low byte
    xor     v15, v15, v15
    bz      c5, sip_last
    mov     v15, in
    cli     c6, 8
    blt     c5, c6, sip_last
    mov     v12, v15                    ; a whole 8-byte block in lane 0 first
    call    sip_compress
    mov.x2  v15, v15
sip_last:
    cand    c6, c5, 7
    vmask   v12, c6
    and     v12, v12, v15
    xor     v13, v13, v13
    cand    c6, c0, 255
    vins.64 v13, c6, 0
    mov.64.r56 v13, v13                 ; the length byte on top of lane 0
    or      v12, v12, v13
    call    sip_compress
    ldc     v12, SIP_FF
    xor     v10, v10, v12
    sipround
    sipround
    sipround
    sipround
    xor     v12, v8, v9
    xor     v12, v12, v10
    xor     v12, v12, v11
    ret
sip_bad:
    done    BAD_PARAM
