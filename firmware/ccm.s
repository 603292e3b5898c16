; AES-CCM (SP 800-38C), encrypt and decrypt-and-verify, on one core or split
; over two (docs/core.md "Split tasks").
;
; Input: nonce (s2 = 7..13 bytes), AAD (s1 < 65280 bytes), payload (s0 bytes),
; and on decrypt the received tag (s3 = 4, 6, .., 16 bytes).
; The core formats everything itself: B0 = flags || N || Q, the AAD with its
; two-byte length prefix, the counter blocks A_i = (q-1) || N || i.
;
; One core (s3 = t): each payload block costs two AES, the keystream E(A_i)
; and the CBC-MAC step E(mac xor P_i).  The keystream runs one block ahead, so
; the engine always has its next operation ready: two AES latencies per block.
;
; Split task (s3 = t | role << 16): the I/O core (role 1) reads the packet,
; runs the keystream, writes the output and sends every block of the CBC-MAC
; input (B0, the formatted AAD, the padded plaintext) to the MAC core (role 2,
; no input, no output), which chains them and sends back the final MAC value:
; one AES latency per block on each core.  Both halves take the entry of the
; operation and the same s0..s2.  The role bits make the tag check fail, so
; a split task leaves the single-core path at its first checks, which keeps
; that path's cycles as they were.
;
; v1 counter A_i, v2 keystream (the I/O core alternates v2 / v0), v3 MAC
; chain (the MAC core alternates v3 / v2), v4 input, v5 scratch,
; v6 S0 = E(K, A0), v7 AAD carry;  s4 scratch / constant 16, s5 bytes left
; (MAC core: blocks left), s6 constant 1, s7 1 = decrypt (MAC core: scratch).

.entry ccm_enc
.entry ccm_dec

; The checks after the nonce's (s4 = 4, s6 = 1 on entry), A0, S0 = E(K, A0)
; (into v6) and B0 (into v4).  A tag above 16 goes to `big_tag` (a split
; task's tag field is), anything else bad to ccm_bad.
.macro ccm_prologue big_tag
    li    s5, 16
    blt   s3, s4, ccm_bad
    blt   s5, s3, \big_tag
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
    blt   s1, s6, ccm_no_adata\@
    ori   s4, s4, 64
ccm_no_adata\@:
    shli  s4, s4, 24
    vsetw v4, s4, 0
    vor   v4, v4, v5
    vzero v5
    vsetw v5, s0, 3
    vor   v4, v4, v5
.endm

; The AAD as CBC-MAC input blocks: [a]16 || A, zero-padded; `step v4` takes
; each block (a MAC step, or a vsend to the MAC core); goes to `next` when
; there is no AAD.  v7 carries the two bytes that each AAD word pushes into
; the next block.  s4 = AAD bytes not yet read, s5 = formatted bytes not yet
; taken.
.macro ccm_aad step, next
    blt   s1, s6, \next
    shli  s4, s1, 16
    vsetw v7, s4, 0
    addi  s4, s1, 0
    addi  s5, s1, 2
ccm_aad_loop\@:
    vzero v5
    blt   s4, s6, ccm_aad_noload\@
    vld   v5
    vmask v5, v5, s4
ccm_aad_noload\@:
    vshrb v4, v5, 2
    vor   v4, v4, v7
    vshlb v7, v5, 14
    \step v4
    addi  s5, s5, -16
    addi  s4, s4, -16
    bge   s5, s6, ccm_aad_loop\@
.endm

.macro ccm_mac_step x
    aesx  v3, v3, \x             ; MAC step (issues as the chain lands)
.endm

; ---- one core ---------------------------------------------------------------

ccm_dec:
    li    s7, 1
ccm_enc:
    ; nonce 7..13, tag even 4..16, AAD < 2^16 - 2^8, payload < 2^(8q).  A
    ; branch never compares a scalar written by the instruction just before
    ; (it would wait a cycle), so the constants alternate between s4 and s5.
    li    s6, 1
    li    s4, 7
    li    s5, 13
    blt   s2, s4, ccm_role
    blt   s5, s2, ccm_role
    li    s4, 4
    bne   s2, s5, ccm_q_ok
    li    s5, 1                  ; n = 13, q = 2: payload < 65536
    shli  s5, s5, 16
    li    s4, 4
    bge   s0, s5, ccm_role
ccm_q_ok:
    ccm_prologue ccm_role_tag    ; s4 = 4 on both paths
    aes   v3, v4                 ; X1 = E(K, B0)
    ccm_aad ccm_mac_step, ccm_payload

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

; s3 >> 16 is the role of a split task's half, 0 for a plain task.  A bad
; nonce or payload length: the I/O core ends here (BAD_PARAM), the MAC core
; waits for B0 until the fabric aborts it.  Nonce and length good but s3 > 16:
; the I/O core goes on with the tag length alone.
ccm_role:
    shri  s4, s3, 17             ; 1: role 2 or 3
    shri  s5, s3, 16
    beq   s4, s6, ccm_mac
ccm_bad:
    done  BAD_PARAM
ccm_role_tag:
    shri  s5, s3, 16
    shri  s4, s3, 17
    beq   s5, s6, ccm_io
    beq   s4, s6, ccm_mac
    done  BAD_PARAM

; ---- split task, MAC core (role 2) --------------------------------------------
; Receives B0, the AAD blocks (ceil((a + 2) / 16) if a > 0) and the payload
; blocks (ceil(p / 16)), chains them and sends the last value back.  It checks
; only its role: on bad parameters the I/O core ends and the fabric aborts
; this one.
ccm_mac:                         ; s5 = role, 2 or 3
    li    s4, 2
    andi  s7, s0, 15
    bne   s5, s4, ccm_bad
    addi  s7, s7, 15
    shri  s5, s0, 4
    shri  s7, s7, 4
    add   s5, s5, s7             ; payload blocks, ceil(p / 16)
    addi  s4, s1, 17
    shri  s4, s4, 4              ; AAD blocks, if a > 0
    blt   s1, s6, ccm_mac_b0
    add   s5, s5, s4
ccm_mac_b0:
    vrecv v4                     ; B0
    aes   v3, v4                 ; X1 = E(K, B0)
    blt   s5, s6, ccm_mac_end3
ccm_mac_loop:                    ; the chain alternates v3 / v2: L per block
    addi  s5, s5, -1
    vrecv v4
    aesx  v2, v3, v4             ; issues as v3 lands
    blt   s5, s6, ccm_mac_end2
    addi  s5, s5, -1
    vrecv v4
    aesx  v3, v2, v4
    bge   s5, s6, ccm_mac_loop
ccm_mac_end3:
    vsend v3                     ; T (not yet masked with S0)
    done  OK
ccm_mac_end2:
    vsend v2
    done  OK

; ---- split task, I/O core (role 1) --------------------------------------------
; Runs the remaining checks on the tag length alone (a bad parameter ends here
; with BAD_PARAM), sends B0 and the AAD blocks to the MAC core, then the
; payload loop: keystream, output, and the padded plaintext to the MAC core.
ccm_io:
    shli  s3, s3, 16
    li    s4, 4
    shri  s3, s3, 16             ; the tag length alone
    ccm_prologue ccm_bad
    vsend v4                     ; B0
    vinc  v1, v1
    aes   v2, v1                 ; keystream of block 1, during the AAD
    vinc  v1, v1                 ; v1 runs one block ahead in the loop
    ccm_aad vsend, ccm_io_payload

; One payload block with keystream `ks`; starts the next keystream into `nx`
; (it issues as `ks` lands).  Encrypt sends the padded plaintext first (it
; needs no keystream), decrypt as soon as it has it.
.macro ccm_io_enc_step ks, nx
    vld   v4
    vmask v4, v4, s5             ; P_i, zero-padded
    vsend v4
    aes   \nx, v1
    vxor  v5, v4, \ks            ; C_i
    vstn  v5, s5
    addi  s5, s5, -16
    vinc  v1, v1
.endm
.macro ccm_io_dec_step ks, nx
    aes   \nx, v1
    vld   v4
    vxor  v5, v4, \ks            ; P_i
    vmask v5, v5, s5
    vstn  v5, s5
    addi  s5, s5, -16
    vsend v5
    vinc  v1, v1
.endm

; The payload loop, unrolled twice (keystreams v2 / v0): one block per AES
; latency; goes to `tag` when the payload is done.
.macro ccm_io_loop step, tag
ccm_io_loop\@:
    \step v2, v0
    blt   s5, s6, \tag
    \step v0, v2
    bge   s5, s6, ccm_io_loop\@
.endm

ccm_io_payload:
    addi  s5, s0, 0
    beq   s7, s6, ccm_io_dec
    blt   s0, s6, ccm_io_enc_tag
    ccm_io_loop ccm_io_enc_step, ccm_io_enc_tag
ccm_io_enc_tag:
    vrecv v3                     ; T from the MAC core
    vxor  v5, v3, v6
    vstn  v5, s3
    done  OK
ccm_io_dec:
    blt   s0, s6, ccm_io_dec_tag
    ccm_io_loop ccm_io_dec_step, ccm_io_dec_tag
ccm_io_dec_tag:
    vrecv v3
    vxor  v5, v3, v6

; ---- both --------------------------------------------------------------------
ccm_verify:
    vld   v4
    tagchk v5, v4, s3
    bf    ccm_auth_fail
    done  OK
ccm_auth_fail:
    done  AUTH_FAIL
