; ARX element firmware: the task entries (docs/arx.md, docs/isa-arx.md).
;
; Task arguments (the packet's field lengths, as for every channel kind): c0 = payload bytes,
; c1 = AAD bytes, c2 = nonce bytes, c3 = tag bytes.  The body is the packet's fields in order
; (nonce, AAD, payload, tag), each starting on a new 16-byte word, the last word of a field
; zero-padded.  c7 is the output budget: every word written to `out` takes min(16, c7) bytes.
; Registers: each file says which it uses; every routine may use v12..v15 and c4..c6 as scratch.

.const SIGMA, 0x6b20657479622d323320646e61707865   ; "expand 32-byte k", little-endian words
.const ONE, 1                                       ; 1 in lane 0: the block counter's step

.include "chacha.s"
.include "siphash.s"
.include "blake2.s"
.include "sha256.s"
