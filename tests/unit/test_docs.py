"""Every generated doc table equals what `mccp docs` makes from results/*.json."""

from mccp import docs


def test_generated_docs_are_fresh():
    stale = docs.stale()
    assert not stale, f"run `mccp docs` (or `make bench` / `make synth`): stale {[str(p) for p in stale]}"


def test_ten_gbps_line_takes_the_best_8_core_rate_and_the_fastest_routed_top():
    from mccp.bench.fabric import target_line

    def run(bits):
        return {"steady_bits_per_cycle": bits}
    fab = {"scaling": {"64": {"8": {"1": run(60.0)}, "4": {"1": run(45.0)}},
                       "128": {"8": {"1": run(80.0), "8": run(100.0)}}}}
    line = target_line(fab, [(90.0, 4, 64), (95.5, 2, 128)])[-1]
    # 10,000 Mbit/s / 100 bits per cycle = 100 MHz; the 4-core rate is not an 8-core rate
    assert line.startswith("10 Gbps with 8 cores needs 100.0 MHz at their best rate here (100.00 bits / cycle, 128-bit")
    assert "runs at 95.50 MHz (2 cores, 128-bit streams)" in line
    assert "(1 core, 64-bit streams)" in target_line(fab, [(99.0, 1, 64)])[-1]
    assert target_line({"scaling": {"64": {"4": {"1": run(45.0)}}}}, []) == []
