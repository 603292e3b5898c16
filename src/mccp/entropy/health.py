"""Cutoffs of the SP 800-90B health tests (section 4.4) for a binary noise source, from the
min-entropy H claimed per raw sample and the false-alarm probability alpha = 2^-alpha_log2
(90B 4.4 allows 2^-20 .. 2^-40).  The RTL (mccp_entropy_health) counts; these numbers
decide when a count is a failure.

- Repetition Count Test (4.4.1): C = 1 + ceil(-log2(alpha) / H).
- Adaptive Proportion Test (4.4.2), window W = 1024 for binary data:
  C = 1 + CRITBINOM(W, 2^-H, 1 - alpha), the smallest k with P(X <= k) >= 1 - alpha for
  X ~ Binomial(W, 2^-H).
- Conditioning: raw blocks of 128 samples per conditioned 128-bit word, so that the input
  carries at least 128 + 64 bits of min-entropy (full entropy out of a vetted conditioning
  function, SP 800-90C).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

APT_WINDOW = 1024
ALPHA_LOG2_RANGE = (20, 40)
DEFAULT_H = 0.5          # claimed min-entropy per raw sample (bits) unless the user says
DEFAULT_ALPHA_LOG2 = 40


def _check(h: float, alpha_log2: int) -> None:
    if not 0.0 < h <= 1.0:
        raise ValueError(f"claimed min-entropy per sample must be in (0, 1], got {h}")
    if not ALPHA_LOG2_RANGE[0] <= alpha_log2 <= ALPHA_LOG2_RANGE[1]:
        raise ValueError(f"alpha must be 2^-{ALPHA_LOG2_RANGE[0]} .. 2^-{ALPHA_LOG2_RANGE[1]}, "
                         f"got 2^-{alpha_log2}")


def rct_cutoff(h: float, alpha_log2: int = DEFAULT_ALPHA_LOG2) -> int:
    _check(h, alpha_log2)
    return 1 + math.ceil(alpha_log2 / h)


def apt_cutoff(h: float, alpha_log2: int = DEFAULT_ALPHA_LOG2, window: int = APT_WINDOW) -> int:
    """1 + the smallest k with P(X > k) <= alpha, X ~ Binomial(window, 2^-h); the upper tail
    summed from the top in log space, so alpha down to 2^-40 keeps its precision."""
    _check(h, alpha_log2)
    p = 2.0 ** -h
    log_alpha = -alpha_log2 * math.log(2.0)
    if p >= 1.0:
        return window + 1          # H = 0 is refused above; p = 1 cannot happen for h > 0

    def log_pmf(j: int) -> float:
        return (math.lgamma(window + 1) - math.lgamma(j + 1) - math.lgamma(window - j + 1)
                + j * math.log(p) + (window - j) * math.log1p(-p))

    tail = -math.inf               # log P(X > k), starting at k = window
    for k in range(window, -1, -1):
        # tail is P(X > k); stop at the first k (from the top) where adding pmf(k) would pass alpha
        with_k = _logaddexp(tail, log_pmf(k))
        if with_k > log_alpha:
            return 1 + k
        tail = with_k
    return 1


def _logaddexp(a: float, b: float) -> float:
    if a == -math.inf:
        return b
    if b == -math.inf:
        return a
    m = max(a, b)
    return m + math.log(math.exp(a - m) + math.exp(b - m))


MAX_COND_BLOCKS = 15     # the DRBG's cond_blocks_i is 4 bits: claims down to H = 0.1


def cond_blocks(h: float) -> int:
    """Raw 128-sample blocks per conditioned 128-bit word: 128 * blocks * h >= 128 + 64."""
    if not 0.0 < h <= 1.0:
        raise ValueError(f"claimed min-entropy per sample must be in (0, 1], got {h}")
    blocks = math.ceil((128 + 64) / (128 * h) - 1e-12)
    if blocks > MAX_COND_BLOCKS:
        raise ValueError(f"a claim of {h} bits per sample needs {blocks} raw blocks per conditioned "
                         f"word; the unit conditions at most {MAX_COND_BLOCKS} (H >= 0.1)")
    return blocks


@dataclass(frozen=True)
class HealthConfig:
    """What the device is told for a claimed min-entropy: the two cutoffs and the
    conditioning ratio."""
    h: float
    alpha_log2: int
    rct_cutoff: int
    apt_cutoff: int
    cond_blocks: int

    @classmethod
    def for_claim(cls, h: float = DEFAULT_H, alpha_log2: int = DEFAULT_ALPHA_LOG2) -> "HealthConfig":
        return cls(h=h, alpha_log2=alpha_log2, rct_cutoff=rct_cutoff(h, alpha_log2),
                   apt_cutoff=apt_cutoff(h, alpha_log2), cond_blocks=cond_blocks(h))
