"""Load test of a club night: app servers with the production settings over one database (and one Redis, when
CACHE_URL is set), a club of 1,000 complete rubbers, and sixteen tables in play: a phone at each of the 64 seats
polling its table every five seconds, each table reporting a hand from one side and confirming it from the other
every two minutes, the room polled on two screens, and ten members reading standings and players' pages.

Run, as a club night is served (PostgreSQL, Redis, two servers):
    bash scripts/with-postgres.sh bash scripts/with-redis.sh .venv/bin/python bench/night.py
or on SQLite with one server: python bench/night.py --servers 1 [--seconds 240] [--rubbers 1000]

Prints the error count, the app servers' CPU time a request (their processes' own, read from /proc from when
their workers have loaded the site to the load's end), and for each kind of request the median and 95th
percentile response times.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import subprocess
import tempfile
import time
from pathlib import Path

from servers import BIN, ROOT, cpu_seconds, run, wait_for  # bench/ is the script's folder, first on the path

NIGHT = "bench-night"
BUILD = """
import json
from scoring.models import Event, Player
from scoring.reporting.services import working_code
from scoring.services.rubbers import rubber_start
event, made = Event.objects.get_or_create(slug="%(slug)s", defaults={
    "name": "Bench night", "starts_on": "2026-11-25", "is_public": True})
if made:
    players = [Player.objects.get_or_create(display_name=f"Night player {n:02d}")[0] for n in range(1, 65)]
    for t in range(16):
        four = players[4 * t:4 * t + 4]
        rubber_start(event=event, north=four[0], east=four[1], south=four[2], west=four[3], first_dealer="N",
                     table_label=str(t + 1))
tables = []
for rubber in event.rubbers.filter(status="in_progress").order_by("pk")[:16]:
    code = working_code(rubber)
    tables.append({"code": code.code, "players": [rubber.north_id, rubber.east_id, rubber.south_id, rubber.west_id]})
print(json.dumps({"tables": tables, "players": list(Player.objects.values_list("pk", flat=True)[:200])}))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--servers", type=int, default=2)
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers a server")
    parser.add_argument("--seconds", type=int, default=240)
    parser.add_argument("--rubbers", type=int, default=1000, help="complete rubbers in the club's past")
    parser.add_argument("--report-every", type=float, default=120, help="seconds between a table's hands")
    parser.add_argument("--port", type=int, default=8770)
    parser.add_argument("--db", default="/tmp/euchre-night.sqlite3")
    args = parser.parse_args()

    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "euchre_club.settings.production",
           "SECRET_KEY": secrets.token_urlsafe(50), "ALLOWED_HOSTS": "127.0.0.1",
           "DATABASE_URL": os.environ.get("DATABASE_URL", f"sqlite:///{args.db}"),
           # Plain http on loopback, with no TLS proxy in front: cookies cannot be marked Secure.
           "SECURE_SSL_REDIRECT": "False", "SESSION_COOKIE_SECURE": "False", "CSRF_COOKIE_SECURE": "False"}
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    run(env, "migrate", "--noinput")
    run(env, "collectstatic", "--noinput")
    have = int(run(env, "shell", "-c", "from scoring.models import Rubber; "
                   "print(Rubber.objects.filter(event__slug='big-club').count())").strip() or 0)
    if have < args.rubbers:
        run(env, "seed_bulk", "--rubbers", str(args.rubbers - have))
    night = json.loads(run(env, "shell", "-c", BUILD % {"slug": NIGHT}).strip().splitlines()[-1])
    ports = [args.port + n for n in range(args.servers)]
    servers = [subprocess.Popen([str(BIN / "gunicorn"), "euchre_club.wsgi:application", "--bind", f"127.0.0.1:{port}",
                                 "--workers", str(args.workers), "--log-level", "warning"], cwd=ROOT, env=env)
               for port in ports]
    folder = tempfile.TemporaryDirectory(prefix="euchre-night-")  # one a run: two runs side by side never share it
    summary_path = Path(folder.name) / "summary.json"
    users = 64 + 2 + 10
    try:
        for port in ports:
            wait_for(port, 60)
        pids = [server.pid for server in servers]
        before = settled(pids)
        env |= {"NIGHT_SERVERS": ",".join(f"http://127.0.0.1:{port}" for port in ports),
                "NIGHT_TABLES": json.dumps(night["tables"]), "NIGHT_EVENT": NIGHT,
                "NIGHT_PLAYERS": ",".join(str(p) for p in night["players"]),
                "NIGHT_REPORT_EVERY": str(args.report_every), "NIGHT_SUMMARY": str(summary_path)}
        subprocess.run([str(BIN / "locust"), "-f", str(ROOT / "bench" / "night_locust.py"), "--headless",
                        "--users", str(users), "--spawn-rate", str(users), "--run-time", f"{args.seconds}s",
                        "--host", f"http://127.0.0.1:{ports[0]}", "--only-summary", "--loglevel", "WARNING"],
                       cwd=ROOT, env=env, check=False)
        spent = cpu_seconds(pids) - before
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            server.wait(timeout=20)
    summary = json.loads(summary_path.read_text())
    folder.cleanup()
    database = env["DATABASE_URL"].split(":")[0]
    cache = "Redis" if env.get("CACHE_URL", "").startswith("redis") else "each process's memory"
    print(f"\n{users} users over {args.servers} server(s) of {args.workers} workers, {summary['seconds']} s, "
          f"{database}, cache in {cache}")
    print(f"requests {summary['requests']}, errors {summary['failures']}")
    if summary["requests"]:
        print(f"app CPU {1000 * spent / summary['requests']:.1f} ms a request ({spent:.1f} s of the servers' "
              f"processes over {summary['requests']} requests)")
    for name, figures in summary["groups"].items():
        print(f"  {name:16} n={figures['count']:6}  median {figures['median_ms']:7.1f} ms  "
              f"p95 {figures['p95_ms']:7.1f} ms")
    for error, count in summary["errors"].items():
        print(f"  error x{count}: {error}")


def settled(pids: list[int], most: float = 60) -> float:
    """The servers' CPU seconds once their workers have loaded the site (gunicorn answers before all of them have,
    and a worker loading would count against the night): read when a second passes with next to none spent."""
    deadline, spent = time.monotonic() + most, cpu_seconds(pids)
    while time.monotonic() < deadline:
        time.sleep(1)
        now = cpu_seconds(pids)
        if now - spent < 0.05:
            return now
        spent = now
    return spent


if __name__ == "__main__":
    main()
