; Montgomery ladder (Lopez-Dahab, x-only) over all bitlen(n) bits of K, most
; significant first, from (X1:Z1) = O = (1:0) and (X2:Z2) = P = (x:1).  Each
; step: (X2:Z2) = (X1:Z1) + (X2:Z2), (X1:Z1) = 2 (X1:Z1), in the frame `kbit`
; swaps by the bit.  Leading zero bits keep R0 = O, so every scalar of a curve
; takes the same steps.  Ends with (X1:Z1) = kP, (X2:Z2) = (k+1)P, swap state 0.
;   add:    T1 = X1 Z2, T2 = X2 Z1, Z2' = (T1 + T2)^2, X2' = x Z2' + T1 T2
;   double: X1' = (X1^2 + sqrt(b) Z1^2)^2, Z1' = X1^2 Z1^2
; Scratch: f8..f14; c3 counts the steps.

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
ladder_step:
    kbit
    fmul    f9, f4, f7          ; T1
    fsqr    f11, f4             ; X1^2
    fsqr    f12, f5             ; Z1^2
    fmul    f10, f6, f5         ; T2
    fmul    f13, f8, f12        ; sqrt(b) Z1^2
    fmul    f6, f9, f10         ; T1 T2
    fasq    f7, f9, f10         ; Z2'
    fasq    f4, f11, f13        ; X1'
    fmul    f14, f0, f7         ; x Z2'
    fmul    f5, f11, f12        ; Z1'
    fadd    f6, f6, f14         ; X2'
    cdbnz   c3, ladder_step
    kbit                        ; the bit after the last is 0: swap state back to 0
    ret
ladder_koblitz:
    kbit
    fmul    f9, f4, f7          ; T1
    fsqr    f11, f4             ; X1^2
    fsqr    f12, f5             ; Z1^2
    fmul    f10, f6, f5         ; T2
    fmul    f6, f9, f10         ; T1 T2
    fasq    f7, f9, f10         ; Z2'
    fasq    f4, f11, f12        ; X1' = (X1^2 + Z1^2)^2
    fmul    f14, f0, f7         ; x Z2'
    fmul    f5, f11, f12        ; Z1'
    fadd    f6, f6, f14         ; X2'
    cdbnz   c3, ladder_koblitz
    kbit
    ret

; Affine k*P from the ladder's end (Lopez-Dahab): x3 = X1/Z1,
; y3 = (x + x3) [(X1 + x Z1)(X2 + x Z2) + (x^2 + y) Z1 Z2] / (x Z1 Z2) + y.
; Z2 = 0 means (k+1)P = O, k = n - 1: the result is -P = (x, x + y), chosen
; by fsel so the cycles stay the same.  Out: f4 = x3, f5 = y3.  Scratch f2,
; f3, f9..f15.
mxy:
    fmul    f9, f5, f7          ; Z1 Z2
    fmul    f10, f0, f5         ; x Z1
    fmul    f11, f0, f7         ; x Z2
    fmul    f2, f0, f9          ; x Z1 Z2
    fsqr    f12, f0
    fadd    f12, f12, f1        ; x^2 + y
    fadd    f10, f10, f4        ; A = X1 + x Z1
    fmul    f13, f12, f9        ; D = (x^2 + y) Z1 Z2
    fadd    f14, f11, f6        ; B = X2 + x Z2
    call    inv                 ; f2 = 1 / (x Z1 Z2)
    fmul    f9, f10, f14        ; A B
    fmul    f12, f11, f2        ; 1 / Z1
    fadd    f9, f9, f13         ; E = A B + D
    fmul    f10, f4, f12        ; x3
    fmul    f9, f9, f2          ; E / (x Z1 Z2)
    fadd    f11, f0, f10        ; x + x3
    fmul    f11, f11, f9
    fadd    f11, f11, f1        ; y3
    ftz     f7
    fadd    f12, f0, f1
    fsel    f4, f0, f10
    fsel    f5, f12, f11
    ret
