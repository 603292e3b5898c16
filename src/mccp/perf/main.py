"""`mccp model ...`: run the performance model studies and write results/*.json, plots, docs.

  mccp model validate    model vs RTL on the validation scenarios   -> results/perf_model.json
  mccp model fig3        Fig. 3 sweep (TLM, parallel; one-core and split CCM) -> results/fig3.json, docs/img/fig3*.png
  mccp model deadlines   sporadic task model, deadline misses per policy -> results/perf_model.json
  mccp model table2      Table 2 on the RTL (1 and 8 cores)        -> results/table2.json
  mccp model all         everything above
`mccp model` then runs `mccp docs` (docs/performance.md regenerated from the JSON).
"""

from __future__ import annotations

import datetime
import json
import logging
import platform
import sys

from mccp import paths
from mccp.eda.tools import tool_version
from mccp.perf import fig3 as fig3_study
from mccp.perf import policies
from mccp.perf import table2 as table2_rtl
from mccp.perf import validate as validation

logger = logging.getLogger(__name__)

IMG = paths.DOCS / "img"


def _stamp(command: str) -> dict:
    import matplotlib

    return {"date": datetime.date.today().isoformat(), "command": command,
            "tools": {"simulator": tool_version("verilator"), "python": platform.python_version(),
                      "matplotlib": matplotlib.__version__}}


def _update(name: str, key: str, value, command: str) -> None:
    path = paths.RESULTS / f"{name}.json"
    data = json.loads(path.read_text()) if path.exists() else {}
    data[key] = {**_stamp(command), "data": value}
    path.write_text(json.dumps(data, indent=1) + "\n")
    logger.info(f"  wrote {path.relative_to(paths.ROOT)} [{key}]")


def validate(which: str = "all") -> None:
    logger.info("model: TLM against the RTL (device API) ...")
    _update("perf_model", "validation", validation.run(which), f"mccp model validate --set {which}")


def fig3(workers: int = 2) -> None:
    logger.info(f"model: Fig. 3 sweep over {workers} process(es) ...")
    res = fig3_study.sweep(workers)
    IMG.mkdir(exist_ok=True)
    names = ["fig3.png", "fig3_ext.png", "fig3_sizes.png", "fig3_split.png", "fig3_split_ccm.png"]
    fig3_study.plot(res, *(IMG / n for n in names))
    logger.info("  wrote " + ", ".join(f"docs/img/{n}" for n in names))
    path = paths.RESULTS / "fig3.json"
    path.write_text(json.dumps({**_stamp(f"mccp model fig3 --workers {workers}"), **res}, indent=1) + "\n")
    logger.info(f"  wrote {path.relative_to(paths.ROOT)}")


def deadlines(workers: int = 2) -> None:
    logger.info("model: sporadic task model, deadline misses per policy ...")
    _update("perf_model", "deadlines", policies.study(workers), f"mccp model deadlines --workers {workers}")


def table2() -> None:
    logger.info("model: Table 2 on the RTL (device API, 1 and 8 cores) ...")
    res = table2_rtl.run()
    path = paths.RESULTS / "table2.json"
    path.write_text(json.dumps({**_stamp("mccp model table2"), **res}, indent=1) + "\n")
    logger.info(f"  wrote {path.relative_to(paths.ROOT)}")


def main(what: str, workers: int = 2, which: str = "all") -> int:
    if what in ("validate", "all"):
        validate(which)
    if what in ("fig3", "all"):
        fig3(workers)
    if what in ("deadlines", "all"):
        deadlines(workers)
    if what in ("table2", "all"):
        table2()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "all"))
