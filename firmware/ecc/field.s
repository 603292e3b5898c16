; Field inversion by Itoh-Tsujii: f2 = f2^-1 (0 stays 0), on the task's field.
; beta_k = a^(2^k - 1); beta_(i+j) = beta_i^(2^j) * beta_j along an addition
; chain of m - 1; then a^-1 = beta_(m-1)^2.  Scratch: f3 (a), f15 (beta).

; beta = beta^(2^k) * beta: doubles the chain index.
.macro dbl_chain k
    fsqrn   f2, f15, \k
    fmul    f15, f2, f15
.endm
; beta = beta^2 * a: the chain index plus one.
.macro inc_chain
    fsqr    f2, f15
    fmul    f15, f2, f3
.endm

inv:
    fmov    f3, f2
    fmov    f15, f2
    cbeq    c1, 1, inv233
    cbeq    c1, 2, inv283
inv163:                     ; 1 2 4 5 10 20 40 80 81 162
    dbl_chain 1
    dbl_chain 2
    inc_chain
    dbl_chain 5
    dbl_chain 10
    dbl_chain 20
    dbl_chain 40
    inc_chain
    dbl_chain 81
    fsqr    f2, f15
    ret
inv233:                     ; 1 2 3 6 7 14 28 29 58 116 232
    dbl_chain 1
    inc_chain
    dbl_chain 3
    inc_chain
    dbl_chain 7
    dbl_chain 14
    inc_chain
    dbl_chain 29
    dbl_chain 58
    dbl_chain 116
    fsqr    f2, f15
    ret
inv283:                     ; 1 2 4 8 16 17 34 35 70 140 141 282
    dbl_chain 1
    dbl_chain 2
    dbl_chain 4
    dbl_chain 8
    inc_chain
    dbl_chain 17
    inc_chain
    dbl_chain 35
    dbl_chain 70
    inc_chain
    dbl_chain 141
    fsqr    f2, f15
    ret
