#!/usr/bin/env bash
# Run a command beside a throwaway Redis on loopback, then remove it.
#   bash scripts/with-redis.sh .venv/bin/pytest tests/deploy
# The command sees CACHE_URL pointing at it. The test suite's own processes keep their own memory cache
# (euchre_club/settings/test.py); the test of two servers gives CACHE_URL to the servers it starts.
set -euo pipefail
if ! command -v redis-server >/dev/null 2>&1; then
  echo "redis-server not installed (scripts/install-system-packages.sh installs it as root)." >&2
  exit 1
fi
# A free port unless REDIS_PORT names one: two runs side by side each get their own.
PORT=${REDIS_PORT:-$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}
DIR=$(mktemp -d /tmp/euchre-redis.XXXXXX)
stop() {
  if [ -f "$DIR/redis.pid" ]; then kill "$(cat "$DIR/redis.pid")" 2>/dev/null || true; fi
  sleep 0.2
  rm -rf "$DIR"
}
trap stop EXIT
redis-server --port "$PORT" --bind 127.0.0.1 --dir "$DIR" --save "" --appendonly no --daemonize yes \
  --pidfile "$DIR/redis.pid" --logfile "$DIR/redis.log" >/dev/null
for _ in $(seq 50); do
  redis-cli -p "$PORT" ping >/dev/null 2>&1 && break
  sleep 0.1
done
export CACHE_URL="redis://127.0.0.1:$PORT/0"
echo "Redis $(redis-server --version | awk '{print $3}' | cut -d= -f2) on 127.0.0.1:$PORT"
"$@"
