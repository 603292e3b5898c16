"""Every generated doc table equals what `mccp docs` makes from results/*.json."""

from mccp import docs


def test_generated_docs_are_fresh():
    stale = docs.stale()
    assert not stale, f"run `mccp docs` (or `make bench` / `make synth`): stale {[str(p) for p in stale]}"
