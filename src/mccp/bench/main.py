"""`mccp bench [NAME ...]`: run the benchmarks and write their results JSON."""

from __future__ import annotations

import logging

from mccp import paths
from mccp.bench import BENCHES, arx, ccm, core, ecc, ecc_fabric, engines, entropy, fabric, pi_engines, ugrid
from mccp.bench import results
from mccp.bench.run import write

logger = logging.getLogger(__name__)


def main(which: list[str] | None = None) -> int:
    which = which or list(BENCHES)
    if "engines" in which:
        logger.info("bench: AES engine and GHASH unit ...")
        logger.info(f"  wrote {write('bench_engines', engines.bench_engines()).relative_to(paths.ROOT)}")
    if "core" in which:
        logger.info("bench: programmable core, every mode and key size ...")
        logger.info(f"  wrote {write('bench_core', core.bench_core()).relative_to(paths.ROOT)}")
    if "fabric" in which:
        logger.info("bench: multi-core processor through the device API ...")
        logger.info(f"  wrote {write('bench_fabric', fabric.bench_fabric()).relative_to(paths.ROOT)}")
    if "ccm" in which:
        logger.info("bench: CCM on one core and split over two ...")
        logger.info(f"  wrote {write('bench_ccm', ccm.bench_ccm()).relative_to(paths.ROOT)}")
    if "ecc" in which:
        logger.info("bench: EC unit, every entry, curve and configuration (ISS); units sharing the microcode "
                    "memory (RTL, paper 002's Table I) ...")
        logger.info(f"  wrote {write('bench_ecc', ecc.bench_ecc()).relative_to(paths.ROOT)}")
    if "ecc-fabric" in which:
        logger.info("bench: EC units inside mccp_top: ECDH end to end, k*G beside AES traffic (device API) ...")
        logger.info(f"  wrote {write('bench_ecc_fabric', ecc_fabric.bench_ecc_fabric()).relative_to(paths.ROOT)}")
    if "entropy" in which:
        logger.info("bench: the randomness unit inside mccp_top: source, generate, reseed, key generation ...")
        logger.info(f"  wrote {write('bench_entropy', entropy.bench_entropy()).relative_to(paths.ROOT)}")
    if "arx" in which:
        logger.info("bench: ARX element, every firmware entry (ISS); ChaCha20-Poly1305 on 1, 2, 4 elements in "
                    "mccp_top (device API) ...")
        logger.info(f"  wrote {write('bench_arx', arx.bench_arx()).relative_to(paths.ROOT)}")
    if "pi" in which:
        logger.info("bench: the fixed-function pi-Cipher ARX engines, pi16/32/64 x single/double/quad (RTL) ...")
        logger.info(f"  wrote {write('bench_pi', pi_engines.bench_pi()).relative_to(paths.ROOT)}")
    if "ugrid" in which:
        logger.info("bench: AES on the micro-core grid, 4 x 4 to 16 x 16, mesh and rings (RTL) ...")
        logger.info(f"  wrote {write('bench_ugrid', ugrid.bench_ugrid()).relative_to(paths.ROOT)}")
        ugrid.plot(results.load_bench_ugrid(), paths.DOCS / ugrid.FIGURE)
    return 0
