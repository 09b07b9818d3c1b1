#!/usr/bin/env bash
# One pass of the suite on the database DATABASE_URL names (SQLite when unset): the test database's migrations
# are applied once, to a template, which each pytest worker copies (tests/conftest.py), then pytest runs with
# the arguments given. On PostgreSQL the template is DATABASE_URL's own database; on SQLite, a file in
# TEST_RUN_DIR.
#   bash scripts/with-postgres.sh bash scripts/pytest-pass.sh -n 2 tests/services
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ "${DATABASE_URL:-}" == postgres* ]]; then
  .venv/bin/python manage.py migrate --noinput --verbosity 0
  TEST_DB_TEMPLATE=${DATABASE_URL##*/}
else
  TEST_DB_TEMPLATE="${TEST_RUN_DIR:-$(mktemp -d)}/migrated.sqlite3"
  DATABASE_URL="sqlite:///$TEST_DB_TEMPLATE" .venv/bin/python manage.py migrate --noinput --verbosity 0
fi
export TEST_DB_TEMPLATE
exec .venv/bin/pytest "$@"
