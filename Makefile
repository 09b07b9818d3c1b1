# Two commands for a fresh machine:
#   make run   install everything, build a demo club on SQLite, serve it on 127.0.0.1:8000 (PORT=8123 for another)
#   make test  install everything (Chromium, poppler and PostgreSQL too, where root), run every test:
#              all but the browser tests on SQLite, then the database and browser tests on a throwaway
#              PostgreSQL cluster on loopback (scripts/test-passes.sh)
VENV   := .venv
PY     := $(VENV)/bin/python
PIP    := $(VENV)/bin/pip
STAMP  := $(VENV)/.installed
# The scorer compiled by mypyc (scoring/engine/compiled.py), rebuilt when an engine source changes; without a C
# compiler or Python's headers the step says the scorer runs as pure Python, and set-up goes on
ENGINE := build/engine/sources.json
PORT   ?= 8000

.PHONY: run test setup system-packages lint static bench bench-smoke clean

$(STAMP): requirements.txt requirements-dev.txt package.json package-lock.json
	test -x $(PY) || python3 -m venv $(VENV)
	$(PIP) install --quiet --disable-pip-version-check -r requirements-dev.txt
	npm ci --no-audit --no-fund --loglevel=error
	touch $(STAMP)

$(ENGINE): $(STAMP) $(shell find scoring/engine -name '*.py')
	$(PY) scripts/compile_engine.py

setup: $(STAMP) $(ENGINE)

system-packages:
	bash scripts/install-system-packages.sh

run: setup
	$(PY) manage.py migrate --noinput
	$(PY) manage.py seed_demo --address http://127.0.0.1:$(PORT)/
	@echo "Serving the demo club at http://127.0.0.1:$(PORT)/ (Ctrl-C stops it)"
	$(PY) manage.py runserver 127.0.0.1:$(PORT)

# The two mypy runs side by side, each with its own cache (one core each)
lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy --strict --cache-dir .mypy_cache/strict scoring/engine scoring/services scoring/models & \
	  strict=$$!; $(VENV)/bin/mypy scoring euchre_club || status=1; wait $$strict || status=1; exit $${status:-0}

static: $(STAMP)
	$(PY) manage.py collectstatic --noinput --verbosity 0

# Lint, the static files and the compiled scorer side by side: each runs on one core
test: $(STAMP) system-packages
	$(MAKE) --no-print-directory -j2 lint static $(ENGINE)
	BENCH_SMOKE=1 bash scripts/test-passes.sh $(PYTEST_ARGS)

bench: setup
	$(PY) bench/engine.py

bench-smoke: setup
	bash scripts/bench-smoke.sh

clean:
	rm -rf $(VENV) node_modules staticfiles build
