#!/usr/bin/env bash
# The test suite in two passes, each test in one pass at least (make test runs this after lint):
#   SQLite:     every test but the browser tests (so every test that touches no database runs here, once)
#   PostgreSQL: the tests that touch the database, the browser tests among them, beside a throwaway Redis
# tests/conftest.py marks a test `database` when it reaches the test database (a db fixture, live_server or
# the django_db mark). Both passes share one folder for the run: the demo club is built there once, and each
# pass writes what it selected, which scripts/passes_cover_the_suite.py checks covers every test collected.
# Extra arguments go to both passes (and skip that check): bash scripts/test-passes.sh tests/engine
set -euo pipefail
cd "$(dirname "$0")/.."
TEST_RUN_DIR=$(mktemp -d "${TMPDIR:-/tmp}/euchre-test-run.XXXXXX")
export TEST_RUN_DIR
trap 'rm -rf "$TEST_RUN_DIR"' EXIT
.venv/bin/pytest -n 2 -m "not browser" "$@"
bash scripts/with-postgres.sh bash scripts/with-redis.sh .venv/bin/pytest -n 2 -m "database or browser" "$@"
if [ $# -eq 0 ]; then  # the whole suite: check the passes covered it (extra arguments may leave tests out)
  .venv/bin/python scripts/passes_cover_the_suite.py "$TEST_RUN_DIR"
fi
