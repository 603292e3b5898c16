; The standard MCCP firmware image: every mode in one instruction memory.
; Entry points (see each file): ecb_enc ecb_dec cbc_enc cbc_dec ctr_enc ctr_dec
; cbcmac cbcmac_verify cmac cmac_verify ccm_enc ccm_dec gcm_enc gcm_dec gmac
; gmac_verify.
.include "gcm.s"
.include "ccm.s"
.include "ctr.s"
.include "ecb.s"
.include "cbc.s"
.include "mac.s"
