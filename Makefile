# Every target sets up what it needs: a .venv with the pinned dependencies.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
export NO_MKDOCS_2_WARNING := 1
export DISABLE_MKDOCS_2_WARNING := true
# Python keeps its compiled files (and pytest its rewritten test modules) between runs, even where
# the environment says otherwise: recompiling every test module costs each test process seconds.
unexport PYTHONDONTWRITEBYTECODE
# The site generator: mkdocs (the default) or properdocs, its maintained continuation (README).
GENERATOR ?= mkdocs
# Reproducible builds: date the sitemaps by the last commit, not by the clock (README.md).
SOURCE_DATE_EPOCH ?= $(shell git log -1 --format=%ct 2>/dev/null)
ifneq ($(SOURCE_DATE_EPOCH),)
export SOURCE_DATE_EPOCH
endif

.PHONY: serve site build pdf test lint typecheck unit check clean fuzz mutate mutate-sample

$(STAMP): pyproject.toml requirements.lock
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -c requirements.lock -e '.[dev]'
	@touch $(STAMP)

serve: $(STAMP)
	$(BIN)/$(GENERATOR) serve --dev-addr 127.0.0.1:8000  # at /, or under the path of SITE_URL when it is set

# The site as it is published: the strict build, then the PDFs its print pages link to.
site: build
	$(BIN)/python -m rulecheck.hosts.pdf site

build: $(STAMP)
	$(BIN)/$(GENERATOR) build --strict --clean

check: $(STAMP)
	$(BIN)/rulecheck check docs

lint: $(STAMP)
	$(BIN)/ruff check .

typecheck: $(STAMP)
	$(BIN)/mypy

# The tests run on every core (pytest-xdist); PYTEST_ARGS narrows a run, e.g. PYTEST_ARGS='tests/engine -n0'.
# The fast tests run once, in a fresh clone of the tree with nothing beside it (--fast-in-clone,
# tests/site/fresh_clone.py), while the builds and browsers run here.
PYTEST_ARGS ?=
unit: $(STAMP)
	@rm -f .coverage .coverage.*
	$(BIN)/coverage run -m pytest -n auto --dist loadgroup --fast-in-clone --durations=25 $(PYTEST_ARGS)
	@$(BIN)/coverage combine -q
	$(BIN)/coverage report --fail-under=85

test: lint typecheck unit build
	@echo "make test: all checks passed"

# The long runs of every property test (ten times the examples of `make test`, freshly drawn) and
# of the fuzzers of the Markdown finder, the YAML/schema layer, the engine and examples drawn from
# the published JSON Schema (minutes).
fuzz: $(STAMP)
	RULECHECK_FUZZ=long $(BIN)/pytest -p no:cacheprovider -q -n auto --timeout=0 -m "not build and not browser" tests

# Mutation testing of rulecheck/engine with mutmut (configuration in pyproject.toml; bench/README.md,
# "Mutation testing"). Not part of `make test`: it runs the fast engine tests once per mutant.
# MUTANTS narrows the run to some mutants, e.g. MUTANTS='rulecheck.engine.odds.*'; JOBS sets the
# parallel test processes. Results stay in mutants/ (`.venv/bin/mutmut results`, `mutmut show NAME`).
MUTANTS ?=
JOBS ?= 2
mutate: $(STAMP)
	rm -rf mutants
	set -o pipefail; $(BIN)/mutmut run --max-children $(JOBS) $(MUTANTS) | tail -n 3
	$(BIN)/python bench/mutation_score.py

# The same on a uniform random sample of SAMPLE mutants of the whole engine (fixed SEED): an
# estimate of the whole run's score, with its margin, in minutes instead of hours.
SAMPLE ?= 300
SEED ?= 2026
mutate-sample: $(STAMP)
	rm -rf mutants
	$(BIN)/mutmut run 'no-mutant-matches-this' >/dev/null 2>&1 || test -d mutants
	$(BIN)/python bench/mutation_sample.py $(SAMPLE) $(SEED) > mutants/sample.txt
	set -o pipefail; $(BIN)/mutmut run --max-children $(JOBS) $$(cat mutants/sample.txt) | tail -n 3
	$(BIN)/python bench/mutation_score.py

clean:
	rm -rf site mutants .pytest_cache .mypy_cache .ruff_cache .coverage

# What the site and its tests need besides Python: Node.js and npm (Debian packages) for the npm
# packages pinned in package-lock.json, installed by `npm ci` from the npm registry: iframe-worker
# (the site ships a copy of its shim: a test compares the two) and workbox-build (the build
# generates the offline service workers with it); `unshare` (util-linux) to build the site in a
# network namespace, and Debian's Chromium for the browser tests. CI runs as root; elsewhere sudo.
NODE_STAMP := node_modules/.installed
CHROMIUM := /usr/bin/chromium
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT_INSTALL := $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -q

$(NODE_STAMP): package.json package-lock.json
	@command -v npm >/dev/null || { $(SUDO) apt-get update -q && $(APT_INSTALL) nodejs npm; }
	npm ci --no-audit --no-fund
	@touch $(NODE_STAMP)

$(CHROMIUM):
	$(SUDO) apt-get update -q && $(APT_INSTALL) chromium

.PHONY: unshare
unshare:
	@command -v unshare >/dev/null || { $(SUDO) apt-get update -q && $(APT_INSTALL) util-linux; }

unit: $(NODE_STAMP) $(CHROMIUM) unshare
build: $(NODE_STAMP)  # the service workers are generated with workbox-build (mkdocs serve makes none)

# The print edition and the GM's quick reference of each language, as PDFs beside the pages.
site: $(CHROMIUM)
pdf: site
