; Point checks and affine addition (public data: branches are fine here).

; Z = 1 iff (f0, f1) is on the curve y^2 + xy = x^3 + a x^2 + b.  Scratch f9..f11.
on_curve:
    fadd    f9, f1, f0
    fsqr    f10, f0
    fmul    f9, f9, f1          ; y^2 + xy
    fconst  f11, 6
    fadd    f11, f11, f0
    fmul    f10, f10, f11       ; x^3 + a x^2
    fconst  f11, 2
    fadd    f9, f9, f11
    fadd    f9, f9, f10
    ftz     f9
    ret

; Z = 1 iff (f0, f1) is on the curve and not of order 2 or 4 (x = 0, or
; x^4 = b: then 2P = (0, sqrt(b))).  (0, 0), the point at infinity, is on no
; curve (b != 0).  Scratch f9..f11.
check_point:
    call    on_curve
    bz      check_order
    ret                         ; off the curve (Z = 0)
check_order:
    ftz     f0
    bz      check_bad           ; x = 0: order 2
    fsqrn   f9, f0, 2
    fconst  f10, 2
    fadd    f9, f9, f10
    ftz     f9
    bz      check_bad           ; x^4 = b: order 4
    fconst  f9, 0
    ftz     f9                  ; Z = 1: good
    ret
check_bad:
    fconst  f9, 1
    ftz     f9                  ; Z = 0
    ret

; Z = 1 iff n (f0, f1) = O: the ladder with K = n, whose (X1:Z1) is nP.
order_n:
    kn
    call    ladder
    ftz     f5
    ret

; Z = 1 iff (f0, f1) is the point at infinity (0, 0) or on the curve.
point_ok:
    ftz     f0
    bnz     point_ok_curve
    ftz     f1
    bz      point_ok_end        ; (0, 0)
point_ok_curve:
    call    on_curve
point_ok_end:
    ret

; (f4, f5) = P + Q, P = (f0, f1), Q = (f6, f7), (0, 0) the point at infinity;
; a point neither O nor on the curve ends the task with INVALID_POINT.
;   x1 != x2: l = (y1 + y2) / (x1 + x2), x3 = l^2 + l + x1 + x2 + a
;   P = Q:    l = x1 + y1 / x1,          x3 = l^2 + l + a
;   both:     y3 = l (x1 + x3) + x3 + y1
; Scratch f2, f3, f8..f15.
add_points:
    call    point_ok
    bnz     bad_point
    fmov    f12, f0
    fmov    f13, f1
    fmov    f0, f6
    fmov    f1, f7
    call    point_ok
    bnz     bad_point
    fmov    f0, f12
    fmov    f1, f13
    ftz     f0
    bnz     add_p_finite
    ftz     f1
    bnz     add_p_finite
    fmov    f4, f6              ; P = O: the sum is Q
    fmov    f5, f7
    ret
add_p_finite:
    ftz     f6
    bnz     add_both_finite
    ftz     f7
    bnz     add_both_finite
    fmov    f4, f0              ; Q = O: the sum is P
    fmov    f5, f1
    ret
add_both_finite:
    fadd    f8, f0, f6          ; x1 + x2
    ftz     f8
    bz      add_same_x
    fadd    f9, f1, f7
    fmov    f2, f8
    call    inv
    fmul    f10, f9, f2         ; l
    fsqr    f11, f10
    fadd    f11, f11, f10
    fadd    f11, f11, f8
    fconst  f12, 6
    fadd    f4, f11, f12        ; x3
add_y:
    fadd    f12, f0, f4
    fmul    f12, f12, f10
    fadd    f12, f12, f4
    fadd    f5, f12, f1         ; y3
    ret
add_same_x:
    fadd    f9, f1, f7
    ftz     f9
    bz      add_double          ; y1 = y2: P = Q
add_infinity:                   ; Q = -P, or 2P with x1 = 0: O
    fconst  f4, 0
    fconst  f5, 0
    ret
add_double:
    ftz     f0
    bz      add_infinity
    fmov    f2, f0
    call    inv
    fmul    f10, f1, f2
    fadd    f10, f10, f0        ; l
    fsqr    f11, f10
    fadd    f11, f11, f10
    fconst  f12, 6
    fadd    f4, f11, f12        ; x3
    jmp     add_y
