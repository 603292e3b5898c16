"""Independent reference of the elliptic-curve kind: the `galois` package's GF(2^m) on the
FIPS 186-4 reduction polynomials.  Never uses mccp.model.gf2m: it is what that model, the ISS
and the RTL are checked against.
"""

from __future__ import annotations

from functools import lru_cache

import galois

# FIPS 186-4 D.1.3 reduction polynomials, typed here a second time so that a slip in
# mccp.ecc.curves.FIELDS cannot pass unseen.
POLYS = {163: (163, 7, 6, 3, 0), 233: (233, 74, 0), 283: (283, 12, 7, 5, 0)}


@lru_cache(maxsize=None)
def gf(m: int):
    """The galois field GF(2^m) of FIPS 186-4 (built once: a second per field)."""
    return galois.GF(2**m, irreducible_poly=galois.Poly.Degrees(list(POLYS[m])), verify=False)
