"""The results files of the benchmarks and the performance model, typed, and one loader per file.

results/bench_engines.json, bench_core.json, bench_fabric.json, bench_ccm.json, bench_ecc.json,
bench_ecc_fabric.json, bench_entropy.json, bench_arx.json, bench_pi.json, bench_ugrid.json (`mccp bench`),
perf_model.json, fig3.json and table2.json (`mccp model`).  Each loader returns None when its
file is absent (the docs then leave its sections out) and raises ResultsError, naming the file
and the field, when a field the record declares is missing or of the wrong kind.

TypedDicts, not dataclasses: the files are nested maps whose keys are data (stream width ->
cores -> channels, mode -> key bits -> packet bytes), read by indexing and by iterating over
them in file order; a TypedDict types that JSON as it is, with no conversion to write or keep
in step, and the renderers and their tests go on passing plain dicts.  A TypedDict checks
nothing at run time, so the loader walks the declared fields itself (`_check`).  Optional
fields (a `total=False` class) are the ones older files lack and the renderers test for.
"""

from __future__ import annotations

import functools
import json
import types
from pathlib import Path
from typing import Any, TypedDict, Union, get_args, get_origin, get_type_hints, is_typeddict

from mccp import paths


class ResultsError(ValueError):
    """A results file that does not hold what its record declares."""


# ---- shared -----------------------------------------------------------------------------

class BenchStamp(TypedDict):
    """What `mccp bench` writes into every file (mccp.bench.run.stamp)."""
    date: str
    simulator: str
    command: str


class Tools(TypedDict):
    simulator: str
    python: str


class ModelStamp(TypedDict):
    """What `mccp model` writes beside each result (mccp.perf.main._stamp)."""
    date: str
    command: str
    tools: Tools


class _Run(TypedDict):
    packets: int
    bytes: int
    cycles: int
    bits_per_cycle: float
    steady_bits_per_cycle: float | None     # None: too few packets for a steady state
    latency_median: int


class Run(_Run, total=False):
    """A batch of packets through the device API (mccp.bench.fabric.run_packets); the
    scaling runs add the harness's speed and build time."""
    sim_cycles_per_s: float
    harness_cycles_per_s: float
    sim_seconds: float
    build_seconds: float | None


# ---- results/bench_engines.json ---------------------------------------------------------

class Direction(TypedDict):
    cycles_per_block: float
    latency_cycles: int


class _AesKey(TypedDict):
    key_expansion_cycles: int
    encrypt: Direction


class AesKey(_AesKey, total=False):
    decrypt: Direction          # the encrypt + decrypt build only


class AesBuild(TypedDict):
    blocks: int
    key_sizes: dict[str, AesKey]          # "128", "192", "256"


class Ghash(TypedDict):
    blocks: int
    cycles_per_block: float
    latency_cycles: int


class BenchEngines(BenchStamp):
    aes: dict[str, AesBuild]              # "aes_enc", "aes_encdec"
    ghash: dict[str, Ghash]               # digit bits


# ---- results/bench_core.json ------------------------------------------------------------

class CoreResult(TypedDict):
    cycles: dict[str, int]                # packet bytes -> cycles from task start to result
    cycles_per_block: float
    fixed_cycles: float


class BenchCore(BenchStamp):
    sizes: list[int]
    modes: dict[str, dict[str, CoreResult]]     # mode -> key bits


# ---- results/bench_fabric.json ----------------------------------------------------------

class Affinity(TypedDict):
    on: Run
    off: Run


class _SimSpeed(TypedDict):
    min: float
    max: float


class SimSpeed(_SimSpeed, total=False):
    load_average: list[float]             # 1-minute load average at the start and the end


class Machine(TypedDict):
    cpu: str
    cpus: int


class _BenchFabric(BenchStamp):
    scaling: dict[str, dict[str, dict[str, Run]]]   # stream bits -> cores -> channels
    affinity: Affinity
    sim_speed: SimSpeed


class BenchFabric(_BenchFabric, total=False):
    machine: Machine


# ---- results/bench_ccm.json -------------------------------------------------------------

CcmThroughput = TypedDict("CcmThroughput", {"one core": Run, "split": Run})
CcmLatency = TypedDict("CcmLatency", {"one core": int, "split": int})


class BenchCcm(BenchStamp):
    throughput: dict[str, CcmThroughput]  # cores
    latency: dict[str, CcmLatency]        # packet bytes -> cycles of a lone packet


# ---- results/bench_ecc.json -------------------------------------------------------------

class EcConfig(TypedDict):
    """A named configuration of the EC unit (mccp.ecc.configs): its RTL parameters."""
    MaxM: int
    Digit: int
    DualIssue: int
    Lines: int
    LineWords: int


class EcEntry(TypedDict):
    """One task entry on one curve and configuration, by the ISS: cold = from an empty
    instruction buffer, warm = the same task run again."""
    cold: int
    warm: int
    fetches_cold: int
    fetches_warm: int
    instructions: int


class ClusterRound(TypedDict):
    """All the units started at once: each unit's cycles, line fetches and cycles waiting for the
    port; the last result's cycle and the efficiency E of paper 002's equation (2)."""
    cycles: list[int]
    fetches: list[int]
    waits: list[int]
    last: int
    efficiency: float


class ClusterConfig(TypedDict):
    single: dict[str, int]                              # "cold", "warm" -> one unit alone (ISS = RTL)
    units: dict[str, dict[str, ClusterRound]]           # N -> "cold", "warm"


class EcTable1(TypedDict):
    curve: str
    entry: str
    configs: dict[str, ClusterConfig]                   # configuration name


class BenchEcc(BenchStamp):
    configs: dict[str, EcConfig]
    cycles: dict[str, dict[str, dict[str, EcEntry]]]    # configuration -> curve -> entry
    table1: EcTable1


# ---- results/bench_ecc_fabric.json ------------------------------------------------------

class EcdhSteps(TypedDict):
    """Device.ecdh step by step, cycles as the host sees them (mccp.bench.ecc_fabric)."""
    validate: int
    primitive: int
    primitive_latency: int
    derive: int
    total: int


class MixRow(TypedDict):
    """N EC units running k*G at once, with or without GCM traffic on the AES cores."""
    units: int
    aes: bool
    ops: int
    cycles: int
    ops_per_kcycle: float
    latency_mean: float
    latency_max: int
    aes_bits_per_cycle: float | None
    efficiency: float


class EcMix(TypedDict):
    config: str
    curve: str
    aes_cores: int
    gcm_bytes: int
    t_single: int
    rows: list[MixRow]


class BenchEccFabric(BenchStamp):
    ecdh: dict[str, dict[str, EcdhSteps]]               # configuration -> curve
    mix: EcMix


# ---- results/bench_entropy.json -----------------------------------------------------------

class EntropyConfig(TypedDict):
    cores: int
    ec_config: str
    rings: int
    sample_div: int
    buf_bytes: int
    rct_cutoff: int
    apt_cutoff: int
    cond_blocks: int


class EntropySource(TypedDict):
    samples: int
    cycles: int
    samples_per_cycle: float
    raw_bits_per_seed_bit: int
    restart_to_ready_cycles: int


class GenerateRow(TypedDict):
    bytes: int
    latency: int
    bytes_per_cycle: float


class GenerateStream(TypedDict):
    requests: int
    bytes: int
    cycles: int
    bytes_per_cycle: float


class SeededLatency(TypedDict):
    generate_pr_64: int
    reseed: int
    instantiate: int


class AesKeygen(TypedDict):
    bits: int
    latency: int


class EcKeygen(TypedDict):
    curve: str
    trials: int
    mean: float
    min: int
    max: int
    candidates_mean: float
    public_key_cycles: float


class BenchEntropy(BenchStamp):
    config: EntropyConfig
    source: EntropySource
    generate: list[GenerateRow]
    generate_stream: GenerateStream
    seeded: SeededLatency
    aes_keygen: list[AesKeygen]
    ec_keygen: list[EcKeygen]


# ---- results/bench_arx.json (mccp.bench.arx) -----------------------------------------------

class ArxEntry(TypedDict):
    cycles: dict[str, int]          # message bytes -> cycles, start handshake to result
    block_bytes: int                # the algorithm's block: 64 bytes, BLAKE2b 128
    per_block: float                # cycles per block (the slope)
    fixed: float                    # a one-block message's cycles less one block


class ArxFabricRow(TypedDict):
    elements: int
    packet_bytes: int
    packets: int
    cycles_per_packet: float        # steady state, packets queued back to back
    latency: int                    # one packet alone: first input beat to last output beat


class BenchArx(BenchStamp):
    element: dict[str, ArxEntry]    # firmware entry -> its figures (ISS, equal to the RTL)
    poly_cycles: int                # the Poly1305 unit: cycles per 16-byte block
    fabric: list[ArxFabricRow]


# ---- results/bench_pi.json (mccp.bench.pi_engines) ------------------------------------------

class PiEngine(TypedDict):
    w: int                          # word bits
    lanes: int                      # equations per direction per cycle (1 single, 2 double, 4 quad)
    operations: int                 # operations run back to back
    cycles_per_op: float            # steady state: accepted start to accepted start
    latency: int                    # start handshake to result


class BenchPi(BenchStamp):
    engines: dict[str, PiEngine]    # pi16_single ... pi64_quad (the synthesis units' names)


# ---- results/bench_ugrid.json (mccp.bench.ugrid) ------------------------------------------

class UgridRun(TypedDict):
    rows: int
    cols: int
    topology: str                     # "mesh" (the paper's) or "rings"
    key_bits: int
    blocks_per_run: int
    run_cycles: int                   # first input beat to last output beat, on the RTL
    cycles_per_block: float
    input_cycles: int
    output_cycles: int
    utilisation: float
    busy_by_part: dict[str, int]      # core-cycles per part of AES (I/O, AddRoundKey, ...)
    control_words: int
    key_load_cycles: int


class UgridSlotRun(TypedDict):
    kind: str                         # "ugrid" (the grid slot) or "aes" (an AES core, for scale)
    mode: str                         # "ecb" or "ctr"
    key_bits: int
    blocks: int                       # blocks in the packet
    cycles_per_block: float           # task start to its output's last beat, per block
    key_expansion_cycles: int         # a new key's extra cycles on its first packet


class BenchUgrid(BenchStamp):
    runs: int
    results: list[UgridRun]
    device: list[UgridSlotRun]        # the grid as a slot of mccp_top (Device(ugrids=1))


# ---- results/perf_model.json ------------------------------------------------------------

class Scenario(TypedDict):
    name: str
    cores: int
    stream_bits: int
    packets: int
    rtl_cycles: int
    model_cycles: int
    error: float
    max_latency_error_cycles: int
    same_core: float


class Validation(ModelStamp):
    data: list[Scenario]


class AlphaRow(TypedDict):
    cores: int
    stream_bits: int
    channels: int
    alpha_analytic: float
    alpha_saturated: float
    alpha_sporadic: float
    mbps_analytic: float
    mbps_saturated: float
    mbps_sporadic: float


class DeadlineRow(TypedDict):
    cores: int
    stream_bits: int
    channels: int
    policy: str
    load: float
    jitter: float
    packets: int
    miss_ratio: float
    response_median: int
    response_p99: int
    key_loads: float


class DeadlineStudy(TypedDict):
    payload: int
    sizes: list[int]
    deadline_factor: float
    alpha_table: list[AlphaRow]
    deadlines: list[DeadlineRow]


class Deadlines(ModelStamp):
    data: DeadlineStudy


class PerfModel(TypedDict, total=False):
    """Each study writes its own key (`mccp model validate`, `mccp model deadlines`)."""
    validation: Validation
    deadlines: Deadlines


# ---- results/fig3.json ------------------------------------------------------------------

class AllCcm(TypedDict):
    alpha: float
    latency_median: int


class _Point(TypedDict):
    alpha: float
    ccm_channels: int
    bits_per_cycle: float
    key_loads: float
    mbps_at_190: float


class Point(_Point, total=False):
    """The worst CCM/GCM mix at one number of channels; all_ccm: every channel CCM."""
    all_ccm: AllCcm


class Curve(TypedDict):
    cores: int
    stream_bits: int
    affinity: bool
    paper_cores: bool
    payload: int
    split: bool
    points: dict[str, Point]              # number of channels


class SplitCycles(TypedDict):
    io: int
    mac: int
    key_load: int


class _Fig3(ModelStamp):
    payload: int
    e_cycles: dict[str, int]              # mode -> one 2 KB packet on one core
    clock_mhz: float
    scenarios: int
    curves: dict[str, Curve]


class Fig3(_Fig3, total=False):
    split_cycles: SplitCycles
    packets: int
    workers: int
    seconds: float


# ---- results/table2.json ----------------------------------------------------------------

class Cell(TypedDict):
    latency: int
    bits_per_cycle: float
    burst_latency_median: int
    mbps_at_190: float


class ModelCell(TypedDict):
    latency: int
    bits_per_cycle: float


class Table2Run(TypedDict):
    cores: int
    stream_bits: int
    burst_per_core: int
    modes: dict[str, dict[str, dict[str, Cell]]]        # mode -> key bits -> packet bytes
    model: dict[str, dict[str, dict[str, ModelCell]]]


class PaperTable2(TypedDict):
    clock_mhz: float
    table2: dict[str, dict[str, list[int]]]             # mode -> key bits -> [theoretical, 2 KB]
    eight_cores_mbps: float


class ModelVsRtl(TypedDict):
    cells: int
    max_throughput_error: float
    max_latency_error_cycles: int


class _Table2(ModelStamp):
    paper: PaperTable2
    runs: dict[str, Table2Run]            # cores


class Table2(_Table2, total=False):
    model_vs_rtl: ModelVsRtl


# ---- the loaders ------------------------------------------------------------------------

def load_bench_engines(path: Path | None = None) -> BenchEngines | None:
    return _load(path or paths.RESULTS / "bench_engines.json", BenchEngines)


def load_bench_core(path: Path | None = None) -> BenchCore | None:
    return _load(path or paths.RESULTS / "bench_core.json", BenchCore)


def load_bench_fabric(path: Path | None = None) -> BenchFabric | None:
    return _load(path or paths.RESULTS / "bench_fabric.json", BenchFabric)


def load_bench_ccm(path: Path | None = None) -> BenchCcm | None:
    return _load(path or paths.RESULTS / "bench_ccm.json", BenchCcm)


def load_bench_ecc(path: Path | None = None) -> BenchEcc | None:
    return _load(path or paths.RESULTS / "bench_ecc.json", BenchEcc)


def load_bench_ecc_fabric(path: Path | None = None) -> BenchEccFabric | None:
    return _load(path or paths.RESULTS / "bench_ecc_fabric.json", BenchEccFabric)


def load_bench_entropy(path: Path | None = None) -> BenchEntropy | None:
    return _load(path or paths.RESULTS / "bench_entropy.json", BenchEntropy)


def load_bench_arx(path: Path | None = None) -> BenchArx | None:
    return _load(path or paths.RESULTS / "bench_arx.json", BenchArx)


def load_bench_pi(path: Path | None = None) -> BenchPi | None:
    return _load(path or paths.RESULTS / "bench_pi.json", BenchPi)


def load_bench_ugrid(path: Path | None = None) -> BenchUgrid | None:
    return _load(path or paths.RESULTS / "bench_ugrid.json", BenchUgrid)


def load_perf_model(path: Path | None = None) -> PerfModel | None:
    return _load(path or paths.RESULTS / "perf_model.json", PerfModel)


def load_fig3(path: Path | None = None) -> Fig3 | None:
    return _load(path or paths.RESULTS / "fig3.json", Fig3)


def load_table2(path: Path | None = None) -> Table2 | None:
    return _load(path or paths.RESULTS / "table2.json", Table2)


def _load(path: Path, record: type) -> Any:
    if not path.exists():
        return None
    try:
        data = json.loads(path.read_text())
    except json.JSONDecodeError as e:
        raise ResultsError(f"{_name(path)}: not JSON ({e})") from None
    _check(data, record, (), _name(path))
    return data


def _name(path: Path) -> str:
    return str(path.relative_to(paths.ROOT)) if path.is_relative_to(paths.ROOT) else str(path)


@functools.cache
def _fields(record: type) -> dict[str, Any]:
    return get_type_hints(record)


def _check(value: Any, hint: Any, where: tuple[str, ...], name: str) -> None:
    """Raise ResultsError unless `value` is what `hint` declares (TypedDict, dict[str, X],
    list[X], X | None, or a scalar type; an int passes for a float)."""
    field = ".".join(where)
    if is_typeddict(hint):
        if not isinstance(value, dict):
            raise ResultsError(f"{name}: field {field!r} is {type(value).__name__}, expected an object")
        missing = sorted(hint.__required_keys__ - value.keys())
        if missing:
            raise ResultsError(f"{name}: missing field {'.'.join(where + (missing[0],))!r}"
                               + (f" (and {len(missing) - 1} more there)" if len(missing) > 1 else ""))
        for key, sub in _fields(hint).items():
            if key in value:
                _check(value[key], sub, where + (key,), name)
        return
    origin, args = get_origin(hint), get_args(hint)
    if origin in (Union, types.UnionType):
        if value is None and type(None) in args:
            return
        (hint,) = [a for a in args if a is not type(None)]
        _check(value, hint, where, name)
    elif origin is dict:
        if not isinstance(value, dict):
            raise ResultsError(f"{name}: field {field!r} is {type(value).__name__}, expected an object")
        for key, item in value.items():
            _check(item, args[1], where + (key,), name)
    elif origin is list:
        if not isinstance(value, list):
            raise ResultsError(f"{name}: field {field!r} is {type(value).__name__}, expected a list")
        for i, item in enumerate(value):
            _check(item, args[0], where + (str(i),), name)
    else:
        ok = (int, float) if hint is float else hint
        if not isinstance(value, ok) or (isinstance(value, bool) and hint is not bool):
            raise ResultsError(f"{name}: field {field!r} is {type(value).__name__}, expected {hint.__name__}")
