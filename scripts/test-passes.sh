#!/usr/bin/env bash
# The test suite in two passes, each test in one pass at least (make test runs this after lint):
#   SQLite:     every test but the browser tests: every test that touches no database, and every database test
#   PostgreSQL: the browser tests, beside a throwaway Redis, and the database tests marked `postgres`, where the
#               two databases differ (locks and races, constraints, NUL and numbers past a column, restored
#               sequences), which so run on both
# tests/conftest.py marks a test `database` when it reaches the test database (a db fixture, live_server or
# the django_db mark). Both passes share one folder for the run: the demo club is built there once, and each
# pass writes what it selected, which scripts/passes_cover_the_suite.py checks covers every test collected.
# Each pass migrates its test database once and its workers copy it (scripts/pytest-pass.sh).
# The engine's scorer runs compiled (scoring/engine/compiled.py; `make setup` builds it where the machine has a C
# compiler and Python's headers, else as pure Python) in the SQLite pass and as pure Python in the PostgreSQL pass,
# which so runs the engine's tests that reach the scorer (marked `engine`) too. Each pass ends saying which it ran.
# The browser tests wait on the browser and the live server as much as they work, so their pass runs more
# processes than the machine has cores (BROWSER_WORKERS, 5 unless set).
# Extra arguments go to both passes (and skip that check): bash scripts/test-passes.sh tests/engine
set -euo pipefail
cd "$(dirname "$0")/.."
TEST_RUN_DIR=$(mktemp -d "${TMPDIR:-/tmp}/euchre-test-run.XXXXXX")
export TEST_RUN_DIR
trap 'rm -rf "$TEST_RUN_DIR"' EXIT
bash scripts/pytest-pass.sh -n 2 -m "not browser" "$@"
# With BENCH_SMOKE=1 (make test), the benchmark scripts' smoke run goes beside the PostgreSQL pass, whose browser
# tests leave a core partly idle while they wait; its output is printed after the pass.
bench=""
if [ "${BENCH_SMOKE:-}" = 1 ]; then
  bash scripts/bench-smoke.sh > "$TEST_RUN_DIR/bench-smoke.txt" 2>&1 &
  bench=$!
fi
status=0
EUCHRE_PURE_ENGINE=1 bash scripts/with-postgres.sh bash scripts/with-redis.sh bash scripts/pytest-pass.sh \
  -n "${BROWSER_WORKERS:-5}" -m "browser or postgres or engine" "$@" || status=$?
if [ -n "$bench" ]; then
  wait "$bench" || status=1
  cat "$TEST_RUN_DIR/bench-smoke.txt"
fi
[ "$status" -eq 0 ] || exit "$status"
if [ $# -eq 0 ]; then  # the whole suite: check the passes covered it (extra arguments may leave tests out)
  .venv/bin/python scripts/passes_cover_the_suite.py "$TEST_RUN_DIR"
fi
