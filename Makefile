# Two entry points: `make play` (set up, then a game of Estro against the MCTS agent)
# and `make test` (set up, then the whole test suite). Both create .venv on first use.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cksum pyproject.toml | cut -d' ' -f1)

.PHONY: setup play test lint bench

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev,native]'
	rm -f $(VENV)/.installed-*
	touch $(STAMP)

setup: $(STAMP)
	$(BIN)/python tools/build_native.py

play: setup
	$(BIN)/tavolo play estro --seats human,mcts

lint: setup
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests
	$(BIN)/mypy

test: lint
	$(BIN)/pytest -n 2 -p no:cacheprovider

bench: setup
	$(BIN)/tavolo bench
