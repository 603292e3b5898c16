; Montgomery ladder (Lopez-Dahab, x-only) over all bitlen(n) bits of K, most
; significant first, from (X1:Z1) = O = (1:0) and (X2:Z2) = P = (x:1).  Each
; step: (X2:Z2) = (X1:Z1) + (X2:Z2), (X1:Z1) = 2 (X1:Z1), in the frame `kbit`
; swaps by the bit.  Leading zero bits keep R0 = O, so every scalar of a curve
; takes the same steps.  Ends with (X1:Z1) = kP, (X2:Z2) = (k+1)P, swap state 0.
;   add:    T1 = X1 Z2, T2 = X2 Z1, Z2' = (T1 + T2)^2, X2' = x Z2' + T1 T2
;   double: X1' = (X1^2 + sqrt(b) Z1^2)^2, Z1' = X1^2 Z1^2
; Scratch: f8..f15; c3 counts the steps.
;
; The loop is rotated for dual issue (docs/ecc.md, Timing): its body is the
; second half of step j, the `kbit` of step j+1 and the first half of step
; j+1, so the loop branch sits between T2 and the products that wait for it.
; The entry goes to the `kbit` of step 0; the last step's second half and the
; final `kbit` (the bit after the last is 0: swap state back to 0) follow the
; loop.  Instructions are ordered in pairs of an fmul and an independent one,
; the pairs a dual-issue unit takes together (one product a cycle: 7 cycles a
; Koblitz step, 8 a generic one; two cycles a product: 10 and 12).

.macro koblitz_second_half
    fmul    f13, f9, f10        ; T1 T2
    fasq    f7, f9, f10         ; Z2'
    fasq    f4, f11, f12        ; X1' = (X1^2 + Z1^2)^2
    fmul    f14, f0, f7         ; x Z2'
    fmul    f5, f11, f12        ; Z1'
    fadd    f6, f13, f14        ; X2'
.endm
.macro generic_second_half
    fmul    f13, f9, f10        ; T1 T2
    fasq    f7, f9, f10         ; Z2'
    fmul    f15, f8, f12        ; sqrt(b) Z1^2
    fmul    f14, f0, f7         ; x Z2'
    fasq    f4, f11, f15        ; X1'
    fmul    f5, f11, f12        ; Z1'
    fadd    f6, f13, f14        ; X2'
.endm
.macro first_half
    fmul    f9, f4, f7          ; T1
    fsqr    f11, f4             ; X1^2
    fsqr    f12, f5             ; Z1^2
    fmul    f10, f6, f5         ; T2
.endm

ladder:
    swclr
    fconst  f4, 1
    fconst  f5, 0
    fmov    f6, f0
    fconst  f7, 1
    cmov    c3, c2
    fconst  f8, 3               ; sqrt(b)
    fconst  f9, 1
    fadd    f9, f9, f8
    ftz     f9
    bz      ladder_koblitz      ; b = 1: the double needs no product by sqrt(b)
    jmp     ladder_generic
ladder_loop:
    generic_second_half
ladder_generic:
    kbit
    first_half
    cdbnz   c3, ladder_loop
    generic_second_half
    kbit
    ret
ladder_koblitz_loop:
    koblitz_second_half
ladder_koblitz:
    kbit
    first_half
    cdbnz   c3, ladder_koblitz_loop
    koblitz_second_half
    kbit
    ret

; Affine k*P from the ladder's end (Lopez-Dahab): x3 = X1/Z1,
; y3 = (x + x3) [(X1 + x Z1)(X2 + x Z2) + (x^2 + y) Z1 Z2] / (x Z1 Z2) + y.
; Z2 = 0 means (k+1)P = O, k = n - 1: the result is -P = (x, x + y), chosen
; by fsel so the cycles stay the same.  Out: f4 = x3, f5 = y3.  Scratch f2,
; f3, f9..f15.
mxy:
    fmul    f9, f5, f7          ; Z1 Z2
    fsqr    f12, f0
    fmul    f10, f0, f5         ; x Z1
    fadd    f12, f12, f1        ; x^2 + y
    fmul    f11, f0, f7         ; x Z2
    fmul    f2, f0, f9          ; x Z1 Z2
    fadd    f10, f10, f4        ; A = X1 + x Z1
    fmul    f13, f12, f9        ; D = (x^2 + y) Z1 Z2
    fadd    f14, f11, f6        ; B = X2 + x Z2
    call    inv                 ; f2 = 1 / (x Z1 Z2)
    fmul    f9, f10, f14        ; A B
    ftz     f7
    fmul    f12, f11, f2        ; 1 / Z1
    fadd    f3, f9, f13         ; E = A B + D
    fmul    f10, f4, f12        ; x3
    fadd    f13, f0, f1         ; x + y
    fmul    f9, f3, f2          ; E / (x Z1 Z2)
    fadd    f11, f0, f10        ; x + x3
    fmul    f11, f11, f9
    fsel    f4, f0, f10
    fadd    f15, f11, f1        ; y3
    fsel    f5, f13, f15
    ret
