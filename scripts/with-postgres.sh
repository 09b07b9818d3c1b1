#!/usr/bin/env bash
# Run a command against a throwaway PostgreSQL cluster on loopback, then remove the cluster.
#   bash scripts/with-postgres.sh .venv/bin/pytest -n 2
# The command sees DATABASE_URL pointing at the cluster; its role may create the test databases.
set -euo pipefail
PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
if [ -z "$PG_BIN" ]; then
  echo "PostgreSQL server not installed (scripts/install-system-packages.sh installs it as root)." >&2
  exit 1
fi
# A free port unless PG_PORT names one: two runs side by side each get their own.
PORT=${PG_PORT:-$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}
DIR=$(mktemp -d /tmp/euchre-pg.XXXXXX)
chmod 755 "$DIR"
as_postgres() {
  if [ "$(id -u)" -eq 0 ]; then su postgres -c "$*"; else bash -c "$*"; fi
}
if [ "$(id -u)" -eq 0 ]; then chown postgres:postgres "$DIR"; fi
stop() {
  as_postgres "$PG_BIN/pg_ctl -D $DIR/data -m fast -w stop" >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap stop EXIT
# Trust on loopback: the cluster holds only test data and lives as long as the command. A password exchange
# (SCRAM) would cost each new connection, and the live server makes one a request, twice the time.
as_postgres "$PG_BIN/initdb -D $DIR/data -U postgres -E UTF8 --locale=C.UTF-8 --auth-local=trust --auth-host=trust" >/dev/null
as_postgres "$PG_BIN/pg_ctl -D $DIR/data -l $DIR/server.log -w -o \"-c listen_addresses=127.0.0.1 -p $PORT -k $DIR -c fsync=off\" start" >/dev/null
as_postgres "psql -q -h $DIR -p $PORT -U postgres -c \"CREATE ROLE euchre LOGIN CREATEDB PASSWORD 'euchre'\" -c 'CREATE DATABASE euchre OWNER euchre'"
export DATABASE_URL="postgres://euchre:euchre@127.0.0.1:$PORT/euchre"
echo "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT"
"$@"
