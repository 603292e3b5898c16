"""The loaders of mccp.bench.results: the committed results load, and a file that lacks a
field its record declares is refused with an error that names the file and the field."""

import json

import pytest

from mccp import paths
from mccp.bench import results

# loader, file, a required field deep inside it (keys from the top, as the error names them)
CASES = [
    (results.load_bench_engines, "bench_engines.json", ("aes", "aes_encdec", "key_sizes", "192", "key_expansion_cycles")),
    (results.load_bench_core, "bench_core.json", ("modes", "gcm", "128", "fixed_cycles")),
    (results.load_bench_fabric, "bench_fabric.json", ("scaling", "128", "8", "1", "steady_bits_per_cycle")),
    (results.load_bench_ccm, "bench_ccm.json", ("latency", "2048", "split")),
    (results.load_bench_ecc, "bench_ecc.json", ("table1", "configs", "compact163", "units", "6", "warm", "efficiency")),
    (results.load_perf_model, "perf_model.json", ("validation", "data", "3", "model_cycles")),
    (results.load_fig3, "fig3.json", ("curves", "8c/128b", "points", "8", "alpha")),
    (results.load_table2, "table2.json", ("runs", "8", "modes", "gcm", "128", "2048", "bits_per_cycle")),
]


@pytest.mark.parametrize("load,name,field", CASES, ids=[c[1] for c in CASES])
def test_committed_results_load(load, name, field):
    data = load()
    assert data is not None, f"results/{name} is committed"
    for key in field[:-1]:
        data = data[int(key)] if isinstance(data, list) else data[key]
    assert field[-1] in data


@pytest.mark.parametrize("load,name,field", CASES, ids=[c[1] for c in CASES])
def test_loader_refuses_a_missing_field_naming_the_file(load, name, field, tmp_path):
    data = json.loads((paths.RESULTS / name).read_text())
    node = data
    for key in field[:-1]:
        node = node[int(key)] if isinstance(node, list) else node[key]
    del node[field[-1]]
    path = tmp_path / name
    path.write_text(json.dumps(data))
    with pytest.raises(results.ResultsError) as err:
        load(path)
    assert str(err.value) == f"{path}: missing field {'.'.join(field)!r}"


def test_loader_refuses_a_field_of_the_wrong_kind_and_bad_json(tmp_path):
    data = json.loads((paths.RESULTS / "bench_core.json").read_text())
    data["modes"]["ccm"]["256"]["cycles"]["2048"] = "3910"
    path = tmp_path / "bench_core.json"
    path.write_text(json.dumps(data))
    with pytest.raises(results.ResultsError, match=r"bench_core.json: field 'modes.ccm.256.cycles.2048' is str, "
                                                   "expected int"):
        results.load_bench_core(path)
    path.write_text("{")
    with pytest.raises(results.ResultsError, match=r"bench_core.json: not JSON"):
        results.load_bench_core(path)


def test_optional_fields_may_be_absent_and_an_absent_file_is_none(tmp_path):
    data = json.loads((paths.RESULTS / "bench_fabric.json").read_text())
    del data["machine"], data["sim_speed"]["load_average"], data["scaling"]["32"]["1"]["1"]["harness_cycles_per_s"]
    data["scaling"]["32"]["1"]["8"]["steady_bits_per_cycle"] = None
    path = tmp_path / "bench_fabric.json"
    path.write_text(json.dumps(data))
    assert results.load_bench_fabric(path) == data
    assert results.load_table2(tmp_path / "table2.json") is None
