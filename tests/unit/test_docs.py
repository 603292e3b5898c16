"""Every generated doc table equals what `mccp docs` makes from results/*.json."""

from mccp.report import bench as report_bench
from mccp.report import docs
from mccp.synth.results import records


def test_generated_docs_are_fresh():
    stale = docs.stale()
    assert not stale, f"run `mccp docs` (or `make bench` / `make synth`): stale {[str(p) for p in stale]}"


def test_ten_gbps_line_takes_the_best_8_core_rate_and_the_fastest_routed_top():
    def run(bits):
        return {"steady_bits_per_cycle": bits}
    fab = {"scaling": {"64": {"8": {"1": run(60.0)}, "4": {"1": run(45.0)}},
                       "128": {"8": {"1": run(80.0), "8": run(100.0)}}}}
    line = report_bench.target_line(fab, [(90.0, 4, 64), (95.5, 2, 128)])[-1]
    # 10,000 Mbit/s / 100 bits per cycle = 100 MHz; the 4-core rate is not an 8-core rate
    assert line.startswith("10 Gbps with 8 cores needs 100.0 MHz at their best rate here (100.00 bits / cycle, 128-bit")
    assert "runs at 95.50 MHz (2 cores, 128-bit streams)" in line
    assert "(1 core, 64-bit streams)" in report_bench.target_line(fab, [(99.0, 1, 64)])[-1]
    assert report_bench.target_line({"scaling": {"64": {"4": {"1": run(45.0)}}}}, []) == []


def test_ceiling_line_bounds_8_cores_by_the_aes_engine_rate():
    fab = {"scaling": {"128": {"8": {"1": {"steady_bits_per_cycle": 90.0}}}}}
    lines = report_bench.target_line(fab, [], ceiling=(16.0, [("aes_x", "the engine", 120.5)]))
    # 8 cores x 128 bits / 16 cycles = 64 bits per cycle; 10,000 / 64 = 156.25 MHz
    assert "8 cores give at most 64.00 bits / cycle and 10 Gbps needs at least 156.2 MHz" in lines[-1]
    assert "the engine (`aes_x`) runs at 120.50 MHz" in lines[-1]
    assert len(report_bench.target_line(fab, [])) == len(lines) - 2


def test_speed_table_lists_every_model_by_cores_then_stream_width_and_needs_the_harness_figure():
    def run(end_to_end, inside, build):
        return {"sim_cycles_per_s": end_to_end, "harness_cycles_per_s": inside, "build_seconds": build}
    fab = {"date": "2026-01-01", "machine": {"cpu": "CPU X", "cpus": 2},
           "sim_speed": {"load_average": [0.5, 1.26]},
           "scaling": {"128": {"8": {"1": run(9000.0, 10000.0, 150.4)}, "1": {"1": run(70000.0, 80000.0, None)}},
                       "32": {"8": {"1": run(11000.0, 12000.0, 140.0)}}}}
    lines = report_bench.speed_section(fab)
    assert "on 2 CPUs (CPU X), 1-minute load average 0.5 at the start and 1.3 at the end" in lines[0]
    rows = [r for r in lines if r.startswith("| ") and r[2].isdigit()]
    assert rows == ["| 1 | 128 | — | 70,000 | 80,000 | 80,000 |",
                    "| 8 | 32 | 140 | 11,000 | 12,000 | 96,000 |",
                    "| 8 | 128 | 150 | 9,000 | 10,000 | 80,000 |"]
    del fab["scaling"]["32"]["8"]["1"]["harness_cycles_per_s"]      # results from before the field
    assert report_bench.speed_section(fab) is None


def test_ceiling_takes_the_engine_rate_and_the_slowest_core_kind_of_an_8_core_top(monkeypatch):
    def unit(top, fmax, **params):
        return {"top": top, "parameters": params, "grades": {"8": {"fmax_mhz": fmax}}}
    units = {"aes_enc_rk": unit("mccp_synth_aes_engine", 119.0),
             "core_rk": unit("mccp_synth_core", 112.0, KeyExpand=0),
             "core_enc_rk": unit("mccp_synth_core", 105.0, DecryptEnable=0, KeyExpand=0)}
    monkeypatch.setattr(report_bench, "load_synth", lambda: records({"units": units}))
    eng = {"aes": {"aes_enc": {"key_sizes": {"128": {"encrypt": {"cycles_per_block": 12.0}}}}}}
    cpb, fmax = report_bench.aes_ceiling(eng)
    assert cpb == 12.0
    assert [(name, mhz) for name, _, mhz in fmax] == [("aes_enc_rk", 119.0), ("core_enc_rk", 105.0)]
    assert report_bench.aes_ceiling(None) is None


def test_readme_mode_table_gives_mbps_at_the_cores_own_fmax_beside_the_papers_clock(monkeypatch):
    core = {"modes": {"gcm": {"128": {"cycles_per_block": 11, "fixed_cycles": 56,
                                      "cycles": {"2048": 1464}}}}}
    monkeypatch.setattr(report_bench, "_core_fmax", lambda: 100.0)
    head, _, row = report_bench.readme_rows(core)
    # 16,384 bits in 1,464 cycles: 1,119 Mbps at 100 MHz, 2,126 at the paper's 190 MHz
    assert "@ 100 MHz (core Fmax, speed 8)" in head and "@ 190 MHz (the paper's clock)" in head
    assert row == "| gcm | 11 | 56 | 1119 | 2126 |"
    monkeypatch.setattr(report_bench, "_core_fmax", lambda: None)
    assert report_bench.readme_rows(core)[2] == "| gcm | 11 | 56 | — | 2126 |"


def test_ecc_tables_give_cold_and_warm_cycles_the_reference_rows_and_the_papers_table1():
    from mccp.bench.ecc import efficiency
    from mccp.report import ecc as report_ecc

    # paper 002 (2): N units, one operation each, the last done at cycle T: E = T_EC / T
    assert efficiency(1000, [1000, 1250, 1100]) == 0.8

    entry = {"cold": 1000, "warm": 998, "fetches_cold": 24, "fetches_warm": 22, "instructions": 900}
    same = {**entry, "warm": 1000}

    def rnd(cycles, waits):
        return {"cycles": cycles, "fetches": [24] * len(cycles), "waits": waits, "last": max(cycles),
                "efficiency": efficiency(1000, cycles)}
    b = {"date": "2026-01-01", "configs": {"c": {"MaxM": 163, "Digit": 41, "DualIssue": 0, "Lines": 8, "LineWords": 4}},
         "cycles": {"c": {"K-163": {"ec_mul": entry, "ec_mulg": same, "ec_add": same, "ec_validate": same}}},
         "table1": {"curve": "K-163", "entry": "ec_mulg", "configs": {"c": {
             "single": {"cold": 1000, "warm": 998},
             "units": {"6": {"cold": rnd([1000, 1250], [0, 5]), "warm": rnd([1000, 1000], [0, 0])}}}}}}
    rows = [r for r in report_ecc.cycles_section(b) if r.startswith("| ")]
    assert rows[1] == "| `c` | 163 | 41 | no | K-163 | 1,000 / 998 | 1,000 | 1,000 | 1,000 |"
    assert any("201,661" in r and "4,796" in r for r in rows)
    assert any("ec_sec2" in r and "| K-283 |" in r and "3,430" in r for r in rows)
    t1 = [r for r in report_ecc.table1_section(b) if r.startswith("| 6 ")]
    # the paper's 6-PU row beside ours
    assert t1 == ["| 6 | 1,000 – 1,250 | 80.00 % | 5 | 1,000 | 100.00 % | 0 | 390.5 | 61.67 % |"]
