; AES CBC-MAC and CMAC (SP 800-38B), generate and verify.
;
; CBC-MAC: zero IV, the message zero-padded to whole blocks (an empty message
; is one zero block); the tag is the first s3 bytes of the last block.
; CMAC: subkeys K1 = dbl(L), K2 = dbl(K1) with L = E(K, 0); the last block is
; xored with K1 if whole, else padded with 10* and xored with K2.
; Tag lengths 1..16; no nonce, no AAD.  Generate outputs the tag; verify reads
; the expected tag after the message and ends with AUTH_FAIL on a mismatch.
;
; The chain uses `aesx` (E(a xor b)) so it runs at one block per AES latency.
; v2/v3 chain (alternating), v4 input, v5 final block, v6 K1, v7 K2 / L;
; s4 constant 16, s5 bytes left, s6 constant 1, s7 1 = verify.

.entry cbcmac
.entry cbcmac_verify
.entry cmac
.entry cmac_verify

; Tag length 1..16 and no nonce or AAD; sets s4 = 16, s5 = s0, s6 = 1.  A
; branch never compares a scalar written by the instruction just before (it
; would wait a cycle), so the loads are interleaved with the checks.
.macro mac_checks
    li    s6, 1
    bne   s2, s4, mac_bad        ; s4 is still 0: no nonce
    bne   s1, s4, mac_bad        ; no AAD
    li    s4, 16
    addi  s5, s0, 0
    blt   s3, s6, mac_bad
    blt   s4, s3, mac_bad
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

cmac_verify:
    li    s7, 1
cmac:
    aes   v7, v0                 ; L = E(K, 0), overlapped with the checks
    mac_checks
    vdbl  v6, v7                 ; K1 (waits for L)
    vdbl  v7, v6                 ; K2
    mac_chain cmac
; The last block xor K1 if whole, else padded 10* and xor K2; result in v4.
.macro cmac_last_block
    mac_load_last
    beq   s5, s4, cmac_whole\@
    vpad  v4, v4, s5
    vxor  v4, v4, v7
    jmp   cmac_done\@
cmac_whole\@:
    vxor  v4, v4, v6
cmac_done\@:
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
