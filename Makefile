# MCCP top-level flow.  Every target creates .venv and installs the pinned
# dependencies (requirements.lock) from PyPI on first use.

PYTHON      ?= python3
VENV        := .venv
VPY         := $(VENV)/bin/python
MCCP        := $(VENV)/bin/mccp
STAMP       := $(VENV)/.installed
JOBS        ?= 2

.PHONY: all venv demo test test-long lint synth bench docs clean distclean

all: test

$(STAMP): requirements.lock pyproject.toml
	test -x $(VPY) || $(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install --quiet --upgrade pip
	$(VPY) -m pip install --quiet -r requirements.lock
	$(VPY) -m pip install --quiet --no-deps -e .
	touch $@

venv: $(STAMP)

## The main job: run the engines end to end and print the figures.
demo: $(STAMP)
	$(MCCP) demo

## The whole test suite (lint included); under 30 minutes on 2 cores.
test: $(STAMP) lint
	$(VPY) -m pytest -n $(JOBS) -m "not long" --durations=25 tests

## Longer sweeps, not part of CI.
test-long: $(STAMP)
	$(VPY) -m pytest -n $(JOBS) -m long tests

## verilator --lint-only -Wall on every RTL file, and Yosys reads them all.
lint: $(STAMP)
	$(MCCP) lint

## Yosys synth_ecp5 + nextpnr-ecp5 (LFE5UM-85F, speed 6 and 8); writes results/synth.json and the docs tables.
synth: $(STAMP)
	$(MCCP) synth

## Cycle-count benchmarks; write results/*.json and the docs tables.
bench: $(STAMP)
	$(MCCP) bench

## Regenerate docs tables from the committed JSON results.
docs: $(STAMP)
	$(MCCP) docs

clean:
	rm -rf build .pytest_cache

distclean: clean
	rm -rf $(VENV)
