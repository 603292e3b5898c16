; AES CBC-MAC and CMAC (SP 800-38B), generate and verify.
;
; CBC-MAC: zero IV, the message zero-padded to whole blocks (an empty message
; is one zero block); the tag is the first s3 bytes of the last block.
; CMAC: subkeys K1 = dbl(L), K2 = dbl(K1) with L = E(K, 0); the last block is
; xored with K1 if whole, else padded with 10* and xored with K2.
; Tag lengths 1..16; no nonce, no AAD.  Generate outputs the tag; verify reads
; the expected tag after the message and ends with AUTH_FAIL on a mismatch.
;
; The cmac entry with n = s3[19:18] > 0 runs the SP 800-108 counter-mode KDF
; with CMAC as PRF instead (`cmac_kdf` below).
;
; The chain uses `aesx` (E(a xor b)) so it runs at one block per AES latency.
; v2/v3 chain (alternating), v4 input, v5 final block, v6 K1, v7 K2 / L;
; s4 constant 16, s5 bytes left, s6 constant 1, s7 1 = verify.

.entry cbcmac
.entry cbcmac_verify
.entry cmac
.entry cmac_verify

; No nonce or AAD, then tag length 1..16; sets s4 = 16, s5 = s0, s6 = 1.  A
; branch never compares a scalar written by the instruction just before (it
; would wait a cycle), so the loads are interleaved with the checks.  `cmac`
; tests the KDF's n between the two halves.
.macro mac_check_fields
    li    s6, 1
    bne   s2, s4, mac_bad        ; s4 is still 0: no nonce
    bne   s1, s4, mac_bad        ; no AAD
    li    s4, 16
.endm
.macro mac_check_tag
    addi  s5, s0, 0
    blt   s3, s6, mac_bad
    blt   s4, s3, mac_bad
.endm
.macro mac_checks
    mac_check_fields
    mac_check_tag
.endm

; The chain over every block but the last: `pre` prefixes the labels.
.macro mac_chain pre
\pre\()_loop:
    bge   s4, s5, \pre\()_last_a ; 16 bytes or fewer left: the last block
    vld   v4
    addi  s5, s5, -16
    aesx  v3, v2, v4             ; issues as v2 lands
    bge   s4, s5, \pre\()_last_b
    vld   v4
    addi  s5, s5, -16
    aesx  v2, v3, v4
    jmp   \pre\()_loop
.endm

; v4 = the last 0..16 message bytes (s5), zero-padded.
.macro mac_load_last
    blt   s5, s6, mac_load_none\@ ; empty message: no word to read
    vld   v4
    vmask v4, v4, s5
mac_load_none\@:
.endm

cbcmac_verify:
    li    s7, 1
cbcmac:
    mac_checks
    mac_chain cbcmac
cbcmac_last_a:
    mac_load_last
    aesx  v5, v2, v4
    jmp   mac_tag
cbcmac_last_b:
    mac_load_last
    aesx  v5, v3, v4
    jmp   mac_tag

; K1 = dbl(L), K2 = dbl(K1) in v6, v7 (waits for L in v7).
.macro cmac_subkeys
    vdbl  v6, v7
    vdbl  v7, v6
.endm

cmac_verify:
    li    s7, 1
cmac:
    aes   v7, v0                 ; L = E(K, 0), overlapped with the checks
    shri  s5, s3, 18             ; the KDF's n (s3[19:18], and any bits above)
    mac_check_fields
    bne   s5, s2, cmac_kdf       ; n > 0 (s2 is 0)
    mac_check_tag
    cmac_subkeys                 ; the shri and bne above issue while this waits for L
    mac_chain cmac
; The last block v4 (s5 = its 1..16 bytes) xor K1 if whole, else padded 10*
; and xor K2.
.macro cmac_last_rule
    beq   s5, s4, cmac_whole\@
    vpad  v4, v4, s5
    vxor  v4, v4, v7
    jmp   cmac_done\@
cmac_whole\@:
    vxor  v4, v4, v6
cmac_done\@:
.endm
.macro cmac_last_block
    mac_load_last
    cmac_last_rule
.endm
cmac_last_a:
    cmac_last_block
    aesx  v5, v2, v4
    jmp   mac_tag
cmac_last_b:
    cmac_last_block
    aesx  v5, v3, v4

mac_tag:
    beq   s7, s6, mac_verify
    vstn  v5, s3                 ; waits for the last block
    done  OK
mac_verify:
    vld   v4
    tagchk v5, v4, s3
    bf    mac_auth_fail
    done  OK
mac_auth_fail:
    done  AUTH_FAIL
mac_bad:
    done  BAD_PARAM

; SP 800-108 KDF in counter mode with AES-CMAC as PRF, on the cmac entry with
; s3 = 16 | n << 18, n = 1 or 2: T(i) = CMAC(K, [i]_32 || F) for i = 1..n,
; F the payload (s0 bytes); output T(1) || .. || T(n).  F is read once and
; the n chains run side by side over the blocks of [i]_32 || F.  A block is
; the 4 bytes carried from the word before (none before the first), then the
; first 12 bytes of the next word, so the first block starts with 4 zero
; bytes; chain i starts at [i]_32 in bytes 0..3 instead of 0, which
; E(chain xor block) puts into the first block.
; v1 carry, v2/v3 chains 1/2, v4 block, v5 word; s0 constant 4, s1 n, s5 the
; bytes of [i]_32 || F left.
cmac_kdf:                        ; s5 = s3 >> 18, s1 = s2 = 0
    li    s2, 3
    bne   s7, s1, mac_bad        ; not on cmac_verify
    bge   s5, s2, mac_bad        ; n = 3, or bits above s3[19] set
    shli  s2, s5, 18
    addi  s1, s5, 0              ; n
    ori   s2, s2, 16             ; n << 18 | 16
    addi  s5, s0, 4
    bne   s2, s3, mac_bad        ; tag length 16, role 0
    li    s0, 4
    cmac_subkeys
    vsetw v2, s6, 0              ; [1]_32
    vsetw v3, s1, 0              ; [2]_32 when n = 2, the only n that runs chain 2
kdf_loop:
    bge   s4, s5, kdf_last       ; 16 bytes or fewer left: the last block
    vld   v5
    addi  s5, s5, -16
    vshrb v4, v5, 4
    vor   v4, v4, v1
    aesx  v2, v2, v4
    vshlb v1, v5, 12             ; carry the word's last 4 bytes
    beq   s1, s6, kdf_loop       ; n = 1
    aesx  v3, v3, v4
    jmp   kdf_loop
kdf_last:
    vmov  v4, v1
    bge   s0, s5, kdf_tail       ; 4 bytes or fewer: all carried, no word left
    vld   v5
    vshrb v5, v5, 4
    vor   v4, v4, v5
kdf_tail:
    cmac_last_rule
    aesx  v2, v2, v4
    beq   s1, s6, kdf_one
    aesx  v3, v3, v4
    vst   v2
    vst   v3
    done  OK
kdf_one:
    vst   v2
    done  OK
