#!/usr/bin/env bash
# Runs every benchmark script once at a tiny size, on throwaway SQLite files, so none can rot
# unseen. The figures printed here mean nothing; the full-size runs are in docs/development.md.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
free_port() {  # the servers' ports, free ones, so that two runs side by side never meet
  $PY -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
# One migrated database, copied to each script's path: each script's own migrate then finds nothing to do. The
# scripts that play on the demo club get a copy with it built, and their own seed_demo finds it there.
DATABASE_URL="sqlite:///$tmp/migrated.sqlite3" $PY manage.py migrate --noinput --verbosity 0
for db in standings backup sheets night euchre-growth-30 demo seasons; do
  cp "$tmp/migrated.sqlite3" "$tmp/$db.sqlite3"
done
# The scripts in two halves side by side, one a core: most of them run on one core, and the load scripts wait on
# their servers. Each half's output is kept apart and printed once both are done.
first() {
  env -u DATABASE_URL $PY bench/engine.py --rubbers 200 --repeat 1
  env -u DATABASE_URL $PY bench/schedules.py --low 8 --high 10 --runs 1
  env -u DATABASE_URL $PY bench/standings.py --rubbers 40 --runs 1 --db "$tmp/standings.sqlite3"
  env -u DATABASE_URL $PY bench/backup.py --rubbers 20 --runs 1 --db "$tmp/backup.sqlite3"
  env -u DATABASE_URL $PY bench/sheets.py --runs 1 --players 12 --rubbers 20 --db "$tmp/sheets.sqlite3"
  env -u DATABASE_URL $PY bench/growth.py --sizes 30 --runs 1 --dir "$tmp"
  env -u DATABASE_URL $PY bench/seasons.py --nights 3 --players 8 --runs 1 --db "$tmp/seasons.sqlite3"
}
second() {  # the scripts that play on the demo club, which this half builds first
  DATABASE_URL="sqlite:///$tmp/demo.sqlite3" $PY manage.py seed_demo >/dev/null
  for db in hand-save table-reporting load; do
    cp "$tmp/demo.sqlite3" "$tmp/$db.sqlite3"
  done
  env -u DATABASE_URL $PY bench/hand_save.py --rubbers 1 --db "$tmp/hand-save.sqlite3"
  env -u DATABASE_URL $PY bench/table_reporting.py --rubbers 1 --db "$tmp/table-reporting.sqlite3"
  env -u DATABASE_URL $PY bench/load.py --users 2 --seconds 8 --workers 1 --rubbers 20 --db "$tmp/load.sqlite3" \
    --port "$(free_port)"
  env -u DATABASE_URL -u CACHE_URL $PY bench/load.py --night --servers 1 --workers 1 --seconds 5 --rubbers 20 --report-every 2 \
    --db "$tmp/night.sqlite3" --port "$(free_port)"
}
first > "$tmp/first.txt" 2>&1 &
one=$!
second > "$tmp/second.txt" 2>&1 &
two=$!
status=0
wait "$one" || status=1
wait "$two" || status=1
cat "$tmp/first.txt" "$tmp/second.txt"
if [ "$status" -ne 0 ]; then
  echo "bench smoke: a benchmark script failed" >&2
  exit 1
fi
echo "bench smoke: every benchmark script ran"
