"""The randomness kind: ring-oscillator entropy source, SP 800-90B health tests, CTR_DRBG.
`health` computes the health tests' cutoffs from a claimed min-entropy."""
