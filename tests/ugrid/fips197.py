"""FIPS-197 appendix C: the plaintext 00112233..ff under the keys 000102.. of each size, and the
ciphertexts the standard prints (C.1, C.2, C.3)."""

PLAINTEXT = bytes.fromhex("00112233445566778899aabbccddeeff")
CIPHERTEXT = {16: "69c4e0d86a7b0430d8cdb78070b4c55a", 24: "dda97ca4864cdfe06eaf70a0ec0d7191",
              32: "8ea2b7ca516745bfeafc49904b496089"}
