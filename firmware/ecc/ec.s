; Elliptic-curve unit microcode: the task entries (docs/ecc.md, docs/isa-ecc.md).
;
; Registers: f0, f1 the input point (x, y); f4..f7 the ladder's two points
; (X1:Z1), (X2:Z2) in Lopez-Dahab projective x-only coordinates; f2 the
; operand and result of `inv`; the others scratch (each routine says which).
; Every path that depends on a secret scalar is branch-free: the cycles of a
; scalar multiplication depend on the curve only.

.include "field.s"
.include "ladder.s"
.include "point.s"

; (f0, f1) = the next input point: coordinates < 2^m, on the curve, not of order 2
; or 4, else the task ends with INVALID_POINT.
.macro fin_point
    fin     f0
    fin     f1
    bovf    bad_point
    call    check_point
    bnz     bad_point
.endm

; k*P: in k, x, y (W words each); out x, y of k*P.
.entry ec_mul
ec_mul:
    kin
    bovf    bad_scalar
    fin_point
    bkbad   bad_scalar
    jmp     mul_common

; k*G: in k; out x, y of k*G.
.entry ec_mulg
ec_mulg:
    kin
    bovf    bad_scalar
; d*G for the private scalar d the unit took from the key store at the start (K);
; no input; out x, y (the public key).
.entry ec_public
ec_public:
    bkbad   bad_scalar
    fconst  f0, 4
    fconst  f1, 5
mul_common:
    call    ladder
    call    mxy
    fout    f4
    fout    f5
    done    OK

; P + Q: in x1, y1, x2, y2 ((0, 0) is the point at infinity); out x, y of P + Q.
.entry ec_add
ec_add:
    fin     f0
    fin     f1
    fin     f6
    fin     f7
    bovf    bad_point
    call    add_points
    fout    f4
    fout    f5
    done    OK

; Full public-key validation (SP 800-56A 5.6.2.3.3): in x, y; no output.
.entry ec_validate
ec_validate:
    fin_point
    call    order_n
    bnz     bad_point
    done    OK

; ECDH (SP 800-56A ECC CDH primitive, with the cofactor): the private scalar d the
; unit took from the key store at the start (K); in x, y of the peer's public key Q;
; out Z = x of (h d) Q, W words, which the fabric commits to a key slot and never
; emits (docs/fabric.md "Secret outputs").  Q gets the partial validation of SP
; 800-56A 5.6.2.3.4 (coordinates < 2^m, on the curve, not of order 2 or 4); the
; cofactor h (2, or 4 on K-233 and K-283) is applied to Q first, by affine
; doublings on public data, so d Q' with Q' = h Q of order n is never O.
.entry ecdh
ecdh:
    fin_point
    bkbad   bad_scalar
    call    double_q
    cbeq    c0, 2, ecdh_h4          ; K-233: h = 4
    cbeq    c0, 4, ecdh_h4          ; K-283: h = 4
    jmp     ecdh_mul
ecdh_h4:
    call    double_q
ecdh_mul:
    ftz     f0
    bz      bad_point               ; h Q = O or of order 2: not of order n
    call    ladder
    call    mxy
    fout    f4
    done    OK

; (f0, f1) = 2 (f0, f1) by the affine addition (public data).  Scratch f2..f15.
double_q:
    fmov    f6, f0
    fmov    f7, f1
    call    add_points
    fmov    f0, f4
    fmov    f1, f5
    ret

bad_point:
    done    INVALID_POINT
bad_scalar:
    done    BAD_SCALAR
